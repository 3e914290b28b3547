// What a game hands to a path worker, read once and checked before anything is queued or posted:
// create's `cells`, `costs` and `loadOptions`, and each request's options and signal. Shared by
// PathWorker and InThreadPathWorker, so both refuse the same things with the same errors.

import { PROFILES } from '../../dist/contract.mjs';
import {
  checkProfileName,
  costTable,
  checkRequest,
  checkSize,
  describe,
  refuseMisspelt,
  requestList,
  profileTable,
  signalOf,
  toCells,
  tooManyProfiles,
} from '../core/checks.js';
import { checkCacheBytes, checkCacheSize } from './protocol.js';
import { readShape } from '../core/shape.js';
import { readSavedBytes, readSavedGrid, readSavedRules } from '../core/saved.js';
import { SHAPES } from '../../dist/contract.mjs';

/** True when `cells` is (or views) a buffer that was transferred away: it holds nothing now. */
function isDetached(cells) {
  const buffer =
    cells instanceof ArrayBuffer ? cells : ArrayBuffer.isView(cells) ? cells.buffer : null;
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength !== 0) return false;
  try {
    buffer.slice(0); // throws on a detached buffer only (ArrayBuffer.prototype.detached is newer)
    return false;
  } catch {
    return true;
  }
}

/** `cells` for create or setAll, checked like createGrid's, with a clear word for a moved buffer. */
export function cellsOf(cells, width, height) {
  if (isDetached(cells)) {
    throw new TypeError(
      'cells is detached: its buffer was transferred to a PathWorker (by create or setAll) and ' +
        'holds no cells any more; pass a new array, or pw.cells() for a copy of the current ones',
    );
  }
  return toCells(cells, width, height);
}

// `costs` for create: the form setProfile takes too (core/checks.js).
export { costTable };

/** The grid fields of create's options, which a saved grid holds (refused beside `saved`). */
const GRID_FIELDS = [
  'width',
  'height',
  'cells',
  'costs',
  'profiles',
  'orientation',
  'staggerAxis',
  'staggerIndex',
];

/** The options PathWorker.create reads. */
export const PATH_WORKER_OPTIONS = Object.freeze([
  ...GRID_FIELDS,
  'saved',
  'worker',
  'recover',
  'loadOptions',
  'cache',
  'cacheBytes',
  'workers',
  'readyTimeout',
]);
/** InThreadPathWorker.create's: PathWorker's (so that one options object suits either), and its own. */
export const IN_THREAD_OPTIONS = Object.freeze([
  ...PATH_WORKER_OPTIONS,
  'loadPathfinder',
  'msPerFrame',
  'expansionsPerFrame',
]);

/**
 * The grid options of PathWorker.create / InThreadPathWorker.create, checked before any worker
 * starts or any wasm loads: { width, height, bytes (a view on the caller's cells, or undefined),
 * costPairs }. A key that misspells one of `known` is refused (refuseMisspelt).
 */
export function readGridOptions(options, call, known) {
  if (!options || typeof options !== 'object') {
    throw new TypeError(`${call} needs an options object { width, height, cells? }`);
  }
  refuseMisspelt(options, known, call);
  if (options.saved !== undefined) return readSavedOptions(options, call);
  const { width, height, cells, costs } = options;
  checkSize(width, height);
  // A Uint8Array or ArrayBuffer comes back as a view on the caller's own buffer.
  const bytes = cells === undefined ? undefined : cellsOf(cells, width, height);
  const costPairs = costs === undefined ? [] : costTable(costs);
  const profiles = readProfiles(options.profiles);
  // orientation, staggerAxis, staggerIndex as createGrid takes them (Tiled's defaults).
  const shape = readShape(options);
  return { width, height, bytes, costPairs, profiles, shape, saved: undefined, rules: undefined };
}

/**
 * `profiles` for create, { name: costs } (as readTiledLayer gives them): [name, table] entries,
 * each table the 256 costs setProfile would give it.
 * @param {unknown} profiles
 * @returns {[string, Float64Array][]}
 */
function readProfiles(profiles) {
  if (profiles === undefined) return [];
  if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles)) {
    throw new TypeError(`profiles must be an object { name: costs }, got ${describe(profiles)}`);
  }
  const entries = Object.entries(profiles).map(([name, costs]) => {
    checkProfileName(name, 'a profiles key');
    if (name === PROFILES.default) {
      throw new RangeError("profiles cannot hold 'default': the grid's own table is `costs`");
    }
    try {
      return /** @type {[string, Float64Array]} */ ([name, profileTable(costTable(costs))]);
    } catch (error) {
      const { constructor: Type, message } = /** @type {Error} */ (error);
      throw new /** @type {ErrorConstructor} */ (Type)(`profiles.${name}: ${message}`);
    }
  });
  if (entries.length >= PROFILES.max) throw tooManyProfiles(entries[PROFILES.max - 1][0]);
  return entries;
}

/**
 * readGridOptions for `{ saved }` (what grid.save() gave): the grid as its GRID section says,
 * and the bytes (a copy: they go to the worker), which the worker loads whole and checks.
 * @param {Record<string, unknown>} options
 * @param {string} call
 */
function readSavedOptions(options, call) {
  for (const key of GRID_FIELDS) {
    if (options[key] !== undefined) {
      throw new TypeError(
        `${call}: saved holds the grid, its cells, costs and shape: leave out '${key}'`,
      );
    }
  }
  const saved = readSavedBytes(options.saved).slice();
  const grid = readSavedGrid(saved);
  const [orientation, staggerAxis, staggerIndex] = grid.shapeCodes;
  if (
    SHAPES.orientations[orientation] === undefined ||
    SHAPES.staggerAxes[staggerAxis] === undefined ||
    SHAPES.staggerIndices[staggerIndex] === undefined
  ) {
    throw new RangeError(`saved grid, section GRID: unknown shape codes ${grid.shapeCodes}`);
  }
  const shape = readShape({
    orientation: SHAPES.orientations[orientation],
    staggerAxis: SHAPES.staggerAxes[staggerAxis],
    staggerIndex: SHAPES.staggerIndices[staggerIndex],
  });
  checkSize(grid.width, grid.height);
  /** @type {[number, number][]} */
  const costPairs = [];
  grid.costs.forEach((cost, cls) => {
    if (cost !== (cls === 0 ? 1 : 0)) costPairs.push([cls, cost]);
  });
  // Its profiles' tables as create's `profiles` gives them (Infinity where blocked).
  const profiles = grid.profiles.map(
    ([name, table]) =>
      /** @type {[string, Float64Array]} */ ([name, table.map((c) => (c === 0 ? Infinity : c))]),
  );
  return {
    width: grid.width,
    height: grid.height,
    bytes: grid.cells,
    costPairs,
    profiles,
    shape,
    saved,
    // Its entry rules and links (the worker loads them from the bytes; the main thread keeps a list).
    rules: readSavedRules(saved),
  };
}

/** `cacheBytes` for create: the path cache's byte budget (worker/cache.js), undefined for its default. */
export function readCacheBytes(options) {
  const { cacheBytes } = options;
  checkCacheBytes('cacheBytes', cacheBytes);
  return cacheBytes;
}

/** `cache` for create: how many answers to keep, 0 (the default) for none. */
export function readCacheSize(options) {
  const { cache = 0 } = options;
  checkCacheSize('cache', cache);
  return cache;
}

/**
 * `recover` for create: 'replay' (the default) or 'reject'. InThreadPathWorker has no worker to
 * lose but checks it all the same, so that a game's options fail alike on either.
 */
export function readRecover(options) {
  const { recover = 'replay' } = options;
  if (recover !== 'replay' && recover !== 'reject') {
    throw new RangeError(`recover must be 'replay' or 'reject', got ${describe(recover)}`);
  }
  return recover;
}

/** How long create waits for a worker to say it is ready when not told (see readReadyTimeout). */
export const DEFAULT_READY_TIMEOUT = 30000;
// setTimeout's longest delay; a longer one fires at once.
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * `readyTimeout` for create: milliseconds to wait for the worker to say it is ready (script
 * loaded, wasm instantiated, grid built) before giving up, DEFAULT_READY_TIMEOUT by default.
 * Returns 0 for no limit (given as 0 or Infinity). InThreadPathWorker checks it alike.
 */
export function readReadyTimeout(options) {
  const { readyTimeout = DEFAULT_READY_TIMEOUT } = options;
  const rule =
    `readyTimeout must be milliseconds from 0 to ${LONGEST_TIMER}, or Infinity (0 and ` +
    `Infinity wait for ever), got ${describe(readyTimeout)}`;
  if (typeof readyTimeout !== 'number') throw new TypeError(rule);
  if (!(readyTimeout >= 0) || (readyTimeout > LONGEST_TIMER && readyTimeout !== Infinity)) {
    throw new RangeError(rule);
  }
  return readyTimeout === Infinity ? 0 : readyTimeout;
}

/**
 * The settings both path workers' create read (PathWorker's and InThreadPathWorker's), read in
 * this one order so that the first bad one is the same whichever is created: `cache`,
 * `cacheBytes`, `recover`, `readyTimeout`.
 * @param {Record<string, unknown>} options
 */
export function readWorkerSettings(options) {
  const cache = readCacheSize(options);
  const cacheBytes = readCacheBytes(options);
  const recover = readRecover(options);
  const readyTimeout = readReadyTimeout(options);
  return { cache, cacheBytes, recover, readyTimeout };
}

/** `workers` for create: how many workers share the requests, 1 (the default) or more. */
export function readWorkerCount(options) {
  const { workers = 1, worker } = options;
  if (!Number.isSafeInteger(workers) || workers < 1) {
    throw new RangeError(`workers must be an integer >= 1, got ${describe(workers)}`);
  }
  if (workers > 1 && worker !== undefined && typeof worker !== 'function') {
    throw new TypeError(
      `workers is ${workers} but worker is one object: pass a function returning a new worker each call`,
    );
  }
  return workers;
}

/** `loadOptions` for create: plain data the worker's loader gets (no functions cross threads). */
export function checkLoadOptions(loadOptions) {
  if (loadOptions === undefined || loadOptions === null) return null;
  if (typeof loadOptions !== 'object' || Array.isArray(loadOptions)) {
    throw new TypeError(`loadOptions must be an object, got ${describe(loadOptions)}`);
  }
  const copy = {};
  for (const key of Object.keys(loadOptions)) {
    const value = loadOptions[key];
    if (typeof value === 'function') {
      throw new TypeError(
        `loadOptions.${key} is a function: it cannot be sent to a worker (locateFile and ` +
          'instantiateWasm belong in the worker script, see serveWorker)',
      );
    }
    copy[key] = value;
  }
  return copy;
}

/**
 * One findPath request, checked: [sx, sy, gx, gy, options snapshot] and its signal. Each option
 * is read once; the snapshot is what is checked and what is posted, so a getter that answers
 * differently later changes nothing. Throws the sync API's errors.
 */
export function readRequest(width, height, sx, sy, gx, gy, options) {
  /** @type {[any, any, any, any, { profile?: string } | null]} */
  const request = [sx, sy, gx, gy, null];
  const snapshot = checkRequest(width, height, sx, sy, gx, gy, options);
  request[4] = snapshot;
  return { request, signal: signalOf(snapshot) ?? null };
}

/**
 * The requests of a findPaths call, checked (see requestList), and the signal of `options`, which
 * cancels them all. A request's own options may not carry a signal: one signal per call.
 */
export function readRequests(requests, options, width, height) {
  const list = requestList(requests, options, width, height);
  if (typeof requests[0] === 'object') {
    for (let i = 0; i < requests.length; i++) {
      const own = requests[i].options;
      if (signalOf(list[i][4]) !== undefined && own !== undefined) {
        throw new TypeError(
          `requests[${i}].options.signal: a findPaths signal goes in its second argument, ` +
            'where it cancels the whole call',
        );
      }
    }
  }
  return { list, signal: signalOf(list) ?? null };
}
