// A pool of workers (PathWorker.create({ workers: n })): every edit reaches every worker, each
// request sees exactly the edits made before it, and the answers equal one worker's.
// Run: node --test tests/js/worker/worker-pool.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InThreadPathWorker, PathWorker, startNodeWorker } from '../../../js/worker-node.js';
import { comparable, drawMap, random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';
import { nextTask } from '../support/workers.mjs';

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
    // The worker's exit may be heard after the last answer came (its answers can all be in
    // before the terminate lands): wait for the pool to replace it, not for a time.
    for (let i = 0; i < 1000 && pool.stats.restarts < 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
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

/** Terminates member `k`'s worker, and each replacement, until the member gives up (4 in a row). */
async function makeMemberGiveUp(pool, k) {
  for (let loss = 0; loss < 4; loss++) {
    const thread = pool.workers[k];
    assert.ok(thread, `member ${k} has a worker before loss ${loss + 1}`);
    // Not awaited: an idle member's thread is unref'd, and a pending terminate() alone does not
    // keep the process alive; the timers of nextTask do.
    thread.terminate();
    for (let wait = 0; pool.workers[k] === thread && wait < 20_000; wait++) await nextTask();
    assert.notEqual(pool.workers[k], thread, `member ${k} noticed loss ${loss + 1}`);
  }
  assert.equal(pool.workers[k], null, `member ${k} gave up`);
  assert.equal(pool.stats.workers[k].restarts, 4);
}

test('a pool whose first worker gave up reads, and alerts watched paths, from a worker that still gets the edits', async () => {
  const width = 24;
  const height = 16;
  const next = random(33);
  const pick = (n) => Math.floor(next() * n);
  const cells = Uint8Array.from({ length: width * height }, () => [0, 0, 0, 0, 0, 1, 2][pick(7)]);
  const costs = new Map([[2, 2]]); // the truth: class -> cost as given (absent: the default)
  const costOf = (cls) => {
    const cost = costs.get(cls) ?? (cls === 0 ? 1 : 0);
    return cost === 0 ? Infinity : cost;
  };
  const pool = await PathWorker.create({
    width,
    height,
    cells: cells.slice(),
    costs: { 2: 2 },
    workers: 3,
    worker: startNodeWorker,
  });
  const watches = []; // { cells, active, alerts }
  const counts = { edits: 0, alerts: 0, reads: 0, watches: 0 };
  const watchSome = async (n) => {
    for (let i = 0; i < n; i++) {
      const result = await pool.findPath(pick(width), pick(height), pick(width), pick(height), {
        diagonal: 'never',
      });
      if (result.status !== 'found' || result.path.length < 6) continue;
      const watch = { cells: [], active: true, alerts: 0 };
      for (let k = 0; k < result.path.length; k += 2)
        watch.cells.push(result.path[k + 1] * width + result.path[k]);
      pool.watchPath(result.path, () => watch.alerts++);
      watches.push(watch);
      counts.watches++;
    }
  };
  // One random edit, on the pool and on the truth; the watched paths it must alert: those with
  // a cell that costs more to enter after it than before.
  const edit = (given = null) => {
    const before = watches.map((watch) => watch.cells.map((index) => costOf(cells[index])));
    const kind = pick(10);
    if (given) given();
    else if (kind < 5) {
      const [x, y, cls] = [pick(width), pick(height), pick(3)];
      pool.setCell(x, y, cls);
      cells[y * width + x] = cls;
    } else if (kind < 7) {
      const indices = Array.from({ length: 4 }, () => pick(width * height));
      const cls = pick(3);
      pool.setCells(indices, cls);
      for (const index of indices) cells[index] = cls;
    } else if (kind < 8) {
      const [x, y, w, h, cls] = [pick(width), pick(height), 1 + pick(4), 1 + pick(3), pick(3)];
      pool.fillRect(x, y, w, h, cls);
      for (let row = y; row < Math.min(y + h, height); row++)
        for (let col = x; col < Math.min(x + w, width); col++) cells[row * width + col] = cls;
    } else if (kind < 9) {
      const cost = [1, 2, 5, Infinity][pick(4)];
      pool.setCost(2, cost);
      costs.set(2, cost);
    } else {
      const level = cells.slice();
      for (let k = 0; k < 6; k++) level[pick(level.length)] = pick(3);
      pool.setAll(level.slice());
      cells.set(level);
    }
    counts.edits++;
    watches.forEach((watch, w) => {
      if (!watch.active) return;
      const worse = watch.cells.some((index, k) => costOf(cells[index]) > before[w][k]);
      const expected = worse ? 1 : 0;
      assert.equal(watch.alerts, expected, `watch ${w} after edit ${counts.edits}`);
      if (worse) {
        watch.active = false;
        counts.alerts++;
      }
    });
  };
  const readsMatch = (when) => {
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        assert.equal(pool.get(x, y), cells[y * width + x], `get(${x}, ${y}) ${when}`);
    assert.deepEqual(pool.cells(), cells, `cells() ${when}`);
    for (const cls of [0, 1, 2, 3]) assert.equal(pool.getCost(cls), costOf(cls), `getCost ${when}`);
    counts.reads++;
  };
  try {
    await watchSome(12);
    for (let e = 0; e < 10; e++) edit();
    edit(() => {
      pool.setCell(5, 0, 0);
      cells[5] = 0;
    });
    readsMatch('before any loss');
    await makeMemberGiveUp(pool, 0);
    readsMatch('right after member 0 gave up');
    // The example from the issue: a wall set after the loss is read back.
    edit(() => {
      pool.setCell(5, 0, 1);
      cells[5] = 1;
    });
    assert.equal(pool.get(5, 0), 1);
    for (let round = 0; round < 12; round++) {
      await watchSome(4);
      for (let e = 0; e < 8; e++) edit();
      readsMatch(`round ${round}`);
      await nextTask();
    }
    // Then the next first worker gives up too: the watches move on again.
    await makeMemberGiveUp(pool, 1);
    for (let e = 0; e < 30; e++) edit();
    readsMatch('after member 1 gave up');
    const path = await pool.findPath(0, 0, width - 1, height - 1, { diagonal: 'never' });
    assert.ok(['found', 'none'].includes(path.status));
    assert.ok(counts.alerts >= 10, JSON.stringify(counts));
    assert.ok(counts.watches >= 20, JSON.stringify(counts));
    assert.ok(
      watches.some((watch) => watch.active),
      'some watched paths are still watched at the end',
    );
    pool.terminate();
    readsMatch('after terminate');
  } finally {
    pool.terminate();
  }
});
