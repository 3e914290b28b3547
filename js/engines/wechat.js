// tilepath/wechat: PathWorker in WeChat mini-games (Cocos Creator and LayaAir WeChat builds).
//
// - The worker is a classic script in the mini-game's workers folder
//   (dist/wechat/workers/tilepath/index.js, built by js/tools/build-wechat.mjs), started with
//   wx.createWorker; it loads the wasm with WXWebAssembly.instantiate(path).
// - Messages are copied, never transferred; the codec keeps binary data through the copy.
// - Where no worker can be had (LayaNative, a game already using its one worker, an old base
//   library), the same API runs in-thread: InThreadPathWorker.

import { PathWorker } from '../worker.js';
import { InThreadPathWorker } from '../worker/in-thread.js';
import { IN_THREAD_OPTIONS, readGridOptions, readReadyTimeout } from '../worker/options.js';
import { describe, refuseMisspelt } from '../core/checks.js';
import { encodedEndpoint, encodeMessage, decodeMessage } from './wechat/codec.js';
import {
  loadPathfinderWithWx,
  DEFAULT_BIG_MAPS_WASM_PATH,
  DEFAULT_WASM_PATH,
} from './wechat/instantiate.js';

export {
  encodeMessage,
  decodeMessage,
  loadPathfinderWithWx,
  DEFAULT_BIG_MAPS_WASM_PATH,
  DEFAULT_WASM_PATH,
};
export { InThreadPathWorker };

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
 * @param {string} [scriptPath]
 * @param {{ experimental?: boolean, binary?: string, wx?: any }} [options]
 */
export function wechatWorker(
  scriptPath = DEFAULT_WORKER_SCRIPT,
  { experimental = false, binary = 'encode', wx } = {},
) {
  const api = wxOf(wx);
  if (!api) throw new TypeError('wx.createWorker is not available in this host');
  if (binary !== 'encode' && binary !== 'clone') {
    throw new RangeError(`binary must be 'encode' or 'clone', got ${describe(binary)}`);
  }
  const raw = experimental
    ? api.createWorker(scriptPath, { useExperimentalWorker: true })
    : api.createWorker(scriptPath);
  return encodedEndpoint(raw, { encode: binary === 'encode' });
}

// A wx worker that has not loaded the wasm by then is given up for the in-thread path (PathWorker
// alone waits 30 s: there is nothing to fall back to).
const WECHAT_READY_TIMEOUT = 10000;

// What createWeChatPathWorker reads itself; the rest goes to PathWorker.create or, in-thread,
// to InThreadPathWorker.create.
const WECHAT_OPTIONS = Object.freeze([
  ...IN_THREAD_OPTIONS,
  'workerScript',
  'wasmPath',
  'bigMaps',
  'experimental',
  'binary',
  'inThread',
  'onFallback',
  'wx',
]);

/**
 * A PathWorker for WeChat: a wx worker when one can be started and answers, else the same API
 * in-thread. Options: those of PathWorker.create (width, height, cells, costs, recover) plus
 *   workerScript  path of the worker script in the package (DEFAULT_WORKER_SCRIPT)
 *   bigMaps       load tilepath-bigmaps.wasm, the build with the big-map features (false)
 *   wasmPath      path of the .wasm in the package, outside workers/ (DEFAULT_WASM_PATH, or
 *                 DEFAULT_BIG_MAPS_WASM_PATH with bigMaps)
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
  refuseMisspelt(options, WECHAT_OPTIONS, 'createWeChatPathWorker');
  const {
    workerScript = DEFAULT_WORKER_SCRIPT,
    bigMaps = false,
    wasmPath = bigMaps ? DEFAULT_BIG_MAPS_WASM_PATH : DEFAULT_WASM_PATH,
    experimental = false,
    binary = 'encode',
    inThread = 'auto',
    readyTimeout = WECHAT_READY_TIMEOUT,
    loadPathfinder,
    onFallback,
    wx,
    ...create
  } = options;
  if (inThread !== 'auto' && inThread !== true && inThread !== false) {
    throw new RangeError(`inThread must be 'auto', true or false, got ${describe(inThread)}`);
  }
  // Checked here, so that a bad value is the caller's error rather than a reason to fall back.
  readReadyTimeout({ readyTimeout });
  // The in-thread path needs the caller's cells; PathWorker may not leave them readable.
  const { bytes } = readGridOptions(create, 'createWeChatPathWorker', WECHAT_OPTIONS);
  const cellsCopy = bytes?.slice();
  let reason = 'inThread: true';
  if (inThread !== true) {
    const api = wxOf(wx);
    if (!api) {
      reason = 'this host has no wx.createWorker (LayaNative, or not WeChat)';
    } else {
      let started = null;
      try {
        // PathWorker.create gives up on a worker that is not ready within readyTimeout, and
        // terminates it.
        return await PathWorker.create({
          ...create,
          readyTimeout,
          loadOptions: { wasmPath, bigMaps },
          worker: () => (started = wechatWorker(workerScript, { experimental, binary, wx: api })),
        });
      } catch (error) {
        reason = error.message;
        started?.terminate?.();
      }
    }
    if (inThread === false) throw new Error(`no tilepath worker: ${reason}`);
  }
  onFallback?.(reason);
  const load =
    loadPathfinder ??
    (async () => {
      const { createPathfinder } = await import('../index.js');
      return loadPathfinderWithWx(createPathfinder, { wasmPath, bigMaps });
    });
  return InThreadPathWorker.create({ ...create, cells: cellsCopy, loadPathfinder: load });
}
