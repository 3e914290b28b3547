// Helpers the JS benchmarks share.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The median of a list of numbers (the mean of the middle two for an even count), NaN if empty. */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A command-line flag's value as a positive integer; a RangeError naming the flag otherwise. */
export function positiveInteger(flag, text) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`${flag} must be a positive integer, got ${text}`);
  return n;
}

/**
 * A Pathfinder from the build of the tree at `root` (one holding js/node.js and dist/): this
 * tree's, or an older copy's, to time two builds side by side.
 * @param {string} root
 */
export async function loadTree(root) {
  const { createPathfinder } = await import(pathToFileURL(join(root, 'js', 'node.js')).href);
  return createPathfinder();
}
