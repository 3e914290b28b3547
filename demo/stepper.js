// Replays a traced search one expansion at a time, the way A* is taught: the open list, the
// closed set, g / h / f of every cell touched, and the best route to the cell being expanded.
//
// A trace (PathResult.traceEvents) is 5 numbers per event: kind (0 = opened or improved,
// 1 = expanded), x, y, g, h. The events that follow an expansion are that cell's neighbours, so
// the parent of an opened cell is the cell expanded last; that is how the route is rebuilt.

export const UNSEEN = 0;
export const OPEN = 1;
export const CLOSED = 2;

export class StepReplay {
  /**
   * @param {Float64Array} events
   * @param {number} width @param {number} height
   * @param {(index: number, state: number) => void} paint called for every cell whose state changes
   */
  constructor(events, width, height, paint) {
    if (!(events instanceof Float64Array) || events.length % 5 !== 0) {
      throw new TypeError('traceEvents must be a Float64Array of 5 numbers per event');
    }
    this.events = events;
    this.width = width;
    this.height = height;
    this.paint = paint;
    // Event index at which each expansion starts, so a step can jump straight to it.
    const starts = [];
    for (let e = 0; e < events.length / 5; e++) if (events[e * 5] === 1) starts.push(e);
    this.expansionStarts = starts;
    this.state = new Uint8Array(width * height);
    this.g = new Float64Array(width * height);
    this.h = new Float64Array(width * height);
    this.parent = new Int32Array(width * height);
    this.touched = [];
    this.reset();
  }

  /** Number of expansions in the whole search. */
  get total() {
    return this.expansionStarts.length;
  }

  reset() {
    for (const i of this.touched) {
      this.state[i] = UNSEEN;
      this.paint(i, UNSEEN);
    }
    this.touched = [];
    this.done = 0; // expansions applied
    this.cursor = 0; // events applied
    this.current = -1; // cell index being expanded
    // The events before the first expansion: the start cell entering the open list.
    this.applyUntil(this.expansionStarts[0] ?? this.events.length / 5);
  }

  applyUntil(eventEnd) {
    const { events, width } = this;
    for (let e = this.cursor; e < eventEnd; e++) {
      const o = e * 5;
      const i = events[o + 2] * width + events[o + 1];
      if (this.state[i] === UNSEEN) this.touched.push(i);
      if (events[o] === 1) {
        this.state[i] = CLOSED;
        this.current = i;
        this.done++;
        this.paint(i, CLOSED);
      } else {
        // An improved cell can be reopened after it was closed (inconsistent heuristics, weights).
        this.state[i] = OPEN;
        this.g[i] = events[o + 3];
        this.h[i] = events[o + 4];
        this.parent[i] = this.current;
        this.paint(i, OPEN);
      }
    }
    this.cursor = eventEnd;
  }

  /** Apply the next `n` expansions (each with the neighbours it opened). Returns false at the end. */
  forward(n = 1) {
    const target = Math.min(this.total, this.done + n);
    if (target === this.done) return false;
    const end = target < this.total ? this.expansionStarts[target] : this.events.length / 5;
    this.applyUntil(end);
    return this.done < this.total;
  }

  /** Go to exactly `n` expansions (backwards replays from the start). */
  seek(n) {
    const target = Math.max(0, Math.min(this.total, n));
    if (target < this.done) this.reset();
    this.forward(target - this.done);
  }

  get finished() {
    return this.done >= this.total;
  }

  /** The route from the start to the cell being expanded, as x, y pairs. */
  trail() {
    if (this.current < 0) return null;
    const points = [];
    const seen = new Set();
    for (let i = this.current; i >= 0 && !seen.has(i); i = this.parent[i]) {
      seen.add(i);
      points.push(i % this.width, Math.floor(i / this.width));
    }
    // Reverse pairs so the trail runs from the start.
    const out = new Int32Array(points.length);
    for (let k = 0; k < points.length; k += 2) {
      out[points.length - 2 - k] = points[k];
      out[points.length - 1 - k] = points[k + 1];
    }
    return out;
  }

  /** What the search knows about cell (x, y) at this point of the replay. */
  cellInfo(x, y) {
    const i = y * this.width + x;
    const state = this.state[i];
    if (state === UNSEEN) return { state: 'unseen' };
    const g = this.g[i];
    const h = this.h[i];
    return { state: state === OPEN ? 'open' : 'closed', g, h, f: g + h };
  }

  currentCell() {
    if (this.current < 0) return null;
    return { x: this.current % this.width, y: Math.floor(this.current / this.width) };
  }
}
