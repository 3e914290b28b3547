// The default algorithm, 'auto' (issue 31): resolved by the C++ core, the same in every layer
// (in-thread grid, sliced task, PathWorker, pool, InThreadPathWorker, their caches), and the
// result names the search that ran. Its costs are the optimal ones on a Moving AI map.
// Run: node --test tests/js/core/auto.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { loadMap, loadScenario, matchesOptimal } from '../support/movingai.mjs';

const tp = await createPathfinder();

/** A 16 x 12 room with a wall in it. */
function room(shape = {}) {
  const grid = tp.createGrid(16, 12, shape);
  grid.fillRect(6, 2, 1, 8, 1);
  return grid;
}

test("'auto' is the default and one of the option values", () => {
  assert.ok(tp.optionValues.algorithm.includes('auto'));
  assert.deepEqual(tp.optionValues.algorithm, ['astar', 'bfs', 'dijkstra', 'jps', 'hpa', 'auto']);
  const grid = room();
  const implicit = grid.findPath(1, 1, 14, 10);
  const explicit = grid.findPath(1, 1, 14, 10, { algorithm: 'auto' });
  assert.equal(implicit.algorithm, 'jps');
  assert.deepEqual(explicit, implicit);
  assert.throws(() => grid.findPath(1, 1, 14, 10, { algorithm: 'Auto' }), {
    name: 'RangeError',
    message:
      /^algorithm must be one of 'astar', 'bfs', 'dijkstra', 'jps', 'hpa', 'auto', got "Auto"/,
  });
  grid.dispose();
});

test('auto runs jps where jump points are exact and apply, astar elsewhere', () => {
  const grid = room();
  const ran = (options, on = grid) => on.findPath(1, 1, 14, 10, options).algorithm;
  assert.equal(ran({}), 'jps');
  assert.equal(ran({ diagonal: 'noCorners' }), 'jps');
  assert.equal(ran({ diagonal: 'oneObstacle' }), 'astar');
  assert.equal(ran({ diagonal: 'always' }), 'astar');
  assert.equal(ran({ goal: 'adjacent' }), 'astar');
  assert.equal(ran({ goal: 'nearest' }), 'astar');
  assert.equal(ran({ weight: 2 }), 'astar');
  assert.equal(ran({ maxExpansions: 5000 }), 'astar');
  assert.equal(ran({ diagonal: 'noCorners', heuristic: 'manhattan' }), 'astar');
  assert.equal(ran({ diagonal: 'noCorners', heuristic: 'euclidean' }), 'jps');
  assert.equal(ran({ trace: true }), 'jps');
  assert.equal(ran({ partial: true, smooth: true, includeStart: false }), 'jps');
  assert.equal(ran({ unitSize: 2, diagonal: 'noCorners' }), 'jps');
  assert.equal(ran({ algorithm: 'astar' }), 'astar');
  assert.equal(ran({ algorithm: 'dijkstra' }), 'dijkstra');

  // Costs: one passable class at another cost on the map makes it weighted.
  grid.setCost(2, 3);
  assert.equal(ran({}), 'jps'); // no cell of class 2 yet
  grid.setCell(3, 3, 2);
  assert.equal(ran({}), 'astar');
  grid.setCost(2, 1);
  assert.equal(ran({}), 'jps');
  // A profile is judged by its own table.
  grid.setProfile('mud', { 0: 1, 2: 4 });
  assert.equal(ran({ profile: 'mud' }), 'astar');
  grid.setProfile('flat', { 0: 2, 2: 2 });
  assert.equal(ran({ profile: 'flat' }), 'jps');
  // Entry rules and links.
  grid.setEntry(2, ['right']);
  assert.equal(ran({}), 'astar');
  grid.setEntry(2, null);
  const link = grid.addLink(2, 2, 12, 9, { cost: 1 });
  assert.equal(ran({}), 'astar');
  grid.removeLink(link);
  assert.equal(ran({}), 'jps');
  grid.dispose();

  for (const shape of [
    { orientation: 'hexagonal', staggerAxis: 'x' },
    { orientation: 'staggered' },
  ]) {
    const shaped = room(shape);
    assert.equal(ran({}, shaped), 'astar', shape.orientation);
    shaped.dispose();
  }
  const iso = room({ orientation: 'isometric' });
  assert.equal(ran({}, iso), 'jps');
  iso.dispose();
});

test('a sliced task runs what findPath runs, with the same path', () => {
  const grid = room();
  for (const options of [{}, { diagonal: 'noCorners' }, { goal: 'adjacent' }]) {
    const task = grid.startSearch(1, 1, 14, 10, options);
    while (!task.step(2));
    assert.deepEqual(task.result, grid.findPath(1, 1, 14, 10, options));
  }
  grid.dispose();
});

test('the default gives the optimal cost of every sampled Moving AI problem of a map', () => {
  for (const name of ['den011d.map', 'maze512-1-0.map']) {
    const map = loadMap(name);
    const grid = tp.createGrid(map.width, map.height, map.cells);
    const problems = loadScenario(name);
    const stride = Math.max(1, Math.floor(problems.length / 200));
    for (let k = 0; k < problems.length; k += stride) {
      const p = problems[k];
      const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, { diagonal: 'noCorners' });
      assert.equal(r.algorithm, 'jps', `${name} problem ${k}`);
      assert.ok(r.status === 'found' && matchesOptimal(r.cost, p), `${name} problem ${k}`);
    }
    grid.dispose();
  }
});

const WORKERS = {
  PathWorker: (options) => PathWorker.create(options),
  pool: (options) => PathWorker.create({ ...options, workers: 2 }),
  cached: (options) => PathWorker.create({ ...options, cache: 32 }),
  InThreadPathWorker: (options) =>
    InThreadPathWorker.create({ ...options, cache: 32, loadPathfinder: () => tp }),
};

for (const [kind, create] of Object.entries(WORKERS)) {
  test(`${kind}: the default runs and reports what the grid runs, auto and astar apart`, async () => {
    const map = loadMap('den011d.map');
    const grid = tp.createGrid(map.width, map.height, map.cells);
    const pw = await create({ width: map.width, height: map.height, cells: map.cells.slice() });
    const next = random(31);
    const open = [];
    map.cells.forEach((c, i) => c === 0 && open.push(i));
    const pick = () => {
      const i = open[Math.floor(next() * open.length)];
      return [i % map.width, Math.floor(i / map.width)];
    };
    const same = (a, b, what) => {
      for (const key of ['status', 'cost', 'algorithm']) assert.equal(a[key], b[key], what);
      assert.deepEqual(Array.from(a.path), Array.from(b.path), what);
    };
    try {
      for (let q = 0; q < 40; q++) {
        const [sx, sy] = pick();
        const [gx, gy] = pick();
        if (q === 20) {
          // Weighted from here: the default runs astar, and cached jps answers are not given out
          // for the astar requests (nor the other way round).
          grid.setCost(2, 3);
          pw.setCost(2, 3);
          const [x, y] = pick();
          grid.setCell(x, y, 2);
          pw.setCell(x, y, 2);
        }
        const d = q % 2 ? 'noCorners' : 'never';
        for (const options of [{ diagonal: d }, { diagonal: d, algorithm: 'astar' }]) {
          const expected = grid.findPath(sx, sy, gx, gy, options);
          assert.equal(expected.algorithm, options.algorithm ?? (q < 20 ? 'jps' : 'astar'));
          const first = await pw.findPath(sx, sy, gx, gy, options);
          same(first, expected, `${kind} query ${q} ${options.algorithm ?? 'default'}`);
          const again = await pw.findPath(sx, sy, gx, gy, options); // from the cache, if any
          same(again, expected, `${kind} query ${q} again`);
        }
      }
      if (kind === 'cached' || kind === 'InThreadPathWorker') assert.ok(pw.stats.cacheHits >= 40);
    } finally {
      await new Promise((done) => setTimeout(done, 50));
      pw.terminate();
      grid.dispose();
    }
  });
}
