// SearchTask: a search run in slices (Grid.startSearch). The C++ task (cpp/include/tilepath/
// search_task.hpp) lives in the grid's wasm object, by number; this object steps it and reads
// its answer once, as findPath's. Disposing the grid frees its tasks.
import { REFUSED, SEARCH_RUNNING } from '../../dist/contract.mjs';
import { checkInteger, OPTION } from './checks.js';

/** @typedef {import('../index.js').PathResult} PathResult */
/** @typedef {import('../../dist/tilepath.mjs').NativeGrid} NativeGrid */

const CONSTRUCT = Symbol('SearchTask');
const MAX_STEP = OPTION.maxExpansions.max;

export class SearchTask {
  /** @type {() => NativeGrid} the grid's native object; throws once it is disposed */
  #live;
  /** @type {(status: number) => PathResult} reads the answer just published by the grid */
  #read;
  #id;
  /** @type {PathResult | null} */
  #result = null;
  #cancelled = false;
  #expansions = 0;
  #restarts = 0;

  /**
   * @param {symbol} token
   * @param {() => NativeGrid} live
   * @param {(status: number) => PathResult} read
   * @param {number} id the native task's number, or -1 with `status` when answered at once
   * @param {number} [status]
   */
  constructor(token, live, read, id, status) {
    if (token !== CONSTRUCT) throw new TypeError('use grid.startSearch(...) to start a search');
    this.#live = live;
    this.#read = read;
    this.#id = id;
    if (id < 0) this.#result = read(/** @type {number} */ (status));
  }

  /** True once the answer is in `result`. */
  get done() {
    return this.#result !== null;
  }
  get cancelled() {
    return this.#cancelled;
  }
  /** The answer once done, as findPath's; null until then. */
  get result() {
    return this.#result;
  }
  /** Cells expanded by every step so far, including searches an edit made start again. */
  get expansions() {
    return this.#expansions;
  }
  /** How many times an edit to the grid made the search start again. */
  get restarts() {
    return this.#restarts;
  }

  /**
   * Expands at most `maxExpansions` more cells (0 or none: to the end); true once done.
   * @param {number} [maxExpansions]
   */
  step(maxExpansions = 0) {
    if (this.#cancelled) throw new TypeError('this search task was cancelled: start a new one');
    checkInteger('maxExpansions', maxExpansions, 0, MAX_STEP); // even once done: a bad call is one
    if (this.#result !== null) return true;
    let native;
    try {
      native = this.#live();
    } catch (error) {
      throw new TypeError('the grid of this search task was disposed, which ended the task', {
        cause: error,
      });
    }
    const status = native.stepSearch(this.#id, maxExpansions);
    if (status === REFUSED) {
      this.#cancelled = true; // refused mid-way (memory): the native side ended the task
      throw new RangeError(native.lastError());
    }
    this.#expansions += native.lastStepExpansions();
    this.#restarts = native.searchRestarts();
    if (status === SEARCH_RUNNING) return false;
    const editsSince = native.searchEditsSince();
    const stillLegal = native.searchStillLegal();
    const result = this.#read(status);
    // Only an answer for an older grid carries these (search_task.hpp: a frozen task).
    if (editsSince > 0) Object.assign(result, { outdated: true, editsSince, stillLegal });
    this.#result = result;
    return true;
  }

  /** Stops the search and frees its state; later steps throw. Does nothing once done. */
  cancel() {
    if (this.#result !== null || this.#cancelled) return;
    this.#cancelled = true;
    let native = null;
    try {
      native = this.#live();
    } catch {
      return; // the grid was disposed: the task went with it
    }
    native.endSearch(this.#id);
  }
}

/**
 * @param {() => NativeGrid} live
 * @param {(status: number) => PathResult} read
 * @param {number} id
 * @param {number} [status]
 */
export function makeSearchTask(live, read, id, status) {
  return new SearchTask(CONSTRUCT, live, read, id, status);
}
