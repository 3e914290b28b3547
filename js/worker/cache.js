// The last answers a path worker gave (PathWorker.create({ cache: n }) and InThreadPathWorker's),
// so that a request repeated with the same start, goal and options is answered without a search.
// It knows nothing of messages: its owner tells it about every edit BEFORE applying it.
//
// What an edit drops, and why that keeps every cached answer as good as a fresh search's:
// - A cell made dearer or blocked: only the answers that depend on it. A 'found' answer of an
//   optimal search depends on the cells of its path (the raw path when smoothed, with the cells
//   along each smoothed segment), the side cells of its diagonal steps (the corner rule), and
//   its start and goal: an edit elsewhere can only make other paths dearer, so the answer stays
//   a cheapest one. A 'none' answer depends on nothing here: walls never open a way.
// - Answers that depend on the whole search, not only its path, are dropped by any change:
//   a search with a budget (maxExpansions), a weighted one (weight > 1), a 'partial' answer.
// - A cell made cheaper or opened, a cost lowered, or a new level (setAll): every answer, since
//   any of them might now have a cheaper path.
// Requests with `trace` are never cached: their answer is the record of the search itself.
// The options are keyed by their codes: an option given at its default is the same request as
// one left out, while a default ('auto') request and one naming the algorithm it resolves to are
// cached apart; an answer keeps the `algorithm` of the search that found it (a
// raise that makes the costs uneven leaves a cached jps path the cheapest, as it is above).
//
// What an edit costs here is what it changed, never a scan of the cache: each answer's cells are
// kept sorted, found from a cell through a coarse index of 8x8-cell blocks, and from a class
// through each answer's count of cells per class (kept current by cell edits that change a
// class at the same cost). The cache holds at most `capacity` answers and about `bytes` bytes
// (its estimate of what an answer holds), dropping the least recently used first.

import { ENUM_OPTIONS } from '../../dist/contract.mjs';
import { OPTION_SLOT } from '../core/checks.js';

/** The default byte budget of a path cache (create's `cacheBytes`). */
export const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;

const BLOCK_SHIFT = 3; // index blocks of 8x8 cells

// What the estimate counts for an answer, in bytes: its record and result, 4 a path number and
// a dependent cell, and a block's or a class's entry in the indices.
const ENTRY_BYTES = 500;
const BLOCK_ENTRY_BYTES = 60;
const CLASS_ENTRY_BYTES = 64;

const {
  trace: TRACE,
  maxExpansions: BUDGET,
  weight: WEIGHT,
  unitSize: UNIT_SIZE,
  goal: GOAL,
} = OPTION_SLOT;
const ADJACENT = ENUM_OPTIONS.goal.names.indexOf('adjacent');

/**
 * The cache key of a request, or null when it is not to be cached: its cells and its options'
 * codes (core/checks.js snapshotCodes; a request's profile picks its cache, ProfileCaches.of).
 * @param {number} sx
 * @param {number} sy
 * @param {number} gx
 * @param {number} gy
 * @param {Readonly<import('../core/checks.js').OptionCodes>} codes
 */
export function cacheKey(sx, sy, gx, gy, codes) {
  const { record } = codes;
  if (record[TRACE] === 1) return null;
  return `${sx},${sy},${gx},${gy}|${record.join()}`;
}

function copyResult(result) {
  const copy = { ...result };
  for (const key of ['path', 'rawPath']) if (copy[key]) copy[key] = copy[key].slice();
  if (copy.goal) copy.goal = { ...copy.goal };
  return copy;
}

export class PathCache {
  #capacity;
  #budget;
  #width;
  #height;
  #blockColumns;
  #classAt;
  /** @type {Map<string, Entry>} */
  #entries = new Map(); // least recently used first
  /** @type {Map<number, Set<Entry>>} */
  #byBlock = new Map(); // 8x8 block -> answers with a cell in it
  /** @type {Map<number, Set<Entry>>} */
  #byClass = new Map(); // class -> answers with a cell of it
  /** @type {Set<Entry>} */
  #anyChange = new Set(); // answers dropped by whatever edit
  #bytes = 0;
  hits = 0;
  misses = 0;

  #orientation;

  /**
   * `shape`: the grid's (its orientation decides which cells a step's corner rule reads).
   * `classAt(index)`: a cell's class now. `bytes`: the byte budget.
   */
  constructor(capacity, width, height, shape, { classAt, bytes = DEFAULT_CACHE_BYTES }) {
    this.#capacity = capacity;
    this.#budget = bytes;
    this.#width = width;
    this.#height = height;
    this.#blockColumns = (width >> BLOCK_SHIFT) + 1;
    this.#orientation = shape?.orientation ?? 'orthogonal';
    this.#classAt = classAt;
  }

  get size() {
    return this.#entries.size;
  }

  /** The estimated bytes the cached answers hold (at most the budget). */
  get bytes() {
    return this.#bytes;
  }

  /** A copy of the cached answer for `key` (marked `cached: true`), or undefined. */
  get(key) {
    const entry = key === null ? undefined : this.#entries.get(key);
    if (!entry) {
      if (key !== null) this.misses++;
      return undefined;
    }
    this.#entries.delete(key); // most recently used goes last
    this.#entries.set(key, entry);
    this.hits++;
    return { ...copyResult(entry.result), cached: true };
  }

  /**
   * Keeps a copy of `result`, the answer to request (sx, sy, gx, gy, codes) under `key`.
   * @param {string | null} key
   * @param {any} result
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {Readonly<import('../core/checks.js').OptionCodes>} codes
   */
  put(key, result, sx, sy, gx, gy, codes) {
    if (key === null || this.#capacity === 0) return;
    this.#dropKey(key);
    const { record } = codes;
    const wholeSearch = result.status === 'partial' || record[BUDGET] > 0 || record[WEIGHT] > 1;
    const cells = wholeSearch
      ? null
      : Int32Array.from(
          this.#dependsOn(result, sx, sy, gx, gy, record[UNIT_SIZE], record[GOAL] === ADJACENT),
        ).sort();
    const entry = new Entry(key, copyResult(result), cells);
    if (cells) {
      const blocks = new Set();
      for (const index of cells) {
        blocks.add(this.#blockOf(index));
        const cls = this.#classAt(index);
        entry.classes.set(cls, (entry.classes.get(cls) ?? 0) + 1);
      }
      entry.blocks = [...blocks];
    }
    entry.bytes =
      ENTRY_BYTES +
      4 * ((result.path?.length ?? 0) + (result.rawPath?.length ?? 0) + (cells?.length ?? 0)) +
      BLOCK_ENTRY_BYTES * entry.blocks.length +
      CLASS_ENTRY_BYTES * entry.classes.size;
    if (entry.bytes > this.#budget) return; // never fits: not worth evicting everything for
    while (
      this.#entries.size &&
      (this.#entries.size >= this.#capacity || this.#bytes + entry.bytes > this.#budget)
    ) {
      this.#drop(this.#entries.values().next().value);
    }
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    if (!cells) this.#anyChange.add(entry);
    for (const block of entry.blocks) setOf(this.#byBlock, block).add(entry);
    for (const cls of entry.classes.keys()) setOf(this.#byClass, cls).add(entry);
  }

  #blockOf(index) {
    const x = index % this.#width;
    const y = (index - x) / this.#width;
    return (y >> BLOCK_SHIFT) * this.#blockColumns + (x >> BLOCK_SHIFT);
  }

  #dropKey(key) {
    const entry = this.#entries.get(key);
    if (entry) this.#drop(entry);
  }

  /** @param {Entry} entry */
  #drop(entry) {
    if (this.#entries.get(entry.key) !== entry) return;
    this.#entries.delete(entry.key);
    this.#bytes -= entry.bytes;
    this.#anyChange.delete(entry);
    for (const block of entry.blocks) unindex(this.#byBlock, block, entry);
    for (const cls of entry.classes.keys()) unindex(this.#byClass, cls, entry);
  }

  clear() {
    this.#entries.clear();
    this.#byBlock.clear();
    this.#byClass.clear();
    this.#anyChange.clear();
    this.#bytes = 0;
  }

  /** The cached answers that depend on cell `index`. */
  #through(index) {
    const found = [];
    for (const entry of this.#byBlock.get(this.#blockOf(index)) ?? []) {
      if (entry.dependsOn(index)) found.push(entry);
    }
    return found;
  }

  /**
   * The cells a 'found' or 'none' answer depends on (see the top of this file). A unit of
   * `size` > 1 depends on the whole footprint of each position it stands on or passes beside.
   */
  #dependsOn(result, sx, sy, gx, gy, size, adjacentGoal) {
    const width = this.#width;
    const height = this.#height;
    const cells = new Set([sy * width + sx, gy * width + gx]);
    if (result.status === 'none') return cells;
    const addCell = (x, y) => {
      if (x >= 0 && y >= 0 && x < width && y < height) cells.add(y * width + x);
    };
    const add = (x, y) => {
      for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) addCell(x + i, y + j);
    };
    // An adjacent goal is reached by touching it, at a corner only as the cells beside allow.
    if (adjacentGoal && result.goal) {
      const { x: ex, y: ey } = result.goal;
      for (let y = ey - 1; y <= ey + size; y++)
        for (let x = ex - 1; x <= ex + size; x++) addCell(x, y);
    }
    const steps = result.rawPath ?? result.path;
    const orientation = this.#orientation;
    for (let k = 0; k < steps.length; k += 2) {
      add(steps[k], steps[k + 1]);
      if (orientation === 'hexagonal') continue; // no diagonal steps, no side cells
      if (orientation === 'staggered') {
        // A diagonal step's side cells lie around the cell it leaves: take all eight.
        if (k >= 2)
          for (let dy = -1; dy <= 1; dy++)
            for (let dx = -1; dx <= 1; dx++) add(steps[k - 2] + dx, steps[k - 1] + dy);
        continue;
      }
      if (k >= 2 && steps[k] !== steps[k - 2] && steps[k + 1] !== steps[k - 1]) {
        add(steps[k], steps[k - 1]); // the two side cells of a diagonal step
        add(steps[k - 2], steps[k + 1]);
      }
    }
    if (result.rawPath) {
      // Each smoothed segment's line of sight read the cells along it: take them and their
      // neighbours, whichever corner convention the line test uses.
      const { path } = result;
      for (let k = 2; k < path.length; k += 2) {
        const [x0, y0, x1, y1] = [path[k - 2], path[k - 1], path[k], path[k + 1]];
        const samples = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 4));
        for (let s = 0; s <= samples; s++) {
          const x = Math.round(x0 + ((x1 - x0) * s) / samples);
          const y = Math.round(y0 + ((y1 - y0) * s) / samples);
          for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) add(x + dx, y + dy);
        }
      }
    }
    return cells;
  }

  /**
   * Cells `indices[from..to)` are about to get `values[...]`. `classAt(index)` reads a cell as it
   * is before the edit, `costOf(cls)` a class's cost (Infinity: blocked).
   */
  cellsEdited(indices, values, from, to, classAt, costOf) {
    if (!this.#entries.size) return;
    const pending = new Map(); // a cell named twice in the edit: its class after the first
    for (let k = from; k < to; k++) {
      const index = indices[k];
      const was = pending.has(index) ? pending.get(index) : classAt(index);
      const cls = values[k];
      pending.set(index, cls);
      if (was === cls) continue;
      const before = costOf(was);
      const after = costOf(cls);
      if (after < before) return this.clear();
      if (after > before) {
        this.#raised(this.#through(index));
        continue;
      }
      // The same cost, another class: the answers through it count their classes anew.
      for (const entry of this.#through(index)) {
        const left = entry.classes.get(was) - 1;
        if (left) entry.classes.set(was, left);
        else {
          entry.classes.delete(was);
          unindex(this.#byClass, was, entry);
        }
        if (!entry.classes.has(cls)) setOf(this.#byClass, cls).add(entry);
        entry.classes.set(cls, (entry.classes.get(cls) ?? 0) + 1);
      }
    }
  }

  /** Class `cls` is about to cost `after` instead of `before`. */
  costEdited(cls, before, after) {
    if (!this.#entries.size || before === after) return;
    if (after < before) return this.clear();
    this.#raised([...(this.#byClass.get(cls) ?? [])]);
  }

  /** @param {Entry[]} entries */
  #raised(entries) {
    for (const entry of entries) this.#drop(entry);
    for (const entry of [...this.#anyChange]) this.#drop(entry);
  }
}

/** A cached answer and what the indices hold of it. */
class Entry {
  /**
   * @param {string} key
   * @param {any} result
   * @param {Int32Array | null} cells the cells it depends on, sorted (null: every edit drops it)
   */
  constructor(key, result, cells) {
    this.key = key;
    this.result = result;
    this.cells = cells;
    /** @type {number[]} */
    this.blocks = [];
    /** @type {Map<number, number>} */
    this.classes = new Map(); // class -> how many of its cells have it now
    this.bytes = 0;
  }

  /** @param {number} index */
  dependsOn(index) {
    const { cells } = this;
    if (!cells) return false;
    let low = 0;
    let high = cells.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (cells[mid] === index) return true;
      if (cells[mid] < index) low = mid + 1;
      else high = mid - 1;
    }
    return false;
  }
}

/**
 * @template T
 * @param {Map<number, Set<T>>} map
 * @param {number} key
 */
function setOf(map, key) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

/**
 * @template T
 * @param {Map<number, Set<T>>} map
 * @param {number} key
 * @param {T} value
 */
function unindex(map, key, value) {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

/**
 * A path worker's caches, one PathCache per movement profile in use (each its own capacity and
 * byte budget), so that an edit of one profile's costs drops none of another's answers. Cell
 * edits reach every profile's cache, judged by that profile's costs. Used by serve.js (in the
 * worker) and InThreadPathWorker alike.
 */
export class ProfileCaches {
  /** @type {() => PathCache} */
  #make;
  /** @type {Map<string, PathCache>} */
  #byProfile = new Map();
  #hits = 0; // of the caches of deleted profiles

  /** As PathCache's constructor, for each profile's cache. */
  constructor(capacity, width, height, shape, settings) {
    this.#make = () => new PathCache(capacity, width, height, shape, settings);
  }

  /** Answers found in the caches so far. */
  get hits() {
    let hits = this.#hits;
    for (const cache of this.#byProfile.values()) hits += cache.hits;
    return hits;
  }

  /** The cache of a request's profile (its codes' `profile`). */
  of(codes) {
    const { profile } = codes;
    let cache = this.#byProfile.get(profile);
    if (!cache) this.#byProfile.set(profile, (cache = this.#make()));
    return cache;
  }

  /**
   * As PathCache.cellsEdited, for every profile: `costOf(cls, profile)` reads a class's cost.
   */
  cellsEdited(indices, values, from, to, classAt, costOf) {
    for (const [profile, cache] of this.#byProfile)
      cache.cellsEdited(indices, values, from, to, classAt, (cls) => costOf(cls, profile));
  }

  /** Class `cls` of `profile` is about to cost `after` instead of `before`. */
  costEdited(profile, cls, before, after) {
    this.#byProfile.get(profile)?.costEdited(cls, before, after);
  }

  /** A profile's table replaced or deleted: its answers go, the others' stay. */
  dropProfile(profile) {
    const cache = this.#byProfile.get(profile);
    if (!cache) return;
    this.#hits += cache.hits;
    this.#byProfile.delete(profile);
  }

  /** A new level: every answer goes. */
  clear() {
    for (const cache of this.#byProfile.values()) cache.clear();
  }
}
