// Messages between a WeChat mini-game and its worker are copied, and not every base library
// keeps binary data or non-finite numbers on the way (the documented guarantee is only
// "serialisable objects"). This codec turns typed arrays, ArrayBuffers and NaN/Infinity into
// plain JSON-safe values and back, so the PathWorker protocol survives the strictest copy.

const TAG = '$tilepath';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Uint8Array(128);
for (let i = 0; i < 64; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

const TYPED = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
};

function bytesToBase64(bytes) {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out +=
      ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + '==';
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + '=';
  }
  return out;
}

function base64ToBytes(text) {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (LOOKUP[text.charCodeAt(i)] << 18) |
      (LOOKUP[text.charCodeAt(i + 1)] << 12) |
      (LOOKUP[text.charCodeAt(i + 2)] << 6) |
      LOOKUP[text.charCodeAt(i + 3)];
    bytes[o++] = n >> 16;
    if (o < bytes.length) bytes[o++] = (n >> 8) & 255;
    if (o < bytes.length) bytes[o++] = n & 255;
  }
  return bytes;
}

/** A JSON-safe copy of `value`. */
export function encodeMessage(value) {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : { [TAG]: 'number', value: String(value) };
  }
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof ArrayBuffer) {
    return { [TAG]: 'ArrayBuffer', base64: bytesToBase64(new Uint8Array(value)) };
  }
  if (ArrayBuffer.isView(value)) {
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return { [TAG]: value.constructor.name, base64: bytesToBase64(bytes) };
  }
  if (Array.isArray(value)) return value.map(encodeMessage);
  const out = {};
  for (const key of Object.keys(value)) out[key] = encodeMessage(value[key]);
  return out;
}

/** The value encodeMessage was given (typed arrays own fresh buffers). */
export function decodeMessage(value) {
  if (value === null || typeof value !== 'object') return value;
  // A host that does keep binary data hands it over as it is.
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(decodeMessage);
  const tag = value[TAG];
  if (tag !== undefined) {
    if (tag === 'number') return Number(value.value);
    if (typeof value.base64 !== 'string' || value.base64.length % 4 !== 0) {
      throw new TypeError(`tilepath wechat codec: ${tag} without its base64 text`);
    }
    const bytes = base64ToBytes(value.base64);
    if (tag === 'ArrayBuffer') return bytes.buffer;
    const Type = TYPED[tag];
    if (!Type || bytes.byteLength % Type.BYTES_PER_ELEMENT !== 0) {
      throw new TypeError(`tilepath wechat codec: unknown array type ${tag}`);
    }
    return new Type(bytes.buffer, 0, bytes.byteLength / Type.BYTES_PER_ELEMENT);
  }
  const out = {};
  for (const key of Object.keys(value)) {
    // defineProperty: a "__proto__" key stays a plain key, never the object's prototype.
    const item = decodeMessage(value[key]);
    Object.defineProperty(out, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * decodeMessage for a listener: a message that cannot be decoded reaches it as
 * { type: 'unreadable', reason } instead of throwing inside the host's callback.
 */
export function decodeIncoming(message) {
  try {
    return decodeMessage(message);
  } catch (error) {
    return { type: 'unreadable', reason: String(error?.message ?? error) };
  }
}

/**
 * Wraps a WeChat-style endpoint (onMessage(fn) / postMessage(msg)) so that messages are encoded
 * on the way out (unless `encode` is false) and decoded on the way in; the transfer list is
 * dropped (WeChat copies). Incoming messages are always decoded: the worker always encodes.
 */
export function encodedEndpoint(endpoint, { encode = true } = {}) {
  const wrapped = {
    postMessage(message) {
      endpoint.postMessage(encode ? encodeMessage(message) : message);
    },
    onMessage(listener) {
      endpoint.onMessage((message) => listener(decodeIncoming(message)));
    },
  };
  if (typeof endpoint.onProcessKilled === 'function') {
    wrapped.onProcessKilled = (listener) => endpoint.onProcessKilled(listener);
  }
  if (typeof endpoint.terminate === 'function') wrapped.terminate = () => endpoint.terminate();
  return wrapped;
}
