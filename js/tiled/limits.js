// The grid limits of tilepath (declared once in C++, generated into dist/contract.mjs). A map is
// checked against them before anything the size of the map is allocated.

import { LIMITS } from '../../dist/contract.mjs';
import { shown } from './values.js';

export const MAX_SIDE = LIMITS.maxSide;
export const MAX_CELLS = LIMITS.maxCells;

/** Throws a RangeError naming `what` unless width x height is a grid tilepath can hold. */
export function checkGridSize(width, height, what) {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ]) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new RangeError(`${what}: ${name} must be a positive integer, got ${shown(value)}`);
    }
    if (value > MAX_SIDE) {
      throw new RangeError(
        `${what}: ${name} ${value} is more than the grid limit of ${MAX_SIDE} per side`,
      );
    }
  }
  if (width * height > MAX_CELLS) {
    throw new RangeError(
      `${what}: ${width} x ${height} = ${width * height} cells is more than the grid limit of ${MAX_CELLS} cells`,
    );
  }
}
