// JPS through wasm against the native CLI on the same problems (section 4 of run.mjs, JPS only,
// every Moving AI map): node tests/bench/js/jps-wasm-native.mjs [--problems 200] [--rounds 3]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import {
  loadMap,
  loadScenario,
  mapNames,
  matchesOptimal,
  movingaiDir,
  repoRoot,
} from '../../js/support/movingai.mjs';
import { median, positiveInteger } from './common.mjs';
import { micros } from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    problems: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const target = positiveInteger('--problems', args.problems);
const rounds = positiveInteger('--rounds', args.rounds);
const cli = join(repoRoot, 'build', 'native', 'tilepath-scen');
const tp = await createPathfinder();
const native = (name, stride) => {
  const r = spawnSync(
    cli,
    [join(movingaiDir, name), join(movingaiDir, `${name}.scen`), '--stride', String(stride)].concat(
      ['--algorithm', 'jps', '--json'],
    ),
    { encoding: 'utf8' },
  );
  const line = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`tilepath-scen failed on ${name}`);
  return JSON.parse(line);
};
console.log('map                 native us   wasm us   wasm/native (median of rounds)');
const ratios = [];
for (const name of mapNames()) {
  const map = loadMap(name);
  const all = loadScenario(name);
  const stride = Math.max(1, Math.floor(all.length / target));
  const problems = [];
  for (let k = 0; k < all.length; k += stride) problems.push(all[k]);
  const grid = tp.createGrid(map.width, map.height, map.cells);
  const options = { diagonal: 'noCorners', algorithm: 'jps' };
  const wasmPass = () => {
    const times = [];
    for (const p of problems) {
      const t0 = micros();
      const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
      times.push(micros() - t0);
      if (!matchesOptimal(r.cost, p)) throw new Error(`${name}: wasm JPS not optimal`);
    }
    return median(times);
  };
  wasmPass();
  const perRound = [];
  for (let k = 0; k < rounds; k++) {
    const first = k % 2 === 0;
    const n = first ? native(name, stride) : null;
    const w = wasmPass();
    const n2 = n || native(name, stride);
    if (n2.mismatches) throw new Error(`${name}: native JPS not optimal`);
    perRound.push({ n: n2.medianMicros, w });
  }
  const nm = median(perRound.map((r) => r.n));
  const wm = median(perRound.map((r) => r.w));
  const ratio = median(perRound.map((r) => r.w / r.n));
  ratios.push(ratio);
  console.log(
    `${name.padEnd(20)}${nm.toFixed(2).padStart(9)} ${wm.toFixed(2).padStart(9)} ${ratio.toFixed(2).padStart(9)}`,
  );
  grid.dispose?.();
}
console.log(`median over the maps: ${median(ratios).toFixed(2)}`);
