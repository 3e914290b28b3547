// What the worker shim costs, in Node (worker_threads). Not a test: it prints figures.
//   node tests/bench/js/worker-bench.mjs [--map AR0011SR.map] [--requests 1000]
//
// 1. Main-thread time per findPath call, without the search: the call itself, the flush that
//    posts it, and settling its promise. Measured one request per task (a game asking once per
//    frame) and 1,000 in one task (a crowd).
// 2. Round trip for a short path (a few cells): from findPath to the awaited result.
// 3. Bytes posted for 1,000 requests with 100 edits in between, after create.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PathWorker } from '../../../js/worker-node.js';
import {
  parseMap,
  parseScenarios,
  random,
  shortPairs,
  summary,
} from '../../e2e/pages/worker-maps.js';
import { movingaiDir } from '../../js/support/movingai.mjs';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string', default: 'AR0011SR.map' },
    requests: { type: 'string', default: '1000' },
  },
});
const requestCount = Number(args.requests);

function loadMap() {
  const file = join(movingaiDir, args.map);
  if (!existsSync(file)) {
    console.log(`(${file} not found: set TILEPATH_MOVINGAI; using an open 512x512 grid)`);
    return {
      name: 'open 512x512',
      width: 512,
      height: 512,
      cells: new Uint8Array(512 * 512),
      scenarios: [],
    };
  }
  const map = parseMap(readFileSync(file, 'latin1'));
  const scen = file + '.scen';
  map.scenarios = existsSync(scen) ? parseScenarios(readFileSync(scen, 'latin1')) : [];
  map.name = args.map;
  return map;
}

const summaryText = (values) => {
  const { median, p95, mean } = summary(values);
  return `median ${median.toFixed(4)}  p95 ${p95.toFixed(4)}  mean ${mean.toFixed(4)}`;
};
const nextTask = () => new Promise((done) => setImmediate(done));

const map = loadMap();
const next = random(42);
const shorts = shortPairs(map, requestCount, next);
const pw = await PathWorker.create({
  width: map.width,
  height: map.height,
  cells: map.cells.slice(),
});
console.log(
  `PathWorker benchmark: ${map.name} (${map.width}x${map.height}), node ${process.version}`,
);

// Warm up the wasm and both threads' JIT.
for (let i = 0; i < 200; i++) await pw.findPath(...shorts[i % shorts.length]);

// 1a. One request per task: the call and its flush, timed directly; and the whole main-thread
// busy time per request (call, flush, receiving the answer, settling) from event-loop use.
{
  const callMs = [];
  const busy = performance.eventLoopUtilization();
  for (const [sx, sy, gx, gy] of shorts) {
    const t0 = performance.now();
    const promise = pw.findPath(sx, sy, gx, gy);
    pw.flush();
    callMs.push(performance.now() - t0);
    const result = await promise;
    if (result.status !== 'found') throw new Error('short path not found');
  }
  const { active } = performance.eventLoopUtilization(busy);
  console.log(`main thread per findPath, one per task (call + flush), ms: ${summaryText(callMs)}`);
  console.log(
    `main thread busy per findPath, one per task (all of it, with receiving), ms: ` +
      `${(active / shorts.length).toFixed(4)}`,
  );
}

// 1b. A crowd: all requests in one task (findPaths), then settled together.
{
  const requests = shorts.map(([sx, sy, gx, gy]) => ({ sx, sy, gx, gy }));
  const t0 = performance.now();
  const promise = pw.findPaths(requests);
  pw.flush();
  const postedMs = performance.now() - t0;
  const results = await promise;
  const workerMs = results.reduce((sum, r) => sum + r.workerMs, 0);
  console.log(
    `main thread per findPath, ${requests.length} in one findPaths (call + flush): ` +
      `${((postedMs / requests.length) * 1000).toFixed(2)} us; worker search total ${workerMs.toFixed(2)} ms`,
  );
}

// 2. Round trip for a short path.
{
  const roundTrip = [];
  const inWorker = [];
  for (const [sx, sy, gx, gy] of shorts) {
    const t0 = performance.now();
    const result = await pw.findPath(sx, sy, gx, gy);
    roundTrip.push(performance.now() - t0);
    inWorker.push(result.workerMs);
  }
  console.log(`round trip, short path (3 cells), ms: ${summaryText(roundTrip)}`);
  console.log(`  of which search in the worker, ms:  ${summaryText(inWorker)}`);
}

// 3. Bytes posted for 1,000 requests with 100 edits in between (one request per task).
{
  const before = pw.stats;
  const scenarios = map.scenarios.length ? map.scenarios : null;
  let edits = 0;
  for (let i = 0; i < requestCount; i++) {
    if (i % 10 === 5) {
      const x = Math.floor(next() * map.width);
      const y = Math.floor(next() * map.height);
      pw.setCell(x, y, pw.get(x, y) === 0 ? 1 : 0);
      edits++;
    }
    const s = scenarios ? scenarios[i % scenarios.length] : null;
    const request = s ? [s.sx, s.sy, s.gx, s.gy] : shorts[i];
    await pw.findPath(...request, { diagonal: 'noCorners' });
    if (i % 50 === 0) await nextTask();
  }
  const after = pw.stats;
  const bytes = after.bytesPosted - before.bytesPosted;
  const messages = after.messagesPosted - before.messagesPosted;
  console.log(
    `bytes posted, ${requestCount} requests + ${edits} edits, one request per task: ${bytes} bytes ` +
      `in ${messages} messages (${(bytes / messages).toFixed(1)} per message)`,
  );

  // The same work as a crowd: edits and requests of a frame go in one message.
  const crowdBefore = pw.stats;
  const frames = requestCount / 100;
  for (let frame = 0; frame < frames; frame++) {
    for (let k = 0; k < 10; k++) {
      const x = Math.floor(next() * map.width);
      const y = Math.floor(next() * map.height);
      pw.setCell(x, y, pw.get(x, y) === 0 ? 1 : 0);
    }
    const list = Array.from({ length: 100 }, (_, k) => {
      const s = scenarios ? scenarios[(frame * 100 + k) % scenarios.length] : null;
      const [sx, sy, gx, gy] = s ? [s.sx, s.sy, s.gx, s.gy] : shorts[frame * 100 + k];
      return { sx, sy, gx, gy };
    });
    await pw.findPaths(list, { diagonal: 'noCorners' });
  }
  const crowdAfter = pw.stats;
  console.log(
    `bytes posted, ${requestCount} requests + ${frames * 10} edits in ${frames} frames of findPaths: ` +
      `${crowdAfter.bytesPosted - crowdBefore.bytesPosted} bytes in ` +
      `${crowdAfter.messagesPosted - crowdBefore.messagesPosted} messages`,
  );
  console.log(
    `(the grid itself is ${map.width * map.height} bytes; it was posted once, by create)`,
  );
}

pw.terminate();
