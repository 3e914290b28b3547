// The demo's two ways to search the same grid: a PathWorker (searches off the main thread) and a
// Grid from the in-thread API (used for step mode's traced search, and for the "main thread"
// toggle that shows what blocking searches do to the frame rate). Both receive every edit, so
// switching between them never needs a reload.

import { gridShape } from './shape-panel.js';
import { UNIT_KINDS } from './terrain.js';

/** Gives a grid or a worker the unit kinds' movement profiles (boats, cavalry). */
function addProfiles(target) {
  for (const { id, profile } of UNIT_KINDS) if (profile) target.setProfile(id, profile);
}

export class SearchEngine {
  /**
   * @param {import('../js/index.js').Pathfinder} pathfinder
   * @param {typeof import('../js/worker.js').PathWorker | null} PathWorker
   * @param {{width:number,height:number,cells:Uint8Array}} map
   * @param {Map<number, number>} costs the cost the user wants for each class
   */
  static async create(pathfinder, PathWorker, map, costs) {
    // The whole cost table goes in: the core scales its heuristic by the cheapest class present
    // on the map, so a road class nobody has painted yet does not slow the search.
    // Hexagonal and staggered maps are created with their shape, in Tiled's names.
    const shape = gridShape(map);
    // A saved map (the big-map panel's Load) brings what was prepared on it: loaded, not built.
    const grid = map.saved
      ? pathfinder.loadGrid(map.saved)
      : pathfinder.createGrid(map.width, map.height, { cells: map.cells, ...shape });
    for (const [cls, cost] of costs) grid.setCost(cls, cost);
    addProfiles(grid);
    // Links (the dungeon's stairs and teleporter) go to both; the ids match (1, 2, ...).
    const links = map.links ?? [];
    for (const { ax, ay, bx, by, ...options } of links) grid.addLink(ax, ay, bx, by, options);
    let worker = null;
    let workerError = null;
    if (PathWorker) {
      try {
        // The worker takes ownership of the buffer it is given: hand it a copy.
        worker = map.saved
          ? await PathWorker.create({ saved: map.saved, loadOptions: { bigMaps: true } })
          : await PathWorker.create({
              width: map.width,
              height: map.height,
              cells: map.cells.slice(),
              costs: Object.fromEntries(costs),
              ...shape,
              loadOptions: { bigMaps: true },
            });
        addProfiles(worker);
        for (const { ax, ay, bx, by, ...options } of links) worker.addLink(ax, ay, bx, by, options);
      } catch (error) {
        workerError = error;
      }
    }
    return new SearchEngine(grid, worker, workerError, costs);
  }

  constructor(grid, worker, workerError, costs) {
    this.grid = grid;
    this.worker = worker;
    this.workerError = workerError;
    this.costs = new Map(costs);
  }

  /** The cost table the grids search with, as [class, cost] pairs. */
  costTable() {
    return [...this.costs];
  }

  /** Apply a paint stroke's changes. `indices` are y * width + x; `cls` one class for all. */
  setCells(indices, cls) {
    this.grid.setCells(indices, cls);
    this.worker?.setCells(indices, cls);
  }

  setCost(cls, cost) {
    this.costs.set(cls, cost);
    this.grid.setCost(cls, cost);
    this.worker?.setCost(cls, cost);
  }

  /**
   * Stale-path alerts for a unit's route: judged on the worker's main-thread copy when there is
   * a worker, else on the grid (both receive every edit).
   */
  watchPath(path, onBlocked, options) {
    return (this.worker ?? this.grid).watchPath(path, onBlocked, options);
  }

  /**
   * One query, on the worker or (onMain, or no worker) synchronously on this thread.
   * Resolves to { result, ms, where }: ms is the search time where it ran.
   */
  async findPath(sx, sy, gx, gy, options, onMain) {
    if (onMain || !this.worker) return this.findPathHere(sx, sy, gx, gy, options);
    const result = await this.worker.findPath(sx, sy, gx, gy, options);
    return { result, ms: workerMs(result), where: 'worker' };
  }

  findPathHere(sx, sy, gx, gy, options) {
    const t0 = performance.now();
    const result = this.grid.findPath(sx, sy, gx, gy, options);
    return { result, ms: performance.now() - t0, where: 'main' };
  }

  /**
   * Many queries: one message to the worker, or a synchronous loop on this thread.
   * @param {{sx:number,sy:number,gx:number,gy:number,options?:object}[]} list
   * @returns {Promise<object[]>} results in list order
   */
  async findPaths(list, onMain) {
    if (onMain || !this.worker) {
      return list.map((q) => this.grid.findPath(q.sx, q.sy, q.gx, q.gy, q.options));
    }
    return this.worker.findPaths(list);
  }

  /**
   * A flow field to `goals` ([[x, y], ...]), on the worker or (onMain, or no worker) here.
   * Resolves to { result, ms, where }; from the worker, ms is the whole round trip.
   */
  flowField(goals, options, onMain) {
    return this.timed(onMain, (target) => target.flowField(goals, options));
  }

  /** A unit's movement range from (sx, sy), answered as flowField is. */
  reachable(sx, sy, options, onMain) {
    return this.timed(onMain, (target) => target.reachable(sx, sy, options));
  }

  async timed(onMain, ask) {
    const here = onMain || !this.worker;
    const t0 = performance.now();
    const result = await ask(here ? this.grid : this.worker);
    return { result, ms: performance.now() - t0, where: here ? 'main' : 'worker' };
  }

  /** Bytes posted to the worker so far and requests awaiting an answer. */
  workerStats() {
    const s = this.worker?.stats;
    return { bytesPosted: s?.bytesPosted ?? 0, inFlight: s?.inFlight ?? 0 };
  }

  dispose() {
    this.grid.dispose();
    this.worker?.terminate();
  }
}

// The worker times each search where it runs; the round trip adds queueing and messaging.
function workerMs(result) {
  return result?.workerMs ?? null;
}
