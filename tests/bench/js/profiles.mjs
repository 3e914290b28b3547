// What movement profiles cost a query (docs/profiles.md). Not a test: it prints medians and p99
// over Moving AI problems, each timed side by side in every setting, in a shuffled order:
//   plain     a grid without profiles
//   7 idle    the same grid with 7 more profiles defined, never queried
//   7 in use  7 more profiles, each queried once (each keeps its copy of the cells, current
//             under edits)
//   profile   a query with `profile: 'twin'` (a profile with the default's table) on that grid
// Each problem runs `--repeat` times per setting; the ratios are medians of per-problem ratios.
//   node tests/bench/js/profiles.mjs [--map brc202d.map] [--problems 300] [--repeat 5]
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { loadMap, loadScenario } from '../../js/support/movingai.mjs';
import { median, positiveInteger } from './common.mjs';
import { random } from '../../e2e/pages/worker-maps.js';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string', default: 'brc202d.map' },
    problems: { type: 'string', default: '300' },
    repeat: { type: 'string', default: '5' },
  },
});
const problemCount = positiveInteger('--problems', args.problems);
const repeat = positiveInteger('--repeat', args.repeat);
const tilepath = await createPathfinder();
const map = loadMap(args.map);
const all = loadScenario(args.map);
const stride = Math.max(1, Math.floor(all.length / problemCount));
const problems = all.filter((_, k) => k % stride === 0).slice(0, problemCount);

const make = () => tilepath.createGrid(map.width, map.height, map.cells);
const plain = make();
const idle = make();
const inUse = make();
for (let k = 1; k <= 7; k++) {
  const name = k === 7 ? 'twin' : `p${k}`;
  idle.setProfile(name, { 0: 1 });
  inUse.setProfile(name, { 0: 1 });
  inUse.findPath(0, 0, 0, 0, { profile: name }); // in use: its copy of the cells is made
}
const options = { diagonal: 'noCorners' };
const twin = { diagonal: 'noCorners', profile: 'twin' };
const settings = {
  plain: (p) => plain.findPath(p.startX, p.startY, p.goalX, p.goalY, options),
  '7 idle': (p) => idle.findPath(p.startX, p.startY, p.goalX, p.goalY, options),
  '7 in use': (p) => inUse.findPath(p.startX, p.startY, p.goalX, p.goalY, options),
  profile: (p) => inUse.findPath(p.startX, p.startY, p.goalX, p.goalY, twin),
};
const names = Object.keys(settings);
const times = Object.fromEntries(names.map((name) => [name, []]));
const next = random(5);
for (const p of problems) {
  const order = [...names].sort(() => next() - 0.5);
  const costs = new Set();
  for (const name of order) {
    const started = process.hrtime.bigint();
    let result;
    for (let r = 0; r < repeat; r++) result = settings[name](p);
    times[name].push(Number(process.hrtime.bigint() - started) / 1e3 / repeat);
    costs.add(result.cost.toFixed(6));
  }
  if (costs.size !== 1)
    throw new Error(`problem ${p.startX},${p.startY} -> ${p.goalX},${p.goalY}: costs differ`);
}
const p99 = (values) => Float64Array.from(values).sort()[Math.floor(0.99 * (values.length - 1))];
const ratio = (name) => median(times[name].map((t, k) => t / times.plain[k]));
console.log(`${args.map}, ${problems.length} problems x ${repeat}, A* noCorners (µs per query):`);
for (const name of names) {
  const extra = name === 'plain' ? '' : `  ratio to plain ${ratio(name).toFixed(3)}`;
  console.log(
    `${name.padEnd(9)} median ${median(times[name]).toFixed(1)}  p99 ${p99(times[name]).toFixed(1)}${extra}`,
  );
}
// An edit reaches every profile in use: what a cell edit costs with 0 and 7 in use (rounds
// alternated, medians).
const editTimes = { plain: [], '7 in use': [] };
for (let round = 0; round < 10; round++) {
  for (const [name, grid] of [
    ['plain', plain],
    ['7 in use', inUse],
  ]) {
    const started = process.hrtime.bigint();
    for (let k = 0; k < 20000; k++) grid.setCell(k % map.width, 1, k & 1);
    editTimes[name].push(Number(process.hrtime.bigint() - started) / 1e3 / 20000);
  }
}
for (const [name, list] of Object.entries(editTimes))
  console.log(`setCell, ${name}: median ${median(list).toFixed(3)} µs`);
for (const grid of [plain, idle, inUse]) grid.dispose();
