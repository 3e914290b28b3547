// The one API surface of PathWorker (worker/client.js), InThreadPathWorker (worker/in-thread.js)
// and a pool of PathWorkers (worker/pool.js): findPath, findPaths, the whole-map queries,
// createCrowd, prepare, save, watchPath and the edits are written once here. Each refuses a
// terminated worker, checks its arguments (the sync API's errors), reads its options once into a
// snapshot and shapes the answer; what differs is only how a checked call is carried out, which
// each class provides as a small backend under the symbols below (its reads, get, getCost,
// cells, profiles and links, are its own):
//
//   [OPEN]()                               throws when terminated (the class's own message)
//   [SEARCH](list, signal)                 one promise per checked findPath request
//   [QUERY](request, signal, onProgress)   the raw answer of a checked query (worker/fields.js)
//   [PREPARE](what, options, onProgress)   a checked prepare's report
//   [WATCH](path, onBlocked, options)      a stale-path watch, its options checked
//
// and the edits, likewise checked here in full (nothing changes when one is refused) and handed
// over checked, each in the order it was made:
//
//   [CELL](x, y, cls)   [CELLS](deltas)   [RECT](x, y, w, h, cls)   [ALL](bytes)
//   [COST](cls, cost, profile)   [PROFILE](name, pairs, table)   [UNPROFILE](name)
//   [ENTRY](cls, names)   [LINK](link) -> its id   [UNLINK](id) (the backend's own links check it)
//
// PathWorker posts to its worker, InThreadPathWorker runs the call on its grid and PathScheduler,
// the pool hands it to its members' backends (already checked: a member does not check it again).

import { abortError } from './protocol.js';
import {
  checkClass,
  checkCoordinates,
  checkCost,
  checkKnownProfile,
  checkProfileName,
  checkRect,
  costTable,
  defaultUndeletable,
  profileTable,
  toDeltas,
  tooManyProfiles,
} from '../core/checks.js';
import { readEntry, readLink } from '../core/rules.js';
import { PROFILES } from '../../dist/contract.mjs';
import { readPrepareOptions } from '../core/prepare.js';
import { readWatchOptions } from '../core/watch.js';
import { cellsOf, readRequest, readRequests } from './options.js';
import { queryRequest, queryResult } from './fields.js';
import { WorkerCrowd } from './crowd.js';

export const OPEN = Symbol('tilepath.surface.open');
export const SEARCH = Symbol('tilepath.surface.search');
export const QUERY = Symbol('tilepath.surface.query');
export const PREPARE = Symbol('tilepath.surface.prepare');
export const WATCH = Symbol('tilepath.surface.watch');
export const CELL = Symbol('tilepath.surface.cell');
export const CELLS = Symbol('tilepath.surface.cells');
export const RECT = Symbol('tilepath.surface.rect');
export const ALL = Symbol('tilepath.surface.all');
export const COST = Symbol('tilepath.surface.cost');
export const PROFILE = Symbol('tilepath.surface.profile');
export const UNPROFILE = Symbol('tilepath.surface.unprofile');
export const ENTRY = Symbol('tilepath.surface.entry');
export const LINK = Symbol('tilepath.surface.link');
export const UNLINK = Symbol('tilepath.surface.unlink');

/** A promise rejected with what `call` throws, or the promise it returns. */
function rejecting(call) {
  try {
    return call();
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The shared public methods. A subclass defines width, height, profiles() and the backend
 * methods listed at the top of this file.
 */
export class WorkerSurface {
  /**
   * What the subclass provides besides its backend: the grid's sides, shape and profiles.
   * @returns {{ width: number, height: number, shape: any, profiles(): string[] }}
   */
  get #own() {
    return /** @type {any} */ (this);
  }

  /** Resolves with the sync API's result (plus `workerMs`); `options.signal` cancels. */
  findPath(sx, sy, gx, gy, options) {
    this[OPEN]();
    // Programming errors throw here, synchronously, whichever worker.
    const { request, signal } = readRequest(
      this.#own.width,
      this.#own.height,
      sx,
      sy,
      gx,
      gy,
      options,
    );
    checkKnownProfile(request[4]?.profile, this.#own.profiles());
    if (signal?.aborted) return Promise.reject(abortError());
    return this[SEARCH]([request], signal)[0];
  }

  /**
   * Many requests at once. `requests`: objects { sx, sy, gx, gy, options? } or a flat list sx, sy,
   * gx, gy, sx, sy, ... Requests without their own options use `options`, whose `signal` cancels
   * them all. Checked in full before any is asked; resolves with every result, in order.
   */
  findPaths(requests, options) {
    this[OPEN]();
    const { list, signal } = readRequests(requests, options, this.#own.width, this.#own.height);
    const known = this.#own.profiles();
    for (const request of list) checkKnownProfile(request[4]?.profile, known);
    if (signal?.aborted) return Promise.reject(abortError());
    return Promise.all(this[SEARCH](list, signal));
  }

  // --- edits: checked in full here, then made by the backend in their turn ---------------------

  setCell(x, y, cls) {
    this[OPEN]();
    checkCoordinates(this.#own.width, this.#own.height, x, y);
    checkClass(cls);
    this[CELL](x, y, cls);
  }

  /** Sets many cells: `indices` are y * width + x; `classes` one per index, or one for all. */
  setCells(indices, classes) {
    this[OPEN]();
    // A copy, checked whole: a bad entry leaves the grid as it was, and theirs may change.
    this[CELLS](toDeltas(indices, classes, this.#own.width * this.#own.height));
  }

  /** Sets a rectangle to one class; the part outside the grid is ignored, as in the sync API. */
  fillRect(x, y, w, h, cls) {
    this[OPEN]();
    checkRect(x, y, w, h, cls);
    this[RECT](x, y, w, h, cls);
  }

  /**
   * Cost of entering a cell of class `cls`: 0 or Infinity = blocked, otherwise > 0; under
   * `profile` when given.
   */
  setCost(cls, cost, profile) {
    this[OPEN]();
    checkCost(cls, cost);
    checkKnownProfile(profile, this.#own.profiles());
    this[COST](cls, cost, profile);
  }

  /** As Grid.setProfile: adds the profile `name` or replaces its table, in its turn. */
  setProfile(name, costs) {
    this[OPEN]();
    checkProfileName(name, 'name');
    const pairs = costTable(costs);
    const table = profileTable(pairs);
    const known = this.#own.profiles();
    if (!known.includes(name) && known.length >= PROFILES.max) throw tooManyProfiles(name);
    this[PROFILE](name, pairs, table);
  }

  /** As Grid.deleteProfile, in its turn; its paths watched stop being watched. */
  deleteProfile(name) {
    this[OPEN]();
    checkProfileName(name, 'name');
    if (name === PROFILES.default) throw defaultUndeletable();
    checkKnownProfile(name, this.#own.profiles());
    this[UNPROFILE](name);
  }

  /**
   * Entry rules and links (see the sync API's Grid), edits like setCost. Link ids are given
   * here, in the order asked, so that they are the same whichever worker (or replay) applies them.
   * @param {number} cls
   * @param {readonly string[] | string | null} directions
   */
  setEntry(cls, directions) {
    this[OPEN]();
    const { names } = readEntry(cls, directions, this.#own.shape);
    this[ENTRY](cls, names);
  }

  addLink(ax, ay, bx, by, options) {
    this[OPEN]();
    return this[LINK](readLink(this.#own.width, this.#own.height, [ax, ay, bx, by, options]));
  }

  /** @param {number} id */
  removeLink(id) {
    this[OPEN]();
    this[UNLINK](id);
  }

  /** Loads a new level: replaces every cell (width * height of them). */
  setAll(cells) {
    this[OPEN]();
    this[ALL](cellsOf(cells, this.#own.width, this.#own.height));
  }

  // --- whole-map queries (worker/fields.js): requests like findPath's, answered as results --

  flowField(goals, options) {
    return this.#query('flowField', [goals, options]);
  }

  reachable(sx, sy, options) {
    return this.#query('reachable', [sx, sy, options]);
  }

  canReach(sx, sy, gx, gy, options) {
    return this.#query('canReach', [sx, sy, gx, gy, options]);
  }

  /** grid.abstractGraph where the searches run (the hierarchy hpa searches), for drawing. */
  abstractGraph(options) {
    return this.#query('abstractGraph', [options]);
  }

  /** grid.repairPath after the edits made before it; the result carries `workerMs`. */
  repairPath(path, fromIndex, options) {
    return this.#query('repairPath', [path, fromIndex, options]);
  }

  /**
   * A crowd where the searches run (worker/crowd.js): its calls travel as queries, in order with
   * the edits. A pool pins it to one member (see pool.js's [QUERY] for 'crowd').
   * @param {import('../index.js').CrowdOptions} [options]
   */
  createCrowd(options) {
    this[OPEN]();
    return WorkerCrowd.create(
      (op, crowd, args) => this.#query('crowd', [op, crowd, args]),
      options,
    );
  }

  /**
   * grid.prepare where the searches run, `onProgress(fraction, what)` told after each slice.
   * Rejects (never throws): its options are checked first, then its targets.
   */
  prepare(what, options) {
    return rejecting(() => {
      this[OPEN]();
      const { onProgress } = readPrepareOptions(options);
      return this[PREPARE](what, options, onProgress);
    });
  }

  /** grid.save() after the edits made before it: the bytes. Rejects (never throws). */
  save() {
    return rejecting(() => this.#query('save', []));
  }

  /**
   * Calls `onBlocked` once, then stops watching, when an edit blocks a cell of `path` (x, y
   * pairs, as results carry) or makes one cost more to enter. Returns a handle to stop watching.
   * Throws once terminated (no edit could ever fire it).
   */
  watchPath(path, onBlocked, options) {
    this[OPEN]();
    const watchOptions = readWatchOptions(options);
    checkKnownProfile(watchOptions.profile, this.#own.profiles());
    return this[WATCH](path, onBlocked, watchOptions, options);
  }

  /** A query checked as the sync API checks it, answered by the backend, shaped as a result. */
  #query(kind, args, onProgress = undefined) {
    this[OPEN]();
    const { width, height } = this.#own;
    const { request, signal } = queryRequest(kind, width, height, args);
    checkKnownProfile(request[4]?.profile, this.#own.profiles());
    if (signal?.aborted) return Promise.reject(abortError());
    return this[QUERY](request, signal, onProgress).then((answer) =>
      queryResult(request, answer, width, height),
    );
  }

  /** The default backend of prepare: a query of its own ('prepare'), as PathWorker posts it. */
  [PREPARE](what, options, onProgress) {
    return this.#query('prepare', [what, options], onProgress);
  }
}
