// Types for `tilepath/worker`: the sync API's grid, run in a worker.
import type {
  AbortSignalLike,
  AgentOptions,
  AgentState,
  CrowdOptions,
  AbstractGraph,
  CostTable,
  FieldOptions,
  FlowField,
  Goals,
  GridShape,
  Orientation,
  StaggerAxis,
  StaggerIndex,
  MovementRange,
  MovementRules,
  PathAlert,
  PathResult,
  PathWatch,
  PrepareOptions,
  PrepareReport,
  PrepareTargets,
  WatchOptions,
  Pathfinder,
  ReachOptions,
  RepairOptions,
  RepairResult,
  SearchOptions,
} from './index.js';

/** Anything that can carry the worker protocol: a DOM Worker or MessagePort, Node's
 * worker_threads Worker, a WeChat / ByteDance worker (`onMessage(fn)`), or an object with `postMessage`
 * and an assignable `onmessage`. */
export type WorkerLike =
  | {
      postMessage(message: unknown, transfer?: readonly unknown[]): void;
      terminate?(): unknown;
      addEventListener(type: 'message', listener: (event: { data: any }) => void): void;
    }
  | {
      postMessage(message: unknown): void;
      onMessage(listener: (data: any) => void): void;
      terminate?(): void;
    }
  | {
      postMessage(message: unknown, transfer?: readonly unknown[]): void;
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

/** Crowd's methods as promises, sent in call order with the worker's edits. Argument types are
 * checked at once (TypeError thrown); ranges in the worker (the promise rejects). */
export interface WorkerCrowd {
  readonly disposed: boolean;
  addAgent(agent: AgentOptions): Promise<number>;
  removeAgent(id: number): Promise<void>;
  setTarget(id: number, x: number, y: number): Promise<void>;
  setGroupTarget(ids: ArrayLike<number>, x: number, y: number): Promise<void>;
  stop(id: number): Promise<void>;
  setAgentPosition(id: number, x: number, y: number): Promise<void>;
  teleport(id: number, x: number, y: number): Promise<void>;
  setAgentMaxSpeed(id: number, speed: number): Promise<void>;
  setAgentRadius(id: number, radius: number): Promise<void>;
  /** One message out, one back: resolves with the positions after the step (transferred). */
  step(dt: number): Promise<Float32Array>;
  positions(): Promise<Float32Array>;
  velocities(): Promise<Float32Array>;
  state(id: number): Promise<AgentState>;
  agentCount(): Promise<number>;
  dispose(): Promise<void>;
}

export interface PathWorkerOptions {
  /** The grid's sides: required, unless `saved` gives the grid. */
  width?: number;
  height?: number;
  /** What Grid.save() gave: the grid (cells, costs, shape) and what was prepared on it, loaded
   * in the worker with nothing to build (a replacement worker, should one die, starts from the
   * cells and costs and builds on first use). Instead of width, height, cells, costs and the
   * shape, which are then refused beside it. Copied, not transferred. */
  saved?: Uint8Array | ArrayBuffer;
  /** width * height classes, row-major. An ArrayBuffer, or a Uint8Array spanning its whole
   * buffer, is transferred: the caller's buffer is detached afterwards. Any other view or
   * array is copied. All zeros when omitted. */
  cells?: ArrayBuffer | Uint8Array | ArrayLike<number>;
  /** Costs to start with: an array indexed by class, or { [class]: cost }. */
  costs?: ArrayLike<number> | Record<number, number>;
  /** Movement profiles to start with, { name: costs } (each as setProfile takes it): what
   * readTiledLayer returns as `profiles`. At most 7 ('default' is `costs`). */
  profiles?: { [name: string]: CostTable };
  /** The grid's shape, as createGrid takes it (default orthogonal; axis `y`, index `odd`). */
  orientation?: Orientation;
  staggerAxis?: StaggerAxis;
  staggerIndex?: StaggerIndex;
  /** The worker to use. A function is called again to start a fresh worker if one dies; a
   * single object cannot be replaced, so losing it rejects everything pending. Default: a
   * module worker on worker/entry.js (browsers) or a worker_threads thread (Node). */
  worker?: WorkerLike | (() => WorkerLike);
  /** When the worker dies with requests in flight: `replay` them on a fresh worker (default)
   * or `reject` them. Either way no edit is lost. */
  recover?: 'replay' | 'reject';
  /** Forwarded to the worker's loader (must survive structured clone, so no functions). */
  loadOptions?: WorkerLoadOptions;
  /** How many answers the worker keeps, to answer a repeated request (same start, goal and
   * options) without searching (`cached: true` on the result). Walls and dearer cells drop
   * only the answers through them; an opened or cheaper cell, a lowered cost or setAll drops
   * all. Requests with `trace` are not cached. Default 0 (off). */
  cache?: number;
  /** The cache's byte budget (its estimate of what the answers hold): past it, the least
   * recently used answers go first. Default 8 MiB (8388608). */
  cacheBytes?: number;
  /** How many workers share the requests, each with its own copy of the grid; every edit
   * reaches all of them, and the answers are the same as one worker's. With several, `worker`
   * must be a function. Default 1. */
  workers?: number;
  /** Milliseconds create waits for the worker to say it is ready (its script loaded, the wasm
   * instantiated, the grid built). When they run out, the worker (every worker of a pool) is
   * terminated and create rejects with an Error saying what to check. A worker started to
   * replace one that died has as long, and is then replaced in turn like a dead one. 0 or
   * Infinity: wait for ever. Default 30000. */
  readyTimeout?: number;
}

/** What the worker's `loadPathfinder(loadOptions)` is given. The browser and Node workers pass it
 * to createPathfinder (`bigMaps`, `wasmBinary`); the WeChat worker to loadPathfinderWithWx
 * (`bigMaps`, `wasmPath`, the package path of the .wasm). */
export interface WorkerLoadOptions {
  /** The build with the big-map features (LoadOptions.bigMaps). */
  bigMaps?: boolean;
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmPath?: string;
}

/** InThreadPathWorker.create: PathWorker's options, with a loader instead of a worker. (It
 * checks and ignores PathWorker's others, so that one options object suits either.) */
export interface InThreadPathWorkerOptions extends Omit<
  PathWorkerOptions,
  'worker' | 'recover' | 'loadOptions' | 'workers' | 'readyTimeout'
> {
  /** Resolves to the in-thread API, e.g. `() => createPathfinder()`. */
  loadPathfinder: () => Promise<Pathfinder>;
  /** Each frame's budget for searches (a PathScheduler's): milliseconds, default 4. */
  msPerFrame?: number;
  /** Or cells expanded per frame, instead of msPerFrame. */
  expansionsPerFrame?: number;
}

export interface WorkerSearchOptions extends SearchOptions {
  /** Cancels the request: it rejects with an AbortError and its answer, if any, is dropped. */
  signal?: AbortSignalLike;
}

/** A query's cancel signal, as findPath's. */
export interface WorkerSignalOption {
  /** Cancels the request: it rejects with an AbortError and its answer, if any, is dropped. */
  signal?: AbortSignalLike;
}

export interface WorkerPathResult extends PathResult {
  /** Milliseconds the search took (in the worker; in-thread, on the calling thread). */
  workerMs: number;
  /** True when answered from the cache (create's `cache` option), without a search: status,
   * cost and goal are those a fresh search gives, the path one as cheap (ties may differ),
   * `expanded` the count of the search that made it. */
  cached?: true;
}

export interface PathRequest {
  sx: number;
  sy: number;
  gx: number;
  gy: number;
  /** Replaces the shared options of findPaths for this request. */
  options?: SearchOptions;
}

/** What every path worker counts. */
export interface PathWorkerApiStats {
  /** Requests made and not yet settled (queued or posted). */
  inFlight: number;
  /** Requests not yet under way: PathWorker's wait for the end of the task to be posted,
   * InThreadPathWorker's for their turn (behind an edit, or in its scheduler's queue). */
  queued: number;
  /** Bytes of wasm memory where the searches run (PathWorker: the worker's, as of its last
   * reply). Grows, never shrinks: compare it at the start and end of a long run to see a leak. */
  wasmMemoryBytes: number;
  /** Requests answered from the cache (create's `cache` option). */
  cacheHits: number;
}

export interface PathWorkerStats extends PathWorkerApiStats {
  messagesPosted: number;
  /** Estimated bytes of every message posted (typed arrays by size), the first grid included. */
  bytesPosted: number;
  requestsPosted: number;
  cellEditsPosted: number;
  resultsReceived: number;
  /** Workers started again after one was lost. */
  restarts: number;
  /** Replies the client did not ask for (unknown ids, a seq never posted, malformed results). */
  repliesIgnored: number;
  /** A pool (create's `workers` > 1): each worker's own; the fields above are their sums. */
  workers?: PathWorkerStats[];
}

export interface InThreadPathWorkerStats extends PathWorkerApiStats {
  /** Requests answered so far. */
  requestsAnswered: number;
}

/**
 * What PathWorker, a pool of them (`workers: n`) and InThreadPathWorker all offer, declared once:
 * Grid's edit and read methods under Grid's names, and requests answered through promises. The
 * requests share one implementation (js/worker/surface.js), so the same bad call fails with the
 * same error class and message on each. Code written against it runs on any of them.
 */
export interface PathWorkerApi<
  Stats extends PathWorkerApiStats = PathWorkerApiStats,
> extends MovementRules {
  readonly width: number;
  readonly height: number;
  /** The grid's shape, fixed at create. */
  readonly shape: GridShape;
  /** True when paths are computed on the calling thread (InThreadPathWorker). */
  readonly inThread: boolean;
  readonly terminated: boolean;
  readonly stats: Stats;
  /** Class of cell (x, y), answered at once (PathWorker: from the main thread's copy). */
  get(x: number, y: number): number;
  /** Cost of entering class `cls` (Infinity = blocked), under `profile` (default 'default'). */
  getCost(cls: number, profile?: string): number;
  /** The movement profiles, 'default' first (Grid.profiles). */
  profiles(): string[];
  /** As Grid.setProfile: an edit, ordered with the others (PathWorker posts it after every
   * request and edit made before it, and replays it on a new worker). */
  setProfile(name: string, costs: CostTable): void;
  /** As Grid.deleteProfile, as an edit. */
  deleteProfile(name: string): void;
  /** A copy of all cells, row-major. */
  cells(): Uint8Array;
  setCell(x: number, y: number, cls: number): void;
  /** `indices` are y * width + x; `classes` one per index, or one for all. */
  setCells(indices: ArrayLike<number>, classes: ArrayLike<number> | number): void;
  /** A rectangle, clipped to the grid. */
  fillRect(x: number, y: number, w: number, h: number, cls: number): void;
  /** 0 or Infinity = blocked, otherwise > 0; under `profile` when given. Changing one profile's
   * costs keeps the other profiles' cached paths. */
  setCost(cls: number, cost: number, profile?: string): void;
  /** A new level: every cell at once (width * height of them). PathWorker moves an ArrayBuffer or
   * a Uint8Array spanning its whole buffer (detached afterwards), as create does; it copies
   * anything else. InThreadPathWorker always copies. */
  setAll(cells: ArrayBuffer | Uint8Array | ArrayLike<number>): void;
  /** Sees exactly the edits made before it, and none after: never `outdated` (InThreadPathWorker
   * queues a later edit behind it, PathWorker searches it whole in the worker). */
  findPath(
    sx: number,
    sy: number,
    gx: number,
    gy: number,
    options?: WorkerSearchOptions,
  ): Promise<WorkerPathResult>;
  /** Many requests at once; `requests` are objects or a flat sx, sy, gx, gy, ... list. The
   * signal of `options` cancels them all. */
  findPaths(
    requests: readonly PathRequest[] | ArrayLike<number>,
    options?: WorkerSearchOptions,
  ): Promise<WorkerPathResult[]>;
  /** grid.flowField in the worker: sees exactly the edits made before it; the arrays are
   * transferred back, not copied; `signal` cancels it as it cancels findPath. */
  flowField(goals: Goals, options?: FieldOptions & WorkerSignalOption): Promise<FlowField>;
  /** grid.reachable in the worker, as flowField. */
  reachable(
    sx: number,
    sy: number,
    options?: FieldOptions & WorkerSignalOption,
  ): Promise<MovementRange>;
  /** grid.canReach in the worker, as flowField. */
  canReach(
    sx: number,
    sy: number,
    gx: number,
    gy: number,
    options?: ReachOptions & WorkerSignalOption,
  ): Promise<boolean>;
  /** grid.abstractGraph in the worker, after the edits made before it: the hierarchy `hpa`
   * searches there, for drawing; arrays transferred back. */
  abstractGraph(options?: ReachOptions & WorkerSignalOption): Promise<AbstractGraph>;
  /** grid.prepare in the worker, after the edits made before it: built there in slices, with
   * `onProgress(fraction, what)` told by a message after each (the pool: its members' mean).
   * Requests made after it are answered after it (InThreadPathWorker: it slices itself between
   * frames and later requests do not wait). An abort rejects at once; the worker stops at its
   * next slice. */
  prepare(what: PrepareTargets, options?: PrepareOptions): Promise<PrepareReport>;
  /** grid.save() in the worker, after the edits made before it (a pool: one member's, as they
   * hold the same grid); the bytes are transferred back. */
  save(): Promise<Uint8Array>;
  /** grid.repairPath in the worker, after the edits made before it (the hierarchy `hpa` needs
   * is built in the worker on first use). Resolves with the result plus `workerMs`. */
  repairPath(
    path: ArrayLike<number>,
    fromIndex: number,
    options?: RepairOptions & WorkerSignalOption,
  ): Promise<RepairResult & { workerMs: number }>;
  /** A crowd in the worker (on a pool: pinned to one member). Resolves once it exists (rejects
   * when the options are refused); the promise also takes the crowd's calls at once
   * (`pw.createCrowd().addAgent(...)`), sent after its creation. All calls are sent in order
   * with the edits. */
  createCrowd(options?: CrowdOptions): Promise<WorkerCrowd> & Omit<WorkerCrowd, 'disposed'>;
  /** Posts the queued edits and requests now instead of at the end of the task
   * (InThreadPathWorker: finishes the searches still pending, on this frame, then applies the
   * edits queued behind them). */
  flush(): void;
  /** Stale-path alerts, as Grid.watchPath, judged on the main thread at the edit itself (no
   * round trip): `onBlocked` is called once when an edit blocks a cell of `path` or makes one
   * dearer to enter. Throws once terminated. */
  watchPath(
    path: ArrayLike<number>,
    onBlocked: (alert: PathAlert) => void,
    options?: WatchOptions,
  ): PathWatch;
  /** Rejects everything pending and frees the grid; get(), getCost() and cells() keep answering,
   * anything else throws (`PathWorker: terminated`, InThreadPathWorker naming itself; prepare
   * and save reject with it). */
  terminate(): void;
}

// The classes get every PathWorkerApi member by declaration merging (one list, not three).
export interface PathWorker extends PathWorkerApi<PathWorkerStats> {}
export declare class PathWorker {
  /** Starts a worker holding the grid; resolves when it is ready. Bad arguments throw. Edits
   * apply to the main thread's copy at once and reach the worker with the next flush (the end of
   * the task, or the next request), as one message of about 5 bytes per changed cell; setAll is
   * posted at once, after what was queued before it. */
  static create(options: PathWorkerOptions): Promise<PathWorker>;
  /** How create starts a worker when given none. */
  static defaultWorker: () => WorkerLike;
  /** The worker-like object in use now (for hosts and tests; do not post to it). */
  readonly worker: WorkerLike | null;
  /** Every worker-like object in use (one, or the pool's). */
  readonly workers: WorkerLike[];
}

/** PathWorker's API computed on the calling thread, for hosts without a usable worker
 * (LayaNative, tests). Searches run over frames (msPerFrame / expansionsPerFrame); each request
 * sees exactly the edits made before it: an edit made while searches are pending is checked at
 * once and queued behind them (no search runs inside an edit call), and what is asked after it
 * waits for it. Reads give the cells as last set, queued edits included. */
export interface InThreadPathWorker extends PathWorkerApi<InThreadPathWorkerStats> {}
export declare class InThreadPathWorker {
  static create(options: InThreadPathWorkerOptions): Promise<InThreadPathWorker>;
}

/** The worker side, for hosts that write their own worker script (Cocos/Laya WeChat builds):
 * `serveWorker(self, () => createPathfinder())`. */
export declare function serveWorker(
  endpoint: unknown,
  loadPathfinder: (loadOptions?: WorkerLoadOptions) => Promise<Pathfinder>,
): void;

/** Node only (`tilepath/worker` under the "node" condition): starts a worker_threads thread
 * serving PathWorker, for hosts that pass their own `worker` factory around it. */
export declare function startNodeWorker(): WorkerLike;

export type { PathAlert, PathWatch } from './index.js';
