// Types for `tilepath` (the in-thread API). Option names and defaults mirror
// cpp/include/tilepath/options.hpp, the one place they are declared.

/** Search algorithm. `auto` (the default) runs the fastest exact search the grid and the
 * options allow: `jps` on a square grid without entry rules or links whose passable classes
 * present all cost the same, for `never` and `noCorners` with an `exact` goal, weight 1 (and not
 * `manhattan` with diagonals) and no `maxExpansions`; `astar` everywhere else (never `hpa`,
 * which is not exact). `PathResult.algorithm` names the one that ran. `astar` is optimal under
 * any cost table; `dijkstra` has no heuristic; `bfs` counts steps; `jps` is jump point search
 * for `never` and `noCorners` with an `exact` goal; on a weighted table it runs weighted jump
 * point search (A*'s costs; A* with `partial`). Where the passable classes present do not all
 * cost the same `bfs` runs A* instead, and so does `jps` with other rules or goal modes, so the
 * answer stays optimal. `hpa` is hierarchical search for big maps (README "Big
 * maps"): near-optimal, much faster on long queries; `exact` goals only, without partial,
 * maxExpansions, trace or weight. */
export type Algorithm = 'auto' | 'astar' | 'bfs' | 'dijkstra' | 'jps' | 'hpa';
/** An algorithm that ran (PathResult.algorithm): `auto` is always resolved to one of these. */
export type AlgorithmThatRan = Exclude<Algorithm, 'auto'>;

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

/** A cancel signal as tilepath reads it (aborted, reason and the 'abort' event): the DOM's and
 * Node's AbortSignal fit it, and so does a game's own object on hosts that have none (WeChat).
 * Declared here rather than named from lib.dom, so that the types compile on every host. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Why a search gave `none` or `partial`: the exact goal is blocked or outside the map, no path
 * leads to it, or the expansion budget ran out. */
export type Reason = 'goalBlocked' | 'unreachable' | 'budget';

/** Facing from the cell reached towards the goal, y down (Tiled's convention): `up` is y - 1.
 * Staggered and hexagonal grids name their own steps (ShapeDirection). */
export type Direction =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'upLeft'
  | 'upRight'
  | 'downLeft'
  | 'downRight'
  | 'none'
  | ShapeDirection;

/** The steps of staggered and hexagonal grids, as drawn on screen (north is up). Staggered: the
 * four edge-sharing tiles northeast, northwest, southeast, southwest (straight steps) and the four
 * corner-sharing ones north, south, east, west (diagonal). Hexagonal with staggerAxis `y`: east,
 * west and the four diagonal names; with `x`: north, south and the four. */
export type ShapeDirection =
  'north' | 'south' | 'east' | 'west' | 'northeast' | 'northwest' | 'southeast' | 'southwest';

/** A map's shape, with Tiled's names. `isometric` (diamond) maps are searched like `orthogonal`
 * ones. On `staggered` and `hexagonal` maps, staggerAxis `y` shifts every other row half a tile
 * right and `x` every other column half a tile down; staggerIndex says whether the `odd` or the
 * `even` rows (columns) are the shifted ones. */
export type Orientation = 'orthogonal' | 'isometric' | 'staggered' | 'hexagonal';
export type StaggerAxis = 'x' | 'y';
export type StaggerIndex = 'odd' | 'even';

export interface GridShape {
  readonly orientation: Orientation;
  readonly staggerAxis: StaggerAxis;
  readonly staggerIndex: StaggerIndex;
}

/** createGrid's third argument as an object (what readTiledLayer returns fits: its other fields
 * are ignored). Absent fields take Tiled's defaults: orthogonal, axis `y`, index `odd`. */
export interface GridOptions {
  /** Entry rules to set, { [class]: directions } (Grid.setEntry): readTiledMap's `entry`. */
  entry?: { [cls: number]: readonly EntryDirection[] | string | null };
  /** Links to add (Grid.addLink): readTiledMap's `links`. */
  links?: readonly ({ ax: number; ay: number; bx: number; by: number } & LinkOptions)[];
  cells?: Uint8Array | ArrayBuffer | ArrayLike<number>;
  orientation?: Orientation;
  staggerAxis?: StaggerAxis;
  staggerIndex?: StaggerIndex;
}

export interface SearchOptions {
  /** Default `auto`: `jps` where it is exact and applies, `astar` elsewhere (see Algorithm). */
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
  /** The side of the unit's square footprint in tiles, an integer from 1 to 16. Default 1. The
   * unit at (x, y) covers (x, y) to (x + n - 1, y + n - 1): path points are its top-left tile,
   * a position is open when every covered tile is, and a step costs its length times the
   * dearest covered tile. */
  unitSize?: number;
  /** The movement profile whose costs the unit walks by (grid.setProfile): a name the grid has.
   * Default 'default', the grid's own table. */
  profile?: string;
}

export interface GoalReached {
  /** The cell the path ends on. */
  x: number;
  y: number;
  /** Unit step from (x, y) towards the requested goal; 0,0 when standing on it. On staggered and
   * hexagonal grids: the cell offset of the shape's step named by `facing` (a staggered north or
   * south step is 2 rows, axis y; an east or west one is 2 columns, axis x). */
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
  /** The algorithm that ran, never `auto` (resolved by the C++ core: see Algorithm): `bfs` runs
   * as `astar` on a weighted cost table, and `jps` for `oneObstacle`/`always`, non-exact goals
   * and (on a weighted table) `partial`. */
  algorithm: AlgorithmThatRan;
  /** Only when status is `none` or `partial`: why. */
  reason?: Reason;
  /** With `smooth`: the unsmoothed cell-by-cell path, for reference. */
  rawPath?: Int32Array;
  /** Only when the path takes links (Grid.addLink): the positions k in `path` (counting cells,
   * not numbers) where the step from cell k to cell k + 1 is a link's. The two cells are next
   * to each other in `path` however far apart they are on the map. */
  links?: Int32Array;
  /** With `trace`: x, y of each expanded cell in expansion order. */
  expandedCells?: Int32Array;
  /** With `trace`: one record of 5 numbers per event: kind (0 = opened or improved,
   * 1 = expanded), x, y, g (cost so far), h (heuristic, weighted). */
  traceEvents?: Float64Array;
  /** With `trace`: true when the trace stopped at its limit (1,048,576 events); the search
   * itself ran to the end. */
  traceTruncated?: boolean;
  /** Only on the answer of a search run in slices (startSearch, PathScheduler,
   * InThreadPathWorker) that froze under edits and is for an older grid than the current one:
   * true. Absent on every other answer, which is findPath's on the grid as it is. */
  outdated?: true;
  /** With `outdated`: the cell and cost edits made after the grid the answer is for. */
  editsSince?: number;
  /** Only when the query had to build something first (it was not prepared, or loaded with a
   * saved grid): what, and the milliseconds it took: `hpa` (the rule's hierarchy, built or
   * brought up to date after edits), `positions` (the unit size's position grid). Absent
   * otherwise, so a benchmark or a demo can tell a build from a search. (The reachability labels
   * a grid's first query floods are not told: prepare({ labels }) builds them ahead.) */
  built?: { what: 'hpa' | 'positions'; ms: number }[];
  /** With `outdated`: whether every step of `path` (corners and footprints included) can still
   * be taken on the grid as it is; its cost may differ from a fresh findPath's. */
  stillLegal?: boolean;
}

/** Options of flowField and reachable. */
export interface FieldOptions {
  /** The moves allowed, as findPath's option. Default `never`. */
  diagonal?: Diagonal;
  /** Cells dearer than this stay unreached (cost Infinity, direction 0): a tactics unit's
   * movement points, or how far a field spreads. Default Infinity. */
  maxCost?: number;
  /** A unit of n x n tiles, as findPath's option: cells are its positions (top-left tiles); a
   * position whose footprint sticks out of the map is never reached. Default 1. */
  unitSize?: number;
  /** The movement profile whose costs the unit walks by (grid.setProfile): a name the grid has.
   * Default 'default', the grid's own table. */
  profile?: string;
}

/** Options of canReach. */
export interface ReachOptions {
  /** Default `never`. Only `always` (squeezing between two blocked corners) can join areas the
   * other rules keep apart. */
  diagonal?: Diagonal;
  /** A unit of n x n tiles, as findPath's option: start and goal are its positions (top-left
   * tiles); a goal whose footprint sticks out of the map is never reached. Default 1. */
  unitSize?: number;
  /** The movement profile whose costs the unit walks by (grid.setProfile): a name the grid has.
   * Default 'default', the grid's own table. */
  profile?: string;
}

/** A direction code of a field or range: 0 = no step, 1 to 12 = a step of DIRECTIONS[code]. */
export type DirectionCode = number;

/** [dx, dy] of each direction code (y down): 0 none; 1 to 8 clockwise from east: east,
 * down-right, down, down-left, west, up-left, up, up-right; 9 to 12 the staggered maps' diagonal
 * steps that skip a row or column: [0, 2], [0, -2], [2, 0], [-2, 0]. */
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
  /** The neighbour to move to from (x, y); null at a goal or where no goal can be reached. O(1).
   * A link's step (direction code 13) gives the link's other end, with `link: true`. */
  nextStep(x: number, y: number): { x: number; y: number; link?: true } | null;
  /** On grids with links: for each cell whose step is a link's (code 13), the cell it leads to
   * (y * width + x), -1 elsewhere; null on grids without links. */
  readonly linkTo: Int32Array | null;
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
  /** On grids with links: for each cell reached by a link (code 13 in cameFrom), the cell the
   * link came from; null on grids without links. */
  readonly linkFrom: Int32Array | null;
  costAt(x: number, y: number): number;
  /** The route from the start to (x, y), start first (empty where unreached); it costs
   * costs at (x, y). */
  pathTo(x: number, y: number): Int32Array;
}

/** A flow field's goals: [x, y], a flat list x0, y0, x1, y1, ..., or a list of [x, y] pairs. */
export type Goals = ArrayLike<number> | ArrayLike<ArrayLike<number>>;

/** A cost table over classes: an array indexed by class (holes keep the default), a Map, or an
 * object { [class]: cost }; 0 or Infinity = blocked. */
export type CostTable = ArrayLike<number> | Record<number, number> | Map<number, number>;

/** The directions an entry rule names (Grid.setEntry): a result's facing names on square
 * grids, the shape's own on staggered and hexagonal ones. */
export type EntryDirection = Exclude<Direction, 'none'>;

/** addLink's options. */
export interface LinkOptions {
  /** What taking the link costs, whatever the two cells' classes: a finite number >= 0. */
  cost: number;
  /** Only from the first cell to the second. Default false (both ways). */
  oneWay?: boolean;
  /** The id to give it, a positive integer no link of the grid has (to copy another grid's
   * links with theirs); by default the next one. */
  id?: number;
}

/** A link as links() lists it. */
export interface Link {
  readonly id: number;
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
  readonly cost: number;
  readonly oneWay: boolean;
}

/** Entry rules and links (docs/links.md): the same methods on Grid, PathWorker,
 * InThreadPathWorker and PathWorkerPool. */
export interface MovementRules {
  /** A cell of class `cls` may be entered only by steps moving in one of `directions`
   * (`['right']`: from its left neighbour only; entering it diagonally is refused); `null`: any
   * direction (the default). Names as a result names a facing on square grids (`right`,
   * `downLeft`, ...), the shape's own on staggered and hexagonal grids; also one string,
   * `"right,down"`. A link's step is not subject to entry rules. */
  setEntry(cls: number, directions: readonly EntryDirection[] | string | null): void;
  /** An extra step from (ax, ay) to (bx, by), and back unless `oneWay`, costing `cost`: stairs,
   * ladders, teleporters. Returns its id (1, 2, 3, ... in the order links are added). Units of
   * one cell only: a query with unitSize above 1 on a grid with links or entry rules throws. */
  addLink(ax: number, ay: number, bx: number, by: number, options: LinkOptions): number;
  /** Removes link `id`; throws a RangeError for an id it does not have. */
  removeLink(id: number): void;
  /** Copies of the links, in the order they were added. */
  links(): Link[];
}

export interface Grid extends MovementRules {
  readonly width: number;
  readonly height: number;
  /** The shape given to createGrid (fixed for the grid's life). */
  readonly shape: GridShape;
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
  /** Cost of entering a cell of class `cls`: 0 or Infinity = blocked, otherwise > 0; under
   * movement profile `profile` when given (default 'default', the grid's own table). */
  setCost(cls: number, cost: number, profile?: string): void;
  /** Cost of entering class `cls` (Infinity = blocked) under `profile` (default 'default'). */
  getCost(cls: number, profile?: string): number;
  /** Adds the movement profile `name` (a boat, cavalry, an alliance's units), or replaces its
   * table: `costs` over the same classes, in any form PathWorker.create's `costs` takes, laid
   * over the default table (class 0 costs 1, every other class blocked). At most 8 profiles a
   * grid, 'default' included; names are 1 to 64 printable ASCII characters. See
   * docs/profiles.md. */
  setProfile(name: string, costs: CostTable): void;
  /** The profiles' names: 'default' first, then in the order they were added. */
  profiles(): string[];
  /** Deletes a profile and what the grid derived from it (labels, unit positions, hierarchy);
   * its watched paths stop being watched. 'default' cannot be deleted. */
  deleteProfile(name: string): void;
  /** Bytes a profile holds beyond its table: its copy of the cells and their passability bits
   * (about 1.25 bytes a cell), its labels, unit positions and hierarchy; 0 until a query uses
   * it. */
  profileMemoryBytes(profile?: string): number;
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
  /** Builds, in a slice of about `cells` cells, the reachability labels startSearch's tasks
   * asked for (they never flood the map inside a frame); PathScheduler calls it with the time a
   * frame has left. True once they are all ready. */
  prepareReach(cells: number): boolean;
  /** Bytes held for units bigger than one tile: a position grid per `unitSize` searched, and
   * its reachability labels once canReach asked with that size (README gives the measured
   * bytes a tile), kept current by edits until released; the least recently used sizes are
   * freed before a query is refused for memory. The 'default' profile's: another profile's are
   * in profileMemoryBytes(name). */
  footprintMemoryBytes(): number;
  /** Frees the position grid of `unitSize` (its next search builds it again). */
  releaseUnitSize(unitSize: number): void;
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
  /** hpa's hierarchy for a diagonal rule (default as queries'), built in steps the game runs
   * (a 4096 x 4096 map takes about a minute in all): a query with `hpa` before it is done
   * finishes it. */
  prepareHierarchy(options?: { diagonal?: Diagonal }): HierarchyBuild;
  /** What later queries would build on first use, built now in slices of about `sliceMs`
   * (default 4) between which the event loop runs; `onProgress(fraction, what)` after each,
   * the fraction of the whole (rising to 1) and the part under way. Aborted by `signal`:
   * rejects with its reason; a half-built hierarchy is freed, what is done stays. */
  prepare(what: PrepareTargets, options?: PrepareOptions): Promise<PrepareReport>;
  /** prepare's work as a task the caller steps (a game once a frame). */
  startPrepare(what: PrepareTargets): PrepareTask;
  /** The grid, its cost table and what is prepared on it (hierarchy, labels, unit sizes'
   * positions) as bytes: Pathfinder.loadGrid gives back a grid that answers every query alike,
   * with nothing to build. A half-done build is finished first. */
  save(): Uint8Array;
}

/** What prepare builds: `hpa` (the hierarchy of a rule, default the queries' default rule),
 * `unitSizes` (their position grids), `labels` (the reachability labels of a rule, of the
 * cells and of each unit size listed). */
export interface PrepareTargets {
  hpa?: boolean | { diagonal?: Diagonal };
  unitSizes?: number[];
  labels?: boolean | { diagonal?: Diagonal };
}

export interface PrepareOptions {
  /** After each slice: the fraction of the whole done (weighted by each part's usual share of
   * the time, never going back, 1 at the end) and the part ('hpa', 'labels', 'unitSize 2',
   * 'labels of unitSize 2'). At least every 100 ms of work. */
  onProgress?: (fraction: number, what: string) => void;
  signal?: AbortSignalLike;
  /** Milliseconds a slice works before the event loop runs again (default 4). */
  sliceMs?: number;
}

/** What prepare built: its parts by name, the whole time, and each part's working time. */
export interface PrepareReport {
  built: string[];
  ms: number;
  parts: { what: string; ms: number }[];
}

/** A prepare in steps (Grid.startPrepare). */
export interface PrepareTask {
  /** Works about `ms` milliseconds (default 4; at least one step); returns `progress`. Edits
   * between steps are taken in. A RangeError for ms not above 0; a TypeError once cancelled. */
  step(ms?: number): number;
  readonly progress: number;
  /** The part under way. */
  readonly what: string;
  readonly done: boolean;
  readonly cancelled: boolean;
  report(): PrepareReport;
  /** Stops it: a half-built hierarchy is freed; what is done stays. */
  cancel(): void;
}

/** A hierarchy build in steps (Grid.prepareHierarchy). */
export interface HierarchyBuild {
  /** About `budget` units of work (default 4096: a cell a cluster's Dijkstras expand, a border
   * cell scanned, a landmark step; about 2 ms in wasm); returns `progress`. Edits between
   * steps are taken in. A RangeError for a budget under 1; a TypeError once cancelled. */
  step(budget?: number): number;
  /** The fraction built, 0 to 1, never going back. */
  readonly progress: number;
  readonly done: boolean;
  readonly cancelled: boolean;
  /** Stops it and frees the rule's hierarchy, half built or brought up to date so far (the next
   * `hpa` query builds it whole); a no-op once done. */
  cancel(): void;
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

/** watchPath's options. */
export interface WatchOptions {
  /** The side of the unit walking the path (its `unitSize`): every tile of its footprint at each
   * path point is watched. Default 1. */
  unitSize?: number;
  /** The corner rule the path was searched with: the side cells of its diagonal steps are
   * watched as it reads them (a wall on one alerts under 'noCorners', on both under
   * 'oneObstacle'; 'always' watches none). Default 'noCorners', the strictest. */
  diagonal?: 'never' | 'noCorners' | 'oneObstacle' | 'always';
  /** The movement profile the path was searched under: only its cost edits (and every cell
   * edit) can alert. Default 'default'. */
  profile?: string;
  /** The result's `links`, for a path that takes links (its link steps join cells that are not
   * neighbours). Such a path is alerted when its link is removed; any path, when an entry rule
   * (setEntry, or a cell turned to a one-way class) refuses one of its steps. */
  links?: ArrayLike<number>;
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
   * watched. Costs nothing per edit for cells no watched path crosses. The path goes cell by
   * cell: smoothed waypoints are a RangeError (watch a smoothed result's rawPath).
   */
  watchPath(
    path: ArrayLike<number>,
    onBlocked: (alert: PathAlert) => void,
    options?: WatchOptions,
  ): PathWatch;
}

// --- searches spread over frames (Grid.startSearch, PathScheduler) -----------------------------

/** A search run in slices (Grid.startSearch). Resuming repeats no work. Edits are judged at
 * the next step: one the search has not reached (no cell it opened or expanded is at or beside
 * the edited cell, the goal is not near it, the costs' summary is unchanged) leaves it going, as
 * a search started after the edit would have gone. Any other (and any edit under jps) starts it
 * again if it has not restarted yet and has expanded fewer than 4,096 cells; otherwise the task
 * freezes: it goes on from where it was on a private copy of the grid as it was at its previous
 * step, which later edits do not reach. The guarantee: a task restarts at most once (twice when
 * a bulk write or over 1,024 cell edits come between two steps), so every task finishes within
 * 4,096 + one whole search's expansions, whatever edits come. Its answer is findPath's on the
 * grid as it is at the finishing step, unless `result.outdated` is true: then it is findPath's
 * on the grid as it was `result.editsSince` edits earlier, and `result.stillLegal` says whether
 * the path can still be walked now. A task done as it started (a blocked goal) starts again at
 * its first step if the grid changed since. A finished task keeps its answer. Disposing the grid
 * ends its tasks. */
export interface SearchTask {
  /** Expands at most `maxExpansions` more cells (0 or none: to the end); true once done. Throws
   * a TypeError once cancelled or once its grid is disposed. */
  step(maxExpansions?: number): boolean;
  readonly done: boolean;
  /** findPath's answer once done, else null. */
  readonly result: PathResult | null;
  /** Stops the search and frees its state (10 bytes a cell); later steps throw. */
  cancel(): void;
  readonly cancelled: boolean;
  /** Cells expanded by every step so far, including searches that an edit restarted. */
  readonly expansions: number;
  /** How many times an edit made the search start again. */
  readonly restarts: number;
}

export interface Grid {
  /** findPath in slices: same arguments, same checks and errors (thrown here). With unitSize
   * above 1 the search runs whole here and the task is done at once (not sliced yet). */
  startSearch(sx: number, sy: number, gx: number, gy: number, options?: SearchOptions): SearchTask;
}

/** The budget of each frame: cells expanded, or milliseconds (measured with `now`). */
export interface PathSchedulerOptions {
  /** Cells expanded per update(), shared between the searches in progress. */
  expansionsPerFrame?: number;
  /** Milliseconds per update() (the default, 2, when neither is given). */
  msPerFrame?: number;
  /** With msPerFrame: cells a search expands per turn before the clock is read. Default 256. */
  sliceExpansions?: number;
  /** Searches in progress at once (each holds 10 bytes a cell); the rest wait. Default 8. */
  maxActive?: number;
  /** The clock for msPerFrame, in milliseconds. Default performance.now. One that returns
   * anything but a finite number is refused (RangeError); a frame also ends after 50,000 cells
   * a millisecond of budget, so a clock that stands still cannot stretch it. */
  now?: () => number;
  /** Calls update() itself every animation frame (or 16 ms timer) while requests are pending. */
  autoUpdate?: boolean;
}

/** What one update() did. */
export interface SchedulerFrame {
  /** Cells expanded in this frame. */
  expansions: number;
  ms: number;
  /** Requests waiting for a turn, and in progress, after it. */
  queued: number;
  active: number;
  /** Requests answered in this frame. */
  finished: number;
}

/** Spreads searches over frames on the calling thread, fairly (round-robin slices). */
export class PathScheduler {
  constructor(grid: Grid, options?: PathSchedulerOptions);
  /** Answered over the next update()s with its task's result (see SearchTask): findPath's on
   * the grid as it is when the search ends, or, with `outdated: true`, on the grid as it was
   * `editsSince` edits earlier, with `stillLegal`. Every request is answered whatever edits
   * come: edits the search has not reached do not restart it, and it restarts at most once.
   * Bad arguments throw at once; `signal` rejects with its reason. */
  findPath(
    sx: number,
    sy: number,
    gx: number,
    gy: number,
    options?: SearchOptions & { signal?: AbortSignalLike },
  ): Promise<PathResult>;
  /** One frame's work; call once per frame from the game loop. */
  update(): SchedulerFrame;
  readonly lastFrame: SchedulerFrame;
  /** Requests queued or in progress. */
  readonly pending: number;
  /** Requests waiting for a turn, not yet started. */
  readonly queued: number;
  /** Finishes every pending request now. */
  flush(): void;
  /** update() on every animation frame while requests are pending (autoUpdate). */
  start(): void;
  stop(): void;
  /** Stops and rejects every pending request with an AbortError. */
  dispose(): void;
  readonly disposed: boolean;
}

export interface LoadOptions {
  /**
   * Load tilepath-bigmaps.wasm, the build with the big-map features (algorithm 'hpa',
   * repairPath, abstractGraph, rectangles), instead of tilepath.wasm, which refuses them with a
   * RangeError. Default false. In Node (tilepath-single.mjs) every feature is there either way.
   */
  bigMaps?: boolean;
  /** The .wasm bytes, when the host cannot fetch files (tilepath-bigmaps.wasm's with bigMaps). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Maps the .wasm's name ('tilepath.wasm', or 'tilepath-bigmaps.wasm' with bigMaps) to where
   * the host serves it. */
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
  /** Copies `cells` (length width * height) into the grid; all zeros when omitted. The third
   * argument may instead be { cells, orientation, staggerAxis, staggerIndex } (GridOptions). */
  createGrid(
    width: number,
    height: number,
    cellsOrOptions?: Uint8Array | ArrayBuffer | ArrayLike<number> | GridOptions,
  ): Grid;
  /** A grid from what Grid.save() gave (its cells, costs, shape and everything prepared on it):
   * every answer equals the saved grid's, and nothing is built again. A RangeError names what
   * is wrong with bytes that are truncated, corrupted, from another format version or not a
   * saved grid; a TypeError for something that is not bytes. */
  loadGrid(saved: Uint8Array | ArrayBuffer): Grid;
  /** Bytes of wasm memory in use (grows, never shrinks). */
  memoryBytes(): number;
  /** Bytes held by the shared search state (about 25 per cell of the largest grid searched). */
  searchMemoryBytes(): number;
  /** Grids created and not yet disposed. */
  liveGrids(): number;
  /** Whether the module loaded has the big-map features (LoadOptions.bigMaps). */
  readonly bigMaps: boolean;
  /** Each option's allowed values and its default, as declared by the C++ core. */
  readonly optionValues: {
    readonly algorithm: readonly Algorithm[];
    readonly diagonal: readonly Diagonal[];
    readonly heuristic: readonly HeuristicName[];
    readonly goal: readonly GoalMode[];
  };
}

/** createCrowd's options (docs/crowds.md). Every number is checked by the core: a RangeError
 * names one out of range. */
export interface CrowdOptions {
  /** Agent slots, 1 to 100000 (default 10000). */
  maxAgents?: number;
  /** The corner rule agents plan under (default 'noCorners'). */
  diagonal?: Diagonal;
  /** Seconds ahead other agents are avoided (ORCA's horizon, default 1). */
  timeHorizon?: number;
  /** Seconds ahead walls are avoided (default 0.25). */
  obstacleHorizon?: number;
  /** Cells (centre to centre) within which others are considered (default 3). */
  neighbourDistance?: number;
  /** The nearest this many of them (default 8, at most 64). */
  maxNeighbours?: number;
  /** The longest sub-step in seconds: step(dt) runs ceil(dt / maxSubstep) equal ones
   * (default 1/30, from 0.001 to 0.25). */
  maxSubstep?: number;
  /** Seconds without a quarter cell of progress before an agent is `stuck` and re-plans
   * (default 2). */
  stuckTime?: number;
  /** Re-plans (edits, stuck agents) per step at most, in id order (default 32). */
  maxReplansPerStep?: number;
  /** The movement profile the crowd's agents plan and meet walls under unless they name their
   * own (AgentOptions.profile; grid.setProfile; default 'default'). It cannot be deleted while
   * the crowd lives. */
  profile?: string;
}

/** addAgent's argument. Positions are in cells as floats: cell (x, y) spans [x, x + 1). */
export interface AgentOptions {
  /** The centre; its cell (for unitSize n: its n x n footprint) must be open. */
  x: number;
  y: number;
  /** Disc radius in cells, above 0 and at most unitSize / 2 (default unitSize / 2 - 0.1). */
  radius?: number;
  /** Cells a second (default 4). */
  maxSpeed?: number;
  /** Cells a second squared (default 20). */
  maxAcceleration?: number;
  /** The footprint's side in cells, 1 to 16: it plans as findPath's unitSize does (1 only on
   * a grid with entry rules or links). */
  unitSize?: number;
  /** The movement profile it plans and meets walls under (default: the crowd's,
   * CrowdOptions.profile); agents of every profile in the crowd avoid one another. The profile
   * cannot be deleted while an agent moves under it. */
  profile?: string;
}

export type AgentState = 'moving' | 'arrived' | 'stuck' | 'unreachable';

/** Agents on a grid that follow paths or a group's flow field and avoid one another and the
 * walls (docs/crowds.md), never stepping into a cell against its entry rule and taking links
 * where their plans do. Ids are slots: removed agents' ids are reused, lowest first. */
export interface Crowd {
  readonly disposed: boolean;
  /** The movement profile its agents plan for by default (CrowdOptions.profile). */
  readonly profile: string;
  readonly agentCount: number;
  /** Ids are below this: positions() holds 2 numbers for each slot. */
  readonly slots: number;
  addAgent(agent: AgentOptions): number;
  removeAgent(id: number): void;
  /** Its own path to (x, y), planned now (`unreachable` when there is none). */
  setTarget(id: number, x: number, y: number): void;
  /** One flow field to (x, y) shared by the agents (one per profile and unit size among them);
   * they settle around it. */
  setGroupTarget(ids: ArrayLike<number>, x: number, y: number): void;
  /** Stops following: the agent stands (`arrived`) and still gives way. */
  stop(id: number): void;
  /** Moves the agent there at once (velocity zero), keeping its target. */
  setAgentPosition(id: number, x: number, y: number): void;
  teleport(id: number, x: number, y: number): void;
  setAgentMaxSpeed(id: number, speed: number): void;
  setAgentRadius(id: number, radius: number): void;
  /** Advances dt seconds (above 0, at most 10), in sub-steps of at most maxSubstep. */
  step(dt: number): void;
  /** [x0, y0, x1, y1, ...] by id, a fresh copy; NaN for removed agents. */
  positions(): Float32Array;
  /** Cells a second, as positions(). */
  velocities(): Float32Array;
  state(id: number): AgentState;
  /** Searches run for own paths, and group flow fields built, so far. */
  stats(): { plans: number; fields: number };
  /** Frees it (the grid's dispose() does too). */
  dispose(): void;
}

export interface Grid {
  /** A crowd of agents on this grid, kept current with its edits (square grids only). */
  createCrowd(options?: CrowdOptions): Crowd;
}

/** Loads the wasm module once per build (bigMaps or not); later calls return the same instance. */
export function createPathfinder(options?: LoadOptions): Promise<Pathfinder>;
