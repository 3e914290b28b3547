// Types for `tilepath` (the in-thread API). Option names and defaults mirror
// cpp/include/tilepath/options.hpp, the one place they are declared.

/** Search algorithm. `astar` is optimal under any cost table; `dijkstra` has no heuristic;
 * `bfs` counts steps; `jps` is jump point search for `never` and `noCorners` with an `exact`
 * goal. Where the passable classes present do not all cost the same (or, for `jps`, with other
 * rules or goal modes), `bfs` and `jps` run A* instead, so the answer stays optimal. `hpa` is
 * hierarchical search for big maps (README "Big maps"): near-optimal, much faster on long
 * queries; `exact` goals only, without partial, maxExpansions, trace or weight. */
export type Algorithm = 'astar' | 'bfs' | 'dijkstra' | 'jps' | 'hpa';

/** Which moves are allowed. `never`: 4 neighbours. The others allow 8: `noCorners` needs both
 * side cells of a diagonal free (the Moving AI rule), `oneObstacle` at least one, `always` none. */
export type Diagonal = 'never' | 'noCorners' | 'oneObstacle' | 'always';

/** Distance estimate. Default: `manhattan` for `never`, `octile` otherwise. */
export type HeuristicName = 'manhattan' | 'octile' | 'chebyshev' | 'euclidean';

/** `exact`: go to the goal cell. `adjacent`: the goal is an object (door, chest, NPC): stop on
 * the cheapest reachable neighbour of it and report which way to face. `nearest`: if the goal
 * cannot be reached, go to the reachable cell nearest to it. */
export type GoalMode = 'exact' | 'adjacent' | 'nearest';

export type Status = 'found' | 'partial' | 'none';

/** Why a search gave `none` or `partial`: the exact goal is blocked or outside the map, no path
 * leads to it, or the expansion budget ran out. */
export type Reason = 'goalBlocked' | 'unreachable' | 'budget';

/** Facing from the cell reached towards the goal, y down (Tiled's convention): `up` is y - 1. */
export type Direction =
  'up' | 'down' | 'left' | 'right' | 'upLeft' | 'upRight' | 'downLeft' | 'downRight' | 'none';

export interface SearchOptions {
  /** Default `astar`. */
  algorithm?: Algorithm;
  /** Default `never` (4-neighbour). */
  diagonal?: Diagonal;
  /** Default chosen from `diagonal`. */
  heuristic?: HeuristicName;
  /** >= 1; inflates the heuristic (weighted A*): faster, cost at most `weight` x optimal. Default 1. */
  weight?: number;
  /** Stop after this many expanded cells (0 = no limit). Default 0. */
  maxExpansions?: number;
  /** When the budget runs out or the goal is unreachable, return the path to the reached cell
   * closest to the goal with status `partial` instead of status `none`. Default false. */
  partial?: boolean;
  /** Default `exact`. */
  goal?: GoalMode;
  /** String-pull the path into any-angle waypoints; the line-of-sight test obeys `diagonal`'s
   * corner rule, and a shortcut is only taken when it costs no more. Default false. */
  smooth?: boolean;
  /** Put the start cell first in `path`. Default true. */
  includeStart?: boolean;
  /** Record what the search did (for debug drawing and step-by-step replay). Default false. */
  trace?: boolean;
}

export interface GoalReached {
  /** The cell the path ends on. */
  x: number;
  y: number;
  /** Unit step from (x, y) towards the requested goal; 0,0 when standing on it. */
  dx: number;
  dy: number;
  facing: Direction;
}

export interface PathResult {
  status: Status;
  /** x0, y0, x1, y1, ... (cell coordinates). Empty when status is `none`. */
  path: Int32Array;
  /** The path's cost under the cost table (step length x cost of the cell entered). */
  cost: number;
  /** Cells expanded by the search. */
  expanded: number;
  /** Where the path ends and which way to face (all goal modes; most useful with `adjacent`). */
  goal: GoalReached | null;
  /** The algorithm that ran: `bfs` and `jps` run as `astar` where they would not be optimal
   * (a weighted cost table; jps also for `oneObstacle`/`always` and non-exact goals). */
  algorithm: Algorithm;
  /** Only when status is `none` or `partial`: why. */
  reason?: Reason;
  /** With `smooth`: the unsmoothed cell-by-cell path, for reference. */
  rawPath?: Int32Array;
  /** With `trace`: x, y of each expanded cell in expansion order. */
  expandedCells?: Int32Array;
  /** With `trace`: one record of 5 numbers per event: kind (0 = opened or improved,
   * 1 = expanded), x, y, g (cost so far), h (heuristic, weighted). */
  traceEvents?: Float64Array;
  /** With `trace`: true when the trace stopped at its limit (1,048,576 events); the search
   * itself ran to the end. */
  traceTruncated?: boolean;
}

/** Options of flowField and reachable. */
export interface FieldOptions {
  /** The moves allowed, as findPath's option. Default `never`. */
  diagonal?: Diagonal;
  /** Cells dearer than this stay unreached (cost Infinity, direction 0): a tactics unit's
   * movement points, or how far a field spreads. Default Infinity. */
  maxCost?: number;
}

/** Options of canReach. */
export interface ReachOptions {
  /** Default `never`. Only `always` (squeezing between two blocked corners) can join areas the
   * other rules keep apart. */
  diagonal?: Diagonal;
}

/** A direction code of a field or range: 0 = no step, 1 to 8 = a step of DIRECTIONS[code]. */
export type DirectionCode = number;

/** [dx, dy] of each direction code (y down): 0 none; 1 to 8 clockwise from east: east,
 * down-right, down, down-left, west, up-left, up, up-right. */
export const DIRECTIONS: readonly (readonly [number, number])[];

/** The cost from every cell to the nearest goal, and the step to take from each. */
export interface FlowField {
  readonly width: number;
  readonly height: number;
  /** Cost from each cell (index y * width + x) to the nearest goal under findPath's cost model
   * and diagonal rule; Infinity where no goal can be reached or beyond `maxCost`. A blocked cell
   * next to the way has a cost too (a unit pushed into a wall walks out, as findPath does). */
  readonly costs: Float32Array;
  /** The step to take from each cell, as a DirectionCode (0 at a goal and where unreached). */
  readonly directions: Uint8Array;
  /** costs at (x, y). */
  costAt(x: number, y: number): number;
  /** The neighbour to move to from (x, y); null at a goal or where no goal can be reached. O(1). */
  nextStep(x: number, y: number): { x: number; y: number } | null;
  /** The cells from (x, y) to its goal, x0, y0, x1, y1, ... (empty where unreached). Its cost is
   * costs at (x, y), which is findPath's optimum to the nearest goal. */
  pathFrom(x: number, y: number): Int32Array;
}

/** The cost from one unit to every cell within its budget, and the way there. */
export interface MovementRange {
  readonly width: number;
  readonly height: number;
  readonly startX: number;
  readonly startY: number;
  /** Cost from the start to each cell (index y * width + x); Infinity beyond `maxCost` or where
   * it cannot go. Costs are not symmetric: entering a swamp is dear, leaving it is not, so this
   * is not a flow field towards the start. */
  readonly costs: Float32Array;
  /** For each reached cell, the step back towards the start (a DirectionCode; 0 at the start). */
  readonly cameFrom: Uint8Array;
  /** The reached cells, x0, y0, x1, y1, ..., in increasing cost, the start first. */
  readonly cells: Int32Array;
  costAt(x: number, y: number): number;
  /** The route from the start to (x, y), start first (empty where unreached); it costs
   * costs at (x, y). */
  pathTo(x: number, y: number): Int32Array;
}

/** A flow field's goals: [x, y], a flat list x0, y0, x1, y1, ..., or a list of [x, y] pairs. */
export type Goals = ArrayLike<number> | ArrayLike<ArrayLike<number>>;

export interface Grid {
  readonly width: number;
  readonly height: number;
  /** True after dispose(). */
  readonly disposed: boolean;
  /** Class of cell (x, y). */
  get(x: number, y: number): number;
  /** Set the class of one cell (the same verb as PathWorker.setCell). */
  setCell(x: number, y: number, cls: number): void;
  /** The first name of setCell. */
  set(x: number, y: number, cls: number): void;
  /** Set many cells: indices are y * width + x. */
  setCells(indices: ArrayLike<number>, classes: ArrayLike<number> | number): void;
  /** Set a rectangle of cells to one class. */
  fillRect(x: number, y: number, w: number, h: number, cls: number): void;
  /** Cost of entering a cell of class `cls`: 0 or Infinity = blocked, otherwise > 0. */
  setCost(cls: number, cost: number): void;
  getCost(cls: number): number;
  /** A copy of all cells, row-major. */
  cells(): Uint8Array;
  /** Replace all cells at once: a new level into the same grid, checked like createGrid's
   * cells (length width * height, classes 0..255). The cost table stays. */
  setAll(cells: Uint8Array | ArrayBuffer | ArrayLike<number>): void;
  /** Answers an exact goal that cannot be reached (another component, see canReach) with
   * status `none` at once, nothing expanded. */
  findPath(sx: number, sy: number, gx: number, gy: number, options?: SearchOptions): PathResult;
  /** The cost from every cell to the nearest goal and the step to take: one field for a whole
   * wave of units walking to the same exits. */
  flowField(goals: Goals, options?: FieldOptions): FlowField;
  /** Every cell a unit at (sx, sy) reaches within `maxCost`, with its cost and route. */
  reachable(sx: number, sy: number, options?: FieldOptions): MovementRange;
  /** Whether a unit at (sx, sy) can walk to (gx, gy) at all, without a search: O(1) once the
   * rule's labels are built (on its first use), kept current by every edit. */
  canReach(sx: number, sy: number, gx: number, gy: number, options?: ReachOptions): boolean;
  /** Frees the wasm memory behind this grid. Any later call throws. */
  dispose(): void;
}

// --- big maps: local repair and the hpa hierarchy ---------------------------------------------

/** Options of repairPath: findPath's (used by the full search, and `diagonal` by the detour),
 * plus the detour's bound. */
export interface RepairOptions extends SearchOptions {
  /** At most this many cells expanded looking for a local detour before a full search from
   * the unit's position runs instead. Default 4096. */
  detourExpansions?: number;
}

export interface RepairResult extends PathResult {
  /** `none`: the rest of the path was still legal and is returned as it is; `local`: the old
   * path up to a point shortly before the first broken step, a detour, and the old path from
   * the point it rejoins; `full`: no detour within the bound, so a full search ran from the
   * unit's position to the path's end. */
  repaired: 'none' | 'local' | 'full';
  /** With `local`: the points of the old path (indices of its x, y pairs) where the detour
   * leaves it (at most 32 points before the first broken step, never before `fromIndex`) and
   * where it rejoins it (past the last broken step). The detour between them is the cheapest
   * way from the one to the other on the grid as it is now. */
  departIndex?: number;
  rejoinIndex?: number;
}

/** The hpa hierarchy under one diagonal rule, for drawing. */
export interface AbstractGraph {
  /** Clusters are clusterSize x clusterSize cells, from (0, 0). */
  clusterSize: number;
  /** The entrance cells (abstract nodes), x0, y0, x1, y1, ... */
  nodes: Int32Array;
  /** Abstract edges inside clusters, x0, y0, x1, y1 per edge (4 numbers). */
  edges: Int32Array;
}

/** Options of rectangles. */
export interface RectangleOptions {
  /** Each rectangle holds one cell class only (so one cost). Default false: any passable cells. */
  sameClass?: boolean;
}

export interface Grid {
  /** The passable cells merged greedily into rectangles, x, y, w, h per rectangle: every
   * passable cell in exactly one, no blocked cell in any. Scanning rows from the top, each cell
   * not yet covered starts a rectangle as wide as its run, grown down while the row below is
   * free. */
  rectangles(options?: RectangleOptions): Int32Array;
  /** A unit walking `path` (findPath's cell-by-cell path) stands on its point `fromIndex`, and
   * edits have blocked some of what lies ahead: a detour round the broken part back onto the old
   * path (the cheapest way to the nearest good point past it, found within `detourExpansions`),
   * or a full search to the path's end when there is none. The result's path starts where the
   * unit stands. */
  repairPath(path: ArrayLike<number>, fromIndex: number, options?: RepairOptions): RepairResult;
  /** The hierarchy `hpa` searches (built on first use, kept current under edits). */
  abstractGraph(options?: ReachOptions): AbstractGraph;
}

// --- stale-path alerts (Grid.watchPath; PathWorker's is the same) -----------------------------

/** What onBlocked hears: the cells of the path that the edit blocked or made dearer to enter. */
export interface PathAlert {
  /** Position along the path (point number: path[2 * index], path[2 * index + 1]) of the first
   * cell affected. A unit at or past it walks into the change; one before it may go on. */
  index: number;
  /** That first cell. */
  x: number;
  y: number;
  /** Every affected cell of the path, as x, y pairs in path order. */
  cells: Int32Array;
}

/** Returned by watchPath. A path is watched until it is alerted (once) or stopped. */
export interface PathWatch {
  /** Stops watching (nothing happens if it was already alerted or stopped). */
  stop(): void;
  /** False once alerted or stopped. */
  readonly active: boolean;
}

export interface Grid {
  /**
   * Watches the path a unit is walking (x, y pairs, as findPath returns them): when an edit
   * (setCell, setCells, fillRect, setAll, setCost) blocks one of its cells or makes one dearer
   * to enter, `onBlocked` is called once, at the end of that edit, and the path is no longer
   * watched. Costs nothing per edit for cells no watched path crosses.
   */
  watchPath(path: ArrayLike<number>, onBlocked: (alert: PathAlert) => void): PathWatch;
}

export interface LoadOptions {
  /** The .wasm bytes, when the host cannot fetch files. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Maps 'tilepath.wasm' to where the host serves it. */
  locateFile?: (path: string, prefix: string) => string;
  /**
   * Emscripten's hook: instantiate the module yourself (WeChat: WXWebAssembly.instantiate).
   * Typed by what the glue passes and uses, so a host's own WebAssembly types (WeChat's) fit.
   */
  instantiateWasm?: (
    imports: Record<string, Record<string, any>>,
    receive: (instance: { readonly exports: Record<string, any> }, module?: unknown) => void,
  ) => unknown;
}

export interface Pathfinder {
  /** Copies `cells` (length width * height) into the grid; all zeros when omitted. */
  createGrid(
    width: number,
    height: number,
    cells?: Uint8Array | ArrayBuffer | ArrayLike<number>,
  ): Grid;
  /** Bytes of wasm memory in use (grows, never shrinks). */
  memoryBytes(): number;
  /** Bytes held by the shared search state (about 25 per cell of the largest grid searched). */
  searchMemoryBytes(): number;
  /** Grids created and not yet disposed. */
  liveGrids(): number;
  /** Each option's allowed values and its default, as declared by the C++ core. */
  readonly optionValues: {
    readonly algorithm: readonly Algorithm[];
    readonly diagonal: readonly Diagonal[];
    readonly heuristic: readonly HeuristicName[];
    readonly goal: readonly GoalMode[];
  };
}

/** Loads the wasm module once; later calls return the same instance. */
export function createPathfinder(options?: LoadOptions): Promise<Pathfinder>;
