// The reference for units of n x n tiles on square grids (tests/js/core/unit-size.test.mjs and
// profiles.test.mjs hold the core against it): open positions and footprint costs derived by
// brute force from the cells, then a plain Dijkstra over positions with its own neighbour rule.
import assert from 'node:assert/strict';

/** The reference: cells as a Uint8Array and a cost table (0 = blocked), nothing from the library. */
export function unitReference(width, height, cells, costs, n, diagonal) {
  const cellCost = (x, y) => costs[cells[y * width + x]];
  const open = (x, y) => {
    if (x < 0 || y < 0 || x + n > width || y + n > height) return false;
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) if (!(cellCost(x + i, y + j) > 0)) return false;
    return true;
  };
  const enter = (x, y) => {
    let c = 0;
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) c = Math.max(c, cellCost(x + i, y + j));
    return c;
  };
  const allowed = (x, y, dx, dy) => {
    if (!open(x + dx, y + dy)) return false;
    if (dx === 0 || dy === 0) return true;
    const a = open(x + dx, y);
    const b = open(x, y + dy);
    return (
      diagonal === 'always' ||
      (diagonal === 'noCorners' ? a && b : diagonal === 'oneObstacle' && (a || b))
    );
  };
  const costsFrom = (sx, sy) => {
    const dist = new Float64Array(width * height).fill(Infinity);
    const done = new Uint8Array(width * height);
    dist[sy * width + sx] = 0;
    const heap = [[0, sy * width + sx]];
    while (heap.length) {
      heap.sort((p, q) => q[0] - p[0]);
      const [d, i] = heap.pop();
      if (done[i]) continue;
      done[i] = 1;
      const x = i % width;
      const y = Math.floor(i / width);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || !allowed(x, y, dx, dy)) continue;
          const nd = d + (dx && dy ? Math.SQRT2 : 1) * enter(x + dx, y + dy);
          const j = (y + dy) * width + x + dx;
          if (nd < dist[j]) {
            dist[j] = nd;
            heap.push([nd, j]);
          }
        }
      }
    }
    return dist;
  };
  const legalCost = (path) => {
    let cost = 0;
    for (let k = 2; k < path.length; k += 2) {
      const dx = path[k] - path[k - 2];
      const dy = path[k + 1] - path[k - 1];
      assert.ok(Math.abs(dx) <= 1 && Math.abs(dy) <= 1 && (dx || dy), `step ${k / 2} jumps`);
      assert.ok(
        allowed(path[k - 2], path[k - 1], dx, dy),
        `step ${k / 2} not allowed for size ${n}`,
      );
      cost += (dx && dy ? Math.SQRT2 : 1) * enter(path[k], path[k + 1]);
    }
    return cost;
  };
  return { open, costsFrom, legalCost };
}
