// Weighted jump point search through wasm (issue 31): algorithm 'jps' on a grid whose costs
// differ runs jump points (result.algorithm 'jps', not 'astar') and costs what astar costs, on a
// random terrain map edited between queries (cells, class costs, walls).
// Run: node --test tests/js/core/weighted-jps.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';

const tp = await createPathfinder();

/** A small seeded generator (mulberry32), so failures repeat. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

test('jps on a weighted grid runs jump points and costs what astar costs, across edits', () => {
  const rand = seeded(31);
  const int = (n) => Math.floor(rand() * n);
  const size = 64;
  const grid = tp.createGrid(size, size);
  // Class 1 walls; 2..5 terrain.
  const costs = { 2: 0.5, 3: 2, 4: 4, 5: 1.5 };
  for (const [cls, cost] of Object.entries(costs)) grid.setCost(Number(cls), cost);
  for (let p = 0; p < 120; p++)
    grid.fillRect(int(size), int(size), 1 + int(12), 1 + int(12), rand() < 0.2 ? 1 : int(6));
  let compared = 0;
  for (let round = 0; round < 25; round++) {
    for (const diagonal of ['noCorners', 'never']) {
      for (let q = 0; q < 6; q++) {
        const [sx, sy, gx, gy] = [int(size), int(size), int(size), int(size)];
        const astar = grid.findPath(sx, sy, gx, gy, { algorithm: 'astar', diagonal });
        const jps = grid.findPath(sx, sy, gx, gy, { algorithm: 'jps', diagonal });
        const where = `round ${round} ${diagonal} (${sx},${sy})->(${gx},${gy})`;
        assert.equal(jps.algorithm, 'jps', where);
        assert.equal(jps.status, astar.status, where);
        if (astar.status !== 'found') continue;
        assert.ok(close(jps.cost, astar.cost), `${where}: astar ${astar.cost}, jps ${jps.cost}`);
        compared++;
      }
    }
    // Edits between rounds: cells, a class's cost, a class blocked and opened again.
    for (let e = 0; e < 10; e++) grid.set(int(size), int(size), int(6));
    if (round % 3 === 0) grid.setCost(2 + int(4), [0.25, 1, 3, 7][int(4)]);
    if (round % 5 === 1) grid.setCost(2 + int(4), 0);
    if (round % 5 === 3)
      for (const [cls, cost] of Object.entries(costs)) grid.setCost(Number(cls), cost);
  }
  assert.ok(compared > 100, `${compared} compared`);
  grid.dispose();
});
