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
