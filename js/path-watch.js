// Stale-path alerts: the paths units are walking, indexed by cell, so that an edit costs only
// the cells it changes (never a scan of every watched path). Shared by Grid (core.js),
// PathWorker and InThreadPathWorker: each tells it what its edits changed and when an edit is
// over; it calls each affected path's onBlocked once per edit.

import { checkUnitSize, describe } from './validate.js';

/**
 * watchPath's options: `{ unitSize }` (default 1), the side of the unit walking the path.
 * @param {unknown} options
 */
export function watchUnitSize(options) {
  if (options === undefined || options === null) return 1;
  if (typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  for (const key in options) {
    if (key !== 'unitSize') throw new TypeError(`unknown option '${key}' (known: unitSize)`);
  }
  return checkUnitSize(/** @type {{ unitSize?: unknown }} */ (options).unitSize);
}

/** @typedef {import('./index.js').PathAlert} PathAlert */
/** @typedef {import('./index.js').PathWatch} PathWatch */

/**
 * A path as findPath returns it (x0, y0, x1, y1, ...), checked against a `width` x `height` grid.
 * @param {unknown} given
 * @param {number} width
 * @param {number} height
 * @returns {Int32Array} cell indices, in path order
 */
function cellsOfPath(given, width, height) {
  const isList =
    Array.isArray(given) || (ArrayBuffer.isView(given) && !(given instanceof DataView));
  const path = /** @type {ArrayLike<number>} */ (isList ? given : []);
  const length = isList ? path.length : NaN;
  if (!isList || length % 2 !== 0) {
    throw new TypeError(
      `path must be an Int32Array (or array) of x, y pairs as findPath returns it, got ${describe(given)}`,
    );
  }
  const cells = new Int32Array(length / 2);
  for (let k = 0; k < cells.length; k++) {
    const x = path[2 * k];
    const y = path[2 * k + 1];
    if (
      !Number.isInteger(x) ||
      !Number.isInteger(y) ||
      x < 0 ||
      y < 0 ||
      x >= width ||
      y >= height
    ) {
      throw new RangeError(
        `path point ${k} (${describe(x)}, ${describe(y)}) is not a cell of the ${width}x${height} grid`,
      );
    }
    cells[k] = y * width + x;
  }
  return cells;
}

/**
 * Refuses a path whose points are not one step apart: a smoothed result's waypoints would leave
 * the cells between them unwatched. A step moves at most one cell on each axis, or two along
 * `farAxis` (a staggered map's corner diagonals: two rows for axis 'y', two columns for 'x').
 * @param {Int32Array} path cell indices, in path order
 * @param {number} width
 * @param {'x' | 'y' | null} farAxis
 */
function checkSteps(path, width, farAxis) {
  for (let k = 1; k < path.length; k++) {
    const [x, y] = [path[k] % width, Math.floor(path[k] / width)];
    const [px, py] = [path[k - 1] % width, Math.floor(path[k - 1] / width)];
    const [dx, dy] = [Math.abs(x - px), Math.abs(y - py)];
    const far = farAxis === 'y' ? dx === 0 && dy === 2 : farAxis === 'x' && dy === 0 && dx === 2;
    if ((dx > 1 || dy > 1) && !far) {
      throw new RangeError(
        `path point ${k} (${x}, ${y}) is not next to point ${k - 1} (${px}, ${py}): watch a ` +
          "path cell by cell (a smoothed result's rawPath, not its waypoints)",
      );
    }
  }
}

/**
 * The cells a unit of `size` covers along a path of cell indices, each once, in path order, with
 * the path point that first covers it: a size 1 unit covers the path's own cells.
 * @param {Int32Array} path
 * @param {number} size
 * @param {number} width
 * @param {number} height
 */
function footprintCells(path, size, width, height) {
  if (size === 1) return { cells: path, points: null };
  /** @type {Map<number, number>} */
  const first = new Map();
  path.forEach((index, point) => {
    const x = index % width;
    const y = Math.floor(index / width);
    if (x + size > width || y + size > height) {
      throw new RangeError(
        `path point ${point} (${x}, ${y}) puts a unit of size ${size} outside the ${width}x${height} grid`,
      );
    }
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        const cell = index + j * width + i;
        if (!first.has(cell)) first.set(cell, point);
      }
    }
  });
  return { cells: Int32Array.from(first.keys()), points: Int32Array.from(first.values()) };
}

class Watch {
  /**
   * @param {Int32Array} cells
   * @param {Int32Array | null} points the path point of each cell (null: cell k is point k)
   * @param {(alert: PathAlert) => void} onBlocked
   */
  constructor(cells, points, onBlocked) {
    this.cells = cells;
    this.points = points;
    this.onBlocked = onBlocked;
    /** @type {Map<number, number>} */
    this.classCount = new Map(); // class -> how many of the path's cells have it now
    this.active = true;
  }
}

export class PathWatches {
  #width;
  #height;
  #classAt; // (cell index) -> class, now
  #costOf; // (class) -> cost of entering it now, Infinity when blocked
  #farAxis; // 'x' | 'y' on staggered maps (their two-cell steps), else null
  /** @type {Map<number, Array<Watch | number>>} */
  #byCell = new Map(); // cell index -> [watch, position along its path, ...]
  /** @type {Map<number, Set<Watch>>} */
  #byClass = new Map(); // class -> Set of watches with at least one cell of it
  /** @type {Map<Watch, number[]>} */
  #alerts = new Map(); // watch -> positions hit by the edit in progress
  #count = 0;
  // Index entries of stopped watches are left in place and skipped (stopping costs no scan of
  // the cells' lists); they are swept out once they outnumber the live ones.
  #liveEntries = 0;
  #staleEntries = 0;

  /**
   * @param {number} width
   * @param {number} height
   * @param {(index: number) => number} classAt
   * @param {(cls: number) => number} costOf
   * @param {{ orientation: string, staggerAxis: 'x' | 'y' }} [shape] the grid's shape
   */
  constructor(width, height, classAt, costOf, shape) {
    this.#width = width;
    this.#height = height;
    this.#classAt = classAt;
    this.#costOf = costOf;
    this.#farAxis = shape?.orientation === 'staggered' ? shape.staggerAxis : null;
  }

  /** True while any path is watched: edits skip all bookkeeping otherwise. */
  get active() {
    return this.#count > 0;
  }

  /**
   * True when a watched path goes through cell `index`.
   * @param {number} index
   */
  watches(index) {
    return this.#byCell.has(index);
  }

  /** The watched cell indices (to diff a whole new level against). */
  watchedCells() {
    return this.#byCell.keys();
  }

  /**
   * @param {unknown} path
   * @param {(alert: PathAlert) => void} onBlocked
   * @param {number} [unitSize] the unit's side: its whole footprint is watched (checked by the caller)
   * @returns {PathWatch}
   */
  watch(path, onBlocked, unitSize = 1) {
    if (typeof onBlocked !== 'function') {
      throw new TypeError(`onBlocked must be a function, got ${describe(onBlocked)}`);
    }
    const w = this.#width;
    const h = this.#height;
    const steps = cellsOfPath(path, w, h);
    const { cells, points } = footprintCells(steps, unitSize, w, h);
    checkSteps(steps, w, this.#farAxis);
    const watch = new Watch(cells, points, onBlocked);
    watch.cells.forEach((index, position) => {
      const entry = this.#byCell.get(index);
      if (entry) entry.push(watch, position);
      else this.#byCell.set(index, [watch, position]);
      this.#countClass(watch, this.#classAt(index), 1);
    });
    this.#count++;
    this.#liveEntries += watch.cells.length;
    return {
      stop: () => this.#stop(watch),
      get active() {
        return watch.active;
      },
    };
  }

  /**
   * @param {Watch} watch
   * @param {number} cls
   * @param {1 | -1} change
   */
  #countClass(watch, cls, change) {
    const count = (watch.classCount.get(cls) ?? 0) + change;
    if (count === 0) {
      watch.classCount.delete(cls);
      this.#byClass.get(cls)?.delete(watch);
      return;
    }
    watch.classCount.set(cls, count);
    if (count === 1 && change === 1) {
      let set = this.#byClass.get(cls);
      if (!set) this.#byClass.set(cls, (set = new Set()));
      set.add(watch);
    }
  }

  /** @param {Watch} watch */
  #stop(watch) {
    if (!watch.active) return;
    watch.active = false;
    this.#count--;
    for (const cls of watch.classCount.keys()) this.#byClass.get(cls)?.delete(watch);
    this.#alerts.delete(watch);
    this.#liveEntries -= watch.cells.length;
    this.#staleEntries += watch.cells.length;
    if (this.#staleEntries > Math.max(1024, this.#liveEntries)) this.#sweep();
  }

  #sweep() {
    for (const [index, entry] of this.#byCell) {
      const kept = [];
      for (let i = 0; i < entry.length; i += 2) {
        if (/** @type {Watch} */ (entry[i]).active) kept.push(entry[i], entry[i + 1]);
      }
      if (kept.length) this.#byCell.set(index, kept);
      else this.#byCell.delete(index);
    }
    this.#staleEntries = 0;
  }

  /**
   * @param {Watch} watch
   * @param {number} position
   */
  #hit(watch, position) {
    let positions = this.#alerts.get(watch);
    if (!positions) this.#alerts.set(watch, (positions = []));
    positions.push(position);
  }

  // What the edit in progress changed, judged when it is over, so that a cell set twice in one
  // edit (or a cost set and set back) is judged by where it ended.
  /** @type {Map<number, number>} */
  #cellsBefore = new Map(); // watched cell index -> its class before the edit
  /** @type {Map<number, number>} */
  #costsBefore = new Map(); // class -> its cost before the edit

  /**
   * Cell `index` went from class `before` to class `after`.
   * @param {number} index
   * @param {number} before
   * @param {number} after
   */
  cellChanged(index, before, after) {
    const entry = this.#byCell.get(index);
    if (!entry || before === after) return;
    if (!this.#cellsBefore.has(index)) this.#cellsBefore.set(index, before);
    for (let i = 0; i < entry.length; i += 2) {
      const watch = /** @type {Watch} */ (entry[i]);
      if (!watch.active) continue;
      this.#countClass(watch, before, -1);
      this.#countClass(watch, after, 1);
    }
  }

  /**
   * Class `cls` went from costing `before` to `after` (Infinity: blocked).
   * @param {number} cls
   * @param {number} before
   * @param {number} after
   */
  costChanged(cls, before, after) {
    if (before !== after && !this.#costsBefore.has(cls)) this.#costsBefore.set(cls, before);
  }

  #judge() {
    for (const [index, before] of this.#cellsBefore) {
      if (!(this.#costOf(this.#classAt(index)) > this.#costOf(before))) continue;
      const entry = this.#byCell.get(index) ?? [];
      for (let i = 0; i < entry.length; i += 2) {
        const watch = /** @type {Watch} */ (entry[i]);
        if (watch.active) this.#hit(watch, /** @type {number} */ (entry[i + 1]));
      }
    }
    for (const [cls, before] of this.#costsBefore) {
      if (!(this.#costOf(cls) > before)) continue;
      for (const watch of this.#byClass.get(cls) ?? []) {
        watch.cells.forEach((index, position) => {
          if (this.#classAt(index) === cls) this.#hit(watch, position);
        });
      }
    }
    this.#cellsBefore.clear();
    this.#costsBefore.clear();
  }

  /** The edit is over: each path it made worse stops being watched and hears of it, once. */
  dispatch() {
    this.#judge();
    if (!this.#alerts.size) return;
    const alerts = this.#alerts;
    this.#alerts = new Map();
    const errors = [];
    for (const [watch, positions] of alerts) {
      if (!watch.active) continue;
      positions.sort((a, b) => a - b); // a cell hit by a cell edit and a cost edit counts once
      for (let k = positions.length - 1; k > 0; k--)
        if (positions[k] === positions[k - 1]) positions.splice(k, 1);
      const cells = new Int32Array(positions.length * 2);
      positions.forEach((position, k) => {
        cells[2 * k] = watch.cells[position] % this.#width;
        cells[2 * k + 1] = Math.floor(watch.cells[position] / this.#width);
      });
      this.#stop(watch);
      // One failing callback must not keep the other units from hearing of the wall.
      try {
        const index = watch.points ? watch.points[positions[0]] : positions[0];
        watch.onBlocked({ index, x: cells[0], y: cells[1], cells });
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw errors[0];
  }
}
