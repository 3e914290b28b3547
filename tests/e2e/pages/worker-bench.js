// The browser variant of tests/bench/js/worker-bench.mjs; run by tests/bench/js/worker-bench-browser.mjs,
// or open /tests/e2e/pages/worker-bench.html while `node js/tools/serve.mjs` runs.

import { PathWorker } from '/js/worker.js';
import { parseMap, parseScenarios, random, shortPairs, summary } from './worker-maps.js';

async function run() {
  const requestCount = Number(new URLSearchParams(location.search).get('requests') ?? 1000);
  const index = await (await fetch('/movingai/index.json')).json();
  const entry =
    index.maps.find((m) => m.name === 'AR0011SR.map') ?? index.maps.find((m) => m.width === 512);
  if (!entry) throw new Error(`no 512x512 Moving AI map served: ${index.message ?? 'none listed'}`);
  const map = parseMap(await (await fetch(entry.url)).text());
  const scenarios = parseScenarios(await (await fetch(entry.scenario)).text());
  const next = random(42);
  const shorts = shortPairs(map, requestCount, next);
  const pw = await PathWorker.create({
    width: map.width,
    height: map.height,
    cells: map.cells.slice(),
  });
  for (let i = 0; i < 200; i++) await pw.findPath(...shorts[i]);

  const callMs = [];
  const roundTrip = [];
  const inWorker = [];
  for (const [sx, sy, gx, gy] of shorts) {
    const t0 = performance.now();
    const promise = pw.findPath(sx, sy, gx, gy);
    pw.flush();
    const t1 = performance.now();
    const result = await promise;
    roundTrip.push(performance.now() - t0);
    callMs.push(t1 - t0);
    inWorker.push(result.workerMs);
  }

  const before = pw.stats;
  let edits = 0;
  for (let i = 0; i < requestCount; i++) {
    if (i % 10 === 5) {
      const x = Math.floor(next() * map.width);
      const y = Math.floor(next() * map.height);
      pw.setCell(x, y, pw.get(x, y) === 0 ? 1 : 0);
      edits++;
    }
    const s = scenarios[i % scenarios.length];
    await pw.findPath(s.sx, s.sy, s.gx, s.gy, { diagonal: 'noCorners' });
  }
  const after = pw.stats;
  pw.terminate();
  return {
    map: entry.name,
    isolated: globalThis.crossOriginIsolated === true,
    userAgent: navigator.userAgent,
    callMs: summary(callMs),
    roundTripMs: summary(roundTrip),
    workerMs: summary(inWorker),
    requests: requestCount,
    edits,
    bytesPosted: after.bytesPosted - before.bytesPosted,
    messagesPosted: after.messagesPosted - before.messagesPosted,
  };
}

run().then(
  (report) => {
    window.benchReport = report;
    document.getElementById('report').textContent = JSON.stringify(report, null, 2);
  },
  (error) => {
    window.benchReport = { error: `${error.name}: ${error.message}` };
    document.getElementById('report').textContent = String(error);
  },
);
