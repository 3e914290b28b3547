// Saved grids (Grid.save, Pathfinder.loadGrid): what the JS side checks before the bytes go
// into wasm, where cpp/src/io/saved.cpp checks everything else (header, version, checksum,
// every section) and names what is wrong.
import { describe } from './checks.js';

/**
 * The saved bytes as a Uint8Array (a view, not a copy), or a TypeError naming what was given.
 * @param {unknown} saved
 * @returns {Uint8Array}
 */
export function readSavedBytes(saved) {
  if (saved instanceof Uint8Array) return saved;
  if (saved instanceof ArrayBuffer) return new Uint8Array(saved);
  if (ArrayBuffer.isView(saved)) {
    return new Uint8Array(saved.buffer, saved.byteOffset, saved.byteLength);
  }
  throw new TypeError(
    `saved must be the Uint8Array (or ArrayBuffer) that grid.save() gave, got ${describe(saved)}`,
  );
}
