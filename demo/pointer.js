// Pointer input on the map canvas: the wheel and a pinch zoom; right-drag, middle-drag or the
// pan tool pan; a paint tool paints; the route tool places or drags S and G; in the agents,
// defence and tactics modes a click is the mode's own (send the crowd, set an exit, place a unit). The gesture in progress and the hovered cell live here.

export class PointerInput {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{ view: import('./view.js').MapView, tools: import('./tools.js').ToolPanel,
   *   route: import('./route.js').Route, painter: import('./painting.js').Painter,
   *   hasMap(): boolean, mode(): string, onRoute(): void, onDragEnd(): void,
   *   onClick(cell: {x: number, y: number}, shift: boolean): void,
   *   onHover(cell: {x: number, y: number} | null): void }} parts
   *   onRoute: S or G moved; onDragEnd: a stroke or a marker drag ended (search again, in full);
   *   onClick: a click on the map in a mode that takes clicks itself
   */
  constructor(canvas, parts) {
    this.canvas = canvas;
    this.parts = parts;
    this.pointers = new Map(); // pointer id -> position, for pinches
    this.gesture = null; // { kind: 'pan' | 'paint' | 'drag' | 'pinch', ... }
    /** A paint stroke or an S/G drag is going on. */
    this.dragging = false;
    this.hover = null;
    canvas.addEventListener('contextmenu', (event) => event.preventDefault());
    canvas.addEventListener('wheel', (event) => this.wheel(event), { passive: false });
    canvas.addEventListener('pointerdown', (event) => this.down(event));
    canvas.addEventListener('pointermove', (event) => this.move(event));
    canvas.addEventListener('pointerup', (event) => this.up(event));
    canvas.addEventListener('pointercancel', (event) => this.up(event));
    canvas.addEventListener('pointerleave', () => this.setHover(null));
  }

  local(event) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  wheel(event) {
    event.preventDefault();
    const p = this.local(event);
    this.parts.view.zoomAt(Math.pow(1.0015, -event.deltaY), p.x, p.y);
  }

  down(event) {
    const { view, tools, painter, hasMap, mode, onClick } = this.parts;
    if (!hasMap()) return;
    this.canvas.setPointerCapture(event.pointerId);
    const p = this.local(event);
    this.pointers.set(event.pointerId, p);
    if (this.pointers.size === 2) {
      // Second finger: whatever the first one started becomes a pinch.
      painter.endStroke();
      this.endDrag();
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: 'pinch', distance: distance(a, b), mid: midpoint(a, b) };
      return;
    }
    if (this.pointers.size > 2) return;
    const cell = view.cellAt(p.x, p.y);
    const cls = tools.paintClass;
    if (event.button === 1 || event.button === 2 || tools.tool === 'pan') {
      this.gesture = { kind: 'pan', last: p };
      this.canvas.classList.add('panning');
    } else if (cls !== null) {
      this.gesture = { kind: 'paint', cls, last: cell };
      this.dragging = true;
      painter.line(cell, cell, cls, tools.brush);
    } else if (mode() !== 'path' && mode() !== 'step') {
      if (view.inside(cell.x, cell.y)) onClick(cell, event.shiftKey);
      this.gesture = null;
    } else {
      this.gesture = this.routeDown(p, cell);
      this.dragging = !!this.gesture;
    }
  }

  /** Route tool: grab S or G if the press is on one, else place the next endpoint. */
  routeDown(p, cell) {
    const { view, route, onRoute } = this.parts;
    const grabbed = route.grab(p, (x, y) => view.markerCenter(x, y), Math.max(12, view.zoom * 0.8));
    if (grabbed) return { kind: 'drag', which: grabbed };
    if (!view.inside(cell.x, cell.y)) return null;
    route.place(cell);
    onRoute();
    return null;
  }

  move(event) {
    const { view, tools, route, painter, onRoute } = this.parts;
    const p = this.local(event);
    if (this.pointers.has(event.pointerId)) this.pointers.set(event.pointerId, p);
    const cell = view.cellAt(p.x, p.y);
    this.setHover(cell);
    const gesture = this.gesture;
    if (!gesture) return;
    if (gesture.kind === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const d = distance(a, b);
      const mid = midpoint(a, b);
      view.panBy(mid.x - gesture.mid.x, mid.y - gesture.mid.y);
      view.zoomAt(d / gesture.distance, mid.x, mid.y);
      gesture.distance = d;
      gesture.mid = mid;
    } else if (gesture.kind === 'pan') {
      view.panBy(p.x - gesture.last.x, p.y - gesture.last.y);
      gesture.last = p;
    } else if (gesture.kind === 'paint') {
      painter.line(gesture.last, cell, gesture.cls, tools.brush);
      gesture.last = cell;
    } else if (gesture.kind === 'drag') {
      if (route.move(gesture.which, cell)) onRoute();
    }
  }

  up(event) {
    this.pointers.delete(event.pointerId);
    this.canvas.classList.remove('panning');
    const gesture = this.gesture;
    if (!gesture) return;
    if (gesture.kind === 'pinch') {
      // Lifting one finger of a pinch must not start painting with the other.
      if (this.pointers.size === 0) this.gesture = null;
      return;
    }
    if (gesture.kind === 'paint') this.parts.painter.endStroke();
    this.endDrag();
    this.gesture = null;
  }

  endDrag() {
    if (!this.dragging) return;
    this.dragging = false;
    this.parts.onDragEnd(); // with the trace that may have been skipped during the drag
  }

  setHover(cell) {
    const same = this.hover && cell && this.hover.x === cell.x && this.hover.y === cell.y;
    if (same || (!this.hover && !cell)) return;
    this.hover = cell;
    this.parts.onHover(cell);
  }
}

function midpoint(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function distance(a, b) {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
