// InThreadPathWorker: PathWorker's API computed on the calling thread, for hosts without a usable
// worker (LayaNative, a WeChat game already using its one worker, tests). Each request is
// answered when it is made, so it sees exactly the edits made before it.

import { abortError } from './worker-protocol.js';
import { checkClass, checkCoordinates, checkRequest, requestList, stripSignal } from './validate.js';

/**
 * The PathWorker API, run synchronously on the calling thread: for hosts without a usable worker.
 * Each request is answered when it is made (so it sees exactly the edits made before it), through
 * an already-settled promise.
 */
export class InThreadPathWorker {
  static async create(options) {
    if (!options || typeof options !== 'object') {
      throw new TypeError(
        'InThreadPathWorker.create needs { width, height, cells?, costs?, loadPathfinder }',
      );
    }
    const { width, height, cells, costs, loadPathfinder } = options;
    if (typeof loadPathfinder !== 'function') {
      throw new TypeError('loadPathfinder must be a function returning createPathfinder(...)');
    }
    const pathfinder = await loadPathfinder();
    const bytes = cells instanceof ArrayBuffer ? new Uint8Array(cells) : cells;
    const grid = pathfinder.createGrid(width, height, bytes);
    if (costs) {
      for (const [cls, cost] of Object.entries(costs))
        if (cost !== undefined) grid.setCost(Number(cls), cost);
    }
    return new InThreadPathWorker(grid);
  }

  #grid;
  #requests = 0;
  #closed = null; // after terminate: { cells, costs } as they were, still readable

  constructor(grid) {
    this.#grid = grid;
  }
  /** Always true here: tells the game that paths are computed on its own thread. */
  get inThread() {
    return true;
  }
  get width() {
    return this.#grid.width;
  }
  get height() {
    return this.#grid.height;
  }
  get terminated() {
    return this.#closed !== null;
  }
  get stats() {
    return { inFlight: 0, queued: 0, requestsAnswered: this.#requests };
  }

  // Reads. As PathWorker's, they keep answering after terminate().
  get(x, y) {
    if (!this.#closed) return this.#grid.get(x, y);
    checkCoordinates(this.width, this.height, x, y);
    return this.#closed.cells[y * this.width + x];
  }
  getCost(cls) {
    if (!this.#closed) return this.#grid.getCost(cls);
    checkClass(cls);
    return this.#closed.costs[cls];
  }
  cells() {
    return this.#closed ? this.#closed.cells.slice() : this.#grid.cells();
  }

  // Edits. The grid checks every argument and throws the same TypeError/RangeError PathWorker does.
  setCell(x, y, cls) {
    this.#open().set(x, y, cls);
  }
  setCells(indices, classes) {
    this.#open().setCells(indices, classes);
  }
  fillRect(x, y, w, h, cls) {
    this.#open().fillRect(x, y, w, h, cls);
  }
  setCost(cls, cost) {
    this.#open().setCost(cls, cost);
  }
  /** Loads a new level: replaces every cell (copied, never detached here). */
  setAll(cells) {
    this.#open().setAll(cells);
  }
  /** Nothing is ever queued here. */
  flush() {}

  findPath(sx, sy, gx, gy, options) {
    const grid = this.#open();
    // Programming errors throw here, synchronously, as PathWorker's do.
    checkRequest(grid.width, grid.height, sx, sy, gx, gy, options);
    if (options?.signal?.aborted) return Promise.reject(abortError());
    return Promise.resolve(this.#search([sx, sy, gx, gy, stripSignal(options)]));
  }

  findPaths(requests, options) {
    const grid = this.#open();
    // Checked in full before any search runs, with PathWorker's own errors.
    const list = requestList(requests, options, grid.width, grid.height);
    if (options?.signal?.aborted) return Promise.reject(abortError());
    return Promise.resolve(list.map((request) => this.#search(request)));
  }

  #search([sx, sy, gx, gy, options]) {
    const started = performance.now();
    const result = this.#grid.findPath(sx, sy, gx, gy, options);
    result.workerMs = performance.now() - started; // as PathWorker's results carry
    this.#requests++;
    return result;
  }

  #open() {
    if (this.#closed) throw new Error('InThreadPathWorker: terminated');
    return this.#grid;
  }

  /** Frees the grid. Later edits and requests throw; get(), getCost() and cells() still answer. */
  terminate() {
    if (this.#closed) return;
    const grid = this.#grid;
    const costs = Array.from({ length: 256 }, (_, cls) => grid.getCost(cls));
    this.#closed = { cells: grid.cells(), costs };
    grid.dispose();
  }
}
