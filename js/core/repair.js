// repairPath's arguments (checked before the wasm call) and its extra result fields. The search
// itself is in the core: cpp/src/hierarchy/repair.cpp.
import { checkInteger, describe } from './checks.js';

/** What repairPath did, by the code the bindings return (kRepairKindNames in repair.hpp). */
export const REPAIR_KINDS = /** @type {const} */ (['none', 'local', 'full']);

/**
 * A path to repair: x, y pairs inside the grid (cell by cell: the core checks that and names the
 * first point that jumps), and the point the unit stands on. Returns the path as an Int32Array.
 * @param {unknown} path
 * @param {unknown} fromIndex
 * @param {number} width
 * @param {number} height
 */
export function readRepairPath(path, fromIndex, width, height) {
  const usage = "path must be a flat list x0, y0, x1, y1, ... (findPath's path)";
  if (
    path == null ||
    typeof path !== 'object' ||
    typeof (/** @type {{ length?: unknown }} */ (path).length) !== 'number'
  ) {
    throw new TypeError(`${usage}, got ${describe(path)}`);
  }
  const list = /** @type {ArrayLike<unknown>} */ (path);
  if (list.length < 2 || list.length % 2 !== 0) {
    throw new RangeError(`${usage} with at least one point, got ${list.length} numbers`);
  }
  const out = new Int32Array(list.length);
  for (let k = 0; k < list.length; k += 2) {
    out[k] = checkInteger(`path[${k}] (x)`, list[k], 0, width - 1);
    out[k + 1] = checkInteger(`path[${k + 1}] (y)`, list[k + 1], 0, height - 1);
  }
  checkInteger('fromIndex', fromIndex, 0, list.length / 2 - 1);
  return out;
}
