// Tactics mode: a unit and its movement points. The worker answers every cell the unit reaches
// within them (reachable), shaded by what it costs; hovering one draws the route there (pathTo)
// and its cost. Painting walls or terrain, or another budget, asks for the range again.

import { LatestRequest } from './latest-request.js';
import { rgbaWord } from './view.js';
import { $, showError, showValue } from './page.js';

// Cheap cells bright, the edge of the range darker: 64 shades from near to far, pink to violet,
// colours no terrain has (a blue read as water), opaque enough to read on every terrain.
export const RANGE_NEAR = [255, 130, 205];
export const RANGE_FAR = [120, 30, 170];
const SHADES = Array.from({ length: 64 }, (_, k) => {
  const t = k / 63;
  const mix = (a, b) => Math.round(a + (b - a) * t);
  const [r, g, b] = RANGE_NEAR.map((v, j) => mix(v, RANGE_FAR[j]));
  return rgbaWord(r, g, b, mix(215, 200));
});

export class TacticsMode {
  /**
   * @param {{ level: import('./level.js').Level, route: import('./route.js').Route,
   *   view: import('./view.js').MapView, panel: import('./search-panel.js').SearchPanel,
   *   hud: import('./hud.js').Hud }} parts
   */
  constructor(parts) {
    this.parts = parts;
    this.active = false;
    /** @type {{x: number, y: number} | null} */
    this.unit = null;
    /** The last range answered: { unit, options, result: MovementRange, ms, where }. */
    this.last = null;
    /** The route to the hovered cell shown now: { x, y, path, cost } or null. */
    this.hovered = null;
    this.ranges = 0; // ranges answered since the page opened
    this.request = new LatestRequest(() => this.askRange());
    showValue($('tactics-points'), (v) => v);
    $('tactics-points').addEventListener('input', () => this.rerun());
  }

  get maxCost() {
    return Number($('tactics-points').value);
  }

  enter() {
    this.active = true;
    this.frameNext = true; // the first range after entering is zoomed in on, if it is small
    $('group-tactics').hidden = false;
    if (!this.unit && this.parts.route.start) this.unit = { ...this.parts.route.start };
    if (this.last) this.paintRange(this.last.result);
    this.rerun();
  }

  leave() {
    this.active = false;
    $('group-tactics').hidden = true;
    // The close-up was this mode's: the other modes get the whole map back, unless the user
    // has zoomed or panned since.
    const { view } = this.parts;
    const f = this.framed;
    if (f && f.zoom === view.zoom && f.ox === view.ox && f.oy === view.oy) view.fit();
    this.framed = null;
  }

  mapChanged() {
    this.unit = null;
    this.last = null;
    this.hovered = null;
    if (this.active) this.enter();
  }

  /** A click places the unit. */
  click(cell) {
    this.frameNext = false; // the user is choosing where to look: no close-up now
    this.unit = { ...cell };
    this.rerun();
  }

  rerun() {
    if (this.active && this.parts.level.engine && this.unit) this.request.ask();
  }

  settled() {
    return this.request.settled();
  }

  async askRange() {
    const { level, panel, hud, view } = this.parts;
    const engine = level.engine;
    const unit = { ...this.unit };
    const options = { diagonal: panel.options().diagonal, maxCost: this.maxCost };
    try {
      const { result, ms, where } = await engine.reachable(unit.x, unit.y, options, panel.onMain);
      if (engine !== level.engine) return;
      hud.requests.add(1);
      this.ranges++;
      this.last = { unit, options, result, ms, where };
      this.hovered = null;
      if (!this.active) return;
      this.paintRange(result);
      // At the zoom that fits a whole map, a range of a few movement points is a few pixels
      // wide: the view closes in on it once, and leaves the zoom to the user after that.
      if (this.frameNext && view.fitted) {
        view.frameCells(result.cells, 0.45);
        this.framed = { zoom: view.zoom, ox: view.ox, oy: view.oy };
      }
      this.frameNext = false;
      hud.showWholeMap(ms, where, result.cells.length / 2, farthestReach(result, unit));
      const n = result.cells.length / 2;
      $('tactics-summary').textContent =
        `${n} cells within ${options.maxCost} movement points. Hover one for its route.`;
      view.needsDraw = true;
    } catch (error) {
      showError(error);
    }
  }

  /** Every reached cell, shaded by its cost from the unit. */
  paintRange(range) {
    const { view, level } = this.parts;
    const overlay = view.overlay;
    overlay.words.fill(0);
    const { cells, costs } = range;
    const width = level.map.width;
    const budget = this.last.options.maxCost || 1;
    for (let k = 0; k < cells.length; k += 2) {
      const i = cells[k + 1] * width + cells[k];
      overlay.words[i] = SHADES[Math.min(63, Math.floor((costs[i] / budget) * 63))];
    }
    overlay.markAllDirty();
  }

  frame() {}

  /** The route to the hovered cell, if the unit reaches it: recomputed only when it moves. */
  routeTo(hover) {
    const range = this.last?.result;
    if (!range || !hover || !this.parts.level.inside(hover.x, hover.y)) return null;
    const h = this.hovered;
    if (h && h.x === hover.x && h.y === hover.y) return h;
    const cost = range.costAt(hover.x, hover.y);
    // The unit's own cell has no route (0 steps, cost 0): the box keeps the range's figures.
    const here = hover.x === this.last.unit.x && hover.y === this.last.unit.y;
    const path = cost === Infinity || here ? null : range.pathTo(hover.x, hover.y);
    this.hovered = path && { x: hover.x, y: hover.y, path, cost };
    if (this.hovered) this.parts.hud.showRoute(cost, path.length / 2 - 1, hover.x, hover.y);
    return this.hovered;
  }

  scene(s) {
    const route = this.routeTo(s.hover);
    s.decorate = (view) => {
      if (route) {
        const width = Math.max(2.5, Math.min(view.zoom * 0.35, 8));
        view.drawPolyline(route.path, '#10131a', width + 2.5, []);
        view.drawPolyline(route.path, '#ffd23f', width, []);
        drawCostLabel(view, route);
      }
      if (this.unit) view.drawMarker(this.unit, '#2fbf4a', 'U');
    };
  }

  describeCell(x, y) {
    const c = this.last?.result.costs[y * this.parts.level.map.width + x];
    if (c === undefined) return '';
    return c === Infinity ? ' · out of reach' : ` · ${c.toFixed(2)} movement points to reach`;
  }
}

/** The reached cell dearest to get to (the range's edge), with the steps of its route. */
function farthestReach(range, unit) {
  const { cells } = range;
  let far = null;
  for (let k = 0; k < cells.length; k += 2) {
    const x = cells[k];
    const y = cells[k + 1];
    const cost = range.costAt(x, y);
    if (!far || cost > far.cost) far = { x, y, cost };
  }
  if (!far || (far.x === unit.x && far.y === unit.y)) return null;
  return { ...far, steps: range.pathTo(far.x, far.y).length / 2 - 1, costLabel: 'farthest reach' };
}

/** The route's cost beside its end, in a dark box that reads on any terrain. */
function drawCostLabel(view, route) {
  const { ctx } = view;
  const c = view.cellCenter(route.x, route.y);
  const text = route.cost.toFixed(route.cost % 1 ? 2 : 0);
  ctx.font = 'bold 13px system-ui, sans-serif';
  const w = ctx.measureText(text).width + 10;
  const x = c.x + Math.max(8, view.zoom * 0.6);
  const y = c.y - 22;
  ctx.fillStyle = 'rgba(16, 19, 26, 0.85)';
  ctx.fillRect(x, y, w, 18);
  ctx.fillStyle = '#ffd23f';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + 5, y + 9.5);
}
