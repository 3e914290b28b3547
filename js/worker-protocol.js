// What the PathWorker client (main thread, worker.js) and the worker (worker-serve.js) say to
// each other: the messages, and the plumbing both sides share.
// No Node built-ins: this runs in browsers and WeChat workers too.
//
// main -> worker
//   { type: 'init', width, height, cells: ArrayBuffer, offset, costs: Float64Array | null,
//     loadOptions }                                    cells transferred (copied where no transfer)
//   { type: 'update', seq, cells: ArrayBuffer | null, indices: Uint32Array, values: Uint8Array,
//     costs: Float64Array | null, requests: Int32Array | null, options: Array | null,
//     cancel: number[] | null }
//       cells: a new level (setAll): every cell, applied before anything else in the message.
//       indices/values: every changed cell of this flush, in the order it was changed.
//       costs: (class, cost) pairs in order. requests: REQUEST_STRIDE ints per request:
//       id, sx, sy, gx, gy, cellsBefore, costsBefore; the last two say how many of this message's
//       cell and cost edits the request must see, which keeps main-thread order exactly.
//       options[i]: the request's options without `signal`, or null.
//       cancel: ids posted earlier that the caller no longer wants (handled on arrival).
// worker -> main
//   { type: 'ready' }   |   { type: 'initError', error }
//   { type: 'results', results: [...], done }   done: seq of the last update fully handled
//       each result: { id, status, path, cost, expanded, goal, ..., workerMs } or { id, error }
//   { type: 'fatal', id, error }   the wasm instance broke while running request `id`

export const REQUEST_STRIDE = 7;

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
