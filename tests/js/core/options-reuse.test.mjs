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

// A fresh object each call (an options literal in the call) is read in full every time; when its
// values are the last full read's, its codes are those (checks.js fullValues), never a refusal's.
test('fresh options objects with the same values: the same answers, and refusals stay refusals', async () => {
  const grid = await openGrid();
  for (let k = 0; k < 3; k++) {
    assert.equal(grid.findPath(0, 0, 2, 2, { diagonal: 'always' }).cost, 2 * Math.SQRT2);
    assert.equal(grid.findPath(0, 0, 2, 2, { diagonal: 'never' }).cost, 4);
  }
  for (let k = 0; k < 3; k++) {
    // The same bad values twice in a row: refused each time.
    assert.throws(() => grid.findPath(0, 0, 2, 2, { diagonal: 'sideways' }), {
      name: 'RangeError',
      message: /^diagonal must be one of/,
    });
  }
  assert.equal(grid.findPath(0, 0, 2, 2, { diagonal: 'always' }).cost, 2 * Math.SQRT2);
  // The same values and one unknown key more: refused, then the good object again.
  assert.throws(() => grid.findPath(0, 0, 2, 2, { diagonal: 'always', colour: 'red' }), {
    name: 'TypeError',
    message: /^unknown option 'colour'/,
  });
  assert.equal(grid.findPath(0, 0, 2, 2, { diagonal: 'always' }).cost, 2 * Math.SQRT2);
  // An inherited value counts as given, as for readOptions.
  const inherited = Object.create({ diagonal: 'never' });
  assert.equal(grid.findPath(0, 0, 2, 2, inherited).cost, 4);
  // A getter of a fresh object is called once per call, whether its value is new or not.
  let reads = 0;
  const fresh = () => ({
    get diagonal() {
      reads++;
      return 'always';
    },
  });
  assert.equal(grid.findPath(0, 0, 2, 2, fresh()).cost, 2 * Math.SQRT2);
  assert.equal(grid.findPath(0, 0, 2, 2, fresh()).cost, 2 * Math.SQRT2);
  assert.equal(reads, 2);
  // Not an object: refused by name, however often.
  for (let k = 0; k < 2; k++) {
    assert.throws(() => grid.findPath(0, 0, 2, 2, /** @type {any} */ ('always')), {
      name: 'TypeError',
      message: /^options must be an object/,
    });
  }
  grid.dispose();
});

// Each grid keeps the options it last wrote into the wasm heap (Grid #writeOptions) and writes
// them again only for other codes or another profile slot: queries of other kinds between two
// findPath calls, two grids sharing one options object, and a profile deleted and added again
// (a new slot under the same name) must each still get their own options.
test('the options written into the heap follow other queries, other grids and profile slots', async () => {
  const tp = await createPathfinder();
  const map = ['........', '.######.', '........', '.####.#.', '........'];
  const cells = Uint8Array.from(map.join(''), (c) => (c === '#' ? 1 : 0));
  const a = tp.createGrid(8, 5, cells);
  const b = tp.createGrid(8, 5);
  const diagonal = { diagonal: 'always' };
  const fresh = (grid, ...args) => grid.findPath(...args.slice(0, 4), { ...args[4] });
  const expected = fresh(a, 0, 0, 7, 4, diagonal);
  assert.deepEqual(a.findPath(0, 0, 7, 4, diagonal), expected);
  // A range with maxCost 3, then the same search: not the range's options.
  const range = a.reachable(0, 0, { maxCost: 3 });
  assert.equal(range.costAt(4, 0), 4 > 3 ? Infinity : 4);
  assert.deepEqual(a.findPath(0, 0, 7, 4, diagonal), expected);
  assert.equal(a.canReach(0, 0, 7, 4), true);
  assert.deepEqual(a.findPath(0, 0, 7, 4, diagonal), expected);
  // The same object on another grid, and back.
  assert.equal(b.findPath(0, 0, 7, 4, diagonal).cost, fresh(b, 0, 0, 7, 4, diagonal).cost);
  assert.deepEqual(a.findPath(0, 0, 7, 4, diagonal), expected);
  // Profiles: 'boat' walks only on class 1, 'wader' on both. Deleted and added again, 'wader'
  // takes another slot: the same options object must search with the new slot.
  a.setProfile('boat', { 0: Infinity, 1: 1 });
  a.setProfile('wader', { 0: 1, 1: 1 });
  const wader = { profile: 'wader', diagonal: 'always' };
  assert.equal(a.findPath(0, 0, 7, 4, wader).cost, fresh(a, 0, 0, 7, 4, wader).cost);
  // The same object read twice in a row (no other options between): the same codes.
  const through = a.findPath(0, 0, 7, 4, wader);
  assert.ok(through.cost < expected.cost, 'wading crosses the walls');
  a.deleteProfile('wader');
  a.deleteProfile('boat');
  a.setProfile('wader', { 0: 1, 1: 5 }); // the slot 'boat' had
  a.setProfile('boat', { 0: Infinity, 1: 1 }); // the slot 'wader' had
  const dearer = a.findPath(0, 0, 7, 4, wader);
  assert.equal(dearer.cost, fresh(a, 0, 0, 7, 4, wader).cost);
  assert.notEqual(dearer.cost, through.cost);
  a.dispose();
  b.dispose();
});
