// Flow fields, movement ranges and canReach through the in-thread API, checked cell by cell
// against a reference written in tests/js/support/fields-reference.mjs.
// Run: node --test tests/js/core/fields.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder, DIRECTIONS } from '../../../js/node.js';
import { drawMap, random } from '../../e2e/pages/worker-maps.js';
import { loadMap, loadScenario, matchesOptimal } from '../support/movingai.mjs';
import { costsFrom, floodFrom, near, walkedCost } from '../support/fields-reference.mjs';

const tilepath = await createPathfinder();
const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];

/** The grid's map and cost table as the reference reads them. */
function mapOf(grid) {
  return { width: grid.width, height: grid.height, cells: grid.cells() };
}
const costOf = (grid) => (cls) => grid.getCost(cls);

function randomGrid(next, width, height) {
  const cells = new Uint8Array(width * height);
  const walls = 0.1 + next() * 0.3;
  for (let i = 0; i < cells.length; i++) {
    const r = next();
    cells[i] = r < walls ? 1 : r < 0.55 ? 0 : r < 0.8 ? 2 : 3;
  }
  const grid = tilepath.createGrid(width, height, cells);
  grid.setCost(2, 0.5 + next() * 4);
  grid.setCost(3, 0.3 + next() * 6);
  return grid;
}

function randomEdits(grid, next, count) {
  for (let e = 0; e < count; e++) {
    grid.setCell(
      Math.floor(next() * grid.width),
      Math.floor(next() * grid.height),
      Math.floor(next() * 4),
    );
  }
}

test('a field charges the cell entered: leaving a swamp is cheap, entering it dear', () => {
  const grid = tilepath.createGrid(3, 1, drawMap(['..2']).cells);
  grid.setCost(2, 5);
  const field = grid.flowField([0, 0]);
  assert.deepEqual([...field.costs], [0, 1, 2]);
  assert.deepEqual(field.nextStep(2, 0), { x: 1, y: 0 });
  assert.equal(field.nextStep(0, 0), null);
  assert.deepEqual(DIRECTIONS[field.directions[2]], [-1, 0]);
  const range = grid.reachable(0, 0);
  assert.deepEqual([...range.costs], [0, 1, 6]);
  assert.deepEqual([...range.cells], [0, 0, 1, 0, 2, 0]);
  assert.deepEqual([...range.pathTo(2, 0)], [0, 0, 1, 0, 2, 0]);
  grid.dispose();
});

test('a field leads each cell to the nearest of several exits, any goal format', () => {
  const map = drawMap(['....#....', '.##.#.##.', '....#....']);
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  const flat = grid.flowField([0, 0, 8, 2]);
  const pairs = grid.flowField([
    [0, 0],
    [8, 2],
  ]);
  assert.deepEqual(pairs.costs, flat.costs);
  assert.equal(flat.costAt(3, 2), 5);
  assert.equal(flat.costAt(5, 0), 5);
  const path = flat.pathFrom(3, 2);
  assert.deepEqual([...path.slice(-2)], [0, 0]);
  assert.equal(walkedCost(map, costOf(grid), 'never', path), 5);
  grid.dispose();
});

test('on random weighted maps, fields and ranges match the reference cell by cell through edits', () => {
  const next = random(1212);
  let finite = 0;
  let differing = 0;
  for (let trial = 0; trial < 16; trial++) {
    const grid = randomGrid(next, 5 + Math.floor(next() * 9), 4 + Math.floor(next() * 8));
    for (let round = 0; round < 4; round++) {
      randomEdits(grid, next, 4);
      const diagonal = RULES[(trial + round) % 4];
      const maxCost = round === 3 ? 3 + (trial % 6) : Infinity;
      const options = round === 3 ? { diagonal, maxCost } : { diagonal };
      const goals = Array.from({ length: 2 * (1 + (trial % 3)) }, (_, k) =>
        Math.floor(next() * (k % 2 ? grid.height : grid.width)),
      );
      const map = mapOf(grid);
      const cost = costOf(grid);
      const field = grid.flowField(goals, options);
      for (let i = 0; i < map.cells.length; i++) {
        const x = i % grid.width;
        const y = (i - x) / grid.width;
        const from = costsFrom(map, cost, diagonal, x, y);
        let best = Infinity;
        for (let k = 0; k < goals.length; k += 2) {
          const g = goals[k + 1] * grid.width + goals[k];
          if (cost(map.cells[g]) !== Infinity) best = Math.min(best, from[g]);
        }
        if (best > maxCost) best = Infinity;
        const where = `trial ${trial} round ${round} ${diagonal} cell ${x},${y}`;
        assert.ok(
          near(field.costs[i], best),
          `${where}: field ${field.costs[i]}, reference ${best}`,
        );
        if (best === Infinity) {
          assert.equal(field.nextStep(x, y), null, where);
          assert.equal(field.pathFrom(x, y).length, 0, where);
          continue;
        }
        finite++;
        assert.ok(near(walkedCost(map, cost, diagonal, field.pathFrom(x, y)), best), where);
      }
      const sx = Math.floor(next() * grid.width);
      const sy = Math.floor(next() * grid.height);
      const range = grid.reachable(sx, sy, options);
      const from = costsFrom(map, cost, diagonal, sx, sy);
      let reached = 0;
      for (let i = 0; i < map.cells.length; i++) {
        const expected = from[i] > maxCost ? Infinity : from[i];
        const x = i % grid.width;
        const y = (i - x) / grid.width;
        assert.ok(
          near(range.costs[i], expected),
          `range trial ${trial}: ${range.costs[i]} vs ${expected}`,
        );
        if (expected === Infinity) continue;
        reached++;
        const route = range.pathTo(x, y);
        assert.deepEqual([route[0], route[1]], [sx, sy]);
        assert.ok(near(walkedCost(map, cost, diagonal, route), expected));
      }
      assert.equal(range.cells.length, 2 * reached);
      for (let k = 2; k < range.cells.length; k += 2) {
        assert.ok(
          range.costAt(range.cells[k - 2], range.cells[k - 1]) <=
            range.costAt(range.cells[k], range.cells[k + 1]),
        );
      }
      // The field towards the unit's cell is not its range turned around: costs are asymmetric.
      const towards = grid.flowField([sx, sy], options);
      for (let i = 0; i < map.cells.length; i++)
        if (!near(towards.costs[i], range.costs[i])) differing++;
    }
    grid.dispose();
  }
  assert.ok(finite > 1000, `only ${finite} finite cells checked`);
  assert.ok(differing > 200, `only ${differing} cells differ between the two directions`);
});

test("a field on a Moving AI map costs each scenario's optimum, and findPath's", () => {
  const name = 'den011d.map';
  const map = loadMap(name);
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  const problems = loadScenario(name);
  let checked = 0;
  for (let p = 0; p < problems.length; p += Math.ceil(problems.length / 25)) {
    const { startX, startY, goalX, goalY } = problems[p];
    const field = grid.flowField([goalX, goalY], { diagonal: 'noCorners' });
    const cost = field.costAt(startX, startY);
    assert.ok(matchesOptimal(cost, problems[p]), `problem ${p}: ${cost} vs ${problems[p].optimal}`);
    const found = grid.findPath(startX, startY, goalX, goalY, { diagonal: 'noCorners' });
    assert.ok(near(cost, found.cost));
    const path = field.pathFrom(startX, startY);
    assert.ok(near(walkedCost(map, costOf(grid), 'noCorners', path), found.cost));
    const range = grid.reachable(startX, startY, { diagonal: 'noCorners' });
    assert.ok(near(range.costAt(goalX, goalY), found.cost)); // uniform costs: both ways agree
    checked++;
  }
  assert.ok(checked >= 20);
  grid.dispose();
});

test('canReach agrees with a flood fill through thousands of random edits of every kind', () => {
  const next = random(77);
  let yes = 0;
  let no = 0;
  for (let trial = 0; trial < 6; trial++) {
    const width = 20 + trial;
    const height = 16;
    const grid = tilepath.createGrid(width, height);
    const walls = 0.3 + 0.03 * trial;
    const cls = () => (next() < walls ? 1 : next() < 0.3 ? 2 : 0);
    grid.setAll(Uint8Array.from({ length: width * height }, cls));
    grid.setCost(2, 3);
    for (let step = 0; step < 300; step++) {
      const kind = step % 50;
      if (kind === 49)
        grid.fillRect(Math.floor(next() * width), Math.floor(next() * height), 3, 2, cls());
      else if (kind === 48)
        grid.setCost(2, grid.getCost(2) === Infinity ? 3 : 0); // a class opens or closes
      else if (kind === 47) grid.setCells([Math.floor(next() * width * height), 0], [cls(), 1]);
      else grid.setCell(Math.floor(next() * width), Math.floor(next() * height), cls());
      const diagonal = RULES[step % 4];
      const start = Math.floor(next() * width * height);
      const map = mapOf(grid);
      const seen = floodFrom(map, costOf(grid), diagonal, start);
      for (let probe = 0; probe < 5; probe++) {
        const goal = Math.floor(next() * width * height);
        // A unit reaches where it stands, blocked or not (findPath finds it at cost 0).
        const expected =
          goal === start || (grid.getCost(map.cells[goal]) !== Infinity && seen[goal] === 1);
        const sx = start % width;
        const gx = goal % width;
        const answer = grid.canReach(sx, (start - sx) / width, gx, (goal - gx) / width, {
          diagonal,
        });
        assert.equal(answer, expected, `trial ${trial} step ${step} ${diagonal}`);
        expected ? yes++ : no++;
      }
    }
    grid.dispose();
  }
  assert.ok(yes > 1000 && no > 1000, `${yes} reachable, ${no} not`);
});

test('findPath answers an unreachable exact goal at once; partial and nearest still search', () => {
  const map = drawMap(['.....#...', '.....#...', '.....#...']);
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  const none = grid.findPath(0, 0, 8, 2);
  assert.equal(none.status, 'none');
  assert.equal(none.expanded, 0);
  assert.equal(none.path.length, 0);
  const partial = grid.findPath(0, 0, 8, 2, { partial: true, algorithm: 'astar' });
  assert.equal(partial.status, 'partial');
  assert.ok(partial.expanded >= 15);
  const nearest = grid.findPath(0, 0, 8, 2, { goal: 'nearest' });
  assert.deepEqual([nearest.goal.x, nearest.goal.y], [4, 2]);
  assert.ok(nearest.expanded >= 15);
  grid.setCell(5, 1, 0); // a door opens: the same query now searches and finds
  const found = grid.findPath(0, 0, 8, 2);
  assert.equal(found.status, 'found');
  assert.ok(found.expanded > 0);
  grid.dispose();
});

test('bad arguments throw as findPath throws, naming the argument', () => {
  const grid = tilepath.createGrid(4, 3);
  assert.throws(() => grid.flowField([4, 0]), {
    name: 'RangeError',
    message: 'goals[0] must be from 0 to 3, got 4',
  });
  assert.throws(() => grid.flowField([1]), { name: 'RangeError', message: /even length, got 1/ });
  assert.throws(() => grid.flowField([]), { name: 'RangeError', message: /at least one/ });
  assert.throws(() => grid.flowField('0,0'), { name: 'TypeError', message: /goals must be/ });
  assert.throws(() => grid.flowField([[0, 0], [1]]), {
    name: 'TypeError',
    message: /goals\[1\] must be an \[x, y\] pair/,
  });
  assert.throws(() => grid.flowField([0, 0], { algorithm: 'jps' }), {
    name: 'TypeError',
    message: "unknown option 'algorithm' (known: diagonal, maxCost, unitSize, profile, signal)",
  });
  assert.throws(() => grid.reachable(0, 0, { maxCost: -1 }), {
    name: 'RangeError',
    message: /maxCost must be a number >= 0/,
  });
  assert.throws(() => grid.reachable(0, 0, { maxCost: '6' }), {
    name: 'TypeError',
    message: /maxCost/,
  });
  assert.throws(() => grid.reachable(0, 0, { diagonal: 'sometimes' }), {
    name: 'RangeError',
    message: /diagonal must be one of/,
  });
  assert.throws(() => grid.reachable(4, 0), {
    name: 'RangeError',
    message: 'startX must be from 0 to 3, got 4',
  });
  assert.throws(() => grid.canReach(0, 0, 0, 3), {
    name: 'RangeError',
    message: 'goalY must be from 0 to 2, got 3',
  });
  assert.throws(() => grid.canReach(0, 0, 1, 1, { maxCost: 2 }), {
    name: 'TypeError',
    message: /unknown option 'maxCost'/,
  });
  const field = grid.flowField([0, 0]);
  assert.throws(() => field.nextStep(0, 3), { name: 'RangeError' });
  grid.dispose();
  assert.throws(() => grid.flowField([0, 0]), { name: 'TypeError', message: /disposed/ });
});

test('with the wasm memory full, fields, ranges and canReach are RangeErrors, never an abort', () => {
  const grids = [];
  assert.throws(() => {
    for (let k = 0; k < 200; k++) grids.push(tilepath.createGrid(4096, 4096));
  }, RangeError);
  const full = grids[0];
  const refused = (what) => ({
    name: 'RangeError',
    message: new RegExp(`^not enough wasm memory for ${what}`),
  });
  assert.throws(() => full.flowField([0, 0]), refused('this flow field'));
  assert.throws(() => full.reachable(0, 0), refused('this movement range'));
  assert.throws(() => full.canReach(0, 0, 9, 9), refused('reachability labels'));
  for (const grid of grids) grid.dispose();
  const after = tilepath.createGrid(64, 64);
  assert.equal(after.flowField([0, 0]).costAt(63, 0), 63);
  assert.equal(after.canReach(0, 0, 63, 63), true);
  assert.equal(after.findPath(0, 0, 63, 63).status, 'found');
  after.dispose();
});
