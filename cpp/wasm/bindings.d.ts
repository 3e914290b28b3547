// The module cpp/wasm/bindings.cpp gives JS (embind), for type-checking js/core/grid.js against it.
// js/tools/build.mjs copies this file beside the Emscripten glue as dist/tilepath.d.mts and
// dist/tilepath-single.d.mts. Keep it in step with EMSCRIPTEN_BINDINGS in bindings.cpp.

/** What a search takes (findPath, startSearch): start and goal; its options are in the record at
 * optionsAddress(). */
export type SearchArguments = [sx: number, sy: number, gx: number, gy: number];

/** One native grid (class WasmGrid). Addresses are byte offsets into the module's heap. */
export interface NativeGrid {
  width(): number;
  height(): number;
  cellsAddress(): number;
  cellsChanged(): void;
  get(x: number, y: number): number;
  set(x: number, y: number, cls: number): boolean;
  /** An error message when the edits do not fit in memory, else ''. */
  reserveDeltas(count: number): string;
  deltaIndicesAddress(): number;
  deltaClassesAddress(): number;
  applyDeltas(count: number): string;
  fillRect(x: number, y: number, w: number, h: number, cls: number): void;
  setCost(cls: number, cost: number, profile: number): string;
  getCost(cls: number, profile: number): number;
  costTableAddress(): number;
  setProfile(name: string): number;
  deleteProfile(name: string): string;
  profileBytes(profile: number): number;
  /** Where findPath (TilepathModule._tilepath_find_path), repairPath, a search answered at once and a search task's last step
   * publish the answer: a double each, in the order of RESULT_FIELDS (dist/contract.mjs). */
  resultAddress(): number;
  /** Where a query's options are written before findPath, startSearch, repairPath, flowField,
   * reachable, canReach and rectangles: a double a slot of OPTIONS (dist/contract.mjs), then
   * the "changed" mark (OPTIONS.length: non-zero when the codes are new). */
  optionsAddress(): number;
  /** The object's address, for TilepathModule._tilepath_find_path. */
  handle(): number;
  /** The core Grid and its Footprints inside this object, for a NativeCrowd (cpp/wasm/crowd.cpp). */
  /** A profile's cells for a crowd (0 with lastQueryError() set when it cannot be used). */
  /** The profiles' names, 'default' first, each followed by a newline. */
  profileNames(): string;
  /** A profile's slot, or -1. */
  profileSlot(name: string): number;
  cellsObject(profile: number): number;
  footprintsObject(profile: number): number;
  lastError(): string;
  /** findPath's arguments: a task number, SEARCH_ANSWERED (read the answer as findPath's) or
   * REFUSED. */
  startSearch(...args: SearchArguments): number;
  /** SEARCH_RUNNING, a status code once done (the task is then ended), or REFUSED. */
  stepSearch(task: number, maxExpansions: number): number;
  lastStepExpansions(): number;
  /** The status code of the answer last published (after SEARCH_ANSWERED). */
  lastStatus(): number;
  searchRestarts(): number;
  /** The task answered last: edits after the grid its answer is for (0: current). */
  searchEditsSince(): number;
  /** The task answered last: whether its path can still be walked on the grid. */
  searchStillLegal(): boolean;
  endSearch(task: number): void;
  liveSearches(): number;
  /** Bytes held by the position grids of the unit sizes searched; releaseUnitSize frees one. */
  footprintBytes(): number;
  releaseUnitSize(n: number): void;
  /** An error message when the goals do not fit in memory, else ''. */
  reserveGoals(count: number): string;
  goalsAddress(): number;
  /** 0, or REFUSED with lastQueryError() set. Then fieldCostsAddress (float32 per cell) and
   * fieldStepsAddress (uint8 per cell) hold the field. */
  flowField(count: number): number;
  fieldCostsAddress(): number;
  fieldStepsAddress(): number;
  /** 0, or REFUSED with lastQueryError() set. */
  reachable(sx: number, sy: number): number;
  rangeCostsAddress(): number;
  rangeCameFromAddress(): number;
  rangeCellsAddress(): number;
  rangeCellsLength(): number;
  /** 1 or 0, or REFUSED with lastQueryError() set. */
  canReach(sx: number, sy: number, gx: number, gy: number): number;
  lastQueryError(): string;
  /** The position grid of unit size n built: 1, or REFUSED with lastQueryError() set. */
  prepareUnitSize(n: number): number;
  /** The reachability labels of a rule for units of size n, in slices of about `cells` cells:
   * the fraction done (1: ready), or REFUSED with lastQueryError() set. */
  prepareLabels(diagonal: number, unitSize: number, cells: number): number;
  /** Entry rules and links (movement_rules.hpp): an error message, or '' when done. */
  setEntry(cls: number, names: string, any: boolean): string;
  addLink(
    ax: number,
    ay: number,
    bx: number,
    by: number,
    cost: number,
    oneWay: boolean,
    id: number,
  ): string;
  removeLink(id: number): string;
  /** With links: int32 per cell, the cell a link step leads to (-1 elsewhere); length 0 without. */
  fieldLinksAddress(): number;
  fieldLinksLength(): number;
  rangeLinksAddress(): number;
  rangeLinksLength(): number;
  /** 1 once the rule's reachability labels are ready, 0 while built in slices, or REFUSED. */
  prepareReach(diagonal: number, cells: number): number;
  /** Room for a path of `count` numbers to repair: '' or why not. */
  reserveRepairInput(count: number): string;
  repairInputAddress(): number;
  /** As findPath (the result is read the same way); then repairKind() and rejoinIndex(). */
  repairPath(count: number, fromIndex: number): number;
  /** 0 none, 1 local, 2 full. */
  repairKind(): number;
  departIndex(): number;
  rejoinIndex(): number;
  /** 0, or REFUSED with lastError() set; then graphAddress/graphLength hold int32 nodes (x, y)
   * or edges (x0, y0, x1, y1). */
  hierarchyGraph(diagonal: number, edges: boolean): number;
  /** The hpa hierarchy built in slices of about `budget` units of work: the fraction done (1:
   * built), or REFUSED with lastError() set. */
  buildHierarchy(diagonal: number, budget: number): number;
  /** Drops the rule's hierarchy, built or half built. */
  releaseHierarchy(diagonal: number): void;
  /** The passable cells as rectangles, into graphAddress/graphLength (x, y, w, h each); -1
   * with lastError() set in tilepath.wasm, the build without big maps. */
  rectangles(): number;
  graphAddress(): number;
  graphLength(): number;
  clusterSize(): number;
  hierarchyBytes(): number;
  /** The grid and what is prepared on it saved into Grid.savedAddress() / savedLength(): '' or
   * an error (memory). */
  save(): string;
  /** Loads the bytes Grid.checkSaved() checked into this fresh grid: '' or an error. */
  loadSaved(): string;
  /** Frees it (embind). */
  delete(): void;
}

/** One native crowd (class WasmCrowd, cpp/wasm/crowd.cpp). Each call returning a string gives an
 * error message, or '' when done. */
export interface NativeCrowd {
  /** The new id, or -1 with lastError(). */
  addAgent(
    x: number,
    y: number,
    radius: number,
    maxSpeed: number,
    maxAcceleration: number,
    unitSize: number,
    lane: number,
  ): number;
  lastError(): string;
  /** Another kind of unit: a profile's cellsObject and footprintsObject; the lane, or -1 with
   * lastError(). */
  addLane(cells: number, footprints: number): number;
  removeLane(lane: number): string;
  laneAgents(lane: number): number;
  removeAgent(id: number): string;
  setTarget(id: number, x: number, y: number): string;
  /** Room for `count` ids (int32) at the returned address, for setGroupTarget. */
  reserveIds(count: number): number;
  setGroupTarget(count: number, x: number, y: number): string;
  stop(id: number): string;
  setPosition(id: number, x: number, y: number): string;
  setMaxSpeed(id: number, speed: number): string;
  setRadius(id: number, radius: number): string;
  step(dt: number): string;
  slots(): number;
  agentCount(): number;
  /** 2 floats a slot, in the heap; read after the last call, never kept. */
  positionsAddress(): number;
  velocitiesAddress(): number;
  /** An index of kAgentStateNames, or -1 when `id` is no agent. */
  state(id: number): number;
  plans(): number;
  fields(): number;
  delete(): void;
}

/** createCrowd's options in the constructor's order (js/core/crowd.js CROWD_OPTIONS). */
export type CrowdCodes = [
  maxAgents: number,
  diagonal: number,
  timeHorizon: number,
  obstacleHorizon: number,
  neighbourDistance: number,
  maxNeighbours: number,
  maxSubstep: number,
  stuckTime: number,
  maxReplansPerStep: number,
];

export interface TilepathModule {
  Crowd: {
    new (cells: number, footprints: number, ...codes: CrowdCodes): NativeCrowd;
    checkOptions(...codes: CrowdCodes): string;
    /** "name value" pairs, space-separated: CrowdOptions' defaults and maxStep. */
    defaultOptions(): string;
  };
  Grid: {
    /** The shape's codes index SHAPES.orientations, staggerAxes, staggerIndices. */
    new (
      width: number,
      height: number,
      orientation: number,
      staggerAxis: number,
      staggerIndex: number,
    ): NativeGrid;
    /** An error message when a grid of this size is refused (limits or memory), else ''. */
    checkSize(width: number, height: number): string;
    /** An error message naming an unknown shape code, else ''. */
    checkShape(orientation: number, staggerAxis: number, staggerIndex: number): string;
    /** Where the saved bytes lie (after save(), or for loading after reserveSaved). */
    savedAddress(): number;
    savedLength(): number;
    /** Room for `length` saved bytes to load: '' or an error (memory). */
    reserveSaved(length: number): string;
    /** The saved bytes' header, checksum and grid checked: '' (then savedWidth() ...) or why not. */
    checkSaved(): string;
    savedWidth(): number;
    savedHeight(): number;
    savedOrientation(): number;
    savedStaggerAxis(): number;
    savedStaggerIndex(): number;
  };
  searchMemoryBytes(): number;
  /** Whether this build has the big-map features (tilepath-bigmaps.wasm, tilepath-single.mjs). */
  bigMaps(): boolean;
  /** findPath, bound without embind: a grid's handle(), then the search's arguments. A status
   * code (an index of STATUS in dist/contract.mjs), or REFUSED with the grid's lastError(). */
  _tilepath_find_path(grid: number, ...args: SearchArguments): number;
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAP32: Int32Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
}

export interface ModuleSettings {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
  // What the glue passes and uses: loose enough for a host's own WebAssembly (WeChat's).
  instantiateWasm?: (
    imports: Record<string, Record<string, any>>,
    receive: (instance: { readonly exports: Record<string, any> }, module?: unknown) => void,
  ) => unknown;
}

export type ModuleFactory = (settings?: ModuleSettings) => Promise<TilepathModule>;

declare const createTilepathModule: ModuleFactory;
export default createTilepathModule;
