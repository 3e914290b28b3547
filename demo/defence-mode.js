// Tower defence mode: one flow field to the exits, computed in the worker, and a wave of units
// walking down it. Each unit asks the field for its next cell (nextStep, O(1)) when it reaches
// one: no unit ever searches. A painted wall asks the worker for a new field, which the units
// follow from their next cell on.

import { DIRECTIONS } from '../js/index.js';
import { LatestRequest } from './latest-request.js';
import { heatRamp } from './view.js';
import { formatInt } from './stats.js';
import { $, showError, showValue } from './page.js';
import { stepFactor } from './shape-panel.js';

const RAMP = heatRamp(150);
const SPEED = 6; // cells per second on ground (cost 1); a cell of cost c takes c times as long
const ARROW_ZOOM = 9; // screen pixels per cell from which the field's arrows are drawn

// A unit's state, kept in the same array the view reads to colour it (2 is not drawn).
const STUCK = 0; // on a cell no exit can be reached from
const WALKING = 1;
const ARRIVED = 2;

export class DefenceMode {
  /**
   * @param {{ level: import('./level.js').Level, route: import('./route.js').Route,
   *   view: import('./view.js').MapView, panel: import('./search-panel.js').SearchPanel,
   *   hud: import('./hud.js').Hud, costOf(cls: number): number }} parts
   */
  constructor(parts) {
    this.parts = parts;
    this.active = false;
    /** @type {{x: number, y: number}[]} */
    this.exits = [];
    /** The last field answered: { exits, options, result: FlowField, ms, where }. */
    this.last = null;
    this.fields = 0; // fields answered since the page opened
    this.wave = null;
    this.nextWaveIn = 0; // seconds until a new wave, once every unit is out or stuck
    this.shownAt = 0;
    this.request = new LatestRequest(() => this.askField());
    showValue($('defence-count'), (v) => v);
    $('defence-wave').addEventListener('click', () => this.spawn());
    $('defence-count').addEventListener('change', () => this.spawn()); // a wave of the new size
  }

  enter() {
    this.active = true;
    $('group-defence').hidden = false;
    if (!this.exits.length && this.parts.route.goal) this.exits = [{ ...this.parts.route.goal }];
    this.rerun();
  }

  leave() {
    this.active = false;
    $('group-defence').hidden = true;
  }

  mapChanged() {
    this.exits = [];
    this.last = null;
    this.wave = null;
    if (this.active) this.enter();
  }

  /** A click sets the exit; with shift it adds one (or removes one already there). */
  click(cell, add) {
    const at = this.exits.findIndex((e) => e.x === cell.x && e.y === cell.y);
    if (!add) this.exits = [{ ...cell }];
    else if (at < 0) this.exits.push({ ...cell });
    else if (this.exits.length > 1) this.exits.splice(at, 1);
    this.rerun();
  }

  /** The walls, the costs or the diagonal rule changed: a new field. */
  rerun() {
    if (this.active && this.parts.level.engine && this.exits.length) this.request.ask();
  }

  settled() {
    return this.request.settled();
  }

  async askField() {
    const { level, panel, hud, view } = this.parts;
    const engine = level.engine;
    const exits = this.exits.map((e) => ({ ...e }));
    const options = { diagonal: panel.options().diagonal };
    try {
      const goals = exits.map((e) => [e.x, e.y]);
      const { result, ms, where } = await engine.flowField(goals, options, panel.onMain);
      if (engine !== level.engine) return;
      hud.requests.add(1);
      this.fields++;
      this.last = { exits, options, result, ms, where };
      if (!this.active) return; // answered after a switch to another tab: it paints its own way
      hud.showWholeMap(
        ms,
        where,
        this.paintField(result),
        farthestFromExit(result, level, this.parts.costOf),
      );
      if (!this.wave || this.wave.alive() === 0) this.spawn();
      else this.wave.fieldChanged();
      view.needsDraw = true;
    } catch (error) {
      showError(error);
    }
  }

  /** The field's cost as a colour ramp (bright near an exit); returns the cells reached. */
  paintField(field) {
    const overlay = this.parts.view.overlay;
    const costs = field.costs;
    let far = 0;
    let reached = 0;
    for (const c of costs) {
      if (c === Infinity) continue;
      reached++;
      if (c > far) far = c;
    }
    const words = overlay.words;
    const { level, costOf } = this.parts;
    const cells = level.map.cells;
    for (let i = 0; i < costs.length; i++) {
      const c = costs[i];
      // A wall has a field cost too (a unit pushed into it walks out), but reads as a wall.
      const shown = c !== Infinity && costOf(cells[i]);
      words[i] = shown ? RAMP[255 - Math.round((c / (far || 1)) * 255)] : 0;
    }
    overlay.markAllDirty();
    return reached;
  }

  /** A new wave on the far side: the passable cells dearest to reach an exit from. */
  spawn() {
    const field = this.last?.result;
    const { level, costOf } = this.parts;
    if (!field) return;
    const cells = level.map.cells;
    const order = [];
    for (let i = 0; i < field.costs.length; i++) {
      if (field.costs[i] !== Infinity && field.costs[i] > 0 && costOf(cells[i])) order.push(i);
    }
    if (!order.length) return;
    order.sort((a, b) => field.costs[b] - field.costs[a]);
    const count = Number($('defence-count').value);
    const far = order.slice(0, Math.max(1, Math.min(order.length, Math.ceil(order.length * 0.1))));
    const starts = Array.from({ length: count }, () => far[Math.floor(Math.random() * far.length)]);
    this.wave = new Wave(starts, level.map, field);
    this.nextWaveIn = 0;
  }

  frame(dt) {
    const wave = this.wave;
    if (!wave || !this.last) return;
    const { level, costOf } = this.parts;
    wave.field = this.last.result;
    wave.update(Math.min(dt, 100) / 1000, (i) => costOf(level.map.cells[i]) || 1);
    if (wave.alive() === 0) {
      this.nextWaveIn += dt / 1000;
      if (this.nextWaveIn > 1.5) this.spawn(); // the next wave, once this one is out
    }
    if (performance.now() - this.shownAt > 250) {
      this.shownAt = performance.now();
      const c = wave.counts();
      $('defence-summary').textContent =
        `${formatInt(c.walking)} walking, ${formatInt(c.arrived)} out, ${formatInt(c.stuck)} cut off · ` +
        `${formatInt(this.fields)} fields so far`;
    }
  }

  scene(s) {
    s.decorate = (view) => this.decorate(view);
  }

  /** Arrows, then the units, then the exits over them (the units crowd onto the exits). */
  decorate(view) {
    const field = this.last?.result;
    const { level, costOf } = this.parts;
    const open = (i) => costOf(level.map.cells[i]) > 0;
    if (field && view.zoom >= ARROW_ZOOM) drawArrows(view, field.directions, open);
    if (this.wave) view.drawAgents(this.wave);
    for (const exit of this.exits) view.drawMarker(exit, '#f0483e', 'E');
  }

  describeCell(x, y) {
    const c = this.last?.result.costs[y * this.parts.level.map.width + x];
    if (c === undefined) return '';
    return c === Infinity ? ' · no way out' : ` · ${c.toFixed(2)} to the nearest exit`;
  }

  /** Mean field cost of the walking units to their exit, or null with none walking. */
  meanCostToExit() {
    const wave = this.wave;
    const field = this.last?.result;
    if (!wave || !field) return null;
    let sum = 0;
    let n = 0;
    for (let a = 0; a < wave.count; a++) {
      if (wave.moving[a] !== WALKING) continue;
      sum += field.costs[wave.from[a]];
      n++;
    }
    return n ? sum / n : null;
  }
}

/** The units of one wave: where each stands, the cell it walks to, and how far along it is. */
class Wave {
  constructor(starts, map, field) {
    this.count = starts.length;
    this.map = map;
    this.width = map.width;
    this.field = field;
    this.from = Int32Array.from(starts);
    this.to = new Int32Array(this.count).fill(-1);
    this.progress = new Float32Array(this.count);
    this.moving = new Uint8Array(this.count).fill(WALKING); // the state, as the view reads it
    this.positions = new Float32Array(this.count * 2);
    // A small fixed offset per unit, so that a crowd on one cell reads as a crowd.
    this.jitter = Float32Array.from({ length: this.count * 2 }, () => (Math.random() - 0.5) * 0.5);
    this.place();
  }

  /** A new field: the units cut off look again (those walking keep their next cell). */
  fieldChanged() {
    for (let a = 0; a < this.count; a++) if (this.moving[a] === STUCK) this.moving[a] = WALKING;
  }

  /** @param {(i: number) => number} costAt the time factor of entering cell i */
  update(seconds, costAt) {
    const { field, width } = this;
    for (let a = 0; a < this.count; a++) {
      if (this.moving[a] !== WALKING) continue;
      let time = seconds;
      while (time > 0) {
        if (this.to[a] < 0) {
          const i = this.from[a];
          const x = i % width;
          const y = (i - x) / width;
          const next = field.nextStep(x, y);
          if (!next) {
            this.moving[a] = field.costs[i] === 0 ? ARRIVED : STUCK;
            break;
          }
          this.to[a] = next.y * width + next.x;
          this.progress[a] = 0;
        }
        const [f, t] = [this.from[a], this.to[a]];
        const dx = (t % width) - (f % width);
        const dy = Math.floor(t / width) - Math.floor(f / width);
        const duration = (costAt(t) * stepFactor(this.map, dx, dy)) / SPEED;
        const left = (1 - this.progress[a]) * duration;
        if (time < left) {
          this.progress[a] += time / duration;
          break;
        }
        time -= left;
        this.from[a] = this.to[a];
        this.to[a] = -1;
      }
    }
    this.place();
  }

  place() {
    const w = this.width;
    for (let a = 0; a < this.count; a++) {
      const f = this.from[a];
      const t = this.to[a] < 0 ? f : this.to[a];
      const u = this.to[a] < 0 ? 0 : this.progress[a];
      this.positions[a * 2] = (f % w) + ((t % w) - (f % w)) * u + this.jitter[a * 2];
      const fy = Math.floor(f / w);
      this.positions[a * 2 + 1] = fy + (Math.floor(t / w) - fy) * u + this.jitter[a * 2 + 1];
    }
  }

  /** The step unit `a` is on (see AgentCrowd.stepOf); the jitter is left out. */
  stepOf(a) {
    const w = this.width;
    const f = this.from[a];
    const t = this.to[a] < 0 ? f : this.to[a];
    const cell = (i) => ({ x: i % w, y: Math.floor(i / w) });
    return { from: cell(f), to: cell(t), t: this.to[a] < 0 ? 0 : this.progress[a] };
  }

  alive() {
    let n = 0;
    for (let a = 0; a < this.count; a++) if (this.moving[a] === WALKING) n++;
    return n;
  }

  counts() {
    const c = { walking: 0, arrived: 0, stuck: 0 };
    for (let a = 0; a < this.count; a++) {
      const s = this.moving[a];
      if (s === WALKING) c.walking++;
      else if (s === ARRIVED) c.arrived++;
      else c.stuck++;
    }
    return c;
  }
}

/** The open cell dearest to leave from, with the steps of its way to an exit. */
function farthestFromExit(field, level, costOf) {
  const { width, cells } = level.map;
  const costs = field.costs;
  let far = -1;
  for (let i = 0; i < costs.length; i++) {
    // Walls have field costs too (a unit pushed into one walks out), but no unit starts there.
    if (costs[i] === Infinity || !costOf(cells[i])) continue;
    if (far < 0 || costs[i] > costs[far]) far = i;
  }
  if (far < 0) return null;
  const x = far % width;
  const y = (far - x) / width;
  const steps = field.pathFrom(x, y).length / 2 - 1;
  if (steps <= 0) return null;
  return { x, y, cost: costs[far], steps, costLabel: 'farthest from exit' };
}

/** One arrow per visible open cell of the field, pointing where a unit there steps next. */
function drawArrows(view, directions, open) {
  const { ctx, zoom, map } = view;
  let x0 = Math.max(0, Math.floor(-view.ox / zoom));
  let x1 = Math.min(map.width, Math.ceil((view.cssWidth - view.ox) / zoom));
  let y0 = Math.max(0, Math.floor(-view.oy / zoom));
  let y1 = Math.min(map.height, Math.ceil((view.cssHeight - view.oy) / zoom));
  if (view.shape) {
    [x0, y0, x1, y1] = view.shape.visibleRange(
      view.ox,
      view.oy,
      zoom,
      view.cssWidth,
      view.cssHeight,
    );
    x1++;
    y1++;
  }
  const len = zoom * 0.32;
  const head = zoom * 0.16;
  ctx.beginPath();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * map.width + x;
      const code = directions[i];
      if (!code || !open(i)) continue;
      const { x: cx, y: cy } = view.cellCenter(x, y);
      // On the screen, towards the next cell's centre (on hexagons and diamonds too).
      const next = view.cellCenter(x + DIRECTIONS[code][0], y + DIRECTIONS[code][1]);
      const n = Math.hypot(next.x - cx, next.y - cy);
      const ux = (next.x - cx) / n;
      const uy = (next.y - cy) / n;
      const tx = cx + ux * len;
      const ty = cy + uy * len;
      ctx.moveTo(cx - ux * len, cy - uy * len);
      ctx.lineTo(tx, ty);
      ctx.moveTo(tx - ux * head - uy * head, ty - uy * head + ux * head);
      ctx.lineTo(tx, ty);
      ctx.lineTo(tx - ux * head + uy * head, ty - uy * head - ux * head);
    }
  }
  ctx.strokeStyle = 'rgba(16, 19, 26, 0.7)';
  ctx.lineWidth = Math.max(1, zoom * 0.07);
  ctx.lineCap = 'round';
  ctx.stroke();
}
