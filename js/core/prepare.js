// What queries would build on first use, built ahead in slices: hpa's hierarchy as a task the
// game steps itself (grid.prepareHierarchy), or hpa, unit sizes' positions and reachability
// labels as a promise that slices itself between frames (grid.prepare, onProgress, signal).
import { REFUSED } from '../../dist/contract.mjs';
import {
  checkInteger,
  describe,
  OPTION,
  OPTION_SLOT,
  readReachOptions,
  refuseMisspelt,
} from './checks.js';

/** Units of work in a step when none is given: a cell expanded by a cluster's Dijkstras, a
 * border cell scanned, a landmark step. tests/bench/js/hpa-build.mjs: 32768 units took 17 ms at
 * the median in wasm on a busy 2-core machine, so 4096 is about 2 ms. */
export const DEFAULT_BUDGET = 1 << 12;

/** @typedef {import('../../dist/tilepath.mjs').NativeGrid} NativeGrid */

export class HierarchyBuild {
  /** @type {() => NativeGrid} */
  #native;
  #diagonal;
  #progress = 0;
  /** @type {'building' | 'done' | 'cancelled'} */
  #state = 'building';

  /**
   * @param {() => NativeGrid} native the grid's module object (throws once it is disposed)
   * @param {number} diagonal the rule's code
   */
  constructor(native, diagonal) {
    this.#native = native;
    this.#diagonal = diagonal;
  }

  /** The fraction built, from 0 up to 1; it never goes back. */
  get progress() {
    return this.#progress;
  }

  get done() {
    return this.#state === 'done';
  }

  get cancelled() {
    return this.#state === 'cancelled';
  }

  /**
   * About `budget` units of work; returns the progress. Edits between steps are taken in.
   * @param {number} [budget]
   */
  step(budget = DEFAULT_BUDGET) {
    if (typeof budget !== 'number' || !(budget >= 1) || budget === Infinity) {
      throw new RangeError(
        `budget must be a number of work units, 1 or more, got ${describe(budget)}`,
      );
    }
    if (this.#state === 'cancelled') {
      throw new TypeError(
        'this hierarchy build was cancelled: start another with prepareHierarchy()',
      );
    }
    if (this.#state === 'done') return 1;
    const native = this.#native();
    const fraction = native.buildHierarchy(this.#diagonal, Math.floor(budget));
    if (fraction === REFUSED) throw new RangeError(native.lastError());
    this.#progress = Math.max(this.#progress, fraction);
    if (fraction >= 1) this.#state = 'done';
    return this.#progress;
  }

  /** Stops it and frees the rule's hierarchy as it is (half built, or half brought up to date
   * after edits); a query with `hpa` then builds it whole. Once done, a no-op. */
  cancel() {
    if (this.#state !== 'building') return;
    this.#state = 'cancelled';
    try {
      this.#native().releaseHierarchy(this.#diagonal);
    } catch {
      // a disposed grid has freed it already
    }
  }
}

/** @typedef {{ hpa: number | null, labels: number | null, unitSizes: number[] }} PrepareTargets */

/**
 * A `{ diagonal }` or true, as prepare's `hpa` and `labels` take it: the rule's code.
 * @param {string} name
 * @param {unknown} value
 */
function readRule(name, value) {
  if (value === true) return readReachOptions(undefined).codes.record[OPTION_SLOT.diagonal];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be true or { diagonal }, got ${describe(value)}`);
  }
  refuseMisspelt(value, ['diagonal'], name);
  for (const key of Object.keys(value)) {
    if (key !== 'diagonal') throw new TypeError(`${name}: unknown option '${key}'`);
  }
  return readReachOptions(value).codes.record[OPTION_SLOT.diagonal];
}

/**
 * `prepare(what)`'s `what`: `hpa` (true or `{ diagonal }`), `unitSizes` (an array of unit sizes
 * whose positions to build), `labels` (true or `{ diagonal }`: the reachability labels, of the
 * cells and of each unit size listed).
 * @param {unknown} what
 * @returns {PrepareTargets}
 */
export function readPrepareTargets(what) {
  if (typeof what !== 'object' || what === null || Array.isArray(what)) {
    throw new TypeError(
      `prepare's first argument must be an object such as { hpa: true }, got ${describe(what)}`,
    );
  }
  const known = ['hpa', 'unitSizes', 'labels'];
  refuseMisspelt(what, [...known, 'profiles'], "prepare's first argument");
  for (const key of Object.keys(what)) {
    if (!known.includes(key)) {
      throw new TypeError(
        `prepare's first argument: '${key}' cannot be prepared yet (hpa, unitSizes and labels can)`,
      );
    }
  }
  const { hpa, unitSizes, labels } = /** @type {Record<string, unknown>} */ (what);
  /** @type {PrepareTargets} */
  const targets = { hpa: null, labels: null, unitSizes: [] };
  if (hpa !== undefined && hpa !== false) targets.hpa = readRule('hpa', hpa);
  if (labels !== undefined && labels !== false) targets.labels = readRule('labels', labels);
  if (unitSizes !== undefined) {
    if (!Array.isArray(unitSizes)) {
      throw new TypeError(`unitSizes must be an array of unit sizes, got ${describe(unitSizes)}`);
    }
    for (const n of unitSizes) {
      checkInteger('unitSizes entry', n, 1, OPTION.unitSize.max);
      if (!targets.unitSizes.includes(n)) targets.unitSizes.push(n);
    }
  }
  if (targets.hpa === null && targets.labels === null && targets.unitSizes.length === 0) {
    throw new TypeError(
      'prepare({ hpa, unitSizes, labels }): got nothing to prepare (say which, e.g. { hpa: true })',
    );
  }
  return targets;
}

/** Cells a slice of a labelling covers: a few ms in wasm. */
const LABEL_CELLS = 1 << 16;

/**
 * One part of a prepare: `step()` does a slice and returns the part's progress (1 when done).
 * @typedef {{ what: string, weight: number, step: () => number, cancel?: () => void }} PreparePart
 */

/**
 * The parts of a prepare, in the order they are built (positions before their labels), each
 * weighted by about its share of the time.
 * @param {() => NativeGrid} native
 * @param {PrepareTargets} targets
 * @returns {PreparePart[]}
 */
export function prepareParts(native, targets) {
  /** @type {PreparePart[]} */
  const parts = [];
  for (const n of targets.unitSizes) {
    if (n === 1) continue;
    parts.push({
      what: `unitSize ${n}`,
      weight: 1,
      step() {
        const grid = native();
        if (grid.prepareUnitSize(n) === REFUSED) throw new RangeError(grid.lastQueryError());
        return 1;
      },
    });
  }
  const rule = targets.labels;
  if (rule !== null) {
    for (const n of [1, ...targets.unitSizes.filter((size) => size !== 1)]) {
      parts.push({
        what: n === 1 ? 'labels' : `labels of unitSize ${n}`,
        weight: 2,
        step() {
          const grid = native();
          const done = grid.prepareLabels(rule, n, LABEL_CELLS);
          if (done === REFUSED) throw new RangeError(grid.lastQueryError());
          return done;
        },
      });
    }
  }
  if (targets.hpa !== null) {
    const build = new HierarchyBuild(native, targets.hpa);
    parts.push({
      what: 'hpa',
      weight: 40,
      step() {
        build.step();
        return build.done ? 1 : build.progress;
      },
      cancel: () => build.cancel(),
    });
  }
  return parts;
}

/**
 * @param {unknown} options
 * @returns {{ onProgress?: (fraction: number, what: string) => void, signal?: AbortSignal, sliceMs: number }}
 */
export function readPrepareOptions(options = {}) {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`prepare's options must be an object, got ${describe(options)}`);
  }
  const known = ['onProgress', 'signal', 'sliceMs'];
  refuseMisspelt(options, known, "prepare's options");
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`prepare's options: unknown option '${key}'`);
  }
  const { onProgress, signal, sliceMs = 4 } = /** @type {Record<string, any>} */ (options);
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new TypeError(`onProgress must be a function, got ${describe(onProgress)}`);
  }
  if (
    signal !== undefined &&
    (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')
  ) {
    throw new TypeError(`signal must be an AbortSignal, got ${describe(signal)}`);
  }
  if (typeof sliceMs !== 'number' || !(sliceMs > 0) || sliceMs === Infinity) {
    throw new RangeError(
      `sliceMs must be a positive number of milliseconds, got ${describe(sliceMs)}`,
    );
  }
  return { onProgress, signal, sliceMs };
}

/**
 * A prepare in steps (Grid.startPrepare): the parts built one after the other, a slice at a
 * time; what grid.prepare runs between frames, and a PathWorker's worker between messages.
 */
export class PrepareTask {
  #parts;
  #total;
  #at = 0; // the part under way
  #before = 0; // the weight of the parts done
  #progress = 0;
  #started = performance.now();
  /** @type {{ what: string, ms: number }[]} */
  #times = [];
  #partMs = 0;
  /** @type {'building' | 'done' | 'cancelled'} */
  #state = 'building';

  /** @param {PreparePart[]} parts */
  constructor(parts) {
    this.#parts = parts;
    this.#total = parts.reduce((sum, part) => sum + part.weight, 0);
  }

  /** The fraction done, weighted by each part's share of the time; it never goes back. */
  get progress() {
    return this.#progress;
  }

  /** The part under way (the last one once done): 'hpa', 'labels', 'unitSize 2' ... */
  get what() {
    return this.#parts[Math.min(this.#at, this.#parts.length - 1)].what;
  }

  get done() {
    return this.#state === 'done';
  }

  get cancelled() {
    return this.#state === 'cancelled';
  }

  /**
   * Works for about `ms` milliseconds (at least one step of the part under way); returns
   * `progress`. Edits between calls are taken in.
   * @param {number} [ms]
   */
  step(ms = 4) {
    if (typeof ms !== 'number' || !(ms > 0) || ms === Infinity) {
      throw new RangeError(`ms must be a positive number of milliseconds, got ${describe(ms)}`);
    }
    if (this.#state === 'cancelled') {
      throw new TypeError('this prepare was cancelled: start another with startPrepare()');
    }
    if (this.#state === 'done') return 1;
    const part = this.#parts[this.#at];
    const t0 = performance.now();
    let done = 0;
    do done = part.step();
    while (done < 1 && performance.now() - t0 < ms);
    this.#partMs += performance.now() - t0;
    this.#progress = Math.max(
      this.#progress,
      Math.min((this.#before + done * part.weight) / this.#total, 1),
    );
    if (done >= 1) {
      this.#times.push({ what: part.what, ms: this.#partMs });
      this.#partMs = 0;
      this.#before += part.weight;
      if (++this.#at === this.#parts.length) {
        this.#state = 'done';
        this.#progress = 1;
      }
    }
    return this.#progress;
  }

  /** What was built and how long it took: `built` (the parts' names), `ms` since the task
   * began, and `parts` ({ what, ms } each: the time spent in its steps). */
  report() {
    return {
      built: this.#parts.map((part) => part.what),
      ms: performance.now() - this.#started,
      parts: this.#times.slice(),
    };
  }

  /** Stops it: a half-built hierarchy is freed, half-built labels are finished by the next
   * query that needs them; what is done stays. Once done, a no-op. */
  cancel() {
    if (this.#state !== 'building') return;
    this.#state = 'cancelled';
    for (const part of this.#parts) part.cancel?.();
  }
}

/**
 * Runs a task in slices of about sliceMs, yielding to the event loop between them (a frame
 * goes on), calling onProgress(fraction, what) after each slice (1 at the end); rejects with the
 * signal's reason once aborted (the task cancelled).
 * @param {PrepareTask} task
 * @param {ReturnType<typeof readPrepareOptions>} options
 */
export async function runPrepare(task, { onProgress, signal, sliceMs }) {
  for (;;) {
    if (signal?.aborted) {
      task.cancel();
      throw signal.reason;
    }
    const what = task.what;
    task.step(sliceMs);
    onProgress?.(task.progress, what);
    if (task.done) return task.report();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
