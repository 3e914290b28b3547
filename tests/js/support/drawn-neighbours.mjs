// The search's neighbours against the drawing: the cells one step from a cell must be exactly
// the nearest tiles around it on screen (by the distance between their centres, in any engine's
// tile space), so that a path never jumps between tiles that are not drawn side by side.
import assert from 'node:assert/strict';

/**
 * For every cell of `grid` (all open), the cells `reachable` gives within `maxCost` (one step)
 * must be nearer to it, centre to centre in `space`, than every other cell.
 * @param {import('../../../js/index.js').Grid} grid
 * @param {{ cellToWorld(x: number, y: number): { x: number, y: number } }} space
 * @param {{ diagonal?: string, maxCost: number, count: number }} step
 */
export function assertNeighboursAreNearest(grid, space, { diagonal = 'never', maxCost, count }) {
  const { width, height } = grid;
  const centres = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) centres.push(space.cellToWorld(x, y));
  let interior = 0;
  for (let i = 0; i < centres.length; i++) {
    const [x, y] = [i % width, Math.floor(i / width)];
    const range = grid.reachable(x, y, { diagonal, maxCost });
    const stepped = new Set();
    for (let j = 0; j < centres.length; j++)
      if (j !== i && range.costs[j] <= maxCost) stepped.add(j);
    if (stepped.size === count) interior++;
    const distance = (j) => Math.hypot(centres[j].x - centres[i].x, centres[j].y - centres[i].y);
    let farthestStep = 0;
    for (const j of stepped) farthestStep = Math.max(farthestStep, distance(j));
    for (let j = 0; j < centres.length; j++) {
      if (j === i || stepped.has(j)) continue;
      assert.ok(
        distance(j) > farthestStep,
        `cell ${x},${y}: ${j % width},${Math.floor(j / width)} is drawn as near as a neighbour but is not one`,
      );
    }
  }
  assert.ok(interior > 0, `no cell has all ${count} neighbours`);
}
