// Searches in slices (grid.startSearch) and the frame scheduler (PathScheduler) through wasm:
// a resumed search answers exactly as findPath; edits restart unfinished tasks; the scheduler
// keeps to its per-frame budget in a simulated game loop, is fair, honours AbortSignal and
// refuses bad input; InThreadPathWorker (built on it) answers exactly as PathWorker.
// Run: node --test tests/js/core/scheduler.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder, PathScheduler } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { comparable, random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';

const pathfinder = await createPathfinder();

// A*, for the tests that count a search's slices (the default, auto, runs jump points on these
// uniform grids: far fewer cells, and every edit matters to them).
const ASTAR = { algorithm: 'astar' };

const OPTIONS = [
  undefined,
  { diagonal: 'noCorners' },
  { diagonal: 'always', smooth: true },
  { diagonal: 'oneObstacle', algorithm: 'dijkstra' },
  { algorithm: 'bfs' },
  { algorithm: 'bfs', diagonal: 'noCorners' },
  { algorithm: 'jps', diagonal: 'noCorners' },
  { algorithm: 'jps' },
  { goal: 'adjacent', diagonal: 'noCorners' },
  { goal: 'nearest', diagonal: 'always', heuristic: 'euclidean' },
  { partial: true, maxExpansions: 150 },
  { maxExpansions: 40 },
  { weight: 2, diagonal: 'noCorners', trace: true },
  { includeStart: false, heuristic: 'chebyshev', diagonal: 'always' },
];

/** Everything findPath answers, in a form deepEqual compares. */
function full(result) {
  // (`built` tells the time the first hpa query spent building the hierarchy: not an answer.)
  const { built, ...answer } = result;
  const out = { ...answer, path: Array.from(result.path) };
  for (const key of ['rawPath', 'traceEvents', 'expandedCells'])
    if (result[key]) out[key] = Array.from(result[key]);
  return out;
}

function arenaGrid() {
  const map = loadMap('arena.map');
  const grid = pathfinder.createGrid(map.width, map.height, map.cells);
  grid.setCost(2, 3);
  return { map, grid };
}

test('a search stepped in slices answers exactly as findPath, for slices from 1 up', () => {
  const { map, grid } = arenaGrid();
  const next = random(11);
  const pick = (n) => Math.floor(next() * n);
  // Some cells cost more (class 2), so that weighted and unit-cost loops both run.
  for (let k = 0; k < 200; k++) grid.set(pick(map.width), pick(map.height), 2);
  let paused = 0;
  try {
    for (let round = 0; round < 60; round++) {
      const [sx, sy, gx, gy] = [pick(49), pick(49), pick(49), pick(49)];
      const options = OPTIONS[round % OPTIONS.length];
      const expected = full(grid.findPath(sx, sy, gx, gy, options));
      for (const slice of [1, 2, 3, 5, 17, 100, 5000]) {
        const task = grid.startSearch(sx, sy, gx, gy, options);
        let steps = 1;
        while (!task.step(slice)) steps++;
        if (steps > 1) paused++;
        assert.equal(task.done, true);
        assert.deepEqual(full(task.result), expected, `round ${round}, slice ${slice}`);
        assert.equal(task.expansions, expected.expanded);
        assert.equal(task.restarts, 0);
      }
    }
    assert.ok(paused > 150, `only ${paused} searches paused`);
  } finally {
    grid.dispose();
  }
});

test('several tasks at once on one grid; an edit restarts an unfinished one', () => {
  const { map, grid } = arenaGrid();
  const next = random(12);
  const pick = (n) => Math.floor(next() * n);
  let restarted = 0;
  try {
    for (let round = 0; round < 40; round++) {
      const jobs = Array.from({ length: 5 }, (_, k) => {
        const args = [
          pick(49),
          pick(49),
          pick(49),
          pick(49),
          OPTIONS[(round + k) % OPTIONS.length],
        ];
        return { args, task: grid.startSearch(...args) };
      });
      let edits = 0;
      for (let frame = 0; jobs.some((j) => !j.task.done); frame++) {
        if (frame < 4 && pick(2) === 0) {
          grid.set(pick(map.width), pick(map.height), pick(2));
          edits++;
        }
        // Each answer, when it comes, is a fresh search's on the grid as it is then.
        for (const { args, task } of jobs) {
          if (task.done || !task.step(1 + pick(20))) continue;
          // A task that froze (an edit that mattered after its restart: under jump points, the
          // default's here, every edit does) answers for the grid it froze on, and says so.
          if (task.result.outdated) {
            assert.ok(task.result.editsSince > 0 && task.restarts === 1, `round ${round}`);
            continue;
          }
          assert.deepEqual(full(task.result), full(grid.findPath(...args)), `round ${round}`);
          assert.ok(task.restarts <= edits);
          restarted += task.restarts > 0;
        }
      }
    }
    assert.ok(restarted > 10, `only ${restarted} tasks restarted`);
    // An edit beside what the search has seen, between two steps: it starts again, and says
    // so. One far from it (and from the goal) leaves it going.
    const task = grid.startSearch(1, 3, 47, 44, { ...ASTAR, diagonal: 'noCorners' });
    assert.equal(task.step(5), false);
    grid.set(30, 10, 1);
    assert.equal(task.step(5), false);
    assert.equal(task.restarts, 0);
    grid.set(2, 4, 1);
    task.step(0);
    assert.equal(task.restarts, 1);
    assert.ok(task.expansions > task.result.expanded);
    assert.deepEqual(
      full(task.result),
      full(grid.findPath(1, 3, 47, 44, { ...ASTAR, diagonal: 'noCorners' })),
    );
  } finally {
    grid.dispose();
  }
});

test('a unit bigger than one tile: its search runs in slices, exactly as findPath, and restarts on edits', () => {
  const { grid } = arenaGrid();
  try {
    for (const options of [
      { ...ASTAR, unitSize: 2 },
      { unitSize: 2 }, // the default: jump points
      { ...ASTAR, unitSize: 3, diagonal: 'noCorners', partial: true },
      { unitSize: 2, algorithm: 'jps', diagonal: 'noCorners' },
    ]) {
      const task = grid.startSearch(1, 3, 40, 40, options);
      let steps = 0;
      // (Jump point search expands few cells: one a slice.)
      while (!task.step(options.algorithm === 'astar' ? 7 : 1)) steps++;
      assert.ok(steps >= 2, `${JSON.stringify(options)}: ${steps} slices`);
      assert.deepEqual(full(task.result), full(grid.findPath(1, 3, 40, 40, options)));
    }
    // An edit beside the positions seen (and freeing the unit's positions) starts it again on
    // the new grid.
    const task = grid.startSearch(1, 3, 40, 40, { ...ASTAR, unitSize: 2 });
    task.step(20);
    grid.fillRect(3, 3, 1, 2, 1); // beside the start
    task.step(20);
    grid.releaseUnitSize(2);
    while (!task.step(50));
    // The first restart was cheap; the second edit that matters (the positions replaced)
    // freezes it on a copy of the same cells: its answer is still current.
    assert.equal(task.restarts, 1);
    assert.equal(task.result.outdated, undefined);
    assert.deepEqual(
      full(task.result),
      full(grid.findPath(1, 3, 40, 40, { ...ASTAR, unitSize: 2 })),
    );
    const there = grid.startSearch(2, 3, 2, 3, { unitSize: 2 });
    assert.equal(there.step(1), true);
    assert.equal(there.result.status, 'found');
  } finally {
    grid.dispose();
  }
});

test('startSearch refuses what findPath refuses; cancelled and disposed tasks say so', () => {
  const grid = pathfinder.createGrid(10, 10);
  const same = (call) => {
    let a;
    let b;
    try {
      grid.findPath(...call);
    } catch (error) {
      a = error;
    }
    try {
      grid.startSearch(...call);
    } catch (error) {
      b = error;
    }
    assert.ok(a instanceof Error, `findPath accepted ${JSON.stringify(call)}`);
    assert.equal(b?.constructor, a.constructor);
    assert.equal(b.message, a.message);
  };
  same([10, 0, 1, 1]);
  same([0, 0, 1, -1]);
  same([0, 0, 1.5, 1]);
  same([0, 0, 1, 1, { algorithm: 'teleport' }]);
  same([0, 0, 1, 1, { weight: 0.5 }]);
  same([0, 0, 1, 1, { colour: 'red' }]);
  const task = grid.startSearch(0, 0, 9, 9, ASTAR);
  assert.throws(() => task.step(-1), RangeError);
  assert.throws(() => task.step(1.5), TypeError);
  assert.throws(() => task.step('5'), TypeError);
  assert.equal(task.step(3), false);
  task.cancel();
  assert.equal(task.cancelled, true);
  assert.throws(() => task.step(3), /cancelled/);
  const left = grid.startSearch(0, 0, 9, 9, ASTAR);
  left.step(2);
  grid.dispose();
  assert.throws(() => left.step(3), /disposed/);
  left.cancel(); // nothing to free: it went with the grid
  // A finished task still checks its argument: a bad call is a bug whenever it is made.
  const other = pathfinder.createGrid(10, 10);
  const done = other.startSearch(0, 0, 9, 9);
  assert.equal(done.step(), true);
  assert.equal(done.step(0), true);
  assert.throws(() => done.step('5'), TypeError);
  other.dispose();
});

test('unfinished tasks are freed with their grid; finished ones free their state at once', () => {
  const grid = pathfinder.createGrid(64, 64);
  const tasks = Array.from({ length: 20 }, () => grid.startSearch(0, 0, 63, 63, ASTAR));
  for (const task of tasks.slice(0, 10)) task.step(0);
  for (const task of tasks.slice(10, 15)) task.cancel();
  // 5 are still in progress; disposing the grid frees them (no leak across many grids).
  grid.dispose();
  const before = pathfinder.memoryBytes();
  for (let k = 0; k < 50; k++) {
    const g = pathfinder.createGrid(256, 256);
    for (let t = 0; t < 4; t++) g.startSearch(0, 0, 255, 255, ASTAR).step(10);
    g.dispose();
  }
  assert.equal(pathfinder.liveGrids(), 0);
  assert.ok(pathfinder.memoryBytes() - before < 64 << 20, 'memory grew with disposed tasks');
});

/** A game loop with a fake clock: each update() advances it by `msPerExpansion` a cell. */
function fakeClock() {
  let time = 0;
  return { now: () => time, advance: (ms) => (time += ms) };
}

test('the scheduler keeps to expansionsPerFrame and answers as findPath', async () => {
  const { map, grid } = arenaGrid();
  const next = random(13);
  const pick = (n) => Math.floor(next() * n);
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 100 });
  try {
    const requests = Array.from({ length: 40 }, (_, k) => [
      pick(map.width),
      pick(map.height),
      pick(map.width),
      pick(map.height),
      OPTIONS[k % OPTIONS.length],
    ]);
    const answers = requests.map((r) => scheduler.findPath(...r));
    let frames = 0;
    while (scheduler.pending > 0) {
      const frame = scheduler.update();
      assert.ok(frame.expansions <= 100, `frame ${frames} expanded ${frame.expansions}`);
      frames++;
    }
    assert.equal(scheduler.lastFrame.queued + scheduler.lastFrame.active, 0);
    const results = await Promise.all(answers);
    const total = results.reduce((sum, r) => sum + r.expanded, 0);
    assert.ok(frames >= total / 100, `${frames} frames for ${total} cells`);
    results.forEach((r, k) => assert.deepEqual(full(r), full(grid.findPath(...requests[k]))));
  } finally {
    scheduler.dispose();
    grid.dispose();
  }
});

test('msPerFrame: a frame stops once its time is spent (fake clock)', async () => {
  const { grid } = arenaGrid();
  const clock = fakeClock();
  // Every clock reading costs 0.25 ms: a frame may run a few slices, never many over budget.
  const scheduler = new PathScheduler(grid, {
    msPerFrame: 2,
    sliceExpansions: 10,
    now: () => clock.advance(0.25),
  });
  try {
    const answers = Array.from({ length: 10 }, (_, k) =>
      scheduler.findPath(1, 3 + k, 47, 45 - k, ASTAR),
    );
    let frames = 0;
    while (scheduler.pending > 0) {
      const frame = scheduler.update();
      assert.ok(frame.expansions <= 10 * 3, `frame ${frames}: ${frame.expansions} cells`);
      frames++;
    }
    assert.ok(frames > 10);
    for (const r of await Promise.all(answers)) assert.equal(r.status, 'found');
  } finally {
    scheduler.dispose();
    grid.dispose();
  }
});

test('fair: a short request finishes within a few frames while a long one runs', async () => {
  const map = loadMap('maze512-1-0.map');
  const grid = pathfinder.createGrid(map.width, map.height, map.cells);
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 200 });
  try {
    const open = [];
    for (let i = 0; i < map.cells.length && open.length < 2; i++)
      if (map.cells[i] === 0) open.push(i);
    let far = 0;
    for (let i = map.cells.length - 1; i > 0; i--)
      if (map.cells[i] === 0) {
        far = i;
        break;
      }
    const at = (i) => [i % map.width, Math.floor(i / map.width)];
    const long = scheduler.findPath(...at(open[0]), ...at(far));
    let longDone = false;
    long.then(() => (longDone = true));
    for (let f = 0; f < 20; f++) scheduler.update();
    // A short request arrives while the long search is in progress.
    let shortDone = -1;
    let frame = 0;
    const short = scheduler.findPath(...at(open[0]), ...at(open[1]));
    short.then(() => (shortDone = frame));
    for (; frame < 10 && shortDone < 0; frame++) {
      scheduler.update();
      await null;
    }
    assert.ok(shortDone >= 0 && shortDone < 3, `short request took ${shortDone} frames`);
    assert.equal(longDone, false);
    while (scheduler.pending > 0) scheduler.update();
    assert.equal((await long).status, 'found');
    assert.ok((await long).expanded > 10000);
  } finally {
    scheduler.dispose();
    grid.dispose();
  }
});

test('AbortSignal: an aborted request rejects with its reason and frees its task', async () => {
  const { grid } = arenaGrid();
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 5 });
  try {
    const early = new AbortController();
    early.abort(new Error('never mind'));
    await assert.rejects(scheduler.findPath(1, 3, 40, 40, { signal: early.signal }), /never mind/);
    const later = new AbortController();
    const doomed = scheduler.findPath(1, 3, 47, 44, { signal: later.signal, diagonal: 'always' });
    const kept = scheduler.findPath(1, 3, 3, 5);
    scheduler.update();
    assert.equal(scheduler.pending, 2);
    later.abort(new RangeError('unit died'));
    await assert.rejects(
      doomed,
      (error) => error instanceof RangeError && /unit died/.test(error.message),
    );
    assert.equal(scheduler.pending, 1);
    while (scheduler.pending > 0) scheduler.update();
    assert.equal((await kept).status, 'found');
  } finally {
    scheduler.dispose();
    grid.dispose();
  }
});

test('the scheduler refuses bad input at once, and dispose rejects what is pending', async () => {
  const { grid } = arenaGrid();
  assert.throws(() => new PathScheduler({}), TypeError);
  assert.throws(() => new PathScheduler(grid, { expansionsPerFrame: 0 }), RangeError);
  assert.throws(() => new PathScheduler(grid, { msPerFrame: -1 }), RangeError);
  assert.throws(
    () => new PathScheduler(grid, { msPerFrame: 1, expansionsPerFrame: 5 }),
    RangeError,
  );
  assert.throws(
    () => new PathScheduler(grid, { framesPerSecond: 60 }),
    /unknown PathScheduler option/,
  );
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 10 });
  assert.throws(() => scheduler.findPath(0, 0, 99, 0), RangeError);
  assert.throws(() => scheduler.findPath(0, 0, 1, 1, { algorithm: 'teleport' }), RangeError);
  assert.throws(() => scheduler.findPath(0, 0, 1, 1, { colour: 1 }), TypeError);
  const pending = scheduler.findPath(1, 3, 47, 45, ASTAR);
  scheduler.update();
  scheduler.dispose();
  await assert.rejects(pending, { name: 'AbortError' });
  assert.throws(() => scheduler.update(), /disposed/);
  // A grid disposed under the scheduler: the request in progress rejects, none is dropped.
  const other = new PathScheduler(grid, { expansionsPerFrame: 10 });
  const lost = other.findPath(1, 3, 47, 45, ASTAR);
  other.update();
  grid.dispose();
  other.update();
  await assert.rejects(lost, /disposed/);
  assert.equal(other.pending, 0);
});

test('autoUpdate drives itself with timers (no requestAnimationFrame in Node)', async () => {
  const { grid } = arenaGrid();
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 50, autoUpdate: true });
  try {
    const options = { ...ASTAR, diagonal: 'noCorners' };
    const result = await scheduler.findPath(1, 3, 47, 45, options);
    assert.deepEqual(full(result), full(grid.findPath(1, 3, 47, 45, options)));
    assert.ok(result.expanded > 50, 'answered in one frame: nothing was spread');
  } finally {
    scheduler.dispose();
    grid.dispose();
  }
});

test("InThreadPathWorker.create checks its frame budget at once, as PathScheduler's", () => {
  const level = { width: 4, height: 4, loadPathfinder: () => createPathfinder() };
  assert.throws(() => InThreadPathWorker.create({ ...level, expansionsPerFrame: 0 }), RangeError);
  assert.throws(() => InThreadPathWorker.create({ ...level, msPerFrame: '4' }), TypeError);
  assert.throws(
    () => InThreadPathWorker.create({ ...level, msPerFrame: 4, expansionsPerFrame: 9 }),
    /not both/,
  );
});

test('InThreadPathWorker answers exactly as PathWorker, with edits, over several frames', async () => {
  const map = loadMap('arena.map');
  const costs = { 2: 3 };
  const inThread = await InThreadPathWorker.create({
    ...map,
    cells: map.cells.slice(),
    costs,
    loadPathfinder: () => createPathfinder(),
    expansionsPerFrame: 200,
  });
  const worker = await PathWorker.create({ ...map, cells: map.cells.slice(), costs });
  const next = random(14);
  const pick = (n) => Math.floor(next() * n);
  const got = [];
  const expected = [];
  try {
    for (let round = 0; round < 60; round++) {
      for (let e = pick(3); e > 0; e--) {
        const [x, y, cls] = [pick(map.width), pick(map.height), pick(3)];
        inThread.setCell(x, y, cls);
        worker.setCell(x, y, cls);
      }
      for (let r = pick(5); r > 0; r--) {
        const args = [pick(49), pick(49), pick(49), pick(49), OPTIONS[pick(OPTIONS.length)]];
        got.push(inThread.findPath(...args));
        expected.push(worker.findPath(...args));
      }
      if (round % 10 === 0) {
        const batch = Array.from({ length: 8 }, () => [pick(49), pick(49), pick(49), pick(49)]);
        got.push(inThread.findPaths(batch.flat(), { diagonal: 'noCorners' }));
        expected.push(worker.findPaths(batch.flat(), { diagonal: 'noCorners' }));
      }
      if (round % 7 === 0) await new Promise((done) => setTimeout(done, 20));
    }
    const a = (await Promise.all(got)).flat();
    const b = (await Promise.all(expected)).flat();
    assert.ok(a.length > 100);
    a.forEach((r, k) => assert.deepEqual(comparable(r), comparable(b[k]), `request ${k}`));
    // A long request is answered over several frames, not at once.
    const long = inThread.findPath(1, 3, 47, 45, { algorithm: 'dijkstra', diagonal: 'always' });
    let answered = false;
    long.then(() => (answered = true));
    await new Promise((done) => setTimeout(done, 0));
    assert.equal(answered, false);
    assert.ok(inThread.stats.inFlight > 0);
    assert.ok((await long).expanded > 200);
    // Aborting one rejects with PathWorker's AbortError.
    const controller = new AbortController();
    const aborted = inThread.findPath(1, 3, 47, 45, { signal: controller.signal });
    controller.abort();
    await assert.rejects(aborted, { name: 'AbortError' });
  } finally {
    inThread.terminate();
    worker.terminate();
  }
});

test('hpa does not pause: startSearch answers it at once, and the scheduler in one turn', async () => {
  const { grid } = arenaGrid();
  try {
    const options = { algorithm: 'hpa', diagonal: 'noCorners' };
    const task = grid.startSearch(1, 3, 40, 40, options);
    assert.equal(task.done, true);
    assert.deepEqual(full(task.result), full(grid.findPath(1, 3, 40, 40, options)));
    assert.equal(task.result.algorithm, 'hpa');
    const scheduler = new PathScheduler(grid, { expansionsPerFrame: 10 });
    const found = scheduler.findPath(1, 3, 40, 40, options);
    scheduler.update();
    assert.deepEqual(full(await found), full(task.result));
    scheduler.dispose();
    assert.throws(() => grid.startSearch(1, 3, 40, 40, { ...options, unitSize: 2 }), /unitSize/);
  } finally {
    grid.dispose();
  }
});

test("InThreadPathWorker's stats: queued counts what has not started, inFlight what is unanswered", async () => {
  const pw = await InThreadPathWorker.create({
    width: 256,
    height: 256,
    loadPathfinder: () => pathfinder,
    expansionsPerFrame: 50,
  });
  try {
    const asked = Array.from({ length: 20 }, (_, k) =>
      pw.findPath(0, 0, 255, k, { algorithm: 'astar' }),
    );
    assert.deepEqual([pw.stats.inFlight, pw.stats.queued], [20, 20], 'nothing has started');
    const seen = [];
    while (pw.stats.inFlight > 0) {
      seen.push([pw.stats.inFlight, pw.stats.queued]);
      await new Promise((done) => setTimeout(done, 1));
    }
    // At most 8 searches run at once (the scheduler's maxActive): the rest wait their turn.
    assert.ok(
      seen.some(([inFlight, queued]) => queued > 0 && inFlight - queued === 8),
      JSON.stringify(seen.slice(0, 8)),
    );
    assert.ok(seen.every(([inFlight, queued]) => queued <= inFlight));
    assert.equal((await Promise.all(asked)).length, 20);
    assert.deepEqual([pw.stats.inFlight, pw.stats.queued], [0, 0]);
  } finally {
    pw.terminate();
  }
});
