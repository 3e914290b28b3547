// Types for `tilepath/wechat`: PathWorker in WeChat mini-games (Cocos Creator, LayaAir builds).
import type { Pathfinder, LoadOptions } from './index.js';
import type { PathWorker, PathWorkerOptions, WorkerLike } from './worker.js';
import { InThreadPathWorker } from './worker.js';

/** 'workers/tilepath/index.js': the worker script, from dist/wechat/workers/. */
export declare const DEFAULT_WORKER_SCRIPT: string;
/** 'tilepath/tilepath.wasm': the module, from dist/wechat/tilepath/, outside the workers folder. */
export declare const DEFAULT_WASM_PATH: string;
/** 'tilepath/tilepath-bigmaps.wasm': the default wasmPath with bigMaps: true. */
export declare const DEFAULT_BIG_MAPS_WASM_PATH: string;

/** The parts of `wx` used here. */
export interface WxLike {
  createWorker(
    scriptPath: string,
    options?: { useExperimentalWorker?: boolean },
  ): {
    postMessage(message: object): void;
    onMessage(listener: (message: any) => void): void;
    onProcessKilled?(listener: () => void): void;
    terminate(): void;
  };
}

export interface WeChatWorkerOptions {
  /** useExperimentalWorker (faster on iOS; may be killed by the system, then replaced). */
  experimental?: boolean;
  /** 'encode' (default): typed arrays and non-finite numbers travel JSON-safe, which every base
   * library copies intact. 'clone': send them as they are (hosts with structured clone). */
  binary?: 'encode' | 'clone';
  wx?: WxLike;
}

/** wx.createWorker wrapped for PathWorker.create({ worker: () => wechatWorker() }). */
export declare function wechatWorker(
  scriptPath?: string,
  options?: WeChatWorkerOptions,
): WorkerLike;

/** createPathfinder through WXWebAssembly.instantiate(wasmPath) (the instantiateWasm hook). */
export declare function loadPathfinderWithWx(
  createPathfinder: (options?: LoadOptions) => Promise<Pathfinder>,
  options?: LoadOptions & { wasmPath?: string },
): Promise<Pathfinder>;

export declare function encodeMessage(message: unknown): unknown;
export declare function decodeMessage(message: unknown): unknown;

export { InThreadPathWorker };

export interface WeChatPathWorkerOptions
  extends Omit<PathWorkerOptions, 'worker' | 'loadOptions' | 'readyTimeout'>, WeChatWorkerOptions {
  workerScript?: string;
  /** Load tilepath-bigmaps.wasm, the build with the big-map features (LoadOptions.bigMaps). */
  bigMaps?: boolean;
  /** Default DEFAULT_WASM_PATH, or DEFAULT_BIG_MAPS_WASM_PATH with bigMaps. */
  wasmPath?: string;
  /** 'auto' (default): in-thread when no worker can be had; true: always; false: never (throw). */
  inThread?: 'auto' | boolean;
  /** Milliseconds to wait for the worker to be ready before falling back in-thread (the worker
   * is then terminated). Default 10000. */
  readyTimeout?: number;
  /** For the in-thread path. Default: tilepath's createPathfinder with WXWebAssembly. */
  loadPathfinder?: () => Promise<Pathfinder>;
  /** Told why the in-thread path was taken. */
  onFallback?: (reason: string) => void;
}

/** A PathWorker on a wx worker, or an InThreadPathWorker where there is none. */
export declare function createWeChatPathWorker(
  options: WeChatPathWorkerOptions,
): Promise<PathWorker | InThreadPathWorker>;
