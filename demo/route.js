// The start (S) and goal (G) of the path and step modes, and which one a click places next.

export class Route {
  constructor() {
    this.start = null;
    this.goal = null;
    this.next = 'start'; // the endpoint the next click places
    this.width = 0;
    this.height = 0;
  }

  /** A new map of width x height cells, with its suggested endpoints. */
  reset(width, height, { start, goal }) {
    this.width = width;
    this.height = height;
    this.start = start;
    this.goal = goal;
    this.next = 'start';
  }

  inside({ x, y }) {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** A click on a cell of the map: places the next endpoint. */
  place(cell) {
    this[this.next] = cell;
    this.next = this.next === 'start' ? 'goal' : 'start';
  }

  /**
   * A dragged marker follows the pointer while it is over the map. Returns true when it moved to
   * another cell.
   * @param {'start' | 'goal'} which
   */
  move(which, cell) {
    if (!this.inside(cell)) return false;
    if (cell.x === this[which].x && cell.y === this[which].y) return false;
    this[which] = cell;
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
