// Movement profiles (grid.setProfile, the `profile` option of every query) against a reference
// written here: for each query, its own Dijkstra over the cells as the test last set them and
// the profile's table as the test last set it. Random maps of every shape, random profiles,
// random edits between queries (cells, any profile's costs, tables replaced, profiles deleted
// and added again), every algorithm and corner rule, unit sizes 1 to 3.
// Run: node --test tests/js/core/profiles.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder, PathScheduler } from '../../../js/node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { dijkstra, legalCost, SHAPES } from '../support/shape-reference.mjs';
import { loadMap } from '../support/movingai.mjs';
import { unitReference } from '../support/unit-reference.mjs';

const tilepath = await createPathfinder({ bigMaps: true });
const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];
const CLASSES = 4; // ground, water, forest, wall
const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** A table as the test keeps it: class -> cost, 0 blocked (class 0 costs 1 unless given). */
function randomTable(rand) {
  const table = [1, 0, 0, 0];
  for (let cls = 0; cls < CLASSES; cls++) table[cls] = Math.floor(rand() * 5); // 0: blocked
  return table;
}
const costOf = (table) => (cls) => table[cls] ?? 0;

/** Square grids: cost from (sx, sy) to every position of a unit of size n (unit-reference). */
const squareReference = (width, height, cells, table, n, rule, sx, sy) =>
  unitReference(width, height, cells, table, n, rule).costsFrom(sx, sy);

/** The test's own record of the grid: cells and each profile's table. */
function model(width, height, shape, rand) {
  const cells = new Uint8Array(width * height).map(() => Math.floor(rand() * CLASSES));
  return { width, height, shape, cells, tables: new Map([['default', [1, 0, 0, 0]]]) };
}

function referenceCosts(m, profile, rule, n, sx, sy) {
  const table = m.tables.get(profile);
  if (m.shape.orientation === 'orthogonal')
    return squareReference(m.width, m.height, m.cells, table, n, rule, sx, sy);
  return dijkstra({ ...m, cost: costOf(table) }, rule, sx, sy);
}

/** One random edit, made on the grid and on the model alike. */
function randomEdit(grid, m, rand, names) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const kind = Math.floor(rand() * 6);
  const index = Math.floor(rand() * m.cells.length);
  const cls = Math.floor(rand() * CLASSES);
  if (kind === 0) {
    grid.setCell(index % m.width, Math.floor(index / m.width), cls);
    m.cells[index] = cls;
  } else if (kind === 1) {
    const indices = [index, (index * 7 + 3) % m.cells.length];
    grid.setCells(indices, cls);
    for (const i of indices) m.cells[i] = cls;
  } else if (kind === 2) {
    const [x, y] = [index % m.width, Math.floor(index / m.width)];
    grid.fillRect(x, y, 3, 2, cls);
    for (let row = y; row < Math.min(y + 2, m.height); row++)
      for (let col = x; col < Math.min(x + 3, m.width); col++) m.cells[row * m.width + col] = cls;
  } else if (kind === 3) {
    const name = pick([...m.tables.keys()]);
    const cost = Math.floor(rand() * 5);
    grid.setCost(cls, cost === 0 ? Infinity : cost, name === 'default' ? undefined : name);
    m.tables.get(name)[cls] = cost;
  } else if (kind === 4) {
    const name = pick(names);
    const table = randomTable(rand);
    grid.setProfile(name, table);
    m.tables.set(name, table);
  } else {
    const name = pick(names);
    if (m.tables.has(name)) {
      grid.deleteProfile(name);
      m.tables.delete(name);
    }
  }
}

const ALL_SHAPES = [
  { orientation: 'orthogonal', staggerAxis: 'y', staggerIndex: 'odd' },
  ...SHAPES,
];

test('every query with a profile costs what a Dijkstra over its table finds, under random edits', () => {
  const rand = random(29);
  const names = ['boat', 'cavalry', 'ghost'];
  let compared = 0;
  let found = 0;
  for (const shape of ALL_SHAPES) {
    const square = shape.orientation === 'orthogonal';
    const m = model(20, 14, shape, rand);
    const grid = tilepath.createGrid(m.width, m.height, { cells: m.cells, ...shape });
    for (const name of names) {
      const table = randomTable(rand);
      grid.setProfile(name, table);
      m.tables.set(name, table);
    }
    for (let round = 0; round < 70; round++) {
      randomEdit(grid, m, rand, names);
      assert.deepEqual(grid.profiles(), [...m.tables.keys()]);
      const profile = [...m.tables.keys()][round % m.tables.size];
      const rule = RULES[round % 4];
      const unitSize = square ? 1 + (round % 3) : 1;
      const side = (v) => Math.floor(rand() * (v - unitSize + 1));
      const [sx, sy, gx, gy] = [side(m.width), side(m.height), side(m.width), side(m.height)];
      const want = referenceCosts(m, profile, rule, unitSize, sx, sy);
      const expected = want[gy * m.width + gx];
      const options = { profile, diagonal: rule, unitSize };
      const algorithms = ['astar', 'dijkstra', 'bfs', 'jps'];
      if (square && unitSize === 1 && rule !== 'never') algorithms.push('hpa');
      for (const algorithm of algorithms) {
        const r = grid.findPath(sx, sy, gx, gy, { ...options, algorithm });
        const what = `${shape.orientation} round ${round} ${profile} ${algorithm} ${rule} size ${unitSize}`;
        compared++;
        assert.equal(r.status === 'found', Number.isFinite(expected), what);
        if (r.status !== 'found') continue;
        found++;
        if (!square) {
          const walked = legalCost({ ...m, cost: costOf(m.tables.get(profile)) }, rule, r.path);
          assert.ok(close(walked, r.cost), `${what}: the path costs ${walked}, not ${r.cost}`);
        }
        if (algorithm === 'hpa') assert.ok(r.cost >= expected - 1e-9, what);
        else assert.ok(close(r.cost, expected), `${what}: ${r.cost}, want ${expected}`);
      }
      const reach = grid.canReach(sx, sy, gx, gy, options);
      const reachWhat = `canReach ${shape.orientation} ${profile} round ${round} ${rule} size ${unitSize} ${[sx, sy, gx, gy]}`;
      assert.equal(reach, Number.isFinite(expected), reachWhat);
      const range = grid.reachable(sx, sy, options);
      for (let i = 0; i < want.length; i += 7)
        if (Number.isFinite(want[i]))
          assert.ok(close(range.costs[i], want[i]) || Math.abs(range.costs[i] - want[i]) < 1e-3);
      // Goal modes: the end each reports is reached at the reference's cost from the start; an
      // adjacent end touches the goal, and costs no more than the goal's cheapest straight
      // neighbour (always allowed), a nearest one is the goal itself whenever it is reachable.
      const near = grid.findPath(sx, sy, gx, gy, { ...options, goal: 'nearest' });
      assert.equal(near.status, 'found', `nearest ${profile} round ${round}`);
      const nearEnd = near.goal.y * m.width + near.goal.x;
      assert.ok(close(near.cost, want[nearEnd]), `nearest ${profile} round ${round}`);
      if (Number.isFinite(expected)) assert.deepEqual([near.goal.x, near.goal.y], [gx, gy]);
      if (square && unitSize === 1) {
        const touch = grid.findPath(sx, sy, gx, gy, { ...options, goal: 'adjacent' });
        const straight = [
          [gx + 1, gy],
          [gx - 1, gy],
          [gx, gy + 1],
          [gx, gy - 1],
        ].filter(([x, y]) => x >= 0 && y >= 0 && x < m.width && y < m.height);
        const best = Math.min(...straight.map(([x, y]) => want[y * m.width + x]));
        if (touch.status === 'found') {
          const { x, y } = touch.goal;
          assert.ok(Math.max(Math.abs(x - gx), Math.abs(y - gy)) <= 1, `adjacent round ${round}`);
          assert.ok(close(touch.cost, want[y * m.width + x]), `adjacent round ${round}`);
          assert.ok(touch.cost <= best + 1e-9, `adjacent round ${round}: ${touch.cost} > ${best}`);
        } else
          assert.ok(!Number.isFinite(best), `adjacent round ${round}: a neighbour is reachable`);
      }
      const task = grid.startSearch(sx, sy, gx, gy, options);
      while (!task.step(5));
      const answer = task.result;
      assert.equal(answer.status === 'found', Number.isFinite(expected));
      if (answer.status === 'found') assert.ok(close(answer.cost, expected));
    }
    grid.dispose();
  }
  assert.ok(found > 400, `only ${found} of ${compared} searches found a path`);
});

test('a flow field and a watched path follow their profile', () => {
  // A lake (class 1) between two shores: boats cross it, walkers go round.
  const grid = tilepath.createGrid(7, 5, [
    0, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 0,
    0, 1, 1, 1, 1, 1, 0,
    0, 1, 1, 1, 1, 1, 0,
    0, 0, 0, 0, 0, 0, 0,
  ]); // prettier-ignore
  grid.setProfile('boat', { 0: 1, 1: 1 });
  const field = grid.flowField([[3, 4]], { profile: 'boat', diagonal: 'never' });
  assert.equal(field.costs[3], 4); // (3, 0) straight down across the lake
  assert.equal(grid.flowField([[3, 4]], { diagonal: 'never' }).costs[3], 10);
  const boatPath = grid.findPath(3, 0, 3, 4, { profile: 'boat', diagonal: 'never' }).path;
  const alerts = [];
  grid.watchPath(boatPath, (alert) => alerts.push(alert), { profile: 'boat' });
  grid.setCost(1, 5); // the walkers' lake: no concern of the boat's path
  assert.equal(alerts.length, 0);
  grid.setCost(1, 3, 'boat'); // the boat's water gets dearer: its path is stale
  assert.equal(alerts.length, 1);
  grid.dispose();
});

test('profiles on a Moving AI map: a ghost crosses the walls a walker goes round', () => {
  const map = loadMap('arena.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  // arena's cells: 0 open, 1 walls. A "ghost" walks through walls at three times the cost.
  grid.setProfile('ghost', { 0: 1, 1: 3 });
  const open = [...map.cells.keys()].filter((i) => map.cells[i] === 0);
  const [from, to] = [open[0], open.at(-1)];
  const [sx, sy, gx, gy] = [
    from % map.width,
    Math.floor(from / map.width),
    to % map.width,
    Math.floor(to / map.width),
  ];
  const walker = grid.findPath(sx, sy, gx, gy, { diagonal: 'noCorners' });
  const ghost = grid.findPath(sx, sy, gx, gy, { profile: 'ghost', diagonal: 'noCorners' });
  assert.equal(walker.status, 'found');
  assert.ok(ghost.cost < walker.cost, `${ghost.cost} < ${walker.cost}`);
  const cells = Uint8Array.from(map.cells);
  for (const [result, table] of [
    [walker, [1, 0]],
    [ghost, [1, 3]],
  ]) {
    const want = squareReference(map.width, map.height, cells, table, 1, 'noCorners', sx, sy);
    assert.ok(close(result.cost, want[to]), `${result.cost} against ${want[to]}`);
  }
  grid.dispose();
});

test('bad profile input is refused naming the value, and nothing changes', () => {
  const grid = tilepath.createGrid(4, 4);
  grid.setProfile('boat', { 1: 2 });
  assert.throws(() => grid.findPath(0, 0, 1, 1, { profile: 'bota' }), {
    name: 'RangeError',
    message:
      "unknown profile 'bota' (did you mean 'boat'? profiles: default, boat; add one with setProfile(name, costs))",
  });
  assert.throws(() => grid.canReach(0, 0, 1, 1, { profile: 7 }), {
    name: 'TypeError',
    message: "profile must be a profile's name (a string), got 7",
  });
  assert.throws(() => grid.setProfile('boat', { 1: -1 }), {
    name: 'RangeError',
    message: /^costs\[1\]: cost must be/,
  });
  assert.equal(grid.getCost(1, 'boat'), 2); // unchanged
  assert.throws(() => grid.setProfile('', {}), { name: 'RangeError', message: /got ""/ });
  assert.throws(() => grid.deleteProfile('default'), /'default' is the grid's own table/);
  assert.throws(() => grid.setCost(1, 2, 'cavalry'), /unknown profile 'cavalry'/);
  for (let k = 2; k < 8; k++) grid.setProfile(`p${k}`, {});
  assert.throws(() => grid.setProfile('ninth', {}), {
    name: 'RangeError',
    message:
      "a grid holds at most 8 profiles ('default' included): delete one with deleteProfile(name) before adding 'ninth'",
  });
  assert.equal(grid.profiles().length, 8);
  grid.deleteProfile('boat');
  assert.throws(() => grid.reachable(0, 0, { profile: 'boat' }), /unknown profile 'boat'/);
  assert.throws(() => grid.watchPath([0, 0], () => {}, { profile: 'boat' }), /unknown profile/);
  grid.setProfile('boat', {}); // a slot freed is taken again
  assert.equal(grid.profiles().at(-1), 'boat');
  grid.dispose();
});

test('a PathScheduler searches in slices by a profile, and refuses an unknown one at once', async () => {
  const grid = tilepath.createGrid(6, 3);
  grid.fillRect(0, 1, 6, 1, 1); // a river along the middle row
  grid.setProfile('boat', { 0: 0, 1: 1 });
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 2 });
  const sailed = scheduler.findPath(0, 1, 5, 1, { profile: 'boat' });
  scheduler.flush();
  assert.equal((await sailed).cost, 5);
  assert.throws(() => scheduler.findPath(0, 1, 5, 1, { profile: 'bota' }), {
    name: 'RangeError',
    message: /^unknown profile 'bota' \(did you mean 'boat'\?/,
  });
  scheduler.dispose();
  grid.dispose();
});

test("a profile's first use that does not fit in wasm memory is a RangeError, never an abort", async () => {
  const tp = await createPathfinder(); // a module of its own: this fills its heap
  const grids = [];
  assert.throws(() => {
    for (let k = 0; k < 1000; k++) grids.push(tp.createGrid(4096, 4096));
  }, RangeError);
  const last = grids.at(-1);
  last.setProfile('boat', { 0: 1 }); // only its table: 2 KB
  assert.throws(() => last.findPath(0, 0, 5, 5, { profile: 'boat' }), {
    name: 'RangeError',
    message: /^not enough wasm memory for profile 'boat': needs about 21 MB more/,
  });
  // Freed, the same query runs.
  for (const grid of grids.slice(0, -1)) grid.dispose();
  assert.equal(last.findPath(0, 0, 5, 5, { profile: 'boat' }).status, 'found');
  assert.ok(last.profileMemoryBytes('boat') > 4096 * 4096);
  last.dispose();
});
