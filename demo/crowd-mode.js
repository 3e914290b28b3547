// Crowd mode: a crowd of the core (grid.createCrowd) on the in-thread grid, stepped each frame.
// On the dungeon the units take the stairs and the teleporter between the floors.
// "Pour" sends a group packed round the start, big units among them, through the map to the goal
// on one shared flow field; "Wave" sends a tower-defence wave from the far side. Painted walls are
// towers: they reach the crowd as edits (the fields are rebuilt, units on them pushed out). Units
// are drawn as discs of their radius; the frame graph shows each step's cost in blue.

import { formatInt, formatMs } from './stats.js';
import { $, showError, showValue } from './page.js';

const COLORS = { moving: '#ff7a00', arrived: '#3ecf6e', stuck: '#f2c84b', unreachable: '#ff5a4f' };
const STATES = /** @type {const} */ (['moving', 'arrived', 'stuck', 'unreachable']);

export class CrowdMode {
  /**
   * @param {{ level: import('./level.js').Level, route: import('./route.js').Route,
   *   view: import('./view.js').MapView, hud: import('./hud.js').Hud,
   *   costOf(cls: number): number }} parts
   */
  constructor(parts) {
    this.parts = parts;
    this.active = false;
    this.crowd = null;
    this.engine = null;
    this.ids = [];
    this.sizes = [];
    this.radii = [];
    this.positions = new Float32Array(0);
    this.states = [];
    this.stepMs = []; // the last steps' times, for the median shown
    this.target = null;
    this.shownAt = 0;
    this.steps = 0;
    showValue($('crowd-count'), (v) => v);
    $('crowd-pour').addEventListener('click', () => this.pour());
    $('crowd-wave').addEventListener('click', () => this.wave());
  }

  enter() {
    this.active = true;
    $('group-crowd').hidden = false;
    this.pour();
  }

  leave() {
    this.active = false;
    $('group-crowd').hidden = true;
    this.dispose();
  }

  mapChanged() {
    this.dispose();
    if (this.active) this.pour();
  }

  dispose() {
    this.crowd?.dispose();
    this.crowd = null;
    this.ids = [];
  }

  /** The crowd's own re-planning follows edits: nothing to ask again. */
  rerun() {}

  /** A click sends every unit there (one group). */
  click(cell) {
    if (!this.crowd) return;
    this.target = { x: cell.x, y: cell.y };
    this.crowd.setGroupTarget(this.ids, cell.x + 0.5, cell.y + 0.5);
  }

  /** A new crowd on the engine's grid; false (with a message) where it cannot be. */
  #fresh() {
    const { level } = this.parts;
    this.dispose();
    if (!level.map || !level.engine) return false;
    if (level.map.shape) {
      $('crowd-summary').textContent = 'Crowds move on square maps: pick an orthogonal map.';
      return false;
    }
    this.engine = level.engine;
    this.crowd = level.engine.grid.createCrowd({ maxAgents: 5000 });
    this.sizes = [];
    this.radii = [];
    return true;
  }

  /** Open cells nearest (x, y), nearest first (ties by index). */
  #openNear(x, y, count) {
    const { level, costOf } = this.parts;
    const { width, height, cells } = level.map;
    const found = [];
    for (let ring = 0; found.length < count * 1.5 && ring < Math.max(width, height); ring++) {
      for (let cy = y - ring; cy <= y + ring; cy++) {
        for (let cx = x - ring; cx <= x + ring; cx++) {
          const onRing = Math.max(Math.abs(cx - x), Math.abs(cy - y)) === ring;
          if (!onRing || cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
          if (costOf(cells[cy * width + cx]) > 0) found.push([Math.hypot(cx - x, cy - y), cx, cy]);
        }
      }
    }
    return found.sort((a, b) => a[0] - b[0] || a[2] - b[2] || a[1] - b[1]).slice(0, count);
  }

  /** Adds `count` units round (x, y): every tenth two cells wide and slower. */
  #spawn(x, y, count) {
    // On a map with links (the dungeon's stairs and teleporter) every unit is one cell: units
    // bigger than a tile do not take links (docs/crowds.md, "One-way tiles and links").
    const linked = this.engine.grid.links().length > 0;
    for (const [, cx, cy] of this.#openNear(x, y, count)) {
      const big = !linked && this.ids.length % 10 === 9;
      try {
        const id = this.crowd.addAgent(
          big
            ? { x: cx + 1, y: cy + 1, unitSize: 2, maxSpeed: 2.5 }
            : { x: cx + 0.5, y: cy + 0.5, radius: 0.3 + (this.ids.length % 3) * 0.05, maxSpeed: 4 },
        );
        this.ids.push(id);
        this.sizes[id] = big ? 2 : 1;
        this.radii[id] = big ? 0.9 : 0.3 + ((this.ids.length - 1) % 3) * 0.05;
      } catch {
        // a big unit's footprint does not fit there: leave it out
      }
    }
  }

  /** A group packed round the start pours through the map to the goal. */
  pour() {
    this.#send(this.parts.route.start);
  }

  /** A tower-defence wave: from the far corner to the goal; paint walls (towers) in its way. */
  wave() {
    const { route, level } = this.parts;
    this.#send({
      x: route.goal.x < level.map.width / 2 ? level.map.width - 2 : 1,
      y: route.goal.y < level.map.height / 2 ? level.map.height - 2 : 1,
    });
  }

  /** A fresh crowd packed round `from`, sent as one group to the goal. */
  #send(from) {
    if (!this.#fresh()) return;
    const { route } = this.parts;
    try {
      this.#spawn(from.x, from.y, Number($('crowd-count').value));
      this.target = { ...route.goal };
      this.crowd.setGroupTarget(this.ids, route.goal.x + 0.5, route.goal.y + 0.5);
    } catch (error) {
      showError(error);
    }
  }

  frame(dt) {
    const { level, hud } = this.parts;
    if (!this.crowd || this.engine !== level.engine) return;
    const started = performance.now();
    this.crowd.step(Math.min(Math.max(dt, 1), 250) / 1000); // a long frame is sub-stepped
    const ms = performance.now() - started;
    hud.graph.addWork?.(ms);
    this.stepMs.push(ms);
    if (this.stepMs.length > 60) this.stepMs.shift();
    this.steps++;
    this.positions = this.crowd.positions();
    if (performance.now() - this.shownAt > 250) {
      this.shownAt = performance.now();
      const c = this.counts();
      const sorted = [...this.stepMs].sort((a, b) => a - b);
      $('crowd-summary').textContent =
        `${formatInt(this.ids.length)} units: ${formatInt(c.moving)} moving, ${formatInt(c.arrived)} arrived, ` +
        `${formatInt(c.stuck)} stuck, ${formatInt(c.unreachable)} cut off · step ${formatMs(sorted[sorted.length >> 1])} ms`;
    }
  }

  counts() {
    const c = { moving: 0, arrived: 0, stuck: 0, unreachable: 0 };
    if (!this.crowd) return c;
    for (const id of this.ids) c[this.crowd.state(id)]++;
    return c;
  }

  /** The median of the last steps' times (ms). */
  medianStepMs() {
    const sorted = [...this.stepMs].sort((a, b) => a - b);
    return sorted.length ? sorted[sorted.length >> 1] : null;
  }

  scene(s) {
    s.decorate = (view) => this.decorate(view);
  }

  /** Each unit a disc of its radius, coloured by its state; the target over them. */
  decorate(view) {
    if (!this.crowd) return;
    const { ctx, zoom, ox, oy } = view;
    const p = this.positions;
    const byState = new Map(STATES.map((s) => [s, []]));
    for (const id of this.ids) byState.get(this.crowd.state(id)).push(id);
    for (const [state, ids] of byState) {
      if (!ids.length) continue;
      ctx.beginPath();
      for (const id of ids) {
        const r = Math.max(1.5, this.radii[id] * zoom);
        const sx = ox + p[2 * id] * zoom;
        const sy = oy + p[2 * id + 1] * zoom;
        ctx.moveTo(sx + r, sy);
        ctx.arc(sx, sy, r, 0, Math.PI * 2);
      }
      ctx.fillStyle = COLORS[state];
      ctx.fill();
      ctx.strokeStyle = '#10131a';
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    if (this.target) view.drawMarker(this.target, '#f0483e', '★');
  }

  describeCell() {
    return '';
  }
}
