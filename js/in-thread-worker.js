// InThreadPathWorker: PathWorker's API computed on the calling thread, for hosts without a usable
// worker (LayaNative, a WeChat game already using its one worker, tests). Searches run through a
// PathScheduler, a slice of each per frame, so a long one never blocks a frame for its whole
// length. An edit first finishes the searches still pending, so that each request sees exactly
// the edits made before it, as with PathWorker.

import { abortError } from './worker-protocol.js';
import {
  checkClass,
  checkCoordinates,
  checkCost,
  checkRect,
  describe,
  toDeltas,
} from './validate.js';
import {
  cellsOf,
  IN_THREAD_OPTIONS,
  readCacheBytes,
  readCacheSize,
  readGridOptions,
  readReadyTimeout,
  readRecover,
  readRequest,
  readRequests,
} from './worker-options.js';
import { cacheKey, PathCache } from './worker-cache.js';
import { answerQuery, queryRequest, queryResult } from './worker-fields.js';
import { PathScheduler, readFrameBudget, SCHEDULE } from './path-scheduler.js';

const CONSTRUCT = Symbol('InThreadPathWorker.create');

/** What requests pending at terminate() reject with, and later edits and requests throw. */
function terminatedError() {
  return new Error('InThreadPathWorker: terminated');
}

/**
 * The PathWorker API on the calling thread, for hosts without a usable worker. Requests are
 * answered over the following frames (create's msPerFrame or expansionsPerFrame budget); each
 * sees exactly the edits made before it.
 */
export class InThreadPathWorker {
  /** Loads the grid; bad arguments throw right away, as PathWorker.create's do. */
  static create(options) {
    // Checked before the wasm loads, as PathWorker.create checks them before a worker starts.
    const { width, height, bytes, costPairs, shape } = readGridOptions(
      options,
      'InThreadPathWorker.create',
      IN_THREAD_OPTIONS,
    );
    const { loadPathfinder } = options;
    const cache = readCacheSize(options);
    const cacheBytes = readCacheBytes(options);
    // Nothing to recover and no worker to wait for here, but refused alike (see readRecover).
    readRecover(options);
    readReadyTimeout(options);
    if (options.workers !== undefined && options.workers !== 1) {
      throw new RangeError(
        `InThreadPathWorker computes on the calling thread: workers must be 1 or absent, got ${describe(options.workers)}`,
      );
    }
    if (typeof loadPathfinder !== 'function') {
      throw new TypeError('loadPathfinder must be a function returning createPathfinder(...)');
    }
    const frame = readFrameBudget(options, 4); // each frame's search budget
    return Promise.resolve(loadPathfinder()).then((pathfinder) => {
      const grid = pathfinder.createGrid(width, height, { cells: bytes, ...shape });
      let scheduler;
      try {
        scheduler = new PathScheduler(grid, frame);
      } catch (error) {
        grid.dispose();
        throw error;
      }
      try {
        for (const [cls, cost] of costPairs) grid.setCost(cls, cost);
      } catch (error) {
        grid.dispose();
        throw error;
      }
      scheduler.start();
      return new InThreadPathWorker(CONSTRUCT, pathfinder, grid, cache, scheduler, cacheBytes);
    });
  }

  #grid;
  #requests = 0;
  #closed = null; // after terminate: { cells, costs } as they were, still readable

  #pathfinder;

  #scheduler;

  constructor(token, pathfinder, grid, cache, scheduler, cacheBytes) {
    if (token !== CONSTRUCT) throw new TypeError('use `await InThreadPathWorker.create({...})`');
    this.#pathfinder = pathfinder;
    this.#scheduler = scheduler;
    this.#grid = grid;
    this.#cache = cache
      ? new PathCache(cache, grid.width, grid.height, grid.shape, {
          classAt: (index) => this.#classAt(index),
          bytes: cacheBytes,
        })
      : null;
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
  /** The grid's shape: { orientation, staggerAxis, staggerIndex }. */
  get shape() {
    return this.#grid.shape;
  }
  get terminated() {
    return this.#closed !== null;
  }
  get stats() {
    return {
      inFlight: this.#scheduler.pending,
      queued: this.#scheduler.pending,
      requestsAnswered: this.#requests,
      cacheHits: this.#cache?.hits ?? 0,
      wasmMemoryBytes: this.#pathfinder.memoryBytes?.() ?? 0,
    };
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
    const grid = this.#editing();
    if (this.#cache) {
      checkCoordinates(grid.width, grid.height, x, y);
      checkClass(cls);
      this.#cellsEdited([y * grid.width + x], [cls]);
    }
    grid.set(x, y, cls);
  }
  setCells(indices, classes) {
    const grid = this.#editing();
    if (this.#cache) {
      const deltas = toDeltas(indices, classes, grid.width * grid.height);
      this.#cellsEdited(deltas.indices, deltas.classes);
    }
    grid.setCells(indices, classes);
  }
  fillRect(x, y, w, h, cls) {
    const grid = this.#editing();
    if (this.#cache) {
      checkRect(x, y, w, h, cls);
      const indices = [];
      for (let row = Math.max(y, 0); row < Math.min(y + h, grid.height); row++)
        for (let col = Math.max(x, 0); col < Math.min(x + w, grid.width); col++)
          indices.push(row * grid.width + col);
      this.#cellsEdited(
        indices,
        indices.map(() => cls),
      );
    }
    grid.fillRect(x, y, w, h, cls);
  }
  setCost(cls, cost) {
    const grid = this.#editing();
    if (!this.#cache) return grid.setCost(cls, cost);
    checkCost(cls, cost);
    const before = grid.getCost(cls);
    grid.setCost(cls, cost);
    this.#cache.costEdited(cls, before, grid.getCost(cls));
  }
  /** Loads a new level: replaces every cell (copied, never detached here). */
  setAll(cells) {
    const grid = this.#editing();
    grid.setAll(cellsOf(cells, grid.width, grid.height));
    this.#cache?.clear();
  }

  // --- the path cache (worker-cache.js), told of each edit before it is applied -------------

  /** @type {PathCache | null} */
  #cache;

  #classAt(index) {
    return this.#grid.get(index % this.#grid.width, Math.floor(index / this.#grid.width));
  }

  #cellsEdited(indices, values) {
    this.#cache.cellsEdited(
      indices,
      values,
      0,
      indices.length,
      (index) => this.#classAt(index),
      (cls) => this.#grid.getCost(cls),
    );
  }
  /** Stale-path alerts: see PathWorker.watchPath (the grid's own, here). */
  watchPath(path, onBlocked, options) {
    return this.#open().watchPath(path, onBlocked, options);
  }

  /** Finishes the pending searches now, on this frame. */
  flush() {
    if (!this.#closed) this.#scheduler.flush();
  }

  findPath(sx, sy, gx, gy, options) {
    const grid = this.#open();
    // Programming errors throw here, synchronously, as PathWorker's do.
    const { request, signal } = readRequest(grid.width, grid.height, sx, sy, gx, gy, options);
    if (signal?.aborted) return Promise.reject(abortError());
    const cancel = this.#canceller(signal);
    return this.#search(request, cancel.signal).finally(cancel.detach);
  }

  findPaths(requests, options) {
    const grid = this.#open();
    // Checked in full before any search runs, with PathWorker's own errors.
    const { list, signal } = readRequests(requests, options, grid.width, grid.height);
    if (signal?.aborted) return Promise.reject(abortError());
    const cancel = this.#canceller(signal);
    return Promise.all(list.map((request) => this.#search(request, cancel.signal))).finally(
      cancel.detach,
    );
  }

  // The caller's signal, if any, as one whose abort reason is PathWorker's AbortError.
  #canceller(signal) {
    if (!signal) return { signal: undefined, detach() {} };
    const controller = new AbortController();
    const onAbort = () => controller.abort(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    return {
      signal: controller.signal,
      detach: () => signal.removeEventListener('abort', onAbort),
    };
  }

  // A cached answer at once, else the scheduler's, cached the moment it is found (before any
  // later edit can run).
  #search([sx, sy, gx, gy, options], signal) {
    const key = this.#cache ? cacheKey(sx, sy, gx, gy, options) : null;
    const started = performance.now();
    const cached = this.#cache?.get(key);
    if (cached) {
      cached.workerMs = performance.now() - started;
      this.#requests++;
      return Promise.resolve(cached);
    }
    return new Promise((resolve, reject) => {
      const done = (result, ms) => {
        this.#cache?.put(key, result, sx, sy, gx, gy, options);
        result.workerMs = ms; // as PathWorker's results carry
        this.#requests++;
        resolve(result);
      };
      const searchOptions = signal ? { ...options, signal } : (options ?? undefined);
      // terminate() disposes the scheduler, whose AbortError would speak of its internals and
      // look like the caller's own signal: reject as PathWorker does.
      const fail = (error) => reject(this.#closed ? terminatedError() : error);
      this.#scheduler[SCHEDULE](sx, sy, gx, gy, searchOptions, done, fail);
    });
  }

  flowField(goals, options) {
    return this.#query('flowField', [goals, options]);
  }

  reachable(sx, sy, options) {
    return this.#query('reachable', [sx, sy, options]);
  }

  canReach(sx, sy, gx, gy, options) {
    return this.#query('canReach', [sx, sy, gx, gy, options]);
  }

  /** grid.abstractGraph in the worker (the hierarchy hpa searches there), for drawing. */
  abstractGraph(options) {
    return this.#query('abstractGraph', [options]);
  }

  /** grid.repairPath on this thread, with `workerMs` as PathWorker's results carry. */
  repairPath(path, fromIndex, options) {
    const started = performance.now();
    return this.#query('repairPath', [path, fromIndex, options]).then((result) => ({
      ...result,
      workerMs: performance.now() - started,
    }));
  }

  // Checked and answered as PathWorker's are (worker-fields.js), on this thread.
  #query(kind, args) {
    const grid = this.#open();
    const { request, signal } = queryRequest(kind, grid.width, grid.height, args);
    if (signal?.aborted) return Promise.reject(abortError());
    const [sx, sy, gx, gy, snapshot] = request;
    let answer;
    try {
      answer = answerQuery(grid, [sx, sy, gx, gy], snapshot);
    } catch (error) {
      // What only the core checks (a repaired path that jumps, memory) rejects, as a worker's
      // answer does; the arguments' own checks above throw at once, as PathWorker's do.
      return Promise.reject(error);
    }
    this.#requests++;
    return Promise.resolve(queryResult(request, answer, grid.width, grid.height));
  }

  #open() {
    if (this.#closed) throw terminatedError();
    return this.#grid;
  }
  // Before an edit: the searches requested before it finish on the grid they were asked on.
  #editing() {
    const grid = this.#open();
    this.#scheduler.flush();
    return grid;
  }

  /** Frees the grid. Later edits and requests throw; get(), getCost() and cells() still answer. */
  terminate() {
    if (this.#closed) return;
    const grid = this.#grid;
    const costs = Array.from({ length: 256 }, (_, cls) => grid.getCost(cls));
    this.#closed = { cells: grid.cells(), costs };
    this.#scheduler.dispose(); // pending requests reject, as after terminate (see #search)
    grid.dispose();
  }
}
