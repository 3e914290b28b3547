// findPath keeps the codes of the options object it read last (js/core/checks.js readSearchCodes):
// an object reused between calls must still be read afresh whenever it changed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createPathfinder } from '../../../js/node.js';

/** A 3 x 3 open grid: (0, 0) -> (2, 2) costs 4 without diagonals, 2 * sqrt(2) with them. */
async function openGrid() {
  const tp = await createPathfinder();
  return tp.createGrid(3, 3);
}

test('an options object changed between findPath calls is read again', async () => {
  const grid = await openGrid();
  const options = { algorithm: 'astar' };
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  options.diagonal = 'always'; // a key added
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 2 * Math.SQRT2);
  options.algorithm = 'jps'; // a value changed (jps runs with noCorners)
  options.diagonal = 'noCorners';
  assert.equal(grid.findPath(0, 0, 2, 2, options).algorithm, 'jps');
  delete options.diagonal; // a key removed
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  options.diagonal = 'sideways'; // a bad value, then a good one again
  assert.throws(() => grid.findPath(0, 0, 2, 2, options), {
    name: 'RangeError',
    message:
      /^diagonal must be one of 'never', 'noCorners', 'oneObstacle', 'always', got "sideways"/,
  });
  options.diagonal = 'always';
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 2 * Math.SQRT2);
  options.diagonal = undefined; // the key stays, its value is the default's
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  options.diagonal = 'always';
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 2 * Math.SQRT2);
  grid.dispose();
});

test('an unknown key added to a reused options object is refused, own or inherited', async () => {
  const grid = await openGrid();
  const options = { algorithm: 'jps', diagonal: 'always' };
  grid.findPath(0, 0, 2, 2, options);
  // As many keys as before, the known ones unchanged but for one renamed: still refused.
  delete options.diagonal;
  Object.assign(options, { diagonals: 'always' });
  assert.throws(() => grid.findPath(0, 0, 2, 2, options), {
    name: 'TypeError',
    message: /^unknown option 'diagonals'/,
  });
  delete options.diagonals;
  grid.findPath(0, 0, 2, 2, options);
  const base = { diagonal: 'always' };
  const derived = Object.create(base);
  derived.algorithm = 'jps';
  assert.equal(grid.findPath(0, 0, 2, 2, derived).cost, 2 * Math.SQRT2);
  Object.assign(base, { colour: 'red' });
  assert.throws(() => grid.findPath(0, 0, 2, 2, derived), {
    name: 'TypeError',
    message: /^unknown option 'colour'/,
  });
  grid.dispose();
});

test('a reused options object with getters has each getter called once per call', async () => {
  const grid = await openGrid();
  let reads = 0;
  let diagonal = 'never';
  const options = {
    get diagonal() {
      reads++;
      return diagonal;
    },
  };
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  assert.equal(reads, 1);
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 4);
  assert.equal(reads, 2);
  diagonal = 'always';
  assert.equal(grid.findPath(0, 0, 2, 2, options).cost, 2 * Math.SQRT2);
  assert.equal(reads, 3);
  grid.dispose();
});
