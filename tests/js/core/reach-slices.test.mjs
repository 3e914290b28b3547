// Reachability labels under PathScheduler: a frame never pays for a whole-map flood (issue 33,
// item 8). Tasks use the labels only when they answer without a flood; the scheduler builds
// them with what its frames have left, a bounded slice at a time.
// Run: node --test tests/js/core/reach-slices.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder, PathScheduler } from '../../../js/node.js';

const tilepath = await createPathfinder();

test('PathScheduler builds the labels in bounded slices, then answers an unreachable goal at once', async () => {
  const side = 128;
  const grid = tilepath.createGrid(side, side);
  grid.fillRect(0, 64, side, 1, 1); // a wall across: the lower half is out of reach
  const slices = [];
  let ready = false;
  const prepare = grid.prepareReach.bind(grid);
  grid.prepareReach = (cells) => {
    slices.push(cells);
    return (ready = prepare(cells));
  };
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 500 });
  // A*, which floods the upper half (jump points see it empty from the start: one expansion).
  const first = scheduler.findPath(0, 0, 5, 120, { algorithm: 'astar' });
  let frames = 0;
  let answer;
  first.then((r) => (answer = r));
  while (answer === undefined && frames < 1000) {
    scheduler.update();
    frames++;
    await null;
  }
  // Without labels the search itself finds no way: the upper half, a frame's budget at a time.
  assert.equal(answer.status, 'none');
  assert.ok(answer.expanded >= 64 * side, `${answer.expanded} expanded`);
  // Frames with nothing to search build the labels.
  for (let k = 0; k < 200 && !ready; k++) scheduler.update();
  assert.ok(ready);
  assert.ok(slices.length >= 8, `${slices.length} slices`);
  assert.ok(
    slices.every((cells) => cells <= 8 * 256),
    `slices of ${Math.max(...slices)} cells`,
  );
  const second = scheduler.findPath(0, 0, 5, 120);
  scheduler.update();
  const r = await second;
  assert.equal(r.status, 'none');
  assert.equal(r.expanded, 0);
  // A wall opened: the labels hear of it at once (an opening is a union), no flood needed.
  grid.setCell(7, 64, 0);
  const third = scheduler.findPath(0, 0, 5, 120);
  for (let k = 0; k < 1000 && scheduler.pending > 0; k++) scheduler.update();
  assert.equal((await third).status, 'found');
  scheduler.dispose();
  grid.dispose();
});
