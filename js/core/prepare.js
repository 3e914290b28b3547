// What queries would build on first use, built ahead in slices: hpa's hierarchy as a task the
// game steps itself (grid.prepareHierarchy), or hpa, unit sizes' positions and reachability
// labels as a promise that slices itself between frames (grid.prepare, onProgress, signal).
import { NUMBER_OPTIONS, REFUSED } from '../../dist/contract.mjs';
import { checkInteger, describe, readReachOptions, refuseMisspelt } from './checks.js';

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
  if (value === true) return readReachOptions(undefined).codes.diagonal;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be true or { diagonal }, got ${describe(value)}`);
  }
  refuseMisspelt(value, ['diagonal'], name);
  for (const key of Object.keys(value)) {
    if (key !== 'diagonal') throw new TypeError(`${name}: unknown option '${key}'`);
  }
  return readReachOptions(value).codes.diagonal;
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
      checkInteger('unitSizes entry', n, 1, NUMBER_OPTIONS.unitSize.max);
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
 * Runs the parts in slices of about sliceMs, yielding to the event loop between them (a frame
 * goes on), calling onProgress(fraction, what) after each slice with the fraction of the whole
 * (weighted, never going back, 1 at the end); rejects with the signal's reason once aborted
 * (a half-built hierarchy is freed; half-built labels are finished by the next query).
 * @param {PreparePart[]} parts
 * @param {ReturnType<typeof readPrepareOptions>} options
 * @returns {Promise<{ built: string[], ms: number, parts: { what: string, ms: number }[] }>}
 */
export async function runPrepare(parts, { onProgress, signal, sliceMs }) {
  const started = performance.now();
  const total = parts.reduce((sum, part) => sum + part.weight, 0);
  let before = 0;
  let reported = 0;
  /** @type {{ what: string, ms: number }[]} */
  const times = [];
  for (const part of parts) {
    let spent = 0;
    let done = 0;
    while (done < 1) {
      if (signal?.aborted) {
        for (const p of parts) p.cancel?.();
        throw signal.reason;
      }
      const t0 = performance.now();
      do done = part.step();
      while (done < 1 && performance.now() - t0 < sliceMs);
      spent += performance.now() - t0;
      reported = Math.max(reported, Math.min((before + done * part.weight) / total, 1));
      onProgress?.(reported, part.what);
      if (done < 1) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    before += part.weight;
    times.push({ what: part.what, ms: spent });
  }
  return { built: parts.map((part) => part.what), ms: performance.now() - started, parts: times };
}
