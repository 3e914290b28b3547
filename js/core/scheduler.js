// PathScheduler: findPath spread over frames on the calling thread. Each update() (once a
// frame) steps the searches in progress in turn, a slice each, until the frame's budget (cells
// expanded, or milliseconds) is spent; a search that is not finished goes on next frame where
// it stopped (Grid.startSearch). Round-robin slices keep it fair: a long search cannot hold
// up a short one for more than a slice per turn.
import {
  checkCoordinates,
  checkInteger,
  checkKnownProfile,
  describe,
  OPTION,
  readOptions,
} from './checks.js';

/** @typedef {import('../index.js').PathResult} PathResult */
/** @typedef {import('../index.js').SearchOptions} SearchOptions */
/** @typedef {import('../index.js').SearchTask} SearchTask */

/**
 * A request waiting for (or holding) a task. `done` is called synchronously with the answer
 * and the milliseconds spent stepping it; `fail` with an error.
 * @typedef {{
 *   args: [number, number, number, number, SearchOptions | null],
 *   task: SearchTask | null,
 *   ms: number,
 *   done: (result: PathResult, ms: number) => void,
 *   fail: (error: unknown) => void,
 *   detach: () => void,
 * }} Entry
 */

/** Internal: schedules with a synchronous completion callback (InThreadPathWorker). */
export const SCHEDULE = Symbol('PathScheduler.schedule');

const MAX_STEP = OPTION.maxExpansions.max;
// A millisecond budget also ends a frame after this many cells a millisecond: several times
// what the wasm search expands on a fast desktop (tests/bench/js/scheduler-bench.mjs), so it only
// bites when the clock does not move (a constant or coarse `now`).
export const MAX_EXPANSIONS_PER_MS = 50_000;

/**
 * A frame's budget from `expansionsPerFrame` or `msPerFrame` (not both; `defaultMs` when neither
 * is given), checked.
 * @param {{ expansionsPerFrame?: unknown, msPerFrame?: unknown }} options
 * @param {number} defaultMs
 * @returns {{ expansionsPerFrame?: number, msPerFrame?: number }}
 */
export function readFrameBudget({ expansionsPerFrame, msPerFrame }, defaultMs) {
  if (expansionsPerFrame !== undefined && msPerFrame !== undefined) {
    throw new RangeError('give expansionsPerFrame or msPerFrame, not both');
  }
  if (expansionsPerFrame !== undefined) {
    return {
      expansionsPerFrame: checkInteger('expansionsPerFrame', expansionsPerFrame, 1, MAX_STEP),
    };
  }
  const ms = msPerFrame ?? defaultMs;
  if (typeof ms !== 'number')
    throw new TypeError(`msPerFrame must be a number, got ${describe(ms)}`);
  if (!(ms > 0) || !Number.isFinite(ms)) {
    throw new RangeError(`msPerFrame must be a finite number > 0, got ${describe(ms)}`);
  }
  return { msPerFrame: ms };
}

export class PathScheduler {
  #grid;
  /** @type {number} cells a frame (0 when the budget is in milliseconds) */
  #perFrame = 0;
  /** @type {number} milliseconds a frame (0 when the budget is in cells) */
  #msPerFrame = 0;
  #slice;
  #maxActive;
  /** @type {() => number} */
  #now;
  /** @type {Entry[]} */
  #queue = [];
  /** @type {Entry[]} */
  #active = [];
  #turn = 0;
  #lastFrame = { expansions: 0, ms: 0, queued: 0, active: 0, finished: 0 };
  /** @type {{ stop: () => void } | null} */
  #loop = null;
  #disposed = false;

  /**
   * @param {import('../index.js').Grid} grid
   * @param {import('../index.js').PathSchedulerOptions} [options]
   */
  constructor(grid, options = {}) {
    if (grid === null || typeof grid !== 'object' || typeof grid.startSearch !== 'function') {
      throw new TypeError(`PathScheduler needs a Grid from createGrid(), got ${describe(grid)}`);
    }
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`PathScheduler options must be an object, got ${describe(options)}`);
    }
    const known = ['expansionsPerFrame', 'msPerFrame', 'sliceExpansions', 'maxActive', 'now'];
    for (const key of Object.keys(options)) {
      if (!known.includes(key) && key !== 'autoUpdate') {
        throw new TypeError(
          `unknown PathScheduler option '${key}' (known: ${known.join(', ')}, autoUpdate)`,
        );
      }
    }
    const { sliceExpansions = 256, maxActive = 8 } = options;
    const budget = readFrameBudget(options, 2);
    this.#perFrame = budget.expansionsPerFrame ?? 0;
    this.#msPerFrame = budget.msPerFrame ?? 0;
    this.#slice = checkInteger('sliceExpansions', sliceExpansions, 1, MAX_STEP);
    this.#maxActive = checkInteger('maxActive', maxActive, 1, 1 << 16);
    const now = options.now ?? (() => performance.now());
    if (typeof now !== 'function')
      throw new TypeError(`now must be a function, got ${describe(now)}`);
    this.#now = now;
    this.#clock(); // a clock that cannot measure the budget is refused now, not mid-game
    this.#grid = grid;
    if (options.autoUpdate !== undefined && typeof options.autoUpdate !== 'boolean') {
      throw new TypeError(`autoUpdate must be true or false, got ${describe(options.autoUpdate)}`);
    }
    if (options.autoUpdate) this.start();
  }

  /** Requests waiting for their turn plus those in progress. */
  get pending() {
    return this.#queue.length + this.#active.length;
  }
  /** Requests waiting for a turn: not yet started (pending counts those in progress too). */
  get queued() {
    return this.#queue.length;
  }
  /** What the last update() did: cells expanded, milliseconds, requests still queued or in
   * progress after it, and requests it finished. */
  get lastFrame() {
    return { ...this.#lastFrame };
  }
  get disposed() {
    return this.#disposed;
  }

  /**
   * findPath, answered over the next frames: resolves with what grid.findPath would return on
   * the grid as it is when the search ends. Bad arguments throw at once, as findPath's do.
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {SearchOptions & { signal?: AbortSignal }} [options]
   * @returns {Promise<PathResult>}
   */
  findPath(sx, sy, gx, gy, options) {
    /** @type {(result: PathResult) => void} */
    let done = () => {};
    /** @type {(error: unknown) => void} */
    let fail = () => {};
    const answer = new Promise((resolve, reject) => {
      done = resolve;
      fail = reject;
    });
    this[SCHEDULE](sx, sy, gx, gy, options, done, fail);
    return answer;
  }

  /**
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {unknown} options
   * @param {(result: PathResult, ms: number) => void} done called synchronously when it ends
   * @param {(error: unknown) => void} fail
   */
  [SCHEDULE](sx, sy, gx, gy, options, done, fail) {
    if (this.#disposed) throw new TypeError('PathScheduler was disposed');
    const { options: snapshot, signal } = readOptions(options);
    if (this.#grid.disposed) throw new TypeError('the grid of this PathScheduler was disposed');
    checkCoordinates(this.#grid.width, this.#grid.height, sx, sy, 'startX', 'startY');
    checkCoordinates(this.#grid.width, this.#grid.height, gx, gy, 'goalX', 'goalY');
    checkKnownProfile(snapshot?.profile, this.#grid.profiles()); // an unknown name throws now
    // An AbortSignal's reason (core/checks.js checks only what every signal-like object has).
    const reason = () => /** @type {{ reason?: unknown }} */ (signal).reason;
    if (signal?.aborted) return fail(reason());
    /** @type {Entry} */
    const entry = { args: [sx, sy, gx, gy, snapshot], task: null, ms: 0, done, fail, detach() {} };
    if (signal) {
      const onAbort = () => {
        this.#drop(entry);
        fail(reason());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.detach = () => signal.removeEventListener('abort', onAbort);
    }
    this.#queue.push(entry);
    this.#wake();
  }

  /**
   * One frame's work: steps the searches in turn until the budget is spent or none is left.
   * Returns the frame's stats (also in lastFrame).
   */
  update() {
    if (this.#disposed) throw new TypeError('PathScheduler was disposed');
    const started = this.#clock();
    // Cells a frame: the budget itself, or the bound behind a millisecond budget.
    const cap = this.#perFrame || Math.ceil(this.#msPerFrame * MAX_EXPANSIONS_PER_MS);
    let expansions = 0;
    let finished = 0;
    for (;;) {
      const left = cap - expansions;
      if (left <= 0) break;
      if (this.#msPerFrame > 0 && this.#clock() - started >= this.#msPerFrame) break;
      // One search started at a time, inside the budget (starting one may cost time: the
      // core may check the goal can be reached); one answered as it started ends here.
      if (this.#active.length < this.#maxActive && this.#queue.length > 0) {
        const entry = this.#startNext();
        expansions++; // a start counts as a cell, so that a frame of starts ends too
        if (entry?.task?.done) {
          this.#drop(entry);
          finished++;
          entry.done(/** @type {PathResult} */ (entry.task.result), 0);
        }
        continue;
      }
      if (this.#active.length === 0) break;
      let slice = Math.min(this.#slice, left);
      if (this.#perFrame > 0) {
        // An equal share of what is left for each search in progress, at least one cell.
        slice = Math.min(slice, Math.max(1, Math.ceil(left / this.#active.length)));
      }
      if (this.#turn >= this.#active.length) this.#turn = 0;
      const entry = this.#active[this.#turn];
      const task = /** @type {SearchTask} */ (entry.task);
      const before = task.expansions;
      const t0 = this.#clock();
      let ended = false;
      try {
        ended = task.step(slice);
      } catch (error) {
        this.#drop(entry);
        entry.fail(error);
        continue;
      }
      entry.ms += this.#clock() - t0;
      // A step that is not the last expands cells; count at least one so a frame always ends.
      expansions += Math.max(task.expansions - before, ended ? 0 : 1);
      if (ended) {
        this.#drop(entry);
        finished++;
        entry.done(/** @type {PathResult} */ (task.result), entry.ms);
      } else {
        this.#turn++;
      }
    }
    // A frame with budget left builds a slice of the reachability labels tasks asked for.
    const cells = this.#perFrame > 0 ? this.#perFrame - expansions : this.#slice;
    const timeLeft = this.#perFrame > 0 || this.#clock() - started < this.#msPerFrame;
    if (cells > 0 && timeLeft && !this.#grid.disposed)
      this.#grid.prepareReach?.(8 * Math.min(cells, this.#slice));
    this.#lastFrame = {
      expansions,
      ms: this.#clock() - started,
      queued: this.#queue.length,
      active: this.#active.length,
      finished,
    };
    return this.lastFrame;
  }

  // The clock, refused when it does not give a finite number of milliseconds.
  #clock() {
    const t = this.#now();
    if (typeof t !== 'number' || !Number.isFinite(t)) {
      throw new RangeError(
        `now() must return a finite number of milliseconds (as performance.now() does), got ${describe(t)}`,
      );
    }
    return t;
  }

  /** Runs every queued search to its end now (e.g. before an edit that must not reach them). */
  flush() {
    while (this.pending > 0) {
      this.#fill();
      const entry = this.#active[0];
      const task = /** @type {SearchTask} */ (entry.task);
      const t0 = this.#clock();
      try {
        task.step(0);
      } catch (error) {
        this.#drop(entry);
        entry.fail(error);
        continue;
      }
      entry.ms += this.#clock() - t0;
      this.#drop(entry);
      entry.done(/** @type {PathResult} */ (task.result), entry.ms);
    }
  }

  /** Calls update() every animation frame (requestAnimationFrame, else a 16 ms timer) while
   * requests are pending; idle, it schedules nothing. */
  start() {
    if (this.#disposed) throw new TypeError('PathScheduler was disposed');
    this.#auto = true;
    this.#wake();
  }
  stop() {
    this.#auto = false;
    this.#loop?.stop();
    this.#loop = null;
  }

  #auto = false;
  // Schedules the next frame when driving itself and requests are pending.
  #wake() {
    if (!this.#auto || this.#loop || this.pending === 0) return;
    const raf = globalThis.requestAnimationFrame;
    const frame = () => {
      this.#loop = null;
      if (this.#disposed) return;
      this.update();
      this.#wake();
    };
    if (typeof raf === 'function') {
      const handle = raf(frame);
      this.#loop = { stop: () => globalThis.cancelAnimationFrame?.(handle) };
    } else {
      const handle = setTimeout(frame, 16);
      this.#loop = { stop: () => clearTimeout(handle) };
    }
  }

  /** Stops, cancels every search and rejects what is pending (an AbortError). */
  dispose() {
    if (this.#disposed) return;
    this.stop();
    this.#disposed = true;
    for (const entry of [...this.#active, ...this.#queue]) {
      this.#drop(entry);
      const error = new Error('PathScheduler was disposed before this path was found');
      error.name = 'AbortError';
      entry.fail(error);
    }
  }

  // Starts searches from the queue while fewer than maxActive are in progress.
  #fill() {
    while (this.#active.length < this.#maxActive && this.#queue.length > 0) this.#startNext();
  }

  // Starts the next queued search: its entry, in the round, or null when it failed to start.
  #startNext() {
    const entry = /** @type {Entry} */ (this.#queue.shift());
    const [sx, sy, gx, gy, options] = entry.args;
    try {
      entry.task = this.#grid.startSearch(sx, sy, gx, gy, options ?? undefined);
    } catch (error) {
      entry.detach();
      entry.fail(error);
      return null;
    }
    this.#active.push(entry);
    return entry;
  }

  // Takes an entry out of the queue or the round, freeing its task.
  /** @param {Entry} entry */
  #drop(entry) {
    entry.detach();
    const k = this.#active.indexOf(entry);
    if (k >= 0) {
      this.#active.splice(k, 1);
      if (k < this.#turn) this.#turn--;
    } else {
      const q = this.#queue.indexOf(entry);
      if (q >= 0) this.#queue.splice(q, 1);
    }
    entry.task?.cancel();
  }
}
