// Prepared and saved grids through the wasm API (on demand, never in CI; a section of
// `npm run bench`):
//   node tests/bench/js/saved-bench.mjs [--size 2048] [--loads 5] [--queries 8] [--seed 1]
//                                       [--write FILE]
// The demo's generated terrain (three passable cost classes, water and rock blocked), as
// hpa-wasm.mjs uses. Prints: prepare's time for the hierarchy and the labels (noCorners), with
// each part's; the save's size and time; loadGrid's time (median and worst of --loads); then
// long queries (start and goal at least half the map apart) on the loaded grid, astar against
// hpa, their median times and the ratio, and that no loaded query built anything. --write FILE
// writes the saved bytes there too (for tilepath-bench-hpa load FILE: the same load natively). Wall clock on
// whatever machine runs it: compare figures of one run.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { generateMap, makeRandom32 } from '../../../demo/maps.js';
import { TERRAIN } from '../../../demo/terrain.js';
import { median } from './common.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '2048' },
    loads: { type: 'string', default: '5' },
    queries: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    write: { type: 'string' },
  },
});
const size = Number(values.size);
const diagonal = 'noCorners';

const tp = await createPathfinder({ bigMaps: true });
const map = generateMap('terrain', size, Number(values.seed));
const grid = tp.createGrid(map.width, map.height);
grid.setAll(map.cells);
for (const t of TERRAIN) grid.setCost(t.id, t.cost);

const fixed = (v) => v.toFixed(1);
const report = await grid.prepare({ hpa: { diagonal }, labels: { diagonal } }, { sliceMs: 50 });
console.log(
  `prepare ${size} x ${size}: ${fixed(report.ms)} ms (${report.parts.map((p) => `${p.what} ${fixed(p.ms)} ms`).join(', ')})`,
);
let t0 = performance.now();
const bytes = grid.save();
const saveMs = performance.now() - t0;
console.log(`save: ${(bytes.length / 2 ** 20).toFixed(1)} MiB in ${fixed(saveMs)} ms`);
if (values.write) writeFileSync(values.write, bytes);
grid.dispose();

const loadMs = [];
let loaded = null;
for (let k = 0; k < Number(values.loads); k++) {
  loaded?.dispose();
  t0 = performance.now();
  loaded = tp.loadGrid(bytes);
  loadMs.push(performance.now() - t0);
}
console.log(
  `loadGrid: median ${fixed(median(loadMs))} ms, worst ${fixed(Math.max(...loadMs))} ms (${loadMs.length} loads)`,
);

const costOf = new Map(TERRAIN.map((t) => [t.id, t.cost]));
const open = (x, y) => costOf.get(map.cells[y * map.width + x]) > 0;
const rng = makeRandom32(99);
const pick = (limit) => Math.floor(rng.next() * limit);
const times = { astar: [], hpa: [] };
let built = 0;
for (let q = 0; q < Number(values.queries);) {
  const [sx, sy, gx, gy] = [pick(size), pick(size), pick(size), pick(size)];
  if (Math.max(Math.abs(sx - gx), Math.abs(sy - gy)) < size / 2 || !open(sx, sy) || !open(gx, gy))
    continue;
  q++;
  for (const algorithm of ['astar', 'hpa']) {
    t0 = performance.now();
    const r = loaded.findPath(sx, sy, gx, gy, { algorithm, diagonal });
    times[algorithm].push(performance.now() - t0);
    if (r.built) built++;
  }
}
const [a, h] = [median(times.astar), median(times.hpa)];
console.log(
  `long queries on the loaded grid: astar median ${fixed(a)} ms, hpa ${fixed(h)} ms: ` +
    `hpa ${(a / h).toFixed(1)}x faster; queries that built something: ${built}`,
);
loaded.dispose();
