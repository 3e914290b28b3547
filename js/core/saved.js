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

const HEADER_BYTES = 32;
const GRID_RECORD = 12;
const CLASSES = 256;

/**
 * What a saved grid is, read from its header and GRID section without the wasm module (a
 * PathWorker's main thread keeps its own copy of the cells): sides, shape codes, cost table
 * (0 = blocked) and cells. The checksum and the other sections are checked where the bytes are
 * loaded (in the worker); what is read here is checked enough to be used.
 * @param {Uint8Array} bytes
 * @returns {{ width: number, height: number, shapeCodes: [number, number, number], costs: Float64Array, cells: Uint8Array, profiles: [string, Float64Array][] }}
 */
export function readSavedGrid(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @param {number} at @param {number} n */
  const text = (at, n) => String.fromCharCode(...bytes.subarray(at, at + n));
  if (bytes.length < HEADER_BYTES + 12 + GRID_RECORD || text(0, 8) !== 'TILEPATH') {
    throw new RangeError(
      'saved grid: these bytes are not a saved grid (too short, or they do not begin with TILEPATH)',
    );
  }
  const version = view.getUint32(8, true);
  if (version !== 1) {
    throw new RangeError(
      `saved grid: format version ${version}, but this tilepath reads version 1 only: save the grid again with this version`,
    );
  }
  if (text(HEADER_BYTES, 4) !== 'GRID') {
    throw new RangeError('saved grid: its first section must be GRID');
  }
  const at = HEADER_BYTES + 12;
  const width = view.getInt32(at, true);
  const height = view.getInt32(at + 4, true);
  const length = Number(view.getBigUint64(HEADER_BYTES + 4, true));
  const cellsAt = at + GRID_RECORD + CLASSES * 8;
  if (
    !(width >= 1 && height >= 1) ||
    length !== GRID_RECORD + CLASSES * 8 + width * height ||
    bytes.length < cellsAt + width * height
  ) {
    throw new RangeError(
      `saved grid, section GRID: its ${width} x ${height} cells are not all there (truncated?)`,
    );
  }
  const costs = new Float64Array(CLASSES);
  for (let cls = 0; cls < CLASSES; cls++)
    costs[cls] = view.getFloat64(at + GRID_RECORD + cls * 8, true);
  return {
    width,
    height,
    shapeCodes: [bytes[at + 8], bytes[at + 9], bytes[at + 10]],
    costs,
    cells: bytes.slice(cellsAt, cellsAt + width * height),
    profiles: readSavedProfiles(bytes, view, afterGrid(view)),
  };
}

/**
 * The sections after GRID, as far as they are there: [tag, first byte of its body, its length].
 * @param {Uint8Array} bytes
 * @param {DataView} view
 * @param {number} at where the section after GRID begins
 * @returns {Generator<[string, number, number]>}
 */
function* sectionsAfter(bytes, view, at) {
  while (at + 12 <= bytes.length) {
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
    const length = Number(view.getBigUint64(at + 4, true));
    const start = at + 12;
    if (start + length > bytes.length) return;
    yield [tag, start, length];
    at = start + length;
  }
}

/** Where the section after GRID begins. @param {DataView} view */
const afterGrid = (view) => HEADER_BYTES + 12 + Number(view.getBigUint64(HEADER_BYTES + 4, true));

/**
 * The PROF section's movement profiles, [name, 256 costs (0 = blocked)] in the order they were
 * added, read as far as they are there (the worker's load checks them whole).
 * @param {Uint8Array} bytes
 * @param {DataView} view
 * @param {number} at where the section after GRID begins
 * @returns {[string, Float64Array][]}
 */
function readSavedProfiles(bytes, view, at) {
  for (const [tag, start, length] of sectionsAfter(bytes, view, at)) {
    if (tag !== 'PROF') continue;
    const out = [];
    let k = start + 4;
    for (let n = view.getUint32(start, true); n > 0 && k < start + length; n--) {
      const size = bytes[k];
      const name = String.fromCharCode(...bytes.subarray(k + 1, k + 1 + size));
      const table = new Float64Array(CLASSES);
      k += 1 + size;
      if (k + CLASSES * 8 > start + length) break;
      for (let cls = 0; cls < CLASSES; cls++) table[cls] = view.getFloat64(k + cls * 8, true);
      k += CLASSES * 8;
      out.push(/** @type {[string, Float64Array]} */ ([name, table]));
    }
    return out;
  }
  return [];
}

const ANY_DIRECTION = 0xff;
const LINK_BYTES = 21;

/**
 * The RULE section's entry rules and links (cpp/src/io/saved.cpp writes it): each class's entry
 * mask other than "any direction", the links with their cells, and the id the next link gets.
 * Read from bytes readSavedGrid has taken (or the core has loaded): the core checks the section
 * whole, so what is read here is what the loaded grid holds.
 * @param {Uint8Array} bytes
 * @returns {{ entry: [number, number][], links: import('./rules.js').LinkRecord[], nextId: number }}
 */
export function readSavedRules(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getInt32(HEADER_BYTES + 12, true);
  for (const [tag, start, length] of sectionsAfter(bytes, view, afterGrid(view))) {
    if (tag !== 'RULE' || length < CLASSES + 8) continue;
    /** @type {[number, number][]} */
    const entry = [];
    for (let cls = 0; cls < CLASSES; cls++) {
      if (bytes[start + cls] !== ANY_DIRECTION) entry.push([cls, bytes[start + cls]]);
    }
    const nextId = view.getInt32(start + CLASSES, true);
    const count = view.getUint32(start + CLASSES + 4, true);
    const links = [];
    for (let k = 0, at = start + CLASSES + 8; k < count && at + LINK_BYTES <= start + length; k++) {
      const a = view.getInt32(at + 4, true);
      const b = view.getInt32(at + 8, true);
      links.push({
        id: view.getInt32(at, true),
        ax: a % width,
        ay: Math.floor(a / width),
        bx: b % width,
        by: Math.floor(b / width),
        cost: view.getFloat64(at + 12, true),
        oneWay: bytes[at + 20] === 1,
      });
      at += LINK_BYTES;
    }
    return { entry, links, nextId };
  }
  return { entry: [], links: [], nextId: 1 };
}
