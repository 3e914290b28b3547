// Argument checks shared by the in-thread API and the worker client, so both throw the
// same TypeError / RangeError, naming the argument and the bad value, before anything
// reaches wasm or is posted to a worker.
import { ENUM_OPTIONS, LIMITS, OPTIONS as OPTION_TABLE, PROFILES } from '../../dist/contract.mjs';

const { maxSide: MAX_SIDE, maxCells: MAX_CELLS, classes: CLASSES, maxCost: MAX_COST } = LIMITS;
const MAX_CLASS = CLASSES - 1;

/** @typedef {import('../index.js').SearchOptions} SearchOptions */
/** @typedef {{ aborted: boolean, addEventListener: Function, removeEventListener: Function }} SignalLike */
/**
 * One option of the table of options (cpp/include/tilepath/options.hpp kOptionTable, through
 * dist/contract.mjs): its kind, the queries that take it, its default code (null: Infinity),
 * its names (a choice), its range (a number or an integer) and the rule its messages state.
 * @typedef {{ name: string, kind: 'choice' | 'number' | 'integer' | 'flag' | 'profile',
 *   queries: readonly string[], default: number | null, names: readonly string[], min: number,
 *   max: number, infinite: boolean, rule: string }} OptionSpec
 */
/**
 * A query's options as the wasm takes them: `record`, the codes by slot (an option's index in
 * OPTIONS) then the "changed" mark, ready to be copied to the grid's optionsAddress(); and the
 * profile's name, whose slot each grid writes at OPTION_SLOT.profile.
 * (A plain array: cheaper to make than a typed one, for options given as a fresh literal.)
 * @typedef {{ record: number[], profile: string }} OptionCodes
 */
/**
 * A request of a findPaths list: start, goal, options snapshot.
 * @typedef {[number, number, number, number, SearchOptions | null]} RequestEntry
 */

/** A value as a message shows it: `"text"`, `1.5`, `an array of length 3`, `an object`, `a Map`. */
/** @param {unknown} value */
export function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  const proto = Object.getPrototypeOf(value);
  /** @type {unknown} */
  const name = proto === null || proto === Object.prototype ? '' : proto.constructor?.name;
  if (typeof name !== 'string' || name === '' || name === 'Object') return 'an object';
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * The name of `known` that `key` misspells: at most two edits away (insertions, deletions,
 * substitutions), in any case; the closest one, the first listed on a tie. Undefined when `key`
 * is itself known or near none of them.
 * @param {string} key
 * @param {readonly string[]} known
 * @returns {string | undefined}
 */
export function misspeltName(key, known) {
  if (known.includes(key)) return undefined;
  let meant;
  let best = 3;
  for (const name of known) {
    const edits = editDistance(key.toLowerCase(), name.toLowerCase(), best);
    if (edits < best) [meant, best] = [name, edits];
  }
  return meant;
}

/**
 * The TypeError of an option `key` that is none of `known`: it names the one meant when `key`
 * misspells it (misspeltName), then every known option.
 * @param {string} key
 * @param {readonly string[]} known
 */
export function unknownOption(key, known) {
  const meant = misspeltName(key, known);
  const hint = meant === undefined ? '' : `did you mean '${meant}'? `;
  return new TypeError(`unknown option '${key}' (${hint}known: ${known.join(', ')})`);
}

/**
 * Refuses an own key of `given` that misspells one of `known` (misspeltName). Other keys stay
 * allowed (a Tiled layer or a game's own settings may ride along), but a near miss is a typo that
 * would silently give another map or another worker: a TypeError names the key and the one meant.
 * @param {object} given
 * @param {readonly string[]} known
 * @param {string} where the call, as the message starts: `createGrid`, `PathWorker.create`
 * @param {string} [what] what the keys are: `option`, `field`
 */
export function refuseMisspelt(given, known, where, what = 'option') {
  for (const key of Object.keys(given)) {
    const meant = misspeltName(key, known);
    if (meant !== undefined) {
      throw new TypeError(`${where}: unknown ${what} '${key}' (did you mean '${meant}'?)`);
    }
  }
}

/**
 * The edits (insertions, deletions, substitutions) between `a` and `b`, or `limit` when there
 * are `limit` or more: names whose lengths differ that much are not compared at all.
 * @param {string} a
 * @param {string} b
 * @param {number} limit
 */
function editDistance(a, b, limit) {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j] + 1, row[j - 1] + 1));
    }
    previous = row;
  }
  return Math.min(previous[b.length], limit);
}

/**
 * An integer in [min, max]: TypeError when not an integer number, RangeError when outside.
 * @param {string} name
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @returns {number}
 */
export function checkInteger(name, value, min, max) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw new RangeError(`${name} must be from ${min} to ${max}, got ${value}`);
  }
  return value;
}

/**
 * The `unitSize` option of every query (findPath, startSearch, flowField, reachable, canReach,
 * watchPath): left out it is one tile; anything else, null included, must be a whole size.
 * @param {unknown} value
 * @returns {number}
 */
export function checkUnitSize(value) {
  const { default: oneTile } = OPTION.unitSize;
  return value === undefined ? /** @type {number} */ (oneTile) : optionCode(OPTION.unitSize, value);
}

/**
 * @param {unknown} width
 * @param {unknown} height
 */
export function checkSize(width, height) {
  const w = checkInteger('width', width, 1, MAX_SIDE);
  const h = checkInteger('height', height, 1, MAX_SIDE);
  if (w * h > MAX_CELLS) {
    throw new RangeError(
      `width x height must be at most ${MAX_CELLS} cells, got ${w} x ${h} = ${w * h}`,
    );
  }
}

/**
 * @param {unknown} cls
 * @returns {number}
 */
export function checkClass(cls, name = 'class') {
  return checkInteger(name, cls, 0, MAX_CLASS);
}

/**
 * @param {number} width
 * @param {number} height
 * @param {unknown} x
 * @param {unknown} y
 * @returns {[number, number]}
 */
export function checkCoordinates(width, height, x, y, xName = 'x', yName = 'y') {
  return [checkInteger(xName, x, 0, width - 1), checkInteger(yName, y, 0, height - 1)];
}

/** A rectangle for fillRect: integers, clipped to the grid later, so it may stick out; a
 * negative size is a mistake (an empty one, 0, is not).
 * @param {unknown} x
 * @param {unknown} y
 * @param {unknown} w
 * @param {unknown} h
 * @param {unknown} cls
 */
export function checkRect(x, y, w, h, cls) {
  const limit = 2 * MAX_SIDE;
  checkInteger('x', x, -limit, limit);
  checkInteger('y', y, -limit, limit);
  checkInteger('w', w, 0, limit);
  checkInteger('h', h, 0, limit);
  checkClass(cls);
}

/**
 * @param {unknown} cls
 * @param {unknown} cost
 */
export function checkCost(cls, cost) {
  checkClass(cls);
  const rule = `cost must be 0 or Infinity (blocked) or a positive number, got ${describe(cost)}`;
  if (typeof cost !== 'number') throw new TypeError(rule);
  if (Number.isNaN(cost) || cost < 0) throw new RangeError(rule);
  // The core's bound: no path cost can then overflow or lose the fractions between two routes.
  if (cost > MAX_COST && cost !== Infinity) {
    throw new RangeError(
      `cost must be at most ${MAX_COST} (or Infinity for blocked), got ${describe(cost)}`,
    );
  }
}

/**
 * True when `buffer` was detached (transferred to a worker, for one).
 * @param {ArrayBuffer} buffer
 */
function isDetached(buffer) {
  const flag = /** @type {{ detached?: unknown }} */ (buffer).detached; // newer engines say it
  if (typeof flag === 'boolean') return flag;
  if (buffer.byteLength !== 0) return false;
  try {
    new Uint8Array(buffer); // only a detached buffer refuses a view
    return false;
  } catch {
    return true;
  }
}

/**
 * @param {string} name
 * @param {ArrayBufferLike} buffer
 */
function refuseDetached(name, buffer) {
  if (buffer instanceof ArrayBuffer && isDetached(buffer)) {
    throw new TypeError(
      `${name} has no bytes left: its ArrayBuffer was detached (transferred, for example to a ` +
        `PathWorker). Pass a copy (${name}.slice()) when you still need it`,
    );
  }
}

/**
 * Returns the cells as a Uint8Array of width * height (the same object when it already is one,
 * a view for an ArrayBuffer, a checked copy for other array-likes). Reads nothing of the caller's
 * after it returns, so callers check cells before they allocate or touch a grid.
 * @param {unknown} cells
 * @param {number} width
 * @param {number} height
 * @returns {Uint8Array}
 */
export function toCells(cells, width, height, name = 'cells') {
  const expected = width * height;
  let bytes;
  if (cells instanceof Uint8Array || cells instanceof Uint8ClampedArray) {
    refuseDetached(name, cells.buffer);
    bytes =
      cells instanceof Uint8Array
        ? cells
        : new Uint8Array(cells.buffer, cells.byteOffset, cells.length);
  } else if (cells instanceof ArrayBuffer) {
    refuseDetached(name, cells);
    bytes = new Uint8Array(cells);
  } else if ((ArrayBuffer.isView(cells) && !(cells instanceof DataView)) || Array.isArray(cells)) {
    if (ArrayBuffer.isView(cells)) refuseDetached(name, cells.buffer);
    const list = /** @type {ArrayLike<unknown>} */ (cells);
    if (list.length !== expected) {
      throw new RangeError(
        `${name} must have width * height = ${expected} entries, got ${list.length}`,
      );
    }
    bytes = new Uint8Array(expected);
    for (let i = 0; i < expected; i++) bytes[i] = checkClass(list[i], `${name}[${i}]`);
    return bytes;
  } else {
    throw new TypeError(
      `${name} must be a Uint8Array, ArrayBuffer or array of classes, got ${describe(cells)}`,
    );
  }
  if (bytes.length !== expected) {
    throw new RangeError(
      `${name} must have width * height = ${expected} entries, got ${bytes.length}`,
    );
  }
  return bytes;
}

/**
 * Checks (index, class) edits; returns them as Uint32Array + Uint8Array.
 * @param {unknown} indices
 * @param {unknown} classes
 * @param {number} cellCount
 */
export function toDeltas(indices, classes, cellCount) {
  if (!isArrayLike(indices)) {
    throw new TypeError(`indices must be an array of cell indices, got ${describe(indices)}`);
  }
  if (ArrayBuffer.isView(indices)) refuseDetached('indices', indices.buffer);
  const n = indices.length;
  const single = typeof classes === 'number';
  if (single) checkClass(classes, 'classes');
  else if (!isArrayLike(classes) || typeof classes !== 'object') {
    throw new TypeError(
      `classes must be one class or an array of classes, got ${describe(classes)}`,
    );
  } else if (classes.length !== n) {
    throw new RangeError(`classes must be as long as indices (${n}), got ${describe(classes)}`);
  }
  const outIndices = new Uint32Array(n);
  const outClasses = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    outIndices[k] = checkInteger(`indices[${k}]`, indices[k], 0, cellCount - 1);
    outClasses[k] = single ? classes : checkClass(classes[k], `classes[${k}]`);
  }
  return { indices: outIndices, classes: outClasses };
}

/**
 * @param {unknown} value
 * @returns {value is ArrayLike<unknown>}
 */
function isArrayLike(value) {
  return value != null && typeof (/** @type {{ length?: unknown }} */ (value).length) === 'number';
}

/** The table of options, in slot order. */
export const OPTIONS = /** @type {readonly OptionSpec[]} */ (/** @type {unknown} */ (OPTION_TABLE));
/** Each option by name. */
export const OPTION = /** @type {Readonly<Record<string, OptionSpec>>} */ (
  Object.freeze(Object.fromEntries(OPTIONS.map((o) => [o.name, o])))
);
/** Each option's slot in a record, by name. */
export const OPTION_SLOT = /** @type {Readonly<Record<string, number>>} */ (
  Object.freeze(Object.fromEntries(OPTIONS.map((o, slot) => [o.name, slot])))
);
/** The names of the options a query takes ('path', 'repair', 'field', 'reach', 'rectangles'). */
/** @param {string} query */
const optionsOf = (query) => OPTIONS.filter((o) => o.queries.includes(query)).map((o) => o.name);
// Every option at its default, and the "changed" mark set: the record a query starts from.
const DEFAULT_RECORD = [...OPTIONS.map((o) => o.default ?? Infinity), 1];

/** Each enum option's names a user may give (an empty name is a default that cannot be asked for). */
/**
 * @template {string} Name
 * @param {{ names: readonly (Name | '')[] }} option
 * @returns {readonly Name[]}
 */
const givenNames = (option) =>
  Object.freeze(option.names.filter(/** @returns {n is Name} */ (n) => n !== ''));
/** @typedef {typeof ENUM_OPTIONS} EnumOptions */
/** @typedef {{ readonly [K in keyof EnumOptions]: readonly Exclude<EnumOptions[K]['names'][number], ''>[] }} OptionValues */
export const OPTION_VALUES = /** @type {OptionValues} */ (
  Object.freeze(
    Object.fromEntries(
      Object.entries(ENUM_OPTIONS).map(([name, option]) => [name, givenNames(option)]),
    ),
  )
);
const SEARCH_OPTIONS = optionsOf('path');
// `signal` belongs to the worker (cancelling a request); the in-thread API checks and ignores it.
// The signal of each snapshot and request list that had one, kept beside them (never in them),
// so that neither postMessage nor JSON sees it (an AbortSignal cannot be cloned).
/** @type {WeakMap<object, SignalLike>} */
const signals = new WeakMap();
// The codes each snapshot was encoded to when it was checked (readOptionsOf), kept beside it in
// the same way: what a worker is posted, and what its cache is keyed on (snapshotCodes).
/** @type {WeakMap<object, Readonly<OptionCodes>>} */
const snapshotCodesOf = new WeakMap();

/**
 * A query's options already checked and encoded on another thread or layer (codedOptions): a
 * grid's query takes their codes as they are, without reading or checking them again (the core
 * still checks every code). Only the library makes them; the package does not export the class.
 */
class CodedOptions {
  /**
   * @param {Readonly<OptionCodes>} codes
   * @param {SignalLike | undefined} signal
   */
  constructor(codes, signal) {
    this.codes = codes;
    this.signal = signal;
    Object.freeze(this);
  }
  get profile() {
    return this.codes.profile;
  }
}

/**
 * Options for any query of a grid (findPath, startSearch, a PathScheduler, flowField, reachable,
 * canReach, repairPath, abstractGraph) that are `codes` as they are (made by readOptions and the
 * other readers, or posted from the main thread), with a signal for the scheduler.
 * @param {Readonly<OptionCodes>} codes
 * @param {SignalLike} [signal]
 */
export function codedOptions(codes, signal) {
  return new CodedOptions(codes, signal);
}

/**
 * The code of a given value of an option (not left out), checked by its kind, with the message
 * of its rule: the index of a choice's name, a number, an integer, 1 or 0 for a flag.
 * @param {OptionSpec} o
 * @param {unknown} value
 * @returns {number}
 */
function optionCode(o, value) {
  const { name } = o;
  switch (o.kind) {
    case 'choice': {
      const k = typeof value !== 'string' || value === '' ? -1 : o.names.indexOf(value);
      if (k >= 0) return k;
      const message = `${name} must be ${o.rule}, got ${describe(value)}`;
      throw typeof value === 'string' ? new RangeError(message) : new TypeError(message);
    }
    case 'number':
      if (typeof value !== 'number') {
        throw new TypeError(`${name} must be a number, got ${describe(value)}`);
      }
      if (!(value >= o.min) || (!o.infinite && !Number.isFinite(value))) {
        throw new RangeError(`${name} must be ${o.rule}, got ${describe(value)}`);
      }
      return value;
    case 'integer':
      return checkInteger(name, value, o.min, o.max);
    case 'flag':
      if (typeof value !== 'boolean') {
        throw new TypeError(`${name} must be ${o.rule}, got ${describe(value)}`);
      }
      return value ? 1 : 0;
  }
  throw new Error(`option ${name} of kind ${o.kind} has no code`);
}

/**
 * @param {unknown} signal
 * @returns {asserts signal is SignalLike | undefined}
 */
function checkSignal(signal) {
  if (signal === undefined || signal === null) return;
  const { aborted, addEventListener, removeEventListener } = /** @type {Partial<SignalLike>} */ (
    Object(signal)
  );
  if (
    typeof signal !== 'object' ||
    typeof aborted !== 'boolean' ||
    typeof addEventListener !== 'function' ||
    typeof removeEventListener !== 'function'
  ) {
    throw new TypeError(`signal must be an AbortSignal, got ${describe(signal)}`);
  }
}

/**
 * Checks a snapshot's values of the options `names` and encodes them as the record the wasm
 * reads (the others at their defaults).
 * @param {readonly string[]} names
 * @param {Record<string, unknown>} o
 * @returns {OptionCodes}
 */
function encodeSnapshotOf(names, o) {
  const record = DEFAULT_RECORD.slice();
  /** @type {string} */
  let profile = PROFILES.default;
  // The snapshot holds only the options given (readOptionsOf), in the order of `names`.
  for (const name in o) {
    const value = o[name];
    if (value === undefined || !names.includes(name)) continue;
    const spec = OPTION[name];
    if (spec.kind === 'profile') profile = checkProfileName(value);
    else record[OPTION_SLOT[name]] = optionCode(spec, value);
  }
  return { record, profile };
}
/** @param {Record<string, unknown>} o */
const encodeSnapshot = (o) => encodeSnapshotOf(SEARCH_OPTIONS, o);

// --- movement profiles -------------------------------------------------------------------------

// As cpp/src/profiles/profiles.cpp checks a name: printable ASCII, 1 to PROFILES.maxNameLength.
const PROFILE_NAME = new RegExp(`^[\\x20-\\x7e]{1,${PROFILES.maxNameLength}}$`);

/**
 * A profile's name (setProfile, deleteProfile, setCost's third argument, the `profile` option).
 * @param {unknown} name
 * @param {string} [what]
 * @returns {string}
 */
export function checkProfileName(name, what = 'profile') {
  if (typeof name !== 'string') {
    throw new TypeError(`${what} must be a profile's name (a string), got ${describe(name)}`);
  }
  if (!PROFILE_NAME.test(name)) {
    throw new RangeError(
      `${what} must be 1 to ${PROFILES.maxNameLength} printable ASCII characters, got ${describe(name)}`,
    );
  }
  return name;
}

/**
 * The error for a profile name a grid does not have, with the one it misspells (misspeltName).
 * @param {string} name
 * @param {readonly string[]} known the grid's profiles, 'default' first
 */
export function unknownProfile(name, known) {
  const meant = misspeltName(name, known);
  const hint = meant === undefined ? '' : `did you mean '${meant}'? `;
  return new RangeError(
    `unknown profile '${name}' (${hint}profiles: ${known.join(', ')}; add one with setProfile(name, costs))`,
  );
}

/**
 * A profile's whole table from setProfile's (class, cost) pairs, laid over the core's default
 * table (class 0 costs 1, every other class is blocked): Infinity where blocked.
 * @param {Iterable<[number, number]>} pairs
 */
export function profileTable(pairs) {
  const table = new Float64Array(CLASSES).fill(Infinity);
  table[0] = 1;
  for (const [cls, cost] of pairs) table[cls] = cost === 0 ? Infinity : cost;
  return table;
}

/**
 * The error for a profile past the limit, as the core words it (cpp/src/profiles/profiles.cpp).
 * @param {string} name
 */
export function tooManyProfiles(name) {
  return new RangeError(
    `a grid holds at most ${PROFILES.max} profiles ('default' included): delete one with ` +
      `deleteProfile(name) before adding '${name}'`,
  );
}

/** The error for deleteProfile('default'), as the core words it. */
export function defaultUndeletable() {
  return new RangeError(
    "profile 'default' is the grid's own table and cannot be deleted (set its costs with " +
      "setCost, or replace it with setProfile('default', costs))",
  );
}

/**
 * Refuses a profile name that is not one of `known` (undefined and 'default' always are).
 * @param {unknown} profile
 * @param {Iterable<string>} known the profiles as the game last set them, 'default' first
 */
export function checkKnownProfile(profile, known) {
  if (profile === undefined || profile === PROFILES.default) return;
  const names = [...known];
  if (!names.includes(/** @type {string} */ (profile)))
    throw unknownProfile(checkProfileName(profile), names);
}

/**
 * `costs` of PathWorker.create and setProfile, as (class, cost) pairs: an array (or typed array)
 * indexed by class, of at most 256 entries, holes and undefined keeping the default; a Map from
 * class to cost; or an object whose own keys are classes written as plain integers. Nothing is
 * iterated beyond 256 entries, whatever `length` claims.
 * @param {unknown} costs
 * @returns {[number, number][]}
 */
export function costTable(costs) {
  if (!costs || typeof costs !== 'object') {
    throw new TypeError(
      `costs must be an array indexed by class or an object { [class]: cost }, got ${describe(costs)}`,
    );
  }
  /** @type {[number, number][]} */
  const pairs = [];
  /**
   * @param {string} label
   * @param {unknown} cls
   * @param {unknown} cost
   */
  const add = (label, cls, cost) => {
    try {
      checkCost(cls, cost);
    } catch (error) {
      const { constructor: Type, message } = /** @type {Error} */ (error);
      throw new /** @type {ErrorConstructor} */ (Type)(`${label}: ${message}`);
    }
    pairs.push([/** @type {number} */ (cls), /** @type {number} */ (cost)]);
  };
  if (Array.isArray(costs) || (ArrayBuffer.isView(costs) && !(costs instanceof DataView))) {
    const list = /** @type {ArrayLike<unknown>} */ (costs);
    const { length } = list; // read once: a lying length cannot change between reads
    if (!(length <= CLASSES)) {
      throw new RangeError(
        `costs has ${length} entries, but classes go from 0 to 255 (at most 256 entries)`,
      );
    }
    for (let cls = 0; cls < length; cls++) {
      const cost = list[cls];
      if (cost !== undefined) add(`costs[${cls}]`, cls, cost); // a hole keeps the default
    }
    return pairs;
  }
  if (costs instanceof Map) {
    if (costs.size > CLASSES) {
      throw new RangeError(`costs has ${costs.size} entries, but classes go from 0 to 255`);
    }
    for (const [cls, cost] of costs) add(`costs key ${describe(cls)}`, cls, cost);
    return pairs;
  }
  const keys = Object.keys(costs);
  if (keys.length > CLASSES) {
    throw new RangeError(`costs has ${keys.length} keys, but classes go from 0 to 255`);
  }
  const table = /** @type {Record<string, unknown>} */ (costs);
  for (const key of keys) {
    if (!CLASS_KEY.test(key)) {
      throw new TypeError(
        `costs key ${JSON.stringify(key)} is not a class: keys must be classes from 0 to 255 ` +
          'written as plain integers',
      );
    }
    const cost = table[key];
    if (cost !== undefined) add(`costs[${key}]`, Number(key), cost);
  }
  return pairs;
}
/** A class written as a plain integer: "0", "7", "255" (not "", " 2 ", "0x2", "02", "2.0"). */
const CLASS_KEY = /^(?:0|[1-9][0-9]{0,2})$/;

/**
 * Reads a search options object once, the same way for every caller: refuses any enumerable key
 * it does not know (own or inherited), then reads each known option once by name (own or
 * inherited, plain or getter, enumerable or not) and checks the values read. Returns
 * `options`: a plain snapshot of the options given (null when none), which later changes to the
 * caller's object cannot affect and which can be posted to a worker; `signal`: the AbortSignal,
 * which signalOf(snapshot) also gives; `codes`: the numbers the wasm call takes.
 * @param {unknown} options
 * @returns {{ options: SearchOptions | null, signal: SignalLike | undefined, codes: OptionCodes }}
 */
export function readOptions(options) {
  const read = readOptionsOf(options, SEARCH_OPTIONS);
  // Checked by encodeSnapshot: every value has its option's type.
  return { ...read, options: /** @type {SearchOptions | null} */ (read.options) };
}

const DEFAULT_CODES = Object.freeze(encodeSnapshot({}));
const NO_OPTIONS = Object.freeze({ options: null, signal: undefined, codes: DEFAULT_CODES });
// The search options object read last by readSearchCodes, the options it gave a value (its
// enumerable keys, in the order of SEARCH_NAMES), those values, and their codes.
/** @type {object | null} */
let lastOptions = null;
/** @type {string[]} */
let lastKeys = [];
/** @type {unknown[]} */
const lastValues = [];
/** @type {Readonly<OptionCodes>} */
let lastCodes = DEFAULT_CODES;
// The values of every search option (SEARCH_NAMES) the last object read in full gave, and their
// codes (null when they were refused).
/** @type {unknown[]} */
const fullValues = [];
/** @type {Readonly<OptionCodes> | null} */
let fullCodes = DEFAULT_CODES;

/**
 * readOptions(options).codes, without its work for the calls that repeat themselves: no options,
 * or the same object as the last call with as many enumerable keys and the same value in each
 * (a key added, removed or renamed, a value changed: checked again). Each option given is read
 * once by name, as readOptions reads it.
 * @param {unknown} options
 * @returns {Readonly<OptionCodes>}
 */
export function readSearchCodes(options) {
  if (options === undefined || options === null) return DEFAULT_CODES;
  if (options instanceof CodedOptions) return options.codes;
  if (options === lastOptions && enumerableKeys(options) === lastKeys.length) {
    // The same object with as many keys: the same keys, unless a value changed.
    const given = /** @type {Record<string, unknown>} */ (options);
    let same = true;
    for (let k = 0; k < lastKeys.length; k++) {
      const value = given[lastKeys[k]];
      if (value !== lastValues[k]) same = false;
      lastValues[k] = value;
    }
    if (same) return lastCodes;
    // Changed: the values just read are checked as readOptions checks them (read once, not again).
    lastOptions = null;
    /** @type {Record<string, unknown>} */
    const snapshot = {};
    lastKeys.forEach((name, k) => {
      if (lastValues[k] !== undefined) snapshot[name] = lastValues[k];
    });
    refuseUnknown(given, SEARCH_OPTIONS);
    checkSignal(snapshot.signal);
    lastCodes = Object.freeze(encodeSnapshot(snapshot));
    // A value turned undefined leaves its key in place: read in full next time.
    if (Object.keys(snapshot).length === lastKeys.length) lastOptions = options;
    return lastCodes;
  }
  // Another object: read in full, as readOptions reads it (each known name once, own or
  // inherited), but without its snapshot: when every value is the one the last object read in
  // full gave (a fresh literal of the same options each call), so are the codes.
  if (typeof options !== 'object' || Array.isArray(options)) return readOptions(options).codes;
  lastOptions = null; // a throwing read leaves nothing cached
  const given = /** @type {Record<string, unknown>} */ (options);
  let keys = 0;
  for (const key in given) {
    if (key !== 'signal' && !SEARCH_OPTIONS.includes(key)) {
      throw unknownOption(key, SEARCH_NAMES);
    }
    keys++;
  }
  let same = true;
  let defined = 0;
  for (let k = 0; k < SEARCH_NAMES.length; k++) {
    const value = given[SEARCH_NAMES[k]];
    if (value !== fullValues[k]) same = false;
    fullValues[k] = value;
    if (value !== undefined) defined++;
  }
  if (!same || fullCodes === null) {
    fullCodes = null; // until these values are found good
    /** @type {Record<string, unknown>} */
    const snapshot = {};
    for (let k = 0; k < SEARCH_NAMES.length; k++)
      if (fullValues[k] !== undefined) snapshot[SEARCH_NAMES[k]] = fullValues[k];
    checkSignal(snapshot.signal);
    fullCodes = Object.freeze(encodeSnapshot(snapshot));
  }
  lastCodes = fullCodes;
  // Kept for the same-object path only when the enumerable keys are exactly the options given a
  // value, so that as many keys later means the same keys.
  lastKeys = SEARCH_NAMES.filter((_, k) => fullValues[k] !== undefined);
  for (let k = 0, j = 0; k < SEARCH_NAMES.length; k++)
    if (fullValues[k] !== undefined) lastValues[j++] = fullValues[k];
  if (keys === defined) lastOptions = options;
  return lastCodes;
}
const SEARCH_NAMES = [...SEARCH_OPTIONS, 'signal'];

/**
 * How many enumerable keys `object` has, own and inherited, as readOptions' for-in sees them.
 * @param {object} object
 */
function enumerableKeys(object) {
  let n = 0;
  for (const key in object) if (key !== undefined) n++;
  return n;
}

/**
 * Refuses any enumerable key (own or inherited) that is not `signal` or one of `names`.
 * @param {object} options
 * @param {readonly string[]} names
 */
function refuseUnknown(options, names) {
  for (const key in options) {
    if (key !== 'signal' && !names.includes(key)) throw unknownOption(key, [...names, 'signal']);
  }
}

/**
 * What readOptions does, for any query's list of option names (`signal` is always known).
 * @param {unknown} options
 * @param {readonly string[]} names
 * @returns {{ options: Record<string, unknown> | null, signal: SignalLike | undefined,
 *   codes: Readonly<OptionCodes> }}
 */
function readOptionsOf(options, names) {
  // Every query's defaults are the same record: one object, which a grid need not write twice.
  if (options === undefined || options === null) return NO_OPTIONS;
  if (options instanceof CodedOptions) {
    return { options: /** @type {any} */ (options), signal: options.signal, codes: options.codes };
  }
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  refuseUnknown(options, names);
  const given = /** @type {Record<string, unknown>} */ (options);
  /** @type {Record<string, unknown>} */
  const snapshot = {};
  for (const name of names) {
    const value = given[name];
    if (value !== undefined) snapshot[name] = value;
  }
  const signal = given.signal;
  checkSignal(signal);
  const codes = encodeSnapshotOf(names, snapshot);
  if (signal != null) signals.set(snapshot, signal);
  snapshotCodesOf.set(snapshot, codes);
  return { options: snapshot, signal, codes };
}

// --- flow fields, movement ranges, reachability ------------------------------------------------

const FIELD_OPTIONS = optionsOf('field');
const REACH_OPTIONS = optionsOf('reach');

/**
 * The options of flowField and reachable (`diagonal`, `maxCost`, `unitSize`, `profile`,
 * `signal`), read as readOptions reads a search's.
 * @param {unknown} options
 */
export function readFieldOptions(options) {
  return readOptionsOf(options, FIELD_OPTIONS);
}

/**
 * The options of canReach (`diagonal`, `unitSize`, `profile`, `signal`).
 * @param {unknown} options
 */
export function readReachOptions(options) {
  return readOptionsOf(options, REACH_OPTIONS);
}

const RECTANGLE_OPTIONS = optionsOf('rectangles');
/**
 * rectangles' options: `sameClass` (default false).
 * @param {unknown} options
 */
export function readRectangleOptions(options) {
  return readOptionsOf(options, RECTANGLE_OPTIONS);
}

/** The detour bound of repairPath when none is given (RepairOptions in cpp/include/tilepath/repair.hpp). */
export const DEFAULT_DETOUR_EXPANSIONS = OPTION.detourExpansions.default;
const REPAIR_OPTIONS = optionsOf('repair');
/**
 * repairPath's options: findPath's, plus `detourExpansions` (the local detour's bound).
 * @param {unknown} options
 */
export function readRepairOptions(options) {
  return readOptionsOf(options, REPAIR_OPTIONS);
}

/**
 * A flow field's goals: `[x, y]`, a flat list x0, y0, x1, y1, ... (any array-like of numbers), or
 * a list of [x, y] pairs. Returns them checked, as a flat Int32Array of x, y.
 * @param {unknown} goals
 * @param {number} width
 * @param {number} height
 * @returns {Int32Array}
 */
export function readGoals(goals, width, height) {
  const usage = 'goals must be [x, y], a flat list x0, y0, x1, y1, ... or a list of [x, y] pairs';
  if (!isArrayLike(goals) || typeof goals === 'string') {
    throw new TypeError(`${usage}, got ${describe(goals)}`);
  }
  if (ArrayBuffer.isView(goals)) refuseDetached('goals', goals.buffer);
  const pairs = goals.length > 0 && typeof goals[0] === 'object' && goals[0] !== null;
  const count = pairs ? goals.length * 2 : goals.length;
  if (count === 0) throw new RangeError(`goals must hold at least one x, y pair, got none`);
  if (count % 2 !== 0) {
    throw new RangeError(`${usage}: a flat list needs an even length, got ${count} numbers`);
  }
  const flat = new Int32Array(count);
  for (let k = 0; k < count; k += 2) {
    /** @type {unknown} */
    let pair = goals;
    let at = k;
    if (pairs) {
      pair = goals[k / 2];
      at = 0;
      if (!isArrayLike(pair) || pair.length !== 2) {
        throw new TypeError(`goals[${k / 2}] must be an [x, y] pair, got ${describe(pair)}`);
      }
    }
    const list = /** @type {ArrayLike<unknown>} */ (pair);
    const name = pairs
      ? /** @param {number} i */ (i) => `goals[${k / 2}][${i}]`
      : /** @param {number} i */ (i) => `goals[${k + i}]`;
    flat[k] = checkInteger(name(0), list[at], 0, width - 1);
    flat[k + 1] = checkInteger(name(1), list[at + 1], 0, height - 1);
  }
  return flat;
}

/**
 * The signal of a snapshot (stripSignal, checkRequest) or request list (requestList), if any.
 * @param {object | null | undefined} checked
 * @returns {SignalLike | undefined}
 */
export function signalOf(checked) {
  return checked == null ? undefined : signals.get(checked);
}

/**
 * The codes a checked search snapshot was encoded to (readOptions, checkRequest, requestList):
 * the default codes for none (null). A snapshot made elsewhere is checked and encoded now.
 * @param {Record<string, unknown> | null | undefined} snapshot
 * @returns {Readonly<OptionCodes>}
 */
export function snapshotCodes(snapshot) {
  if (snapshot === null || snapshot === undefined) return DEFAULT_CODES;
  return snapshotCodesOf.get(snapshot) ?? readOptions(snapshot).codes;
}

/**
 * Checks search options and encodes them as the numbers the wasm call takes.
 * @param {unknown} options
 */
export function encodeOptions(options) {
  return readOptions(options).codes;
}

/**
 * A request's options, checked, as a plain snapshot without `signal` (null when none given):
 * what a worker is sent. signalOf() gives the signal.
 * @param {unknown} options
 */
export function stripSignal(options) {
  return readOptions(options).options;
}

/**
 * The requests of a findPaths call, checked, as [sx, sy, gx, gy, options] entries. `requests`
 * holds objects { sx, sy, gx, gy, options? } or a flat list sx, sy, gx, gy, ...; entries without
 * options of their own take `options`. Every options object is read once into a snapshot without
 * its signal; signalOf(list) is the signal of `options`. An error names the request.
 * @param {unknown} requests
 * @param {unknown} options
 * @param {number} width
 * @param {number} height
 * @returns {RequestEntry[]}
 */
export function requestList(requests, options, width, height) {
  if (!isArrayLike(requests) || typeof requests === 'string') {
    throw new TypeError('findPaths needs an array of { sx, sy, gx, gy, options? } or of numbers');
  }
  const shared = readOptions(options);
  /**
   * @template T
   * @param {string} label
   * @param {() => T} check
   * @returns {T}
   */
  const labelled = (label, check) => {
    try {
      return check();
    } catch (error) {
      const { constructor: Type, message } = /** @type {Error} */ (error);
      throw new /** @type {ErrorConstructor} */ (Type)(`${label}: ${message}`);
    }
  };
  /** @type {RequestEntry[]} */
  const list = [];
  if (shared.signal != null) signals.set(list, shared.signal);
  if (requests.length > 0 && typeof requests[0] === 'number') {
    if (requests.length % 4 !== 0) {
      throw new RangeError(
        `a flat request list needs 4 numbers per request, got ${requests.length}`,
      );
    }
    for (let i = 0; i < requests.length; i += 4) {
      const [sx, sy, gx, gy] = labelled(`requests[${i / 4}]`, () =>
        checkEnds(width, height, requests[i], requests[i + 1], requests[i + 2], requests[i + 3]),
      );
      list.push([sx, sy, gx, gy, shared.options]);
    }
    return list;
  }
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i];
    if (!request || typeof request !== 'object') {
      throw new TypeError(
        `requests[${i}] must be { sx, sy, gx, gy, options? }, got ${describe(request)}`,
      );
    }
    const { sx, sy, gx, gy, options: own } = /** @type {Record<string, unknown>} */ (request);
    if ([sx, sy, gx, gy].includes(undefined)) {
      const keys = Object.keys(request);
      throw new TypeError(
        `requests[${i}] must be { sx, sy, gx, gy, options? } (start and goal cells), got ` +
          (keys.length ? `an object with ${keys.join(', ')}` : 'an empty object'),
      );
    }
    // Options written beside the cells would be ignored: say where they go instead.
    const misplaced = [...SEARCH_OPTIONS, 'signal'].find((name) => Object.hasOwn(request, name));
    if (misplaced !== undefined) {
      throw new TypeError(
        `requests[${i}] has '${misplaced}' beside its cells: a request's own options go in ` +
          `requests[${i}].options, options for every request in findPaths' second argument`,
      );
    }
    const [snapshot, ends] = labelled(`requests[${i}]`, () => {
      const read = own === undefined ? shared.options : readOptions(own).options;
      return /** @type {const} */ ([read, checkEnds(width, height, sx, sy, gx, gy)]);
    });
    list.push([...ends, snapshot]);
  }
  return list;
}

/**
 * @param {number} width
 * @param {number} height
 * @param {unknown} sx
 * @param {unknown} sy
 * @param {unknown} gx
 * @param {unknown} gy
 * @returns {[number, number, number, number]}
 */
function checkEnds(width, height, sx, sy, gx, gy) {
  const [x0, y0] = checkCoordinates(width, height, sx, sy, 'startX', 'startY');
  const [x1, y1] = checkCoordinates(width, height, gx, gy, 'goalX', 'goalY');
  return [x0, y0, x1, y1];
}

/**
 * Same checks as findPath does, for callers that forward the request elsewhere. Returns the
 * options snapshot to send (as stripSignal does); signalOf() gives its signal.
 * @param {number} width
 * @param {number} height
 * @param {unknown} sx
 * @param {unknown} sy
 * @param {unknown} gx
 * @param {unknown} gy
 * @param {unknown} options
 */
export function checkRequest(width, height, sx, sy, gx, gy, options) {
  const { options: snapshot } = readOptions(options);
  checkEnds(width, height, sx, sy, gx, gy);
  return snapshot;
}
