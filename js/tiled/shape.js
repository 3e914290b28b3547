// The map's shape (orientation, and for staggered and hexagonal maps which rows or columns are
// shifted), read from TMX attributes or JSON fields, and the shape of a grid cropped from it.

import { shown } from './values.js';

export const ORIENTATIONS = ['orthogonal', 'isometric', 'staggered', 'hexagonal'];

function oneOf(value, names, what) {
  if (!names.includes(value)) {
    throw new TypeError(`${what} must be one of ${names.join(', ')}, got ${shown(value)}`);
  }
  return value;
}

/**
 * The shape fields of a map. `fields` holds Tiled's names (orientation, staggeraxis,
 * staggerindex), undefined when absent; `hexSideLength` is already a number; `label(name)` names
 * a field in messages. Absent stagger fields take Tiled's defaults (axis y, index odd).
 */
export function mapShape(fields, hexSideLength, label) {
  const { orientation = 'orthogonal', staggeraxis, staggerindex } = fields;
  oneOf(orientation, ORIENTATIONS, label('orientation'));
  if (orientation !== 'staggered' && orientation !== 'hexagonal') return { orientation };
  const shape = {
    orientation,
    staggerAxis: oneOf(staggeraxis ?? 'y', ['x', 'y'], label('staggeraxis')),
    staggerIndex: oneOf(staggerindex ?? 'odd', ['odd', 'even'], label('staggerindex')),
  };
  if (orientation === 'hexagonal') {
    const side = hexSideLength ?? 0;
    if (side < 0) {
      throw new TypeError(`${label('hexsidelength')} must not be negative, got ${side}`);
    }
    shape.hexSideLength = side;
  }
  return shape;
}

/**
 * The shape of a grid whose cell (0, 0) is map tile (offsetX, offsetY). Tiled's staggerIndex
 * names the shifted rows (columns) by their parity in the map; cropping an infinite map at an
 * odd row (column) makes the grid's even rows the map's odd ones, so the index flips.
 */
export function gridShape(shape, offsetX, offsetY) {
  const { orientation, staggerAxis, hexSideLength } = shape;
  if (staggerAxis === undefined) return { orientation };
  const flip = ((staggerAxis === 'x' ? offsetX : offsetY) & 1) === 1;
  const staggerIndex = flip ? (shape.staggerIndex === 'odd' ? 'even' : 'odd') : shape.staggerIndex;
  const grid = { orientation, staggerAxis, staggerIndex };
  if (hexSideLength !== undefined) grid.hexSideLength = hexSideLength;
  return grid;
}
