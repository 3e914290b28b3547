// Path mode: one query for the route's start and goal, asked again whenever something it depends
// on changes, with the cells it expanded painted as a heat map.

import { heatRamp } from './view.js';
import { LatestRequest } from './latest-request.js';
import { formatInt } from './stats.js';
import { showError } from './page.js';

const HEAT = heatRamp(165);

/** A path of top-left tiles moved to the centres of footprints of `size` tiles. */
function centred(path, size) {
  if (size === 1) return path;
  return Float32Array.from(path, (v) => v + (size - 1) / 2);
}

export class PathMode {
  /**
   * @param {{ level: import('./level.js').Level, route: import('./route.js').Route,
   *   view: import('./view.js').MapView, panel: import('./search-panel.js').SearchPanel,
   *   hud: import('./hud.js').Hud, dragging(): boolean,
   *   bigMaps?: import('./big-maps.js').BigMaps }} parts
   *   dragging: a paint stroke or a marker drag is going on; bigMaps: hpa's comparisons
   */
  constructor(parts) {
    this.parts = parts;
    this.active = false;
    /** The last answered query: what the page shows (and what the e2e tests read). */
    this.last = null;
    // One query in flight at a time; changes made meanwhile coalesce into the next one, so
    // dragging the goal across a 1024x1024 map never piles up stale requests.
    this.request = new LatestRequest(() => this.search());
    this.heatOrder = null; // expansion number of each cell in the last search, -1 if not expanded
  }

  enter() {
    this.active = true;
    if (this.last) this.paintHeat(this.last.result);
    this.rerun();
  }

  leave() {
    this.active = false;
  }

  mapChanged(map) {
    this.last = null;
    this.heatOrder = new Int32Array(map.width * map.height).fill(-1);
    if (this.active) this.rerun();
  }

  /** Something the search depends on changed: ask again (other modes search their own way). */
  rerun() {
    if (this.active && this.parts.level.engine) this.request.ask();
  }

  /** Resolves when no query is waiting or running. */
  settled() {
    return this.request.settled();
  }

  async search() {
    const { level, route, panel, hud, dragging } = this.parts;
    const engine = level.engine;
    const { start, goal } = route;
    // A trace of a huge search is megabytes: while a drag is going on, skip it unless the last
    // search was small, and trace once more when the drag ends.
    const light = !this.last || this.last.result.expanded < 60000;
    const chosen = panel.options();
    // hpa keeps no trace: no heat map for it.
    const trace = panel.heat && chosen.algorithm !== 'hpa' && (!dragging() || light);
    const options = { ...chosen, trace };
    // Whether this query was asked mid-stroke: its answer may come after the stroke ends, and
    // must not then pass for the path the stroke's repair is measured against.
    const askedDragging = dragging();
    // A big unit's footprint must lie on the map: S on the right or bottom edge is moved in.
    const size = options.unitSize ?? 1;
    const sx = Math.max(0, Math.min(start.x, level.map.width - size));
    const sy = Math.max(0, Math.min(start.y, level.map.height - size));
    try {
      const { result, ms, where } = await engine.findPath(
        sx,
        sy,
        goal.x,
        goal.y,
        options,
        panel.onMain,
      );
      hud.requests.add(1);
      if (engine === level.engine) {
        const query = { sx, sy, gx: goal.x, gy: goal.y, options };
        this.last = { query, result, ms, where };
        if (this.active) {
          this.paintHeat(result);
          hud.showSearch(result, ms, where, { x: goal.x, y: goal.y });
        }
        // (Requests coalesce: during a drag this runs once per answer, not once per move.)
        if (options.algorithm === 'hpa')
          await this.parts.bigMaps?.afterSearch(engine, query, result, ms, askedDragging);
      }
    } catch (error) {
      showError(error);
    }
  }

  paintHeat(result) {
    const { view, panel, level } = this.parts;
    const overlay = view.overlay;
    const order = this.heatOrder;
    order.fill(-1);
    overlay.words.fill(0);
    const cells = result?.expandedCells;
    if (panel.heat && cells) {
      const n = cells.length / 2;
      const width = level.map.width;
      for (let k = 0; k < n; k++) {
        const i = cells[k * 2 + 1] * width + cells[k * 2];
        order[i] = k;
        overlay.words[i] = HEAT[Math.floor((k / Math.max(1, n - 1)) * 255)];
      }
    }
    overlay.markAllDirty();
    view.needsDraw = true;
  }

  /** Nothing moves between answers. */
  frame() {}

  /** What to draw on the map: the markers and the path. */
  scene(s) {
    s.start = this.parts.route.start;
    s.goal = this.parts.route.goal;
    if (this.last) {
      const r = this.last.result;
      const size = this.last.query.options.unitSize ?? 1;
      // A big unit's path is drawn through the middle of its footprint, which is outlined where
      // it starts and where it ends.
      s.path = r.path && centred(r.path, size);
      s.rawPath = r.rawPath && centred(r.rawPath, size);
      s.smoothed = !!this.last.query.options.smooth && !!r.rawPath;
      s.links = r.links ?? null; // where the path takes a link: drawn as an arc
      if (size > 1) {
        const { sx, sy } = this.last.query;
        const end = r.goal;
        s.decorate = (view) => {
          view.drawFootprint(sx, sy, size, '#2fbf4a');
          if (end) view.drawFootprint(end.x, end.y, size, '#f0483e');
        };
      }
    }
  }

  /** The hovered cell's place in the last search's expansion order. */
  describeCell(x, y) {
    const k = this.heatOrder?.[y * this.parts.level.map.width + x] ?? -1;
    return k >= 0 ? ` · expanded ${formatInt(k + 1)}th` : '';
  }
}
