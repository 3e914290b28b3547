// Searches in slices under edits (issue 33): a task's answer is findPath's on the grid as it is
// at the step that finishes it, even when the task was done as it started (a blocked goal) and
// the grid changed before its first step; PathScheduler keeps searches going through edits they
// have not reached, refuses a clock it cannot measure by and bounds a frame's cells when the clock
// stands still; InThreadPathWorker queues an edit behind the searches asked before it instead of
// running them to the end inside the edit call.
// Run: node --test tests/js/core/scheduler-edits.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder, PathScheduler } from '../../../js/node.js';
import { InThreadPathWorker } from '../../../js/worker-node.js';
import { MAX_EXPANSIONS_PER_MS, SCHEDULE } from '../../../js/core/scheduler.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { costsFrom, near, walkedCost } from '../support/fields-reference.mjs';

const pathfinder = await createPathfinder();

/** Everything findPath answers, in a form deepEqual compares. (Where there is no way, findPath
 * may know it from the map's components without a search: then the work done and the algorithm
 * named differ from a search that found it out, the answer does not.) */
function full(result) {
  const out = { ...result, path: Array.from(result.path) };
  for (const key of ['rawPath', 'traceEvents', 'expandedCells'])
    if (result[key]) out[key] = Array.from(result[key]);
  delete out.workerMs;
  delete out.built; // the time a first query spent building (result.built): not an answer
  if (out.status === 'none') {
    delete out.expanded;
    delete out.algorithm;
  }
  return out;
}

const OPTIONS = [
  {},
  { diagonal: 'noCorners' },
  { diagonal: 'always', algorithm: 'dijkstra' },
  { algorithm: 'bfs' },
  { algorithm: 'jps', diagonal: 'noCorners' },
  { goal: 'adjacent', diagonal: 'noCorners' },
  { partial: true, diagonal: 'oneObstacle' },
];

/** A random map of `w` x `h`: about a quarter walls (class 1), some cells of class 2 (cost 3). */
function randomGrid(next, w, h) {
  const cells = new Uint8Array(w * h);
  for (let i = 0; i < cells.length; i++) {
    const r = next();
    cells[i] = r < 0.25 ? 1 : r < 0.35 ? 2 : 0;
  }
  const grid = pathfinder.createGrid(w, h, cells);
  grid.setCost(2, 3);
  return grid;
}

const costOf = (cls) => (cls === 0 ? 1 : cls === 2 ? 3 : 0);

/** Edits that keep the cells after each one that changed a cell, so that an outdated answer (a
 * task frozen under edits) can be held against findPath on the grid `editsSince` edits back. */
function editHistory(grid) {
  const snapshots = [grid.cells()];
  return {
    set(x, y, cls) {
      if (grid.get(x, y) === cls) return;
      grid.set(x, y, cls);
      snapshots.push(grid.cells());
    },
    /** What the answer must equal: findPath now, or on the grid it says it is for. */
    expected(result, args, options) {
      if (!result.outdated) return grid.findPath(...args, options);
      const cells = snapshots[snapshots.length - 1 - result.editsSince];
      assert.ok(cells, `no grid ${result.editsSince} edits back`);
      const then = pathfinder.createGrid(grid.width, grid.height, cells);
      then.setCost(2, 3);
      const answer = then.findPath(...args, options);
      then.dispose();
      return {
        ...answer,
        outdated: true,
        editsSince: result.editsSince,
        stillLegal: result.stillLegal,
      };
    },
  };
}

test('a task done as it starts answers for the grid at its first step, edits in between', () => {
  const next = random(3301);
  const pick = (n) => Math.floor(next() * n);
  let blockedAtStart = 0;
  let foundAfterOpening = 0;
  let againstReference = 0;
  let outdated = 0;
  for (let round = 0; round < 900; round++) {
    const w = 6 + pick(14);
    const h = 6 + pick(14);
    const grid = randomGrid(next, w, h);
    try {
      const unitSize = 1 + (round % 3);
      const options = { ...OPTIONS[round % OPTIONS.length], unitSize };
      const [sx, sy, gx, gy] = [pick(w - 2), pick(h - 2), pick(w - 2), pick(h - 2)];
      // A third of the goals blocked as the task starts (the native task is then done at once).
      if (round % 3 === 0) grid.set(gx, gy, 1);
      const blocked = grid.findPath(sx, sy, gx, gy, options).reason === 'goalBlocked';
      const task = grid.startSearch(sx, sy, gx, gy, options);
      const edits = editHistory(grid);
      // Edits between the start and the first step: the goal opened again, other cells.
      if (pick(10) < 6) edits.set(gx, gy, 0);
      for (let k = pick(4); k > 0; k--) edits.set(pick(w), pick(h), pick(3) === 0 ? 1 : 0);
      for (let steps = 0; !task.step(1 + pick(12)); steps++)
        if (steps < 4 && pick(2) === 0) edits.set(pick(w), pick(h), pick(3) === 0 ? 1 : 0);
      const fresh = edits.expected(task.result, [sx, sy, gx, gy], options);
      assert.deepEqual(full(task.result), full(fresh), `round ${round}`);
      if (task.result.outdated) {
        outdated++;
        continue; // the reference below walks the grid as it is
      }
      if (blocked) {
        blockedAtStart++;
        if (fresh.status === 'found') foundAfterOpening++;
      }
      // Against a Dijkstra written in the test, where the search is bound to the optimum.
      if (unitSize === 1 && !options.goal && !options.partial && fresh.status !== 'partial') {
        const map = { width: w, height: h, cells: grid.cells() };
        const diagonal = options.diagonal ?? 'never';
        const best = costsFrom(map, costOf, diagonal, sx, sy)[gy * w + gx];
        if (options.algorithm === 'bfs' || options.algorithm === 'jps') continue; // unit costs
        if (best === Infinity) assert.equal(task.result.status, 'none', `round ${round}`);
        else {
          assert.ok(near(task.result.cost, best), `round ${round}: ${task.result.cost} ${best}`);
          assert.ok(near(walkedCost(map, costOf, diagonal, task.result.path), best));
        }
        againstReference++;
      }
    } finally {
      grid.dispose();
    }
  }
  assert.ok(blockedAtStart > 200, `${blockedAtStart} goals blocked at the start`);
  assert.ok(foundAfterOpening > 80, `${foundAfterOpening} found once the goal opened`);
  assert.ok(againstReference > 100, `${againstReference} against the reference`);
  assert.ok(outdated > 5, `${outdated} outdated answers`);
});

test('PathScheduler: a task got in one frame and first stepped in a later one, edits between', () => {
  const next = random(3302);
  const pick = (n) => Math.floor(next() * n);
  let answers = 0;
  let blockedAtStart = 0;
  for (let round = 0; round < 200; round++) {
    const w = 8 + pick(12);
    const h = 8 + pick(12);
    const grid = randomGrid(next, w, h);
    // One cell a frame: a frame starts a search (a start counts as one) and the next steps it.
    const scheduler = new PathScheduler(grid, { expansionsPerFrame: 1 + pick(3) });
    const edits = editHistory(grid);
    try {
      const jobs = [];
      for (let k = 0; k < 4; k++) {
        const unitSize = 1 + pick(3);
        const options = { ...OPTIONS[pick(OPTIONS.length)], unitSize };
        const args = [pick(w - 2), pick(h - 2), pick(w - 2), pick(h - 2)];
        if (pick(2) === 0) {
          edits.set(args[2], args[3], 1);
          blockedAtStart++;
        }
        const job = { args, options, result: null, expected: null };
        scheduler[SCHEDULE](
          ...args,
          options,
          (result) => {
            job.result = result;
            job.expected = edits.expected(result, args, options); // as it ends
          },
          (error) => {
            throw error;
          },
        );
        jobs.push(job);
      }
      for (let frame = 0; scheduler.pending > 0; frame++) {
        scheduler.update();
        // Between frames: goals opened, cells changed.
        const job = jobs[pick(jobs.length)];
        if (pick(2) === 0) edits.set(job.args[2], job.args[3], 0);
        else edits.set(pick(w), pick(h), pick(3) === 0 ? 1 : 0);
        assert.ok(frame < 100000, 'the scheduler stalled');
      }
      for (const job of jobs) {
        assert.deepEqual(full(job.result), full(job.expected), `round ${round}`);
        answers++;
      }
    } finally {
      scheduler.dispose();
      grid.dispose();
    }
  }
  assert.equal(answers, 800);
  assert.ok(blockedAtStart > 300);
});

test('PathScheduler makes progress under a steady stream of edits the searches never reach', () => {
  const w = 160;
  const h = 120;
  const next = random(3303);
  const cells = new Uint8Array(w * h);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < 0.2 ? 1 : 0;
  // The searches run along the top rows; the doors are in the bottom-right corner.
  for (let x = 0; x < w; x++) for (let y = 0; y < 3; y++) cells[y * w + x] = 0;
  const grid = pathfinder.createGrid(w, h, cells);
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 200, maxActive: 8 });
  try {
    const answers = [];
    const options = { diagonal: 'noCorners', algorithm: 'dijkstra' };
    for (let k = 0; k < 16; k++) {
      const args = [k % 3, k % 2, w - 1 - (k % 4), k % 3];
      scheduler[SCHEDULE](
        ...args,
        options,
        (result) => answers.push({ result, expected: grid.findPath(...args, options) }),
        (error) => {
          throw error;
        },
      );
    }
    let frames = 0;
    let edits = 0;
    for (; scheduler.pending > 0 && frames < 20000; frames++) {
      if (frames % 3 === 0) {
        // A door toggled every third frame: far more often than a search takes to finish.
        const door = (h - 2 - (edits % 4)) * w + w - 2;
        grid.set(door % w, Math.floor(door / w), grid.get(door % w, Math.floor(door / w)) ^ 1);
        edits++;
      }
      scheduler.update();
    }
    assert.equal(answers.length, 16, `${answers.length} of 16 answered in ${frames} frames`);
    for (const { result, expected } of answers) assert.deepEqual(full(result), full(expected));
    assert.ok(edits > 100, `${edits} edits`);
  } finally {
    scheduler.dispose();
    grid.dispose();
  }
});

test('a clock that gives NaN is refused by name; one that stands still cannot stretch a frame', () => {
  const grid = pathfinder.createGrid(200, 200);
  try {
    for (const bad of [NaN, Infinity, undefined, '5']) {
      assert.throws(
        () => new PathScheduler(grid, { now: () => bad }),
        (error) =>
          error instanceof RangeError &&
          error.message.includes('now() must return a finite number') &&
          error.message.includes(typeof bad === 'string' ? '"5"' : String(bad)),
      );
    }
    // Fine at first, NaN later: update() refuses it then.
    let calls = 0;
    const later = new PathScheduler(grid, { now: () => (++calls > 3 ? NaN : calls) });
    later.findPath(0, 0, 199, 199, { algorithm: 'dijkstra' }).catch(() => {});
    assert.throws(() => later.update(), /now\(\) must return a finite number.*NaN/);
    later.dispose();

    // A constant clock: the 2 ms never pass, the cells a frame bound it.
    const stuck = new PathScheduler(grid, { now: () => 5, msPerFrame: 2 });
    let answered = 0;
    for (let k = 0; k < 30; k++)
      stuck.findPath(k, 0, 199 - k, 199, { algorithm: 'dijkstra' }).then(() => answered++);
    const frame = stuck.update();
    const bound = 2 * MAX_EXPANSIONS_PER_MS + 256; // plus at most one slice begun under it
    assert.ok(frame.expansions > 0);
    assert.ok(frame.expansions <= bound, `${frame.expansions} cells in one frame`);
    assert.ok(stuck.pending > 20, `${stuck.pending} still pending`);
    let frames = 1;
    while (stuck.pending > 0) {
      assert.ok(stuck.update().expansions <= bound);
      frames++;
    }
    assert.ok(frames > 5, `${frames} frames`);
    stuck.dispose();
  } finally {
    grid.dispose();
  }
});

test('InThreadPathWorker: an edit behind 30 long searches runs none of them in its call', async () => {
  const w = 200;
  const h = 200;
  const next = random(3304);
  const cells = new Uint8Array(w * h);
  for (let i = 0; i < cells.length; i++) cells[i] = next() < 0.15 ? 1 : 0;
  // Cells expanded by the worker's searches, counted as its tasks step.
  let expanded = 0;
  const counting = {
    ...pathfinder,
    createGrid(...args) {
      const grid = pathfinder.createGrid(...args);
      const startSearch = grid.startSearch.bind(grid);
      grid.startSearch = (...searchArgs) => {
        const task = startSearch(...searchArgs);
        const step = task.step.bind(task);
        task.step = (n) => {
          const before = task.expansions;
          try {
            return step(n);
          } finally {
            expanded += task.expansions - before;
          }
        };
        return task;
      };
      return grid;
    },
  };
  const worker = await InThreadPathWorker.create({
    width: w,
    height: h,
    cells,
    loadPathfinder: () => counting,
    expansionsPerFrame: 20000,
  });
  // The reference: a grid of its own, given the same edits in the same order.
  const reference = pathfinder.createGrid(w, h, cells);
  try {
    const options = { algorithm: 'dijkstra', diagonal: 'noCorners' };
    const ends = Array.from({ length: 30 }, (_, k) => [k, 1, w - 1 - k, h - 2]);
    const before = ends.map((e) => worker.findPath(...e, options));
    const expectedBefore = ends.map((e) => reference.findPath(...e, options));
    // A wall across the map, but for a gap: every path must go round it.
    const wall = [];
    for (let x = 0; x < w - 20; x++) wall.push(100 * w + x);
    const done = expanded;
    worker.setCells(wall, 1);
    worker.setCost(0, 2);
    worker.fillRect(w - 20, 99, 20, 1, 0);
    assert.equal(expanded - done, 0, 'cells expanded inside the edit calls');
    // Reads give the cells as set, before the edits are applied.
    assert.equal(worker.get(5, 100), 1);
    assert.equal(worker.getCost(0), 2);
    assert.equal(worker.cells()[100 * w + 7], 1);
    reference.setCells(wall, 1);
    reference.setCost(0, 2);
    reference.fillRect(w - 20, 99, 20, 1, 0);
    const after = ends.slice(0, 5).map((e) => worker.findPath(...e, options));
    const reach = worker.canReach(0, 0, 0, h - 1);
    const expectedAfter = ends.slice(0, 5).map((e) => reference.findPath(...e, options));
    const answers = await Promise.all(before);
    answers.forEach((r, k) => assert.deepEqual(full(r), full(expectedBefore[k]), `before ${k}`));
    (await Promise.all(after)).forEach((r, k) =>
      assert.deepEqual(full(r), full(expectedAfter[k]), `after ${k}`),
    );
    assert.equal(await reach, reference.canReach(0, 0, 0, h - 1));
    assert.ok(expanded > 30 * 10000, `${expanded} cells expanded in all`);
    assert.notDeepEqual(expectedBefore[0].path, expectedAfter[0].path);
  } finally {
    worker.terminate();
    reference.dispose();
  }
});

test('InThreadPathWorker: a request aborted while it waits for an edit rejects at once', async () => {
  const worker = await InThreadPathWorker.create({
    width: 120,
    height: 120,
    loadPathfinder: () => pathfinder,
    expansionsPerFrame: 500,
  });
  try {
    const long = worker.findPath(0, 0, 119, 119, { algorithm: 'dijkstra' });
    worker.setCell(60, 60, 1);
    const controller = new AbortController();
    const held = worker.findPath(0, 0, 119, 0, { signal: controller.signal });
    controller.abort();
    await assert.rejects(held, { name: 'AbortError' });
    assert.equal(worker.get(60, 60), 1);
    const answer = await long;
    assert.equal(answer.status, 'found');
    // Terminated with an edit still queued: it lands in what reads give afterwards.
    const pending = worker.findPath(0, 0, 119, 119, { algorithm: 'dijkstra' });
    worker.setCell(61, 61, 1);
    worker.terminate();
    await assert.rejects(pending, /terminated/);
    assert.equal(worker.get(61, 61), 1);
  } finally {
    worker.terminate();
  }
});
