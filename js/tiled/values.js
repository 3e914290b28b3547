// Strict readers for the numbers and booleans of a Tiled file. A loose reading turns a typo into
// a different map ("TRUE" read as false makes a wall floor, gid="0x1" a tile, x="" column 0), so
// anything but what Tiled writes is an error that names the attribute and its value.

const INTEGER = /^-?[0-9]+$/;
const DECIMAL = /^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

/** A value as an error message shows it, whatever it is (an object without a prototype too). */
export function shown(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return String(value);
}

/** An integer written as plain decimal digits (TMX attribute text). */
export function integerText(text, what) {
  if (typeof text !== 'string' || !INTEGER.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new TypeError(`${what} must be an integer, got ${shown(text)}`);
  }
  return Number(text);
}

/** A finite decimal number (TMX attribute text): no NaN, Infinity, hex or trailing junk. */
export function decimalText(text, what) {
  if (typeof text !== 'string' || !DECIMAL.test(text) || !Number.isFinite(Number(text))) {
    throw new TypeError(`${what} must be a finite number, got ${shown(text)}`);
  }
  return Number(text);
}

/** Tiled's bool text: exactly "true" or "false". */
export function boolText(text, what) {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new TypeError(`${what} must be true or false, got ${shown(text)}`);
}

/** An integer attribute, or `fallback` when the attribute is absent. */
export function integerAttribute(element, name, where, fallback) {
  const text = element.attributes[name];
  if (text === undefined) return fallback;
  return integerText(text, `${where}: attribute ${name}`);
}

/** A number attribute, or `fallback` when absent. */
export function decimalAttribute(element, name, where, fallback) {
  const text = element.attributes[name];
  if (text === undefined) return fallback;
  return decimalText(text, `${where}: attribute ${name}`);
}

/** A JSON value that must be an integer; `is missing` when absent. */
export function requiredInteger(value, what) {
  if (value === undefined) throw new TypeError(`${what} is missing`);
  return jsonInteger(value, what);
}

/** A JSON value that must be an integer when present. */
export function jsonInteger(value, what, fallback) {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value))
    throw new TypeError(`${what} must be an integer, got ${shown(value)}`);
  return value;
}

/** A JSON value that must be a finite number when present (NaN from a built object included). */
export function jsonNumber(value, what, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${what} must be a finite number, got ${shown(value)}`);
  }
  return value;
}
