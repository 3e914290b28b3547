// The start (S) and goal (G) of the path and step modes, and which one a click places next.
// Both always lie inside the current map: they are clamped into it whenever the map changes or
// a marker is dragged past the edge.

export class Route {
  constructor() {
    this.start = null;
    this.goal = null;
    this.next = 'start'; // the endpoint the next click places
    this.width = 0;
    this.height = 0;
  }

  /** A new map: take the suggested endpoints, kept inside its width x height. */
  reset(width, height, { start, goal }) {
    this.width = width;
    this.height = height;
    this.start = this.clamp(start);
    this.goal = this.clamp(goal);
    this.next = 'start';
  }

  /** The cell of the map nearest to `cell`. */
  clamp(cell) {
    const x = Math.max(0, Math.min(this.width - 1, Math.round(cell.x)));
    const y = Math.max(0, Math.min(this.height - 1, Math.round(cell.y)));
    return { x, y };
  }

  /** A click: places the next endpoint. */
  place(cell) {
    this[this.next] = this.clamp(cell);
    this.next = this.next === 'start' ? 'goal' : 'start';
  }

  /**
   * A dragged marker follows the pointer, held at the map's edge when the pointer leaves it.
   * Returns true when it moved to another cell.
   * @param {'start' | 'goal'} which
   */
  move(which, cell) {
    const to = this.clamp(cell);
    if (to.x === this[which].x && to.y === this[which].y) return false;
    this[which] = to;
    return true;
  }

  /**
   * The marker a press at `point` (canvas pixels) grabs, if it is within `reach` pixels of one.
   * @param {(x: number, y: number) => { x: number, y: number }} centre a cell's centre in pixels
   * @returns {'start' | 'goal' | null}
   */
  grab(point, centre, reach) {
    const distance = (cell) => {
      if (!cell) return Infinity;
      const c = centre(cell.x, cell.y);
      return Math.hypot(c.x - point.x, c.y - point.y);
    };
    const ds = distance(this.start);
    const dg = distance(this.goal);
    if (Math.min(ds, dg) > reach) return null;
    return ds <= dg ? 'start' : 'goal';
  }
}
