// What the PathWorker client (main thread, worker.js) and the worker (worker/serve.js) say to
// each other: the messages, and the plumbing both sides share.
// No Node built-ins: this runs in browsers and WeChat workers too.

import {
  OPTIONS,
  checkCost,
  checkProfileName,
  checkSize,
  describe,
  snapshotCodes,
} from '../core/checks.js';
import { readShape } from '../core/shape.js';
import { PROFILES } from '../../dist/contract.mjs';
import { checkRuleEdits } from '../core/rules.js';
//
// main -> worker
//   { type: 'init', width, height, cells: ArrayBuffer, offset, costs: Float64Array | null,
//     loadOptions, cache?, orientation, staggerAxis, staggerIndex, profiles?, saved?,
//     rules? }
//       cells transferred (copied where no transfer); cache: how many answers the worker keeps
//       (worker/cache.js), absent or 0 for none; cacheBytes?: its byte budget; the shape as
//       createGrid takes it; profiles: [name, Float64Array of 256 costs] of each movement
//       profile other than 'default', in the order they were added (set after a saved grid
//       is loaded too); saved: ArrayBuffer, what grid.save() gave, loaded instead of the cells
//       and costs (transferred); rules: entry rule and link edits (core/rules.js) after the
//       costs
//   { type: 'update', seq, cells?: ArrayBuffer, indices: Uint32Array, values: Uint8Array,
//     costs: Float64Array | null, requests: Int32Array | null, options: Array | null,
//     cancel: number[] | null, rules? }
//       cells: a new level (setAll): every cell, applied before anything else in the message.
//       rules: entry rule and link edits (core/rules.js RuleEdit), applied next, before the
//       cells and costs (the client starts a new update for a rule edit made after either).
//       indices/values: every changed cell of this flush, in the order it was changed.
//       costs: (class, cost) pairs in order. requests: REQUEST_STRIDE ints per request:
//       id, sx, sy, gx, gy, cellsBefore, costsBefore; the last two say how many of this message's
//       cell and cost edits the request must see, which keeps main-thread order exactly.
//       options[i]: a search's options as their codes (core/checks.js OptionCodes: what the
//       grid writes to the wasm heap as it is) in wire form, { changed: [slot, code, ...],
//       profile? }: only the codes that differ from the defaults (wireCodes); or a query's
//       options snapshot without `signal`, `query` naming the query (worker/fields.js), its
//       codes in `codes` in the same wire form; or null (a search with no options).
//       cancel: ids posted earlier that the caller no longer wants (handled on arrival).
//   { type: 'update', seq, profile: { name, table: Float64Array | null }, indices, values, ... }
//       a movement profile's whole table set (setProfile, or setCost on a profile), or the
//       profile deleted (table null): a message of its own, with no other edit or request.
// worker -> main
//   { type: 'ready', memoryBytes }   |   { type: 'initError', error }
//   { type: 'results', results: [...], done, memoryBytes }
//       done: seq of the last update fully handled, or -1. memoryBytes: the wasm heap's size.
//       each result: { id, status, path, cost, expanded, goal, ..., workerMs } or { id, error }
//   { type: 'protocolError', seq, error }   a message was refused, whole (nothing of it applied):
//       seq is the refused update's, or null when the message had none
//   { type: 'fatal', id, error }   the wasm instance broke while running request `id`
//
// Each side checks what it receives: the worker answers a malformed message with a
// protocolError instead of dying (checkInit, checkUpdate), and the client ignores replies it did
// not ask for (isResult, isErrorReply). error: { name, message }.

export const REQUEST_STRIDE = 7;

/** The largest request id: ids travel in the requests Int32Array (then start again at 1). */
export const MAX_REQUEST_ID = 2 ** 31 - 1;

/** The error a cancelled request rejects with (DOMException where the host has it). */
export function abortError(message = 'The path request was aborted') {
  if (typeof DOMException === 'function') return new DOMException(message, 'AbortError');
  const error = new Error(message);
  error.name = 'AbortError';
  return error;
}

/** Errors cross the thread boundary as { name, message }; rebuild the same kind here. */
export function serializeError(error) {
  if (error && typeof error === 'object') {
    return { name: String(error.name || 'Error'), message: String(error.message ?? error) };
  }
  return { name: 'Error', message: String(error) };
}

const ERROR_TYPES = { TypeError, RangeError, Error, SyntaxError, ReferenceError };

// --- the client's messages ----------------------------------------------------------------------

/** The init message for a new worker, and what to transfer with it. */
export function initMessage(
  width,
  height,
  cells,
  costPairs,
  loadOptions,
  cache = 0,
  shape = {},
  cacheBytes = undefined,
  profiles = [],
  saved = null,
  rules = [],
) {
  const pairs = [...costPairs];
  const costs = new Float64Array(pairs.length * 2);
  pairs.forEach(([cls, cost], i) => {
    costs[i * 2] = cls;
    costs[i * 2 + 1] = cost;
  });
  const message = {
    type: 'init',
    width,
    height,
    cells,
    offset: 0,
    costs: costs.length ? costs : null,
    loadOptions: loadOptions ?? null,
    ...(cache ? { cache } : {}), // answers the worker keeps (worker/cache.js)
    ...(cache && cacheBytes !== undefined ? { cacheBytes } : {}), // and its byte budget
    ...readShape(shape),
    ...(profiles.length
      ? { profiles: profiles.map(([name, table]) => [name, table.slice()]) }
      : {}),
    ...(saved ? { saved } : {}), // what grid.save() gave: loaded instead of cells and costs
    ...(rules.length ? { rules } : {}),
  };
  const transfer = [costs.buffer];
  if (cells) transfer.push(cells);
  if (saved) transfer.push(saved);
  return { message, transfer };
}

/**
 * The update message for an EditLog update, carrying the `live` requests among its own (those
 * still wanted), the `cancel` ids and, for a new level, its `cells`; and what to transfer. The
 * update keeps its arrays to replay them: the worker gets copies it can own.
 */
export function updateMessage(update, live, cancel, cells) {
  const requests = live.length ? new Int32Array(live.length * REQUEST_STRIDE) : null;
  live.forEach((request, i) => {
    const { id, sx, sy, gx, gy, cellsBefore, costsBefore } = request;
    requests.set([id, sx, sy, gx, gy, cellsBefore, costsBefore], i * REQUEST_STRIDE);
  });
  const message = {
    type: 'update',
    seq: update.seq,
    ...(cells ? { cells } : {}), // only a new level carries its cells
    ...(update.profile ? { profile: profileEdit(update.profile) } : {}),
    indices: update.indices.slice(),
    values: update.values.slice(),
    costs: update.costs.length ? update.costs.slice() : null,
    requests,
    options: live.some((request) => request.options)
      ? live.map((request) => postedOptions(request.options))
      : null,
    cancel: cancel.length ? cancel : null,
    ...(update.rules?.length ? { rules: update.rules } : {}),
  };
  const transfer = transferables([message.indices, message.values, message.costs, requests]);
  if (cells) transfer.push(cells);
  return { message, transfer };
}

/** A profile edit as it crosses: a copy of the table (the log keeps its own). */
function profileEdit({ name, table }) {
  return { name, table: table ? table.slice() : null };
}

// --- what each side accepts -------------------------------------------------------------------

/** A profile's name and its table of 256 costs (null allowed where `deleted` may be). */
function checkProfileEdit(label, name, table, mayDelete) {
  try {
    checkProfileName(name, `${label} name`);
  } catch (error) {
    throw new error.constructor(error.message);
  }
  if (name === 'default') throw new RangeError(`${label}: 'default' travels as costs`);
  if (mayDelete && table === null) return;
  checkArray(`${label} table`, table, Float64Array);
  if (table.length !== 256) {
    throw new RangeError(`${label} table must hold 256 costs, got ${table.length}`);
  }
  for (let cls = 0; cls < 256; cls++) {
    try {
      checkCost(cls, table[cls]);
    } catch (error) {
      throw new error.constructor(`${label} table[${cls}]: ${error.message}`);
    }
  }
}

/** An error as it crosses: { name, message }, both strings. */
export function isErrorReply(error) {
  return (
    error !== null &&
    typeof error === 'object' &&
    typeof error.name === 'string' &&
    typeof error.message === 'string'
  );
}

const STATUSES = new Set(['found', 'partial', 'none']);

/**
 * Whether `cells` holds x, y pairs on a `width` x `height` grid, `pairs` of them at most.
 * @param {unknown} cells
 * @param {number} width
 * @param {number} height
 */
export function isCellList(cells, width, height, pairs = Infinity) {
  if (!(cells instanceof Int32Array) || cells.length % 2 !== 0 || cells.length / 2 > pairs) {
    return false;
  }
  // Branch-free (unsigned: -1 is as far off the grid as `width`): ranges list many cells.
  let off = 0;
  for (let k = 0; k < cells.length; k += 2)
    off |= (cells[k] >>> 0 >= width ? 1 : 0) | (cells[k + 1] >>> 0 >= height ? 1 : 0);
  return off === 0;
}

/**
 * A search result as the worker sends it for a `width` x `height` grid (the id is checked by
 * the client against its own).
 */
export function isResult(answer, width, height) {
  return (
    STATUSES.has(answer.status) &&
    isCellList(answer.path, width, height) &&
    typeof answer.cost === 'number' &&
    Number.isInteger(answer.expanded)
  );
}

export function deserializeError({ name, message }) {
  if (name === 'AbortError') return abortError(message);
  const Type = ERROR_TYPES[name];
  const error = Type ? new Type(message) : new Error(message);
  if (!Type) error.name = name;
  return error;
}

/**
 * Connects to anything worker-like: a DOM Worker or worker scope (addEventListener; Node's
 * parentPort too), Node's worker_threads Worker (on), the WeChat / ByteDance style
 * `onMessage(fn)` whose callback gets the message itself, or an object with an assignable
 * `onmessage` (most engine wrappers). `onLost(reason)` is called when
 * the other side errors, exits or is killed by the host.
 */
export function listen(target, onMessage, onLost = null) {
  if (typeof target.addEventListener === 'function') {
    target.addEventListener('message', (event) => onMessage(event.data));
    if (onLost) {
      target.addEventListener('error', (event) => {
        // Keep the default report (console) but recover; the event says little more than this.
        onLost(
          event?.message
            ? `worker error: ${event.message}`
            : 'worker error: its script failed to load, or threw before saying why',
        );
      });
      target.addEventListener('messageerror', () => onLost('a message could not be deserialized'));
    }
  } else if (typeof target.on === 'function' && 'threadId' in target) {
    // Node's worker_threads Worker: an EventEmitter whose 'exit' also covers terminate().
    target.on('message', (data) => onMessage(data));
    if (onLost) {
      target.on('error', (error) => onLost(`worker error: ${error?.message ?? error}`));
      target.on('messageerror', () => onLost('a message could not be deserialized'));
      target.on('exit', (code) => onLost(`worker exited (code ${code})`));
    }
  } else if (typeof target.onMessage === 'function') {
    target.onMessage((data) => onMessage(data));
    if (onLost && typeof target.onProcessKilled === 'function') {
      target.onProcessKilled(() => onLost('the host killed the worker'));
    }
  } else {
    target.onmessage = (event) => onMessage(event && 'data' in event ? event.data : event);
    if (onLost) {
      target.onerror = (error) => onLost(`worker error: ${error?.message ?? error}`);
    }
  }
}

/** Buffers to transfer for a list of typed arrays, skipping any that cannot be moved. */
export function transferables(arrays) {
  const list = [];
  for (const array of arrays) {
    if (!array || !ArrayBuffer.isView(array)) continue;
    const { buffer } = array;
    // A SharedArrayBuffer cannot be transferred, and the same buffer must not appear twice.
    if (buffer instanceof ArrayBuffer && !list.includes(buffer)) list.push(buffer);
  }
  return list;
}

/**
 * The buffer behind `bytes` when it can be transferred as it is, else null. A view into a larger
 * buffer (or a shared one) cannot move without taking its neighbours along.
 */
export function movableBuffer(bytes) {
  const { buffer } = bytes;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  return whole && buffer instanceof ArrayBuffer ? buffer : null;
}

/**
 * A request's options as posted: a search's as the codes it was checked into on this thread, a
 * query's as its snapshot with its codes in `codes` (CODED_QUERIES); codes cross as wireCodes.
 * The worker does not read or check the options again. One snapshot posts one object, so a
 * findPaths' shared options still cross once.
 * @param {Record<string, unknown> | null} snapshot
 */
function postedOptions(snapshot) {
  if (snapshot === null) return null;
  if (!('query' in snapshot)) return wireCodes(snapshotCodes(snapshot));
  if (!snapshot.codes) return snapshot;
  return { ...snapshot, codes: wireCodes(/** @type {OptionCodes} */ (snapshot.codes)) };
}

/** @typedef {import('../core/checks.js').OptionCodes} OptionCodes */
/** @typedef {{ changed: number[], profile?: string }} WireCodes */

/** The queries (worker/fields.js) whose options travel as their codes, in `codes`. */
const CODED_QUERIES = new Set([
  'flowField',
  'reachable',
  'canReach',
  'abstractGraph',
  'repairPath',
]);

// A search's codes: one number a row of the table of options, then the "changed" mark (1).
const RECORD_LENGTH = OPTIONS.length + 1;
const DEFAULT_RECORD = snapshotCodes(null).record;

/** @type {WeakMap<object, WireCodes>} */
const wired = new WeakMap();

/**
 * Codes as they cross to a worker: the slots whose code is not the default's, as pairs
 * [slot, code, ...] in `changed`, and the profile when it is not the default (a request with two
 * options set posts four numbers, not the whole record). The same codes give the same object.
 * @param {Readonly<OptionCodes>} codes
 * @returns {WireCodes}
 */
export function wireCodes(codes) {
  let posted = wired.get(codes);
  if (posted) return posted;
  const changed = [];
  for (let slot = 0; slot < RECORD_LENGTH - 1; slot++) {
    if (codes.record[slot] !== DEFAULT_RECORD[slot]) changed.push(slot, codes.record[slot]);
  }
  posted = codes.profile === PROFILES.default ? { changed } : { changed, profile: codes.profile };
  wired.set(codes, posted);
  return posted;
}

/** @type {WeakMap<object, OptionCodes>} */
const received = new WeakMap();

/**
 * The worker's side of wireCodes: the whole codes of a search, from what checkUpdate checked
 * (once for an object shared by several requests).
 * @param {WireCodes} posted
 * @returns {OptionCodes}
 */
export function receivedCodes(posted) {
  let codes = received.get(posted);
  if (codes) return codes;
  const record = DEFAULT_RECORD.slice();
  for (let i = 0; i < posted.changed.length; i += 2)
    record[posted.changed[i]] = posted.changed[i + 1];
  codes = { record, profile: posted.profile ?? PROFILES.default };
  received.set(posted, codes);
  return codes;
}

/**
 * Checks the codes of a search posted by wireCodes: their shape only (the core checks each code,
 * as for a search on the main thread).
 * @param {string} where
 * @param {any} entry
 */
function checkPostedCodes(where, entry) {
  const { changed, profile } = entry;
  const slots = RECORD_LENGTH - 1;
  if (
    !Array.isArray(changed) ||
    changed.length % 2 !== 0 ||
    changed.length > 2 * slots ||
    !changed.every((n, i) =>
      i % 2 === 0 ? Number.isInteger(n) && n >= 0 && n < slots : typeof n === 'number',
    )
  ) {
    throw new TypeError(
      `${where}.changed must be pairs of an option's slot (0 to ${slots - 1}) and its code, got ${describe(changed)}`,
    );
  }
  if (profile !== undefined && typeof profile !== 'string') {
    throw new TypeError(`${where}.profile must be a profile name, got ${describe(profile)}`);
  }
}

/**
 * An estimate of what structured clone copies for `value`: the bytes of every typed array and
 * buffer, 8 per number, 1 per character. The same object met twice counts once (clone keeps
 * identity, so a shared options object crosses once).
 */
export function messageBytes(value, seen = new Set()) {
  if (value === null || value === undefined) return 1;
  switch (typeof value) {
    case 'number':
      return 8;
    case 'boolean':
      return 1;
    case 'string':
      return value.length + 4;
    case 'object': {
      if (seen.has(value)) return 4;
      seen.add(value);
      if (value instanceof ArrayBuffer) return value.byteLength + 8;
      if (ArrayBuffer.isView(value)) return value.byteLength + 16;
      let total = 4;
      for (const key of Object.keys(value)) total += key.length + messageBytes(value[key], seen);
      return total;
    }
    default:
      return 0;
  }
}

// --- the worker's checks of what it is sent ---------------------------------------------------

/** A typed array of `Type`, or a TypeError naming the field. */
function checkArray(label, value, Type) {
  if (!(value instanceof Type)) {
    throw new TypeError(`${label} must be a ${Type.name}, got ${describe(value)}`);
  }
  return value;
}

const isAbsent = (value) => value === null || value === undefined;

/** (class, cost) pairs in a Float64Array: how many pairs. */
function checkCostPairs(label, costs) {
  if (isAbsent(costs)) return 0;
  checkArray(label, costs, Float64Array);
  if (costs.length % 2 !== 0) {
    throw new RangeError(`${label} must hold (class, cost) pairs, got ${costs.length} numbers`);
  }
  for (let i = 0; i < costs.length; i += 2) {
    try {
      checkCost(costs[i], costs[i + 1]);
    } catch (error) {
      throw new error.constructor(`${label}[${i}]: ${error.message}`);
    }
  }
  return costs.length / 2;
}

/** Throws a TypeError / RangeError naming what is wrong with an init message. */
export function checkInit(message) {
  try {
    checkSize(message.width, message.height);
  } catch (error) {
    throw new error.constructor(`init: ${error.message}`);
  }
  const count = message.width * message.height;
  if (!isAbsent(message.cells)) {
    checkArray('init.cells', message.cells, ArrayBuffer);
    const offset = message.offset ?? 0;
    if (!Number.isInteger(offset) || offset < 0) {
      throw new RangeError(`init.offset must be an integer >= 0, got ${describe(offset)}`);
    }
    if (message.cells.byteLength < offset + count) {
      throw new RangeError(
        `init.cells holds ${message.cells.byteLength} bytes; ${offset + count} needed`,
      );
    }
  }
  checkCostPairs('init.costs', message.costs);
  if (!isAbsent(message.profiles)) {
    const most = PROFILES.max - 1;
    if (!Array.isArray(message.profiles) || message.profiles.length > most) {
      throw new TypeError(
        `init.profiles must be an array of at most ${most} [name, table] entries`,
      );
    }
    message.profiles.forEach((entry, k) =>
      checkProfileEdit(`init.profiles[${k}]`, entry?.[0], entry?.[1], false),
    );
  }
  if (!isAbsent(message.saved)) checkArray('init.saved', message.saved, ArrayBuffer);
  checkRuleEdits('init.rules', message.rules);
  const { loadOptions } = message;
  if (!isAbsent(loadOptions) && (typeof loadOptions !== 'object' || Array.isArray(loadOptions))) {
    throw new TypeError(`init.loadOptions must be an object, got ${describe(loadOptions)}`);
  }
  checkCacheSize('init.cache', message.cache);
  checkCacheBytes('init.cacheBytes', message.cacheBytes);
  readShape(message, 'init.');
}

/** A path cache's byte budget: a whole number of bytes >= 1, absent for the default. */
export function checkCacheBytes(label, bytes) {
  if (isAbsent(bytes)) return;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new RangeError(`${label} must be an integer >= 1 (bytes), got ${describe(bytes)}`);
  }
}

/** A path cache's size: how many answers to keep, 0 for none. */
export function checkCacheSize(label, cache) {
  if (isAbsent(cache)) return;
  if (!Number.isSafeInteger(cache) || cache < 0) {
    throw new RangeError(
      `${label} must be an integer >= 0 (answers to keep), got ${describe(cache)}`,
    );
  }
}

/**
 * Throws a TypeError / RangeError naming what is wrong with an update message for a
 * `width` x `height` grid, so that nothing of a malformed update is ever applied.
 */
export function checkUpdate(message, width, height) {
  const { seq } = message;
  if (!Number.isSafeInteger(seq) || seq < 1) {
    throw new TypeError(`update.seq must be an integer >= 1, got ${describe(seq)}`);
  }
  const label = `update ${seq}`;
  const count = width * height;
  if (!isAbsent(message.cells)) {
    checkArray(`${label}: cells`, message.cells, ArrayBuffer);
    if (message.cells.byteLength !== count) {
      throw new RangeError(
        `${label}: cells holds ${message.cells.byteLength} bytes; the grid has ${count} cells`,
      );
    }
  }
  const indices = checkArray(`${label}: indices`, message.indices, Uint32Array);
  const values = checkArray(`${label}: values`, message.values, Uint8Array);
  if (values.length !== indices.length) {
    throw new RangeError(
      `${label}: ${indices.length} indices but ${values.length} values; one value per index`,
    );
  }
  for (let i = 0; i < indices.length; i++) {
    if (indices[i] >= count) {
      throw new RangeError(
        `${label}: indices[${i}] is ${indices[i]}, outside the grid (${count} cells)`,
      );
    }
  }
  const costCount = checkCostPairs(`${label}: costs`, message.costs);
  if (!isAbsent(message.profile)) {
    const { name, table } = message.profile;
    checkProfileEdit(`${label}: profile`, name, table, true);
  }
  checkRuleEdits(`${label}: rules`, message.rules);
  const { requests, options, cancel } = message;
  let requestCount = 0;
  if (!isAbsent(requests)) {
    checkArray(`${label}: requests`, requests, Int32Array);
    if (requests.length % REQUEST_STRIDE !== 0) {
      throw new RangeError(
        `${label}: requests must hold ${REQUEST_STRIDE} numbers per request, got ${requests.length}`,
      );
    }
    requestCount = requests.length / REQUEST_STRIDE;
    let cellsSeen = 0;
    let costsSeen = 0;
    for (let r = 0; r < requestCount; r++) {
      const [, sx, sy, gx, gy, cellsBefore, costsBefore] = requests.subarray(
        r * REQUEST_STRIDE,
        (r + 1) * REQUEST_STRIDE,
      );
      const where = `${label}: request ${r}`;
      if (!(
        sx >= 0 &&
        sx < width &&
        gx >= 0 &&
        gx < width &&
        sy >= 0 &&
        sy < height &&
        gy >= 0 &&
        gy < height
      )) {
        throw new RangeError(`${where}: (${sx}, ${sy}) -> (${gx}, ${gy}) is outside the grid`);
      }
      // Each request sees the edits before it: as many or more than the request before it.
      if (cellsBefore < cellsSeen || cellsBefore > indices.length) {
        throw new RangeError(
          `${where}: sees ${cellsBefore} cell edits; from ${cellsSeen} to ${indices.length} expected`,
        );
      }
      if (costsBefore < costsSeen || costsBefore > costCount) {
        throw new RangeError(
          `${where}: sees ${costsBefore} cost edits; from ${costsSeen} to ${costCount} expected`,
        );
      }
      cellsSeen = cellsBefore;
      costsSeen = costsBefore;
    }
  }
  if (!isAbsent(options)) {
    if (!Array.isArray(options) || options.length !== requestCount) {
      throw new TypeError(
        `${label}: options must be an array with one entry per request (${requestCount}), got ${describe(options)}`,
      );
    }
    options.forEach((entry, r) => {
      if (isAbsent(entry)) return;
      if (typeof entry !== 'object' || Array.isArray(entry)) {
        throw new TypeError(
          `${label}: options[${r}] must be an object or null, got ${describe(entry)}`,
        );
      }
      if (!('query' in entry)) checkPostedCodes(`${label}: options[${r}]`, entry);
      else if (CODED_QUERIES.has(entry.query)) {
        const { codes } = entry;
        if (codes === null || typeof codes !== 'object') {
          throw new TypeError(
            `${label}: options[${r}].codes must be the options' codes of a ${entry.query}, got ${describe(codes)}`,
          );
        }
        checkPostedCodes(`${label}: options[${r}].codes`, codes);
      }
    });
  }
  if (!isAbsent(cancel)) {
    if (!Array.isArray(cancel) || !cancel.every((id) => Number.isInteger(id))) {
      throw new TypeError(
        `${label}: cancel must be an array of request ids, got ${describe(cancel)}`,
      );
    }
  }
}
