// One block of layer data (a finite layer's data, or one chunk of an infinite one) into GIDs,
// in every encoding Tiled writes: CSV, base64 (raw, zlib, gzip), a JSON array, old XML <tile>s.
// The caller has already checked `count` against the grid limits; nothing here allocates more
// than `count` GIDs, whatever the data claims.

import { inflateInto } from './inflate.js';

const BASE64 = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
}

const isSpace = (c) => c === 32 || c === 10 || c === 13 || c === 9;

// GIDs are little-endian uint32 in the file; on a little-endian machine (every one a game runs
// on) the bytes can be written straight into the Uint32Array's memory.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function base64Length(text, where) {
  let chars = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    chars++;
    if (c === 61 /* = */) padding++;
    else if (padding > 0) {
      throw new TypeError(`${where}: invalid base64: data after the '=' padding`);
    }
  }
  if (chars % 4 !== 0) {
    throw new TypeError(
      `${where}: base64 data has ${chars} characters, not a multiple of 4 (truncated?)`,
    );
  }
  if (padding > 2) throw new TypeError(`${where}: invalid base64: ${padding} '=' at the end`);
  return (chars / 4) * 3 - padding;
}

/** Decodes base64 into `out` (exactly its decoded length, from base64Length). */
function decodeBase64Into(text, out, where) {
  let o = 0;
  let quad = 0;
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    let v = c < 128 ? BASE64[c] : -1;
    if (c === 61) v = 0;
    if (v < 0) throw new TypeError(`${where}: invalid base64 character ${JSON.stringify(text[i])}`);
    quad = (quad << 6) | v;
    if (++k === 4) {
      out[o++] = (quad >>> 16) & 255;
      if (o < out.length) out[o++] = (quad >>> 8) & 255;
      if (o < out.length) out[o++] = quad & 255;
      quad = 0;
      k = 0;
    }
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
  const length = base64Length(text, where);
  const gids = new Uint32Array(count);
  const target = LITTLE_ENDIAN ? new Uint8Array(gids.buffer) : new Uint8Array(count * 4);
  if (!compression) {
    if (length !== count * 4) throw wrongSize(where, count, length);
    return gidsFromBytes(decodeBase64Into(text, target, where), gids);
  }
  const packed = decodeBase64Into(text, new Uint8Array(length), where);
  const got = inflateInto(packed, compression, target, where);
  if (got !== count * 4) throw wrongSize(where, count, got);
  return gidsFromBytes(target, gids);
}

function checkedGid(value, where, index) {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new TypeError(`${where}: tile ${index} is not a valid GID: ${JSON.stringify(value) ?? String(value)}`);
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
    throw new TypeError(`${where}: unknown compression ${JSON.stringify(compression)}`);
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
  throw new TypeError(
    `${where}: unknown encoding ${JSON.stringify(encoding)} (expected csv or base64)`,
  );
}
