// The in-thread API over the wasm module. Knows nothing about how the module was loaded
// (js/index.js for browsers, js/node.js for Node), nor about workers.
// Heap views are taken fresh from the module after every call that may allocate, because
// memory growth replaces the heap's buffer.
import {
  ENUM_OPTIONS,
  FACING,
  PROFILES,
  REASON,
  REFUSED,
  RESULT_FIELDS,
  SEARCH_ANSWERED,
  SHAPES,
  STATUS,
  TRACE,
} from '../../dist/contract.mjs';
import {
  checkClass,
  checkInteger,
  checkCoordinates,
  checkCost,
  checkProfileName,
  checkRect,
  costTable,
  checkSize,
  describe,
  profileTable,
  OPTION,
  OPTION_SLOT,
  OPTION_VALUES,
  readFieldOptions,
  readGoals,
  readReachOptions,
  readRectangleOptions,
  readRepairOptions,
  readSearchCodes,
  refuseMisspelt,
  toCells,
  toDeltas,
  unknownProfile,
} from './checks.js';
import { ProfileWatches, readWatchOptions } from './watch.js';
import { readGridArgument, shapeCodes, shapeDirections } from './shape.js';
import { makeSearchTask } from './search-task.js';
import { readRepairPath, REPAIR_KINDS } from './repair.js';
import { FlowField, MovementRange } from './fields.js';
import {
  HierarchyBuild,
  PrepareTask,
  prepareParts,
  readPrepareOptions,
  readPrepareTargets,
  runPrepare,
} from './prepare.js';
import { readSavedBytes, readSavedRules } from './saved.js';
import { Crowd, readCrowdOptions } from './crowd.js';
import { applyRules, LinkBook, readEntry, readLink, savedRuleEdits } from './rules.js';

/** @typedef {import('../index.js').PathResult} PathResult */
/** @typedef {import('../index.js').Pathfinder} Pathfinder */
/** @typedef {import('../index.js').LoadOptions} LoadOptions */
/** @typedef {import('../index.js').Status} Status */
/** @typedef {import('../index.js').Direction} Direction */
/** @typedef {import('../../dist/tilepath.mjs').TilepathModule} TilepathModule */
/** @typedef {import('../../dist/tilepath.mjs').NativeGrid} NativeGrid */
/** @typedef {import('../../dist/tilepath.mjs').ModuleFactory} ModuleFactory */

const NONE = STATUS.indexOf('none');
const TRACE_RECORD = TRACE.fields.length;
const [KIND, X, Y] = /** @type {const} */ (['kind', 'x', 'y']).map((field) =>
  TRACE.fields.indexOf(field),
);
const EXPANDED = TRACE.kinds.indexOf('expanded');

/**
 * @param {TilepathModule} module
 * @param {number} address
 * @param {number} length
 */
function copyInt32(module, address, length) {
  return module.HEAP32.slice(address >> 2, (address >> 2) + length);
}

/** What a query may build first, by the field that times it (PathResult.built). */
const BUILT = /** @type {const} */ ([
  ['hpa', 'builtHpaMs'],
  ['positions', 'builtPositionsMs'],
]);
/** Where each field of a published answer lies in its record, in doubles (contract.hpp). */
const F = /** @type {Record<typeof RESULT_FIELDS[number], number>} */ (
  Object.fromEntries(RESULT_FIELDS.map((name, at) => [name, at]))
);

/**
 * The answer the grid's native object just published (findPath, repairPath, or a search task's
 * last step), read from its record in the heap: no call into wasm.
 * @param {TilepathModule} m
 * @param {number} record the record's address (NativeGrid.resultAddress), in doubles
 * @param {number} status
 * @param {import('./checks.js').OptionCodes} codes the search's options
 * @param {import('../index.js').GridShape} shape the grid's shape (names the goal's facing)
 * @returns {PathResult}
 */
function readResult(m, record, status, codes, shape) {
  const heap = m.HEAPF64;
  const f = F;
  /** @param {number} field */
  const read = (field) => heap[record + field];
  /** @type {PathResult} */
  const result = {
    status: /** @type {Status} */ (STATUS[status]),
    path: copyInt32(m, read(f.pathAddress), read(f.pathLength)),
    cost: read(f.cost),
    expanded: read(f.expanded),
    goal: null,
    algorithm: /** @type {import('../index.js').AlgorithmThatRan} */ (
      ENUM_OPTIONS.algorithm.names[read(f.algorithm)]
    ),
  };
  const reason = REASON[read(f.reason)];
  if (reason) result.reason = /** @type {import('../index.js').Reason} */ (reason);
  if (status !== NONE) {
    const dx = read(f.faceX);
    const dy = read(f.faceY);
    // Staggered and hexagonal grids name the shape's step; square grids the (dx, dy).
    const names = shapeDirections(shape);
    const step = read(f.faceStep);
    const facing = /** @type {Direction} */ (
      names === null ? FACING[dy + 1][dx + 1] : step < 0 ? 'none' : names[step]
    );
    result.goal = { x: read(f.endX), y: read(f.endY), dx, dy, facing };
  }
  for (const [what, field] of BUILT) {
    const ms = read(f[field]);
    if (ms >= 0) (result.built ??= []).push({ what, ms });
  }
  const linkCount = read(f.linksLength);
  if (linkCount > 0) result.links = copyInt32(m, read(f.linksAddress), linkCount);
  const rawLength = read(f.rawPathLength);
  if (rawLength > 0) result.rawPath = copyInt32(m, read(f.rawPathAddress), rawLength);
  if (codes.record[OPTION_SLOT.trace] === 1) {
    const address = read(f.traceAddress) >> 3;
    const events = heap.slice(address, address + read(f.traceLength));
    const expandedCells = new Int32Array(2 * result.expanded);
    let k = 0;
    for (let e = 0; e < events.length; e += TRACE_RECORD) {
      if (events[e + KIND] === EXPANDED) {
        expandedCells[k++] = events[e + X];
        expandedCells[k++] = events[e + Y];
      }
    }
    result.traceEvents = events;
    // A truncated trace (over a million events) holds fewer expansions than the search made.
    result.expandedCells = k === expandedCells.length ? expandedCells : expandedCells.slice(0, k);
    if (read(f.traceTruncated)) result.traceTruncated = true;
  }
  return result;
}

/** @typedef {import('../index.js').Grid} GridApi */

/** Grid's `bytes` when it loads the saved bytes already in the module (Pathfinder.loadGrid). */
const LOAD_SAVED = Symbol('load saved');

/** @implements {GridApi} (exported for tests/js/types/agree.ts, not by the package) */
export class Grid {
  /** @type {TilepathModule} */
  #module;
  /** @type {NativeGrid | null} */
  #native;
  /** @type {{ live: number }} */
  #owner;
  /** @type {number} */
  #width;
  /** @type {number} */
  #height;
  /** @type {import('../index.js').GridShape} */
  #shape;
  /** Where the native grid publishes each answer (readResult), in doubles into the heap. */
  #record;
  /** The native grid's address, for the module's direct findPath. */
  #handle;
  /** Where the native grid reads a query's options (OptionRecord, options.hpp), in doubles. */
  #options;
  /** The codes last written there, and the profile slot written with them (#writeOptions). */
  /** @type {import('./checks.js').OptionCodes | null} */
  #written = null;
  #writtenSlot = 0;
  /** Each profile's slot in the native grid, by name, in the order they were added. */
  /** @type {Map<string, number>} */
  #profiles = new Map([[/** @type {string} */ (PROFILES.default), 0]]);
  /** Crowds over this grid: disposed with it (they watch its cells). */
  #crowds = new Set();

  /**
   * @param {TilepathModule} module
   * @param {{ live: number }} owner
   * @param {number} width
   * @param {number} height
   * @param {Uint8Array | typeof LOAD_SAVED | undefined} bytes cells already checked by toCells
   *   (or all class 0), or LOAD_SAVED: the saved bytes module.Grid.checkSaved() checked
   * @param {import('../index.js').GridShape} shape checked by readShape
   * @param {ReturnType<typeof readSavedRules>} [rules] with LOAD_SAVED: the rules the save holds
   *   (the core loads them; the JS side keeps its own list)
   */
  constructor(module, owner, width, height, bytes, shape, rules) {
    this.#module = module;
    this.#owner = owner;
    this.#native = new module.Grid(width, height, ...shapeCodes(shape));
    if (bytes === LOAD_SAVED) {
      const error = this.#native.loadSaved();
      if (error) {
        this.#native.delete();
        this.#native = null;
        throw new RangeError(error);
      }
      // The save's movement profiles, as the core set them.
      for (const name of this.#native.profileNames().split('\n')) {
        if (name && name !== PROFILES.default)
          this.#profiles.set(name, this.#native.profileSlot(name));
      }
      if (rules) {
        for (const edit of savedRuleEdits(rules, shape))
          if (edit.kind === 'entry') this.#entry.set(edit.cls, edit.names?.split(',') ?? []);
        this.#links.adopt(rules.links, rules.nextId);
      }
    }
    this.#record = this.#native.resultAddress() >> 3;
    this.#handle = this.#native.handle();
    this.#options = this.#native.optionsAddress() >> 3;
    this.#width = width;
    this.#height = height;
    this.#shape = shape;
    if (bytes instanceof Uint8Array) this.#copyIn(bytes);
  }

  /** The grid's shape, fixed at creation: { orientation, staggerAxis, staggerIndex }. */
  get shape() {
    return this.#shape;
  }

  get width() {
    return this.#width;
  }

  get height() {
    return this.#height;
  }

  get disposed() {
    return this.#native === null;
  }

  /**
   * The native grid; `reading` names what was just read from the caller (whose getters may
   * have disposed this grid).
   * @param {string} [reading]
   * @returns {NativeGrid}
   */
  #live(reading) {
    if (this.#native === null) {
      const when = reading ? ` while its ${reading} were read (by a getter?)` : '';
      throw new TypeError(`grid was disposed${when}: create a new grid with createGrid()`);
    }
    return this.#native;
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  get(x, y) {
    const native = this.#live();
    checkCoordinates(this.width, this.height, x, y);
    return native.get(x, y);
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} cls
   */
  setCell(x, y, cls) {
    const native = this.#live();
    checkCoordinates(this.width, this.height, x, y);
    checkClass(cls);
    const index = y * this.#width + x;
    this.#watched(
      (visit) => visit(index),
      () => native.set(x, y, cls),
    );
  }

  /**
   * The first name of setCell, kept for existing games.
   * @param {number} x
   * @param {number} y
   * @param {number} cls
   */
  set(x, y, cls) {
    this.setCell(x, y, cls);
  }

  /**
   * @param {ArrayLike<number>} indices
   * @param {ArrayLike<number> | number} classes
   */
  setCells(indices, classes) {
    this.#live();
    const deltas = toDeltas(indices, classes, this.width * this.height);
    const native = this.#live('indices and classes');
    const n = deltas.indices.length;
    if (n === 0) return;
    const memoryError = native.reserveDeltas(n);
    if (memoryError) throw new RangeError(memoryError);
    const m = this.#module;
    m.HEAPU32.set(deltas.indices, native.deltaIndicesAddress() >> 2);
    m.HEAPU8.set(deltas.classes, native.deltaClassesAddress());
    this.#watched(
      (visit) => deltas.indices.forEach(visit),
      () => {
        const error = native.applyDeltas(n);
        if (error) throw new RangeError(error);
      },
    );
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {number} cls
   */
  fillRect(x, y, w, h, cls) {
    const native = this.#live();
    checkRect(x, y, w, h, cls);
    const x1 = Math.min(x + w, this.#width);
    const y1 = Math.min(y + h, this.#height);
    /** @param {(index: number) => void} visit */
    const visitRect = (visit) => {
      for (let row = Math.max(y, 0); row < y1; row++)
        for (let col = Math.max(x, 0); col < x1; col++) visit(row * this.#width + col);
    };
    this.#watched(visitRect, () => native.fillRect(x, y, w, h, cls));
  }

  /**
   * @param {number} cls
   * @param {number} cost
   * @param {string} [profile] default 'default', the grid's own table
   */
  setCost(cls, cost, profile) {
    const native = this.#live();
    checkCost(cls, cost);
    const slot = this.#slot(profile);
    const name = profile ?? PROFILES.default;
    const watched = this.#watches?.watching(name);
    const before = watched ? this.getCost(cls, profile) : 0;
    const error = native.setCost(cls, cost, slot);
    if (error) throw new RangeError(error);
    if (watched) {
      this.#watches?.costChanged(name, cls, before, this.getCost(cls, profile));
      this.#watches?.dispatch();
    }
  }

  /**
   * @param {number} cls
   * @param {readonly string[] | string | null} directions
   */
  setEntry(cls, directions) {
    const native = this.#live();
    const { names } = readEntry(cls, directions, this.#shape);
    const error = native.setEntry(cls, names ?? '', names === null);
    if (error) throw new RangeError(error);
    const list = names === null ? null : names.split(',');
    if (list === null) this.#entry.delete(cls);
    else this.#entry.set(cls, list);
    if (this.#watches?.active) {
      this.#watches.entryChanged(cls, list);
      this.#watches.dispatch();
    }
  }

  /** @type {Map<number, string[]>} class -> the directions it may be entered by (watches) */
  #entry = new Map();

  #links = new LinkBook();

  /**
   * @param {number} ax
   * @param {number} ay
   * @param {number} bx
   * @param {number} by
   * @param {import('../index.js').LinkOptions} options
   */
  addLink(ax, ay, bx, by, options) {
    const native = this.#live();
    const link = this.#links.name(readLink(this.#width, this.#height, [ax, ay, bx, by, options]));
    const { id, cost, oneWay } = link;
    const error = native.addLink(ax, ay, bx, by, cost, oneWay, id);
    if (error) throw new RangeError(error);
    this.#links.keep(link);
    return id;
  }

  /** @param {number} id */
  removeLink(id) {
    const native = this.#live();
    this.#links.check(id);
    const error = native.removeLink(id);
    if (error) throw new RangeError(error);
    this.#links.drop(id);
    if (this.#watches?.active) {
      this.#watches.linksChanged((from, to) => this.#links.joins(from, to, this.#width));
      this.#watches.dispatch();
    }
  }

  links() {
    this.#live();
    return this.#links.list();
  }

  /**
   * @param {number} cls
   * @param {string} [profile]
   */
  getCost(cls, profile) {
    const native = this.#live();
    checkClass(cls);
    const c = native.getCost(cls, this.#slot(profile));
    return c === 0 ? Infinity : c;
  }

  // --- movement profiles (docs/profiles.md; cpp/include/tilepath/profiles.hpp) ---------------

  /**
   * Writes a query's options where the native grid reads them, with the slot of their profile
   * (which throws when the grid has no such profile), unless they are there already: the same
   * codes (readSearchCodes gives the same object for the same options) and the same slot.
   * @param {import('./checks.js').OptionCodes} codes
   */
  #writeOptions(codes) {
    const slot = this.#slot(codes.profile);
    if (codes === this.#written && slot === this.#writtenSlot) return;
    const heap = this.#module.HEAPF64;
    const { record } = codes;
    // A loop of stores: cheaper than set() from a plain array. The "changed" mark is last.
    for (let k = 0, at = this.#options; k < record.length; k++) heap[at + k] = record[k];
    heap[this.#options + OPTION_SLOT.profile] = slot;
    this.#written = codes;
    this.#writtenSlot = slot;
  }

  /**
   * The slot of a profile given by name (undefined: 'default'), or a RangeError naming it with
   * the closest name.
   * @param {unknown} profile
   */
  #slot(profile) {
    if (profile === undefined || profile === PROFILES.default) return 0;
    const slot = this.#profiles.get(/** @type {string} */ (profile));
    if (slot !== undefined) return slot;
    throw unknownProfile(checkProfileName(profile), [...this.#profiles.keys()]);
  }

  /**
   * Adds the profile `name`, or replaces its table: `costs` over the grid's classes (as
   * PathWorker.create takes them), laid over the default table (class 0 costs 1, the others
   * blocked). Nothing changes when anything is refused.
   * @param {string} name
   * @param {ArrayLike<number> | Record<number, number> | Map<number, number>} costs
   */
  setProfile(name, costs) {
    const native = this.#live();
    checkProfileName(name, 'name');
    const pairs = costTable(costs);
    const slotBefore = this.#profiles.get(name);
    const watched = slotBefore !== undefined && this.#watches?.watching(name);
    const before = watched ? this.#table(slotBefore) : null;
    this.#module.HEAPF64.set(profileTable(pairs), native.costTableAddress() >> 3);
    const slot = native.setProfile(name);
    if (slot === REFUSED) throw new RangeError(native.lastError());
    if (!this.#profiles.has(name)) this.#profiles.set(name, slot);
    if (before) {
      const after = this.#table(slot);
      for (let cls = 0; cls < before.length; cls++)
        this.#watches?.costChanged(name, cls, before[cls], after[cls]);
      this.#watches?.dispatch();
    }
  }

  /**
   * A profile's costs, class by class (Infinity where blocked).
   * @param {number} slot
   */
  #table(slot) {
    const native = this.#live();
    return Float64Array.from({ length: 256 }, (_, cls) => native.getCost(cls, slot) || Infinity);
  }

  /** The profiles' names, 'default' first, then in the order they were added. */
  profiles() {
    this.#live();
    return [...this.#profiles.keys()];
  }

  /**
   * Deletes a profile and everything derived from it (its labels, unit positions, hierarchy);
   * paths watched under it stop being watched.
   * @param {string} name
   */
  deleteProfile(name) {
    const native = this.#live();
    checkProfileName(name, 'name');
    if (name !== PROFILES.default) this.#slot(name); // an unknown name: its error
    for (const crowd of this.#crowds) {
      if (crowd.profile === name) {
        throw new RangeError(
          `profile '${name}' moves a crowd: dispose its crowds (crowd.dispose()) before deleting it`,
        );
      }
      if (crowd.usesProfile(name)) {
        throw new RangeError(
          `profile '${name}' moves agents of a crowd: remove them (crowd.removeAgent(id)) before deleting it`,
        );
      }
    }
    for (const crowd of this.#crowds) crowd.releaseProfile(name);
    const error = native.deleteProfile(name);
    if (error) throw new RangeError(error);
    this.#profiles.delete(name);
    this.#watches?.dropProfile(name);
  }

  /**
   * Bytes a profile holds beyond its table (its copy of the cells and their passability bits,
   * its labels, unit positions and hierarchy); 0 until a query uses it.
   * @param {string} [profile]
   */
  profileMemoryBytes(profile) {
    return this.#live().profileBytes(this.#slot(profile));
  }

  cells() {
    const native = this.#live();
    const address = native.cellsAddress();
    return this.#module.HEAPU8.slice(address, address + this.width * this.height);
  }

  /**
   * @param {Uint8Array | ArrayBuffer | ArrayLike<number>} cells
   */
  setAll(cells) {
    this.#live();
    const bytes = toCells(cells, this.width, this.height);
    this.#live('cells');
    const watches = this.#watches;
    this.#watched(
      (visit) => watches && [...watches.watchedCells()].forEach(visit),
      () => this.#copyIn(bytes),
    );
  }

  /** @param {Uint8Array} bytes */
  #copyIn(bytes) {
    const native = this.#live();
    this.#module.HEAPU8.set(bytes, native.cellsAddress());
    native.cellsChanged();
  }

  /**
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {import('../index.js').SearchOptions} [options]
   */
  findPath(sx, sy, gx, gy, options) {
    const { native, o } = this.#searchArguments(sx, sy, gx, gy, options);
    this.#writeOptions(o);
    // Straight into wasm (bindings.cpp tilepath_find_path): the answer is then read from the heap.
    const status = this.#module._tilepath_find_path(this.#handle, sx, sy, gx, gy);
    if (status === REFUSED) throw new RangeError(native.lastError());
    return readResult(this.#module, this.#record, status, o, this.#shape);
  }

  /**
   * findPath in slices: a task whose step(n) expands at most n more cells (core/search-task.js).
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {import('../index.js').SearchOptions} [options]
   */
  startSearch(sx, sy, gx, gy, options) {
    const { native, o } = this.#searchArguments(sx, sy, gx, gy, options);
    this.#writeOptions(o);
    const id = native.startSearch(sx, sy, gx, gy);
    if (id === REFUSED) throw new RangeError(native.lastError());
    // A task never floods the map for labels (one frame would pay for all of it): prepareReach
    // builds them in slices for the next searches of this rule.
    if (o.record[OPTION_SLOT.unitSize] === 1) this.#reachWanted.add(o.record[OPTION_SLOT.diagonal]);
    /** @param {number} status */
    const read = (status) => {
      this.#live();
      return readResult(this.#module, this.#record, status, o, this.#shape);
    };
    if (id === SEARCH_ANSWERED)
      return makeSearchTask(() => this.#live(), read, -1, native.lastStatus());
    return makeSearchTask(() => this.#live(), read, id);
  }

  /**
   * Checks a search's arguments as findPath does; the native grid and the options' codes.
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {import('../index.js').SearchOptions} [options]
   */
  #searchArguments(sx, sy, gx, gy, options) {
    this.#live();
    // The options are read (once) before the grid is touched: a getter may dispose it.
    const o = readSearchCodes(options);
    const native = this.#live('options');
    checkCoordinates(this.width, this.height, sx, sy, 'startX', 'startY');
    checkCoordinates(this.width, this.height, gx, gy, 'goalX', 'goalY');
    return { native, o };
  }

  // --- big maps: local repair and the hpa hierarchy (js/core/repair.js) ---------------------------

  /**
   * @param {ArrayLike<number>} path
   * @param {number} fromIndex
   * @param {import('../index.js').RepairOptions} [options]
   * @returns {import('../index.js').RepairResult}
   */
  repairPath(path, fromIndex, options) {
    this.#live();
    const { codes: o } = readRepairOptions(options);
    const native = this.#live('options');
    const cells = readRepairPath(path, fromIndex, this.width, this.height);
    const reserveError = native.reserveRepairInput(cells.length);
    if (reserveError) throw new RangeError(reserveError);
    this.#module.HEAP32.set(cells, native.repairInputAddress() >> 2);
    this.#writeOptions(o);
    const status = native.repairPath(cells.length, fromIndex);
    if (status === REFUSED) throw new RangeError(native.lastError());
    const result = /** @type {import('../index.js').RepairResult} */ (
      readResult(this.#module, this.#record, status, o, this.#shape)
    );
    result.repaired = REPAIR_KINDS[native.repairKind()];
    if (result.repaired === 'local') {
      result.departIndex = native.departIndex();
      result.rejoinIndex = native.rejoinIndex();
    }
    return result;
  }

  /**
   * @param {import('../index.js').ReachOptions} [options]
   * @returns {import('../index.js').AbstractGraph}
   */
  abstractGraph(options) {
    this.#live();
    const { codes } = readReachOptions(options);
    const native = this.#live('options');
    /** @param {boolean} edges */
    const read = (edges) => {
      if (native.hierarchyGraph(codes.record[OPTION_SLOT.diagonal], edges) === REFUSED) {
        throw new RangeError(native.lastError());
      }
      return copyInt32(this.#module, native.graphAddress(), native.graphLength());
    };
    const nodes = read(false);
    return { clusterSize: native.clusterSize(), nodes, edges: read(true) };
  }

  /**
   * hpa's hierarchy for a diagonal rule, built in steps the caller runs (js/core/prepare.js).
   * @param {import('../index.js').ReachOptions} [options]
   * @returns {HierarchyBuild}
   */
  prepareHierarchy(options) {
    this.#live();
    const { codes } = readReachOptions(options);
    this.#live('options');
    return new HierarchyBuild(() => this.#live(), codes.record[OPTION_SLOT.diagonal]);
  }

  /**
   * What later queries would build on first use, built now in slices between which the event
   * loop runs (only `hpa` so far).
   * @param {{ hpa?: boolean | { diagonal?: string } }} what
   * @param {{ onProgress?: (fraction: number, what: string) => void, signal?: AbortSignal, sliceMs?: number }} [options]
   */
  prepare(what, options) {
    try {
      const targets = readPrepareTargets(what);
      const settings = readPrepareOptions(options);
      this.#live();
      return runPrepare(new PrepareTask(prepareParts(() => this.#live(), targets)), settings);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * prepare's work as a task the caller steps (a worker between its messages, a game once a
   * frame): step(ms) works about ms milliseconds and returns the progress.
   * @param {{ hpa?: boolean | { diagonal?: string }, unitSizes?: number[], labels?: boolean | { diagonal?: string } }} what
   */
  startPrepare(what) {
    const targets = readPrepareTargets(what);
    this.#live();
    return new PrepareTask(prepareParts(() => this.#live(), targets));
  }

  /**
   * The grid, its cost table and what is prepared on it (hpa's hierarchy, reachability labels,
   * unit sizes' positions) as bytes that Pathfinder.loadGrid turns back into a grid answering
   * every query alike, with nothing to build (docs/big-maps.md: Saved grids).
   * @returns {Uint8Array}
   */
  save() {
    const native = this.#live();
    const error = native.save();
    const saved = this.#module.Grid;
    if (error) throw new RangeError(error);
    const address = saved.savedAddress();
    const bytes = this.#module.HEAPU8.slice(address, address + saved.savedLength());
    saved.reserveSaved(0); // frees the module's copy
    return bytes;
  }

  /**
   * @param {import('../index.js').RectangleOptions} [options]
   * @returns {Int32Array}
   */
  rectangles(options) {
    this.#live();
    const { codes } = readRectangleOptions(options);
    const native = this.#live('options');
    this.#writeOptions(codes);
    if (native.rectangles() === REFUSED) throw new RangeError(native.lastError());
    return copyInt32(this.#module, native.graphAddress(), native.graphLength());
  }

  // --- stale-path alerts ---------------------------------------------------------------------

  /** @type {ProfileWatches | null} */
  #watches = null;
  /** @type {Set<number>} the diagonal codes whose reachability labels sliced searches asked for */
  #reachWanted = new Set();

  /**
   * Calls `onBlocked` once, then stops watching, when an edit blocks a cell of `path` or makes
   * one cost more to enter. Returns a handle whose stop() stops watching.
   * @param {ArrayLike<number>} path
   * @param {(alert: import('../index.js').PathAlert) => void} onBlocked
   * @param {import('../index.js').WatchOptions} [options]
   */
  watchPath(path, onBlocked, options) {
    const watchOptions = readWatchOptions(options);
    const native = this.#live();
    const width = this.#width;
    this.#slot(watchOptions.profile); // an unknown name: its error
    this.#watches ??= new ProfileWatches(
      width,
      this.#height,
      (index) => native.get(index % width, Math.floor(index / width)),
      (cls, profile) => this.getCost(cls, profile),
      this.#shape,
      (cls) => this.#entry.get(cls) ?? null,
    );
    return this.#watches.watch(path, onBlocked, watchOptions);
  }

  /**
   * Runs the edit `apply`, which may change the cells `visitCells` enumerates, and tells the
   * watched paths which of their cells changed class. Costs nothing while nothing is watched.
   * @param {(visit: (index: number) => void) => void} visitCells
   * @param {() => void} apply
   */
  #watched(visitCells, apply) {
    const watches = this.#watches;
    if (!watches?.active) return apply();
    const native = this.#live();
    const width = this.#width;
    /** @param {number} index */
    const classAt = (index) => native.get(index % width, Math.floor(index / width));
    /** @type {number[]} */
    const before = [];
    const seen = new Set(); // setCells may name a cell twice: it changed once
    visitCells((index) => {
      if (watches.watches(index) && !seen.has(index)) {
        seen.add(index);
        before.push(index, classAt(index));
      }
    });
    apply();
    for (let i = 0; i < before.length; i += 2)
      watches.cellChanged(before[i], before[i + 1], classAt(before[i]));
    watches.dispatch();
  }

  /**
   * @param {ArrayLike<number> | ArrayLike<ArrayLike<number>>} goals
   * @param {import('../index.js').FieldOptions} [options]
   */
  flowField(goals, options) {
    this.#live();
    const { codes } = readFieldOptions(options);
    this.#live('options');
    this.#writeOptions(codes);
    const cells = readGoals(goals, this.width, this.height);
    const native = this.#live('goals');
    const count = cells.length / 2;
    const memoryError = native.reserveGoals(count);
    if (memoryError) throw new RangeError(memoryError);
    const m = this.#module;
    const at = native.goalsAddress() >> 2;
    for (let k = 0; k < count; k++) m.HEAP32[at + k] = cells[2 * k + 1] * this.width + cells[2 * k];
    if (native.flowField(count) === REFUSED) {
      throw new RangeError(native.lastQueryError());
    }
    const n = this.width * this.height;
    const costs = m.HEAPF32.slice(
      native.fieldCostsAddress() >> 2,
      (native.fieldCostsAddress() >> 2) + n,
    );
    const directions = m.HEAPU8.slice(native.fieldStepsAddress(), native.fieldStepsAddress() + n);
    const linkTo = copyInt32(m, native.fieldLinksAddress(), native.fieldLinksLength());
    return new FlowField(this.width, this.height, costs, directions, linkTo.length ? linkTo : null);
  }

  /**
   * @param {number} sx
   * @param {number} sy
   * @param {import('../index.js').FieldOptions} [options]
   */
  reachable(sx, sy, options) {
    this.#live();
    const { codes } = readFieldOptions(options);
    const native = this.#live('options');
    checkCoordinates(this.width, this.height, sx, sy, 'startX', 'startY');
    this.#writeOptions(codes);
    if (native.reachable(sx, sy) === REFUSED) {
      throw new RangeError(native.lastQueryError());
    }
    const m = this.#module;
    const n = this.width * this.height;
    const costsAt = native.rangeCostsAddress() >> 2;
    const cameFromAt = native.rangeCameFromAddress();
    return new MovementRange(
      this.width,
      this.height,
      sx,
      sy,
      m.HEAPF32.slice(costsAt, costsAt + n),
      m.HEAPU8.slice(cameFromAt, cameFromAt + n),
      copyInt32(m, native.rangeCellsAddress(), native.rangeCellsLength()),
      native.rangeLinksLength()
        ? copyInt32(m, native.rangeLinksAddress(), native.rangeLinksLength())
        : null,
    );
  }

  /**
   * @param {number} sx
   * @param {number} sy
   * @param {number} gx
   * @param {number} gy
   * @param {import('../index.js').ReachOptions} [options]
   */
  canReach(sx, sy, gx, gy, options) {
    this.#live();
    const { codes } = readReachOptions(options);
    const native = this.#live('options');
    checkCoordinates(this.width, this.height, sx, sy, 'startX', 'startY');
    checkCoordinates(this.width, this.height, gx, gy, 'goalX', 'goalY');
    this.#writeOptions(codes);
    const answer = native.canReach(sx, sy, gx, gy);
    if (answer === REFUSED) throw new RangeError(native.lastQueryError());
    return answer === 1;
  }

  /**
   * Builds or repairs, in a slice of about `cells` cells, the reachability labels that searches
   * started with startSearch asked for (PathScheduler calls it with the time a frame has left),
   * so that later tasks answer an unreachable goal at once. True once all of them are ready.
   * @param {number} cells
   */
  prepareReach(cells) {
    const native = this.#live();
    checkInteger('cells', cells, 1, Number.MAX_SAFE_INTEGER);
    for (const diagonal of this.#reachWanted) {
      const ready = native.prepareReach(diagonal, cells);
      if (ready === REFUSED) this.#reachWanted.delete(diagonal); // no memory: searches do without
      if (ready === 0) return false;
    }
    return true;
  }

  /**
   * Bytes held for units bigger than one tile: a position grid per unitSize searched and its
   * reachability labels once canReach asked with that size (see README: Units bigger than one
   * tile), kept current by edits until released; least recently used sizes are freed before a
   * query is refused for memory.
   */
  footprintMemoryBytes() {
    return this.#live().footprintBytes();
  }

  /**
   * Frees the position grid of `unitSize` (the next search with that size builds it again).
   * @param {number} unitSize
   */
  releaseUnitSize(unitSize) {
    const native = this.#live();
    native.releaseUnitSize(checkInteger('unitSize', unitSize, 1, OPTION.unitSize.max));
  }

  /**
   * A crowd of agents on this grid (docs/crowds.md).
   * @param {import('../index.js').CrowdOptions} [options]
   */
  createCrowd(options) {
    const native = this.#live();
    const { profile, ...rest } =
      options !== null && typeof options === 'object'
        ? /** @type {Record<string, unknown>} */ (options)
        : {};
    const codes = readCrowdOptions(this.#module, options === undefined ? undefined : rest);
    if (this.#shape.orientation === 'staggered' || this.#shape.orientation === 'hexagonal') {
      throw new RangeError(
        `crowds need a square grid (orthogonal or isometric), not a ${this.#shape.orientation} one`,
      );
    }
    const slot = this.#slot(profile);
    const name = /** @type {string} */ (profile ?? PROFILES.default);
    const crowd = new Crowd(
      this.#module,
      native,
      codes,
      { name, slot },
      () => this.#crowds.delete(crowd),
      (other) => this.#slot(other),
    );
    this.#crowds.add(crowd);
    return crowd;
  }

  dispose() {
    if (this.#native === null) return;
    for (const crowd of [...this.#crowds]) crowd.dispose();
    this.#native.delete();
    this.#native = null;
    this.#owner.live--;
  }
}

/**
 * Wraps a loaded Emscripten module in the public Pathfinder API.
 * @param {TilepathModule} module
 * @returns {Pathfinder}
 */
export function wrapModule(module) {
  const state = { live: 0 };
  return {
    optionValues: OPTION_VALUES,
    bigMaps: module.bigMaps(),
    /**
     * @param {number} width
     * @param {number} height
     * @param {Uint8Array | ArrayBuffer | ArrayLike<number> | import('../index.js').GridOptions} [cellsOrOptions]
     */
    createGrid(width, height, cellsOrOptions) {
      checkSize(width, height);
      // Cells and shape are checked before anything is allocated, so a refusal leaks nothing.
      const { cells: bytes, shape } = readGridArgument(cellsOrOptions, width, height);
      const memoryError = module.Grid.checkSize(width, height);
      if (memoryError) throw new RangeError(memoryError);
      const grid = new Grid(module, state, width, height, bytes, shape);
      state.live++;
      // Entry rules and links given with the cells (readTiledMap's answer): applied, or nothing
      // is left behind.
      if (
        cellsOrOptions &&
        typeof cellsOrOptions === 'object' &&
        !ArrayBuffer.isView(cellsOrOptions)
      ) {
        try {
          applyRules(grid, /** @type {{ entry?: unknown, links?: unknown }} */ (cellsOrOptions));
        } catch (error) {
          grid.dispose();
          throw error;
        }
      }
      return grid;
    },
    /** @param {Uint8Array | ArrayBuffer} saved what Grid.save() gave */
    loadGrid(saved) {
      const bytes = readSavedBytes(saved);
      const G = module.Grid;
      const reserveError = G.reserveSaved(bytes.length);
      if (reserveError) throw new RangeError(reserveError);
      module.HEAPU8.set(bytes, G.savedAddress());
      const error = G.checkSaved();
      if (error) {
        G.reserveSaved(0);
        throw new RangeError(error);
      }
      const shape = Object.freeze({
        orientation: SHAPES.orientations[G.savedOrientation()],
        staggerAxis: SHAPES.staggerAxes[G.savedStaggerAxis()],
        staggerIndex: SHAPES.staggerIndices[G.savedStaggerIndex()],
      });
      const rules = readSavedRules(bytes);
      const grid = new Grid(
        module,
        state,
        G.savedWidth(),
        G.savedHeight(),
        LOAD_SAVED,
        shape,
        rules,
      );
      state.live++;
      return grid;
    },
    memoryBytes() {
      return module.HEAPU8.length;
    },
    searchMemoryBytes() {
      return module.searchMemoryBytes();
    },
    liveGrids() {
      return state.live;
    },
  };
}

/**
 * What the glue loaded the module from, for a message: the bytes given, or the file and where.
 * @param {LoadOptions} settings
 * @param {string | null} url
 * @param {string} file
 */
function sourceOf(settings, url, file) {
  return settings.wasmBinary ? 'the wasmBinary given' : `${file}${url ? ` at ${url}` : ''}`;
}

/**
 * The error of a module that did not load, told in the caller's terms. Emscripten's own reads
 * "Aborted(CompileError: ... expected magic word 00 61 73 6d, found 3c 21 64 6f ...). Build
 * with -s ASSERTIONS=1 for more info." when the server answered with a page instead of the wasm;
 * other errors (those of the caller's instantiateWasm, told by makeLoader) pass unchanged.
 * @param {unknown} error
 * @param {LoadOptions} settings
 * @param {string | null} url where locateFile said the wasm is, when the caller gave one
 * @param {string} file the build's file name (WASM_FILES)
 */
function loadError(error, settings, url, file) {
  const text = String(/** @type {{ message?: unknown }} */ (error)?.message ?? error);
  const aborted = /^Aborted\(([\s\S]*)\)(?:\. Build with .*)?$/.exec(text);
  if (!aborted) return error;
  const cause = aborted[1];
  const source = sourceOf(settings, url, file);
  const found = /expected magic word 00 61 73 6d, found ((?:[0-9a-f]{2} ?){4})/.exec(cause);
  let what = cause;
  if (found) {
    const start = String.fromCharCode(
      ...found[1]
        .trim()
        .split(' ')
        .map((h) => parseInt(h, 16)),
    );
    what = settings.wasmBinary
      ? `its bytes are not a wasm module (they begin ${JSON.stringify(start)})`
      : start.startsWith('<')
        ? `the server sent a web page (it begins ${JSON.stringify(start)}), not the wasm (a 404 page, or an app's fallback to index.html)`
        : `the server sent something else (it begins ${JSON.stringify(start)}), not the wasm`;
  } else if (/fetching of the wasm failed/.test(cause)) {
    what = 'it could not be fetched (the server has no such file, or refused it: a 404 or 403?)';
  }
  const hint = settings.wasmBinary
    ? ''
    : `. Serve the package's dist/${file} beside dist/tilepath.mjs (bundlers emit it as an ` +
      'asset), or say where it is with createPathfinder({ locateFile }), or pass its bytes as ' +
      'wasmBinary';
  return new Error(`tilepath could not load its WebAssembly module (${source}): ${what}${hint}`, {
    cause: error,
  });
}

// What createPathfinder reads (LoadOptions in index.d.ts).
const LOAD_OPTIONS = ['wasmBinary', 'locateFile', 'instantiateWasm', 'bigMaps'];

/** The two builds of the module, which the same glue loads: without and with the big-map
 * features (the hpa hierarchy, repairPath, rectangles). */
const WASM_FILES = /** @type {const} */ ({
  small: 'tilepath.wasm',
  bigMaps: 'tilepath-bigmaps.wasm',
});

/**
 * Loads the module once per loader and build; later calls get the same promise.
 * @param {ModuleFactory} factory
 * @param {{ bigMapsUrl?: () => string }} [where] where tilepath-bigmaps.wasm is served when the
 *   caller does not say (index.js: next to the glue). Without it (node.js, whose glue embeds the
 *   whole module) the factory's own module is loaded for either build.
 * @returns {(options?: LoadOptions) => Promise<Pathfinder>}
 */
export function makeLoader(factory, { bigMapsUrl } = {}) {
  /** @type {Map<boolean, Promise<Pathfinder>>} */
  const loading = new Map();
  return function createPathfinder(options = {}) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`createPathfinder options must be an object, got ${describe(options)}`);
    }
    refuseMisspelt(options, LOAD_OPTIONS, 'createPathfinder');
    const { wasmBinary, locateFile, instantiateWasm, bigMaps = false } = options;
    if (typeof bigMaps !== 'boolean') {
      throw new TypeError(`bigMaps must be true or false, got ${describe(bigMaps)}`);
    }
    const file = bigMaps ? WASM_FILES.bigMaps : WASM_FILES.small;
    if (
      wasmBinary !== undefined &&
      !(wasmBinary instanceof ArrayBuffer || ArrayBuffer.isView(wasmBinary))
    ) {
      throw new TypeError(
        `wasmBinary must be an ArrayBuffer or a typed array of the .wasm file, got ${describe(wasmBinary)}`,
      );
    }
    if (locateFile !== undefined && typeof locateFile !== 'function') {
      throw new TypeError(
        `locateFile must be a function (path, prefix) => URL, got ${describe(locateFile)}`,
      );
    }
    if (instantiateWasm !== undefined && typeof instantiateWasm !== 'function') {
      throw new TypeError(
        `instantiateWasm must be a function (imports, receive) => exports, got ${describe(instantiateWasm)}`,
      );
    }
    let loaded = loading.get(bigMaps);
    if (!loaded) {
      /** @type {LoadOptions} */
      const settings = {};
      if (wasmBinary !== undefined) settings.wasmBinary = wasmBinary;
      // The glue catches a throwing instantiateWasm, logs it and then waits for receive() for
      // ever, and it never looks at a promise the hook returns: either failure rejects here.
      /** @type {(error: unknown) => void} */
      let hookFailed = () => {};
      /** @type {Promise<never>} */
      const hookFailure = new Promise((_, reject) => {
        hookFailed = reject;
      });
      /** @param {string} how */
      const fail = (how) => (/** @type {unknown} */ error) =>
        hookFailed(
          new Error(
            `tilepath could not load its WebAssembly module: options.instantiateWasm${how}: ` +
              String(/** @type {{ message?: unknown }} */ (error)?.message ?? error),
            { cause: error },
          ),
        );
      if (instantiateWasm !== undefined) {
        /** @type {LoadOptions['instantiateWasm']} */
        settings.instantiateWasm = (imports, receive) => {
          let exports;
          try {
            exports = instantiateWasm(imports, receive);
          } catch (error) {
            fail(' threw')(error);
            return {};
          }
          const thenable = /** @type {{ then?: unknown } | null | undefined} */ (exports);
          if (thenable && typeof thenable.then === 'function') {
            Promise.resolve(exports).then(undefined, fail("'s promise rejected"));
          }
          return exports;
        };
      }
      // Only a locateFile of the caller's is wrapped (to name the URL in an error, and to ask
      // for the big-map build by its own name): without one, the glue's
      // new URL('tilepath.wasm', import.meta.url) must stay as bundlers rewrote it, and the
      // big-map build is where bigMapsUrl says (a URL bundlers rewrite the same way).
      /** @type {string | null} */
      let url = null;
      if (typeof locateFile === 'function') {
        settings.locateFile = (path, prefix) => {
          const wasm = String(path).endsWith('.wasm');
          const located = locateFile(wasm ? file : path, prefix);
          if (wasm) url = String(located);
          return located;
        };
      } else if (bigMaps && bigMapsUrl) {
        settings.locateFile = () => (url = bigMapsUrl());
      }
      loaded = Promise.race([factory(settings), hookFailure]).then(
        (module) => {
          const pathfinder = wrapModule(module);
          if (bigMaps && !pathfinder.bigMaps) {
            const source =
              instantiateWasm && !settings.wasmBinary
                ? 'the module options.instantiateWasm gave'
                : sourceOf(settings, url, file);
            throw new Error(
              `createPathfinder({ bigMaps: true }) loaded ${source}, which is tilepath.wasm, the ` +
                `build without the big-map features: give it the package's ${file} (its bytes, ` +
                'its URL, or on WeChat its wasmPath)',
            );
          }
          return pathfinder;
        },
        (error) => {
          throw loadError(error, settings, url, file);
        },
      );
      // A failed load is forgotten, so that a later call retries (e.g. after a network error).
      loaded.catch(() => loading.delete(bigMaps));
      loading.set(bigMaps, loaded);
    }
    return loaded;
  };
}
