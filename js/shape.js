// Grid shapes (orientation, staggerAxis, staggerIndex, with Tiled's names and defaults): the
// third argument of createGrid and the shape fields of PathWorker.create, checked and turned
// into the core's codes; and the facing names of each shape's steps.
import { SHAPES } from '../dist/contract.mjs';
import { describe, toCells } from './validate.js';

/** @typedef {import('./index.js').GridShape} GridShape */

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
  refuseMisspelt(fields);
  const shape = readShape(fields);
  const cells = fields.cells === undefined ? undefined : toCells(fields.cells, width, height);
  return { cells, shape };
}

const GRID_FIELDS = ['cells', 'orientation', 'staggerAxis', 'staggerIndex'];

/**
 * Other fields are allowed (readTiledLayer's whole answer may be passed), but one that is a
 * near miss of a field createGrid reads is a typo that would silently give another map (a square
 * grid for `orientaton: 'hexagonal'`): refused, naming the field meant.
 * @param {Record<string, unknown>} fields
 */
function refuseMisspelt(fields) {
  for (const key of Object.keys(fields)) {
    if (GRID_FIELDS.includes(key)) continue;
    const meant = GRID_FIELDS.find((known) => nearMiss(key.toLowerCase(), known.toLowerCase()));
    if (meant !== undefined) {
      throw new TypeError(`createGrid: unknown field '${key}' (did you mean '${meant}'?)`);
    }
  }
}

/**
 * Whether two names are at most two edits apart (insertions, deletions, substitutions).
 * @param {string} a
 * @param {string} b
 */
function nearMiss(a, b) {
  if (Math.abs(a.length - b.length) > 2) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j] + 1, row[j - 1] + 1));
    }
    previous = row;
  }
  return previous[b.length] <= 2;
}

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
