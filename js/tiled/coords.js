// Cell <-> world coordinates for orthogonal, isometric, staggered and hexagonal tile maps.
//
// Three spaces are involved:
// - cells: the grid's integer x, y (y down), what findPath takes and returns;
// - map pixels: Tiled's pixel space, y down, (0, 0) at the top-left corner of the map's bounds;
// - world: where the game places nodes. `origin` is where map pixel (0, 0) sits in world space;
//   with `yUp` (Cocos Creator node space) world y grows upwards, so map pixel y is subtracted.
// A cell's world position is the centre of the tile's shape as Tiled draws it: the square, the
// diamond, or the hexagon.

import { describe } from '../core/checks.js';

const ORIENTATIONS = ['orthogonal', 'isometric', 'staggered', 'hexagonal'];

function positiveNumber(name, value) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number, got ${describe(value)}`);
  }
  return value;
}

function finiteNumber(name, value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${name} must be a finite number, got ${describe(value)}`);
  }
  return value;
}

function nonNegativeInteger(name, value) {
  if (!Number.isInteger(value) || value < 0) {
    throw new TypeError(`${name} must be a non-negative integer, got ${describe(value)}`);
  }
  return value;
}

/**
 * Describes how a grid is laid out in the world. See coords.d.ts (re-exported from tiled.d.ts).
 * @param {object} options
 */
export function tileSpace(options) {
  return buildTileSpace(options, true);
}

/**
 * tileSpace for an engine's own layout of staggered and hexagonal maps: half tiles are exact
 * (Cocos and Laya do not round them down as Tiled does). For the adapters, not the public API.
 */
export function engineTileSpace(options) {
  return buildTileSpace(options, false);
}

function buildTileSpace(options, wholePixels) {
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
      `orientation must be one of ${ORIENTATIONS.join(', ')}, got ${describe(orientation)}`,
    );
  }
  const tw = positiveNumber('tileWidth', tileWidth);
  const th = positiveNumber('tileHeight', tileHeight);
  nonNegativeInteger('width', width);
  nonNegativeInteger('height', height);
  if (typeof yUp !== 'boolean') {
    throw new TypeError(`yUp must be true or false, got ${describe(yUp)}`);
  }
  finiteNumber('originX', originX);
  finiteNumber('originY', originY);
  if (!Number.isInteger(offsetX) || !Number.isInteger(offsetY)) {
    throw new TypeError(`offsetX and offsetY must be integers, got ${offsetX}, ${offsetY}`);
  }
  const ySign = yUp ? -1 : 1;
  const iso = orientation === 'isometric';
  const stagger = staggeredLayout(orientation, options, tw, th, offsetX, offsetY, wholePixels);
  // Isometric: the map's left corner is tile (0, height - 1); shifting by height * tw / 2 puts the
  // bounds' left edge at x = 0, as Tiled draws it.
  const isoShift = (height * tw) / 2;

  function mapPixelOfCellCenter(cx, cy, out) {
    const tx = cx + offsetX;
    const ty = cy + offsetY;
    if (stagger) {
      stagger.centre(tx, ty, out);
    } else if (iso) {
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
    ...(stagger ? stagger.fields : {}),
    tileWidth: tw,
    tileHeight: th,
    width,
    height,
    yUp,
    originX,
    originY,
    offsetX,
    offsetY,
    /** World position of the centre of cell (cx, cy). Fractional cells are allowed on
     * orthogonal and isometric maps. */
    cellToWorld(cx, cy, out = { x: 0, y: 0 }) {
      finiteNumber('cell x', cx);
      finiteNumber('cell y', cy);
      if (stagger && !(Number.isInteger(cx) && Number.isInteger(cy))) {
        throw new TypeError(
          `cells of ${orientation} maps are whole tiles, got (${cx}, ${cy}): fractional cells ` +
            'have no position there',
        );
      }
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
      if (stagger) {
        stagger.tileAt(px, py, out);
        tx = out.x;
        ty = out.y;
      } else if (iso) {
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
 * Staggered and hexagonal maps as Tiled lays them out (its hexagonal renderer; a staggered map
 * is the same with flat sides of length 0, so its tiles are diamonds). Worked in "along" (the
 * axis the shifted rows or columns run along) and "across" coordinates so one code serves both
 * stagger axes. Tiled works in whole pixels: with `wholePixels` half sizes are rounded down as it
 * does.
 */
function staggeredLayout(orientation, options, tw, th, offsetX, offsetY, wholePixels) {
  if (orientation !== 'staggered' && orientation !== 'hexagonal') return null;
  const { staggerAxis = 'y', staggerIndex = 'odd', hexSideLength = 0 } = options;
  if (staggerAxis !== 'x' && staggerAxis !== 'y') {
    throw new RangeError(`staggerAxis must be 'x' or 'y', got ${describe(staggerAxis)}`);
  }
  if (staggerIndex !== 'odd' && staggerIndex !== 'even') {
    throw new RangeError(`staggerIndex must be 'odd' or 'even', got ${describe(staggerIndex)}`);
  }
  if (wholePixels && (!Number.isInteger(tw) || !Number.isInteger(th))) {
    throw new TypeError(
      `tileWidth and tileHeight of ${orientation} maps must be whole pixels, as in Tiled; got ` +
        `${tw} x ${th}`,
    );
  }
  const byX = staggerAxis === 'x';
  const alongSize = byX ? th : tw;
  const acrossSize = byX ? tw : th;
  const side = orientation === 'hexagonal' ? hexSideLength : 0;
  const whole = wholePixels ? Number.isInteger(side) : Number.isFinite(side);
  if (!whole || side < 0 || side > acrossSize) {
    throw new RangeError(
      `hexSideLength must be a whole number of pixels from 0 to the tile's ` +
        `${byX ? 'width' : 'height'} (${acrossSize}), got ${describe(hexSideLength)}`,
    );
  }
  const half = wholePixels ? (n) => Math.floor(n / 2) : (n) => n / 2;
  const halfAlong = half(alongSize);
  const stepAlong = 2 * halfAlong;
  const slope = half(acrossSize - side); // across extent of a slanted edge
  // Exact halves: the sums are taken from the sizes themselves, not from rounded halves.
  const rowStep = wholePixels ? slope + side : (acrossSize + side) / 2;
  const tileAcross = wholePixels ? rowStep + slope : acrossSize;
  if (halfAlong === 0 || rowStep === 0) {
    throw new RangeError(`tiles of ${tw} x ${th} pixels are too small for a ${orientation} map`);
  }
  // staggerIndex names the grid's shifted rows (cell (0, 0) is map tile (offsetX, offsetY)):
  // turn it into the map's parity so map tiles can be placed as Tiled does.
  const gridParity = staggerIndex === 'odd' ? 1 : 0;
  const shiftedParity = gridParity ^ ((byX ? offsetX : offsetY) & 1);
  const shiftOf = (row) => ((row & 1) === shiftedParity ? halfAlong : 0);
  const column = (along, row) => Math.floor((along - shiftOf(row)) / stepAlong);
  const put = (along, across, out) => {
    out.x = byX ? across : along;
    out.y = byX ? along : across;
    return out;
  };
  return {
    fields: {
      staggerAxis,
      staggerIndex,
      ...(orientation === 'hexagonal' ? { hexSideLength: side } : {}),
    },
    /** Map pixel of the centre of map tile (tx, ty). */
    centre(tx, ty, out) {
      const [row, col] = byX ? [tx, ty] : [ty, tx];
      return put(col * stepAlong + shiftOf(row) + halfAlong, row * rowStep + tileAcross / 2, out);
    },
    /**
     * The map tile whose shape holds map pixel (px, py). Above a row's straight sides lies a band
     * where the row's pointed tops meet the bottoms of the row before: a point on a slanted edge
     * belongs to the lower row, one on a straight side to the tile on its right (or below).
     */
    tileAt(px, py, out) {
      const along = byX ? py : px;
      const across = byX ? px : py;
      let row = Math.floor(across / rowStep);
      const depth = across - row * rowStep;
      let col = column(along, row);
      if (depth < slope) {
        const fromTip = Math.abs(along - (col * stepAlong + shiftOf(row) + halfAlong));
        if (fromTip * slope > halfAlong * depth) {
          row -= 1;
          col = column(along, row);
        }
      }
      return put(col, row, out);
    },
  };
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
    ...(layer.staggerAxis === undefined
      ? {}
      : { staggerAxis: layer.staggerAxis, staggerIndex: layer.staggerIndex }),
    ...(layer.hexSideLength === undefined ? {} : { hexSideLength: layer.hexSideLength }),
    tileWidth: layer.tileWidth,
    tileHeight: layer.tileHeight,
    width: layer.width,
    height: layer.height,
    offsetX: layer.offsetX ?? 0,
    offsetY: layer.offsetY ?? 0,
    ...options,
  });
}
