// The reference the shape tests hold the core against: its own neighbour rule for staggered and
// hexagonal maps (the tiles Tiled draws around a tile, listed per shifted and unshifted row or
// column, not the core's half-tile lattice) and a plain Dijkstra over it.
import assert from 'node:assert/strict';

export const SHAPES = ['staggered', 'hexagonal'].flatMap((orientation) =>
  ['x', 'y'].flatMap((staggerAxis) =>
    ['odd', 'even'].map((staggerIndex) => ({ orientation, staggerAxis, staggerIndex })),
  ),
);
export const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];

/** Start and goal: four random coordinates in a width x height grid. */
export function randomEnds(rand, width, height) {
  return [rand() * width, rand() * height, rand() * width, rand() * height].map(Math.floor);
}

// --- the reference -------------------------------------------------------------------------

const shifted = (shape, s) => (Math.abs(s) % 2 === 1) === (shape.staggerIndex === 'odd');

/** Tiles sharing an edge with (x, y): six on hexagonal maps, four on staggered ones. */
export function edgeNeighbours(shape, x, y) {
  if (shape.staggerAxis === 'y') {
    const left = shifted(shape, y) ? x : x - 1;
    const out = [
      [left, y - 1],
      [left + 1, y - 1],
      [left, y + 1],
      [left + 1, y + 1],
    ];
    if (shape.orientation === 'hexagonal') out.push([x - 1, y], [x + 1, y]);
    return out;
  }
  const top = shifted(shape, x) ? y : y - 1;
  const out = [
    [x - 1, top],
    [x - 1, top + 1],
    [x + 1, top],
    [x + 1, top + 1],
  ];
  if (shape.orientation === 'hexagonal') out.push([x, y - 1], [x, y + 1]);
  return out;
}

/** A staggered map's corner-sharing tiles. */
export function cornerNeighbours(shape, x, y) {
  if (shape.orientation !== 'staggered') return [];
  return shape.staggerAxis === 'y'
    ? [
        [x - 1, y],
        [x + 1, y],
        [x, y - 2],
        [x, y + 2],
      ]
    : [
        [x, y - 1],
        [x, y + 1],
        [x - 2, y],
        [x + 2, y],
      ];
}

/** The moves from (x, y): [x, y, length], under the corner rule. */
export function moves(map, rule, x, y) {
  const { width, height, shape } = map;
  const passable = (cx, cy) =>
    cx >= 0 && cy >= 0 && cx < width && cy < height && map.cost(map.cells[cy * width + cx]) > 0;
  const edges = edgeNeighbours(shape, x, y);
  const out = edges.filter(([cx, cy]) => passable(cx, cy)).map(([cx, cy]) => [cx, cy, 1]);
  for (const [cx, cy] of cornerNeighbours(shape, x, y)) {
    if (!passable(cx, cy)) continue;
    const around = edgeNeighbours(shape, cx, cy);
    const sides = edges
      .filter(([ax, ay]) => around.some(([bx, by]) => ax === bx && ay === by))
      .map(([ax, ay]) => passable(ax, ay));
    assert.equal(sides.length, 2);
    const ok =
      rule === 'always' ||
      (rule === 'oneObstacle' && (sides[0] || sides[1])) ||
      (rule === 'noCorners' && sides[0] && sides[1]);
    if (ok) out.push([cx, cy, Math.SQRT2]);
  }
  return out;
}

/** Cost from (sx, sy) to every cell: a plain Dijkstra with a sorted frontier. */
export function dijkstra(map, rule, sx, sy) {
  const { width } = map;
  const dist = new Float64Array(map.cells.length).fill(Infinity);
  dist[sy * width + sx] = 0;
  const done = new Uint8Array(map.cells.length);
  const frontier = [sy * width + sx];
  while (frontier.length) {
    let best = 0;
    for (let k = 1; k < frontier.length; k++)
      if (dist[frontier[k]] < dist[frontier[best]]) best = k;
    const i = frontier.splice(best, 1)[0];
    if (done[i]) continue;
    done[i] = 1;
    for (const [x, y, length] of moves(map, rule, i % width, Math.floor(i / width))) {
      const j = y * width + x;
      const d = dist[i] + length * map.cost(map.cells[j]);
      if (d < dist[j]) {
        dist[j] = d;
        frontier.push(j);
      }
    }
  }
  return dist;
}

/** The path's cost if every step is a move, else throws naming the step. */
export function legalCost(map, rule, path) {
  let cost = 0;
  for (let k = 2; k < path.length; k += 2) {
    const move = moves(map, rule, path[k - 2], path[k - 1]).find(
      ([x, y]) => x === path[k] && y === path[k + 1],
    );
    assert.ok(move, `step ${k / 2} to ${path[k]},${path[k + 1]} is not a move`);
    cost += move[2] * map.cost(map.cells[path[k + 1] * map.width + path[k]]);
  }
  return cost;
}

export const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** A map the reference reads: the cells as the grid holds them and its cost table. */
export function mapOf(grid, costs) {
  return {
    width: grid.width,
    height: grid.height,
    shape: grid.shape,
    cells: grid.cells(),
    cost: (cls) => costs[cls] ?? 0,
  };
}
