// The grid limits of tilepath (cpp/include/tilepath/grid.hpp: a side up to 16384, 4096 x 4096
// cells in all). A map is checked against them before anything the size of the map is allocated.

import { shown } from './values.js';

export const MAX_SIDE = 16384;
export const MAX_CELLS = 16777216;

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
