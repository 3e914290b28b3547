// Argument checks shared by the in-thread API and the worker client, so both throw the
// same TypeError / RangeError, naming the argument and the bad value, before anything
// reaches wasm or is posted to a worker.
import { ENUM_OPTIONS, FLAG_OPTIONS, LIMITS, NUMBER_OPTIONS } from '../dist/contract.mjs';

const { maxSide: MAX_SIDE, maxCells: MAX_CELLS, classes: CLASSES } = LIMITS;
const MAX_CLASS = CLASSES - 1;

export function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return `a ${value.constructor?.name ?? 'object'}`;
}

/** An integer in [min, max]: TypeError when not an integer number, RangeError when outside. */
export function checkInteger(name, value, min, max) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw new RangeError(`${name} must be from ${min} to ${max}, got ${value}`);
  }
  return value;
}

export function checkSize(width, height) {
  checkInteger('width', width, 1, MAX_SIDE);
  checkInteger('height', height, 1, MAX_SIDE);
  if (width * height > MAX_CELLS) {
    throw new RangeError(
      `width x height must be at most ${MAX_CELLS} cells, got ${width} x ${height} = ${width * height}`,
    );
  }
}

export function checkClass(cls, name = 'class') {
  return checkInteger(name, cls, 0, MAX_CLASS);
}

export function checkCoordinates(width, height, x, y, xName = 'x', yName = 'y') {
  checkInteger(xName, x, 0, width - 1);
  checkInteger(yName, y, 0, height - 1);
}

/** A rectangle for fillRect: integers, clipped to the grid later, so it may stick out. */
export function checkRect(x, y, w, h, cls) {
  const limit = 2 * MAX_SIDE;
  checkInteger('x', x, -limit, limit);
  checkInteger('y', y, -limit, limit);
  checkInteger('w', w, -limit, limit);
  checkInteger('h', h, -limit, limit);
  checkClass(cls);
}

export function checkCost(cls, cost) {
  checkClass(cls);
  if (typeof cost !== 'number' || Number.isNaN(cost) || cost < 0) {
    throw new RangeError(
      `cost must be 0 or Infinity (blocked) or a positive number, got ${describe(cost)}`,
    );
  }
}

/**
 * Returns the cells as a Uint8Array of width * height (the same object when it already is one,
 * a view for an ArrayBuffer, a checked copy for other array-likes).
 */
export function toCells(cells, width, height, name = 'cells') {
  const expected = width * height;
  let bytes;
  if (cells instanceof Uint8Array || cells instanceof Uint8ClampedArray) {
    bytes = cells instanceof Uint8Array ? cells : new Uint8Array(cells.buffer, cells.byteOffset, cells.length);
  } else if (cells instanceof ArrayBuffer) {
    bytes = new Uint8Array(cells);
  } else if (ArrayBuffer.isView(cells) || Array.isArray(cells)) {
    if (cells.length !== expected) {
      throw new RangeError(`${name} must have width * height = ${expected} entries, got ${cells.length}`);
    }
    bytes = new Uint8Array(expected);
    for (let i = 0; i < expected; i++) {
      const v = cells[i];
      if (!Number.isInteger(v) || v < 0 || v > MAX_CLASS) {
        throw new RangeError(`${name}[${i}] must be a class from 0 to ${MAX_CLASS}, got ${describe(v)}`);
      }
      bytes[i] = v;
    }
    return bytes;
  } else {
    throw new TypeError(`${name} must be a Uint8Array, ArrayBuffer or array of classes, got ${describe(cells)}`);
  }
  if (bytes.length !== expected) {
    throw new RangeError(`${name} must have width * height = ${expected} entries, got ${bytes.length}`);
  }
  return bytes;
}

/** Checks (index, class) edits; returns them as Uint32Array + Uint8Array. */
export function toDeltas(indices, classes, cellCount) {
  if (indices == null || typeof indices.length !== 'number') {
    throw new TypeError(`indices must be an array of cell indices, got ${describe(indices)}`);
  }
  const n = indices.length;
  const outIndices = new Uint32Array(n);
  const outClasses = new Uint8Array(n);
  const single = typeof classes === 'number';
  if (single) checkClass(classes);
  else if (classes == null || classes.length !== n) {
    throw new RangeError(
      `classes must be one class or an array as long as indices (${n}), got ${describe(classes)}`,
    );
  }
  for (let k = 0; k < n; k++) {
    const i = indices[k];
    if (!Number.isInteger(i) || i < 0 || i >= cellCount) {
      throw new RangeError(`indices[${k}] must be a cell index from 0 to ${cellCount - 1}, got ${describe(i)}`);
    }
    outIndices[k] = i;
    const c = single ? classes : classes[k];
    if (!single && (!Number.isInteger(c) || c < 0 || c > MAX_CLASS)) {
      throw new RangeError(`classes[${k}] must be a class from 0 to ${MAX_CLASS}, got ${describe(c)}`);
    }
    outClasses[k] = c;
  }
  return { indices: outIndices, classes: outClasses };
}

/** Each enum option's names a user may give (an empty name is a default that cannot be asked for). */
export const OPTION_VALUES = Object.freeze(
  Object.fromEntries(
    Object.entries(ENUM_OPTIONS).map(([name, { names }]) => [name, Object.freeze(names.filter((n) => n !== ''))]),
  ),
);
// `signal` belongs to the worker (cancelling a request); the in-thread API accepts and ignores it.
const KNOWN_OPTIONS = new Set([
  ...Object.keys(ENUM_OPTIONS), ...Object.keys(NUMBER_OPTIONS), ...Object.keys(FLAG_OPTIONS), 'signal',
]);

/** The code of an enum option's value: its index in the C++ name table. */
function enumCode(name, value) {
  const { names, default: code } = ENUM_OPTIONS[name];
  if (value === undefined) return code;
  const k = value === '' ? -1 : names.indexOf(value);
  if (k < 0) {
    const values = OPTION_VALUES[name];
    throw new RangeError(`${name} must be one of ${values.map((v) => `'${v}'`).join(', ')}, got ${describe(value)}`);
  }
  return k;
}

/**
 * Checks a search options object and encodes it as the numbers the wasm call takes:
 * { algorithm, diagonal, heuristic, goal, weight, maxExpansions, flags }.
 */
export function encodeOptions(options) {
  if (options === undefined || options === null) options = {};
  else if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`options must be an object, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN_OPTIONS.has(key)) {
      throw new TypeError(`unknown option '${key}' (known: ${[...KNOWN_OPTIONS].join(', ')})`);
    }
  }
  const weight = options.weight === undefined ? NUMBER_OPTIONS.weight.default : options.weight;
  if (typeof weight !== 'number' || !(weight >= 1) || !Number.isFinite(weight)) {
    throw new RangeError(`weight must be a finite number >= 1, got ${describe(weight)}`);
  }
  const { default: noBudget, max } = NUMBER_OPTIONS.maxExpansions;
  const maxExpansions = options.maxExpansions === undefined ? noBudget : options.maxExpansions;
  checkInteger('maxExpansions', maxExpansions, 0, max);
  let flags = 0;
  for (const [name, flag] of Object.entries(FLAG_OPTIONS)) {
    const v = options[name] === undefined ? flag.default : options[name];
    if (typeof v !== 'boolean') throw new TypeError(`${name} must be true or false, got ${describe(v)}`);
    if (v) flags |= flag.bit;
  }
  return {
    algorithm: enumCode('algorithm', options.algorithm),
    diagonal: enumCode('diagonal', options.diagonal),
    heuristic: enumCode('heuristic', options.heuristic),
    goal: enumCode('goal', options.goal),
    weight,
    maxExpansions,
    flags,
  };
}

/** A request's options without `signal` (a snapshot: the caller may change its object later). */
export function stripSignal(options) {
  if (options === undefined || options === null) return null;
  const { signal, ...rest } = options;
  return rest;
}

/**
 * The requests of a findPaths call, checked, as [sx, sy, gx, gy, options] entries. `requests`
 * holds objects { sx, sy, gx, gy, options? } or a flat list sx, sy, gx, gy, ...; entries without
 * options of their own take `options`, minus its signal. An error names the request.
 */
export function requestList(requests, options, width, height) {
  if (!requests || typeof requests.length !== 'number' || typeof requests === 'string') {
    throw new TypeError('findPaths needs an array of { sx, sy, gx, gy, options? } or of numbers');
  }
  encodeOptions(options);
  const shared = stripSignal(options);
  const checked = (label, sx, sy, gx, gy, own) => {
    try {
      checkRequest(width, height, sx, sy, gx, gy, own);
    } catch (error) {
      throw new error.constructor(`${label}: ${error.message}`);
    }
  };
  const list = [];
  if (requests.length > 0 && typeof requests[0] === 'number') {
    if (requests.length % 4 !== 0) {
      throw new RangeError(`a flat request list needs 4 numbers per request, got ${requests.length}`);
    }
    for (let i = 0; i < requests.length; i += 4) {
      const [sx, sy, gx, gy] = [requests[i], requests[i + 1], requests[i + 2], requests[i + 3]];
      checked(`requests[${i / 4}]`, sx, sy, gx, gy, undefined);
      list.push([sx, sy, gx, gy, shared]);
    }
    return list;
  }
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i];
    if (!request || typeof request !== 'object') {
      throw new TypeError(`requests[${i}] must be { sx, sy, gx, gy, options? }, got ${describe(request)}`);
    }
    const { sx, sy, gx, gy } = request;
    checked(`requests[${i}]`, sx, sy, gx, gy, request.options);
    list.push([sx, sy, gx, gy, request.options === undefined ? shared : stripSignal(request.options)]);
  }
  return list;
}

/** Same checks as findPath does, for callers that forward the request elsewhere. */
export function checkRequest(width, height, sx, sy, gx, gy, options) {
  checkCoordinates(width, height, sx, sy, 'startX', 'startY');
  checkCoordinates(width, height, gx, gy, 'goalX', 'goalY');
  return encodeOptions(options);
}
