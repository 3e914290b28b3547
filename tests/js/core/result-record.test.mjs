// Every search publishes its answer into one record in the wasm heap, which js/core/grid.js reads
// without calling into wasm (contract.hpp PublishedResult, from bindings.cpp WasmGrid::published). Each way an answer arrives must
// write it there: here each follows a different answer, so a stale record would show.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createPathfinder } from '../../../js/node.js';

/** 8 x 8, column 4 walled except for a gap at the bottom row when `gap`. */
async function twoRooms(gap) {
  const tp = await createPathfinder();
  const grid = tp.createGrid(8, 8);
  grid.fillRect(4, 0, 1, gap ? 7 : 8, 1);
  return grid;
}

/** The answer, without the time a first query spent building (result.built).
 * @param {import('../../../js/index.js').PathResult} r */
const plain = ({ built, ...r }) => ({ ...r, path: [...r.path] });

test('a search task answered at once publishes its own answer, not the last findPath', async () => {
  const grid = await twoRooms(false);
  assert.equal(grid.findPath(0, 0, 3, 3).status, 'found');
  const task = grid.startSearch(0, 0, 7, 7); // another room: answered without searching
  assert.equal(task.done, true);
  assert.equal(task.result.status, 'none');
  assert.equal(task.result.reason, 'unreachable');
  assert.equal(task.result.path.length, 0);
  assert.equal(task.result.expanded, 0);
  assert.equal(task.result.goal, null);

  const hpa = { algorithm: 'hpa', diagonal: 'noCorners' };
  const expected = plain(grid.findPath(0, 0, 3, 7, hpa));
  assert.equal(grid.findPath(1, 1, 2, 1).path.length, 4);
  const answered = grid.startSearch(0, 0, 3, 7, hpa); // hpa does not pause: answered at once
  assert.equal(answered.done, true);
  assert.deepEqual(plain(answered.result), expected);
  grid.dispose();
});

test("a task's last step and a repairPath publish their answers, not the last findPath", async () => {
  const grid = await twoRooms(true);
  const options = { diagonal: 'noCorners', smooth: true };
  const expected = plain(grid.findPath(0, 0, 7, 0, options));
  assert.ok(expected.rawPath.length > 0);
  const task = grid.startSearch(0, 0, 7, 0, options);
  assert.equal(task.step(3), false);
  assert.equal(grid.findPath(5, 5, 6, 5).status, 'found');
  while (!task.step(3));
  assert.deepEqual(plain(task.result), expected);

  const { path } = grid.findPath(0, 0, 7, 0);
  grid.setCell(4, 7, 1); // the gap closes: no way round
  assert.equal(grid.findPath(5, 5, 6, 5).path.length, 4);
  const repaired = grid.repairPath(path, 0);
  assert.equal(repaired.status, 'none');
  assert.equal(repaired.path.length, 0);
  grid.setCell(4, 7, 0);
  assert.equal(grid.findPath(5, 5, 6, 6, { diagonal: 'always' }).cost, Math.SQRT2);
  const again = grid.repairPath(path, 0);
  assert.equal(again.status, 'found');
  assert.deepEqual([...again.path.slice(-2)], [7, 0]);
  assert.equal(again.cost, grid.findPath(0, 0, 7, 0).cost);
  grid.dispose();
});
