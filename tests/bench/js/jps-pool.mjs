// Where the pooled JPS-vs-A* ratio of `npm run bench` comes from (issue 10): the same Moving AI
// problems (about 200 a map, every Nth of each .scen, as run.mjs samples them), timed warm
// through wasm with no other library between the calls: each problem's best of --rounds runs,
// A* and JPS in turn. Per map: the median of the per-problem ratios (A*'s time / JPS's), the
// median of the ratios of cells expanded, and how many problems are under --target; then the
// pooled median, and how many problems could be under the target with that median still met.
//
//   node tests/bench/js/jps-pool.mjs [--problems 200] [--rounds 5] [--target 10]
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { loadMap, loadScenario, mapNames, matchesOptimal } from '../../js/support/movingai.mjs';
import { median, positiveInteger } from './common.mjs';

const { values: args } = parseArgs({
  options: {
    problems: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
    target: { type: 'string', default: '10' },
  },
});
const problemTarget = positiveInteger('--problems', args.problems);
const rounds = positiveInteger('--rounds', args.rounds);
const target = positiveInteger('--target', args.target);

const tp = await createPathfinder();
const options = [
  { diagonal: 'noCorners', algorithm: 'astar' },
  { diagonal: 'noCorners', algorithm: 'jps' },
];
const pool = [];
const rows = [];
for (const name of mapNames()) {
  const map = loadMap(name);
  const scenario = loadScenario(name);
  const stride = Math.max(1, Math.floor(scenario.length / problemTarget));
  const grid = tp.createGrid(map.width, map.height, map.cells);
  const ratios = [];
  const expandedRatios = [];
  for (let k = 0; k < scenario.length; k += stride) {
    const p = scenario[k];
    const best = [Infinity, Infinity];
    const expanded = [0, 0];
    for (let round = 0; round < rounds; round++) {
      for (const which of round % 2 ? [1, 0] : [0, 1]) {
        const t0 = performance.now();
        const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options[which]);
        const micros = (performance.now() - t0) * 1000;
        if (r.status !== 'found' || !matchesOptimal(r.cost, p))
          throw new Error(
            `${name} problem ${k}: ${options[which].algorithm ?? 'astar'} cost ${r.cost}`,
          );
        best[which] = Math.min(best[which], micros);
        expanded[which] = r.expanded;
      }
    }
    ratios.push(best[0] / best[1]);
    expandedRatios.push(expanded[0] / Math.max(1, expanded[1]));
  }
  grid.dispose();
  pool.push(...ratios);
  rows.push([
    name,
    ratios.length,
    median(ratios).toFixed(2),
    median(expandedRatios).toFixed(2),
    ratios.filter((r) => r < target).length,
  ]);
}

const header = ['map', 'problems', 'time ratio', 'expanded ratio', `under ${target}x`];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => String(r[c]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
console.log(
  `JPS vs A* through wasm, warm (best of ${rounds} runs each), medians of per-problem ratios`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
const under = pool.filter((r) => r < target).length;
// A median of at least `target` needs at least half the problems (rounded up) at or above it.
const allowed = pool.length - Math.ceil(pool.length / 2);
console.log(
  `pooled: ${pool.length} problems, median ${median(pool).toFixed(2)}x; ${under} under ${target}x, ` +
    `where a pooled median of ${target}x allows at most ${allowed}`,
);
