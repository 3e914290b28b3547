// Hexagonal and staggered (diamond) maps on the demo's canvas. Tiles sit exactly where Tiled
// draws them: centres and picking come from tilepath's tileSpace (js/tiled/coords.js), and each tile's
// outline is Tiled's hexagon (a diamond when the straight sides have length 0). The view works
// in "units" of the map's larger tile side, so a tile is about one unit across, as a square cell
// is on square maps, and its zoom, markers and line widths mean the same on every shape.
//
// The cell colours come from the view's CellLayers (one word per cell). When more cells are on
// screen than can be drawn each frame, the tiles are drawn once into an offscreen image and only
// the tiles that change are drawn again; when zoomed in, the visible tiles are drawn directly.

import { tileSpace } from '../js/tiled/coords.js';

/** Tile sizes for generated maps: near-regular hexagons, and 2:1 diamonds. */
export const GENERATED_TILES = {
  hexagonal: {
    y: { tileWidth: 28, tileHeight: 32, hexSideLength: 16 },
    x: { tileWidth: 32, tileHeight: 28, hexSideLength: 16 },
  },
  staggered: {
    y: { tileWidth: 32, tileHeight: 16 },
    x: { tileWidth: 32, tileHeight: 16 },
  },
};

/** The shape a generated map takes: `kind` is 'hexagonal' or 'staggered'. */
export function generatedShape(kind, staggerAxis, staggerIndex) {
  const tiles = GENERATED_TILES[kind]?.[staggerAxis];
  if (!tiles) throw new RangeError(`no generated ${kind} maps with stagger axis ${staggerAxis}`);
  return { orientation: kind, staggerAxis, staggerIndex, ...tiles };
}

/** True when a map is searched and drawn as hexagons or diamonds. */
export function isShaped(map) {
  const o = map?.shape?.orientation;
  return o === 'hexagonal' || o === 'staggered';
}

/** True when a map's tiles are drawn by a ShapeLayout: shaped maps, and isometric ones, which
 * are searched as square grids but drawn as Tiled draws them, as diamonds. */
export function isDrawnAsTiles(map) {
  return isShaped(map) || map?.shape?.orientation === 'isometric';
}

// Above this many tiles on screen, the offscreen image is drawn even when it is blurred.
const DIRECT_LIMIT = 12000;
// The offscreen image's longer side, at most.
const CACHE_SIDE = 4096;
// Images of fewer pixels per unit than this are drawn pixel by pixel, not tile by tile.
const RASTER_BELOW = 8;
// From this many pixels per unit, tiles are outlined (as square cells get grid lines).
const OUTLINE_SCALE = 10;
// Changed tiles spanning more cells than this redraw the whole image (a clip of many tiles is
// slower than drawing them all).
const REPAINT_ALL = 256;
// Tiles per path.
const CHUNK = 256;

export class ShapeLayout {
  /**
   * @param {{ width: number, height: number, shape: { orientation: string, staggerAxis: string,
   *   staggerIndex: string, tileWidth: number, tileHeight: number, hexSideLength?: number } }} map
   */
  constructor(map) {
    const { width, height } = map;
    const s = map.shape;
    this.width = width;
    this.height = height;
    this.orientation = s.orientation;
    // The grid's own stagger index with offset 0: the same layout as the map's, moved so the
    // grid's first tile is at the origin.
    const iso = s.orientation === 'isometric';
    this.space = tileSpace({
      orientation: s.orientation,
      ...(iso ? {} : { staggerAxis: s.staggerAxis, staggerIndex: s.staggerIndex }),
      ...(s.orientation === 'hexagonal' ? { hexSideLength: s.hexSideLength ?? 0 } : {}),
      tileWidth: s.tileWidth,
      tileHeight: s.tileHeight,
      width,
      height,
    });
    const byX = s.staggerAxis === 'x';
    const along = byX ? s.tileHeight : s.tileWidth;
    const across = byX ? s.tileWidth : s.tileHeight;
    const side = s.orientation === 'hexagonal' ? (s.hexSideLength ?? 0) : 0;
    // Tiled's whole-pixel tile: half the along size, the slanted edges' depth, and the depth.
    // An isometric tile is a staggered one's diamond at exact halves (no whole-pixel rounding).
    const halfAlong = iso ? along / 2 : Math.floor(along / 2);
    const slope = iso ? across / 2 : Math.floor((across - side) / 2);
    const depth = 2 * slope + side;
    // One unit is the larger tile side, in map pixels.
    this.unit = Math.max(s.tileWidth, s.tileHeight);
    const u = this.unit;
    const corners = [
      [0, -depth / 2],
      [halfAlong, -depth / 2 + slope],
      [halfAlong, depth / 2 - slope],
      [0, depth / 2],
      [-halfAlong, depth / 2 - slope],
      [-halfAlong, -depth / 2 + slope],
    ];
    // Corners relative to the centre, in units, as x0, y0, x1, y1, ...
    this.corners = Float64Array.from(
      corners.flatMap(([a, c]) => (byX ? [c / u, a / u] : [a / u, c / u])),
    );
    // Centres of all tiles, in units.
    this.centres = new Float64Array(width * height * 2);
    const out = { x: 0, y: 0 };
    let maxX = 0;
    let maxY = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        this.space.cellToWorld(x, y, out);
        const i = (y * width + x) * 2;
        this.centres[i] = out.x / u;
        this.centres[i + 1] = out.y / u;
        maxX = Math.max(maxX, out.x / u + (byX ? depth / 2 : halfAlong) / u);
        maxY = Math.max(maxY, out.y / u + (byX ? halfAlong : depth / 2) / u);
      }
    }
    /** The map's bounds in units; its top-left corner is (0, 0). */
    this.extentX = maxX;
    this.extentY = maxY;
    this.radius = Math.max(halfAlong, depth / 2) / u; // a tile lies within this of its centre
    this.images = new WeakMap(); // CellLayer -> its offscreen image
    // The offscreen images' finest scale, in pixels per unit.
    this.maxScale = Math.max(1, Math.min(64, CACHE_SIDE / Math.max(maxX, maxY)));
  }

  /** Centre of cell (x, y) in units. */
  centre(x, y) {
    const i = (y * this.width + x) * 2;
    return { x: this.centres[i], y: this.centres[i + 1] };
  }

  /** Centre in units of whole cell (x, y), also for cells outside the map (for clamping). */
  anyCentre(x, y) {
    if (x >= 0 && y >= 0 && x < this.width && y < this.height) return this.centre(x, y);
    const p = this.space.cellToWorld(x, y);
    return { x: p.x / this.unit, y: p.y / this.unit };
  }

  /** The cell whose tile holds point (ux, uy) in units (may lie outside the map). */
  cellAt(ux, uy) {
    return this.space.worldToCell(ux * this.unit, uy * this.unit);
  }

  /** The point in units a fraction `t` of the way from cell `from`'s centre to cell `to`'s. */
  between(from, to, t) {
    const a = this.centre(from.x, from.y);
    const b = this.centre(to.x, to.y);
    return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  }

  /**
   * Adds the outline of cell (x, y) to ctx's path, for a view whose unit (0, 0) is at (sx, sy)
   * and `scale` pixels long; `grow` widens it by that share of a unit.
   */
  outline(ctx, x, y, sx, sy, scale, grow = 0) {
    const i = (y * this.width + x) * 2;
    const cx = sx + this.centres[i] * scale;
    const cy = sy + this.centres[i + 1] * scale;
    const k = scale + (grow * scale) / this.radius;
    const c = this.corners;
    ctx.moveTo(cx + c[0] * k, cy + c[1] * k);
    for (let j = 2; j < c.length; j += 2) ctx.lineTo(cx + c[j] * k, cy + c[j + 1] * k);
    ctx.closePath();
  }

  /** Cells whose tiles may show in the screen rectangle, as [x0, y0, x1, y1] inclusive. */
  visibleRange(ox, oy, zoom, cssWidth, cssHeight) {
    const r = this.radius + 0.5;
    const ux0 = -ox / zoom - r;
    const uy0 = -oy / zoom - r;
    const ux1 = (cssWidth - ox) / zoom + r;
    const uy1 = (cssHeight - oy) / zoom + r;
    // Columns and rows run along the axes: test the corners' cells, widened by one.
    const cells = [
      this.cellAt(ux0, uy0),
      this.cellAt(ux1, uy0),
      this.cellAt(ux0, uy1),
      this.cellAt(ux1, uy1),
    ];
    const xs = cells.map((c) => c.x);
    const ys = cells.map((c) => c.y);
    return [
      Math.max(0, Math.min(...xs) - 1),
      Math.max(0, Math.min(...ys) - 1),
      Math.min(this.width - 1, Math.max(...xs) + 1),
      Math.min(this.height - 1, Math.max(...ys) + 1),
    ];
  }

  /**
   * Writes pixels px0..px1 (exclusive), py0..py1 of an image at `scale` pixels per unit, each
   * the word of the tile under its centre. Returns how many are not transparent.
   */
  raster(ctx, words, px0, py0, px1, py1, scale) {
    const w = px1 - px0;
    const h = py1 - py0;
    if (w <= 0 || h <= 0) return 0;
    const image = ctx.createImageData(w, h);
    const out = new Uint32Array(image.data.buffer);
    const cell = { x: 0, y: 0 };
    const k = this.unit / scale;
    let shown = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        this.space.worldToCell((px0 + x + 0.5) * k, (py0 + y + 0.5) * k, cell);
        if (cell.x < 0 || cell.y < 0 || cell.x >= this.width || cell.y >= this.height) continue;
        const word = words[cell.y * this.width + cell.x];
        out[y * w + x] = word;
        if (word >>> 24) shown++;
      }
    }
    ctx.putImageData(image, px0, py0);
    return shown;
  }

  /**
   * Draws a CellLayer's words as tiles onto ctx (a transform of CSS pixels, times dpr).
   * @param {CanvasRenderingContext2D} ctx @param {import('./view.js').CellLayer} layer
   * @param {{ ox: number, oy: number, zoom: number, cssWidth: number, cssHeight: number }} at
   */
  draw(ctx, layer, at, opaque) {
    const [x0, y0, x1, y1] = this.visibleRange(at.ox, at.oy, at.zoom, at.cssWidth, at.cssHeight);
    const count = (x1 - x0 + 1) * (y1 - y0 + 1);
    const need = at.zoom * at.dpr; // image pixels per unit for a sharp picture
    // The image when it can be sharp at this zoom, or when the tiles on screen are many.
    if (need <= this.maxScale || count > DIRECT_LIMIT) {
      const { canvas, scale, empty } = this.imageOf(layer, opaque, Math.min(need, this.maxScale));
      if (empty) return;
      const k = at.zoom / scale;
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(canvas, at.ox, at.oy, canvas.width * k, canvas.height * k);
      return;
    }
    fillTiles(ctx, this, layer.words, x0, y0, x1, y1, at.ox, at.oy, at.zoom, opaque);
  }

  /**
   * The layer's offscreen image at about `need` pixels per unit (a power of two), with the tiles
   * changed since it was drawn drawn again.
   */
  imageOf(layer, opaque, need) {
    const wanted = Math.min(this.maxScale, 2 ** Math.ceil(Math.log2(Math.max(1, need))));
    let image = this.images.get(layer);
    if (!image || image.scale < wanted || image.scale > wanted * 4) {
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(this.extentX * wanted);
      canvas.height = Math.ceil(this.extentY * wanted);
      image = { canvas, ctx: canvas.getContext('2d'), scale: wanted, empty: false };
      this.images.set(layer, image);
      layer.markAllDirty();
    }
    const d = layer.dirty;
    if (!d) return image;
    layer.dirty = null;
    const { ctx, scale, canvas } = image;
    if (scale < RASTER_BELOW) {
      // Small tiles: each pixel takes the colour of the tile under its centre. Faster than
      // filling polygons by the hundred thousand, and no seams. The pixels around the changed
      // tiles are computed again, whatever tiles they show.
      const ends = [d.x0, d.x1].flatMap((x) => [d.y0, d.y1].map((y) => this.centre(x, y)));
      const margin = this.radius + 1;
      const span = (v, hi) => Math.max(0, Math.min(hi, Math.floor(v * scale)));
      const px0 = span(Math.min(...ends.map((p) => p.x)) - margin, canvas.width);
      const py0 = span(Math.min(...ends.map((p) => p.y)) - margin, canvas.height);
      const px1 = span(Math.max(...ends.map((p) => p.x)) + margin + 1, canvas.width);
      const py1 = span(Math.max(...ends.map((p) => p.y)) + margin + 1, canvas.height);
      const shown = this.raster(ctx, layer.words, px0, py0, px1, py1, scale);
      const whole = px0 === 0 && py0 === 0 && px1 === canvas.width && py1 === canvas.height;
      if (whole) image.empty = shown === 0;
      else if (shown) image.empty = false;
      return image;
    }
    if ((d.x1 - d.x0 + 1) * (d.y1 - d.y0 + 1) > REPAINT_ALL) {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      const colours = fillTiles(
        ctx,
        this,
        layer.words,
        0,
        0,
        this.width - 1,
        this.height - 1,
        0,
        0,
        scale,
        opaque,
      );
      image.empty = colours === 0;
      return image;
    }
    // Clear exactly the changed tiles (they may have turned transparent), then fill them.
    ctx.save();
    ctx.beginPath();
    for (let y = d.y0; y <= d.y1; y++)
      for (let x = d.x0; x <= d.x1; x++) this.outline(ctx, x, y, 0, 0, scale);
    ctx.clip();
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (fillTiles(ctx, this, layer.words, d.x0, d.y0, d.x1, d.y1, 0, 0, scale, opaque))
      image.empty = false;
    ctx.restore();
    return image;
  }
}

/**
 * Fills the tiles of cells x0..x1, y0..y1, one path per colour; transparent words are skipped.
 * Once tiles are big enough, opaque layers outline them. Returns the number of colours used.
 */
function fillTiles(ctx, layout, words, x0, y0, x1, y1, ox, oy, scale, opaque) {
  const byWord = new Map();
  const width = layout.width;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const w = words[y * width + x];
      if (w >>> 24 === 0) continue;
      let list = byWord.get(w);
      if (!list) byWord.set(w, (list = []));
      list.push(x, y);
    }
  }
  // Opaque tiles are drawn half a pixel larger: they overlap, and no seam shows between them.
  const grow = opaque ? 0.5 / scale : 0;
  for (const [w, list] of byWord) {
    ctx.fillStyle = cssColour(w);
    // Paths of a few hundred tiles: Chromium fills those much faster than one huge path.
    for (let start = 0; start < list.length; start += CHUNK * 2) {
      ctx.beginPath();
      const end = Math.min(list.length, start + CHUNK * 2);
      for (let k = start; k < end; k += 2)
        layout.outline(ctx, list[k], list[k + 1], ox, oy, scale, grow);
      ctx.fill();
    }
  }
  if (opaque && scale >= OUTLINE_SCALE) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(0,0,0,0.18)';
    for (let y = y0; y <= y1; y++) {
      ctx.beginPath();
      for (let x = x0; x <= x1; x++) layout.outline(ctx, x, y, ox, oy, scale);
      ctx.stroke();
    }
  }
  return byWord.size;
}

const colours = new Map();

/** A CellLayer word (ABGR) as a CSS colour. */
function cssColour(word) {
  let css = colours.get(word);
  if (css === undefined) {
    const r = word & 255;
    const g = (word >>> 8) & 255;
    const b = (word >>> 16) & 255;
    const a = (word >>> 24) / 255;
    css = `rgba(${r},${g},${b},${a.toFixed(3)})`;
    colours.set(word, css);
  }
  return css;
}
