// EditLog: the main thread's copy of a PathWorker's grid, the edits not posted yet, and the
// updates a new worker replays. No worker here: the log alone, on small maps drawn as strings.
// Run: node --test tests/js/worker/edit-log.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditLog } from '../../../js/worker/edit-log.js';
import { drawMap, random } from '../../e2e/pages/worker-maps.js';

/** A log holding `rows` (drawn as in the worker tests: '#' is class 1, a digit that class). */
function logOf(rows, costPairs) {
  const map = drawMap(rows);
  const log = new EditLog(map.width * map.height);
  log.reset(map.cells, costPairs);
  return { log, width: map.width };
}

const drawn = (rows) => Array.from(drawMap(rows).cells);
const costsOf = (state) => Object.fromEntries([...state.costs].sort((a, b) => a[0] - b[0]));

/** Applies updates forward to a state, as a new worker does when they are replayed. */
function replay(state, updates) {
  const cells = state.cells.slice();
  const costs = new Map(state.costs);
  for (const { indices, values, costs: pairs } of updates) {
    indices.forEach((index, i) => (cells[index] = values[i]));
    for (let i = 0; i < pairs.length; i += 2) costs.set(pairs[i], pairs[i + 1]);
  }
  return { cells, costs };
}

test('reset copies the starting cells and costs; reads answer from the copy', () => {
  const map = drawMap(['.#', '2.']);
  const log = new EditLog(4);
  log.reset(map.cells, [[2, 3]]);
  map.cells.fill(9); // the caller's array is not the log's
  assert.deepEqual(Array.from(log.cells()), [0, 1, 2, 0]);
  assert.equal(log.cell(2), 2);
  assert.equal(log.cost(2), 3);
  assert.equal(log.cost(0), undefined, 'class 0 keeps the default');
  assert.deepEqual(log.costPairs(), [[2, 3]]);
});

test('an edit that changes nothing is not recorded', () => {
  const { log } = logOf(['.#', '..']);
  assert.equal(log.write(1, 1), false);
  assert.equal(log.write(0, 0), false);
  assert.equal(log.pendingCells, 0);
  assert.equal(log.setCost(3, 2), true);
  assert.equal(log.setCost(3, 2), false);
  assert.equal(log.pendingCosts, 1);
});

test('take hands out the edits since the last take, in order, with what each overwrote', () => {
  const { log } = logOf(['..#', '...']);
  log.write(2, 0); // the wall at (2, 0) opens
  log.write(4, 1);
  log.write(2, 3); // the same cell again, later in the same update
  log.setCost(3, 5);
  log.setCost(3, Infinity);
  const first = log.take(['request a']);
  assert.deepEqual(
    {
      seq: first.seq,
      indices: Array.from(first.indices),
      values: Array.from(first.values),
      previous: Array.from(first.previous),
      costs: Array.from(first.costs),
      costPrevious: Array.from(first.costPrevious),
      requests: first.requests,
    },
    {
      seq: 1,
      indices: [2, 4, 2],
      values: [0, 1, 3],
      previous: [1, 0, 0],
      costs: [3, 5, 3, Infinity],
      costPrevious: [NaN, 5],
      requests: ['request a'],
    },
  );
  assert.equal(log.pendingCells, 0);
  assert.equal(log.pendingCosts, 0);
  const second = log.take();
  assert.equal(second.seq, 2);
  assert.equal(second.indices.length, 0);
  assert.deepEqual(log.unconfirmed, [first, second]);
  assert.equal(log.lastSeq, 2);
});

test('stateBefore(k) undoes the pending edits and every update from the k-th on', () => {
  const { log } = logOf(['....', '....'], [[2, 4]]);
  log.write(0, 1);
  log.setCost(2, 6);
  log.take(); // update 1
  log.write(0, 2);
  log.write(5, 1);
  log.setCost(7, 1);
  log.take(); // update 2
  log.write(5, 3); // pending
  log.setCost(2, Infinity);

  const before1 = log.stateBefore(0);
  assert.deepEqual(Array.from(before1.cells), drawn(['....', '....']));
  assert.deepEqual(costsOf(before1), { 2: 4 });
  const before2 = log.stateBefore(1);
  assert.deepEqual(Array.from(before2.cells), drawn(['#...', '....']));
  assert.deepEqual(costsOf(before2), { 2: 6 });
  const afterAll = log.stateBefore(2);
  assert.deepEqual(Array.from(afterAll.cells), drawn(['2...', '.#..']));
  assert.deepEqual(costsOf(afterAll), { 2: 6, 7: 1 }, 'class 7 had the default before: it is set');
  assert.deepEqual(Array.from(log.cells()), drawn(['2...', '.3..']), 'the log itself is unchanged');
});

test('confirm forgets updates up to a seq, oldest first', () => {
  const { log } = logOf(['...']);
  for (let i = 0; i < 3; i++) {
    log.write(i, 1);
    log.take();
  }
  assert.equal(log.confirm(2), true);
  assert.deepEqual(
    log.unconfirmed.map((u) => u.seq),
    [3],
  );
  assert.deepEqual(Array.from(log.stateBefore(0).cells), drawn(['##.']));
});

test('confirm refuses a seq it never handed out, so a lying reply cannot empty the replay log', () => {
  const { log } = logOf(['...']);
  log.write(0, 1);
  log.take();
  for (const seq of [2, 2 ** 53, Infinity, NaN, 1.5, '1', null]) {
    assert.equal(log.confirm(seq), false, `seq ${String(seq)}`);
    assert.equal(log.unconfirmed.length, 1, `seq ${String(seq)}`);
  }
});

test('confirm keeps an update (and every later one) that is not settled yet', () => {
  const { log } = logOf(['...']);
  const first = log.take(['answered']);
  log.take(['still running']);
  log.take(['answered']);
  log.confirm(3, (update) => update.requests[0] === 'answered');
  assert.deepEqual(
    log.unconfirmed.map((u) => u.seq),
    [2, 3],
  );
  assert.ok(!log.unconfirmed.includes(first));
});

test('dropUnconfirmed gives the state after every update taken, without the pending edits', () => {
  const { log } = logOf(['...']);
  log.write(0, 1);
  log.setCost(1, 2);
  log.take();
  log.write(1, 1); // pending
  const state = log.dropUnconfirmed();
  assert.deepEqual(Array.from(state.cells), drawn(['#..']));
  assert.deepEqual(costsOf(state), { 1: 2 });
  assert.equal(log.unconfirmed.length, 0);
  assert.equal(log.pendingCells, 1, 'the pending edit still goes with the next update');
});

test('replaying the unconfirmed updates onto stateBefore(0) rebuilds the grid, for any edits', () => {
  // What a new worker does after a loss: start from stateBefore(0), apply each update. With the
  // pending edits still to come, it must land exactly on stateBefore(unconfirmed.length).
  const next = random(99);
  const width = 7;
  const height = 5;
  const log = new EditLog(width * height);
  let checked = 0;
  for (let step = 0; step < 3000; step++) {
    const roll = next();
    if (roll < 0.5) log.write(Math.floor(next() * width * height), Math.floor(next() * 4));
    else if (roll < 0.6)
      log.setCost(Math.floor(next() * 4), [0, 1, 2.5, Infinity][Math.floor(next() * 4)]);
    else if (roll < 0.75) log.take();
    else if (roll < 0.85) log.confirm(log.lastSeq - Math.floor(next() * 3));
    else {
      const k = Math.floor(next() * (log.unconfirmed.length + 1));
      const rebuilt = replay(log.stateBefore(k), log.unconfirmed.slice(k));
      const expected = log.stateBefore(log.unconfirmed.length);
      assert.deepEqual(Array.from(rebuilt.cells), Array.from(expected.cells), `step ${step}`);
      assert.deepEqual(costsOf(rebuilt), costsOf(expected), `step ${step}`);
      checked++;
    }
  }
  assert.ok(checked > 300, `${checked} rebuilds checked`);
});

test('load replaces every cell as an update of its own, and stateBefore undoes it', () => {
  const { log } = logOf(['..#', '...']);
  log.write(0, 1);
  log.take(); // update 1: an edit on the old level
  const level = drawMap(['222', '#..']).cells;
  const loaded = log.load(level);
  level.fill(9); // the log keeps its own copy
  assert.equal(loaded.seq, 2);
  assert.deepEqual(Array.from(loaded.overwritten), drawn(['#.#', '...']));
  assert.equal(loaded.indices.length, 0);
  log.write(5, 1); // pending, on top of the new level
  assert.deepEqual(Array.from(log.cells()), drawn(['222', '#.#']));
  assert.deepEqual(
    Array.from(log.loadedCells(1)),
    drawn(['222', '#..']),
    'what the load put in place',
  );
  assert.deepEqual(Array.from(log.stateBefore(1).cells), drawn(['#.#', '...']));
  assert.deepEqual(Array.from(log.stateBefore(0).cells), drawn(['..#', '...']));
  assert.throws(() => log.loadedCells(0), /not a load/);
});

test('load refuses to go ahead of edits not taken yet (requests made before must see them)', () => {
  const { log } = logOf(['..']);
  log.write(0, 1);
  assert.throws(() => log.load(new Uint8Array(2)), /take\(\) the edits made before it first/);
  log.setCost(1, 2);
  log.take();
  log.setCost(1, 3);
  assert.throws(() => log.load(new Uint8Array(2)), /take\(\) the edits made before it first/);
});
