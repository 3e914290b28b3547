// Drives a PathWorker in the page and compares it with the sync API in the same page.
// tests/e2e/worker.test.mjs opens this page and reads `window.workerReport`.
// ?requests=N (default 1000), ?map=name.map (default: the first 512x512 map in /movingai/).

import { createPathfinder } from '/js/index.js';
import { PathWorker } from '/js/worker.js';
import { comparable, parseMap, parseScenarios, random } from './worker-maps.js';
import { bytesOf, summarize } from './worker-messages.js';

// Every message posted to a worker, measured before the transfer empties its buffers. Counted
// here, independently of the client's own stats.
const posted = [];
const originalPost = Worker.prototype.postMessage;
Worker.prototype.postMessage = function recordPost(message, transfer) {
  if (message && typeof message === 'object' && 'type' in message) {
    posted.push({
      message: summarize(message),
      bytes: bytesOf(message),
      transferred: Array.isArray(transfer) ? transfer.reduce((n, b) => n + b.byteLength, 0) : 0,
    });
  }
  return originalPost.call(this, message, transfer);
};

const nextTask = () => new Promise((done) => setTimeout(done, 0));

async function run() {
  const params = new URLSearchParams(location.search);
  const requestCount = Number(params.get('requests') ?? 1000);
  const index = await (await fetch('/movingai/index.json')).json();
  const entry = params.get('map')
    ? index.maps.find((m) => m.name === params.get('map'))
    : index.maps.find((m) => m.width === 512 && m.height === 512);
  if (!entry) throw new Error(`no 512x512 Moving AI map served: ${index.message ?? 'none listed'}`);
  const map = parseMap(await (await fetch(entry.url)).text());
  const scenarios = entry.scenario
    ? parseScenarios(await (await fetch(entry.scenario)).text())
    : [];

  const tilepath = await createPathfinder();
  const sync = tilepath.createGrid(map.width, map.height, map.cells);
  const cells = map.cells; // handed over: detached after create
  const pw = await PathWorker.create({ width: map.width, height: map.height, cells });
  const report = {
    map: entry.name,
    detached: cells.byteLength === 0 && cells.buffer.byteLength === 0,
    initMessage: posted.find((m) => m.message.type === 'init'),
    compared: 0,
    mismatches: [],
    editsMade: 0,
    requestsMade: 0,
  };
  const afterCreate = posted.length;

  const next = random(1234);
  const cell = () => [Math.floor(next() * map.width), Math.floor(next() * map.height)];
  const diagonals = ['never', 'noCorners', 'oneObstacle', 'always'];
  const checks = [];
  let changed = 0;
  for (let i = 0; i < requestCount; i++) {
    if (i % 10 === 0) {
      // An edit between every 10 requests: doors opening and closing, walls appearing.
      for (let k = 0; k < 3; k++) {
        const [x, y] = cell();
        const cls = sync.get(x, y) === 0 ? 1 : 0;
        pw.setCell(x, y, cls);
        sync.set(x, y, cls);
        changed++;
      }
      report.editsMade += 3;
    }
    const scenario = scenarios.length ? scenarios[Math.floor(next() * scenarios.length)] : null;
    const [sx, sy] = scenario ? [scenario.sx, scenario.sy] : cell();
    const [gx, gy] = scenario ? [scenario.gx, scenario.gy] : cell();
    const options = { diagonal: diagonals[i % 4], partial: i % 7 === 0 };
    const expected = comparable(sync.findPath(sx, sy, gx, gy, options));
    report.requestsMade++;
    checks.push(
      pw.findPath(sx, sy, gx, gy, options).then((result) => {
        report.compared++;
        const actual = comparable(result);
        if (JSON.stringify(actual) !== JSON.stringify(expected) && report.mismatches.length < 10) {
          report.mismatches.push({ i, sx, sy, gx, gy, options, actual, expected });
        }
      }),
    );
    if (i % 25 === 24) await nextTask();
  }
  await Promise.all(checks);

  const after = posted.slice(afterCreate);
  report.messagesAfterCreate = after.length;
  report.largestMessage = Math.max(...after.map((m) => m.bytes));
  report.updates = after.map((m) => m.message);
  report.cellsPosted = after.reduce((n, m) => n + m.message.cells, 0);
  report.requestsPosted = after.reduce((n, m) => n + m.message.requests, 0);
  report.bytesPosted = after.reduce((n, m) => n + m.bytes, 0);
  report.oversized = after.filter(
    (m) => m.bytes > 512 + 5 * m.message.cells + 64 * m.message.requests,
  );
  report.changedCells = changed;
  report.stats = pw.stats;
  pw.terminate();
  sync.dispose();
  report.hostile = await hostile(tilepath);
  return report;
}

/** Replies to a message posted to a worker, one at a time. */
function replies(worker) {
  const queue = [];
  let wake = null;
  worker.addEventListener('message', (event) => {
    queue.push(event.data);
    wake?.();
  });
  return async () => {
    while (!queue.length) await new Promise((resolve) => (wake = resolve));
    return queue.shift();
  };
}

// The same attacks as tests/js/worker/worker-hostile.test.mjs, in a browser's module worker: garbage to
// the worker gets whole error replies and it keeps serving; garbage to the client is ignored.
async function hostile(tilepath) {
  const out = {};
  const worker = new Worker(new URL('/js/worker/entry.js', location.href), { type: 'module' });
  const nextReply = replies(worker);
  worker.postMessage({ type: 'init', width: 4, height: 4 });
  out.ready = (await nextReply()).type;
  const garbage = [
    null,
    { type: 'explode' },
    { type: 'update', seq: 1, indices: [3], values: Uint8Array.of(1) },
    { type: 'update', seq: 1, indices: Uint32Array.of(16), values: Uint8Array.of(1) },
    {
      type: 'update',
      seq: 1,
      indices: new Uint32Array(0),
      values: new Uint8Array(0),
      cancel: 'all',
    },
  ];
  out.refusals = [];
  for (const message of garbage) {
    worker.postMessage(message);
    out.refusals.push(await nextReply());
  }
  worker.postMessage({
    type: 'update',
    seq: 1,
    indices: Uint32Array.of(5),
    values: Uint8Array.of(1),
    requests: Int32Array.of(7, 0, 0, 3, 3, 1, 0),
  });
  const served = await nextReply();
  const sync = tilepath.createGrid(4, 4);
  sync.set(1, 1, 1);
  out.servedAfter =
    JSON.stringify(comparable(served.results[0])) ===
    JSON.stringify(comparable(sync.findPath(0, 0, 3, 3)));
  sync.dispose();
  worker.terminate();

  // Garbage to the client, dispatched on the very Worker object it listens to.
  const pw = await PathWorker.create({ width: 8, height: 8 });
  const answered = await pw.findPath(0, 0, 7, 7);
  const pending = pw.findPath(0, 0, 7, 0);
  pw.flush();
  const fake = { status: 'found', path: Int32Array.of(0, 0), cost: 0, expanded: 0, goal: null };
  const lies = [
    null,
    { type: 'ready' },
    { type: 'results', results: [], done: 2 ** 40 },
    { type: 'results', results: [{ ...fake, id: 999 }], done: -1 },
    { type: 'results', results: [{ ...fake, id: 2, status: 'maybe' }], done: -1 },
  ];
  for (const data of lies) pw.worker.dispatchEvent(new MessageEvent('message', { data }));
  out.repliesIgnored = pw.stats.repliesIgnored;
  out.pendingCost = (await pending).cost;
  out.answeredCost = answered.cost;
  pw.terminate();
  return out;
}

const statusLine = document.getElementById('status');
run().then(
  (report) => {
    window.workerReport = report;
    statusLine.textContent = `done: ${report.compared} results compared, ${report.mismatches.length} mismatches`;
    if (report.mismatches.length || report.oversized.length) statusLine.className = 'fail';
    document.getElementById('report').textContent = JSON.stringify(report, null, 2);
  },
  (error) => {
    window.workerReport = { error: `${error.name}: ${error.message}` };
    statusLine.textContent = `failed: ${error.message}`;
    statusLine.className = 'fail';
    console.error(error);
  },
);
