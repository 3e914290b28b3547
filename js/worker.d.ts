// Types for `tilepath/worker`: the sync API's grid, run in a worker.
import type { LoadOptions, PathResult, SearchOptions } from './index.js';

/** Anything that can carry the worker protocol: a DOM Worker or MessagePort, Node's
 * worker_threads Worker, a WeChat / ByteDance worker (`onMessage(fn)`), or an object with `postMessage`
 * and an assignable `onmessage`. */
export type WorkerLike =
  | {
      postMessage(message: unknown, transfer?: Transferable[]): void;
      terminate?(): unknown;
      addEventListener(type: 'message', listener: (event: { data: any }) => void): void;
    }
  | {
      postMessage(message: unknown): void;
      onMessage(listener: (data: any) => void): void;
      terminate?(): void;
    }
  | {
      postMessage(message: unknown, transfer?: Transferable[]): void;
      onmessage: unknown;
      terminate?(): unknown;
    }
  | {
      /** Node's worker_threads Worker. */
      postMessage(message: unknown, transfer?: readonly unknown[]): void;
      on(event: string, listener: (...args: any[]) => void): unknown;
      readonly threadId: number;
      terminate(): unknown;
    };

export interface PathWorkerOptions {
  width: number;
  height: number;
  /** width * height classes, row-major. An ArrayBuffer, or a Uint8Array spanning its whole
   * buffer, is transferred: the caller's buffer is detached afterwards. Any other view or
   * array is copied. All zeros when omitted. */
  cells?: ArrayBuffer | Uint8Array | ArrayLike<number>;
  /** Costs to start with: an array indexed by class, or { [class]: cost }. */
  costs?: ArrayLike<number> | Record<number, number>;
  /** The worker to use. A function is called again to start a fresh worker if one dies; a
   * single object cannot be replaced, so losing it rejects everything pending. Default: a
   * module worker on worker-entry.js (browsers) or a worker_threads thread (Node). */
  worker?: WorkerLike | (() => WorkerLike);
  /** When the worker dies with requests in flight: `replay` them on a fresh worker (default)
   * or `reject` them. Either way no edit is lost. */
  recover?: 'replay' | 'reject';
  /** Forwarded to createPathfinder inside the worker (must survive structured clone). */
  loadOptions?: Pick<LoadOptions, 'wasmBinary'>;
}

export interface WorkerSearchOptions extends SearchOptions {
  /** Cancels the request: it rejects with an AbortError and its answer, if any, is dropped. */
  signal?: AbortSignal;
}

export interface WorkerPathResult extends PathResult {
  /** Milliseconds the search took in the worker. */
  workerMs: number;
}

export interface PathRequest {
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  /** Replaces the shared options of findPaths for this request. */
  options?: SearchOptions;
}

export interface PathWorkerStats {
  /** Requests made and not yet settled (queued or posted). */
  inFlight: number;
  /** Requests waiting for the end of the task to be posted. */
  queued: number;
  messagesPosted: number;
  /** Estimated bytes of every message posted (typed arrays by size), the first grid included. */
  bytesPosted: number;
  requestsPosted: number;
  cellEditsPosted: number;
  resultsReceived: number;
  /** Workers started again after one was lost. */
  restarts: number;
}

export declare class PathWorker {
  /** Starts a worker holding the grid; resolves when it is ready. Bad arguments throw. */
  static create(options: PathWorkerOptions): Promise<PathWorker>;
  readonly width: number;
  readonly height: number;
  /** The worker-like object in use now (for hosts and tests; do not post to it). */
  readonly worker: WorkerLike | null;
  readonly terminated: boolean;
  readonly stats: PathWorkerStats;
  /** Class of cell (x, y), from the main thread's own copy: no round trip. */
  get(x: number, y: number): number;
  /** Cost of entering class `cls` (Infinity = blocked), from the main thread's copy. */
  getCost(cls: number): number;
  /** A copy of all cells, row-major. */
  cells(): Uint8Array;
  /** Edits apply to the copy at once and reach the worker with the next flush (the end of the
   * task, or the next request), as one message of about 5 bytes per changed cell. */
  setCell(x: number, y: number, cls: number): void;
  setCells(indices: ArrayLike<number>, classes: ArrayLike<number> | number): void;
  fillRect(x: number, y: number, w: number, h: number, cls: number): void;
  setCost(cls: number, cost: number): void;
  /** Sees exactly the edits made before it. */
  findPath(
    sx: number,
    sy: number,
    gx: number,
    gy: number,
    options?: WorkerSearchOptions,
  ): Promise<WorkerPathResult>;
  /** Many requests in one message; `requests` are objects or a flat sx, sy, gx, gy, ... list. */
  findPaths(
    requests: readonly PathRequest[] | ArrayLike<number>,
    options?: WorkerSearchOptions,
  ): Promise<WorkerPathResult[]>;
  /** Posts the queued edits and requests now instead of at the end of the task. */
  flush(): void;
  /** Rejects everything pending and stops the worker; get() and cells() keep answering. */
  terminate(): void;
}

/** The worker side, for hosts that write their own worker script (Cocos/Laya WeChat builds):
 * `serveWorker(self, () => createPathfinder())`. */
export declare function serveWorker(
  endpoint: unknown,
  loadPathfinder: (loadOptions?: LoadOptions) => Promise<import('./index.js').Pathfinder>,
): void;

/** Node only (`tilepath/worker` under the "node" condition): starts a worker_threads thread
 * serving PathWorker, for hosts that pass their own `worker` factory around it. */
export declare function startNodeWorker(): WorkerLike;
