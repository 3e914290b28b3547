// The worker protocol under attack, both ways: garbage sent to the worker thread is answered with
// an error naming what was wrong and the thread keeps serving; garbage sent to the client is
// ignored, never settles someone else's request, and never empties the replay log.
// Run: node --test tests/js/worker/worker-hostile.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { PathWorker, serveWorker, startNodeWorker } from '../../../js/worker-node.js';
import { OPTION_SLOT } from '../../../js/core/checks.js';
import { comparable, random } from '../../e2e/pages/worker-maps.js';
import { copyOf, heldWorkers, nextTask, openMap, recordingWorkers } from '../support/workers.mjs';

const tilepath = await createPathfinder();
// What the worker says of a search's options that are not its codes in wire form.
const PAIRS = "must be pairs of an option's slot (0 to 14) and its code";

/** A worker thread spoken to directly, message by message, as a hostile host would. */
async function bareThread() {
  const thread = startNodeWorker();
  const replies = [];
  let wake = null;
  thread.on('message', (message) => {
    replies.push(message);
    wake?.();
  });
  let exited = false;
  thread.on('exit', () => (exited = true));
  const nextReply = async () => {
    while (!replies.length) await new Promise((resolve) => (wake = resolve));
    return replies.shift();
  };
  return { thread, nextReply, exited: () => exited };
}

const update = (fields) => ({
  type: 'update',
  seq: 1,
  cells: null,
  indices: new Uint32Array(0),
  values: new Uint8Array(0),
  costs: null,
  requests: null,
  options: null,
  cancel: null,
  ...fields,
});

const refused = (seq, name, message) => ({ type: 'protocolError', seq, error: { name, message } });

// Each malformed message, and the whole reply it must get.
const GARBAGE = [
  [null, refused(null, 'TypeError', 'a message must be an object, got null')],
  [42, refused(null, 'TypeError', 'a message must be an object, got 42')],
  [{ type: 'explode' }, refused(null, 'TypeError', 'unknown message type "explode"')],
  [{ seq: 3 }, refused(3, 'TypeError', 'unknown message type undefined')],
  [update({ seq: -1 }), refused(null, 'TypeError', 'update.seq must be an integer >= 1, got -1')],
  [
    update({ seq: 2 ** 60 }),
    refused(null, 'TypeError', `update.seq must be an integer >= 1, got ${2 ** 60}`),
  ],
  [
    update({ indices: [3], values: Uint8Array.of(1) }),
    refused(1, 'TypeError', 'update 1: indices must be a Uint32Array, got an array of length 1'),
  ],
  [
    update({ indices: Uint32Array.of(16), values: Uint8Array.of(1) }),
    refused(1, 'RangeError', 'update 1: indices[0] is 16, outside the grid (16 cells)'),
  ],
  [
    update({ indices: Uint32Array.of(1, 2), values: Uint8Array.of(1) }),
    refused(1, 'RangeError', 'update 1: 2 indices but 1 values; one value per index'),
  ],
  [
    update({ costs: Float64Array.of(300, 1) }),
    refused(1, 'RangeError', 'update 1: costs[0]: class must be from 0 to 255, got 300'),
  ],
  [
    update({ costs: Float64Array.of(2, -5) }),
    refused(
      1,
      'RangeError',
      'update 1: costs[0]: cost must be 0 or Infinity (blocked) or a positive number, got -5',
    ),
  ],
  [
    update({ costs: Float64Array.of(2) }),
    refused(1, 'RangeError', 'update 1: costs must hold (class, cost) pairs, got 1 numbers'),
  ],
  [
    update({ costs: [2, 3] }),
    refused(1, 'TypeError', 'update 1: costs must be a Float64Array, got an array of length 2'),
  ],
  [
    update({ requests: Int32Array.of(1, 0, 0, 3, 3) }),
    refused(1, 'RangeError', 'update 1: requests must hold 7 numbers per request, got 5'),
  ],
  [
    update({ requests: Int32Array.of(1, 0, 0, 4, 3, 0, 0) }),
    refused(1, 'RangeError', 'update 1: request 0: (0, 0) -> (4, 3) is outside the grid'),
  ],
  [
    update({ requests: Int32Array.of(1, 0, 0, 3, 3, 5, 0) }),
    refused(1, 'RangeError', 'update 1: request 0: sees 5 cell edits; from 0 to 0 expected'),
  ],
  [
    update({ requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0), options: 5 }),
    refused(
      1,
      'TypeError',
      'update 1: options must be an array with one entry per request (1), got 5',
    ),
  ],
  // A search's options cross as their codes, the ones that differ from the defaults
  // (worker/protocol.js wireCodes): an options object as a caller writes it is not read.
  [
    update({ requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0), options: [{ diagonal: 'never' }] }),
    refused(1, 'TypeError', `update 1: options[0].changed ${PAIRS}, got undefined`),
  ],
  [
    update({ requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0), options: [{ changed: [0, 1, 2] }] }),
    refused(1, 'TypeError', `update 1: options[0].changed ${PAIRS}, got an array of length 3`),
  ],
  [
    // The last slot of the record (its "changed" mark) is not an option's.
    update({ requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0), options: [{ changed: [15, 0] }] }),
    refused(1, 'TypeError', `update 1: options[0].changed ${PAIRS}, got an array of length 2`),
  ],
  [
    update({ requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0), options: [{ changed: [0, '1'] }] }),
    refused(1, 'TypeError', `update 1: options[0].changed ${PAIRS}, got an array of length 2`),
  ],
  [
    update({
      requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0),
      options: [{ changed: [], profile: 7 }],
    }),
    refused(1, 'TypeError', 'update 1: options[0].profile must be a profile name, got 7'),
  ],
  [
    update({
      requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0),
      options: [{ query: 'flowField', goals: [0, 0], diagonal: 'never' }],
    }),
    refused(
      1,
      'TypeError',
      "update 1: options[0].codes must be the options' codes of a flowField, got undefined",
    ),
  ],
  [
    update({
      requests: Int32Array.of(1, 0, 0, 3, 3, 0, 0),
      options: [{ query: 'canReach', codes: { changed: [1] } }],
    }),
    refused(
      1,
      'TypeError',
      `update 1: options[0].codes.changed ${PAIRS}, got an array of length 1`,
    ),
  ],
  [
    update({ cancel: 'everything' }),
    refused(1, 'TypeError', 'update 1: cancel must be an array of request ids, got "everything"'),
  ],
  [
    update({ cancel: [1.5] }),
    refused(
      1,
      'TypeError',
      'update 1: cancel must be an array of request ids, got an array of length 1',
    ),
  ],
  [
    update({ cells: new ArrayBuffer(5) }),
    refused(1, 'RangeError', 'update 1: cells holds 5 bytes; the grid has 16 cells'),
  ],
  [
    { type: 'init', width: 0, height: 4 },
    {
      type: 'initError',
      error: { name: 'RangeError', message: 'init: width must be from 1 to 16384, got 0' },
    },
  ],
  [
    { type: 'init', width: 4, height: 4, cells: new ArrayBuffer(3) },
    {
      type: 'initError',
      error: { name: 'RangeError', message: 'init.cells holds 3 bytes; 16 needed' },
    },
  ],
  [
    { type: 'init', width: 4, height: 4, orientation: 'hexagonal', staggerIndex: 2 },
    {
      type: 'initError',
      error: {
        name: 'TypeError',
        message: "init.staggerIndex must be one of 'odd', 'even', got 2",
      },
    },
  ],
];

test('every malformed message gets an error reply naming what was wrong, and the thread keeps serving', async () => {
  const { thread, nextReply, exited } = await bareThread();
  try {
    thread.postMessage({ type: 'init', width: 4, height: 4, cells: null, costs: null });
    const ready = await nextReply();
    assert.equal(ready.type, 'ready');
    for (const [message, expected] of GARBAGE) {
      thread.postMessage(message);
      assert.deepEqual(await nextReply(), expected, JSON.stringify(message) ?? String(message));
    }
    // Nothing of the refused updates was applied: a real update still sees an open grid.
    thread.postMessage(
      update({
        seq: 1,
        indices: Uint32Array.of(5),
        values: Uint8Array.of(1),
        requests: Int32Array.of(7, 0, 0, 3, 3, 1, 0),
      }),
    );
    const reply = await nextReply();
    const sync = tilepath.createGrid(4, 4);
    sync.set(1, 1, 1);
    const expected = sync.findPath(0, 0, 3, 3);
    sync.dispose();
    const [result] = reply.results;
    assert.equal(typeof result.workerMs, 'number');
    delete result.workerMs;
    assert.deepEqual(reply, {
      type: 'results',
      results: [{ ...expected, id: 7 }],
      done: 1,
      memoryBytes: reply.memoryBytes,
    });
    assert.ok(
      reply.memoryBytes >= 65536 && reply.memoryBytes % 65536 === 0,
      `${reply.memoryBytes}`,
    );
    assert.equal(exited(), false, 'the thread is alive');
  } finally {
    await thread.terminate();
  }
});

test('a search code the core refuses is answered with its error, and the thread keeps serving', async () => {
  const { thread, nextReply, exited } = await bareThread();
  try {
    thread.postMessage({ type: 'init', width: 4, height: 4, cells: null, costs: null });
    assert.equal((await nextReply()).type, 'ready');
    const bad = { changed: [OPTION_SLOT.diagonal, 9] };
    const slow = { changed: [OPTION_SLOT.weight, 0.5] };
    const requests = Int32Array.of(1, 0, 0, 3, 3, 0, 0, 2, 0, 0, 3, 3, 0, 0, 3, 0, 0, 3, 3, 0, 0);
    thread.postMessage(update({ requests, options: [bad, slow, null] }));
    const { results } = await nextReply();
    assert.deepEqual(results.slice(0, 2), [
      {
        id: 1,
        error: {
          name: 'RangeError',
          message:
            "diagonal must be one of 'never', 'noCorners', 'oneObstacle', 'always', got code 9",
        },
      },
      {
        id: 2,
        error: { name: 'RangeError', message: 'weight must be a finite number >= 1, got 0.5' },
      },
    ]);
    // The refused codes left nothing behind: the next search runs with its own (none).
    assert.equal(results[2].id, 3);
    assert.equal(results[2].cost, 6);
    assert.equal(exited(), false);
  } finally {
    await thread.terminate();
  }
});

test('an update before any init is refused, not queued forever', async () => {
  const { thread, nextReply } = await bareThread();
  try {
    thread.postMessage(update({ requests: Int32Array.of(1, 0, 0, 0, 0, 0, 0) }));
    assert.deepEqual(await nextReply(), refused(1, 'Error', 'an update came before any init'));
  } finally {
    await thread.terminate();
  }
});

test('an init that replaces a grid frees it, and answers what was queued for the old one', async () => {
  const { port1, port2 } = new MessageChannel();
  // The wasm takes a while to load, as on a phone: later messages arrive meanwhile.
  serveWorker(port2, () => new Promise((resolve) => setTimeout(() => resolve(tilepath), 20)));
  const replies = [];
  let wake = null;
  port1.on('message', (message) => {
    replies.push(message);
    wake?.();
  });
  const nextReply = async () => {
    while (!replies.length) await new Promise((resolve) => (wake = resolve));
    return replies.shift();
  };
  try {
    const live = tilepath.liveGrids();
    for (let i = 0; i < 5; i++) {
      port1.postMessage({ type: 'init', width: 64, height: 64 });
      assert.equal((await nextReply()).type, 'ready');
      assert.equal(tilepath.liveGrids(), live + 1, `after init ${i + 1}: one grid, not ${i + 1}`);
    }
    // Two inits back to back, with a request queued for the first: the first grid is never kept.
    port1.postMessage({ type: 'init', width: 8, height: 8 });
    port1.postMessage(update({ requests: Int32Array.of(9, 0, 0, 7, 7, 0, 0) }));
    port1.postMessage({ type: 'init', width: 16, height: 16 });
    const answered = await nextReply();
    assert.deepEqual(answered, {
      type: 'results',
      results: [
        {
          id: 9,
          error: { name: 'Error', message: 'PathWorker: the grid was replaced before this ran' },
        },
      ],
      done: -1,
    });
    assert.equal((await nextReply()).type, 'ready');
    await nextTask();
    assert.equal(tilepath.liveGrids(), live + 1);
    // A bad init is refused and leaves the grid in place.
    port1.postMessage({ type: 'init', width: 4, height: 'four' });
    assert.equal((await nextReply()).type, 'initError');
    port1.postMessage(update({ requests: Int32Array.of(10, 0, 0, 15, 15, 0, 0) }));
    const reply = await nextReply();
    assert.equal(reply.results[0].status, 'found');
    assert.equal(tilepath.liveGrids(), live + 1);
  } finally {
    port1.close();
    port2.close();
  }
});

test('replies the client did not ask for are ignored: no request settles from them, the replay log stays', async () => {
  const workers = recordingWorkers();
  const map = openMap(256, 256);
  const sync = tilepath.createGrid(256, 256);
  const pw = await PathWorker.create({ ...copyOf(map), worker: workers.start });
  try {
    const answered = await pw.findPath(0, 0, 1, 1); // id 1, settled
    const options = { algorithm: 'dijkstra' };
    const checks = [];
    for (let i = 0; i < 8; i++) {
      pw.setCell(100 + i, 100, 1);
      sync.set(100 + i, 100, 1);
      const expected = comparable(sync.findPath(0, 0, 255, 255 - i, options));
      checks.push(pw.findPath(0, 0, 255, 255 - i, options).then((r) => [comparable(r), expected]));
    }
    // Posted now, and the made-up replies below are given in this same task: no real answer can
    // reach the client before them. (Waiting a task instead let a fast worker answer id 2 and
    // more first under load, so that the made-up ones met answered ids: the test was flaky.)
    pw.flush(); // ids 2..9 are in flight
    const queued = pw.findPath(0, 0, 2, 0); // id 10, not posted yet
    const fake = { status: 'found', path: Int32Array.of(0, 0), cost: 0, expanded: 0, goal: null };
    const thread = workers.threads[0];
    const ignoredBefore = pw.stats.repliesIgnored;
    const garbage = [
      null,
      'results',
      { type: 'surprise' },
      { type: 'ready' }, // a second ready
      { type: 'initError', error: { name: 'Error', message: 'no' } }, // after ready
      { type: 'results', results: 'all of them', done: -1 },
      { type: 'results', results: [], done: 2 ** 40 }, // a seq never posted
      { type: 'results', results: [], done: 'everything' },
      { type: 'results', results: [{ ...fake, id: 10 }], done: -1 }, // not posted yet
      { type: 'results', results: [{ ...fake, id: 9 }], done: -1 }, // out of order: 2 is first
      { type: 'results', results: [{ ...fake, id: 2, status: 'maybe' }], done: -1 },
      { type: 'results', results: [{ ...fake, id: 3, path: [0, 0] }], done: -1 },
      { type: 'results', results: [{ id: 4, error: 'bad' }], done: -1 },
      { type: 'fatal', id: 999, error: { name: 'RuntimeError', message: 'unreachable' } },
      { type: 'protocolError', seq: 77, error: { name: 'TypeError', message: 'no' } },
    ];
    for (const message of garbage) thread.emit('message', message);
    assert.equal(pw.stats.repliesIgnored - ignoredBefore, garbage.length);
    // An answer for an id already answered changes nothing (nor is it counted: a cancelled
    // request's answer arrives that way); one for an id never issued is counted.
    thread.emit('message', {
      type: 'results',
      results: [
        { ...fake, id: 1 },
        { ...fake, id: 5000 },
      ],
      done: -1,
    });
    assert.equal(pw.stats.repliesIgnored - ignoredBefore, garbage.length + 1);
    assert.equal(pw.stats.inFlight, 9);
    assert.equal(answered.status, 'found');

    // The replay log is whole: a worker lost now is rebuilt and every request still answered.
    thread.terminate();
    for (const [i, [actual, expected]] of (await Promise.all(checks)).entries())
      assert.deepEqual(actual, expected, `request ${i + 2}`);
    assert.deepEqual(comparable(await queued), comparable(sync.findPath(0, 0, 2, 0)));
    assert.equal(pw.stats.restarts, 1);
  } finally {
    pw.terminate();
    sync.dispose();
  }
});

test('a worker that refuses one of our updates rejects its requests with the reason and is rebuilt', async () => {
  // A worker from another build, say, that does not accept one of our messages: it answers with
  // a protocolError and applies nothing of it.
  let refusals = 1;
  let started = 0;
  const start = () => {
    started++;
    const { port1, port2 } = new MessageChannel();
    serveWorker(port2, async () => tilepath);
    let listener = null;
    return {
      postMessage(message, transfer) {
        if (message.type === 'update' && message.requests && refusals-- > 0) {
          const reply = refused(message.seq, 'TypeError', 'update: unknown field');
          setTimeout(() => listener({ data: reply }), 0);
        } else port1.postMessage(message, transfer);
      },
      addEventListener(type, fn) {
        if (type === 'message') listener = fn;
        port1.addEventListener(type, fn);
      },
      terminate() {
        port1.close();
        port2.close();
      },
    };
  };
  const map = openMap(8, 8);
  const sync = tilepath.createGrid(8, 8);
  const pw = await PathWorker.create({ ...map, worker: start });
  try {
    pw.setCell(3, 0, 1);
    sync.set(3, 0, 1);
    await assert.rejects(pw.findPath(0, 0, 7, 0), {
      name: 'TypeError',
      message: 'update: unknown field',
    });
    assert.deepEqual(
      comparable(await pw.findPath(0, 0, 7, 0)),
      comparable(sync.findPath(0, 0, 7, 0)),
      'the refused edit reached the new worker',
    );
    assert.equal(started, 2);
    assert.equal(pw.stats.restarts, 1);
  } finally {
    pw.terminate();
    sync.dispose();
  }
});

test('replies to fields, ranges, canReach, repairs, hierarchies and paths are checked whole: a bad one is ignored and counted, the true one still settles', async () => {
  const workers = heldWorkers(tilepath);
  const width = 12;
  const height = 9;
  const next = random(15);
  const cells = Uint8Array.from({ length: width * height }, () => (next() < 0.2 ? 1 : 0));
  cells[0] = 0;
  const sync = tilepath.createGrid(width, height);
  sync.setCells(Uint32Array.from(cells.keys()), cells);
  const pw = await PathWorker.create({
    width,
    height,
    cells: cells.slice(),
    worker: workers.start,
  });
  // An open cell with an open east neighbour, for a code that steps off the grid from x = 0.
  const free = [...cells.keys()].filter((i) => cells[i] === 0);
  const far = free[free.length - 1];
  const [fx, fy] = [far % width, Math.floor(far / width)];
  const edge = free.find((i) => i % width === 0);
  const patched = (array, index, value) => {
    const copy = array.slice();
    copy[index] = value;
    return copy;
  };
  // Each kind: how it is asked, what the true answer must equal, and bad copies of that answer.
  const kinds = [
    {
      name: 'flowField',
      ask: () => pw.flowField([fx, fy]),
      check: (field) => {
        const expected = sync.flowField([fx, fy]);
        assert.deepEqual(field.directions, expected.directions);
        assert.deepEqual(field.costs, expected.costs);
        assert.deepEqual(field.pathFrom(0, 0), expected.pathFrom(0, 0));
      },
      bad: (reply) => [
        { ...reply, directions: patched(reply.directions, 3, 200) },
        { ...reply, directions: patched(reply.directions, edge, 5) }, // west, off the grid
        { ...reply, directions: patched(reply.directions, far, 13) },
        { ...reply, costs: patched(reply.costs, 4, -1) },
        { ...reply, costs: patched(reply.costs, 4, NaN) },
        { ...reply, costs: reply.costs.slice(1) },
        { ...reply, directions: Array.from(reply.directions) },
      ],
    },
    {
      name: 'reachable',
      ask: () => pw.reachable(0, 0, { maxCost: 8 }),
      check: (range) => {
        const expected = sync.reachable(0, 0, { maxCost: 8 });
        assert.deepEqual(range.cells, expected.cells);
        assert.deepEqual(range.cameFrom, expected.cameFrom);
        assert.deepEqual(
          range.pathTo(range.cells.at(-2), range.cells.at(-1)),
          expected.pathTo(expected.cells.at(-2), expected.cells.at(-1)),
        );
      },
      bad: (reply) => [
        { ...reply, cells: Int32Array.of(0, 0, 99, 0) },
        { ...reply, cells: Int32Array.of(0, 0, -5, 1) },
        { ...reply, cells: Int32Array.of(0, 0, 1, 1e9) },
        { ...reply, cells: Int32Array.of(0, 0, 1) },
        { ...reply, cells: Int32Array.from({ length: width * height * 2 + 2 }) },
        { ...reply, cameFrom: patched(reply.cameFrom, 7, 200) },
        { ...reply, cameFrom: patched(reply.cameFrom, edge, 5) },
        { ...reply, costs: patched(reply.costs, 2, -3) },
      ],
    },
    {
      name: 'canReach',
      ask: () => pw.canReach(0, 0, fx, fy),
      check: (answer) => assert.equal(answer, sync.canReach(0, 0, fx, fy)),
      bad: (reply) => [
        { ...reply, reachable: 'yes' },
        { ...reply, reachable: 1 },
      ],
    },
    {
      name: 'repairPath',
      ask: () => pw.repairPath(Int32Array.of(0, 0), 0),
      check: (answer) =>
        assert.equal(answer.status, sync.repairPath(Int32Array.of(0, 0), 0).status),
      bad: (reply) => [
        { ...reply, path: Int32Array.of(0, 0, 99, 0) },
        { ...reply, path: Int32Array.of(0, -5) },
        { ...reply, path: Int32Array.of(0) },
        { ...reply, repaired: 'mostly' },
        { ...reply, status: 'maybe' },
      ],
    },
    {
      name: 'abstractGraph',
      ask: () => pw.abstractGraph(),
      check: (graph) => {
        const expected = sync.abstractGraph();
        assert.deepEqual(graph.nodes, expected.nodes);
        assert.deepEqual(graph.edges, expected.edges);
      },
      bad: (reply) => [
        { ...reply, nodes: Int32Array.of(1e9, 0) },
        { ...reply, edges: Int32Array.of(0, 0, 1) },
        { ...reply, edges: Int32Array.of(0, 0, 1, -5) },
        { ...reply, clusterSize: 0 },
        { ...reply, clusterSize: NaN },
      ],
    },
    {
      name: 'findPath',
      ask: () => pw.findPath(0, 0, fx, fy),
      check: (result) =>
        assert.deepEqual(comparable(result), comparable(sync.findPath(0, 0, fx, fy))),
      bad: (reply) => [
        { ...reply, path: Int32Array.of(0, 0, 99, 0) },
        { ...reply, path: Int32Array.of(0, 0, 1, 1e9) },
        { ...reply, path: Int32Array.of(-5, 0) },
        { ...reply, path: Int32Array.of(0, 0, 1) },
      ],
    },
  ];
  let injected = 0;
  try {
    for (const kind of kinds) {
      workers.hold(true);
      let settled = false;
      const asked = kind.ask().finally(() => (settled = true));
      const [reply] = (await workers.answered(1)).slice(-1);
      const before = pw.stats.repliesIgnored;
      const bad = kind.bad(reply);
      for (const answer of bad) {
        workers.inject({ type: 'results', results: [answer], done: -1 });
        injected++;
      }
      await nextTask();
      assert.equal(pw.stats.repliesIgnored - before, bad.length, kind.name);
      assert.equal(settled, false, `${kind.name}: no bad reply settled it`);
      assert.equal(pw.stats.inFlight, 1, kind.name);
      workers.release();
      kind.check(await asked);
      workers.held.length = 0;
    }
    assert.ok(injected >= 30, `${injected} bad replies`);
    assert.equal(pw.stats.restarts, 0);
  } finally {
    pw.terminate();
    sync.dispose();
  }
});
