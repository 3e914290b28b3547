// The worker's side of PathWorker (the messages are described in worker/protocol.js). It knows
// nothing of search: it keeps one Grid of the sync API current with the edits it is sent, and
// runs requests in the order they were made. No Node built-ins: browsers and WeChat run it too.

import {
  REQUEST_STRIDE,
  checkInit,
  checkUpdate,
  listen,
  receivedCodes,
  serializeError,
} from './protocol.js';
import { codedOptions, describe, snapshotCodes } from '../core/checks.js';
import { cacheKey, ProfileCaches } from './cache.js';
import { applyRuleEdits } from '../core/rules.js';
import { QUERY_ARRAYS, answerQuery } from './fields.js';

/**
 * Runs `task` soon, after any messages already waiting. Node: setImmediate (a MessageChannel
 * ping there is handled in the same pass as the ping before it, and starves the parent port).
 * Browsers: a MessageChannel round (no 4 ms clamp like nested setTimeout). Else setTimeout.
 */
function makeYield() {
  const immediate = globalThis.setImmediate; // Node only
  if (typeof immediate === 'function') return (task) => immediate(task);
  if (typeof MessageChannel === 'function') {
    const channel = new MessageChannel();
    let pending = null;
    channel.port1.onmessage = () => {
      const task = pending;
      pending = null;
      task();
    };
    return (task) => {
      pending = task;
      channel.port2.postMessage(0);
    };
  }
  return (task) => setTimeout(task, 0);
}

// A slice of work between two looks at the message queue, so a cancel can overtake queued work.
const SLICE_MS = 8;

const now =
  typeof performance === 'object' && typeof performance.now === 'function'
    ? () => performance.now()
    : () => Date.now();

/** A result's arrays must own their buffers to be transferred (never a view on the wasm heap). */
function ownedArray(array) {
  if (!array || !ArrayBuffer.isView(array)) return array;
  const whole = array.byteOffset === 0 && array.byteLength === array.buffer.byteLength;
  return whole && array.buffer instanceof ArrayBuffer
    ? array
    : /** @type {Uint8Array} */ (/** @type {unknown} */ (array)).slice();
}

/**
 * Serves PathWorker clients on `endpoint` (a worker scope, Node's parentPort, a WeChat worker...).
 * `loadPathfinder(loadOptions)` resolves to the sync API's Pathfinder (createPathfinder).
 * Every message is checked before anything of it is used: a malformed one is answered with a
 * protocolError (an initError for an init) and the worker keeps serving.
 */
export function serveWorker(endpoint, loadPathfinder) {
  let pathfinder = null;
  let grid = null;
  let size = null; // { width, height } of the last init, known as soon as it arrives
  let inits = 0; // inits received: a grid is only used for the latest one
  let loading = Promise.resolve(); // inits load one after the other
  let broken = false;
  let scheduled = false;
  let jobs = []; // update messages not fully handled yet, oldest first
  const waiting = new Set(); // ids of queued requests, so a late cancel leaves nothing behind
  const cancelled = new Set();
  const later = makeYield();
  const post = (message, transfer = []) => endpoint.postMessage(message, transfer);
  const memoryBytes = () =>
    typeof pathfinder?.memoryBytes === 'function' ? pathfinder.memoryBytes() : undefined;

  function receiveInit(message) {
    try {
      checkInit(message);
    } catch (error) {
      post({ type: 'initError', error: serializeError(error) });
      return;
    }
    const number = ++inits;
    size = { width: message.width, height: message.height };
    // A new grid replaces the old one: free it now, and answer what was queued for it.
    grid?.dispose?.();
    grid = null;
    const dropped = jobs;
    jobs = [];
    waiting.clear();
    cancelled.clear();
    const error = serializeError(new Error('PathWorker: the grid was replaced before this ran'));
    const results = [];
    for (const { message: update } of dropped) {
      const { requests } = update;
      for (let i = 0; requests && i < requests.length; i += REQUEST_STRIDE)
        results.push({ id: requests[i], error });
    }
    if (results.length) post({ type: 'results', results, done: -1 });
    loading = loading.then(() => init(message, number));
  }

  async function init(message, number) {
    let created = null;
    try {
      pathfinder = await loadPathfinder(message.loadOptions ?? undefined);
      const { width, height } = message;
      const cells = message.cells
        ? new Uint8Array(message.cells, message.offset ?? 0, width * height)
        : undefined;
      const { orientation, staggerAxis, staggerIndex } = message;
      if (message.saved) {
        created = pathfinder.loadGrid(new Uint8Array(message.saved));
        if (created.width !== width || created.height !== height) {
          throw new RangeError(
            `init: the saved grid is ${created.width} x ${created.height}, not ${width} x ${height}`,
          );
        }
      } else {
        created = pathfinder.createGrid(width, height, {
          cells,
          orientation,
          staggerAxis,
          staggerIndex,
        });
        const costs = message.costs;
        if (costs)
          for (let i = 0; i < costs.length; i += 2) created.setCost(costs[i], costs[i + 1]);
      }
      for (const [name, table] of message.profiles ?? []) created.setProfile(name, table);
      if (message.rules) applyRuleEdits(created, message.rules);
    } catch (error) {
      created?.dispose?.();
      if (number === inits) post({ type: 'initError', error: serializeError(error) });
      return;
    }
    if (number !== inits) {
      created.dispose?.(); // a later init replaced it while it loaded
      return;
    }
    grid = created;
    startCache(message);
    post({ type: 'ready', memoryBytes: memoryBytes() });
    schedule();
  }

  // --- the path cache (worker/cache.js): told of every edit before it is applied -------------

  let cache = null;
  const classAt = (index) => grid.get(index % size.width, Math.floor(index / size.width));
  const costOf = (cls, profile) => grid.getCost(cls, profile);

  function startCache(message) {
    cache = message.cache
      ? new ProfileCaches(message.cache, message.width, message.height, grid.shape, {
          classAt,
          bytes: message.cacheBytes,
        })
      : null;
  }

  function receiveUpdate(message) {
    if (!size) throw new Error('an update came before any init');
    checkUpdate(message, size.width, size.height);
    for (const id of message.cancel ?? []) if (waiting.has(id)) cancelled.add(id);
    const { requests } = message;
    if (requests)
      for (let i = 0; i < requests.length; i += REQUEST_STRIDE) waiting.add(requests[i]);
    jobs.push({ message, next: 0, cells: 0, costs: 0, loaded: false });
    schedule();
  }

  function schedule() {
    if (scheduled || !grid || broken || !jobs.length) return;
    scheduled = true;
    later(drain);
  }

  function applyCells(job, upTo) {
    if (upTo <= job.cells) return;
    const { indices, values } = job.message;
    cache?.cellsEdited(indices, values, job.cells, upTo, classAt, costOf);
    grid.setCells(indices.subarray(job.cells, upTo), values.subarray(job.cells, upTo));
    job.cells = upTo;
  }

  function applyCosts(job, upTo) {
    const { costs } = job.message;
    for (; job.costs < upTo; job.costs++) {
      const cls = costs[job.costs * 2];
      const before = cache ? costOf(cls) : 0;
      grid.setCost(cls, costs[job.costs * 2 + 1]);
      cache?.costEdited('default', cls, before, costOf(cls));
    }
  }

  /** A profile's table set (only the classes it changes, so its other answers stay cached), a
   * profile added, or deleted. */
  function applyProfile({ name, table }) {
    const known = grid.profiles().includes(name);
    if (table === null) {
      grid.deleteProfile(name);
      cache?.dropProfile(name);
    } else if (!known) {
      grid.setProfile(name, table);
    } else {
      for (let cls = 0; cls < table.length; cls++) {
        const before = grid.getCost(cls, name);
        if (before === table[cls]) continue;
        grid.setCost(cls, table[cls], name);
        cache?.costEdited(name, cls, before, table[cls]);
      }
    }
  }

  function run(message, index, results, transfer) {
    const { requests, options } = message;
    const base = index * REQUEST_STRIDE;
    const id = requests[base];
    waiting.delete(id);
    if (cancelled.delete(id)) return true;
    const started = now();
    const [sx, sy, gx, gy] = requests.subarray(base + 1, base + 5);
    // A search comes as its options' codes, checked and encoded on the main thread
    // (worker/protocol.js updateMessage): the grid writes them as they are, and the core checks
    // them. A field, range or canReach (worker/fields.js) comes as a snapshot with `query` set,
    // and is never cached.
    const entry = options?.[index] ?? null;
    const query = entry !== null && 'query' in entry ? entry : null;
    const codes = query ? null : entry ? receivedCodes(entry) : snapshotCodes(null);
    const key = cache && codes ? cacheKey(sx, sy, gx, gy, codes) : null;
    const profileCache = codes && cache?.of(codes);
    let result = key === null ? undefined : profileCache?.get(key);
    try {
      if (query) {
        const codes = query.codes ? { codes: receivedCodes(query.codes) } : {};
        result = answerQuery(grid, requests.subarray(base + 1, base + 5), { ...query, ...codes });
      } else if (!result) {
        result = grid.findPath(sx, sy, gx, gy, codedOptions(codes));
        profileCache?.put(key, result, sx, sy, gx, gy, codes);
      }
    } catch (error) {
      // A trap means the wasm instance can no longer be trusted: hand the grid back to the client.
      if (typeof WebAssembly === 'object' && error instanceof WebAssembly.RuntimeError) {
        broken = true;
        post({ type: 'fatal', id, error: serializeError(error) });
        return false;
      }
      results.push({ id, error: serializeError(error) });
      return true;
    }
    const answer = { ...result, id, workerMs: now() - started };
    for (const key of ['path', 'rawPath', 'expandedCells', 'traceEvents', ...QUERY_ARRAYS]) {
      if (answer[key]) {
        answer[key] = ownedArray(answer[key]);
        transfer.push(answer[key].buffer);
      }
    }
    results.push(answer);
    return true;
  }

  /**
   * A prepare (pw.prepare) runs in slices as the drain does, with a progress message after each;
   * the requests after it wait (answers go in order), and a cancel that arrives meanwhile stops
   * it. True once it is answered (or cancelled), false when the slice is over first.
   */
  function prepareSlice(job, results, started) {
    const { requests, options } = job.message;
    const id = requests[job.next * REQUEST_STRIDE];
    const stop = (answer) => {
      waiting.delete(id);
      job.prepare = null;
      if (answer) results.push(answer);
      return true;
    };
    try {
      job.prepare ??= grid.startPrepare(options[job.next].what);
      const task = job.prepare;
      while (!task.done) {
        if (cancelled.delete(id)) {
          task.cancel();
          return stop(null);
        }
        const left = SLICE_MS - (now() - started);
        if (left <= 0) return false;
        const what = task.what;
        task.step(left);
        post({ type: 'progress', id, fraction: task.progress, what });
      }
      return stop({ id, ...task.report() });
    } catch (error) {
      return stop({ id, error: serializeError(error) });
    }
  }

  /** Works on the oldest job until the slice is over; true when it is fully handled. */
  function work(job, started, results, transfer) {
    const { message } = job;
    if (message.cells && !job.loaded) {
      grid.setAll(new Uint8Array(message.cells)); // a new level, before anything else in it
      cache?.clear();
      job.loaded = true;
    }
    if (message.profile && !job.loaded) {
      applyProfile(message.profile);
      job.loaded = true;
    }
    if (message.rules && !job.ruled) {
      // Entry rules and links change which steps exist: a cached answer may no longer be
      // optimal, or legal, whatever cells it crosses.
      applyRuleEdits(grid, message.rules);
      cache?.clear();
      job.ruled = true;
    }
    const count = message.requests ? message.requests.length / REQUEST_STRIDE : 0;
    while (job.next < count && now() - started < SLICE_MS) {
      const base = job.next * REQUEST_STRIDE;
      applyCells(job, message.requests[base + 5]);
      applyCosts(job, message.requests[base + 6]);
      if (message.options?.[job.next]?.query === 'prepare') {
        if (!prepareSlice(job, results, started)) return false;
        job.next++;
        continue;
      }
      const index = job.next++;
      if (!run(message, index, results, transfer)) return false;
    }
    if (job.next < count) return false;
    applyCells(job, message.indices.length);
    applyCosts(job, message.costs ? message.costs.length / 2 : 0);
    return true;
  }

  function drain() {
    scheduled = false;
    if (broken || !grid) return;
    const started = now();
    const results = [];
    const transfer = [];
    let done = -1;
    while (jobs.length && !broken && now() - started < SLICE_MS) {
      const job = jobs[0];
      try {
        if (!work(job, started, results, transfer)) break;
      } catch (error) {
        // Checked messages should never get here; if one does, refuse it rather than die.
        jobs.shift();
        post({ type: 'protocolError', seq: job.message.seq, error: serializeError(error) });
        continue;
      }
      done = job.message.seq;
      jobs.shift();
    }
    if (broken) return;
    if (results.length || done >= 0) {
      post({ type: 'results', results, done, memoryBytes: memoryBytes() }, transfer);
    }
    schedule();
  }

  function refuse(message, error) {
    const seq = Number.isSafeInteger(message?.seq) && message.seq >= 1 ? message.seq : null;
    post({ type: 'protocolError', seq, error: serializeError(error) });
  }

  listen(endpoint, (message) => {
    if (broken) return;
    try {
      if (!message || typeof message !== 'object') {
        throw new TypeError(`a message must be an object, got ${describe(message)}`);
      }
      if (message.type === 'init') receiveInit(message);
      else if (message.type === 'update') receiveUpdate(message);
      else if (message.type === 'unreadable') {
        throw new TypeError(`a message could not be read: ${message.reason}`);
      } else throw new TypeError(`unknown message type ${describe(message.type)}`);
    } catch (error) {
      refuse(message, error);
    }
  });
}
