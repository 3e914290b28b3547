// Request ids travel in an Int32Array: past 2^31 - 1 they start again at 1, skipping the ids the
// worker may still answer, and every request still settles with its own answer.
// Run: node --test tests/js/worker/worker-ids.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { PathWorker } from '../../../js/worker-node.js';
import { MAX_REQUEST_ID } from '../../../js/worker/protocol.js';
import { requestIdsForTests } from '../../../js/worker/requests.js';
import { comparable, random } from '../../e2e/pages/worker-maps.js';
import { heldWorkers, nextTask } from '../support/workers.mjs';

const tilepath = await createPathfinder();

/** A random map, and the same map as a sync grid to check answers against. */
function randomMap(width, height, seed) {
  const next = random(seed);
  const cells = Uint8Array.from({ length: width * height }, () => (next() < 0.2 ? 1 : 0));
  const sync = tilepath.createGrid(width, height);
  sync.setCells(Uint32Array.from(cells.keys()), cells);
  return { map: { width, height, cells }, sync, next };
}

/** Every request settled, and no reply was ignored (none was taken for another's). */
function allSettled(pw) {
  assert.equal(pw.stats.repliesIgnored, 0);
  assert.equal(pw.stats.inFlight, 0);
}

/** The end of a test: the hook reset, the worker (or pool) and the sync grid freed. */
function stop(pw, sync) {
  requestIdsForTests.jumpTo = null;
  pw.terminate();
  sync.dispose();
}

test('ids past 2^31 - 1 start again at 1, skipping one still in flight', async () => {
  const workers = heldWorkers(tilepath);
  const { map, sync } = randomMap(16, 16, 5);
  const pw = await PathWorker.create({ ...map, cells: map.cells.slice(), worker: workers.start });
  try {
    workers.hold(true);
    const first = pw.findPath(0, 0, 15, 15); // id 1, its answer held back
    await workers.answered(1);
    requestIdsForTests.jumpTo = MAX_REQUEST_ID - 1;
    const ends = [
      [1, 0, 14, 15],
      [2, 0, 13, 15],
      [3, 0, 12, 15],
      [4, 0, 11, 15],
    ];
    const later = ends.map(([sx, sy, gx, gy]) => pw.findPath(sx, sy, gx, gy));
    // One cancelled while the worker has it: its id stays taken until the worker is past it.
    const controller = new AbortController();
    const cancelled = pw.findPath(5, 0, 10, 15, { signal: controller.signal });
    await workers.answered(6);
    controller.abort();
    await assert.rejects(cancelled, { name: 'AbortError' });
    assert.deepEqual(workers.ids, [1, MAX_REQUEST_ID - 1, MAX_REQUEST_ID, 2, 3, 4]);
    workers.release();
    const answers = await Promise.all([first, ...later]);
    assert.deepEqual(comparable(answers[0]), comparable(sync.findPath(0, 0, 15, 15)));
    ends.forEach(([sx, sy, gx, gy], k) =>
      assert.deepEqual(comparable(answers[k + 1]), comparable(sync.findPath(sx, sy, gx, gy))),
    );
    // After the wrap: the count goes on from there (4 stays taken until the client has seen the
    // worker answer a later request), and all are answered.
    const more = await Promise.all([pw.findPath(0, 0, 1, 0), pw.findPath(0, 0, 0, 1)]);
    assert.equal(more.length, 2);
    assert.deepEqual(workers.ids.slice(6), [5, 6]);
    allSettled(pw);
  } finally {
    stop(pw, sync);
  }
});

/** Many requests across the wrap, with edits between them, on `pw`; checked against `sync`. */
async function requestsAcrossTheWrap(pw, sync, next, count) {
  const pick = (n) => Math.floor(next() * n);
  const { width, height } = sync;
  const asked = [];
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) {
      const [x, y, cls] = [pick(width), pick(height), next() < 0.3 ? 1 : 0];
      pw.setCell(x, y, cls);
      sync.set(x, y, cls);
    }
    const [sx, sy, gx, gy] = [pick(width), pick(height), pick(width), pick(height)];
    const expected = comparable(sync.findPath(sx, sy, gx, gy));
    asked.push(pw.findPath(sx, sy, gx, gy).then((result) => [comparable(result), expected]));
    if (i % 7 === 0) await nextTask();
  }
  const results = await Promise.all(asked);
  for (const [i, [actual, expected]] of results.entries())
    assert.deepEqual(actual, expected, `request ${i}`);
  assert.ok(results.filter(([r]) => r.status === 'found').length > count / 4);
  return results.length;
}

test('a PathWorker answers every request across the wrap, with edits between them', async () => {
  const { map, sync, next } = randomMap(32, 24, 9);
  requestIdsForTests.jumpTo = MAX_REQUEST_ID - 40;
  const pw = await PathWorker.create({ ...map, cells: map.cells.slice() });
  try {
    assert.equal(await requestsAcrossTheWrap(pw, sync, next, 120), 120);
    allSettled(pw);
  } finally {
    stop(pw, sync);
  }
});

test('a pool answers every request across the wrap, each of its workers near the limit', async () => {
  const { map, sync, next } = randomMap(32, 24, 11);
  const pool = await PathWorker.create({ ...map, cells: map.cells.slice(), workers: 2 });
  try {
    // The least busy member takes each request: one near the limit, then the other.
    const firsts = [];
    for (let k = 0; k < 2; k++) {
      requestIdsForTests.jumpTo = MAX_REQUEST_ID - 30;
      firsts.push(pool.findPath(0, 0, 1, 1));
    }
    assert.deepEqual(
      pool.stats.workers.map((stats) => stats.inFlight),
      [1, 1],
    );
    await Promise.all(firsts);
    // Enough requests that each member takes more than 40 (its ids wrap after 30) even when the
    // machine's load leaves one of them slower: 150 once gave a member only 40.
    assert.equal(await requestsAcrossTheWrap(pool, sync, next, 300), 300);
    allSettled(pool);
    for (const stats of pool.stats.workers) assert.ok(stats.resultsReceived > 40);
  } finally {
    stop(pool, sync);
  }
});
