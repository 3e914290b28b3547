import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createPathfinder } from '../../js/node.js';
import { loadMap, loadScenario } from './support/movingai.mjs';

test('10,000 queries leave the wasm heap and the search state the size they were after warm-up', async () => {
  const tp = await createPathfinder();
  const { width, height, cells } = loadMap('den011d.map');
  const grid = tp.createGrid(width, height, cells);
  const problems = loadScenario('den011d.map');
  const run = (from, count) => {
    for (let k = from; k < from + count; k++) {
      const p = problems[k % problems.length];
      const options = { diagonal: k % 2 ? 'noCorners' : 'never', smooth: k % 3 === 0, trace: k % 500 === 0 };
      grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
    }
  };
  run(0, 2 * problems.length); // warm-up: every problem once in each mode
  const heap = tp.memoryBytes();
  const search = tp.searchMemoryBytes();
  run(0, 10_000);
  assert.equal(tp.memoryBytes(), heap);
  assert.equal(tp.searchMemoryBytes(), search);
  grid.dispose();
});

test('disposing grids returns their memory for the next ones to reuse', async () => {
  const tp = await createPathfinder();
  for (let k = 0; k < 3; k++) tp.createGrid(1024, 1024).dispose();
  const heap = tp.memoryBytes();
  for (let k = 0; k < 200; k++) tp.createGrid(1024, 1024).dispose();
  assert.equal(tp.memoryBytes(), heap);
});

test('running out of wasm memory is a RangeError naming the shortfall, never an abort', async () => {
  const tp = await createPathfinder();
  assert.throws(() => tp.createGrid(16384, 16384), {
    name: 'RangeError',
    message: /at most 16777216 cells, got 16384 x 16384/,
  });
  const grids = [];
  let refusal = null;
  try {
    for (let k = 0; k < 200; k++) grids.push(tp.createGrid(4096, 4096));
  } catch (error) {
    refusal = error;
  }
  assert.ok(refusal instanceof RangeError, 'grids are refused before the 2 GB limit');
  assert.match(refusal.message, /not enough wasm memory for a grid of this size: needs about \d+ MB more/);
  // With the memory full of grids, a search that would need more is refused too...
  assert.throws(() => grids[0].findPath(0, 0, 4095, 4095), {
    name: 'RangeError',
    message: /not enough wasm memory for this search/,
  });
  // ...and once grids are disposed, the same instance searches again.
  for (const g of grids.slice(1)) g.dispose();
  const r = grids[0].findPath(0, 0, 4095, 4095, { diagonal: 'noCorners', algorithm: 'jps' });
  assert.equal(r.status, 'found');
  assert.equal(r.path.length / 2, 4096);
  grids[0].dispose();
});
