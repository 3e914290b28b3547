// Painting terrain: a pointer stroke becomes lines of brush squares written into the map's cells
// and sent to the engine as one small delta per pointer event.

export class Painter {
  /**
   * @param {{ level: import('./level.js').Level, view: import('./view.js').MapView,
   *   costOf(cls: number): number,
   *   onCells(changed: number[], anyOpened: boolean): void, onStrokeEnd(): void }} parts
   *   onCells: cells changed (anyOpened: a blocked cell became passable);
   *   onStrokeEnd: a stroke that changed cells is over
   */
  constructor(parts) {
    this.parts = parts;
    this.changedInStroke = 0;
  }

  /**
   * Paint a 4-connected line of `brush` x `brush` squares of class `cls` from cell a to b (on
   * hexagons and diamonds, a line of tiles sharing edges).
   */
  line(a, b, cls, brush) {
    const { level, view, costOf } = this.parts;
    const { width, height, cells } = level.map;
    const changed = [];
    let anyOpened = false;
    const half = Math.floor((brush - 1) / 2);
    const dab = (cx, cy) => {
      for (let y = cy - half; y < cy - half + brush; y++) {
        if (y < 0 || y >= height) continue;
        for (let x = cx - half; x < cx - half + brush; x++) {
          if (x < 0 || x >= width) continue;
          const i = y * width + x;
          if (cells[i] === cls) continue;
          if (!costOf(cells[i]) && costOf(cls)) anyOpened = true;
          cells[i] = cls;
          changed.push(i);
        }
      }
    };
    if (view.shape) {
      // Hexagons and diamonds: the tiles under the straight line between the two tiles' centres,
      // sampled finely enough that each tile shares an edge with the one before.
      const from = view.shape.anyCentre(a.x, a.y);
      const to = view.shape.anyCentre(b.x, b.y);
      const n = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / (view.shape.radius / 8));
      let last = a;
      dab(a.x, a.y);
      for (let k = 1; k <= n; k++) {
        const c = view.shape.cellAt(
          from.x + ((to.x - from.x) * k) / n,
          from.y + ((to.y - from.y) * k) / n,
        );
        if (c.x !== last.x || c.y !== last.y) dab(c.x, c.y);
        last = c;
      }
      return this.send(changed, cls, anyOpened);
    }
    // Step in x or in y, never both at once: a diagonal stroke then leaves no gap that a diagonal
    // move could slip through, whatever the corner rule.
    const sx = Math.sign(b.x - a.x);
    const sy = Math.sign(b.y - a.y);
    const nx = Math.abs(b.x - a.x);
    const ny = Math.abs(b.y - a.y);
    let x = a.x;
    let y = a.y;
    dab(x, y);
    for (let ix = 0, iy = 0; ix < nx || iy < ny;) {
      if ((0.5 + ix) / nx < (0.5 + iy) / ny) {
        x += sx;
        ix++;
      } else {
        y += sy;
        iy++;
      }
      dab(x, y);
    }
    this.send(changed, cls, anyOpened);
  }

  /** The cells a pointer event changed, to the engine, the view and whoever listens. */
  send(changed, cls, anyOpened) {
    const { level, view, onCells } = this.parts;
    if (!changed.length) return;
    // One setCells per pointer event: the PathWorker posts them as a single small delta message.
    level.engine.setCells(Uint32Array.from(changed), cls);
    view.repaintCells(changed);
    this.changedInStroke += changed.length;
    onCells(changed, anyOpened);
  }

  /** The pointer lifted: the class counts (legend, map line) are brought up to date once. */
  endStroke() {
    if (!this.changedInStroke) return;
    this.changedInStroke = 0;
    this.parts.level.countClasses();
    this.parts.onStrokeEnd();
  }
}
