// A long run of the PathWorker, on demand (not part of npm test): 100,000 requests and 100,000
// cell edits on a Moving AI map, in frames as a game makes them, every 50th answer compared with
// the sync API's. Reports the worker's wasm memory (pw.stats.wasmMemoryBytes), the main thread's
// heap and the timing at the start and at the end, so a leak shows as growth between the two.
//   node tests/bench/js/worker-soak.mjs [--map AR0011SR.map] [--requests 100000] [--edits 100000]

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { PathWorker } from '../../../js/worker-node.js';
import { comparable, parseMap, parseScenarios, random } from '../../e2e/pages/worker-maps.js';
import { movingaiDir } from '../../js/support/movingai.mjs';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string', default: 'AR0011SR.map' },
    requests: { type: 'string', default: '100000' },
    edits: { type: 'string', default: '100000' },
  },
});
const requestCount = Number(args.requests);
const editCount = Number(args.edits);
const FRAMES = 1000; // requests and edits are spread evenly over this many frames

const file = join(movingaiDir, args.map);
if (!existsSync(file)) throw new Error(`${file} not found (set TILEPATH_MOVINGAI)`);
const map = parseMap(readFileSync(file, 'latin1'));
const scenarios = parseScenarios(readFileSync(`${file}.scen`, 'latin1'));

const tilepath = await createPathfinder();
const sync = tilepath.createGrid(map.width, map.height, map.cells);
const pw = await PathWorker.create({
  width: map.width,
  height: map.height,
  cells: map.cells.slice(),
});
const next = random(2024);
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;

function snapshot(label, started) {
  const { wasmMemoryBytes, messagesPosted, bytesPosted, restarts, repliesIgnored } = pw.stats;
  const heap = process.memoryUsage();
  console.log(
    `${label}: worker wasm ${mb(wasmMemoryBytes)}, main heap ${mb(heap.heapUsed)}, rss ${mb(heap.rss)}, ` +
      `${messagesPosted} messages (${mb(bytesPosted)}), restarts ${restarts}, ignored replies ` +
      `${repliesIgnored}${started === undefined ? '' : `, ${((performance.now() - started) / 1000).toFixed(1)} s`}`,
  );
  return wasmMemoryBytes;
}

console.log(
  `PathWorker soak: ${args.map} (${map.width}x${map.height}), ${requestCount} requests + ` +
    `${editCount} edits in ${FRAMES} frames, node ${process.version}`,
);
await pw.findPath(scenarios[0].sx, scenarios[0].sy, scenarios[0].gx, scenarios[0].gy);
const wasmAtStart = snapshot('start');

const started = performance.now();
let requested = 0;
let edited = 0;
let compared = 0;
const mismatches = [];
const diagonals = ['never', 'noCorners', 'oneObstacle', 'always'];
for (let frame = 0; frame < FRAMES; frame++) {
  const editsNow = Math.round(((frame + 1) * editCount) / FRAMES) - edited;
  const requestsNow = Math.round(((frame + 1) * requestCount) / FRAMES) - requested;
  // Doors open and close; with the sync grid kept equal, so answers can be checked.
  for (let e = 0; e < editsNow; e++) {
    const x = Math.floor(next() * map.width);
    const y = Math.floor(next() * map.height);
    const cls = sync.get(x, y) === 0 ? 1 : 0;
    pw.setCell(x, y, cls);
    sync.set(x, y, cls);
  }
  edited += editsNow;
  const requests = [];
  const checks = [];
  for (let r = 0; r < requestsNow; r++) {
    const s = scenarios[Math.floor(next() * scenarios.length)];
    const options = { diagonal: diagonals[(requested + r) % 4] };
    requests.push({ sx: s.sx, sy: s.sy, gx: s.gx, gy: s.gy, options });
    if ((requested + r) % 50 === 0) {
      checks.push([r, comparable(sync.findPath(s.sx, s.sy, s.gx, s.gy, options))]);
    }
  }
  requested += requestsNow;
  const results = await pw.findPaths(requests);
  for (const [r, expected] of checks) {
    compared++;
    if (
      JSON.stringify(comparable(results[r])) !== JSON.stringify(expected) &&
      mismatches.length < 5
    ) {
      mismatches.push({ frame, request: requests[r] });
    }
  }
  if ((frame + 1) % (FRAMES / 4) === 0) snapshot(`frame ${frame + 1}`, started);
}
const wasmAtEnd = snapshot('end', started);
console.log(
  `${requested} requests, ${edited} edits, ${compared} answers compared with the sync API, ` +
    `${mismatches.length} mismatches${mismatches.length ? `: ${JSON.stringify(mismatches)}` : ''}`,
);
console.log(`worker wasm memory: ${mb(wasmAtStart)} at start, ${mb(wasmAtEnd)} at the end`);
pw.terminate();
sync.dispose();
if (mismatches.length) process.exitCode = 1;
