// The map on screen and the engine that searches it. Replaced as a whole when another map is
// picked; its cells change in place when the user paints (see painting.js).

import { SearchEngine } from './engine.js';

export class Level {
  /** @param {typeof import('../js/worker.js').PathWorker} PathWorker */
  constructor(PathWorker) {
    /** @type {import('../js/index.js').Pathfinder | null} set once the wasm module has loaded */
    this.pathfinder = null;
    this.PathWorker = PathWorker;
    /** @type {{ name: string, label?: string, width: number, height: number, cells: Uint8Array } | null} */
    this.map = null;
    /** @type {SearchEngine | null} */
    this.engine = null;
    /** [class, number of cells] for each class on the map */
    this.classes = [];
    this.starts = 0; // engines started, so a slow start cannot replace a later one
  }

  /**
   * Starts an engine for `map` with the cost table `costs` and makes both current. Resolves to
   * false, leaving the current level alone, when another map was picked meanwhile.
   */
  async use(map, costs) {
    const token = ++this.starts;
    const engine = await SearchEngine.create(this.pathfinder, this.PathWorker, map, costs);
    if (token !== this.starts) {
      engine.dispose();
      return false;
    }
    this.engine?.dispose();
    this.engine = engine;
    this.map = map;
    this.countClasses();
    return true;
  }

  /** After cells changed: how many of each class the map now has. */
  countClasses() {
    const counts = new Uint32Array(256);
    for (const c of this.map.cells) counts[c]++;
    this.classes = [...counts.entries()].filter(([, n]) => n > 0);
  }

  /** Cells of the map that `costOf` blocks. */
  blockedCells(costOf) {
    return this.classes.reduce((sum, [cls, n]) => sum + (costOf(cls) ? 0 : n), 0);
  }

  /** Every passable class costs 1: what JPS and BFS need to search the table exactly. */
  uniformCosts(costOf) {
    return this.classes.every(([cls]) => costOf(cls) === 0 || costOf(cls) === 1);
  }

  inside(x, y) {
    const m = this.map;
    return !!m && x >= 0 && y >= 0 && x < m.width && y < m.height;
  }
}
