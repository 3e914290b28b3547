// The path cache of PathWorker and InThreadPathWorker (create({ cache: n })): a repeated request
// is answered from it, edits drop exactly what they could change, and a cached answer is always
// as good as a fresh search's.
// Run: node --test tests/js/worker/worker-cache.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { drawMap, random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';
import { checkInit } from '../../../js/worker/protocol.js';
import { cacheKey, PathCache } from '../../../js/worker/cache.js';
import { readOptions } from '../../../js/core/checks.js';

/** A request's cache key, as a worker makes it: from its options' codes. */
const keyOf = ([sx, sy, gx, gy, options]) => cacheKey(sx, sy, gx, gy, readOptions(options).codes);
/** Keeps the answer to `request` in `cache`, as a worker does. */
function putAnswer(cache, grid, request) {
  const [sx, sy, gx, gy, options] = request;
  const { codes } = readOptions(options);
  cache.put(keyOf(request), grid.findPath(...request), sx, sy, gx, gy, codes);
}

const tilepath = await createPathfinder();
const inThread = (map, more = {}) =>
  InThreadPathWorker.create({
    ...map,
    cells: map.cells.slice(),
    loadPathfinder: () => tilepath,
    ...more,
  });

for (const [name, start] of [
  ['PathWorker', (map, more) => PathWorker.create({ ...map, cells: map.cells.slice(), ...more })],
  ['InThreadPathWorker', inThread],
]) {
  test(`${name}: a repeated request is answered from the cache; a wall on its path drops it, one elsewhere does not`, async () => {
    const map = drawMap(['......', '.####.', '......', '......']);
    const pw = await start(map, { cache: 4 });
    try {
      const first = await pw.findPath(0, 0, 5, 0);
      assert.equal(first.cached, undefined);
      const again = await pw.findPath(0, 0, 5, 0);
      assert.equal(again.cached, true);
      assert.deepEqual(Array.from(again.path), Array.from(first.path));
      pw.setCell(2, 3, 1); // not on the path
      assert.equal((await pw.findPath(0, 0, 5, 0)).cached, true);
      pw.setCell(3, 0, 1); // on it
      const around = await pw.findPath(0, 0, 5, 0);
      assert.equal(around.cached, undefined);
      assert.equal(around.cost, 9);
      pw.setCell(2, 3, 0); // a cell opened: every answer goes
      assert.equal((await pw.findPath(0, 0, 5, 0)).cached, undefined);
      assert.equal((await pw.findPath(0, 0, 5, 0, { diagonal: 'always' })).cached, undefined);
      assert.ok(pw.stats.cacheHits >= 2);
    } finally {
      pw.terminate();
    }
  });

  test(`${name}: options given at their defaults are the same request as none; other values are not`, async () => {
    const map = drawMap(['......', '.####.', '......', '......']);
    const pw = await start(map, { cache: 8 });
    try {
      assert.equal((await pw.findPath(0, 0, 5, 3)).cached, undefined);
      const same = { diagonal: 'never', algorithm: 'auto', weight: 1, profile: 'default' };
      const again = await pw.findPath(0, 0, 5, 3, same);
      assert.equal(again.cached, true, 'the defaults named');
      assert.equal((await pw.findPath(0, 0, 5, 3, { weight: 1.5 })).cached, undefined);
      assert.equal((await pw.findPath(0, 0, 5, 3, { algorithm: 'astar' })).cached, undefined);
      assert.equal((await pw.findPath(0, 0, 5, 3, { algorithm: 'astar' })).cached, true);
      assert.equal((await pw.findPath(0, 0, 5, 3, { trace: true })).cached, undefined);
      assert.equal((await pw.findPath(0, 0, 5, 3, { trace: true })).cached, undefined, 'traced');
    } finally {
      pw.terminate();
    }
  });

  test(`${name}: a wall under a smoothed path's shortcut, off its raw path, drops it`, async () => {
    const map = drawMap(Array.from({ length: 8 }, () => '............'));
    const pw = await start(map, { cache: 4 });
    try {
      const options = { smooth: true, diagonal: 'noCorners' };
      const first = await pw.findPath(0, 0, 11, 5, options);
      assert.deepEqual(Array.from(first.path), [0, 0, 11, 5]); // one straight shortcut
      pw.setCell(6, 3, 1); // the shortcut crosses (6, 3); the raw path does not
      assert.ok(
        !Array.from(
          { length: first.rawPath.length / 2 },
          (_, k) => `${first.rawPath[2 * k]},${first.rawPath[2 * k + 1]}`,
        ).includes('6,3'),
      );
      const after = await pw.findPath(0, 0, 11, 5, options);
      assert.equal(after.cached, undefined);
      assert.notDeepEqual(Array.from(after.path), [0, 0, 11, 5]);
    } finally {
      pw.terminate();
    }
  });

  test(`${name}: cache must be an integer >= 0`, () => {
    const map = drawMap(['..']);
    assert.throws(() => start(map, { cache: -1 }), /cache must be an integer >= 0.*-1/);
    assert.throws(() => start(map, { cache: 1.5 }), RangeError);
  });
}

/** Random options over every kind of request the cache treats apart. */
function randomOptions(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const options = { diagonal: pick(['never', 'noCorners', 'oneObstacle', 'always']) };
  if (next() < 0.3) options.smooth = true;
  if (next() < 0.2) options.goal = pick(['adjacent', 'nearest']);
  if (next() < 0.15) options.partial = true;
  if (next() < 0.1) options.maxExpansions = 200;
  if (next() < 0.1) options.weight = 1.5;
  if (next() < 0.2) options.algorithm = pick(['dijkstra', 'jps', 'bfs']);
  return options;
}

const isFree = (pw, x, y) => Number.isFinite(pw.getCost(pw.get(x, y)));

/**
 * Steps of a path are moves to one of the 8 neighbours, over free cells (the sync API's own
 * search found it: what is checked here is that the cache did not keep a path through a wall).
 */
function assertWalkable(pw, result, label) {
  const steps = result.rawPath ?? result.path;
  // The start is where the unit stands: searches leave from it even when it is a wall now.
  for (let k = 2; k < steps.length; k += 2) {
    assert.ok(
      isFree(pw, steps[k], steps[k + 1]),
      `${label}: cached path crosses a wall at point ${k / 2}`,
    );
  }
}

for (const name of ['PathWorker', 'InThreadPathWorker']) {
  test(`${name}: cached answers equal fresh ones under random edits (arena.map)`, async () => {
    const map = loadMap('arena.map');
    const costs = { 2: 1, 3: 3 };
    const cached =
      name === 'PathWorker'
        ? await PathWorker.create({ ...map, cells: map.cells.slice(), costs, cache: 64 })
        : await inThread(map, { costs, cache: 64 });
    const fresh = await inThread(map, { costs });
    const next = random(2026);
    const pick = (n) => Math.floor(next() * n);
    const free = () => {
      for (;;) {
        const x = pick(map.width);
        const y = pick(map.height);
        if (isFree(fresh, x, y)) return [x, y];
      }
    };
    const requests = Array.from({ length: 40 }, () => [...free(), ...free(), randomOptions(next)]);
    const both = (method, ...args) => {
      cached[method](...args);
      fresh[method](...args);
    };
    const painted = []; // cells walled by setCell, with their class before: opened again later
    const edits = [
      () => both('setCell', pick(map.width), pick(map.height), pick(4)),
      async () => {
        // A wall on a cached path, then (another edit) that wall taken away again: the
        // shorter way is back, and answers cached in between must go.
        const [sx, sy, gx, gy, options] = requests[pick(requests.length)];
        const { path } = await fresh.findPath(sx, sy, gx, gy, options);
        if (path.length < 6) return;
        const k = 2 * (1 + pick(path.length / 2 - 2));
        painted.push([path[k], path[k + 1], fresh.get(path[k], path[k + 1])]);
        both('setCell', path[k], path[k + 1], 1);
      },
      () => {
        const [x, y, cls] = painted.pop() ?? [0, 0, fresh.get(0, 0)];
        both('setCell', x, y, cls);
      },
      () => {
        const indices = Array.from({ length: 1 + pick(20) }, () => pick(map.width * map.height));
        both(
          'setCells',
          indices,
          indices.map(() => pick(4)),
        );
      },
      () => both('fillRect', pick(map.width), pick(map.height), 1 + pick(4), 1 + pick(4), pick(2)),
      () => both('setCost', 2 + pick(2), [1, 2, 5, Infinity][pick(4)]),
      () => {
        const cells = fresh.cells();
        cells[pick(cells.length)] = 1;
        cached.setAll(cells.slice());
        fresh.setAll(cells);
      },
    ];
    let hits = 0;
    let compared = 0;
    try {
      for (let round = 0; round < 60; round++) {
        // Mostly walls (as a game adds them), sometimes an opening or a cheaper class.
        if (next() < 0.8) for (let e = pick(4); e > 0; e--) await edits[pick(edits.length)]();
        const asked = requests.filter(() => next() < 0.5);
        const got = await Promise.all(asked.map((r) => cached.findPath(...r)));
        const expected = await Promise.all(asked.map((r) => fresh.findPath(...r)));
        got.forEach((result, i) => {
          const label = `round ${round}, request ${JSON.stringify(asked[i])}`;
          assert.equal(result.status, expected[i].status, label);
          assert.equal(result.cost, expected[i].cost, label);
          assert.equal(result.path.length > 0, expected[i].path.length > 0, label);
          if (result.cached) {
            hits++;
            assertWalkable(cached, result, label);
          }
          compared++;
        });
      }
    } finally {
      cached.terminate();
      fresh.terminate();
    }
    // Refuses to pass vacuously: many answers came from the cache, many did not.
    assert.ok(hits > 200, `only ${hits} cache hits`);
    assert.ok(compared - hits > 200, `only ${compared - hits} fresh answers`);
  });
}

test('the worker refuses an init whose cache size is not an integer >= 0', () => {
  assert.throws(
    () => checkInit({ width: 2, height: 2, cache: -3 }),
    /init.cache must be an integer >= 0.*-3/,
  );
  assert.throws(() => checkInit({ width: 2, height: 2, cache: '8' }), RangeError);
  checkInit({ width: 2, height: 2, cache: 8 });
});

for (const name of ['PathWorker', 'InThreadPathWorker']) {
  test(`${name}: cached answers equal fresh ones under class swaps at one cost, setCost of any class and a small byte budget`, async () => {
    // Classes 0, 2, 4 and 6 all cost 1: a cell moved between them keeps every answer, and the
    // cache must still know which class each cached cell has when one of them is raised later.
    // Classes 7-9 are on no cell at first: raising them must drop nothing, until cells get them.
    const map = loadMap('arena.map');
    const costs = { 2: 1, 3: 3, 4: 1, 5: 2, 6: 1, 7: 1, 8: 2, 9: 1 };
    const more = { costs, cache: 48, cacheBytes: 120_000 };
    const cached =
      name === 'PathWorker'
        ? await PathWorker.create({ ...map, cells: map.cells.slice(), ...more })
        : await inThread(map, more);
    const fresh = await inThread(map, { costs });
    const next = random(3309);
    const pick = (n) => Math.floor(next() * n);
    const free = () => {
      for (;;) {
        const x = pick(map.width);
        const y = pick(map.height);
        if (isFree(fresh, x, y)) return [x, y];
      }
    };
    const requests = Array.from({ length: 60 }, () => [...free(), ...free(), randomOptions(next)]);
    const both = (method, ...args) => {
      cached[method](...args);
      fresh[method](...args);
    };
    const table = { ...costs };
    const edits = [
      // A cell of a cached path moved to another class of the same cost.
      async () => {
        const [sx, sy, gx, gy, options] = requests[pick(requests.length)];
        const { path } = await fresh.findPath(sx, sy, gx, gy, options);
        if (!path.length) return;
        const k = 2 * pick(path.length / 2);
        const cls = fresh.get(path[k], path[k + 1]);
        const same = [0, 2, 3, 4, 5, 6, 7, 8, 9].filter(
          (c) => c !== cls && fresh.getCost(c) === fresh.getCost(cls),
        );
        if (same.length) both('setCell', path[k], path[k + 1], same[pick(same.length)]);
      },
      () => {
        const cls = 2 + pick(8);
        if (cls === 3 || table[cls] === Infinity) return;
        // Mostly raised (a lowered cost clears the cache), by a little or to a wall.
        table[cls] = next() < 0.85 ? (next() < 0.3 ? Infinity : table[cls] + 1) : 1;
        both('setCost', cls, table[cls]);
      },
      () => both('setCell', pick(map.width), pick(map.height), [1, 4, 6, 7, 8][pick(5)]),
    ];
    let hits = 0;
    let compared = 0;
    try {
      for (let round = 0; round < 80; round++) {
        for (let e = 1 + pick(3); e > 0; e--) await edits[pick(edits.length)]();
        const asked = requests.filter(() => next() < 0.5);
        const got = await Promise.all(asked.map((r) => cached.findPath(...r)));
        const expected = await Promise.all(asked.map((r) => fresh.findPath(...r)));
        got.forEach((result, i) => {
          const label = `round ${round}, request ${JSON.stringify(asked[i])}`;
          assert.equal(result.status, expected[i].status, label);
          assert.equal(result.cost, expected[i].cost, label);
          if (result.cached) {
            hits++;
            assertWalkable(cached, result, label);
          }
          compared++;
        });
      }
    } finally {
      cached.terminate();
      fresh.terminate();
    }
    assert.ok(hits > 300, `only ${hits} cache hits`);
    assert.ok(compared - hits > 300, `only ${compared - hits} fresh answers`);
  });
}

/** A PathCache on a drawn map with the answers of `requests`, and a count of its cell reads. */
async function cacheOf(rows, requests, more = {}) {
  const map = drawMap(rows);
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  grid.setCost(2, 1);
  const reads = { count: 0 };
  const classAt = (index) => {
    reads.count++;
    return grid.get(index % map.width, Math.floor(index / map.width));
  };
  const cache = new PathCache(1000, map.width, map.height, grid.shape, { classAt, ...more });
  for (const request of requests) {
    putAnswer(cache, grid, request);
  }
  return { cache, grid, reads, classAt };
}

test('a cost raised on a class no cached path has reads no cell and drops nothing', async () => {
  const rows = Array.from({ length: 40 }, (_, y) => (y === 20 ? '2'.repeat(40) : '.'.repeat(40)));
  const above = Array.from({ length: 30 }, (_, k) => [
    Math.floor(k / 15),
    k % 15,
    39,
    (k * 7) % 15,
    { diagonal: 'always' },
  ]);
  const across = [[5, 5, 5, 35, {}]]; // crosses row 20, of class 2
  const { cache, grid, reads, classAt } = await cacheOf(rows, [...above, ...across]);
  assert.equal(cache.size, 31);
  reads.count = 0;
  cache.costEdited(5, Infinity, Infinity, classAt); // no change
  cache.costEdited(3, 1, 4, classAt); // a class on no cell
  assert.equal(reads.count, 0, 'cells read by a setCost of a class on no cached cell');
  assert.equal(cache.size, 31);
  cache.costEdited(2, 1, 3, classAt); // the class of row 20: only the answer across it goes
  assert.equal(reads.count, 0);
  assert.equal(cache.size, 30);
  assert.equal(cache.get(keyOf(across[0])), undefined);
  grid.dispose();
});

test('the cache keeps within its byte budget, dropping the least recently used answer first', async () => {
  const rows = Array.from({ length: 40 }, () => '.'.repeat(40));
  const requests = Array.from({ length: 60 }, (_, k) => [0, k % 40, 39, (k * 13) % 40, {}]);
  const { cache, grid } = await cacheOf(rows, requests.slice(0, 2), { bytes: 20_000 });
  const first = keyOf(requests[0]);
  for (const request of requests.slice(2)) {
    cache.get(first); // kept in use: it stays
    putAnswer(cache, grid, request);
    assert.ok(cache.bytes <= 20_000, `${cache.bytes} bytes held`);
  }
  assert.ok(cache.size > 5 && cache.size < 40, `${cache.size} answers held`);
  assert.ok(cache.get(first), 'the answer asked for every time was dropped');
  assert.equal(cache.get(keyOf(requests[1])), undefined, 'the oldest unused one stayed');
  assert.ok(cache.get(keyOf(requests.at(-1))), 'the newest one was dropped');
  grid.dispose();
});

test('cacheBytes must be an integer >= 1, on either worker and in the init message', async () => {
  const map = drawMap(['..']);
  for (const bad of [0, -5, 1.5, '1000']) {
    assert.throws(() => PathWorker.create({ ...map, cache: 8, cacheBytes: bad }), {
      name: 'RangeError',
      message: new RegExp(`^cacheBytes must be an integer >= 1 \\(bytes\\), got `),
    });
    assert.throws(
      () => inThread(map, { cache: 8, cacheBytes: bad }),
      /cacheBytes must be an integer >= 1/,
    );
  }
  assert.throws(
    () => checkInit({ width: 2, height: 2, cache: 8, cacheBytes: -1 }),
    /init.cacheBytes must be an integer >= 1 \(bytes\), got -1/,
  );
  const pw = await PathWorker.create({
    ...map,
    cells: map.cells.slice(),
    cache: 8,
    cacheBytes: 4096,
  });
  try {
    await pw.findPath(0, 0, 1, 0);
    assert.equal((await pw.findPath(0, 0, 1, 0)).cached, true);
  } finally {
    pw.terminate();
  }
});
