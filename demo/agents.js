// Agents mode: hundreds of units walking to targets, planning through the engine in batches.
// Each unit's route is watched (watchPath): only the units whose route a new wall or a dearer
// cell lands on re-plan, told by the alert at the edit itself; all of them re-plan when a wall
// is removed (a shorter way round may have opened). Plans are versioned, so an answer to an
// outdated request is dropped instead of sending a unit along a route that is no longer there.
// Units come in three sizes (unitSize 1, 2 and 3: one tile, 2 x 2, 3 x 3): a unit's position is
// its top-left tile, and it plans, walks and is watched with its whole footprint.

import { makeRandom32 } from './maps.js';
import { isDrawnAsTiles } from './shape-draw.js';

const IDLE = 0;
const WAITING = 1; // needs a plan, or its request is in flight
const MOVING = 2;

export class AgentCrowd {
  /**
   * @param {{width:number,height:number,cells:Uint8Array}} map
   * @param {(cls:number) => number} costOf movement cost of a class (0 = blocked)
   * @param {((path: Int32Array, onBlocked: (alert: {index: number}) => void,
   *   options: {unitSize: number}) => {stop(): void} | null) | null} watchPath the engine's
   *   stale-path alerts
   */
  constructor(map, costOf, count, seed = 7, watchPath = null) {
    this.map = map;
    this.costOf = costOf;
    this.watchPath = watchPath;
    this.watches = []; // per unit: the handle watching its route, or null
    this.alerted = 0; // re-plans asked for by an alert
    this.rng = makeRandom32(seed);
    this.count = 0;
    // Cells per second on cost-1 ground; faster on big maps so crossing one takes under a minute.
    this.speed = Math.max(8, Math.max(map.width, map.height) / 32);
    this.wander = true;
    this.target = null;
    this.queue = [];
    this.resize(count);
  }

  resize(count) {
    const old = this.count;
    const grow = (a, n, Type) => {
      const b = new Type(n);
      if (a) b.set(a.subarray(0, Math.min(a.length, n)));
      return b;
    };
    this.positions = grow(this.positions, count * 2, Float32Array);
    this.state = grow(this.state, count, Uint8Array);
    this.moving = grow(this.moving, count, Uint8Array);
    this.version = grow(this.version, count, Uint32Array);
    this.goals = grow(this.goals, count * 2, Int32Array);
    this.pauseUntil = grow(this.pauseUntil, count, Float64Array);
    this.paths = (this.paths || []).slice(0, count);
    for (let a = count; a < this.watches.length; a++) this.watches[a]?.stop();
    this.watches.length = count;
    this.step = grow(this.step, count, Int32Array);
    this.sizes = grow(this.sizes, count, Uint8Array);
    this.count = count;
    for (let a = old; a < count; a++) {
      // Units bigger than one tile exist on square maps only (the API refuses them on shaped
      // ones; on isometric maps the demo draws none: a square over its tiles would be wrong).
      this.sizes[a] = isDrawnAsTiles(this.map) ? 1 : AgentCrowd.sizeFor(a);
      const cell = this.randomOpenCell(this.sizes[a]);
      this.positions[a * 2] = cell.x;
      this.positions[a * 2 + 1] = cell.y;
      this.paths[a] = null;
      this.state[a] = IDLE;
      this.pauseUntil[a] = 0;
    }
    this.queue = this.queue.filter((a) => a < count);
  }

  /** The mix of sizes: one unit in ten is 3 x 3, one in five (of the rest) 2 x 2. */
  static sizeFor(a) {
    return a % 10 === 9 ? 3 : a % 5 === 4 ? 2 : 1;
  }

  /** The cost of the dearest tile a unit of `size` at (x, y) covers: 0 when one is blocked or
   * the footprint sticks out of the map (as findPath's `unitSize` counts it). */
  footprintCost(x, y, size = 1) {
    const { width, height, cells } = this.map;
    if (x < 0 || y < 0 || x + size > width || y + size > height) return 0;
    let dearest = 0;
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        const cost = this.costOf(cells[(y + j) * width + x + i]);
        if (!(cost > 0)) return 0;
        dearest = Math.max(dearest, cost);
      }
    }
    return dearest;
  }

  randomOpenCell(size = 1) {
    const { width, height } = this.map;
    for (let tries = 0; tries < 5000; tries++) {
      const x = this.rng.int(width);
      const y = this.rng.int(height);
      if (this.footprintCost(x, y, size) > 0) return { x, y };
    }
    return { x: 0, y: 0 };
  }

  /** The cell a unit plans from: the path cell it is walking to, else the one it left. */
  cellOf(a) {
    const path = this.paths[a];
    const k = this.step[a] * 2;
    const size = this.sizes[a];
    if (path && k < path.length) {
      if (this.footprintCost(path[k], path[k + 1], size) > 0) return { x: path[k], y: path[k + 1] };
      if (k >= 2) return { x: path[k - 2], y: path[k - 1] };
    }
    const x = Math.round(this.positions[a * 2]);
    const y = Math.round(this.positions[a * 2 + 1]);
    return this.escape(x, y, size);
  }

  /**
   * The step unit `a` is on, for views that place it between cell centres (hexagonal and
   * staggered maps): the cell it left, the cell it walks to, and the share of the way done.
   */
  stepOf(a) {
    const fx = this.positions[a * 2];
    const fy = this.positions[a * 2 + 1];
    const path = this.paths[a];
    const k = this.step[a] * 2;
    const here = { x: Math.round(fx), y: Math.round(fy) };
    if (this.state[a] !== MOVING || !path || k >= path.length)
      return { from: here, to: here, t: 0 };
    const to = { x: path[k], y: path[k + 1] };
    const from = k >= 2 ? { x: path[k - 2], y: path[k - 1] } : here;
    const total = Math.hypot(to.x - from.x, to.y - from.y);
    const t = total > 0 ? Math.min(1, Math.hypot(fx - from.x, fy - from.y) / total) : 1;
    return { from, to, t };
  }

  /** (x, y) if walkable, else the nearest walkable cell: a wall painted onto a unit pushes it out. */
  escape(x, y, size = 1) {
    for (let r = 0; r < 16; r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          if (this.footprintCost(x + dx, y + dy, size) > 0) return { x: x + dx, y: y + dy };
        }
      }
    }
    return { x, y };
  }

  /** Send every unit towards (x, y), spread over a blob so they do not stack on one cell. */
  sendAll(x, y) {
    this.target = { x, y };
    const spread = Math.max(1, Math.sqrt(this.count) * 0.6);
    const { width, height } = this.map;
    for (let a = 0; a < this.count; a++) {
      const angle = this.rng.next() * Math.PI * 2;
      const r = spread * Math.sqrt(this.rng.next());
      const size = this.sizes[a];
      const gx = Math.max(0, Math.min(width - size, Math.round(x + Math.cos(angle) * r)));
      const gy = Math.max(0, Math.min(height - size, Math.round(y + Math.sin(angle) * r)));
      this.plan(a, gx, gy);
    }
  }

  plan(a, gx, gy) {
    this.goals[a * 2] = gx;
    this.goals[a * 2 + 1] = gy;
    this.replan(a);
  }

  replan(a) {
    this.watches[a]?.stop();
    this.watches[a] = null;
    this.version[a]++;
    if (!this.queue.includes(a)) this.queue.push(a);
    this.state[a] = WAITING;
  }

  /**
   * Cells changed under the units. Walls were already reported by the alerts of the routes they
   * land on; an opened cell may shorten any route, so every walking unit looks again.
   * @param {Iterable<number>} indices @param {boolean} anyOpened
   */
  cellsChanged(indices, anyOpened) {
    if (!anyOpened && this.watchPath) return;
    const changed = new Set(indices);
    const { width } = this.map;
    for (let a = 0; a < this.count; a++) {
      if (this.state[a] !== MOVING) continue;
      if (anyOpened) {
        this.replan(a);
        continue;
      }
      // Without alerts (no engine yet): look for the changed cells on the rest of each route.
      const path = this.paths[a];
      for (let k = this.step[a] * 2; k < path.length; k += 2) {
        if (changed.has(path[k + 1] * width + path[k])) {
          this.replan(a);
          break;
        }
      }
    }
  }

  /** Watches unit `a`'s route: a wall or a dearer cell ahead of it makes it re-plan. */
  watch(a) {
    if (!this.watchPath) return;
    const path = this.paths[a];
    const version = this.version[a];
    const onBlocked = (alert) => {
      this.watches[a] = null;
      if (this.version[a] !== version || this.state[a] !== MOVING) return;
      // A change behind the unit (k < step - 1 is walked already): keep walking, watch again.
      const ahead = alert.index >= this.step[a] - 1 || this.changedAhead(a, alert.cells);
      if (!ahead) return this.watch(a);
      this.alerted++;
      this.replan(a);
    };
    this.watches[a] = this.watchPath(path, onBlocked, { unitSize: this.sizes[a] });
  }

  changedAhead(a, cells) {
    const path = this.paths[a];
    const size = this.sizes[a];
    for (let k = Math.max(0, this.step[a] - 1) * 2; k < path.length; k += 2) {
      for (let c = 0; c < cells.length; c += 2) {
        const dx = cells[c] - path[k];
        const dy = cells[c + 1] - path[k + 1];
        if (dx >= 0 && dy >= 0 && dx < size && dy < size) return true;
      }
    }
    return false;
  }

  /** Stops watching every route (the crowd is being replaced). */
  dispose() {
    for (const handle of this.watches) handle?.stop();
    this.watches = [];
  }

  /** Take up to `max` planning requests off the queue. */
  takeRequests(max, options) {
    const list = [];
    const who = [];
    while (list.length < max && this.queue.length) {
      const a = this.queue.shift();
      if (this.state[a] !== WAITING) continue;
      const { x, y } = this.cellOf(a);
      const size = this.sizes[a];
      const unitOptions = size > 1 ? { ...options, unitSize: size } : options;
      list.push({
        sx: x,
        sy: y,
        gx: this.goals[a * 2],
        gy: this.goals[a * 2 + 1],
        options: unitOptions,
      });
      who.push({ agent: a, version: this.version[a] });
    }
    return { list, who };
  }

  /** Answers for `who` (from takeRequests), in the same order. */
  receive(who, results) {
    const now = performance.now();
    for (let k = 0; k < who.length; k++) {
      const { agent: a, version } = who[k];
      if (a >= this.count || this.version[a] !== version) continue; // outdated answer
      const r = results[k];
      if (r && r.status !== 'none' && r.path.length >= 2) {
        this.paths[a] = r.path;
        // path[0] is the cell it planned from; a unit caught between two cells walks there first.
        this.step[a] = 0;
        this.state[a] = MOVING;
        this.watch(a);
      } else {
        this.paths[a] = null;
        this.state[a] = IDLE;
        this.pauseUntil[a] = now + 500 + this.rng.next() * 1500;
      }
    }
  }

  /** Move every unit by dt seconds; idle wanderers pick a new random destination. */
  update(dt) {
    const now = performance.now();
    for (let a = 0; a < this.count; a++) {
      if (this.state[a] === IDLE) {
        this.moving[a] = 0;
        if (this.wander && now >= this.pauseUntil[a]) {
          const cell = this.randomOpenCell(this.sizes[a]);
          this.plan(a, cell.x, cell.y);
        }
        continue;
      }
      if (this.state[a] !== MOVING) {
        this.moving[a] = 0;
        continue;
      }
      this.moving[a] = 1;
      const path = this.paths[a];
      let budget = dt * this.speed;
      while (budget > 0) {
        const k = this.step[a] * 2;
        if (k >= path.length) {
          this.state[a] = IDLE;
          this.pauseUntil[a] = now + 300 + this.rng.next() * 2000;
          break;
        }
        const tx = path[k];
        const ty = path[k + 1];
        const cost = this.footprintCost(tx, ty, this.sizes[a]);
        if (cost <= 0) {
          // The next cell was walled off (its alert may still be on its way): stop, ask again.
          this.replan(a);
          break;
        }
        const px = this.positions[a * 2];
        const py = this.positions[a * 2 + 1];
        const dx = tx - px;
        const dy = ty - py;
        const dist = Math.hypot(dx, dy);
        // Dearer terrain is slower to cross: budget is spent at `cost` per cell of distance.
        const reach = budget / cost;
        if (reach >= dist) {
          this.positions[a * 2] = tx;
          this.positions[a * 2 + 1] = ty;
          budget -= dist * cost;
          this.step[a]++;
        } else {
          this.positions[a * 2] = px + (dx / dist) * reach;
          this.positions[a * 2 + 1] = py + (dy / dist) * reach;
          budget = 0;
        }
      }
    }
  }

  counts() {
    let moving = 0;
    let waiting = 0;
    for (let a = 0; a < this.count; a++) {
      if (this.state[a] === MOVING) moving++;
      else if (this.state[a] === WAITING) waiting++;
    }
    return { moving, waiting, idle: this.count - moving - waiting };
  }
}
