// InThreadPathWorker: PathWorker's API computed on the calling thread, for hosts without a usable
// worker (LayaNative, a WeChat game already using its one worker, tests). Searches run through a
// PathScheduler, a slice of each per frame, so a long one never blocks a frame for its whole
// length. Each request sees exactly the edits made before it, as with PathWorker: an edit made
// while searches are pending waits (checked at once, queued in order) until the searches asked
// before it have ended, and the requests asked after it wait for it. So an edit never runs a
// search inside its own call, and a frame's budget holds.

import { abortError } from './protocol.js';
import {
  checkClass,
  checkCoordinates,
  checkKnownProfile,
  codedOptions,
  describe,
  snapshotCodes,
} from '../core/checks.js';
import { IN_THREAD_OPTIONS, readGridOptions, readWorkerSettings } from './options.js';
import { cacheKey, ProfileCaches } from './cache.js';
import { LinkBook } from '../core/rules.js';
import { answerQuery, queryRequest } from './fields.js';
import * as surface from './surface.js';
import { PathScheduler, readFrameBudget, SCHEDULE } from '../core/scheduler.js';

const CONSTRUCT = Symbol('InThreadPathWorker.create');

/** The key of a queued cost edit (names are printable: no newline). */
const costKey = (/** @type {number} */ cls, /** @type {string} */ profile) => `${cls}\n${profile}`;

/** What requests pending at terminate() reject with, and later edits and requests throw. */
function terminatedError() {
  return new Error('InThreadPathWorker: terminated');
}

/**
 * The PathWorker API on the calling thread, for hosts without a usable worker. Requests are
 * answered over the following frames (create's msPerFrame or expansionsPerFrame budget); each
 * sees exactly the edits made before it.
 */
export class InThreadPathWorker extends surface.WorkerSurface {
  /** Loads the grid; bad arguments throw right away, as PathWorker.create's do. */
  static create(options) {
    // Checked before the wasm loads, as PathWorker.create checks them before a worker starts.
    const { width, height, bytes, costPairs, profiles, shape, saved, rules } = readGridOptions(
      options,
      'InThreadPathWorker.create',
      IN_THREAD_OPTIONS,
    );
    const { loadPathfinder } = options;
    if (typeof loadPathfinder !== 'function') {
      throw new TypeError('loadPathfinder must be a function returning createPathfinder(...)');
    }
    // Nothing to recover and no worker to wait for here, but recover and readyTimeout are
    // refused alike (see readRecover), in PathWorker.create's order.
    const { cache, cacheBytes } = readWorkerSettings(options);
    if (options.workers !== undefined && options.workers !== 1) {
      throw new RangeError(
        `InThreadPathWorker computes on the calling thread: workers must be 1 or absent, got ${describe(options.workers)}`,
      );
    }
    const frame = readFrameBudget(options, 4); // each frame's search budget
    return Promise.resolve(loadPathfinder()).then((pathfinder) => {
      const grid = saved
        ? pathfinder.loadGrid(saved)
        : pathfinder.createGrid(width, height, { cells: bytes, ...shape });
      let scheduler;
      try {
        scheduler = new PathScheduler(grid, frame);
      } catch (error) {
        grid.dispose();
        throw error;
      }
      try {
        if (!saved) for (const [cls, cost] of costPairs) grid.setCost(cls, cost);
        for (const [name, table] of profiles) grid.setProfile(name, table);
      } catch (error) {
        grid.dispose();
        throw error;
      }
      scheduler.start();
      const pw = new InThreadPathWorker(CONSTRUCT, pathfinder, grid, cache, scheduler, cacheBytes);
      if (rules) pw.#links.adopt(rules.links, rules.nextId); // a saved grid's links
      return pw;
    });
  }

  #grid;
  /** @type {Set<string>} the profiles as the game last set them (queued edits too), 'default' first */
  #profiles;
  #requests = 0;
  #closed = null; // after terminate: { cells, costs } as they were, still readable

  #pathfinder;

  #scheduler;

  constructor(token, pathfinder, grid, cache, scheduler, cacheBytes) {
    super();
    if (token !== CONSTRUCT) throw new TypeError('use `await InThreadPathWorker.create({...})`');
    this.#pathfinder = pathfinder;
    this.#scheduler = scheduler;
    this.#grid = grid;
    this.#profiles = new Set(grid.profiles());
    this.#cache = cache
      ? new ProfileCaches(cache, grid.width, grid.height, grid.shape, {
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
      inFlight: this.#scheduler.pending + this.#waiting(),
      // Not yet started: held behind an edit, or waiting for the scheduler's turn.
      queued: this.#scheduler.queued + this.#waiting(),
      requestsAnswered: this.#requests,
      cacheHits: this.#cache?.hits ?? 0,
      wasmMemoryBytes: this.#pathfinder.memoryBytes?.() ?? 0,
    };
  }

  #waiting() {
    return this.#later.reduce((n, item) => n + (item.edit ? 0 : 1), 0);
  }

  // Reads. As PathWorker's, they keep answering after terminate().
  // Edits still queued count: a read gives the cells as the game last set them.
  get(x, y) {
    if (!this.#closed) {
      const value = this.#grid.get(x, y); // checks x and y
      return this.#unapplied?.cellAt(y * this.width + x) ?? value;
    }
    checkCoordinates(this.width, this.height, x, y);
    return this.#closed.cells[y * this.width + x];
  }
  getCost(cls, profile) {
    checkClass(cls);
    checkKnownProfile(profile, this.#profiles.keys());
    const name = profile ?? 'default';
    if (this.#closed) return this.#closed.costs.get(name)[cls];
    // An edit still queued (a setCost, or the whole table of a setProfile) is read first.
    return this.#unapplied?.costs.get(costKey(cls, name)) ?? this.#grid.getCost(cls, profile);
  }

  /** The movement profiles as the game last set them, 'default' first (see Grid.profiles). */
  profiles() {
    return [...this.#profiles.keys()];
  }
  cells() {
    if (this.#closed) return this.#closed.cells.slice();
    const cells = this.#grid.cells();
    this.#unapplied?.over(cells);
    return cells;
  }

  // Edits: the backend of worker/surface.js, which checks them at once with the errors PathWorker
  // throws. Applied now when no search is pending, else queued behind the searches asked before
  // them (#later).
  [surface.CELL](x, y, cls) {
    const grid = this.#grid;
    const index = y * grid.width + x;
    this.#edit(
      () => {
        this.#cache && this.#cellsEdited([index], [cls]);
        grid.set(x, y, cls);
      },
      (unapplied) => unapplied.cells.set(index, cls),
    );
  }
  [surface.CELLS](deltas) {
    const grid = this.#grid;
    this.#edit(
      () => {
        this.#cache && this.#cellsEdited(deltas.indices, deltas.classes);
        grid.setCells(deltas.indices, deltas.classes);
      },
      (unapplied) => deltas.indices.forEach((i, k) => unapplied.cells.set(i, deltas.classes[k])),
    );
  }
  [surface.RECT](x, y, w, h, cls) {
    const grid = this.#grid;
    const indices = [];
    for (let row = Math.max(y, 0); row < Math.min(y + h, grid.height); row++)
      for (let col = Math.max(x, 0); col < Math.min(x + w, grid.width); col++)
        indices.push(row * grid.width + col);
    this.#edit(
      () => {
        if (this.#cache)
          this.#cellsEdited(
            indices,
            indices.map(() => cls),
          );
        grid.fillRect(x, y, w, h, cls);
      },
      (unapplied) => indices.forEach((i) => unapplied.cells.set(i, cls)),
    );
  }
  [surface.COST](cls, cost, profile) {
    const grid = this.#grid;
    const name = profile ?? 'default';
    this.#edit(
      () => {
        if (!this.#cache) return grid.setCost(cls, cost, profile);
        const before = grid.getCost(cls, profile);
        grid.setCost(cls, cost, profile);
        this.#cache.costEdited(name, cls, before, grid.getCost(cls, profile));
      },
      (unapplied) => unapplied.costs.set(costKey(cls, name), cost === 0 ? Infinity : cost),
    );
  }

  /** As Grid.setProfile, in its turn among the edits. */
  [surface.PROFILE](name, pairs, table) {
    const grid = this.#grid;
    this.#profiles.add(name);
    this.#edit(
      () => {
        grid.setProfile(name, new Map(pairs));
        this.#cache?.dropProfile(name);
      },
      (unapplied) => {
        for (let cls = 0; cls < table.length; cls++)
          unapplied.costs.set(costKey(cls, name), table[cls]);
      },
    );
  }

  /** As Grid.deleteProfile, in its turn among the edits. */
  [surface.UNPROFILE](name) {
    const grid = this.#grid;
    this.#profiles.delete(name);
    this.#edit(
      () => {
        grid.deleteProfile(name);
        this.#cache?.dropProfile(name);
      },
      () => {},
    );
  }
  // Entry rules and links: ids allocated when asked (the edit itself may wait its turn), so
  // that they are the ones a PathWorker would give.
  #links = new LinkBook();
  [surface.ENTRY](cls, names) {
    const grid = this.#grid;
    this.#edit(
      () => {
        grid.setEntry(cls, names);
        this.#cache?.clear();
      },
      () => {},
    );
  }
  /** @param {ReturnType<typeof import('../core/rules.js').readLink>} checked */
  [surface.LINK](checked) {
    const grid = this.#grid;
    const link = this.#links.name(checked);
    this.#links.keep(link);
    const { ax, ay, bx, by } = link;
    this.#edit(
      () => {
        grid.addLink(ax, ay, bx, by, { cost: link.cost, oneWay: link.oneWay, id: link.id });
        this.#cache?.clear();
      },
      () => {},
    );
    return link.id;
  }
  [surface.UNLINK](id) {
    const grid = this.#grid;
    this.#links.check(id);
    this.#links.drop(id);
    this.#edit(
      () => {
        grid.removeLink(id);
        this.#cache?.clear();
      },
      () => {},
    );
  }
  links() {
    return this.#links.list();
  }
  /** Loads a new level: replaces every cell (copied, never detached here). */
  [surface.ALL](bytes) {
    const grid = this.#grid;
    const copy = Uint8Array.from(bytes);
    this.#edit(
      () => {
        grid.setAll(copy);
        this.#cache?.clear();
      },
      (unapplied) => {
        unapplied.all = copy;
        unapplied.cells.clear();
      },
    );
  }

  // --- the order of edits and requests ----------------------------------------------------

  /** Work waiting for the searches asked before it: edits, and whatever was asked after one.
   * @type {{ edit: boolean, run: () => void, cancel?: (error: unknown) => void }[]} */
  #later = [];
  /** What the queued edits set, for reads; null once every edit is applied. */
  #unapplied = null;

  // An edit now when nothing is pending, else in its turn; `note` records it for reads.
  #edit(apply, note) {
    if (this.#later.length === 0 && this.#scheduler.pending === 0) return apply();
    this.#unapplied ??= {
      /** @type {Map<number, number>} */ cells: new Map(),
      /** @type {Map<number, number>} */ costs: new Map(),
      /** @type {Uint8Array | null} */ all: null,
      cellAt(index) {
        return this.cells.get(index) ?? this.all?.[index];
      },
      over(cells) {
        if (this.all) cells.set(this.all);
        for (const [index, cls] of this.cells) cells[index] = cls;
      },
    };
    note(this.#unapplied);
    this.#later.push({ edit: true, run: apply });
  }

  // A request (or query) now when no edit is waiting, else after the edits asked before it.
  #inTurn(run, cancel) {
    if (this.#later.length === 0) {
      run();
      return null;
    }
    const item = { edit: false, run, cancel };
    this.#later.push(item);
    return item;
  }

  // Runs what may run now, in order: an edit once no search asked before it is pending.
  #pump() {
    if (this.#closed || this.#ending) return;
    while (this.#later.length > 0) {
      const next = this.#later[0];
      if (next.edit && this.#scheduler.pending > 0) return;
      this.#later.shift();
      next.run();
    }
    this.#unapplied = null;
  }

  #ending = false;

  // --- the path cache (worker/cache.js), told of each edit before it is applied -------------

  /** @type {ProfileCaches | null} */
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
      (cls, profile) => this.#grid.getCost(cls, profile),
    );
  }
  /** watchPath's backend (worker/surface.js): the grid's own watches, here. */
  [surface.WATCH](path, onBlocked, watchOptions, options) {
    return this.#grid.watchPath(path, onBlocked, options);
  }

  /** Finishes the pending searches now, on this frame, and applies the edits queued behind. */
  flush() {
    while (!this.#closed && (this.#scheduler.pending > 0 || this.#later.length > 0)) {
      this.#scheduler.flush();
      this.#pump();
    }
  }

  // --- requests: the backend of worker/surface.js, which checks them and shapes the answers ---

  [surface.OPEN]() {
    this.#open();
  }

  /**
   * Checked findPath requests, each searched in its turn: one promise each. The caller's signal
   * is listened to until every one has settled (one failing does not stop the others).
   */
  [surface.SEARCH](list, signal) {
    const cancel = this.#canceller(signal);
    const searches = list.map((request) => this.#search(request, cancel.signal));
    if (signal) Promise.allSettled(searches).then(cancel.detach);
    return searches;
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

  // In its turn: a cached answer at once, else the scheduler's, cached the moment it is found
  // (before any later edit can run).
  #search(request, signal) {
    return new Promise((resolve, reject) => {
      /** @type {any} */
      let held = null;
      held = this.#inTurn(
        () => {
          held?.detach?.();
          this.#lookUp(request, signal, resolve, reject);
        },
        (error) => reject(error),
      );
      if (held && signal) {
        // Aborted while waiting for an edit: out of the line at once, as PathWorker's would be.
        const onAbort = () => {
          const k = this.#later.indexOf(held);
          if (k >= 0) this.#later.splice(k, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        held.detach = () => signal.removeEventListener('abort', onAbort);
      }
    });
  }

  #lookUp([sx, sy, gx, gy, options], signal, resolve, reject) {
    if (signal?.aborted) return reject(signal.reason);
    // Checked and encoded already (worker/surface.js): the search takes the codes as they are.
    const codes = snapshotCodes(options);
    const key = this.#cache ? cacheKey(sx, sy, gx, gy, codes) : null;
    const cache = this.#cache?.of(codes);
    const started = performance.now();
    const cached = cache?.get(key);
    if (cached) {
      cached.workerMs = performance.now() - started;
      this.#requests++;
      return resolve(cached);
    }
    const done = (result, ms) => {
      // An answer for an older grid (a search frozen under edits) is no answer to cache.
      if (!result.outdated) cache?.put(key, result, sx, sy, gx, gy, codes);
      result.workerMs = ms; // as PathWorker's results carry
      this.#requests++;
      resolve(result);
      this.#pump(); // an edit may have waited for this search
    };
    const searchOptions = codedOptions(codes, signal);
    // terminate() disposes the scheduler, whose AbortError would speak of its internals and
    // look like the caller's own signal: reject as PathWorker does.
    const fail = (error) => {
      reject(this.#closed || this.#ending ? terminatedError() : error);
      this.#pump();
    };
    try {
      this.#scheduler[SCHEDULE](sx, sy, gx, gy, searchOptions, done, fail);
    } catch (error) {
      reject(error); // checked when asked; only a terminated scheduler throws here
    }
  }

  /**
   * prepare's backend: grid.prepare on this thread, started in its turn (options checked by
   * worker/surface.js, the targets here): it slices itself between frames, and requests after it
   * do not wait for it (a query finishes a build it needs).
   */
  [surface.PREPARE](what, options) {
    const grid = this.#grid;
    queryRequest('prepare', grid.width, grid.height, [what, options]);
    return new Promise((resolve, reject) => {
      this.#inTurn(() => grid.prepare(what, options).then(resolve, reject), reject);
    });
  }

  /** A checked query (worker/fields.js), answered on this thread in its turn: its raw answer. */
  [surface.QUERY](request, signal) {
    const grid = this.#grid;
    const [sx, sy, gx, gy, snapshot] = request;
    return new Promise((resolve, reject) => {
      this.#inTurn(() => {
        if (signal?.aborted) return reject(abortError());
        let answer;
        const started = performance.now();
        try {
          answer = answerQuery(grid, [sx, sy, gx, gy], snapshot);
        } catch (error) {
          // What only the core checks (a repaired path that jumps, memory) rejects, as a
          // worker's answer does; the arguments' own checks throw at once.
          return reject(error);
        }
        // As PathWorker's repairs carry it.
        if (snapshot.query === 'repairPath')
          answer = { ...answer, workerMs: performance.now() - started };
        this.#requests++;
        resolve(answer);
      }, reject);
    });
  }

  #open() {
    if (this.#closed) throw terminatedError();
    return this.#grid;
  }
  /** Frees the grid. Later edits and requests throw; get(), getCost() and cells() still answer. */
  terminate() {
    if (this.#closed) return;
    const grid = this.#grid;
    // Pending searches reject (as after terminate, see #lookUp); the edits queued behind them
    // still land, so that reads afterwards give the cells as the game last set them.
    this.#ending = true;
    this.#scheduler.dispose();
    for (const item of this.#later.splice(0)) {
      if (item.edit) item.run();
      else item.cancel?.(terminatedError());
    }
    this.#unapplied = null;
    const costs = new Map(
      grid
        .profiles()
        .map((name) => [name, Array.from({ length: 256 }, (_, cls) => grid.getCost(cls, name))]),
    );
    this.#closed = { cells: grid.cells(), costs };
    grid.dispose();
  }
}
