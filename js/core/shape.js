// Grid shapes (orientation, staggerAxis, staggerIndex, with Tiled's names and defaults): the
// third argument of createGrid and the shape fields of PathWorker.create, checked and turned
// into the core's codes; and the facing names of each shape's steps.
import { SHAPES } from '../../dist/contract.mjs';
import { describe, refuseMisspelt, toCells } from './checks.js';

/** @typedef {import('../index.js').GridShape} GridShape */

/**
 * @param {string} name
 * @param {unknown} value
 * @param {readonly string[]} names
 * @param {string} fallback
 */
function oneOf(name, value, names, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !names.includes(value)) {
    const choices = names.map((n) => `'${n}'`).join(', ');
    const error = typeof value === 'string' ? RangeError : TypeError;
    throw new error(`${name} must be one of ${choices}, got ${describe(value)}`);
  }
  return value;
}

/**
 * The shape named by `fields` (orientation, staggerAxis, staggerIndex; absent ones take Tiled's
 * defaults: orthogonal, axis y, index odd). `where` prefixes the field names in messages.
 * @param {Record<string, unknown>} fields
 * @param {string} [where]
 * @returns {GridShape}
 */
export function readShape(fields, where = '') {
  const orientation = oneOf(
    `${where}orientation`,
    fields.orientation,
    SHAPES.orientations,
    'orthogonal',
  );
  const staggerAxis = oneOf(`${where}staggerAxis`, fields.staggerAxis, SHAPES.staggerAxes, 'y');
  const staggerIndex = oneOf(
    `${where}staggerIndex`,
    fields.staggerIndex,
    SHAPES.staggerIndices,
    'odd',
  );
  return /** @type {GridShape} */ (Object.freeze({ orientation, staggerAxis, staggerIndex }));
}

/**
 * createGrid's third argument: the cells (a Uint8Array, ArrayBuffer, typed array or array), or
 * an object of { cells?, orientation?, staggerAxis?, staggerIndex? } (other fields, such as
 * the rest of what readTiledLayer returns, are ignored, unless they are a near miss of these
 * four: refuseMisspelt). Cells are checked with toCells.
 * @param {unknown} arg
 * @param {number} width
 * @param {number} height
 * @returns {{ cells: Uint8Array | undefined, shape: GridShape }}
 */
export function readGridArgument(arg, width, height) {
  const isCells = arg instanceof ArrayBuffer || ArrayBuffer.isView(arg) || Array.isArray(arg);
  if (arg === undefined || isCells) {
    return {
      cells: arg === undefined ? undefined : toCells(arg, width, height),
      shape: readShape({}),
    };
  }
  // Neither cells nor an object: refused as cells are (the same words as setAll's).
  if (arg === null || typeof arg !== 'object') toCells(arg, width, height);
  const fields = /** @type {Record<string, unknown>} */ (arg);
  refuseMisspelt(fields, GRID_FIELDS, 'createGrid', 'field');
  const shape = readShape(fields);
  const cells = fields.cells === undefined ? undefined : toCells(fields.cells, width, height);
  return { cells, shape };
}

// Other fields are allowed (readTiledLayer's whole answer may be passed), but a near miss of one
// createGrid reads is a typo that would silently give another map (a square grid for
// `orientaton: 'hexagonal'`).
const GRID_FIELDS = ['cells', 'orientation', 'staggerAxis', 'staggerIndex', 'entry', 'links'];

/**
 * The core's codes of a checked shape: indices into the C++ name tables.
 * @param {GridShape} shape
 * @returns {[number, number, number]}
 */
export function shapeCodes(shape) {
  return [
    SHAPES.orientations.indexOf(shape.orientation),
    SHAPES.staggerAxes.indexOf(shape.staggerAxis),
    SHAPES.staggerIndices.indexOf(shape.staggerIndex),
  ];
}

/**
 * The direction names of a shape's steps (by the core's step number), null on square grids.
 * @param {GridShape} shape
 * @returns {readonly string[] | null}
 */
export function shapeDirections(shape) {
  if (shape.orientation === 'staggered') return SHAPES.directions.staggered;
  if (shape.orientation === 'hexagonal') {
    return shape.staggerAxis === 'x' ? SHAPES.directions.hexagonalX : SHAPES.directions.hexagonalY;
  }
  return null;
}
