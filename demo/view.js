// The map canvas: pan, zoom and drawing. The grid is drawn once into an offscreen image, one
// pixel per cell, and only the cells that change are repainted; each frame then scales that image
// onto the screen, so a 1024x1024 map costs the same per frame as a 32x32 one. Hexagonal and
// staggered maps are drawn as their tiles instead (shape-draw.js); positions on the screen are
// then in that module's units, of about a tile.

import { ShapeLayout, isDrawnAsTiles } from './shape-draw.js';

const BACKGROUND = '#151922';
// Links (stairs, teleporters) on the map: amber, a colour no terrain has.
export const LINK_COLOUR = '#ffb020';

/** An offscreen image, one pixel per cell, with a dirty rectangle flushed once per frame. */
export class CellLayer {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.canvas = document.createElement('canvas');
    this.canvas.width = width;
    this.canvas.height = height;
    this.ctx = this.canvas.getContext('2d');
    this.image = this.ctx.createImageData(width, height);
    this.words = new Uint32Array(this.image.data.buffer);
    this.dirty = null;
  }

  set(index, word) {
    this.words[index] = word;
    const x = index % this.width;
    const y = (index - x) / this.width;
    const d = this.dirty;
    if (!d) this.dirty = { x0: x, y0: y, x1: x, y1: y };
    else {
      if (x < d.x0) d.x0 = x;
      if (x > d.x1) d.x1 = x;
      if (y < d.y0) d.y0 = y;
      if (y > d.y1) d.y1 = y;
    }
  }

  /** After writing `words` directly. */
  markAllDirty() {
    this.dirty = { x0: 0, y0: 0, x1: this.width - 1, y1: this.height - 1 };
  }

  clear() {
    this.words.fill(0);
    this.markAllDirty();
  }

  flush() {
    const d = this.dirty;
    if (!d) return;
    this.ctx.putImageData(this.image, 0, 0, d.x0, d.y0, d.x1 - d.x0 + 1, d.y1 - d.y0 + 1);
    this.dirty = null;
  }
}

export class MapView {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.zoom = 1; // screen CSS pixels per cell
    this.ox = 0; // screen position of the grid's top-left corner, CSS pixels
    this.oy = 0;
    this.cssWidth = 1;
    this.cssHeight = 1;
    this.dpr = 1;
    this.map = null;
    /** Hexagonal and staggered maps: where their tiles lie (see shape-draw.js); null: squares */
    this.shape = null;
    this.extentX = 1; // the map's size in cells (squares) or units (shapes)
    this.extentY = 1;
    this.base = null;
    this.overlay = null;
    this.showOverlay = true;
    /** A Tiled map's tiles as placed by placeArt, or null; drawn instead of the class colours
     * while artShown, with the cells painted since the map was read in their class colours. */
    this.art = null;
    this.artShown = true;
    this.painted = null;
    this.readCells = null; // the cells as read, to tell a painted cell from one painted back
    this.needsDraw = true;
    this.fitted = false; // showing the whole map, as fit() left it: a resize fits again
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width));
    const h = Math.max(1, Math.round(rect.height));
    if (w === this.cssWidth && h === this.cssHeight && dpr === this.dpr) return;
    const hadSize = this.cssWidth > 1;
    // Keep the cell at the centre of the view where it was.
    const cx = (this.cssWidth / 2 - this.ox) / this.zoom;
    const cy = (this.cssHeight / 2 - this.oy) / this.zoom;
    this.cssWidth = w;
    this.cssHeight = h;
    this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    if (this.map && hadSize && !this.fitted) {
      this.ox = w / 2 - cx * this.zoom;
      this.oy = h / 2 - cy * this.zoom;
    } else if (this.map) this.fit();
    this.needsDraw = true;
  }

  /** @param {{width:number,height:number,cells:Uint8Array}} map @param {Uint32Array} palette */
  setMap(map, palette) {
    this.map = map;
    this.palette = palette;
    this.shape = isDrawnAsTiles(map) ? new ShapeLayout(map) : null;
    this.extentX = this.shape ? this.shape.extentX : map.width;
    this.extentY = this.shape ? this.shape.extentY : map.height;
    this.base = new CellLayer(map.width, map.height);
    this.overlay = new CellLayer(map.width, map.height);
    const { cells } = map;
    const words = this.base.words;
    for (let i = 0; i < cells.length; i++) words[i] = palette[cells[i]];
    this.base.markAllDirty();
    this.art = map.art ? this.placeArt(map) : null;
    this.painted = this.art && new CellLayer(map.width, map.height);
    this.readCells = this.art && cells.slice();
    this.fit();
  }

  /**
   * Draws a Tiled map's tiles (tile-art.js) once, placed in view units: each cell's tile centred
   * where the view draws that cell. Returns { canvas, x, y, w, h, pixels, drawn, undrawn,
   * unplaced }
   * (pixels: the canvas's pixels per unit), or null when no tile has an image.
   */
  placeArt(map) {
    const { tileWidth, tileHeight } = map;
    const [dx, dy] = [map.offsetX ?? 0, map.offsetY ?? 0]; // an infinite map's first cell
    let centreOf;
    let [kx, ky] = [tileWidth, tileHeight]; // map pixels per unit
    if (this.shape) {
      const u = this.shape.unit;
      [kx, ky] = [u, u];
      centreOf = (x, y) => {
        const c = this.shape.anyCentre(x - dx, y - dy);
        return { x: c.x * u, y: c.y * u };
      };
    } else {
      centreOf = (x, y) => ({ x: (x - dx + 0.5) * tileWidth, y: (y - dy + 0.5) * tileHeight });
    }
    // Tile objects and the background colour are placed in map pixels: on orthogonal maps only.
    const square = !this.shape;
    const drawn = map.art.render({
      centreOf,
      tileWidth,
      tileHeight,
      hexagonal: map.shape?.orientation === 'hexagonal',
      objectShift: square ? [-dx * tileWidth, -dy * tileHeight] : null,
      mapBox: square ? { x: 0, y: 0, w: map.width * tileWidth, h: map.height * tileHeight } : null,
    });
    if (!drawn) return null;
    const { canvas, left, top, scale } = drawn;
    return {
      canvas,
      x: left / kx,
      y: top / ky,
      w: canvas.width / scale / kx,
      h: canvas.height / scale / ky,
      pixels: scale * Math.min(kx, ky),
      drawn: drawn.drawn,
      undrawn: drawn.undrawn,
      unplaced: drawn.unplaced,
    };
  }

  /** True while the tiles are drawn instead of the class colours. */
  get tilesShown() {
    return !!this.art && this.artShown;
  }

  /** Repaint the cells at these indices from map.cells. */
  repaintCells(indices) {
    const { cells } = this.map;
    for (const i of indices) {
      this.base.set(i, this.palette[cells[i]]);
      if (this.painted)
        this.painted.set(i, cells[i] === this.readCells[i] ? 0 : this.palette[cells[i]]);
    }
    this.needsDraw = true;
  }

  fit() {
    if (!this.map) return;
    const pad = 8;
    // Keep the zoom buttons' strip free, except on a phone where every pixel counts.
    const buttons = this.cssWidth < 500 ? pad : 52;
    const zx = (this.cssWidth - pad - buttons) / this.extentX;
    const zy = (this.cssHeight - pad * 2) / this.extentY;
    this.zoom = Math.max(0.05, Math.min(zx, zy));
    const w = this.extentX * this.zoom;
    // Centred, unless that would put the map under the buttons.
    this.ox = Math.max(pad, Math.min((this.cssWidth - w) / 2, this.cssWidth - buttons - w));
    this.oy = (this.cssHeight - this.extentY * this.zoom) / 2;
    this.fitted = true;
    this.needsDraw = true;
  }

  zoomAt(factor, sx, sy) {
    const fitZoom = Math.min(this.cssWidth / this.extentX, this.cssHeight / this.extentY);
    const zoom = Math.min(64, Math.max(fitZoom / 4, this.zoom * factor));
    const k = zoom / this.zoom;
    this.ox = sx - (sx - this.ox) * k;
    this.oy = sy - (sy - this.oy) * k;
    this.zoom = zoom;
    this.fitted = false;
    this.needsDraw = true;
  }

  panBy(dx, dy) {
    this.ox += dx;
    this.oy += dy;
    this.fitted = false;
    this.needsDraw = true;
  }

  /** Cell under a point in canvas CSS pixels (may be outside the map). */
  cellAt(sx, sy) {
    if (this.shape)
      return this.shape.cellAt((sx - this.ox) / this.zoom, (sy - this.oy) / this.zoom);
    return { x: Math.floor((sx - this.ox) / this.zoom), y: Math.floor((sy - this.oy) / this.zoom) };
  }

  /** Centre of a cell in canvas CSS pixels. */
  cellCenter(x, y) {
    if (this.shape) {
      const c = this.shape.anyCentre(x, y);
      return { x: this.ox + c.x * this.zoom, y: this.oy + c.y * this.zoom };
    }
    return { x: this.ox + (x + 0.5) * this.zoom, y: this.oy + (y + 0.5) * this.zoom };
  }

  inside(x, y) {
    return this.map && x >= 0 && y >= 0 && x < this.map.width && y < this.map.height;
  }

  /**
   * Zooms in on cells (x0, y0, x1, y1, ... pairs) when they would fill less than `share` of the
   * canvas's smaller side, so that they then fill about that share, centred; never zooms out.
   */
  frameCells(cells, share) {
    if (!this.map || cells.length < 2) return;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let k = 0; k < cells.length; k += 2) {
      const c = this.cellCenter(cells[k], cells[k + 1]);
      x0 = Math.min(x0, c.x);
      y0 = Math.min(y0, c.y);
      x1 = Math.max(x1, c.x);
      y1 = Math.max(y1, c.y);
    }
    // One cell more on each side: the box holds whole tiles, not their centres.
    const side = Math.max(x1 - x0, y1 - y0) + 2 * this.zoom;
    const wanted = share * Math.min(this.cssWidth, this.cssHeight);
    if (side >= wanted) return;
    // zoomAt keeps the box's middle where it is on screen; then it is moved to the centre.
    const mx = (x0 + x1) / 2;
    const my = (y0 + y1) / 2;
    this.zoomAt(wanted / side, mx, my);
    this.panBy(this.cssWidth / 2 - mx, this.cssHeight / 2 - my);
  }

  /**
   * @param {object} scene
   *   start, goal: {x,y}|null; path, rawPath: Int32Array|null; agents: {positions: Float32Array,
   *   count, planned: Uint8Array, target}|null; hover: {x,y}|null; brush: number;
   *   step: {current: {x,y}|null, trail: number[]|null}|null;
   *   decorate: ((view: MapView) => void)|undefined, drawn over the paths, under the markers
   */
  draw(scene) {
    const { ctx, dpr, zoom } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (!this.map) return;
    const tiles = this.tilesShown;
    // Tiles without an image show their class colours under the tiles that have one.
    if (!tiles || this.art.undrawn) this.drawCells(this.base, true);
    if (tiles) {
      this.drawArt();
      this.drawCells(this.painted, false);
    }
    if (this.showOverlay) this.drawCells(this.overlay, false);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (zoom >= 10) this.drawGridLines();
    if (scene.step?.trail) {
      const width = Math.max(2, Math.min(zoom * 0.25, 6));
      this.drawPolyline(scene.step.trail, '#10131a', width + 2.5, []);
      this.drawPolyline(scene.step.trail, '#ff3df2', width, []);
    }
    if (scene.rawPath && scene.smoothed) {
      this.drawPolyline(
        scene.rawPath,
        'rgba(20, 30, 60, 0.75)',
        Math.max(1.5, zoom * 0.12),
        [4, 4],
      );
    }
    // The map's links (stairs, teleporters): thin dashed arcs, under the path.
    for (const l of this.map.links ?? []) {
      this.drawArc(
        l.ax,
        l.ay,
        l.bx,
        l.by,
        LINK_COLOUR,
        Math.max(1.5, Math.min(zoom * 0.15, 3)),
        [6, 4],
      );
      this.drawLinkEnd(l.ax, l.ay);
      this.drawLinkEnd(l.bx, l.by);
    }
    if (scene.path) {
      const width = Math.max(2.5, Math.min(zoom * 0.35, 8));
      const colour = scene.smoothed ? '#ff3df2' : '#20d8ff';
      // Split where the path takes a link: its two cells are neighbours in the path, not on the
      // map, so that step is drawn as an arc between them.
      const pieces = [];
      let from = 0;
      for (const k of scene.links ?? []) {
        pieces.push(scene.path.subarray(2 * from, 2 * k + 2));
        from = k + 1;
      }
      pieces.push(scene.path.subarray(2 * from));
      for (const piece of pieces) this.drawPolyline(piece, '#10131a', width + 2.5, []);
      for (const k of scene.links ?? []) {
        const [x0, y0, x1, y1] = scene.path.subarray(2 * k, 2 * k + 4);
        this.drawArc(x0, y0, x1, y1, '#10131a', width + 2.5, []);
        this.drawArc(x0, y0, x1, y1, colour, width, []);
      }
      for (const piece of pieces) this.drawPolyline(piece, colour, width, []);
      if (scene.smoothed) this.drawWaypoints(scene.path);
    }
    scene.decorate?.(this); // what a mode draws its own way (arrows, units, a route)
    if (scene.agents) this.drawAgents(scene.agents);
    if (scene.step?.current) this.drawCellOutline(scene.step.current, '#ff3df2', 3);
    if (scene.start) this.drawMarker(scene.start, '#2fbf4a', 'S');
    if (scene.goal) this.drawMarker(scene.goal, '#f0483e', 'G');
    if (scene.agents?.target) this.drawMarker(scene.agents.target, '#f0483e', '★');
    if (scene.hover && this.inside(scene.hover.x, scene.hover.y)) {
      const size = scene.brush || 1;
      const half = Math.floor((size - 1) / 2);
      const { x, y } = scene.hover;
      ctx.strokeStyle = 'rgba(255,255,255,0.85)';
      ctx.lineWidth = 1.5;
      if (this.shape) {
        // The painter's brush: the same block of columns and rows as on squares.
        ctx.beginPath();
        for (let cy = Math.max(0, y - half); cy < Math.min(this.map.height, y - half + size); cy++)
          for (let cx = Math.max(0, x - half); cx < Math.min(this.map.width, x - half + size); cx++)
            this.shape.outline(ctx, cx, cy, this.ox, this.oy, zoom);
        ctx.stroke();
        return;
      }
      ctx.strokeRect(
        this.ox + (x - half) * zoom,
        this.oy + (y - half) * zoom,
        size * zoom,
        size * zoom,
      );
    }
  }

  /** One word per cell: as tiles (shapes), or one pixel per cell scaled up (squares). */
  drawCells(layer, opaque) {
    const { ctx, dpr, zoom } = this;
    if (this.shape) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      this.shape.draw(ctx, layer, this, opaque);
      return;
    }
    layer.flush();
    ctx.imageSmoothingEnabled = false;
    ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, dpr * this.ox, dpr * this.oy);
    ctx.drawImage(layer.canvas, 0, 0);
  }

  drawArt() {
    const { ctx, dpr, zoom, art } = this;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Pixel art stays sharp when zoomed in, and is smoothed when shown smaller than drawn.
    ctx.imageSmoothingEnabled = zoom * dpr < art.pixels;
    ctx.drawImage(
      art.canvas,
      this.ox + art.x * zoom,
      this.oy + art.y * zoom,
      art.w * zoom,
      art.h * zoom,
    );
  }

  drawGridLines() {
    const { ctx, zoom } = this;
    if (this.shape) return; // the tiles are drawn with their outlines
    const { width, height } = this.map;
    const x0 = Math.max(0, Math.floor(-this.ox / zoom));
    const x1 = Math.min(width, Math.ceil((this.cssWidth - this.ox) / zoom));
    const y0 = Math.max(0, Math.floor(-this.oy / zoom));
    const y1 = Math.min(height, Math.ceil((this.cssHeight - this.oy) / zoom));
    ctx.beginPath();
    for (let x = x0; x <= x1; x++) {
      const sx = Math.round(this.ox + x * zoom) + 0.5;
      ctx.moveTo(sx, this.oy + y0 * zoom);
      ctx.lineTo(sx, this.oy + y1 * zoom);
    }
    for (let y = y0; y <= y1; y++) {
      const sy = Math.round(this.oy + y * zoom) + 0.5;
      ctx.moveTo(this.ox + x0 * zoom, sy);
      ctx.lineTo(this.ox + x1 * zoom, sy);
    }
    ctx.strokeStyle = 'rgba(0,0,0,0.12)';
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  drawPolyline(points, color, width, dash) {
    if (!points || points.length < 4) return;
    const { ctx } = this;
    ctx.beginPath();
    for (let i = 0; i < points.length; i += 2) {
      const { x: sx, y: sy } = this.cellCenter(points[i], points[i + 1]);
      if (i === 0) ctx.moveTo(sx, sy);
      else ctx.lineTo(sx, sy);
    }
    ctx.setLineDash(dash);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /**
   * An arc from cell (x0, y0) to (x1, y1), bowed to the left of the way it runs by a third of its
   * length: a link's step, which jumps rather than walks.
   */
  drawArc(x0, y0, x1, y1, color, width, dash) {
    const { ctx } = this;
    const a = this.cellCenter(x0, y0);
    const b = this.cellCenter(x1, y1);
    const [mx, my] = [(a.x + b.x) / 2, (a.y + b.y) / 2];
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.quadraticCurveTo(mx + dy / 3, my - dx / 3, b.x, b.y);
    ctx.setLineDash(dash);
    ctx.lineCap = 'round';
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** The mid-point of drawArc's arc, in canvas pixels (for tests and labels). */
  arcMiddle(x0, y0, x1, y1) {
    const a = this.cellCenter(x0, y0);
    const b = this.cellCenter(x1, y1);
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    // A quadratic's point at t = 1/2: a quarter of each end and half the control point.
    return { x: (a.x + b.x) / 2 + dy / 6, y: (a.y + b.y) / 2 - dx / 6 };
  }

  /** A link's end: a small ring on its cell. */
  drawLinkEnd(x, y) {
    const { ctx, zoom } = this;
    const c = this.cellCenter(x, y);
    ctx.beginPath();
    ctx.arc(c.x, c.y, Math.max(3, Math.min(zoom * 0.4, 9)), 0, 2 * Math.PI);
    ctx.strokeStyle = LINK_COLOUR;
    ctx.lineWidth = 2;
    ctx.stroke();
  }

  drawWaypoints(points) {
    const { ctx, zoom } = this;
    const r = Math.max(2.5, Math.min(zoom * 0.3, 6));
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = '#10131a';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let i = 0; i < points.length; i += 2) {
      const { x: sx, y: sy } = this.cellCenter(points[i], points[i + 1]);
      ctx.moveTo(sx + r, sy);
      ctx.arc(sx, sy, r, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.stroke();
  }

  /** Radius in CSS pixels of the S and G markers: readable when cells are tiny. */
  markerRadius() {
    return Math.max(7, Math.min(this.zoom * 0.7, 18));
  }

  /**
   * Where a cell's marker is drawn: its centre, moved in just enough for the whole disk to lie
   * on the map (a marker on an edge cell would otherwise hang over the edge). Each axis moves
   * less than the radius, so the marker stays on its cell.
   */
  markerCenter(x, y) {
    const c = this.cellCenter(x, y);
    const r = this.markerRadius();
    const inward = (v, lo, hi) =>
      hi - lo < 2 * r ? (lo + hi) / 2 : Math.min(hi - r, Math.max(lo + r, v));
    return {
      x: inward(c.x, this.ox, this.ox + this.extentX * this.zoom),
      y: inward(c.y, this.oy, this.oy + this.extentY * this.zoom),
    };
  }

  drawMarker(cell, color, label) {
    const { ctx } = this;
    const { x, y } = this.markerCenter(cell.x, cell.y);
    const r = this.markerRadius();
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.font = `bold ${Math.round(r * 1.1)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, x, y + 0.5);
  }

  drawCellOutline(cell, color, width) {
    const { ctx, zoom } = this;
    const pad = Math.max(2, zoom * 0.1);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    if (this.shape) {
      ctx.beginPath();
      this.shape.outline(ctx, cell.x, cell.y, this.ox, this.oy, zoom, pad / zoom);
      ctx.stroke();
      return;
    }
    ctx.strokeRect(
      this.ox + cell.x * zoom - pad,
      this.oy + cell.y * zoom - pad,
      zoom + pad * 2,
      zoom + pad * 2,
    );
  }

  /** The n x n tiles from (x, y) outlined: where a big unit stands. */
  drawFootprint(x, y, size, color) {
    const { ctx, zoom } = this;
    ctx.setLineDash([]);
    ctx.lineWidth = Math.max(2, Math.min(zoom * 0.15, 4));
    ctx.strokeStyle = color;
    ctx.strokeRect(this.ox + x * zoom, this.oy + y * zoom, size * zoom, size * zoom);
  }

  /** Where unit `a` of a crowd is drawn: its position, or on shapes, along its current step. */
  unitCenter(units, a) {
    const fx = units.positions[a * 2];
    const fy = units.positions[a * 2 + 1];
    if (!this.shape)
      return { x: this.ox + (fx + 0.5) * this.zoom, y: this.oy + (fy + 0.5) * this.zoom };
    const step = units.stepOf(a); // { from, to, t } between two cells
    const p = this.shape.between(step.from, step.to, step.t);
    return { x: this.ox + p.x * this.zoom, y: this.oy + p.y * this.zoom };
  }

  drawAgents(units) {
    const { positions, count, moving, sizes } = units;
    const { ctx, zoom } = this;
    const r = Math.max(2.6, Math.min(zoom * 0.45, 7));
    for (const [wanted, color] of [
      [1, '#ff7a00'],
      [0, '#ffffff'],
    ]) {
      ctx.beginPath();
      for (let a = 0; a < count; a++) {
        if (moving[a] !== wanted) continue;
        const size = sizes?.[a] ?? 1;
        if (size > 1) {
          // A big unit is drawn over the n x n tiles it covers, inset a little.
          const inset = Math.min(zoom * 0.12, 3);
          const left = this.ox + positions[a * 2] * zoom + inset;
          const top = this.oy + positions[a * 2 + 1] * zoom + inset;
          ctx.rect(left, top, size * zoom - 2 * inset, size * zoom - 2 * inset);
          continue;
        }
        const { x: sx, y: sy } = this.unitCenter(units, a);
        ctx.moveTo(sx + r, sy);
        ctx.arc(sx, sy, r, 0, Math.PI * 2);
      }
      // A dark rim keeps units visible on pale ground and on the heat colours alike.
      ctx.strokeStyle = '#10131a';
      ctx.lineWidth = 1.2;
      ctx.stroke();
      ctx.fillStyle = color;
      ctx.fill();
    }
  }
}

// Heat ramp: early expansions dark violet, late ones bright yellow; see the legend in index.html.
const HEAT_STOPS = [
  [0.0, [48, 18, 110]],
  [0.35, [150, 40, 140]],
  [0.65, [235, 90, 70]],
  [1.0, [255, 220, 60]],
];

/** 256 ABGR words along the heat ramp, at the given alpha (0..255). */
export function heatRamp(alpha) {
  const words = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let k = 0;
    while (k < HEAT_STOPS.length - 2 && t > HEAT_STOPS[k + 1][0]) k++;
    const [t0, c0] = HEAT_STOPS[k];
    const [t1, c1] = HEAT_STOPS[k + 1];
    const u = (t - t0) / (t1 - t0);
    const [r, g, b] = c0.map((v, j) => Math.round(v + (c1[j] - v) * u));
    words[i] = ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return words;
}

export function heatGradientCss() {
  return `linear-gradient(90deg, ${HEAT_STOPS.map(([t, [r, g, b]]) => `rgb(${r} ${g} ${b}) ${t * 100}%`).join(', ')})`;
}

/** ABGR word from CSS-ish rgb and alpha. */
export function rgbaWord(r, g, b, a) {
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}
