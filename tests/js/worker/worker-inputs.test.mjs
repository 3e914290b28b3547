// What a careless or lying caller hands to PathWorker and InThreadPathWorker: signals that are not
// signals, cost tables with absurd lengths or keys, options whose getters change their answer,
// buffers already moved away, a host that refuses a message, and an abort that comes late.
// Run: node --test tests/js/worker/worker-inputs.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker, startNodeWorker } from '../../../js/worker-node.js';
import { stripSignal } from '../../../js/core/checks.js';
import { DEFAULT_READY_TIMEOUT, readReadyTimeout } from '../../../js/worker/options.js';
import { comparable, drawMap } from '../../e2e/pages/worker-maps.js';
import { copyOf, nextTask, openMap, recordingWorkers, thrown } from '../support/workers.mjs';

const tilepath = await createPathfinder();
const loadPathfinder = () => createPathfinder();

/** Both kinds of path worker on the same map, for checks that must hold for either. */
async function bothWorkers(map, extra = {}) {
  return [
    await PathWorker.create({ ...copyOf(map), ...extra }),
    await InThreadPathWorker.create({ ...copyOf(map), ...extra, loadPathfinder }),
  ];
}

// --- findPaths cancellation at any point ------------------------------------------------------

for (const k of [1, 5, 20, 39]) {
  test(`aborting a findPaths batch after ${k} of 40 results rejects it with an AbortError`, async () => {
    const pw = await PathWorker.create(openMap(1024, 1024));
    try {
      const controller = new AbortController();
      // Dijkstra to the far corner of an open grid: longer than the worker's 8 ms slice, so each
      // answer comes in a message of its own (on 384 x 384, once the radix heap made Dijkstra
      // faster, two answers shared a message and the test could not abort between them).
      const crowd = Array.from({ length: 40 }, (_, i) => ({ sx: 0, sy: i, gx: 1023, gy: 1023 }));
      const batch = pw.findPaths(crowd, { algorithm: 'dijkstra', signal: controller.signal });
      let outcome = null;
      batch.then(
        () => (outcome = 'resolved'),
        (error) => (outcome = error.name),
      );
      while (pw.stats.resultsReceived < k) await new Promise((resolve) => setImmediate(resolve));
      const received = pw.stats.resultsReceived;
      assert.ok(received < 40, `aborted after ${received} of 40: the batch is still open`);
      controller.abort();
      await assert.rejects(batch, { name: 'AbortError' });
      assert.equal(outcome, 'AbortError');
      assert.equal(pw.stats.inFlight, 0, 'nothing of the batch is left pending');
    } finally {
      pw.terminate();
    }
  });
}

test('an abort after the whole batch was answered changes nothing', async () => {
  const pw = await PathWorker.create(openMap(16, 16));
  try {
    const controller = new AbortController();
    const results = await pw.findPaths([{ sx: 0, sy: 0, gx: 3, gy: 3 }], {
      signal: controller.signal,
    });
    controller.abort();
    assert.equal(results[0].status, 'found');
  } finally {
    pw.terminate();
  }
});

// --- signals ----------------------------------------------------------------------------------

const NOT_SIGNALS = [
  [5, 'signal must be an AbortSignal, got 5'],
  ['stop', 'signal must be an AbortSignal, got "stop"'],
  [{}, 'signal must be an AbortSignal, got an object'],
  [{ aborted: false }, 'signal must be an AbortSignal, got an object'],
];

test('a signal that is not an AbortSignal throws a TypeError at the call, and nothing is posted', async () => {
  const workers = recordingWorkers();
  const pw = await PathWorker.create({ ...openMap(8, 8), worker: workers.start });
  const inThread = await InThreadPathWorker.create({ ...openMap(8, 8), loadPathfinder });
  try {
    const before = workers.posted.length;
    for (const [signal, message] of NOT_SIGNALS) {
      for (const target of [pw, inThread]) {
        assert.deepEqual(
          thrown(() => target.findPath(0, 0, 7, 7, { signal })),
          {
            name: 'TypeError',
            message,
          },
        );
        assert.deepEqual(
          thrown(() => target.findPaths([{ sx: 0, sy: 0, gx: 1, gy: 1 }], { signal })),
          { name: 'TypeError', message },
        );
      }
    }
    assert.deepEqual(
      thrown(() =>
        pw.findPaths([{ sx: 0, sy: 0, gx: 1, gy: 1, options: { signal: AbortSignal.abort() } }]),
      ),
      {
        name: 'TypeError',
        message:
          'requests[0].options.signal: a findPaths signal goes in its second argument, where it cancels the whole call',
      },
    );
    await nextTask();
    assert.equal(workers.posted.length, before, 'nothing was posted');
    assert.equal(pw.stats.inFlight, 0);
    // null and undefined mean no signal.
    assert.equal((await pw.findPath(0, 0, 1, 1, { signal: null })).status, 'found');
  } finally {
    pw.terminate();
    inThread.terminate();
  }
});

// --- costs ------------------------------------------------------------------------------------

test('costs keys must be classes written as plain integers; the error names the key', async () => {
  const cases = [
    [
      { '': 2 },
      'TypeError',
      'costs key "" is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [
      { ' 2 ': 2 },
      'TypeError',
      'costs key " 2 " is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [
      { '0x2': 2 },
      'TypeError',
      'costs key "0x2" is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [
      { '02': 2 },
      'TypeError',
      'costs key "02" is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [
      { 2.5: 2 },
      'TypeError',
      'costs key "2.5" is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [
      { '-1': 2 },
      'TypeError',
      'costs key "-1" is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [
      { length: 5 },
      'TypeError',
      'costs key "length" is not a class: keys must be classes from 0 to 255 written as plain integers',
    ],
    [{ 256: 2 }, 'RangeError', 'costs[256]: class must be from 0 to 255, got 256'],
    [
      { 3: -1 },
      'RangeError',
      'costs[3]: cost must be 0 or Infinity (blocked) or a positive number, got -1',
    ],
    [
      [1, 2, 'x'],
      'TypeError',
      'costs[2]: cost must be 0 or Infinity (blocked) or a positive number, got "x"',
    ],
    [
      new Array(257).fill(1),
      'RangeError',
      'costs has 257 entries, but classes go from 0 to 255 (at most 256 entries)',
    ],
    [
      5,
      'TypeError',
      'costs must be an array indexed by class or an object { [class]: cost }, got 5',
    ],
  ];
  for (const [costs, name, message] of cases) {
    const expected = { name, message };
    assert.deepEqual(
      thrown(() => PathWorker.create({ width: 2, height: 2, costs })),
      expected,
    );
    assert.deepEqual(
      thrown(() => InThreadPathWorker.create({ width: 2, height: 2, costs, loadPathfinder })),
      expected,
    );
  }
});

test('a costs length of 2^32 - 1 is refused without reading a single entry', () => {
  // Before: Node iterated the length and died of heap exhaustion (1e8 took 12 s).
  const reads = [];
  const lying = new Proxy([], {
    get(target, key) {
      reads.push(String(key));
      return key === 'length' ? 2 ** 32 - 1 : target[key];
    },
  });
  assert.throws(() => PathWorker.create({ width: 2, height: 2, costs: lying }), {
    name: 'RangeError',
    message: `costs has ${2 ** 32 - 1} entries, but classes go from 0 to 255 (at most 256 entries)`,
  });
  assert.deepEqual(reads, ['length']);
  for (const length of [2 ** 32 - 1, 1e8]) {
    assert.throws(
      () => PathWorker.create({ width: 2, height: 2, costs: { length } }),
      /costs key "length"/,
    );
  }
});

test('costs as an array, a Map or an object with class keys give the same table', async () => {
  for (const costs of [
    [1, 0, 3, undefined, 7],
    new Map([
      [2, 3],
      [4, 7],
      [1, 0],
    ]),
    { 2: 3, 4: 7, 1: 0 },
  ]) {
    const [pw, inThread] = await bothWorkers(openMap(2, 2), { costs });
    try {
      for (const target of [pw, inThread]) {
        assert.deepEqual(
          [0, 1, 2, 3, 4, 5].map((cls) => target.getCost(cls)),
          [1, Infinity, 3, Infinity, 7, Infinity],
          `${target.constructor.name} ${costs.constructor.name}`,
        );
      }
    } finally {
      pw.terminate();
      inThread.terminate();
    }
  }
});

// --- options read once ------------------------------------------------------------------------

test('an options getter that changes after the check cannot break the flush: the checked value is posted', async () => {
  const map = drawMap(['....', '....', '....', '....']);
  const sync = tilepath.createGrid(4, 4, map.cells);
  const [pw, inThread] = await bothWorkers(map);
  try {
    for (const target of [pw, inThread]) {
      let reads = 0;
      // A valid answer first, then something structured clone cannot copy.
      const options = {
        get diagonal() {
          return ++reads === 1 ? 'always' : () => 'always';
        },
      };
      const result = await target.findPath(0, 0, 3, 3, options);
      assert.deepEqual(
        comparable(result),
        comparable(sync.findPath(0, 0, 3, 3, { diagonal: 'always' })),
      );
      assert.equal(reads, 1, 'each option is read once');
    }
  } finally {
    pw.terminate();
    inThread.terminate();
    sync.dispose();
  }
});

// These two need core/checks.js to snapshot options (own, inherited and getters alike, once), which
// the `api` branch brings: until it is merged they are reported as todo.
const snapshotsInherited =
  stripSignal(Object.create({ diagonal: 'always' }))?.diagonal === 'always';
const needsSnapshots = snapshotsInherited
  ? false
  : 'needs the api branch: core/checks.js snapshots of options';

test(
  'options given through a prototype or a getter give the worker the same answer as the sync API',
  { todo: needsSnapshots },
  async () => {
    const map = drawMap(['....', '.##.', '....']);
    const sync = tilepath.createGrid(4, 3, map.cells);
    const [pw, inThread] = await bothWorkers(map);
    try {
      const inherited = Object.create({ diagonal: 'always', algorithm: 'dijkstra' });
      const getter = Object.defineProperty({}, 'diagonal', {
        get: () => 'always',
        enumerable: false,
      });
      for (const options of [inherited, getter]) {
        const expected = comparable(sync.findPath(0, 0, 3, 2, options));
        for (const target of [pw, inThread]) {
          assert.deepEqual(comparable(await target.findPath(0, 0, 3, 2, options)), expected);
          const [crowd] = await target.findPaths([{ sx: 0, sy: 0, gx: 3, gy: 2 }], options);
          assert.deepEqual(comparable(crowd), expected);
        }
      }
    } finally {
      pw.terminate();
      inThread.terminate();
      sync.dispose();
    }
  },
);

test(
  'a findPaths options getter that changes after the check still posts the checked value',
  { todo: needsSnapshots },
  async () => {
    const pw = await PathWorker.create(openMap(4, 4));
    try {
      let reads = 0;
      const options = {
        get diagonal() {
          return ++reads === 1 ? 'always' : () => 'always';
        },
      };
      const [result] = await pw.findPaths([{ sx: 0, sy: 0, gx: 3, gy: 3 }], options);
      assert.equal(result.path.length, 8, 'diagonal: always');
    } finally {
      pw.terminate();
    }
  },
);

// --- a host that refuses a message --------------------------------------------------------------

test('a postMessage that throws rejects exactly the requests of that message; its edits still arrive', async () => {
  let refuse = false;
  const start = () => {
    const thread = startNodeWorker();
    const post = thread.postMessage.bind(thread);
    thread.postMessage = (message, transfer) => {
      if (refuse && message.requests) {
        refuse = false;
        throw new DOMException('the host refused this message', 'DataCloneError');
      }
      post(message, transfer);
    };
    return thread;
  };
  const map = drawMap(['....', '###.', '....']);
  const sync = tilepath.createGrid(4, 3, map.cells);
  const pw = await PathWorker.create({ ...copyOf(map), worker: start });
  try {
    const earlier = pw.findPath(0, 0, 0, 2); // its own message, before the refused one
    await nextTask();
    refuse = true;
    pw.setCell(3, 1, 1); // the gap closes, in the refused message
    sync.set(3, 1, 1);
    const refused = [pw.findPath(0, 0, 0, 2), pw.findPath(0, 0, 3, 0)];
    for (const request of refused) {
      await assert.rejects(request, {
        name: 'DataCloneError',
        message: 'the host refused this message',
      });
    }
    assert.equal((await earlier).status, 'found');
    const after = await pw.findPath(0, 0, 0, 2);
    assert.deepEqual(comparable(after), comparable(sync.findPath(0, 0, 0, 2)));
    assert.equal(after.status, 'none', 'the edit of the refused message reached the worker');
    assert.equal(pw.stats.inFlight, 0);
  } finally {
    pw.terminate();
    sync.dispose();
  }
});

// --- buffers already moved away ----------------------------------------------------------------

test('a cells buffer already transferred to a PathWorker is refused, saying so', async () => {
  const map = openMap(4, 4);
  const { cells } = map;
  const pw = await PathWorker.create(map);
  try {
    const expected = {
      name: 'TypeError',
      message:
        'cells is detached: its buffer was transferred to a PathWorker (by create or setAll) and ' +
        'holds no cells any more; pass a new array, or pw.cells() for a copy of the current ones',
    };
    assert.deepEqual(
      thrown(() => PathWorker.create({ width: 4, height: 4, cells })),
      expected,
    );
    assert.deepEqual(
      thrown(() => pw.setAll(cells)),
      expected,
    );
    assert.deepEqual(
      thrown(() => pw.setAll(cells.buffer)),
      expected,
    );
    assert.deepEqual(
      thrown(() => InThreadPathWorker.create({ width: 4, height: 4, cells, loadPathfinder })),
      expected,
    );
    const level = new Uint8Array(16);
    pw.setAll(level);
    assert.deepEqual(
      thrown(() => pw.setAll(level)),
      expected,
    );
    // An empty array that was never transferred is just the wrong length.
    assert.throws(() => pw.setAll(new Uint8Array(0)), { name: 'RangeError' });
  } finally {
    pw.terminate();
  }
});

test('recover is checked alike by PathWorker and InThreadPathWorker', () => {
  // InThreadPathWorker (createWeChatPathWorker's fallback) took recover: 'rejct' without a word.
  const expected = {
    name: 'RangeError',
    message: `recover must be 'replay' or 'reject', got "rejct"`,
  };
  assert.deepEqual(
    thrown(() => PathWorker.create({ ...openMap(4, 4), recover: 'rejct' })),
    expected,
  );
  assert.deepEqual(
    thrown(() => InThreadPathWorker.create({ ...openMap(4, 4), recover: 'rejct', loadPathfinder })),
    expected,
  );
});

/** Asserts that PathWorker.create and InThreadPathWorker.create refuse `extra` alike. */
function refusedAlike(extra, expected) {
  assert.deepEqual(
    thrown(() => PathWorker.create({ ...openMap(4, 4), ...extra })),
    expected,
  );
  assert.deepEqual(
    thrown(() => InThreadPathWorker.create({ ...openMap(4, 4), ...extra, loadPathfinder })),
    expected,
  );
}

test('recover, given no string, is named in plain words', () => {
  // JSON.stringify printed "got undefined" for a function or a symbol, and threw on a BigInt.
  for (const [recover, shown] of [
    [() => 'reject', 'a function'],
    [Symbol('reject'), 'Symbol(reject)'],
    [2n, '2n'],
    [null, 'null'],
  ]) {
    refusedAlike(
      { recover },
      { name: 'RangeError', message: `recover must be 'replay' or 'reject', got ${shown}` },
    );
  }
});

// --- misspelt create options --------------------------------------------------------------------

test('create refuses a misspelt option, naming the one meant, on either kind of path worker', () => {
  // Each was silently ignored: `wokers: 2` gave one worker, `cahce` no cache, `recovr` replay.
  for (const [extra, meant] of [
    [{ wokers: 2 }, 'workers'],
    [{ Cache: 64 }, 'cache'],
    [{ recovr: 'reject' }, 'recover'],
    [{ cost: { 1: 3 } }, 'costs'],
    [{ orientaton: 'hexagonal' }, 'orientation'],
    [{ loadoptions: {} }, 'loadOptions'],
    [{ readyTimeot: 100 }, 'readyTimeout'],
  ]) {
    const key = Object.keys(extra)[0];
    const message = (call) => `${call}: unknown option '${key}' (did you mean '${meant}'?)`;
    assert.deepEqual(
      thrown(() => PathWorker.create({ ...openMap(4, 4), ...extra })),
      { name: 'TypeError', message: message('PathWorker.create') },
    );
    assert.deepEqual(
      thrown(() => InThreadPathWorker.create({ ...openMap(4, 4), ...extra, loadPathfinder })),
      { name: 'TypeError', message: message('InThreadPathWorker.create') },
    );
  }
  assert.deepEqual(
    thrown(() => InThreadPathWorker.create({ ...openMap(4, 4), msPerFrme: 2, loadPathfinder })),
    {
      name: 'TypeError',
      message: "InThreadPathWorker.create: unknown option 'msPerFrme' (did you mean 'msPerFrame'?)",
    },
  );
});

test("create still takes other keys, such as the rest of a Tiled layer, and the other kind's options", async () => {
  const layer = {
    ...openMap(4, 4),
    costs: { 1: 0 },
    gids: [],
    offsetX: 0,
    offsetY: 0,
    tileWidth: 32,
    tileHeight: 32,
  };
  const pw = await PathWorker.create({ ...layer, msPerFrame: 2, cells: layer.cells.slice() });
  const inThread = await InThreadPathWorker.create({
    ...layer,
    worker: () => startNodeWorker(),
    recover: 'reject',
    loadOptions: {},
    readyTimeout: 1000,
    loadPathfinder,
  });
  try {
    assert.equal((await pw.findPath(0, 0, 3, 3)).status, 'found');
    assert.equal((await inThread.findPath(0, 0, 3, 3)).status, 'found');
  } finally {
    pw.terminate();
    inThread.terminate();
  }
});

// --- a worker that never says it is ready ------------------------------------------------------

/** A worker-like object that takes every message and never answers. */
function silentWorker() {
  const silent = {
    terminated: 0,
    postMessage() {},
    addEventListener() {},
    terminate() {
      silent.terminated++;
    },
  };
  return silent;
}

test('create gives up on a worker that never says it is ready: rejects, saying what to check, and terminates it', async () => {
  const silent = silentWorker();
  const started = Date.now();
  await assert.rejects(
    PathWorker.create({ ...openMap(8, 8), worker: () => silent, readyTimeout: 50 }),
    (error) => {
      assert.equal(error.name, 'Error');
      assert.match(error.message, /^PathWorker: the worker did not say it was ready within 50 ms/);
      assert.match(error.message, /worker script's URL/);
      assert.match(error.message, /tilepath\.wasm/);
      assert.match(error.message, /raise readyTimeout \(0 waits for ever\)/);
      return true;
    },
  );
  assert.ok(Date.now() - started >= 45, 'it waited for the time given');
  assert.equal(silent.terminated, 1, 'the worker was terminated');
});

test('a worker thread whose script loads but hangs is ended when create gives up on it', async () => {
  // A script that runs and never listens: create used to wait for ever.
  const thread = new Worker('setInterval(() => {}, 1000)', { eval: true });
  const exited = once(thread, 'exit');
  await assert.rejects(
    PathWorker.create({ ...openMap(8, 8), worker: () => thread, readyTimeout: 200 }),
    /did not say it was ready within 200 ms/,
  );
  await exited; // terminated: the test would not end if the thread lived on
});

test('a replacement worker that never says it is ready is given up on too, and the next one answers', async () => {
  // The first worker dies with requests in flight; the one started to replace it hangs: the
  // requests waited for ever. It is now lost like a dead one, and another replays them. (The
  // timeout is for the real threads too: 300 ms failed by luck on a loaded 2-core machine.)
  const silent = silentWorker();
  const threads = [];
  let calls = 0;
  const worker = () => {
    calls++;
    if (calls === 2) return silent;
    const thread = startNodeWorker();
    threads.push(thread);
    return thread;
  };
  const pw = await PathWorker.create({ ...openMap(256, 256), worker, readyTimeout: 3000 });
  try {
    const answers = Array.from({ length: 10 }, (_, i) =>
      pw.findPath(0, 0, 255, 255 - i, { algorithm: 'dijkstra' }),
    );
    await nextTask();
    assert.ok(pw.stats.inFlight > 0, 'requests are in flight');
    threads[0].terminate();
    for (const answer of await Promise.all(answers)) assert.equal(answer.status, 'found');
    assert.equal(calls, 3, 'the silent replacement was given up on, and a third worker started');
    assert.equal(silent.terminated, 1);
    assert.equal(pw.stats.restarts, 2);
  } finally {
    pw.terminate();
  }
});

test('a pool whose one worker never answers rejects, and none of its workers is left running', async () => {
  const exits = [];
  const silent = silentWorker();
  let calls = 0;
  const worker = () => {
    calls++;
    if (calls === 2) return silent;
    const thread = startNodeWorker();
    exits.push(once(thread, 'exit'));
    return thread;
  };
  await assert.rejects(
    PathWorker.create({ ...openMap(8, 8), workers: 3, worker, readyTimeout: 2000 }),
    /did not say it was ready within 2000 ms/,
  );
  assert.equal(exits.length, 2);
  await Promise.all(exits); // the two that were ready were terminated by the pool
  assert.equal(silent.terminated, 1);
});

test('readyTimeout 0 or Infinity waits for ever; a bad one is refused alike by either kind, naming it', async () => {
  for (const readyTimeout of [0, Infinity]) {
    const silent = silentWorker();
    const pending = PathWorker.create({ ...openMap(4, 4), worker: silent, readyTimeout });
    let settled = false;
    pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(settled, false, `readyTimeout ${readyTimeout}: still waiting`);
    // Nothing else stops it but the worker's loss (here: the test ends it from outside).
    silent.terminate();
    await assert.rejects(pending, /could not start \(terminated from outside\)/);
  }
  assert.equal(readReadyTimeout({}), DEFAULT_READY_TIMEOUT);
  assert.equal(DEFAULT_READY_TIMEOUT, 30000);
  const rule =
    'readyTimeout must be milliseconds from 0 to 2147483647, or Infinity (0 and Infinity wait for ever), got';
  for (const [readyTimeout, name, shown] of [
    [-1, 'RangeError', '-1'],
    [NaN, 'RangeError', 'NaN'],
    [2 ** 31, 'RangeError', '2147483648'],
    [-Infinity, 'RangeError', '-Infinity'],
    ['100', 'TypeError', '"100"'],
    [100n, 'TypeError', '100n'],
    [null, 'TypeError', 'null'],
  ]) {
    refusedAlike({ readyTimeout }, { name, message: `${rule} ${shown}` });
  }
});

test('a worker option that is no worker is named, not met with an error from inside', async () => {
  // Was "this.worker.postMessage is not a function" and "Cannot read properties of null".
  const rule =
    'must be a Worker or a worker-like object with postMessage (and onmessage, ' +
    "addEventListener('message') or onMessage(fn))";
  assert.deepEqual(
    thrown(() => PathWorker.create({ ...openMap(4, 4), worker: {} })),
    { name: 'TypeError', message: `options.worker ${rule}, got an object without postMessage` },
  );
  for (const [made, shown] of [
    [null, 'null'],
    [{ onmessage: null }, 'an object without postMessage'],
  ]) {
    await assert.rejects(PathWorker.create({ ...openMap(4, 4), worker: () => made }), {
      name: 'TypeError',
      message: `what options.worker() returned ${rule}, got ${shown}`,
    });
  }
});

// --- memory -------------------------------------------------------------------------------------

test("stats carry the worker's wasm memory, updated with its replies", async () => {
  const pw = await PathWorker.create(openMap(16, 16));
  const inThread = await InThreadPathWorker.create({ ...openMap(16, 16), loadPathfinder });
  try {
    const atStart = pw.stats.wasmMemoryBytes;
    assert.ok(atStart >= 65536 && atStart % 65536 === 0, `${atStart} bytes: whole wasm pages`);
    // A bigger level makes the worker's heap grow; the next reply says so.
    await pw.findPath(0, 0, 15, 15);
    assert.equal(inThread.stats.wasmMemoryBytes, tilepath.memoryBytes());
    const big = await PathWorker.create(openMap(2048, 2048));
    try {
      await big.findPath(0, 0, 2047, 2047);
      assert.ok(big.stats.wasmMemoryBytes > 2048 * 2048, `${big.stats.wasmMemoryBytes} bytes`);
    } finally {
      big.terminate();
    }
  } finally {
    pw.terminate();
    inThread.terminate();
  }
});

test('both create methods read their settings in one order: the first bad one is named alike', async () => {
  const tilepath = await createPathfinder();
  const grid = { width: 4, height: 4 };
  const cases = [
    [{ cache: -1, recover: 'never', readyTimeout: -5 }, /^cache /],
    [{ cacheBytes: 0.5, recover: 'never', readyTimeout: -5 }, /^cacheBytes /],
    [{ recover: 'never', readyTimeout: -5 }, /^recover /],
    [{ readyTimeout: -5 }, /^readyTimeout /],
  ];
  for (const [settings, first] of cases) {
    const worker = thrown(() => PathWorker.create({ ...grid, ...settings }));
    const inThread = thrown(() =>
      InThreadPathWorker.create({ ...grid, ...settings, loadPathfinder: () => tilepath }),
    );
    assert.match(worker.message, first, JSON.stringify(settings));
    assert.equal(inThread.message, worker.message, JSON.stringify(settings));
  }
});
