// An object layer's shapes into the cells they block. The rule: a cell is covered by an area
// (rectangle, ellipse, polygon, tile object) when the shape covers the cell's centre, edge
// included; a polyline (and a rectangle or ellipse with no width or no height) covers every
// cell its line passes through; a point covers the cell it is in. Rotation is applied.
// Text objects are labels and cover nothing.
//
// Object positions are in map pixels: on orthogonal maps one tile is tileWidth x tileHeight, on
// isometric maps Tiled measures both axes in tileHeight units (tile space, not screen space).
// Work is proportional to the rows and cells covered, never to a shape's size outside the grid.

/** At most this many cells painted by one object layer (overlaps counted each time). */
export const MAX_OBJECT_CELLS = 1 << 28;

export function rotate(object, lx, ly) {
  if (!object.rotation) return { x: object.x + lx, y: object.y + ly };
  const a = (object.rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return { x: object.x + lx * c - ly * s, y: object.y + lx * s + ly * c };
}

/**
 * The cells of one object, as a painter: calls paint(index) for each covered cell of the grid
 * { width, height, offsetX, offsetY, unitX, unitY, isometric }. Returns the cells painted.
 */
export function paintObject(object, grid, paint, where) {
  const { unitX, unitY } = grid;
  // Map pixels -> grid cell units (fractional), cell (0, 0) spanning [0, 1).
  const toGrid = (p) => ({ x: p.x / unitX - grid.offsetX, y: p.y / unitY - grid.offsetY });
  const corners = (x0, y0, x1, y1) =>
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ].map(([x, y]) => toGrid(rotate(object, x, y)));
  const { shape, width: w, height: h } = object;
  if (object.gid !== undefined) {
    if (grid.isometric) {
      // The tile whose bottom corner the anchor is, when the object is snapped to the grid.
      const p = toGrid({ x: object.x - unitX / 2, y: object.y - unitY / 2 });
      return paintPoint(p, grid, paint);
    }
    // Tile objects hang from their bottom-left corner.
    return paintPolygon(corners(0, -(h || unitY), w || unitX, 0), grid, paint);
  }
  switch (shape) {
    case 'text':
      return 0;
    case 'point':
      return paintPoint(toGrid(object), grid, paint);
    case 'polygon':
      if (object.points.length < 3)
        throw new TypeError(`${where}: a polygon needs 3 points or more`);
      return paintPolygon(
        object.points.map((p) => toGrid(rotate(object, p.x, p.y))),
        grid,
        paint,
      );
    case 'polyline':
      return paintPolyline(
        object.points.map((p) => toGrid(rotate(object, p.x, p.y))),
        grid,
        paint,
      );
    case 'rectangle':
    case 'ellipse':
      if (w < 0 || h < 0)
        throw new RangeError(`${where}: width and height must be >= 0, got ${w} x ${h}`);
      if (w === 0 && h === 0) return paintPoint(toGrid(object), grid, paint);
      if (w === 0 || h === 0) {
        return paintPolyline(
          [toGrid(rotate(object, 0, 0)), toGrid(rotate(object, w, h))],
          grid,
          paint,
        );
      }
      if (shape === 'rectangle') return paintPolygon(corners(0, 0, w, h), grid, paint);
      return paintEllipse(object, grid, paint);
    default:
      throw new TypeError(`${where}: unknown shape ${JSON.stringify(shape)}`);
  }
}

function paintPoint(p, grid, paint) {
  const x = Math.floor(p.x);
  const y = Math.floor(p.y);
  // (Huge coordinates can overflow to Infinity, or NaN, once rotated: nothing is covered.)
  if (!(x >= 0 && y >= 0 && x < grid.width && y < grid.height)) return 0;
  paint(y * grid.width + x);
  return 1;
}

/** Cells x0..x1 of row y whose centres lie in [from, to] (grid units). */
function paintSpan(y, from, to, grid, paint) {
  const x0 = Math.max(0, Math.ceil(from - 0.5));
  const x1 = Math.min(grid.width - 1, Math.floor(to - 0.5));
  for (let x = x0; x <= x1; x++) paint(y * grid.width + x);
  return Math.max(0, x1 - x0 + 1);
}

const rowsOf = (points, grid) => {
  let top = Infinity;
  let bottom = -Infinity;
  for (const p of points) {
    top = Math.min(top, p.y);
    bottom = Math.max(bottom, p.y);
  }
  return [Math.max(0, Math.ceil(top - 0.5)), Math.min(grid.height - 1, Math.floor(bottom - 0.5))];
};

/** Even-odd scanline fill through the cell centres of each row. */
function paintPolygon(points, grid, paint) {
  const [y0, y1] = rowsOf(points, grid);
  let painted = 0;
  const crossings = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const a = points[j];
      const b = points[i];
      // Half-open in y so a vertex on the scanline is counted once.
      if (a.y <= cy !== b.y <= cy) crossings.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      painted += paintSpan(y, crossings[k], crossings[k + 1], grid, paint);
    }
    // Edges lying on the scanline (a rectangle's side through the centres) count as covered.
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const a = points[j];
      const b = points[i];
      if (a.y === cy && b.y === cy)
        painted += paintSpan(y, Math.min(a.x, b.x), Math.max(a.x, b.x), grid, paint);
    }
  }
  return painted;
}

/** Per row, the span of a rotated ellipse, solved in map pixels (tiles need not be square). */
function paintEllipse(object, grid, paint) {
  const rx = object.width / 2;
  const ry = object.height / 2;
  const a = ((object.rotation || 0) * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const centre = rotate(object, rx, ry);
  const reach = Math.max(rx, ry);
  const [y0, y1] = rowsOf(
    [
      { y: (centre.y - reach) / grid.unitY - grid.offsetY },
      { y: (centre.y + reach) / grid.unitY - grid.offsetY },
    ],
    grid,
  );
  let painted = 0;
  for (let y = y0; y <= y1; y++) {
    // Offsets (dx, dy) from the centre, in pixels; dy fixed by the row.
    const dy = (y + 0.5 + grid.offsetY) * grid.unitY - centre.y;
    // Local u = dx c + dy s, v = -dx s + dy c; (u / rx)^2 + (v / ry)^2 <= 1 is quadratic in dx.
    const A = (c * c) / (rx * rx) + (s * s) / (ry * ry);
    const B = 2 * ((c * dy * s) / (rx * rx) - (s * dy * c) / (ry * ry));
    const C = (dy * s) ** 2 / (rx * rx) + (dy * c) ** 2 / (ry * ry) - 1;
    const disc = B * B - 4 * A * C;
    if (disc < 0) continue;
    const root = Math.sqrt(disc);
    const from = (centre.x + (-B - root) / (2 * A)) / grid.unitX - grid.offsetX;
    const to = (centre.x + (-B + root) / (2 * A)) / grid.unitX - grid.offsetX;
    painted += paintSpan(y, from, to, grid, paint);
  }
  return painted;
}

/** Clips segment a-b to the grid's box (Liang-Barsky); null when it misses it. */
function clip(a, b, grid) {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (const [p, q] of [
    [-dx, a.x],
    [dx, grid.width - a.x],
    [-dy, a.y],
    [dy, grid.height - a.y],
  ]) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
    }
  }
  if (t0 > t1) return null;
  return [
    { x: a.x + t0 * dx, y: a.y + t0 * dy },
    { x: a.x + t1 * dx, y: a.y + t1 * dy },
  ];
}

/** Every cell each segment passes through (grid traversal), clipped to the grid first. */
function paintPolyline(points, grid, paint) {
  let painted = 0;
  const last = (v, size) => Math.min(size - 1, Math.max(0, Math.floor(v)));
  const finite = (p) => Number.isFinite(p.x) && Number.isFinite(p.y);
  for (let i = 0; i + 1 < points.length; i++) {
    if (!finite(points[i]) || !finite(points[i + 1])) continue;
    const clipped = clip(points[i], points[i + 1], grid);
    if (!clipped) continue;
    const [a, b] = clipped;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    // A line that only touches a cell's edge at one of its ends does not enter that cell.
    const leaving = (v, d) => (d < 0 ? Math.ceil(v) - 1 : Math.floor(v));
    const arriving = (v, d) => (d > 0 ? Math.ceil(v) - 1 : Math.floor(v));
    let x = last(leaving(a.x, dx), grid.width);
    let y = last(leaving(a.y, dy), grid.height);
    const endX = last(arriving(b.x, dx), grid.width);
    const endY = last(arriving(b.y, dy), grid.height);
    const stepX = Math.sign(dx);
    const stepY = Math.sign(dy);
    const deltaX = dx === 0 ? Infinity : Math.abs(1 / dx);
    const deltaY = dy === 0 ? Infinity : Math.abs(1 / dy);
    let nextX = dx === 0 ? Infinity : (stepX > 0 ? x + 1 - a.x : a.x - x) * deltaX;
    let nextY = dy === 0 ? Infinity : (stepY > 0 ? y + 1 - a.y : a.y - y) * deltaY;
    // A segment inside the grid crosses at most width + height cells.
    for (let steps = Math.abs(endX - x) + Math.abs(endY - y); ; steps--) {
      paint(y * grid.width + x);
      painted++;
      if (steps <= 0) break;
      if (nextX < nextY) {
        nextX += deltaX;
        x += stepX;
      } else {
        nextY += deltaY;
        y += stepY;
      }
      if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) break;
    }
  }
  return painted;
}
