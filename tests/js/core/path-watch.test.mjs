// Stale-path alerts (watchPath) on Grid, PathWorker and InThreadPathWorker: an edit alerts
// exactly the watched paths it makes worse (a cell blocked or dearer), once, and no others.
// Run: node --test tests/js/core/path-watch.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { drawMap, random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';

const tilepath = await createPathfinder();

test('blocking a cell of a watched path alerts it once with the cell and its index', () => {
  const { width, height, cells } = drawMap(['.....', '.###.', '.....']);
  const grid = tilepath.createGrid(width, height, cells);
  const { path } = grid.findPath(0, 0, 4, 0);
  const alerts = [];
  grid.watchPath(path, (alert) => alerts.push(alert));
  grid.setCell(0, 2, 1); // not on the path
  assert.deepEqual(alerts, []);
  grid.setCell(2, 0, 1);
  assert.equal(alerts.length, 1);
  assert.equal(alerts[0].index, 2);
  assert.deepEqual([alerts[0].x, alerts[0].y], [2, 0]);
  assert.deepEqual(Array.from(alerts[0].cells), [2, 0]);
  grid.setCell(3, 0, 1); // alerted once: the path is no longer watched
  assert.equal(alerts.length, 1);
  grid.dispose();
});

test('raising the cost of a class on the path alerts; lowering it or opening a cell does not', () => {
  const { width, height, cells } = drawMap(['..2..', '.###.', '.....']);
  const grid = tilepath.createGrid(width, height, cells);
  grid.setCost(2, 1);
  const { path } = grid.findPath(0, 0, 4, 0);
  const alerts = [];
  grid.watchPath(path, (alert) => alerts.push(alert));
  grid.setCost(2, 0.5);
  grid.setCell(1, 1, 0);
  assert.equal(alerts.length, 0);
  grid.setCost(2, 5);
  assert.equal(alerts.length, 1);
  assert.deepEqual(Array.from(alerts[0].cells), [2, 0]);
  grid.dispose();
});

test('stop() ends the watch: later walls are not reported', async () => {
  const map = drawMap(['....', '....']);
  const pw = await PathWorker.create({ ...map, cells: map.cells.slice() });
  try {
    const { path } = await pw.findPath(0, 0, 3, 0);
    let calls = 0;
    const handle = pw.watchPath(path, () => calls++);
    assert.equal(handle.active, true);
    handle.stop();
    assert.equal(handle.active, false);
    pw.setCell(1, 0, 1);
    assert.equal(calls, 0);
  } finally {
    pw.terminate();
  }
});

test('watchPath refuses a path that is not x, y pairs of the grid', () => {
  const grid = tilepath.createGrid(4, 4);
  assert.throws(() => grid.watchPath([0, 0, 1], () => {}), TypeError);
  assert.throws(() => grid.watchPath([0, 0, 4, 0], () => {}), /path point 1 \(4, 0\)/);
  assert.throws(() => grid.watchPath([0, 0], null), /onBlocked must be a function/);
  grid.dispose();
});

test('watchPath refuses smoothed waypoints: a wall between two of them would go unheard', async () => {
  // A smoothed path's points are far apart; watching them watched the corners only, and a wall
  // dropped on the way between them alerted nobody. The cell-by-cell rawPath is what to watch.
  const grid = tilepath.createGrid(20, 20);
  const route = grid.findPath(0, 0, 19, 10, { smooth: true, diagonal: 'noCorners' });
  assert.deepEqual([...route.path], [0, 0, 19, 10]);
  const refusal = {
    name: 'RangeError',
    message:
      'path point 1 (19, 10) is not next to point 0 (0, 0): watch a path cell by cell ' +
      "(a smoothed result's rawPath, not its waypoints)",
  };
  assert.throws(() => grid.watchPath(route.path, () => {}), refusal);
  const pw = await PathWorker.create({ width: 20, height: 20 });
  try {
    assert.throws(() => pw.watchPath(route.path, () => {}), refusal);
  } finally {
    pw.terminate();
  }
  const alerts = [];
  grid.watchPath(route.rawPath, (alert) => alerts.push(alert));
  grid.setCell(route.rawPath[20], route.rawPath[21], 1);
  assert.equal(alerts.length, 1);
  // Staggered maps step two rows (axis y) or two columns (axis x) on their corner diagonals.
  for (const [staggerAxis, far] of [
    ['y', [0, 2]],
    ['x', [2, 0]],
  ]) {
    const diamonds = tilepath.createGrid(6, 6, { orientation: 'staggered', staggerAxis });
    diamonds.watchPath([2, 2, 2 + far[0], 2 + far[1]], () => {}).stop();
    assert.throws(() => diamonds.watchPath([2, 2, 2 + far[1], 2 + far[0]], () => {}), RangeError);
    diamonds.dispose();
  }
  grid.dispose();
});

/**
 * Random edits of every kind on a Moving AI map with many watched paths; after each edit the
 * alerts must be exactly those a brute-force comparison of every watched cell's cost finds
 * (the side cells of diagonal steps included, which matter when they are blocked).
 */
async function checkAgainstBruteForce(target, map, seed) {
  const next = random(seed);
  const { width, height } = map;
  const pick = (n) => Math.floor(next() * n);
  const costAt = (index) => target.getCost(target.get(index % width, Math.floor(index / width)));
  const watches = new Map(); // id -> { path cells, handle }
  let alerted = new Map();
  let nextId = 0;
  let alertsSeen = 0;
  let quietEdits = 0;
  // Fills the watched set back to 40 paths, asking in batches (one message to a worker). Edits
  // can block all but a few cells for a while (setCost(0, Infinity)); then it stops trying.
  const watchMore = async () => {
    for (let tries = 0; watches.size < 40 && tries < 50; tries++) {
      const asked = Array.from({ length: 40 - watches.size }, () =>
        target.findPath(pick(width), pick(height), pick(width), pick(height), {
          diagonal: 'noCorners',
        }),
      );
      for (const result of await Promise.all(asked)) {
        if (result.status !== 'found' || result.path.length < 4) continue;
        const id = nextId++;
        const cells = [];
        const sides = []; // [point, cell]: the two side cells of each diagonal step
        const { path } = result;
        for (let k = 0; k < path.length; k += 2) {
          cells.push(path[k + 1] * width + path[k]);
          if (k && path[k] !== path[k - 2] && path[k + 1] !== path[k - 1]) {
            sides.push(
              [k / 2, path[k - 1] * width + path[k]],
              [k / 2, path[k + 1] * width + path[k - 2]],
            );
          }
        }
        const handle = target.watchPath(result.path, (alert) => alerted.set(id, alert));
        watches.set(id, { cells, sides, handle });
      }
    }
  };
  await watchMore();
  const passable = [0, 2, 3];
  const edits = [
    () => target.setCell(pick(width), pick(height), pick(4)),
    () => {
      const indices = Array.from({ length: 1 + pick(30) }, () => pick(width * height));
      target.setCells(
        indices,
        indices.map(() => pick(4)),
      );
    },
    () => target.fillRect(pick(width) - 2, pick(height) - 2, 1 + pick(6), 1 + pick(6), pick(4)),
    () => target.setCost(passable[pick(3)], [1, 2, 4, Infinity][pick(4)]),
    () => {
      const cells = target.cells();
      for (let k = 0; k < 40; k++) cells[pick(cells.length)] = pick(4);
      target.setAll(cells);
    },
  ];
  for (let step = 0; step < 300; step++) {
    const before = new Map();
    for (const [id, { cells, sides }] of watches)
      before.set(id, { cells: cells.map(costAt), sides: sides.map(([, index]) => costAt(index)) });
    alerted = new Map();
    edits[pick(edits.length)]();
    for (const [id, { cells, sides }] of watches) {
      const was = before.get(id);
      // [point, cell] of each watched cell made worse: a cell of the path made dearer, or a
      // side cell of a diagonal step blocked (noCorners then forbids the step).
      const worse = [
        ...cells.flatMap((index, k) => (costAt(index) > was.cells[k] ? [[k, index]] : [])),
        ...sides.flatMap(([k, index], s) =>
          costAt(index) === Infinity && was.sides[s] < Infinity ? [[k, index]] : [],
        ),
      ];
      const alert = alerted.get(id);
      if (!worse.length) {
        assert.equal(alert, undefined, `step ${step}: path ${id} alerted, nothing on it got worse`);
        continue;
      }
      assert.ok(alert, `step ${step}: path ${id} was made worse at ${worse} and not alerted`);
      assert.equal(alert.index, Math.min(...worse.map(([k]) => k)));
      const expected = worse.map(([, index]) => `${index % width},${Math.floor(index / width)}`);
      const got = Array.from({ length: alert.cells.length / 2 }, (_, k) =>
        [alert.cells[2 * k], alert.cells[2 * k + 1]].join(),
      );
      assert.deepEqual(got.sort(), expected.sort());
      watches.delete(id);
      alertsSeen++;
    }
    for (const id of alerted.keys()) assert.ok(before.has(id), `path ${id} alerted twice`);
    if (!alerted.size) quietEdits++;
    await watchMore();
  }
  // Refuses to pass vacuously: the run saw both alerts and edits that alerted nobody.
  assert.ok(alertsSeen > 60, `only ${alertsSeen} alerts`);
  assert.ok(quietEdits > 60, `only ${quietEdits} edits without alerts`);
}

const arena = loadMap('arena.map');
const withCosts = (map) => ({ ...map, cells: map.cells.slice() });

test('Grid: alerts fire exactly for the watched paths random edits make worse (arena.map)', async () => {
  const map = withCosts(arena);
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  for (const cls of [2, 3]) grid.setCost(cls, 2);
  // The sync grid answers at once: wrap findPath in a promise like the workers'.
  const target = new Proxy(grid, {
    get: (g, key) =>
      key === 'findPath' ? async (...args) => g.findPath(...args) : (g[key].bind?.(g) ?? g[key]),
  });
  await checkAgainstBruteForce(target, map, 13);
  grid.dispose();
});

test('PathWorker: alerts fire exactly for the watched paths random edits make worse (arena.map)', async () => {
  const map = withCosts(arena);
  const pw = await PathWorker.create({ ...map, costs: { 2: 2, 3: 2 } });
  try {
    await checkAgainstBruteForce(pw, map, 14);
  } finally {
    pw.terminate();
  }
});

test('InThreadPathWorker: alerts fire exactly for the watched paths random edits make worse', async () => {
  const map = withCosts(arena);
  const pw = await InThreadPathWorker.create({
    ...map,
    costs: { 2: 2, 3: 2 },
    loadPathfinder: () => tilepath,
  });
  try {
    await checkAgainstBruteForce(pw, map, 15);
  } finally {
    pw.terminate();
  }
});

test('an onBlocked that throws does not keep the other units from hearing; the edit rethrows it', () => {
  const { width, height, cells } = drawMap(['.....', '.....']);
  const grid = tilepath.createGrid(width, height, cells);
  const heard = [];
  grid.watchPath([0, 0, 1, 0, 2, 0], () => {
    throw new Error('game bug');
  });
  grid.watchPath([2, 0, 2, 1], () => heard.push('second'));
  assert.throws(() => grid.fillRect(2, 0, 1, 1, 1), /game bug/);
  assert.deepEqual(heard, ['second']);
  assert.equal(grid.get(2, 0), 1, 'the edit itself is made');
  grid.dispose();
});

test('PathWorker: a new level reaches the worker even when an onBlocked throws', async () => {
  const map = drawMap(['....', '....']);
  const pw = await PathWorker.create({ ...map, cells: map.cells.slice() });
  try {
    const { path } = await pw.findPath(0, 0, 3, 0);
    pw.watchPath(path, () => {
      throw new Error('game bug');
    });
    const level = drawMap(['.#..', '....']).cells;
    assert.throws(() => pw.setAll(level), /game bug/);
    const after = await pw.findPath(0, 0, 3, 0);
    assert.equal(after.cost, 5, 'the worker searched the new level');
  } finally {
    pw.terminate();
  }
});

test('a wall on the side cell of a diagonal step alerts under noCorners (the default), not under always', async () => {
  const map = drawMap(['...', '...', '...']);
  const path = [0, 0, 1, 1, 2, 2]; // diagonal steps: their side cells are (1, 0), (0, 1), ...
  const pw = await PathWorker.create({ ...map, cells: map.cells.slice() });
  const inThread = await InThreadPathWorker.create({
    ...map,
    cells: map.cells.slice(),
    loadPathfinder: () => tilepath,
  });
  try {
    for (const target of [pw, inThread]) {
      const alerts = [];
      const strict = target.watchPath(path, (alert) => alerts.push(alert));
      target.watchPath(path, () => alerts.push('always'), { diagonal: 'always' });
      const lenient = target.watchPath(path, (alert) => alerts.push(alert), {
        diagonal: 'oneObstacle',
      });
      target.setCell(2, 1, 1); // a side cell of the step into point 2
      assert.equal(alerts.length, 1);
      assert.deepEqual(
        { ...alerts[0], cells: Array.from(alerts[0].cells) },
        {
          index: 2,
          x: 2,
          y: 1,
          cells: [2, 1],
        },
      );
      assert.equal(strict.active, false);
      assert.equal(lenient.active, true, 'oneObstacle: the other side is still open');
      target.setCell(1, 2, 1); // and the other one: now the step is forbidden there too
      assert.equal(alerts.length, 2);
      assert.deepEqual(Array.from(alerts[1].cells), [1, 2]);
      target.setCells([5, 7], [0, 0]);
    }
    assert.throws(() => pw.watchPath(path, () => {}, { diagonal: 'corners' }), {
      name: 'RangeError',
      message:
        "diagonal must be one of 'never', 'noCorners', 'oneObstacle', 'always', got \"corners\"",
    });
    assert.throws(() => pw.watchPath(path, () => {}, { diagonals: 'always' }), {
      name: 'TypeError',
      message:
        "unknown option 'diagonals' (did you mean 'diagonal'? known: unitSize, diagonal, profile, links)",
    });
  } finally {
    pw.terminate();
    inThread.terminate();
  }
});
