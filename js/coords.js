// Cell <-> world coordinates for orthogonal and isometric tile maps.
//
// Three spaces are involved:
// - cells: the grid's integer x, y (y down), what findPath takes and returns;
// - map pixels: Tiled's pixel space, y down, (0, 0) at the top-left corner of the map's bounds;
// - world: where the game places nodes. `origin` is where map pixel (0, 0) sits in world space;
//   with `yUp` (Cocos Creator node space) world y grows upwards, so map pixel y is subtracted.

const ORIENTATIONS = ['orthogonal', 'isometric'];

function positiveNumber(name, value) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}

function finiteNumber(name, value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${name} must be a finite number, got ${String(value)}`);
  }
  return value;
}

function nonNegativeInteger(name, value) {
  if (!Number.isInteger(value) || value < 0) {
    throw new TypeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

/**
 * Describes how a grid is laid out in the world. See coords.d.ts (re-exported from tiled.d.ts).
 * @param {object} options
 */
export function tileSpace(options) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('tileSpace(options): options must be an object');
  }
  const {
    orientation = 'orthogonal',
    tileWidth,
    tileHeight,
    width,
    height,
    yUp = false,
    originX = 0,
    originY = 0,
    offsetX = 0,
    offsetY = 0,
  } = options;
  if (!ORIENTATIONS.includes(orientation)) {
    throw new RangeError(
      `orientation must be one of ${ORIENTATIONS.join(', ')}, got ${JSON.stringify(orientation)}` +
        ' (staggered and hexagonal maps are not supported)',
    );
  }
  const tw = positiveNumber('tileWidth', tileWidth);
  const th = positiveNumber('tileHeight', tileHeight);
  nonNegativeInteger('width', width);
  nonNegativeInteger('height', height);
  finiteNumber('originX', originX);
  finiteNumber('originY', originY);
  if (!Number.isInteger(offsetX) || !Number.isInteger(offsetY)) {
    throw new TypeError(`offsetX and offsetY must be integers, got ${offsetX}, ${offsetY}`);
  }
  const ySign = yUp ? -1 : 1;
  const iso = orientation === 'isometric';
  // Isometric: the map's left corner is tile (0, height - 1); shifting by height * tw / 2 puts the
  // bounds' left edge at x = 0, as Tiled draws it.
  const isoShift = (height * tw) / 2;

  function mapPixelOfCellCenter(cx, cy, out) {
    const tx = cx + offsetX;
    const ty = cy + offsetY;
    if (iso) {
      out.x = ((tx - ty) * tw) / 2 + isoShift;
      out.y = ((tx + ty + 1) * th) / 2;
    } else {
      out.x = (tx + 0.5) * tw;
      out.y = (ty + 0.5) * th;
    }
    return out;
  }

  const space = {
    orientation,
    tileWidth: tw,
    tileHeight: th,
    width,
    height,
    yUp: Boolean(yUp),
    originX,
    originY,
    offsetX,
    offsetY,
    /** World position of the centre of cell (cx, cy). Fractional cells are allowed. */
    cellToWorld(cx, cy, out = { x: 0, y: 0 }) {
      finiteNumber('cell x', cx);
      finiteNumber('cell y', cy);
      mapPixelOfCellCenter(cx, cy, out);
      out.x = originX + out.x;
      out.y = originY + ySign * out.y;
      return out;
    },
    /** The cell containing world point (wx, wy); may lie outside the grid (see contains). */
    worldToCell(wx, wy, out = { x: 0, y: 0 }) {
      finiteNumber('world x', wx);
      finiteNumber('world y', wy);
      const px = wx - originX;
      const py = ySign * (wy - originY);
      let tx;
      let ty;
      if (iso) {
        const u = (px - isoShift) / tw;
        const v = py / th;
        tx = Math.floor(v + u);
        ty = Math.floor(v - u);
      } else {
        tx = Math.floor(px / tw);
        ty = Math.floor(py / th);
      }
      out.x = tx - offsetX;
      out.y = ty - offsetY;
      return out;
    },
    /** True when (cx, cy) is a cell of the grid. */
    contains(cx, cy) {
      return (
        Number.isInteger(cx) &&
        Number.isInteger(cy) &&
        cx >= 0 &&
        cy >= 0 &&
        cx < width &&
        cy < height
      );
    },
    /** World positions of a path's cells (x0, y0, x1, y1, ... as findPath returns). */
    pathToWorld(path) {
      if (!path || typeof path.length !== 'number' || path.length % 2 !== 0) {
        throw new TypeError('pathToWorld(path): path must be an array of x, y pairs');
      }
      const points = new Array(path.length / 2);
      for (let i = 0; i < points.length; i++) {
        points[i] = space.cellToWorld(path[2 * i], path[2 * i + 1]);
      }
      return points;
    },
  };
  return Object.freeze(space);
}

/**
 * The tile space of a layer read by readTiledLayer (or of any { width, height } grid of a map),
 * with the map's orientation and tile size.
 */
export function tileSpaceForLayer(layer, options = {}) {
  if (!layer || typeof layer !== 'object') {
    throw new TypeError('tileSpaceForLayer(layer): layer must be the result of readTiledLayer');
  }
  return tileSpace({
    orientation: layer.orientation,
    tileWidth: layer.tileWidth,
    tileHeight: layer.tileHeight,
    width: layer.width,
    height: layer.height,
    offsetX: layer.offsetX ?? 0,
    offsetY: layer.offsetY ?? 0,
    ...options,
  });
}
