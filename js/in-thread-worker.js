// InThreadPathWorker: PathWorker's API computed on the calling thread, for hosts without a usable
// worker (LayaNative, a WeChat game already using its one worker, tests). Each request is
// answered when it is made, so it sees exactly the edits made before it.

import { abortError } from './worker-protocol.js';
import { requestList, stripSignal } from './validate.js';

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
    return this.#grid.disposed;
  }
  get stats() {
    return { inFlight: 0, queued: 0, requestsAnswered: this.#requests };
  }
  // The grid checks every argument and throws the same TypeError/RangeError PathWorker would.
  get(x, y) {
    return this.#grid.get(x, y);
  }
  cells() {
    return this.#grid.cells();
  }
  setCell(x, y, cls) {
    this.#grid.set(x, y, cls);
  }
  setCells(indices, classes) {
    this.#grid.setCells(indices, classes);
  }
  fillRect(x, y, w, h, cls) {
    this.#grid.fillRect(x, y, w, h, cls);
  }
  setCost(cls, cost) {
    this.#grid.setCost(cls, cost);
  }
  flush() {}

  findPath(sx, sy, gx, gy, options) {
    if (options?.signal?.aborted) return Promise.reject(abortError());
    // Programming errors throw here, synchronously, as PathWorker's do.
    const result = this.#grid.findPath(sx, sy, gx, gy, stripSignal(options));
    this.#requests++;
    return Promise.resolve(result);
  }

  findPaths(requests, options) {
    // Checked in full before any search runs, with PathWorker's own errors.
    const list = requestList(requests, options, this.#grid.width, this.#grid.height);
    if (options?.signal?.aborted) return Promise.reject(abortError());
    const results = list.map(([sx, sy, gx, gy, own]) => this.#grid.findPath(sx, sy, gx, gy, own));
    this.#requests += results.length;
    return Promise.resolve(results);
  }

  terminate() {
    if (!this.#grid.disposed) this.#grid.dispose();
  }
}
