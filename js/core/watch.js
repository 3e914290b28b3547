// Stale-path alerts: the paths units are walking, indexed by cell, so that an edit costs only
// the cells it changes (never a scan of every watched path). Shared by Grid (core/grid.js),
// PathWorker and InThreadPathWorker: each tells it what its edits changed and when an edit is
// over; it calls each affected path's onBlocked once per edit.

import { checkProfileName, checkUnitSize, describe, unknownOption } from './checks.js';

const WATCH_OPTIONS = ['unitSize', 'diagonal', 'profile', 'links'];
const DIAGONALS = ['never', 'noCorners', 'oneObstacle', 'always'];

/**
 * watchPath's options: `{ unitSize, diagonal, profile, links }`. `unitSize` (default 1) is the
 * side of the unit walking the path; `diagonal` the corner rule its search used (default
 * 'noCorners', the strictest: a wall on any side cell of a diagonal step alerts); `profile` the
 * movement profile whose costs it walks by (default 'default'); `links` the result's `links`
 * (the positions where the path takes a link: those steps need not join neighbours).
 * @param {unknown} options
 * @returns {{ unitSize: number, diagonal: string, profile?: string, links?: ArrayLike<number> }}
 */
export function readWatchOptions(options) {
  if (options === undefined || options === null) return { unitSize: 1, diagonal: 'noCorners' };
  const { profile } = /** @type {{ profile?: unknown }} */ (options);
  if (typeof options !== 'object') {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  for (const key in options) {
    if (!WATCH_OPTIONS.includes(key)) throw unknownOption(key, WATCH_OPTIONS);
  }
  const {
    unitSize,
    diagonal = 'noCorners',
    links,
  } = /** @type {{ unitSize?: unknown, diagonal?: unknown, links?: unknown }} */ (options);
  if (typeof diagonal !== 'string' || !DIAGONALS.includes(diagonal)) {
    const error = typeof diagonal === 'string' ? RangeError : TypeError;
    throw new error(
      `diagonal must be one of ${DIAGONALS.map((d) => `'${d}'`).join(', ')}, got ${describe(diagonal)}`,
    );
  }
  if (
    links !== undefined &&
    !(
      (Array.isArray(links) || links instanceof Int32Array) &&
      [...links].every((k) => Number.isInteger(k) && k >= 0)
    )
  ) {
    throw new TypeError(
      `links must be the result's links (an Int32Array of path positions), got ${describe(links)}`,
    );
  }
  return {
    unitSize: checkUnitSize(unitSize),
    diagonal,
    ...(profile === undefined ? {} : { profile: checkProfileName(profile) }),
    ...(links === undefined ? {} : { links: /** @type {ArrayLike<number>} */ (links) }),
  };
}

/**
 * The direction a step moves, named as entry rules name it (core/rules.js): a square grid's
 * facing names; on staggered and hexagonal grids the compass point of the step on the half-tile
 * lattice (cpp/src/map/shapes.hpp).
 * @param {{ orientation: string, staggerAxis?: string, staggerIndex?: string } | undefined} shape
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
export function stepDirection(shape, x0, y0, x1, y1) {
  const orientation = shape?.orientation ?? 'orthogonal';
  if (orientation === 'orthogonal' || orientation === 'isometric') {
    const vertical = y1 > y0 ? 'down' : y1 < y0 ? 'up' : '';
    const across = x1 > x0 ? 'right' : x1 < x0 ? 'left' : '';
    if (!vertical) return across;
    return across ? vertical + across[0].toUpperCase() + across.slice(1) : vertical;
  }
  /** @param {number} s */
  const shifted = (s) => (Math.abs(s) % 2 === 1) === (shape?.staggerIndex !== 'even');
  const byX = shape?.staggerAxis === 'x';
  const dX = byX ? x1 - x0 : 2 * (x1 - x0) + (shifted(y1) ? 1 : 0) - (shifted(y0) ? 1 : 0);
  const dY = byX ? 2 * (y1 - y0) + (shifted(x1) ? 1 : 0) - (shifted(x0) ? 1 : 0) : y1 - y0;
  return (dY < 0 ? 'north' : dY > 0 ? 'south' : '') + (dX > 0 ? 'east' : dX < 0 ? 'west' : '');
}

/** @typedef {import('../index.js').PathAlert} PathAlert */
/** @typedef {import('../index.js').PathWatch} PathWatch */

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
 * @param {Set<number>} linkSteps positions where the path takes a link
 */
function checkSteps(path, width, farAxis, linkSteps) {
  for (let k = 1; k < path.length; k++) {
    if (linkSteps.has(k - 1)) continue; // a link's step: its ends need not be neighbours
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

/**
 * The side cells of each diagonal step of a path (the cells its corner rule reads), as
 * [point entered, side a, side b] triples; a side off the grid is -1 (it counts as blocked).
 * Square grids: the two corners of the box around the unit's two footprints that neither
 * covers. Staggered grids: the two tiles sharing an edge with both ends of a corner step.
 * Hexagonal grids have no diagonal steps.
 * @param {Int32Array} path cell indices, in path order
 * @param {number} size
 * @param {number} width
 * @param {number} height
 * @param {{ orientation: string, staggerAxis: string, staggerIndex: string } | undefined} shape
 * @param {Set<number>} [linkSteps] positions where the path takes a link (no side cells)
 */
function diagonalSides(path, size, width, height, shape, linkSteps = new Set()) {
  const orientation = shape?.orientation ?? 'orthogonal';
  /** @type {number[]} */
  const sides = [];
  if (orientation === 'hexagonal') return sides;
  /** @type {(x: number, y: number) => number} */
  const cell = (x, y) => (x >= 0 && y >= 0 && x < width && y < height ? y * width + x : -1);
  const byY = shape?.staggerAxis !== 'x';
  /** @type {(s: number) => boolean} */
  const shifted = (s) => (Math.abs(s) % 2 === 1) === (shape?.staggerIndex !== 'even');
  /**
   * A staggered tile's four edge-sharing tiles, as cell indices (-1 off the grid).
   * @type {(x: number, y: number) => number[]}
   */
  const edges = (x, y) => {
    if (byY) {
      const left = shifted(y) ? x : x - 1;
      return [cell(left, y - 1), cell(left + 1, y - 1), cell(left, y + 1), cell(left + 1, y + 1)];
    }
    const top = shifted(x) ? y : y - 1;
    return [cell(x - 1, top), cell(x - 1, top + 1), cell(x + 1, top), cell(x + 1, top + 1)];
  };
  for (let k = 1; k < path.length; k++) {
    if (linkSteps.has(k - 1)) continue;
    const [px, py] = [path[k - 1] % width, Math.floor(path[k - 1] / width)];
    const [x, y] = [path[k] % width, Math.floor(path[k] / width)];
    if (orientation === 'staggered') {
      const straight = byY ? Math.abs(y - py) === 1 : Math.abs(x - px) === 1;
      if (straight) continue;
      // Off the grid, both ends of a corner step have tiles there; -1 marks such a side.
      const around = edges(x, y);
      const shared = edges(px, py).filter((c) => c >= 0 && around.includes(c));
      while (shared.length < 2) shared.push(-1);
      sides.push(k, shared[0], shared[1]);
      continue;
    }
    if (x === px || y === py) continue;
    /** @type {(cx: number, cy: number, ux: number, uy: number) => boolean} */
    const inside = (cx, cy, ux, uy) => cx >= ux && cy >= uy && cx < ux + size && cy < uy + size;
    const found = [];
    for (const cx of [Math.min(x, px), Math.max(x, px) + size - 1])
      for (const cy of [Math.min(y, py), Math.max(y, py) + size - 1])
        if (!inside(cx, cy, x, y) && !inside(cx, cy, px, py)) found.push(cell(cx, cy));
    sides.push(k, found[0], found[1]);
  }
  return sides;
}

// A watch's cells: positions 0..pathCells-1 are the cells the unit covers (alerted when one is
// blocked or made dearer), then the side cells of its diagonal steps (alerted only when one is
// blocked and the corner rule then forbids the step).
class Watch {
  /**
   * @param {Int32Array} cells
   * @param {number} pathCells
   * @param {Int32Array | null} points the path point of each cell (null: cell k is point k)
   * @param {Int32Array} sidePoints for each side cell, the path point its step enters
   * @param {Int32Array} otherSide for each side cell, the position of the other side of its
   *   step, or -1 when that one is off the grid (or not read: noCorners)
   * @param {boolean} oneObstacle the step is forbidden only when both sides are blocked
   * @param {(alert: PathAlert) => void} onBlocked
   */
  constructor(cells, pathCells, points, sidePoints, otherSide, oneObstacle, onBlocked) {
    this.cells = cells;
    this.pathCells = pathCells;
    this.points = points;
    this.sidePoints = sidePoints;
    this.otherSide = otherSide;
    this.oneObstacle = oneObstacle;
    this.onBlocked = onBlocked;
    // Each cell's class now, kept by cellChanged: a cost edit reads them with no grid read.
    this.classes = new Uint8Array(cells.length);
    /** @type {Int32Array | null} the path's cells (one-tile units: entry rules and links) */
    this.steps = null;
    /** @type {Set<number>} the positions where the path takes a link */
    this.linkSteps = new Set();
    /** @type {Map<number, number>} */
    this.classCount = new Map(); // class -> how many of the watch's cells have it now
    this.active = true;
  }

  /**
   * Sort key of a hit position: along the path, a step's side cells before the cell it enters.
   * @param {number} position
   */
  order(position) {
    if (position >= this.pathCells) return this.sidePoints[position - this.pathCells] * 2;
    return (this.points ? this.points[position] : position) * 2 + 1;
  }
}

export class PathWatches {
  #width;
  #height;
  #classAt; // (cell index) -> class, now
  #costOf; // (class) -> cost of entering it now, Infinity when blocked
  #shape;
  #farAxis; // 'x' | 'y' on staggered maps (their two-cell steps), else null
  /** @type {Map<number, Array<Watch | number>>} */
  #byCell = new Map(); // cell index -> [watch, position in its cells, ...]
  /** @type {Map<number, Set<Watch>>} */
  #byClass = new Map(); // class -> Set of watches with at least one cell of it
  /** @type {Map<Watch, number[]>} */
  #alerts = new Map(); // watch -> positions hit by the edit in progress
  #count = 0;
  #entryOf;
  /** @type {Set<Watch>} */
  #linked = new Set(); // watches whose paths take links
  // Index entries of stopped watches are left in place and skipped, so that stopping (and an
  // edit that alerts thousands of paths) costs no scan of the cells' lists; the lists an edit
  // reads drop them as it goes, and watch() sweeps the rest out once they outnumber the live
  // ones twice over (amortised: each entry is swept once).
  #liveEntries = 0;
  #staleEntries = 0;

  /**
   * @param {number} width
   * @param {number} height
   * @param {(index: number) => number} classAt
   * @param {(cls: number) => number} costOf
   * @param {{ orientation: string, staggerAxis: 'x' | 'y', staggerIndex: 'odd' | 'even' }} [shape]
   * @param {(cls: number) => readonly string[] | null} [entryOf] the class's entry rule (null: any)
   */
  constructor(width, height, classAt, costOf, shape, entryOf = () => null) {
    this.#entryOf = entryOf;
    this.#width = width;
    this.#height = height;
    this.#classAt = classAt;
    this.#costOf = costOf;
    this.#shape = shape;
    this.#farAxis = shape?.orientation === 'staggered' ? shape.staggerAxis : null;
  }

  /** True while any path is watched: edits skip all bookkeeping otherwise. */
  get active() {
    return this.#count > 0;
  }

  /**
   * True when a watched path goes through cell `index` (or beside it, on a diagonal step).
   * @param {number} index
   */
  watches(index) {
    return this.#byCell.has(index);
  }

  /** Stops every watch (their movement profile was deleted): none is alerted. */
  stopAll() {
    for (const entry of this.#byCell.values())
      for (let i = 0; i < entry.length; i += 2) this.#stop(/** @type {Watch} */ (entry[i]));
    this.#byCell.clear();
    this.#staleEntries = 0;
  }

  /** The watched cell indices (to diff a whole new level against). */
  watchedCells() {
    return this.#byCell.keys();
  }

  /**
   * @param {unknown} path
   * @param {(alert: PathAlert) => void} onBlocked
   * @param {{ unitSize: number, diagonal: string, links?: ArrayLike<number> }} [options] as
   *   readWatchOptions returns them
   * @returns {PathWatch}
   */
  watch(path, onBlocked, options = { unitSize: 1, diagonal: 'noCorners' }) {
    if (typeof onBlocked !== 'function') {
      throw new TypeError(`onBlocked must be a function, got ${describe(onBlocked)}`);
    }
    const { unitSize, diagonal } = options;
    const w = this.#width;
    const h = this.#height;
    const steps = cellsOfPath(path, w, h);
    const linkSteps = new Set(Array.from(options.links ?? []));
    const footprint = footprintCells(steps, unitSize, w, h);
    checkSteps(steps, w, this.#farAxis, linkSteps);
    const sides =
      diagonal === 'always' ? [] : diagonalSides(steps, unitSize, w, h, this.#shape, linkSteps);
    const oneObstacle = diagonal === 'oneObstacle';
    const pathCells = footprint.cells.length;
    const cells = [...footprint.cells];
    const sidePoints = [];
    const otherSide = [];
    for (let k = 0; k < sides.length; k += 3) {
      const [a, b] = [sides[k + 1], sides[k + 2]];
      const first = cells.length;
      for (const [side, other] of [
        [a, b],
        [b, a],
      ]) {
        if (side < 0) continue;
        cells.push(side);
        sidePoints.push(sides[k]);
        // The other side's position: the next one pushed for a, the one before for b.
        otherSide.push(!oneObstacle || other < 0 ? -1 : side === a ? first + 1 : first);
      }
    }
    this.#sweepIfStale();
    const watch = new Watch(
      Int32Array.from(cells),
      pathCells,
      footprint.points,
      Int32Array.from(sidePoints),
      Int32Array.from(otherSide),
      oneObstacle,
      onBlocked,
    );
    // Entry rules and links judge the steps of a one-tile unit's path (rules refuse bigger ones).
    if (unitSize === 1) {
      watch.steps = steps;
      watch.linkSteps = linkSteps;
      if (linkSteps.size) this.#linked.add(watch);
    }
    watch.cells.forEach((index, position) => {
      const entry = this.#byCell.get(index);
      if (entry) entry.push(watch, position);
      else this.#byCell.set(index, [watch, position]);
      const cls = this.#classAt(index);
      watch.classes[position] = cls;
      this.#countClass(watch, cls, 1);
    });
    this.#count++;
    this.#liveEntries += watch.cells.length;
    return {
      stop: () => {
        this.#stop(watch);
        this.#sweepIfStale();
      },
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

  /**
   * Class `cls` is entered now only by steps in `names` (null: any): a path that enters a cell of
   * it by another step (not a link's) is alerted at that cell.
   * @param {number} cls
   * @param {readonly string[] | null} names
   */
  entryChanged(cls, names) {
    for (const watch of this.#byClass.get(cls) ?? []) {
      if (!watch.steps) continue;
      for (let k = 1; k < watch.steps.length; k++)
        if (watch.classes[k] === cls && this.#refused(watch, k, names)) this.#hit(watch, k);
    }
  }

  /**
   * A link was removed: a path whose link step no link takes any more (`linked(from, to)`: is
   * there one from cell index `from` to `to`) is alerted at the cell the step entered.
   * @param {(from: number, to: number) => boolean} linked
   */
  linksChanged(linked) {
    for (const watch of this.#linked) {
      const { steps } = watch;
      if (!watch.active || !steps) continue;
      for (const k of watch.linkSteps) {
        if (k + 1 < steps.length && !linked(steps[k], steps[k + 1])) this.#hit(watch, k + 1);
      }
    }
  }

  /** @param {Watch} watch */
  #stop(watch) {
    if (!watch.active) return;
    watch.active = false;
    this.#count--;
    this.#linked.delete(watch);
    for (const cls of watch.classCount.keys()) this.#byClass.get(cls)?.delete(watch);
    this.#alerts.delete(watch);
    this.#liveEntries -= watch.cells.length;
    this.#staleEntries += watch.cells.length;
  }

  #sweepIfStale() {
    if (this.#staleEntries > Math.max(4096, 2 * this.#liveEntries)) this.#sweep();
  }

  #sweep() {
    for (const [index, entry] of this.#byCell) {
      if (this.#compact(entry) === 0) this.#byCell.delete(index);
    }
    this.#staleEntries = 0;
  }

  /**
   * Drops the entries of stopped watches from a cell's list, in place; returns its new length.
   * @param {Array<Watch | number>} entry
   */
  #compact(entry) {
    let kept = 0;
    for (let i = 0; i < entry.length; i += 2) {
      if (!(/** @type {Watch} */ (entry[i]).active)) continue;
      entry[kept] = entry[i];
      entry[kept + 1] = entry[i + 1];
      kept += 2;
    }
    const dropped = (entry.length - kept) / 2;
    this.#staleEntries = Math.max(0, this.#staleEntries - dropped);
    entry.length = kept;
    return kept;
  }

  /**
   * @param {Watch} watch
   * @param {number} position
   */
  #hit(watch, position) {
    this.#hitsOf(watch).push(position);
  }

  /**
   * The positions of `watch` the edit in progress hit so far.
   * @param {Watch} watch
   */
  #hitsOf(watch) {
    let positions = this.#alerts.get(watch);
    if (!positions) this.#alerts.set(watch, (positions = []));
    return positions;
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
    if (this.#compact(entry) === 0) {
      this.#byCell.delete(index);
      return;
    }
    for (let i = 0; i < entry.length; i += 2) {
      const watch = /** @type {Watch} */ (entry[i]);
      watch.classes[/** @type {number} */ (entry[i + 1])] = after;
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

  /**
   * Whether a cell of `watch` at `position` that now costs more (`blocked`: it is now a wall)
   * makes the path worse: any of the unit's own cells, a side cell when the corner rule now
   * forbids its step.
   * @param {Watch} watch
   * @param {number} position
   * @param {boolean} blocked
   */
  #hurts(watch, position, blocked) {
    if (position < watch.pathCells) return true;
    if (!blocked) return false;
    if (!watch.oneObstacle) return true;
    const other = watch.otherSide[position - watch.pathCells];
    return other < 0 || this.#costOf(watch.classes[other]) === Infinity;
  }

  /**
   * Whether the step into position k of a watch's path is refused by the entry rule of `cls`.
   * @param {Watch} watch
   * @param {number} k
   * @param {readonly string[] | null} names
   */
  #refused(watch, k, names) {
    const { steps, linkSteps } = watch;
    if (names === null || !steps || k === 0 || k >= steps.length || linkSteps.has(k - 1))
      return false;
    const w = this.#width;
    const [from, to] = [steps[k - 1], steps[k]];
    const direction = stepDirection(
      this.#shape,
      from % w,
      Math.floor(from / w),
      to % w,
      Math.floor(to / w),
    );
    return !names.includes(direction);
  }

  #judge() {
    for (const [index] of this.#cellsBefore) {
      // A cell now of a one-way class the path enters from a side it forbids.
      const names = this.#entryOf(this.#classAt(index));
      if (names === null) continue;
      const entry = this.#byCell.get(index) ?? [];
      for (let i = 0; i < entry.length; i += 2) {
        const watch = /** @type {Watch} */ (entry[i]);
        const position = /** @type {number} */ (entry[i + 1]);
        if (watch.active && this.#refused(watch, position, names)) this.#hit(watch, position);
      }
    }
    for (const [index, before] of this.#cellsBefore) {
      const now = this.#costOf(this.#classAt(index));
      if (!(now > this.#costOf(before))) continue;
      const entry = this.#byCell.get(index) ?? [];
      for (let i = 0; i < entry.length; i += 2) {
        const watch = /** @type {Watch} */ (entry[i]);
        const position = /** @type {number} */ (entry[i + 1]);
        if (watch.active && this.#hurts(watch, position, now === Infinity))
          this.#hit(watch, position);
      }
    }
    for (const [cls, before] of this.#costsBefore) {
      const now = this.#costOf(cls);
      if (!(now > before)) continue;
      const blocked = now === Infinity;
      for (const watch of this.#byClass.get(cls) ?? []) {
        const { classes, pathCells } = watch;
        let hits = null;
        for (let position = 0; position < classes.length; position++) {
          if (classes[position] !== cls) continue;
          if (position >= pathCells && !this.#hurts(watch, position, blocked)) continue;
          (hits ??= this.#hitsOf(watch)).push(position);
        }
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
      const cells = alertCells(watch, positions, this.#width);
      this.#stop(watch);
      // One failing callback must not keep the other units from hearing of the wall.
      try {
        watch.onBlocked({ index: watch.order(positions[0]) >> 1, x: cells[0], y: cells[1], cells });
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length) throw errors[0];
  }
}

// More than a watch's positions (a path's cells and side cells are far fewer than 2^24, and
// 2^24 times its orders stays an exact double).
const MAX_POSITIONS = 2 ** 24;

/**
 * The hit positions of `watch` in path order, each once (sorted in place), and their cells as
 * x, y pairs.
 * @param {Watch} watch
 * @param {number[]} positions
 * @param {number} width
 */
function alertCells(watch, positions, width) {
  // Sorted by one number per hit (its place along the path, then its position), with no
  // comparator: a cost edit hits every cell of its class, side cells after the path's.
  const keys = new Float64Array(positions.length);
  for (let k = 0; k < positions.length; k++)
    keys[k] = watch.order(positions[k]) * MAX_POSITIONS + positions[k];
  let sorted = true;
  for (let k = 1; k < keys.length && sorted; k++) sorted = keys[k - 1] < keys[k];
  if (!sorted) keys.sort();
  let count = 0;
  for (let k = 0; k < keys.length; k++) {
    if (k && keys[k] === keys[k - 1]) continue; // a cell hit by a cell edit and a cost edit
    positions[count++] = keys[k] % MAX_POSITIONS;
  }
  positions.length = count;
  const cells = new Int32Array(count * 2);
  for (let k = 0; k < count; k++) {
    const index = watch.cells[positions[k]];
    cells[2 * k] = index % width;
    cells[2 * k + 1] = Math.floor(index / width);
  }
  return cells;
}

/**
 * The watched paths of a grid under each movement profile: a PathWatches per profile in use,
 * each judging edits by its own costs. Cell edits reach all of them; a cost edit only the
 * profile's. Shared by Grid, PathWorker and PathWorkerPool, as PathWatches is.
 */
export class ProfileWatches {
  /** @type {(profile: string) => PathWatches} */
  #make;
  /** @type {Map<string, PathWatches>} */
  #byProfile = new Map();

  /**
   * As PathWatches' arguments, but `costOf(cls, profile)` reads a profile's cost.
   * @param {number} width
   * @param {number} height
   * @param {(index: number) => number} classAt
   * @param {(cls: number, profile: string) => number} costOf Infinity when blocked
   * @param {{ orientation: string, staggerAxis: 'x' | 'y', staggerIndex: 'odd' | 'even' }} [shape]
   * @param {(cls: number) => readonly string[] | null} [entryOf] the class's entry rule (the
   *   map's: the same for every profile)
   */
  constructor(width, height, classAt, costOf, shape, entryOf = undefined) {
    this.#make = (profile) =>
      new PathWatches(width, height, classAt, (cls) => costOf(cls, profile), shape, entryOf);
  }

  /** True while any path is watched. */
  get active() {
    for (const watches of this.#byProfile.values()) if (watches.active) return true;
    return false;
  }

  /**
   * As PathWatches.watch, under `options.profile` (default 'default'), read by readWatchOptions.
   * @param {unknown} path
   * @param {(alert: PathAlert) => void} onBlocked
   * @param {{ unitSize: number, diagonal: string, profile?: string }} options
   * @returns {PathWatch}
   */
  watch(path, onBlocked, options) {
    const profile = options.profile ?? 'default';
    let watches = this.#byProfile.get(profile);
    if (!watches) this.#byProfile.set(profile, (watches = this.#make(profile)));
    return watches.watch(path, onBlocked, options);
  }

  /** Whether any profile watches cell `index`. @param {number} index */
  watches(index) {
    for (const watches of this.#byProfile.values()) if (watches.watches(index)) return true;
    return false;
  }

  /** Every watched cell index, once. */
  watchedCells() {
    const cells = new Set();
    for (const watches of this.#byProfile.values())
      for (const index of watches.watchedCells()) cells.add(index);
    return cells.values();
  }

  /**
   * @param {number} index
   * @param {number} before
   * @param {number} after
   */
  cellChanged(index, before, after) {
    for (const watches of this.#byProfile.values()) watches.cellChanged(index, before, after);
  }

  /**
   * Class `cls` of `profile` costs `after` instead of `before` (Infinity: blocked).
   * @param {string} profile
   * @param {number} cls
   * @param {number} before
   * @param {number} after
   */
  costChanged(profile, cls, before, after) {
    this.#byProfile.get(profile)?.costChanged(cls, before, after);
  }

  /**
   * Entry rules and links are the map's: every profile's paths hear of them.
   * @param {number} cls
   * @param {readonly string[] | null} names
   */
  entryChanged(cls, names) {
    for (const watches of this.#byProfile.values()) watches.entryChanged(cls, names);
  }

  /** @param {(from: number, to: number) => boolean} linked */
  linksChanged(linked) {
    for (const watches of this.#byProfile.values()) watches.linksChanged(linked);
  }

  /** Whether `profile` has a watched path: a caller then reads its costs before an edit. */
  watching(/** @type {string} */ profile) {
    return this.#byProfile.get(profile)?.active ?? false;
  }

  /** The profile was deleted: its paths stop being watched, with no alert. */
  dropProfile(/** @type {string} */ profile) {
    this.#byProfile.get(profile)?.stopAll();
    this.#byProfile.delete(profile);
  }

  /** Alerts the paths the edits since the last dispatch made worse. */
  dispatch() {
    for (const watches of this.#byProfile.values()) watches.dispatch();
  }
}
