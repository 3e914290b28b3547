// hpa's hierarchy built ahead of the first query, in slices: a task the game steps itself
// (grid.prepareHierarchy) or a promise that slices itself between frames (grid.prepare, with
// the onProgress and signal that prepare will keep when it takes more than hpa).
import { REFUSED } from '../../dist/contract.mjs';
import { describe, readReachOptions, refuseMisspelt } from './checks.js';

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

/**
 * `prepare(what)`'s `what`: only `hpa` for now, true or `{ diagonal }`.
 * @param {unknown} what
 * @returns {number} the diagonal rule's code
 */
export function readPrepareTargets(what) {
  if (typeof what !== 'object' || what === null || Array.isArray(what)) {
    throw new TypeError(
      `prepare's first argument must be an object such as { hpa: true }, got ${describe(what)}`,
    );
  }
  refuseMisspelt(what, ['hpa'], "prepare's first argument");
  for (const key of Object.keys(what)) {
    if (key !== 'hpa') {
      throw new TypeError(`prepare's first argument: '${key}' cannot be prepared yet (hpa can)`);
    }
  }
  const { hpa } = /** @type {{ hpa?: unknown }} */ (what);
  if (hpa === undefined || hpa === false) {
    throw new TypeError(
      'prepare({ hpa: true }) is what can be prepared so far; got nothing to prepare',
    );
  }
  if (hpa === true) return readReachOptions(undefined).codes.diagonal;
  if (typeof hpa !== 'object' || hpa === null || Array.isArray(hpa)) {
    throw new TypeError(`hpa must be true or { diagonal }, got ${describe(hpa)}`);
  }
  refuseMisspelt(hpa, ['diagonal'], 'hpa');
  return readReachOptions(hpa).codes.diagonal;
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
 * Steps a build in slices of about sliceMs, yielding to the event loop between them (a frame
 * goes on), calling onProgress after each; rejects with the signal's reason once aborted.
 * @param {HierarchyBuild} build
 * @param {ReturnType<typeof readPrepareOptions>} options
 * @returns {Promise<{ built: ['hpa'], ms: number }>}
 */
export async function runPrepare(build, { onProgress, signal, sliceMs }) {
  const started = performance.now();
  for (;;) {
    if (signal?.aborted) {
      build.cancel();
      throw signal.reason;
    }
    const t0 = performance.now();
    // A slice of several steps: a step of DEFAULT_BUDGET is a few ms at most.
    do build.step();
    while (!build.done && performance.now() - t0 < sliceMs);
    onProgress?.(build.progress, 'hpa');
    if (build.done) return { built: ['hpa'], ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
