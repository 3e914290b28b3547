// tilepath/wechat: PathWorker in WeChat mini-games (Cocos Creator and LayaAir WeChat builds).
//
// - The worker is a classic script in the mini-game's workers folder
//   (dist/wechat/workers/tilepath/index.js, built by js/tools/build-wechat.mjs), started with
//   wx.createWorker; it loads the wasm with WXWebAssembly.instantiate(path).
// - Messages are copied, never transferred; the codec keeps binary data through the copy.
// - Where no worker can be had (LayaNative, a game already using its one worker, an old base
//   library), the same API runs in-thread: InThreadPathWorker.

import { PathWorker } from './worker.js';
import { abortError } from './worker-protocol.js';
import { requestList, stripSignal } from './validate.js';
import { encodedEndpoint, encodeMessage, decodeMessage } from './wechat/codec.js';
import { loadPathfinderWithWx, DEFAULT_WASM_PATH } from './wechat/instantiate.js';

export { encodeMessage, decodeMessage, loadPathfinderWithWx, DEFAULT_WASM_PATH };

/** Where the worker script sits in the mini-game package (game.json: "workers": "workers"). */
export const DEFAULT_WORKER_SCRIPT = 'workers/tilepath/index.js';

function wxOf(wx) {
  const api = wx ?? globalThis.wx;
  return api && typeof api.createWorker === 'function' ? api : null;
}

/**
 * Starts the tilepath worker with wx.createWorker and returns a worker-like object for
 * PathWorker.create({ worker }). `experimental` asks for WeChat's ExperimentalWorker (faster on
 * iOS; the system may kill it, which PathWorker recovers from by starting another).
 */
export function wechatWorker(
  scriptPath = DEFAULT_WORKER_SCRIPT,
  { experimental = false, binary = 'encode', wx } = {},
) {
  const api = wxOf(wx);
  if (!api) throw new TypeError('wx.createWorker is not available in this host');
  if (binary !== 'encode' && binary !== 'clone') {
    throw new RangeError(`binary must be 'encode' or 'clone', got ${JSON.stringify(binary)}`);
  }
  const raw = experimental
    ? api.createWorker(scriptPath, { useExperimentalWorker: true })
    : api.createWorker(scriptPath);
  return encodedEndpoint(raw, { encode: binary === 'encode' });
}

/**
 * The PathWorker API, run synchronously on the calling thread: for hosts without a usable worker.
 * Each request is answered when it is made (so it sees exactly the edits made before it), through
 * an already-settled promise.
 */
export class InThreadPathWorker {
  static async create(options) {
    if (!options || typeof options !== 'object') {
      throw new TypeError(
        'InThreadPathWorker.create needs { width, height, cells?, costs?, loadPathfinder }',
      );
    }
    const { width, height, cells, costs, loadPathfinder } = options;
    if (typeof loadPathfinder !== 'function') {
      throw new TypeError('loadPathfinder must be a function returning createPathfinder(...)');
    }
    const pathfinder = await loadPathfinder();
    const bytes = cells instanceof ArrayBuffer ? new Uint8Array(cells) : cells;
    const grid = pathfinder.createGrid(width, height, bytes);
    if (costs) {
      for (const [cls, cost] of Object.entries(costs))
        if (cost !== undefined) grid.setCost(Number(cls), cost);
    }
    return new InThreadPathWorker(grid);
  }

  #grid;
  #requests = 0;

  constructor(grid) {
    this.#grid = grid;
  }
  /** Always true here: tells the game that paths are computed on its own thread. */
  get inThread() {
    return true;
  }
  get width() {
    return this.#grid.width;
  }
  get height() {
    return this.#grid.height;
  }
  get terminated() {
    return this.#grid.disposed;
  }
  get stats() {
    return { inFlight: 0, queued: 0, requestsAnswered: this.#requests };
  }
  // The grid checks every argument and throws the same TypeError/RangeError PathWorker would.
  get(x, y) {
    return this.#grid.get(x, y);
  }
  cells() {
    return this.#grid.cells();
  }
  setCell(x, y, cls) {
    this.#grid.set(x, y, cls);
  }
  setCells(indices, classes) {
    this.#grid.setCells(indices, classes);
  }
  fillRect(x, y, w, h, cls) {
    this.#grid.fillRect(x, y, w, h, cls);
  }
  setCost(cls, cost) {
    this.#grid.setCost(cls, cost);
  }
  flush() {}

  findPath(sx, sy, gx, gy, options) {
    if (options?.signal?.aborted) return Promise.reject(abortError());
    // Programming errors throw here, synchronously, as PathWorker's do.
    const result = this.#grid.findPath(sx, sy, gx, gy, stripSignal(options));
    this.#requests++;
    return Promise.resolve(result);
  }

  findPaths(requests, options) {
    // Checked in full before any search runs, with PathWorker's own errors.
    const list = requestList(requests, options, this.#grid.width, this.#grid.height);
    if (options?.signal?.aborted) return Promise.reject(abortError());
    const results = list.map(([sx, sy, gx, gy, own]) => this.#grid.findPath(sx, sy, gx, gy, own));
    this.#requests += results.length;
    return Promise.resolve(results);
  }

  terminate() {
    if (!this.#grid.disposed) this.#grid.dispose();
  }
}

function withTimeout(promise, ms, what) {
  if (!(ms > 0) || ms === Infinity) return promise;
  let timer;
  const timeout = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A PathWorker for WeChat: a wx worker when one can be started and answers, else the same API
 * in-thread. Options: those of PathWorker.create (width, height, cells, costs, recover) plus
 *   workerScript  path of the worker script in the package (DEFAULT_WORKER_SCRIPT)
 *   wasmPath      path of tilepath.wasm in the package (DEFAULT_WASM_PATH), outside workers/
 *   experimental  useExperimentalWorker (default false)
 *   binary        'encode' (default, safe on every base library) or 'clone'
 *   inThread      'auto' (default: fall back when no worker), true (never a worker), false
 *   readyTimeout  ms to wait for the worker to load the wasm before falling back (10000)
 *   loadPathfinder  () => Promise<Pathfinder> for the in-thread path (default: tilepath's
 *                   createPathfinder with WXWebAssembly and wasmPath)
 *   onFallback    (reason) => void, told why the in-thread path was taken
 *   wx            the wx object (default globalThis.wx; tests pass a fake)
 */
export async function createWeChatPathWorker(options) {
  if (!options || typeof options !== 'object') {
    throw new TypeError('createWeChatPathWorker needs { width, height, cells?, ... }');
  }
  const {
    workerScript = DEFAULT_WORKER_SCRIPT,
    wasmPath = DEFAULT_WASM_PATH,
    experimental = false,
    binary = 'encode',
    inThread = 'auto',
    readyTimeout = 10000,
    loadPathfinder,
    onFallback,
    wx,
    ...create
  } = options;
  if (inThread !== 'auto' && inThread !== true && inThread !== false) {
    throw new RangeError(`inThread must be 'auto', true or false, got ${JSON.stringify(inThread)}`);
  }
  // The in-thread path needs the caller's cells; PathWorker may not leave them readable.
  const cellsCopy =
    create.cells === undefined ? undefined : Uint8Array.from(new Uint8Array(create.cells));
  let reason = 'inThread: true';
  if (inThread !== true) {
    const api = wxOf(wx);
    if (!api) {
      reason = 'this host has no wx.createWorker (LayaNative, or not WeChat)';
    } else {
      let started = null;
      const pending = PathWorker.create({
        ...create,
        loadOptions: { wasmPath },
        worker: () => (started = wechatWorker(workerScript, { experimental, binary, wx: api })),
      });
      try {
        return await withTimeout(pending, readyTimeout, `the tilepath worker (${workerScript})`);
      } catch (error) {
        reason = error.message;
        // A worker that answers after the timeout is not wanted any more.
        pending.then(
          (late) => late.terminate(),
          () => {},
        );
        started?.terminate?.();
      }
    }
    if (inThread === false) throw new Error(`no tilepath worker: ${reason}`);
  }
  onFallback?.(reason);
  const load =
    loadPathfinder ??
    (async () => {
      const { createPathfinder } = await import('./index.js');
      return loadPathfinderWithWx(createPathfinder, { wasmPath });
    });
  return InThreadPathWorker.create({ ...create, cells: cellsCopy, loadPathfinder: load });
}
