// A pool of workers (PathWorker.create({ workers: n })): every edit reaches every worker, each
// request sees exactly the edits made before it, and the answers equal one worker's.
// Run: node --test tests/js/worker-pool.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InThreadPathWorker, PathWorker, startNodeWorker } from '../../js/worker-node.js';
import { comparable, drawMap, random } from '../e2e/pages/worker-maps.js';
import { loadMap } from './support/movingai.mjs';
import { nextTask } from './support/workers.mjs';

test('thousands of mixed requests with edits: a pool of 3 answers exactly as one worker', async () => {
  const map = loadMap('arena.map');
  const costs = { 2: 3 };
  const pool = await PathWorker.create({ ...map, cells: map.cells.slice(), costs, workers: 3 });
  const single = await PathWorker.create({ ...map, cells: map.cells.slice(), costs });
  const next = random(7);
  const pick = (n) => Math.floor(next() * n);
  const both = (method, ...args) => {
    pool[method](...args);
    single[method](...args);
  };
  const optionsList = [
    undefined,
    { diagonal: 'noCorners' },
    { diagonal: 'always', smooth: true },
    { goal: 'adjacent', diagonal: 'oneObstacle' },
    { partial: true, maxExpansions: 300 },
    { algorithm: 'jps', diagonal: 'noCorners' },
  ];
  const request = () => [pick(map.width), pick(map.height), pick(map.width), pick(map.height)];
  const fromPool = [];
  const fromSingle = [];
  try {
    for (let round = 0; round < 400; round++) {
      for (let e = pick(3); e > 0; e--) {
        const kind = pick(10);
        if (kind < 5) both('setCell', pick(map.width), pick(map.height), pick(3));
        else if (kind < 8) both('fillRect', pick(map.width), pick(map.height), 3, 2, pick(3));
        else if (kind < 9) both('setCost', 2, [1, 3, Infinity][pick(3)]);
        else {
          const cells = single.cells();
          cells[pick(cells.length)] = 1;
          pool.setAll(cells.slice());
          single.setAll(cells);
        }
      }
      // Single requests and whole batches, interleaved with the edits of the same task.
      for (let r = pick(6); r > 0; r--) {
        const [sx, sy, gx, gy] = request();
        const options = optionsList[pick(optionsList.length)];
        fromPool.push(pool.findPath(sx, sy, gx, gy, options));
        fromSingle.push(single.findPath(sx, sy, gx, gy, options));
      }
      if (round % 4 === 0) {
        const batch = Array.from({ length: 12 }, () => request()).flat();
        const options = optionsList[pick(optionsList.length)];
        fromPool.push(pool.findPaths(batch, options));
        fromSingle.push(single.findPaths(batch, options));
      }
      if (round % 10 === 0) await nextTask();
    }
    const got = (await Promise.all(fromPool)).flat();
    const expected = (await Promise.all(fromSingle)).flat();
    assert.ok(got.length > 2000, `only ${got.length} requests`);
    assert.ok(got.filter((r) => r.status === 'found').length > 500);
    got.forEach((result, i) =>
      assert.deepEqual(comparable(result), comparable(expected[i]), `request ${i}`),
    );
    // Every worker of the pool did its share.
    const { workers } = pool.stats;
    assert.equal(workers.length, 3);
    for (const stats of workers) assert.ok(stats.resultsReceived > 200, JSON.stringify(stats));
    assert.equal(pool.stats.resultsReceived, got.length);
  } finally {
    pool.terminate();
    single.terminate();
  }
});

test('a pool recovers when one of its workers dies: every request still sees its own edits', async () => {
  const map = drawMap(['........', '.######.', '........', '........']);
  const pool = await PathWorker.create({ ...map, workers: 2, worker: startNodeWorker });
  try {
    const before = pool.findPath(0, 0, 7, 0);
    pool.setCell(3, 0, 1);
    const after = Array.from({ length: 6 }, () => pool.findPath(0, 0, 7, 0));
    pool.flush();
    pool.workers[1].terminate(); // from outside, with requests in flight
    const results = await Promise.all([before, ...after]);
    assert.equal(results[0].cost, 7);
    for (const result of results.slice(1)) assert.equal(result.cost, 11);
    assert.ok(pool.stats.restarts >= 1);
    assert.equal((await pool.findPath(0, 2, 7, 2)).cost, 7);
  } finally {
    pool.terminate();
  }
});

test('terminate() ends every worker of the pool and rejects what is in flight', async () => {
  const map = loadMap('arena.map');
  const pool = await PathWorker.create({ ...map, workers: 3 });
  const pending = pool.findPaths([1, 1, 40, 40, 2, 2, 30, 30, 3, 3, 20, 20]);
  pool.terminate();
  await assert.rejects(pending, /terminated/);
  assert.equal(pool.terminated, true);
  assert.throws(() => pool.setCell(0, 0, 1), /terminated/);
});

test('a pool answers repeated requests from the cache of the worker that answered first', async () => {
  const map = drawMap(['......', '......']);
  const pool = await PathWorker.create({ ...map, workers: 2, cache: 8 });
  try {
    for (let i = 0; i < 3; i++) await pool.findPaths([0, 0, 5, 1, 0, 1, 5, 0, 2, 0, 2, 1]);
    assert.equal(pool.stats.cacheHits, 6);
  } finally {
    pool.terminate();
  }
});

test('workers must be an integer >= 1, and a function when there are several', () => {
  const map = drawMap(['..']);
  assert.throws(
    () => PathWorker.create({ ...map, workers: 0 }),
    /workers must be an integer >= 1, got 0/,
  );
  assert.throws(() => PathWorker.create({ ...map, workers: 2.5 }), RangeError);
  assert.throws(
    () => InThreadPathWorker.create({ ...map, workers: 2, loadPathfinder: async () => null }),
    /workers must be 1 or absent, got 2/,
  );
  const thread = startNodeWorker();
  try {
    assert.throws(
      () => PathWorker.create({ ...map, workers: 2, worker: thread }),
      /worker is one object/,
    );
  } finally {
    thread.terminate();
  }
});
