// What the PathWorker client (main thread) and the worker say to each other: the messages, the
// worker's side of the conversation (serveWorker) and the plumbing both sides share.
// No Node built-ins: this runs in browsers and WeChat workers too.
//
// main -> worker
//   { type: 'init', width, height, cells: ArrayBuffer, offset, costs: Float64Array | null,
//     loadOptions }                                    cells transferred (copied where no transfer)
//   { type: 'update', seq, indices: Uint32Array, values: Uint8Array, costs: Float64Array | null,
//     requests: Int32Array | null, options: Array | null, cancel: number[] | null }
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

/**
 * Runs `task` soon, after any messages already waiting. Node: setImmediate (a MessageChannel
 * ping there is handled in the same pass as the ping before it, and starves the parent port).
 * Browsers: a MessageChannel round (no 4 ms clamp like nested setTimeout). Else setTimeout.
 */
export function makeYield() {
  if (typeof setImmediate === 'function') return (task) => setImmediate(task);
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

// ---------------------------------------------------------------------------------------------
// The worker's side. It knows nothing of search: it keeps one Grid of the sync API current with
// the edits it is sent, and runs requests in the order they were made.

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
  return whole && array.buffer instanceof ArrayBuffer ? array : array.slice();
}

/**
 * Serves PathWorker clients on `endpoint` (a worker scope, Node's parentPort, a WeChat worker...).
 * `loadPathfinder(loadOptions)` resolves to the sync API's Pathfinder (createPathfinder).
 */
export function serveWorker(endpoint, loadPathfinder) {
  let grid = null;
  let broken = false;
  let scheduled = false;
  const jobs = []; // update messages not fully handled yet, oldest first
  const waiting = new Set(); // ids of queued requests, so a late cancel leaves nothing behind
  const cancelled = new Set();
  const later = makeYield();
  const post = (message, transfer = []) => endpoint.postMessage(message, transfer);

  async function init(message) {
    try {
      const pathfinder = await loadPathfinder(message.loadOptions ?? undefined);
      const { width, height } = message;
      const cells = message.cells
        ? new Uint8Array(message.cells, message.offset ?? 0, width * height)
        : undefined;
      grid = pathfinder.createGrid(width, height, cells);
      const costs = message.costs;
      if (costs) for (let i = 0; i < costs.length; i += 2) grid.setCost(costs[i], costs[i + 1]);
      post({ type: 'ready' });
      schedule();
    } catch (error) {
      post({ type: 'initError', error: serializeError(error) });
    }
  }

  function schedule() {
    if (scheduled || !grid || broken || !jobs.length) return;
    scheduled = true;
    later(drain);
  }

  function applyCells(job, upTo) {
    if (upTo <= job.cells) return;
    const { indices, values } = job.message;
    grid.setCells(indices.subarray(job.cells, upTo), values.subarray(job.cells, upTo));
    job.cells = upTo;
  }

  function applyCosts(job, upTo) {
    const { costs } = job.message;
    for (; job.costs < upTo; job.costs++)
      grid.setCost(costs[job.costs * 2], costs[job.costs * 2 + 1]);
  }

  function run(message, index, results, transfer) {
    const { requests, options } = message;
    const base = index * REQUEST_STRIDE;
    const id = requests[base];
    waiting.delete(id);
    if (cancelled.delete(id)) return true;
    const started = now();
    let result;
    try {
      result = grid.findPath(
        requests[base + 1],
        requests[base + 2],
        requests[base + 3],
        requests[base + 4],
        options?.[index] ?? undefined,
      );
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
    for (const key of ['path', 'rawPath', 'expandedCells', 'traceEvents']) {
      if (answer[key]) {
        answer[key] = ownedArray(answer[key]);
        transfer.push(answer[key].buffer);
      }
    }
    results.push(answer);
    return true;
  }

  function drain() {
    scheduled = false;
    if (broken) return;
    const started = now();
    const results = [];
    const transfer = [];
    let done = -1;
    while (jobs.length && now() - started < SLICE_MS) {
      const job = jobs[0];
      const { message } = job;
      const count = message.requests ? message.requests.length / REQUEST_STRIDE : 0;
      while (job.next < count && now() - started < SLICE_MS) {
        const base = job.next * REQUEST_STRIDE;
        applyCells(job, message.requests[base + 5]);
        applyCosts(job, message.requests[base + 6]);
        const index = job.next++;
        if (!run(message, index, results, transfer)) return;
      }
      if (job.next < count) break;
      applyCells(job, message.indices.length);
      applyCosts(job, message.costs ? message.costs.length / 2 : 0);
      done = message.seq;
      jobs.shift();
    }
    if (results.length || done >= 0) post({ type: 'results', results, done }, transfer);
    schedule();
  }

  listen(endpoint, (message) => {
    if (!message || broken) return;
    if (message.type === 'init') {
      init(message);
    } else if (message.type === 'update') {
      for (const id of message.cancel ?? []) if (waiting.has(id)) cancelled.add(id);
      const { requests } = message;
      if (requests)
        for (let i = 0; i < requests.length; i += REQUEST_STRIDE) waiting.add(requests[i]);
      jobs.push({ message, next: 0, cells: 0, costs: 0 });
      schedule();
    }
  });
}
