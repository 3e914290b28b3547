// Big maps in path mode, when the algorithm is hpa: the same query asked of astar too, with both
// times side by side (a query that built the hierarchy first says how long that took, apart from
// its search); after an edit (a wall painted on the path), the old path repaired with
// repairPath and its time shown against the new search; the hierarchy (entrance cells and the
// abstract edges' ends) painted on the overlay when asked; and the hierarchy built ahead with
// its progress (pw.prepare), the map saved with it (pw.save) and loaded again (loadGrid).

import { $, showError } from './page.js';
import { rgbaWord } from './view.js';
import { formatInt, formatMs } from './stats.js';

const NODE = rgbaWord(255, 60, 200, 255);
const BORDER = rgbaWord(255, 255, 255, 70);

export class BigMaps {
  /**
   * @param {{ level: import('./level.js').Level, view: import('./view.js').MapView }} parts
   * @param {(map: object) => Promise<void>} useMap loads a map as the map picker does
   */
  constructor(parts, useMap) {
    this.parts = parts;
    /** The last hpa answer outside a drag: { key, path }, for repairs after edits. */
    this.last = null;
    $('opt-hierarchy').addEventListener('change', () => this.drawHierarchy());
    $('hpa-prepare').addEventListener('click', () => this.prepare().catch(showError));
    $('hpa-save').addEventListener('click', () => this.save().catch(showError));
    $('hpa-load').addEventListener('change', (event) => {
      const file = /** @type {HTMLInputElement} */ (event.target).files?.[0];
      if (file) this.load(file, useMap).catch(showError);
    });
  }

  /** The hierarchy of the chosen rule built in the worker now, its progress shown as it goes. */
  async prepare() {
    const worker = this.parts.level.engine?.worker;
    if (!worker) throw new Error('Build hpa ahead needs the worker');
    const diagonal = $('opt-diagonal').value;
    const note = $('hpa-build');
    note.textContent = 'building the hierarchy: 0%';
    const report = await worker.prepare(
      { hpa: { diagonal } },
      { onProgress: (f) => (note.textContent = `building the hierarchy: ${Math.round(f * 100)}%`) },
    );
    note.textContent = `hierarchy (${diagonal}) built in ${formatMs(report.ms)} ms: hpa queries now search only`;
  }

  /** The map, with what is built on it, as a file to download. */
  async save() {
    const worker = this.parts.level.engine?.worker;
    if (!worker) throw new Error('Save map needs the worker');
    const t0 = performance.now();
    const bytes = await worker.save();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    link.download = 'map.tilepath';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    $('hpa-build').textContent =
      `saved ${formatInt(bytes.length)} bytes in ${formatMs(performance.now() - t0)} ms`;
  }

  /** A saved map loaded: its cells and costs shown, what was built on it loaded, not built. */
  async load(file, useMap) {
    const saved = new Uint8Array(await file.arrayBuffer());
    const t0 = performance.now();
    const grid = this.parts.level.pathfinder.loadGrid(saved);
    const costs = [];
    for (let cls = 0; cls < 256; cls++) costs.push([cls, grid.getCost(cls)]);
    const map = { width: grid.width, height: grid.height, cells: grid.cells(), ...grid.shape };
    grid.dispose();
    await useMap({ ...map, costs, saved, name: file.name });
    $('hpa-build').textContent =
      `loaded ${file.name} (${formatInt(saved.length)} bytes) in ${formatMs(performance.now() - t0)} ms`;
  }

  mapChanged() {
    this.last = null;
    $('hpa-note').textContent = '';
  }

  /**
   * After an hpa answer in path mode: astar on the same query, and a repair of the path the
   * route had before the edits (the last one asked outside a drag or paint stroke: an answer to
   * a query asked mid-stroke can arrive after it ends), if they broke it. Writes the comparison
   * under the options.
   */
  async afterSearch(engine, query, result, ms, askedDragging) {
    const { sx, sy, gx, gy, options } = query;
    const key = `${sx},${sy},${gx},${gy},${options.diagonal}`;
    const building = result.built?.find((b) => b.what === 'hpa');
    const lines = [
      building
        ? `hpa ${formatMs(ms - building.ms)} ms searching + ${formatMs(building.ms)} ms building the hierarchy, ${formatInt(result.expanded)} cells`
        : `hpa ${formatMs(ms)} ms, ${formatInt(result.expanded)} cells`,
    ];
    try {
      const astarOptions = { ...options, algorithm: 'astar' };
      const astar = await engine.findPath(sx, sy, gx, gy, astarOptions, false);
      lines.push(`A* ${formatMs(astar.ms)} ms, ${formatInt(astar.result.expanded)} cells`);
      if (astar.result.status === 'found' && result.status === 'found') {
        const excess = (result.cost / astar.result.cost - 1) * 100;
        lines.push(`hpa costs ${excess.toFixed(2)}% more`);
      }
      const before = this.last;
      if (before?.key === key && engine.worker) {
        const t0 = performance.now();
        const repaired = await engine.worker.repairPath(before.path, 0, {
          algorithm: 'hpa',
          diagonal: options.diagonal,
        });
        const took = repaired.workerMs ?? performance.now() - t0;
        const what =
          repaired.repaired === 'none' ? 'none (the old path is still clear)' : repaired.repaired;
        lines.push(`repairPath: ${what}, ${formatMs(took)} ms`);
      }
    } catch (error) {
      showError(error);
    }
    if (result.status === 'found' && !askedDragging)
      this.last = { key, path: result.rawPath ?? result.path };
    $('hpa-note').textContent = lines.join(' · ');
    if ($('opt-hierarchy').checked) await this.drawHierarchy();
  }

  /** Paints cluster borders and entrance cells on the overlay (or clears them). */
  async drawHierarchy() {
    const { level, view } = this.parts;
    const engine = level.engine;
    const overlay = view.overlay;
    if (!engine?.worker || !overlay || !level.map) return;
    overlay.words.fill(0);
    if ($('opt-hierarchy').checked) {
      try {
        const diagonal = $('opt-diagonal').value;
        const graph = await engine.worker.abstractGraph({ diagonal });
        const { width, height } = level.map;
        const size = graph.clusterSize;
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++)
            if (x % size === 0 || y % size === 0) overlay.words[y * width + x] = BORDER;
        for (let k = 0; k < graph.nodes.length; k += 2)
          overlay.words[graph.nodes[k + 1] * width + graph.nodes[k]] = NODE;
      } catch (error) {
        showError(error);
      }
    }
    overlay.markAllDirty();
    view.needsDraw = true;
  }
}
