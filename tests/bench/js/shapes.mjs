// Searches on hexagonal and staggered grids next to square ones (on demand, never in CI):
//   node tests/bench/js/shapes.mjs [--map random512-10-0.map] [--queries 200] [--rounds 5]
// The same Moving AI map read as each shape, the same random pairs of open cells, A* through the
// wasm API. Paths differ between shapes, so besides each shape's time per query the figure to
// compare is the time per expanded cell (what a shape's neighbour generation costs).
// Figures are medians over rounds, all measured in this one run.
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { loadMap } from '../../js/support/movingai.mjs';
import { random } from '../../e2e/pages/worker-maps.js';

const { values } = parseArgs({
  options: {
    map: { type: 'string', default: 'random512-10-0.map' },
    queries: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
  },
});
const QUERIES = Number(values.queries);
const ROUNDS = Number(values.rounds);
const tp = await createPathfinder();
const { width, height, cells } = loadMap(values.map);

const CASES = [
  ['orthogonal, never', { orientation: 'orthogonal' }, 'never'],
  ['orthogonal, noCorners', { orientation: 'orthogonal' }, 'noCorners'],
  ['hexagonal y odd', { orientation: 'hexagonal', staggerAxis: 'y', staggerIndex: 'odd' }, 'never'],
  [
    'hexagonal x even',
    { orientation: 'hexagonal', staggerAxis: 'x', staggerIndex: 'even' },
    'never',
  ],
  ['staggered y odd, never', { orientation: 'staggered' }, 'never'],
  ['staggered y odd, noCorners', { orientation: 'staggered' }, 'noCorners'],
];

const rand = random(2026);
const open = [];
for (let i = 0; i < cells.length; i++) if (cells[i] === 0) open.push(i);
const pairs = Array.from({ length: QUERIES }, () => {
  const [s, g] = [open[Math.floor(rand() * open.length)], open[Math.floor(rand() * open.length)]];
  return [s % width, Math.floor(s / width), g % width, Math.floor(g / width)];
});

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
console.log(`${values.map} (${width} x ${height}), ${QUERIES} queries, median of ${ROUNDS} rounds`);
console.log('shape                        ms/query (p95)      expanded/query   ns/expanded  found');
for (const [name, shape, diagonal] of CASES) {
  const grid = tp.createGrid(width, height, { cells, ...shape });
  const perQuery = Array.from({ length: QUERIES }, () => []);
  let expanded = 0;
  let found = 0;
  const roundNsPerExpanded = [];
  for (let round = 0; round < ROUNDS; round++) {
    let roundMs = 0;
    let roundExpanded = 0;
    pairs.forEach(([sx, sy, gx, gy], q) => {
      const started = performance.now();
      const r = grid.findPath(sx, sy, gx, gy, { diagonal });
      const ms = performance.now() - started;
      perQuery[q].push(ms);
      roundMs += ms;
      roundExpanded += r.expanded;
      if (round === 0) {
        expanded += r.expanded;
        if (r.status === 'found') found++;
      }
    });
    roundNsPerExpanded.push((roundMs * 1e6) / Math.max(1, roundExpanded));
  }
  grid.dispose();
  const queryMs = perQuery.map(median).sort((a, b) => a - b);
  const p50 = queryMs[queryMs.length >> 1];
  const p95 = queryMs[Math.floor(queryMs.length * 0.95)];
  console.log(
    `${name.padEnd(28)} ${p50.toFixed(3).padStart(8)} (${p95.toFixed(3).padStart(7)})` +
      `   ${(expanded / QUERIES).toFixed(0).padStart(14)}   ${median(roundNsPerExpanded).toFixed(1).padStart(11)}  ${found}`,
  );
}
