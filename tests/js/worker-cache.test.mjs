// The path cache of PathWorker and InThreadPathWorker (create({ cache: n })): a repeated request
// is answered from it, edits drop exactly what they could change, and a cached answer is always
// as good as a fresh search's.
// Run: node --test tests/js/worker-cache.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../js/worker-node.js';
import { drawMap, random } from '../e2e/pages/worker-maps.js';
import { loadMap } from './support/movingai.mjs';
import { checkInit } from '../../js/worker-protocol.js';

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
