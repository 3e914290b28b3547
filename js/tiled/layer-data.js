// One block of layer data (a finite layer's data, or one chunk of an infinite one) into GIDs,
// in every encoding Tiled writes: CSV, base64 (raw, zlib, gzip), a JSON array, old XML <tile>s.
// The caller has already checked `count` against the grid limits; nothing here allocates more
// than `count` GIDs, whatever the data claims.

import { inflateInto } from './inflate.js';
import { shown } from './values.js';

// Value of each UTF-16 code unit in base64, -1 for anything else ('=' included: padding is
// handled at the end). A full-range table keeps the decoding loop free of range checks.
const BASE64 = new Int8Array(65536).fill(-1);
for (let i = 0; i < 64; i++) {
  BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
}

const isSpace = (c) => c === 32 || c === 10 || c === 13 || c === 9;

// GIDs are little-endian uint32 in the file; on a little-endian machine (every one a game runs
// on) the bytes can be written straight into the Uint32Array's memory.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The base64 characters of `text`: TMX puts line breaks around them, some tools inside too. */
function base64Characters(text) {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const inner = start === 0 && end === text.length ? text : text.slice(start, end);
  return /\s/.test(inner) ? inner.replace(/\s+/g, '') : inner;
}

/** Decoded length of base64 characters, checked for shape (not for content: decodeBase64Into). */
function base64Length(chars, where) {
  if (chars.length % 4 !== 0) {
    throw new TypeError(
      `${where}: base64 data has ${chars.length} characters, not a multiple of 4 (truncated?)`,
    );
  }
  let padding = 0;
  if (chars.endsWith('==')) padding = 2;
  else if (chars.endsWith('=')) padding = 1;
  return (chars.length / 4) * 3 - padding;
}

function invalidBase64(chars, from, where) {
  for (let i = from; i < from + 4; i++) {
    if (BASE64[chars.charCodeAt(i)] < 0) {
      const what =
        chars[i] === '=' ? "'=' before the end" : `character ${JSON.stringify(chars[i])}`;
      return new TypeError(`${where}: invalid base64 ${what}`);
    }
  }
  return new TypeError(`${where}: invalid base64`);
}

/** Decodes base64 characters into `out` (exactly their decoded length, from base64Length). */
function decodeBase64Into(chars, out, where) {
  const padding = (chars.length / 4) * 3 - out.length;
  const full = chars.length - (padding > 0 ? 4 : 0);
  let o = 0;
  for (let i = 0; i < full; i += 4) {
    const a = BASE64[chars.charCodeAt(i)];
    const b = BASE64[chars.charCodeAt(i + 1)];
    const c = BASE64[chars.charCodeAt(i + 2)];
    const d = BASE64[chars.charCodeAt(i + 3)];
    if ((a | b | c | d) < 0) throw invalidBase64(chars, i, where);
    const quad = (a << 18) | (b << 12) | (c << 6) | d;
    out[o] = quad >>> 16;
    out[o + 1] = (quad >>> 8) & 255;
    out[o + 2] = quad & 255;
    o += 3;
  }
  if (padding > 0) {
    const last = chars.slice(full, full + 4 - padding) + 'AA'.slice(0, padding);
    const values = [...last].map((ch) => BASE64[ch.charCodeAt(0)]);
    if (values.some((v) => v < 0)) throw invalidBase64(last, 0, where);
    const quad = (values[0] << 18) | (values[1] << 12) | (values[2] << 6) | values[3];
    out[o++] = quad >>> 16;
    if (padding === 1) out[o] = (quad >>> 8) & 255;
  }
  return out;
}

function gidsFromBytes(bytes, gids) {
  if (LITTLE_ENDIAN && bytes.buffer === gids.buffer) return gids;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < gids.length; i++) gids[i] = view.getUint32(i * 4, true);
  return gids;
}

const wrongSize = (where, count, got) =>
  new RangeError(`${where}: expected ${count} tiles (${count * 4} bytes), got ${got} bytes`);

function gidsFromBase64(text, compression, count, where) {
  const chars = base64Characters(text);
  const length = base64Length(chars, where);
  const gids = new Uint32Array(count);
  const target = LITTLE_ENDIAN ? new Uint8Array(gids.buffer) : new Uint8Array(count * 4);
  if (!compression) {
    if (length !== count * 4) throw wrongSize(where, count, length);
    return gidsFromBytes(decodeBase64Into(chars, target, where), gids);
  }
  const packed = decodeBase64Into(chars, new Uint8Array(length), where);
  const got = inflateInto(packed, compression, target, where);
  if (got !== count * 4) throw wrongSize(where, count, got);
  return gidsFromBytes(target, gids);
}

function checkedGid(value, where, index) {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new TypeError(`${where}: tile ${index} is not a valid GID: ${shown(value)}`);
  }
  return value;
}

/** CSV text: digits only, whitespace (Tiled's line breaks) allowed around each value. */
function gidsFromCsv(text, count, where) {
  let parts = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) parts++;
    else if (!isSpace(c)) blank = false;
  }
  parts = blank && parts === 0 ? 0 : parts + 1;
  if (parts !== count) {
    throw new RangeError(`${where}: expected ${count} CSV tiles, got ${parts}`);
  }
  const gids = new Uint32Array(count);
  let start = 0;
  for (let n = 0; n < count; n++) {
    let end = text.indexOf(',', start);
    if (end === -1) end = text.length;
    let a = start;
    let b = end;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    let value = 0;
    for (let i = a; i < b; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) {
        value = -1;
        break;
      }
      value = value * 10 + digit;
    }
    if (a === b || value < 0 || value > 0xffffffff) {
      throw new TypeError(
        `${where}: CSV tile ${n} is not a GID: ${JSON.stringify(text.slice(a, Math.min(b, a + 20)))}`,
      );
    }
    gids[n] = value;
    start = end + 1;
  }
  return gids;
}

function gidsFromArray(array, count, where) {
  if (array.length !== count) {
    throw new RangeError(`${where}: expected ${count} tiles, got ${array.length}`);
  }
  const gids = new Uint32Array(count);
  for (let i = 0; i < count; i++) gids[i] = checkedGid(array[i], where, i);
  return gids;
}

/**
 * GIDs of one block: { encoding, compression, data, xmlTiles } as the map model holds it.
 * @returns {Uint32Array} exactly `count` GIDs, flip bits included
 */
export function decodeBlock(block, count, where) {
  const { encoding, compression, data, xmlTiles } = block;
  if (compression === 'zstd') {
    throw new TypeError(
      `${where}: zstd-compressed layer data is not supported; in Tiled choose the layer format ` +
        'CSV, Base64 (uncompressed), Base64 (zlib compressed) or Base64 (gzip compressed)',
    );
  }
  if (compression && compression !== 'zlib' && compression !== 'gzip') {
    throw new TypeError(`${where}: unknown compression ${shown(compression)}`);
  }
  if (encoding === 'base64') {
    if (typeof data !== 'string') throw new TypeError(`${where}: base64 data must be a string`);
    return gidsFromBase64(data, compression, count, where);
  }
  if (compression) {
    throw new TypeError(`${where}: compression ${compression} needs base64 encoding`);
  }
  if (xmlTiles) return gidsFromArray(xmlTiles, count, where);
  if (encoding === 'csv' || encoding === undefined || encoding === null) {
    if (Array.isArray(data)) return gidsFromArray(data, count, where);
    if (typeof data === 'string') return gidsFromCsv(data, count, where);
    throw new TypeError(`${where}: layer has no tile data`);
  }
  throw new TypeError(`${where}: unknown encoding ${shown(encoding)} (expected csv or base64)`);
}
