// The per-call cost of a search through wasm (issue 10): nanoseconds per grid.findPath call for
// queries whose search is nearly free (start and goal adjacent, or the same cell), so what is
// timed is the JS wrapper, the crossing into wasm and the reading of the result; then the same
// step on open grids from 64x64 to 4096x4096 (a search's set-up should not grow with the grid).
//
//   node tests/bench/js/callcost.mjs [--calls N] [--batches N] [--baseline DIR]
//
// --baseline DIR: a copy of an older tree's js/ and dist/ (DIR/js/node.js); both builds are
// then timed in one process, batches alternating, and the table shows them side by side.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { loadMap, loadScenario, repoRoot } from '../../js/support/movingai.mjs';
import { loadTree, median } from './common.mjs';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '20000' },
    batches: { type: 'string', default: '15' },
    baseline: { type: 'string' },
    map: { type: 'string', default: 'AR0011SR.map' },
  },
});
const calls = Number(args.calls);
const batches = Number(args.batches);

const builds = [{ name: 'this tree', tp: await loadTree(repoRoot) }];
if (args.baseline) builds.unshift({ name: 'baseline', tp: await loadTree(resolve(args.baseline)) });

const map = loadMap(args.map);
// Two open cells side by side (a step east), and the map's shortest scenario problems.
let sx = -1;
for (let i = 0; i + 1 < map.cells.length && sx < 0; i++) {
  if (map.cells[i] === 0 && map.cells[i + 1] === 0 && (i + 1) % map.width !== 0) sx = i;
}
const [x0, y0] = [sx % map.width, Math.floor(sx / map.width)];
const short = loadScenario(args.map)
  .filter((p) => p.optimal > 0)
  .sort((a, b) => a.optimal - b.optimal)
  .slice(0, 64);

const jps = { diagonal: 'noCorners', algorithm: 'jps' };
const astar = { diagonal: 'noCorners', algorithm: 'astar' };
/** Each case: a name and a batch of `calls` findPath calls on `grid`. */
const cases = [
  ['adjacent, no options', (grid) => grid.findPath(x0, y0, x0 + 1, y0)],
  ['adjacent, same A* options object', (grid) => grid.findPath(x0, y0, x0 + 1, y0, astar)],
  ['adjacent, same JPS options object', (grid) => grid.findPath(x0, y0, x0 + 1, y0, jps)],
  [
    'adjacent, fresh JPS options literal',
    (grid) => grid.findPath(x0, y0, x0 + 1, y0, { diagonal: 'noCorners', algorithm: 'jps' }),
  ],
  ['start = goal, JPS', (grid) => grid.findPath(x0, y0, x0, y0, jps)],
];
let k = 0;
cases.push([
  `${short.length} shortest ${args.map} problems, JPS`,
  (grid) => {
    const p = short[k++ % short.length];
    return grid.findPath(p.startX, p.startY, p.goalX, p.goalY, jps);
  },
]);

const rows = [];
/** Times `call` on each build's grid (made by `make`), batches alternating between builds. */
function time(name, call, make) {
  const grids = builds.map((b) => make(b.tp));
  const times = builds.map(() => []);
  let sink = 0;
  for (let batch = -2; batch < batches; batch++) {
    // Alternate which build goes first; the first two batches warm up and are not counted.
    const order = batch % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse();
    for (const b of order) {
      const grid = grids[b];
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) sink += call(grid).path.length;
      const ns = Number(process.hrtime.bigint() - t0) / calls;
      if (batch >= 0) times[b].push(ns);
    }
  }
  if (sink < 0) console.log(sink); // keeps the results alive
  for (const grid of grids) grid.dispose();
  rows.push([name, ...times.map((t) => median(t).toFixed(0))]);
}
for (const [name, call] of cases)
  time(name, call, (tp) => tp.createGrid(map.width, map.height, map.cells));
// The same step on open grids of growing size: what a search costs whatever the grid's size
// (the visit bytes' numbers, cleared every 31 searches over the cells stamped since the last).
for (const side of [64, 1024, 4096]) {
  for (const [label, options] of [
    ['A*', astar],
    ['JPS', jps],
  ])
    time(
      `adjacent, open ${side}x${side}, ${label}`,
      (grid) => grid.findPath(3, 3, 4, 3, options),
      (tp) => tp.createGrid(side, side),
    );
}

console.log(
  `findPath per call on ${args.map} (and on open grids), median ns over ${batches} batches of ` +
    `${calls} calls`,
);
const header = ['query', ...builds.map((b) => `${b.name} ns`)];
if (builds.length === 2) header.push('after/before');
const width = [38, 14, 14, 14];
const line = (cells) => cells.map((c, i) => String(c).padEnd(width[i])).join(' ');
console.log(line(header));
for (const row of rows) {
  if (builds.length === 2) row.push((Number(row[2]) / Number(row[1])).toFixed(2));
  console.log(line(row));
}
