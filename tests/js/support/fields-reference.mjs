// A reference for flow fields and ranges, written apart from the core: Dijkstra forward from one
// cell with its own neighbour rule, a flood fill, and a checker that walks a path step by step.

const SQRT2 = Math.SQRT2;

/** Whether a unit may step from (x, y) by (dx, dy) on `cells` under `costOf` and `diagonal`. */
function canStep(map, costOf, diagonal, x, y, dx, dy) {
  const open = (cx, cy) =>
    cx >= 0 &&
    cy >= 0 &&
    cx < map.width &&
    cy < map.height &&
    costOf(map.cells[cy * map.width + cx]) > 0;
  if (!open(x + dx, y + dy)) return false;
  if (dx === 0 || dy === 0) return true;
  const a = open(x + dx, y);
  const b = open(x, y + dy);
  if (diagonal === 'never') return false;
  if (diagonal === 'noCorners') return a && b;
  if (diagonal === 'oneObstacle') return a || b;
  return true;
}

const STEPS = [-1, 0, 1]
  .flatMap((dy) => [-1, 0, 1].map((dx) => [dx, dy]))
  .filter(([dx, dy]) => dx || dy);

/**
 * Cost from (sx, sy) to every cell: a step pays its length x the cost of the cell entered.
 * `costOf(cls)` is 0 (or Infinity) for blocked classes. A plain O(n^2) Dijkstra: small maps only.
 */
export function costsFrom(map, costOf, diagonal, sx, sy) {
  const n = map.width * map.height;
  const dist = new Float64Array(n).fill(Infinity);
  const done = new Uint8Array(n);
  const cost = (cls) => {
    const c = costOf(cls);
    return c === Infinity ? 0 : c;
  };
  dist[sy * map.width + sx] = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < n; i++)
      if (!done[i] && dist[i] < Infinity && (best < 0 || dist[i] < dist[best])) best = i;
    if (best < 0) return dist;
    done[best] = 1;
    const x = best % map.width;
    const y = (best - x) / map.width;
    for (const [dx, dy] of STEPS) {
      if (!canStep(map, cost, diagonal, x, y, dx, dy)) continue;
      const next = (y + dy) * map.width + x + dx;
      const d = dist[best] + (dx && dy ? SQRT2 : 1) * cost(map.cells[next]);
      if (d < dist[next]) dist[next] = d;
    }
  }
}

/** Cells a unit at `start` (an index) can walk to: a flood with the same steps. */
export function floodFrom(map, costOf, diagonal, start) {
  const seen = new Uint8Array(map.width * map.height);
  const cost = (cls) => (costOf(cls) === Infinity ? 0 : costOf(cls));
  const todo = [start];
  seen[start] = 1;
  while (todo.length) {
    const c = todo.pop();
    const x = c % map.width;
    const y = (c - x) / map.width;
    for (const [dx, dy] of STEPS) {
      if (!canStep(map, cost, diagonal, x, y, dx, dy)) continue;
      const next = (y + dy) * map.width + x + dx;
      if (!seen[next]) ((seen[next] = 1), todo.push(next));
    }
  }
  return seen;
}

/** The cost of a path x0, y0, x1, y1, ..., checking every step is legal; throws if one is not. */
export function walkedCost(map, costOf, diagonal, path) {
  const cost = (cls) => (costOf(cls) === Infinity ? 0 : costOf(cls));
  let total = 0;
  for (let k = 2; k < path.length; k += 2) {
    const [px, py, x, y] = [path[k - 2], path[k - 1], path[k], path[k + 1]];
    const dx = x - px;
    const dy = y - py;
    if (
      Math.max(Math.abs(dx), Math.abs(dy)) !== 1 ||
      !canStep(map, cost, diagonal, px, py, dx, dy)
    ) {
      throw new Error(`illegal step ${px},${py} -> ${x},${y} under ${diagonal}`);
    }
    total += (dx && dy ? SQRT2 : 1) * cost(map.cells[y * map.width + x]);
  }
  return total;
}

/** Float32 costs against double references: a relative tolerance of a few float ulps. */
export function near(a, b) {
  if (a === Infinity || b === Infinity) return a === b;
  return Math.abs(a - b) <= 1e-5 * Math.max(1, Math.abs(b));
}
