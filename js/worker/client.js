// PathWorker: the sync API's grid, run in a worker so that path requests never block a frame.
//
// The grid crosses to the worker once; after that only edits and requests do (and a whole new
// level, by setAll). The main thread keeps its own copy of the cells in an EditLog (worker/edit-log.js),
// current with every edit, to answer get() without a round trip and to rebuild a worker that
// died. Edits are queued and flushed with the requests made in the same task as ONE message; each
// request carries how many of that message's edits it must see, so it sees exactly the edits made
// before it. Messages are described in worker/protocol.js; the worker's side is worker/serve.js.

import {
  abortError,
  deserializeError,
  initMessage,
  isErrorReply,
  isResult,
  movableBuffer,
  updateMessage,
} from './protocol.js';
import { WorkerConnection } from './connection.js';
import { PendingRequests } from './requests.js';
import { EditLog } from './edit-log.js';
import { ENTRY_OF, HOLD_WATCHES, PathWorkerPool } from './pool.js';
import { ProfileWatches } from '../core/watch.js';
import * as surface from './surface.js';
import { PROFILES } from '../../dist/contract.mjs';
import { isQuery, isQueryAnswer } from './fields.js';
import { savedRuleEdits } from '../core/rules.js';
// The sync API's own checks: both APIs throw the very same errors.
import { checkClass, checkCoordinates, checkKnownProfile, describe } from '../core/checks.js';
import {
  checkLoadOptions,
  PATH_WORKER_OPTIONS,
  readGridOptions,
  readWorkerCount,
  readWorkerSettings,
} from './options.js';

export { serveWorker } from './serve.js';
export { InThreadPathWorker } from './in-thread.js';

// Consecutive worker losses without a single answer in between before replaying stops: a
// request that kills every worker it runs on must not restart workers forever.
const MAX_RESTARTS_WITHOUT_PROGRESS = 3;

const CONSTRUCT = Symbol('PathWorker.create');

const WORKER_RULE =
  'must be a Worker or a worker-like object with postMessage (and onmessage, ' +
  "addEventListener('message') or onMessage(fn))";

/**
 * `worker` itself when it can be posted to; otherwise a TypeError naming `what` it was.
 * @param {unknown} worker
 * @param {string} what
 */
function workerLike(worker, what) {
  const isObject = worker !== null && /^(object|function)$/.test(typeof worker);
  if (
    isObject &&
    typeof (/** @type {{ postMessage?: unknown }} */ (worker).postMessage) === 'function'
  ) {
    return worker;
  }
  const shown = isObject ? `${describe(worker)} without postMessage` : describe(worker);
  throw new TypeError(`${what} ${WORKER_RULE}, got ${shown}`);
}

/** Why create gave up on a worker that never said it was ready. */
function notReadyMessage(ms) {
  return (
    `PathWorker: the worker did not say it was ready within ${ms} ms (readyTimeout), so it was ` +
    'terminated. It was sent the grid and had to load its script and tilepath.wasm ' +
    "(tilepath-bigmaps.wasm with loadOptions.bigMaps): check that the worker script's URL loads " +
    "(a bundler's worker settings, the browser's network panel), that the server answers for " +
    'that .wasm (or pass loadOptions), and that nothing in the ' +
    'worker waits for ever; on a slow network raise readyTimeout (0 waits for ever)'
  );
}

function startBrowserWorker() {
  if (typeof Worker !== 'function') {
    throw new TypeError(
      'PathWorker: this host has no Worker; pass `worker` (a worker-like object or a function returning one)',
    );
  }
  // Written out in full so that bundlers (Vite, webpack 5) see and emit the worker entry.
  return new Worker(new URL('./entry.js', import.meta.url), { type: 'module' });
}

export class PathWorker extends surface.WorkerSurface {
  /**
   * Starts a worker holding a `width` x `height` grid. `cells` (ArrayBuffer or Uint8Array) is
   * transferred to it: afterwards the caller's buffer is detached. Resolves once the worker is
   * ready, rejects if it could not load the wasm module or did not say it was ready within
   * `readyTimeout` ms (then it is terminated). Bad arguments throw right away.
   */
  static create(options) {
    const { width, height, bytes, costPairs, profiles, shape, saved, rules } = readGridOptions(
      options,
      'PathWorker.create',
      PATH_WORKER_OPTIONS,
    );
    const { worker } = options;
    if (worker !== undefined && (worker === null || !/^(object|function)$/.test(typeof worker))) {
      throw new TypeError('worker must be a worker-like object or a function returning one');
    }
    if (typeof worker === 'object') workerLike(worker, 'options.worker');
    const loadOptions = checkLoadOptions(options.loadOptions);
    const { cache, cacheBytes, recover, readyTimeout } = readWorkerSettings(options);
    const workers = readWorkerCount(options);
    if (workers > 1) return PathWorkerPool.start(this, options, bytes, workers);
    const pathWorker = new this(CONSTRUCT, {
      width,
      height,
      shape,
      recover,
      loadOptions,
      worker,
      cache,
      cacheBytes,
      readyTimeout,
    });
    pathWorker.#saved = saved ?? null;
    return pathWorker.#start(bytes, costPairs, profiles, rules).then(() => pathWorker);
  }

  #width;
  #height;
  #shape;
  /** @type {EditLog} */
  #log; // the main thread's copy of the cells and costs, and the updates a new worker replays
  #startWorker; // null when the host gave one worker object that cannot be replaced
  #recover;
  #loadOptions;
  #cache; // answers the worker keeps (worker/cache.js); 0 for none
  #cacheBytes; // its byte budget, undefined for the default
  #readyTimeout; // ms a worker has to say it is ready; 0 for no limit
  #readyTimer = undefined;
  // create's saved bytes, for the first worker (a replacement starts from the cells and costs,
  // and builds what its queries need again).
  #saved = null;
  #adopted = null; // a worker object given to create, until it is connected
  #connection = null; // to the worker in use
  #closed = null; // the reason, once terminated or lost for good

  // The flush being built (its edits are in the log): requests and cancellations.
  #queued = [];
  #cancels = [];
  #flushScheduled = false;

  #requests = new PendingRequests();
  #lostInARow = 0;

  #stats = {
    messagesPosted: 0,
    bytesPosted: 0,
    requestsPosted: 0,
    cellEditsPosted: 0,
    resultsReceived: 0,
    cacheHits: 0, // results the worker answered from its cache
    restarts: 0,
    repliesIgnored: 0,
    wasmMemoryBytes: 0, // the worker's wasm heap, as of its last reply
  };

  constructor(
    token,
    { width, height, shape, recover, loadOptions, worker, cache = 0, cacheBytes, readyTimeout = 0 },
  ) {
    super();
    if (token !== CONSTRUCT) throw new TypeError('use `await PathWorker.create({...})`');
    this.#cache = cache;
    this.#cacheBytes = cacheBytes;
    this.#readyTimeout = readyTimeout;
    this.#width = width;
    this.#height = height;
    this.#shape = shape;
    this.#log = new EditLog(width * height);
    this.#recover = recover;
    this.#loadOptions = loadOptions;
    if (typeof worker === 'function') {
      this.#startWorker = worker;
    } else if (worker) {
      this.#startWorker = null; // one object, used as it is; it cannot be replaced if it dies
      this.#adopted = worker;
    } else {
      this.#startWorker = /** @type {typeof PathWorker} */ (this.constructor).defaultWorker;
    }
  }

  /** How a PathWorker starts its worker when `create` is given none (worker-node.js overrides). */
  static defaultWorker = startBrowserWorker;

  get width() {
    return this.#width;
  }
  get height() {
    return this.#height;
  }
  /** The grid's shape: { orientation, staggerAxis, staggerIndex }. */
  get shape() {
    return this.#shape;
  }
  /** The worker-like object currently in use (for hosts and tests; do not post to it). */
  get worker() {
    return this.#connection?.worker ?? null;
  }
  /** Every worker-like object in use: this one's (a pool lists each of its own). */
  get workers() {
    return this.#connection ? [this.#connection.worker] : [];
  }
  get terminated() {
    return this.#closed !== null;
  }
  /** False: paths are computed on another thread (InThreadPathWorker says true). */
  get inThread() {
    return false;
  }

  /** Requests in flight (posted or queued), and what has been posted so far. */
  get stats() {
    return { inFlight: this.#requests.size, queued: this.#queued.length, ...this.#stats };
  }

  // --- reads, from the main thread's copy ---------------------------------------------------

  get(x, y) {
    checkCoordinates(this.#width, this.#height, x, y);
    return this.#log.cell(y * this.#width + x);
  }

  /**
   * Cost of entering a cell of class `cls` (Infinity = blocked) under `profile` (default
   * 'default'), from the main thread's copy.
   */
  getCost(cls, profile) {
    checkClass(cls);
    checkKnownProfile(profile, this.profiles());
    if (profile !== undefined && profile !== PROFILES.default)
      return /** @type {Float64Array} */ (this.#log.profileTable(profile))[cls];
    // The core's default table: class 0 costs 1, every other class is blocked.
    const cost = this.#log.cost(cls) ?? (cls === 0 ? 1 : 0);
    return cost === 0 ? Infinity : cost;
  }

  /** The movement profiles, 'default' first, then in the order they were added. */
  profiles() {
    return [PROFILES.default, ...this.#log.profileEntries().map(([name]) => name)];
  }

  /**
   * As Grid.setProfile: adds the profile `name` or replaces its table. Requests made after see
   * it, those made before do not (it is posted as a message of its own, after them).
   */
  [surface.PROFILE](name, pairs, table) {
    if (name === PROFILES.default) {
      for (let cls = 0; cls < table.length; cls++) this[surface.COST](cls, table[cls]);
      return;
    }
    this.#setTable(name, table, this.#log.profileTable(name));
  }

  /** As Grid.deleteProfile; its paths watched stop being watched. */
  [surface.UNPROFILE](name) {
    this.#setTable(name, null, this.#log.profileTable(name));
    this.#watches?.dropProfile(name);
  }

  /** A profile's table now `table` (null: deleted), posted after everything asked before. */
  #setTable(name, table, before) {
    this.flush();
    const update = this.#log.setProfileTable(name, table);
    if (this.#connection) this.#post(update);
    if (table && before && this.#watches?.watching(name)) {
      for (let cls = 0; cls < table.length; cls++)
        this.#watches.costChanged(name, cls, before[cls], table[cls]);
      this.#watches.dispatch();
    }
  }

  /** A copy of all cells, row-major. */
  cells() {
    return this.#log.cells();
  }

  // --- edits: applied to the copy now, posted with the next flush ------------------------------

  [surface.CELL](x, y, cls) {
    this.#write(y * this.#width + x, cls);
    this.#watches?.dispatch();
  }

  /** Sets many cells: `indices` are y * width + x; `classes` one per index, or one for all. */
  [surface.CELLS](deltas) {
    for (let i = 0; i < deltas.indices.length; i++)
      this.#write(deltas.indices[i], deltas.classes[i]);
    this.#watches?.dispatch();
  }

  /** Sets a rectangle to one class; the part outside the grid is ignored, as in the sync API. */
  [surface.RECT](x, y, w, h, cls) {
    const x1 = Math.min(x + w, this.#width);
    const y1 = Math.min(y + h, this.#height);
    for (let row = Math.max(y, 0); row < y1; row++) {
      for (let col = Math.max(x, 0); col < x1; col++) this.#write(row * this.#width + col, cls);
    }
    this.#watches?.dispatch();
  }

  /**
   * Cost of entering a cell of class `cls`: 0 or Infinity = blocked, otherwise > 0; under
   * `profile` when given (a profile's edit is posted as its own message).
   */
  [surface.COST](cls, cost, profile) {
    if (profile !== undefined && profile !== PROFILES.default) {
      const before = /** @type {Float64Array} */ (this.#log.profileTable(profile));
      const table = before.slice();
      table[cls] = cost === 0 ? Infinity : cost;
      if (table[cls] !== before[cls]) this.#setTable(profile, table, before);
      return;
    }
    const before = this.getCost(cls);
    if (this.#log.setCost(cls, cost)) this.#scheduleFlush();
    if (this.#watches?.active) {
      this.#watches.costChanged(PROFILES.default, cls, before, this.getCost(cls));
      this.#watches.dispatch();
    }
  }

  /**
   * Entry rules and links (see the sync API's Grid): edits like setCost, ordered with the
   * others and replayed to a worker that replaces a lost one. Link ids are allocated here, so
   * that they are the same whichever worker (or replay) applies them.
   * @param {number} cls
   * @param {string | null} names the directions, checked (readEntry)
   */
  [surface.ENTRY](cls, names) {
    this.#ruleEdit({ kind: 'entry', cls, names });
  }

  /** @param {ReturnType<typeof import('../core/rules.js').readLink>} checked */
  [surface.LINK](checked) {
    const link = this.#log.links.name(checked);
    this.#ruleEdit({ kind: 'link', link });
    return link.id;
  }

  /** @param {number} id */
  [surface.UNLINK](id) {
    this.#ruleEdit({ kind: 'unlink', id: this.#log.links.check(id) });
  }

  links() {
    return this.#log.links.list();
  }

  /** @param {import('../core/rules.js').RuleEdit} edit */
  #ruleEdit(edit) {
    const log = this.#log;
    // A worker applies an update's rule edits before its cells and requests: one made after
    // either starts an update of its own.
    if (log.pendingCells || log.pendingCosts || this.#queued.length) this.flush();
    log.editRules(edit);
    this.#scheduleFlush();
    if (!this.#watches?.active) return;
    if (edit.kind === 'entry')
      this.#watches.entryChanged(edit.cls, log.entry.get(edit.cls) ?? null);
    if (edit.kind === 'unlink')
      this.#watches.linksChanged((from, to) => log.links.joins(from, to, this.#width));
    this.#watches.dispatch();
  }

  /**
   * Loads a new level: replaces every cell, as one message with the cells. Requests made before
   * see the old cells, those made after the new ones. Like create, an ArrayBuffer or a Uint8Array
   * spanning its whole buffer is transferred (detached afterwards); anything else is copied.
   */
  [surface.ALL](bytes) {
    this.flush(); // what was made before the new level is posted before it
    const watched = this.#watches?.active ? [...this.#watches.watchedCells()] : [];
    const before = watched.map((index) => this.#log.cell(index));
    const update = this.#log.load(bytes);
    watched.forEach((index, k) => this.#watches.cellChanged(index, before[k], bytes[index]));
    // The log made its own copy: the caller's bytes can move (or a copy, as in create).
    if (this.#connection) this.#post(update, [], movableBuffer(bytes) ?? bytes.slice().buffer);
    // Alerts last: the new level is posted whatever an onBlocked does (or throws).
    this.#watches?.dispatch();
  }

  #write(index, cls) {
    const before = this.#log.cell(index);
    // Unchanged cells cost nothing to post.
    if (!this.#log.write(index, cls)) return;
    this.#scheduleFlush();
    if (this.#watches?.active) this.#watches.cellChanged(index, before, cls);
  }

  // --- stale-path alerts, on the main thread's copy (no round trip) ---------------------------

  /** @type {ProfileWatches | null} */
  #watches = null;

  /** watchPath's backend (worker/surface.js): the watches of the main thread's copy. */
  [surface.WATCH](path, onBlocked, watchOptions) {
    this.#watches ??= new ProfileWatches(
      this.#width,
      this.#height,
      (index) => this.#log.cell(index),
      (cls, profile) => this.getCost(cls, profile),
      this.#shape,
      (cls) => this.#log.entry.get(cls) ?? null,
    );
    return this.#watches.watch(path, onBlocked, watchOptions);
  }

  /** A class's entry rule (null: any), for a pool's watches (worker/pool.js). @param {number} cls */
  [ENTRY_OF](cls) {
    return this.#log.entry.get(cls) ?? null;
  }

  /** A pool's watches (worker/pool.js): this worker tells them of its edits from now on. */
  [HOLD_WATCHES](watches) {
    this.#watches = watches;
  }

  // --- requests: the backend of worker/surface.js, which checks them and shapes the answers ---

  [surface.OPEN]() {
    this.#checkOpen();
  }

  /** Checked findPath requests, queued for the next flush: one promise each. */
  [surface.SEARCH](list, signal) {
    return this.#enqueue(list, signal);
  }

  #progress = new WeakMap(); // a prepare's options snapshot -> its onProgress

  /** A checked query (worker/fields.js), posted like a findPath request: its raw answer. */
  [surface.QUERY](request, signal, onProgress) {
    if (onProgress) this.#progress.set(request[4], onProgress);
    return this.#enqueue([request], signal)[0];
  }

  #enqueue(list, signal) {
    if (signal?.aborted) {
      return list.map(() => Promise.reject(abortError()));
    }
    const place = { cellsBefore: this.#log.pendingCells, costsBefore: this.#log.pendingCosts };
    const { requests, promises } = this.#requests.add(list, place, signal, (batch) =>
      this.#abort(batch),
    );
    for (const request of requests) this.#queued.push(request);
    this.#scheduleFlush();
    this.#updateRef();
    return promises;
  }

  #abort(batch) {
    const queued = new Set();
    for (const request of this.#requests.abort(batch)) {
      if (request.posted) this.#cancels.push(request.id);
      else queued.add(request);
    }
    // A request never posted is simply never posted.
    if (queued.size) this.#queued = this.#queued.filter((request) => !queued.has(request));
    if (this.#cancels.length) this.#scheduleFlush();
    this.#updateRef();
  }

  // --- flushing -------------------------------------------------------------------------------

  #scheduleFlush() {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    queueMicrotask(() => this.flush());
  }

  /** Posts what is queued now instead of at the end of the task. */
  flush() {
    this.#flushScheduled = false;
    if (this.#closed) return;
    const log = this.#log;
    if (
      !log.pendingCells &&
      !log.pendingCosts &&
      !log.pendingRules &&
      !this.#queued.length &&
      !this.#cancels.length
    )
      return;
    const update = log.take(this.#queued);
    this.#queued = [];
    const cancel = this.#cancels;
    this.#cancels = [];
    for (const request of update.requests) request.posted = true;
    if (this.#connection) this.#post(update, cancel);
  }

  /** Posts an update; `cells` is the new level's buffer when it was made by setAll. */
  #post(update, cancel = [], cells = null) {
    const live = update.requests.filter((request) => this.#requests.has(request.id));
    const { message, transfer } = updateMessage(update, live, cancel, cells);
    try {
      this.#send(message, transfer);
    } catch (error) {
      // The host refused the message (it could not be copied, or its own limit). Its requests
      // reject with the host's error rather than wait forever; its edits must still reach the
      // worker, so they go again without them. Failing that, the worker is rebuilt from the log.
      if (!live.length) {
        this.#lost(`a message could not be posted: ${error?.message ?? error}`);
        return;
      }
      for (const request of live) this.#requests.fail(request, error);
      this.#post(update, cancel, cells && this.#levelOf(update));
      return;
    }
    this.#stats.requestsPosted += live.length;
    this.#requests.posted(live);
    this.#stats.cellEditsPosted += update.indices.length;
  }

  /** A fresh buffer holding the level an unconfirmed setAll update put in place. */
  #levelOf(update) {
    return this.#log.loadedCells(this.#log.unconfirmed.indexOf(update)).buffer;
  }

  #send(message, transfer) {
    this.#stats.bytesPosted += this.#connection.post(message, transfer);
    this.#stats.messagesPosted++;
  }

  // --- the worker's life ----------------------------------------------------------------------

  async #start(bytes, costPairs, profiles, rules) {
    // The one copy: the main thread's own (a saved grid's rules as if set and confirmed: the
    // first worker loads them from the bytes, a replacement is given them).
    const edits = rules ? savedRuleEdits(rules, this.#shape) : [];
    this.#log.reset(bytes, costPairs, profiles, edits, rules?.nextId);
    // The caller's bytes move to the worker (or a copy of them: see movableBuffer).
    // (A saved grid's worker loads its cells from the saved bytes.)
    const buffer =
      this.#saved || bytes === undefined ? null : (movableBuffer(bytes) ?? bytes.slice().buffer);
    const ready = new Promise((resolve, reject) => {
      this.#whenReady = { resolve, reject };
    });
    try {
      this.#launch(buffer);
      await ready;
    } catch (error) {
      this.#whenReady = null; // nobody else waits on it: shutting down must not reject it
      this.#shutDown(String(error?.message ?? error));
      throw error;
    } finally {
      this.#whenReady = null;
      this.#updateRef();
    }
  }

  /**
   * A worker that loads but never answers (a script that hangs, a wasm URL the server never
   * answers) says nothing at all: after readyTimeout it is given up on, the first one by
   * rejecting create, a replacement like a worker that died (another is started, up to
   * MAX_RESTARTS_WITHOUT_PROGRESS).
   */
  #watchReady() {
    this.#stopWatchingReady();
    if (!this.#readyTimeout) return;
    const connection = this.#connection;
    this.#readyTimer = setTimeout(() => {
      this.#readyTimer = undefined;
      if (this.#connection !== connection || !this.#awaitingInit) return;
      if (this.#whenReady) this.#shutDown(notReadyMessage(this.#readyTimeout));
      else this.#lost(`the new worker did not say it was ready within ${this.#readyTimeout} ms`);
    }, this.#readyTimeout);
  }

  #stopWatchingReady() {
    clearTimeout(this.#readyTimer);
    this.#readyTimer = undefined;
  }

  #whenReady = null;
  #awaitingInit = false; // between posting an init and its 'ready' or 'initError'

  /**
   * Starts (or adopts) a worker and sends it the grid as of `buffer`.
   * @param {ArrayBuffer} buffer
   * @param {Iterable<[number, number]>} [costTable] (class, cost) pairs
   */
  #launch(
    buffer,
    costTable = this.#log.costPairs(),
    profiles = this.#log.profileEntries(),
    rules = [],
  ) {
    const worker =
      this.#adopted ?? workerLike(this.#startWorker(), 'what options.worker() returned');
    this.#adopted = null;
    this.#requests.newWorker();
    this.#connection = new WorkerConnection(worker, {
      onMessage: (message) => this.#receive(message),
      onLost: (reason) => this.#lost(reason),
    });
    const { message, transfer } = initMessage(
      this.#width,
      this.#height,
      buffer,
      costTable,
      this.#loadOptions,
      this.#cache,
      this.#shape,
      this.#cacheBytes,
      profiles,
      this.#saved?.buffer ?? null,
      rules,
    );
    this.#saved = null;
    this.#awaitingInit = true;
    this.#send(message, transfer);
    this.#watchReady();
    this.#updateRef();
  }

  // Replies are checked before they are believed: one that was not asked for (an unknown or
  // already answered id, a second 'ready', a seq never posted, a malformed result) is ignored and
  // counted, so that a confused or hostile endpoint cannot settle someone else's request or
  // empty the replay log.
  #receive(message) {
    if (!message || typeof message !== 'object') return this.#ignore();
    if (Number.isFinite(message.memoryBytes) && message.memoryBytes >= 0) {
      this.#stats.wasmMemoryBytes = message.memoryBytes;
    }
    switch (message.type) {
      case 'ready':
        if (!this.#awaitingInit) return this.#ignore();
        this.#awaitingInit = false;
        this.#stopWatchingReady();
        this.#whenReady?.resolve();
        break;
      case 'initError': {
        if (!this.#awaitingInit || !isErrorReply(message.error)) return this.#ignore();
        this.#awaitingInit = false;
        this.#stopWatchingReady();
        const error = deserializeError(message.error);
        if (this.#whenReady) this.#whenReady.reject(error);
        else this.#lost(`the new worker could not start: ${error.message}`);
        break;
      }
      case 'results': {
        if (!Array.isArray(message.results)) return this.#ignore();
        let settled = 0;
        for (const answer of message.results) settled += this.#settle(answer);
        const { done } = message;
        if (done !== -1) {
          // Only updates whose requests are all answered go: a lying `done` keeps the rest.
          const answered = (update) => update.requests.every((r) => !this.#requests.has(r.id));
          if (this.#log.confirm(done, answered)) settled++;
          else this.#ignore();
        }
        if (settled) this.#lostInARow = 0;
        this.#updateRef();
        break;
      }
      case 'progress': {
        const request = this.#requests.get(message.id);
        const onProgress = request && this.#progress.get(request.options);
        const { fraction, what } = message;
        if (!request) return; // aborted meanwhile: the worker stops at its next slice
        if (!(fraction >= 0 && fraction <= 1) || typeof what !== 'string') return this.#ignore();
        onProgress?.(fraction, what);
        break;
      }
      case 'protocolError': {
        // The worker refused one of our updates: nothing of it was kept there, so the worker no
        // longer matches the log. Its requests reject with the reason; a new worker is rebuilt.
        const update = this.#log.unconfirmed.find((u) => u.seq === message.seq);
        if (!update || !isErrorReply(message.error)) return this.#ignore();
        const error = deserializeError(message.error);
        for (const request of update.requests)
          if (this.#requests.has(request.id)) this.#requests.fail(request, error);
        this.#lost(`the worker refused update ${update.seq}: ${error.message}`);
        break;
      }
      case 'fatal': {
        const request = this.#requests.get(message.id);
        if (!request?.posted || !isErrorReply(message.error)) return this.#ignore();
        const error = deserializeError(message.error);
        this.#requests.fail(request, error);
        this.#lost(`the wasm instance failed: ${error.message}`);
        break;
      }
      default:
        this.#ignore();
    }
  }

  #ignore() {
    this.#stats.repliesIgnored++;
  }

  /** Settles the request an answer is for; 1 if it did, 0 if the answer was ignored. */
  #settle(answer) {
    const request = answer && typeof answer === 'object' ? this.#requests.get(answer.id) : null;
    if (!request) {
      // An id we issued: cancelled while it ran (its answer is dropped), or answered already.
      if (!this.#requests.issued(answer?.id)) this.#ignore();
      return 0;
    }
    // The worker answers in posting order: an answer for any other request is not its own.
    if (request !== this.#requests.oldestUnanswered()) return (this.#ignore(), 0);
    if ('error' in answer) {
      if (!isErrorReply(answer.error)) return (this.#ignore(), 0);
      this.#stats.resultsReceived++;
      this.#requests.fail(request, deserializeError(answer.error));
      return 1;
    }
    const [width, height] = [this.#width, this.#height];
    const fits = isQuery(request)
      ? isQueryAnswer(request, answer, width, height)
      : isResult(answer, width, height);
    if (!fits) return (this.#ignore(), 0);
    this.#stats.resultsReceived++;
    if (answer.cached === true) this.#stats.cacheHits++;
    delete answer.id;
    this.#requests.resolve(request, answer);
    return 1;
  }

  /**
   * The worker died. Start a new one from the state the old one had confirmed (the copy with
   * the unconfirmed and unflushed edits undone) and replay the unconfirmed updates, so every
   * request still sees exactly its own edits. With `recover: 'reject'` (or without a way to
   * start a worker, or when workers keep dying) the requests in flight reject instead.
   */
  #lost(reason) {
    this.#stopWatchingReady();
    this.#connection?.close();
    this.#connection = null;
    this.#stats.restarts++;
    this.#lostInARow++;
    if (this.#whenReady) {
      // Never ready: a missing script or wasm file, which a new worker would not fix.
      this.#shutDown(`PathWorker: the worker could not start (${reason})`);
      return;
    }
    if (!this.#startWorker) {
      this.#shutDown(
        `PathWorker: the worker was lost (${reason}); it was given as an object, so no new one ` +
          'can be started (pass `worker` as a function returning one to allow that)',
      );
      return;
    }
    if (this.#lostInARow > MAX_RESTARTS_WITHOUT_PROGRESS) {
      this.#shutDown(
        `PathWorker: the worker was lost (${reason}), and ${this.#lostInARow} workers in a row ` +
          'were lost without answering anything; giving up',
      );
      return;
    }
    const replay = this.#recover === 'replay';
    if (!replay) {
      const error = new Error(
        `PathWorker: the worker was lost (${reason}) before answering; recover is 'reject'`,
      );
      for (const update of this.#log.unconfirmed) {
        for (const request of update.requests)
          if (this.#requests.has(request.id)) this.#requests.fail(request, error);
      }
    }
    // Replaying: the new worker starts before every unconfirmed update and is sent them again.
    // Not: it starts at the state after them, with nothing to replay.
    const base = replay ? this.#log.stateBefore(0) : this.#log.dropUnconfirmed();
    try {
      this.#launch(base.cells.buffer, base.costs, base.profiles, base.rules);
      const connection = this.#connection;
      for (const update of [...this.#log.unconfirmed]) {
        if (this.#connection !== connection) break; // lost again while replaying
        this.#post(update, [], update.overwritten ? this.#levelOf(update) : null);
      }
    } catch (error) {
      this.#shutDown(`PathWorker: no new worker could be started (${error?.message ?? error})`);
    }
  }

  #updateRef() {
    const busy = this.#requests.size > 0 || this.#whenReady !== null;
    this.#connection?.ref(busy);
    // Node: a replacement's timer must not hold an idle process open either.
    const timer = /** @type {{ ref?: () => void, unref?: () => void } | undefined} */ (
      this.#readyTimer
    );
    if (busy) timer?.ref?.();
    else timer?.unref?.();
  }

  #checkOpen() {
    if (this.#closed) throw new Error(this.#closed);
  }

  #shutDown(reason) {
    this.#stopWatchingReady();
    if (this.#closed) return;
    this.#closed = reason.startsWith('PathWorker') ? reason : `PathWorker: ${reason}`;
    this.#connection?.close();
    this.#connection = null;
    const error = new Error(this.#closed);
    this.#whenReady?.reject(error); // create() is still waiting
    this.#requests.failAll(error);
    this.#queued = [];
    this.#log.clear();
  }

  /** Rejects every pending request and stops the worker. get() keeps answering. */
  terminate() {
    this.#shutDown('terminated');
  }
}
