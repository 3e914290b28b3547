// Two builds' searches side by side (issue 10): the time of each Moving AI problem through wasm
// with this tree's build and with an older one, in one process, interleaved problem by problem
// (which build goes first alternates), so a change to the search core is measured against the
// build before it on the same machine at the same moment.
//
//   node tests/bench/js/builds.mjs --baseline DIR [--algorithm astar] [--diagonal noCorners] [--weight 1]
//                               [--maps a.map,b.map] [--stride 20] [--rounds 3]
//
// DIR: a copy of the older tree's js/, dist/ and package.json (DIR/js/node.js). Every --stride-th
// problem of each map's .scen; the last of --rounds rounds is timed, the others warm up. Prints per
// map the median microseconds of each build, the median of per-problem ratios (before / after:
// above 1 = this tree is faster) and the ratio of the total times; then all problems pooled.
// Each answer's cost is checked against the scenario (noCorners) or the older build (others).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  loadMap,
  loadScenario,
  mapNames,
  matchesOptimal,
  repoRoot,
} from '../../js/support/movingai.mjs';
import { loadTree, median } from './common.mjs';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string' },
    algorithm: { type: 'string', default: 'astar' },
    diagonal: { type: 'string', default: 'noCorners' },
    weight: { type: 'string', default: '1' },
    maps: { type: 'string' },
    stride: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
if (!args.baseline) {
  console.error('usage: node tests/bench/js/builds.mjs --baseline DIR [options] (see its header)');
  process.exit(2);
}
const stride = Number(args.stride);
const rounds = Number(args.rounds);
if (!(stride >= 1) || !(rounds >= 1)) throw new RangeError('--stride and --rounds must be >= 1');

const builds = [
  { name: 'before', tp: await loadTree(resolve(args.baseline)) },
  { name: 'after', tp: await loadTree(repoRoot) },
];
const weight = Number(args.weight);
const options = { algorithm: args.algorithm, diagonal: args.diagonal, weight };

const sum = (values) => values.reduce((a, b) => a + b, 0);

const names = args.maps ? args.maps.split(',') : mapNames();
const pooled = [];
console.log(
  `${args.algorithm}, ${args.diagonal}, weight ${weight}: microseconds per problem (median), before / after`,
);
console.log(
  ['map', 'problems', 'before µs', 'after µs', 'median ratio', 'total ratio']
    .map((h, i) => h.padEnd(i === 0 ? 22 : 13))
    .join(''),
);
for (const name of names) {
  const map = loadMap(name);
  const problems = loadScenario(name).filter((_, k) => k % stride === 0);
  const grids = builds.map((b) => b.tp.createGrid(map.width, map.height, map.cells));
  const times = builds.map(() => []);
  for (let round = 0; round < rounds; round++) {
    problems.forEach((p, k) => {
      const order = (k + round) % 2 ? [0, 1] : [1, 0];
      const costs = [];
      for (const b of order) {
        const t0 = process.hrtime.bigint();
        const r = grids[b].findPath(p.startX, p.startY, p.goalX, p.goalY, options);
        const ns = Number(process.hrtime.bigint() - t0);
        if (round === rounds - 1) times[b].push(ns);
        costs[b] = r.cost;
      }
      // (A weighted search is not optimal, and builds may break its ties differently.)
      const wrong =
        weight !== 1
          ? false
          : args.diagonal === 'noCorners'
            ? !matchesOptimal(costs[1], p)
            : costs[0] !== costs[1];
      if (wrong) {
        throw new Error(`${name} problem ${k * stride}: cost ${costs[1]} (before ${costs[0]})`);
      }
    });
  }
  for (const grid of grids) grid.dispose();
  const ratios = times[0].map((t, k) => t / times[1][k]);
  pooled.push(...ratios);
  console.log(
    [
      name,
      problems.length,
      (median(times[0]) / 1e3).toFixed(1),
      (median(times[1]) / 1e3).toFixed(1),
      median(ratios).toFixed(3),
      (sum(times[0]) / sum(times[1])).toFixed(3),
    ]
      .map((c, i) => String(c).padEnd(i === 0 ? 22 : 13))
      .join(''),
  );
}
console.log(`all ${pooled.length} problems: median ratio ${median(pooled).toFixed(3)}`);
