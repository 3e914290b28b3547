// hpa against astar through the wasm API (on demand, never in CI):
//   node tests/bench/js/hpa-wasm.mjs [--size 2048] [--queries 12] [--seed 1] [--diagonal noCorners]
//                                    [--walls 200]
// The demo's generated terrain (demo/maps.js: roads 0.5, ground 1, forest 2, swamp 4, water and
// rock blocked), long queries (start and goal at least half the map apart, both open), each
// asked of astar and of hpa in turn. Prints the hierarchy's build (the first hpa search's
// cost, measured by drawing it), the median and p99 time and expanded cells of each, and hpa's
// cost over the optimum. With --walls N (0: none), a second round of the same queries after N
// wall segments (1 x 8 to 1 x 40, across or down, at random) are drawn, and both rounds together
// (hpa updating what the walls changed at its first query after them). Wall clock on whatever
// machine runs it: compare figures of one run.
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { generateMap, makeRandom32 } from '../../../demo/maps.js';
import { TERRAIN } from '../../../demo/terrain.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '2048' },
    queries: { type: 'string', default: '12' },
    seed: { type: 'string', default: '1' },
    diagonal: { type: 'string', default: 'noCorners' },
    walls: { type: 'string', default: '200' },
  },
});
const size = Number(values.size);
const count = Number(values.queries);
const diagonal = values.diagonal;

const tp = await createPathfinder();
const map = generateMap('terrain', size, Number(values.seed));
const grid = tp.createGrid(map.width, map.height);
grid.setAll(map.cells);
for (const t of TERRAIN) grid.setCost(t.id, t.cost);

const costOf = new Map(TERRAIN.map((t) => [t.id, t.cost]));
const open = (x, y) => costOf.get(map.cells[y * map.width + x]) > 0;
const rng = makeRandom32(99);
const pick = (limit) => Math.floor(rng.next() * limit);
const queries = [];
while (queries.length < count) {
  const [sx, sy, gx, gy] = [pick(size), pick(size), pick(size), pick(size)];
  if (Math.max(Math.abs(sx - gx), Math.abs(sy - gy)) < size / 2) continue;
  if (!open(sx, sy) || !open(gx, gy)) continue;
  queries.push([sx, sy, gx, gy]);
}

let t0 = performance.now();
grid.abstractGraph({ diagonal });
const buildMs = performance.now() - t0;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
const sides = { astar: { ms: [], expanded: [] }, hpa: { ms: [], expanded: [] } };
const ratios = [];
function round() {
  for (const [sx, sy, gx, gy] of queries) {
    const costs = {};
    for (const algorithm of ['astar', 'hpa']) {
      t0 = performance.now();
      const r = grid.findPath(sx, sy, gx, gy, { algorithm, diagonal });
      sides[algorithm].ms.push(performance.now() - t0);
      sides[algorithm].expanded.push(r.expanded);
      costs[algorithm] = r.status === 'found' ? r.cost : NaN;
    }
    if (costs.astar > 0) ratios.push(costs.hpa / costs.astar);
  }
}
round();
const walls = Number(values.walls);
if (walls > 0) {
  const wall = TERRAIN.find((t) => t.cost === 0).id;
  for (let k = 0; k < walls; k++) {
    const length = 8 + pick(33);
    const across = rng.next() < 0.5;
    grid.fillRect(pick(size), pick(size), across ? length : 1, across ? 1 : length, wall);
  }
  round();
}
const ms = (v) => v.toFixed(2).padStart(8);
console.log(
  `${map.name} (${size} x ${size}), ${diagonal}, ${queries.length} queries at least ${size / 2} apart` +
    (walls > 0 ? `, two rounds with ${walls} walls drawn between them` : ''),
);
console.log(`  hierarchy built in ${buildMs.toFixed(0)} ms (abstractGraph, before the queries)`);
for (const [name, s] of Object.entries(sides))
  console.log(
    `  ${name.padEnd(5)} median ${ms(percentile(s.ms, 0.5))} ms  p99 ${ms(percentile(s.ms, 0.99))} ms` +
      `  expanded median ${percentile(s.expanded, 0.5)}  p99 ${percentile(s.expanded, 0.99)}`,
  );
console.log(
  `  hpa speed-up: median ${(percentile(sides.astar.ms, 0.5) / percentile(sides.hpa.ms, 0.5)).toFixed(1)}x`,
);
console.log(
  `  hpa cost / optimal over ${ratios.length} paths: median ${percentile(ratios, 0.5).toFixed(4)}` +
    `  worst ${percentile(ratios, 1).toFixed(4)}`,
);
grid.dispose();
