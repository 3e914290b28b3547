// A Tiled map drawn with its tile images, as Tiled draws it: every visible tile layer, bottom
// first, with its opacity and offset; each tile's image anchored at the bottom-left corner of its
// cell's box (taller tiles reach up, as in Tiled), moved by its tileset's tile offset and flipped
// as its GID's flags say (on hexagonal maps Tiled reads the diagonal flag as a turn of 60 degrees
// and a fourth flag as one of 120, about the image's centre). The cells' centres come from the
// view (squares, or the ShapeLayout of isometric, staggered and hexagonal maps), so a tile lies
// on the cell it is searched as. On orthogonal maps, tile objects too, over the background
// colour. The images are read relative to the file that names them (a fetched map), or from the
// image files opened with the map; what has no image is counted and named, and the view draws
// the class colours under the tiles.

import {
  FLIPPED_DIAGONALLY,
  FLIPPED_HORIZONTALLY,
  FLIPPED_VERTICALLY,
  GID_MASK,
  ROTATED_HEXAGONAL_120,
} from '../js/tiled/classify.js';
import { childNamed, childrenNamed } from '../js/tiled/elements.js';
import { layerGids } from '../js/tiled/layers.js';
import { parseTemplate } from '../js/tiled/templates.js';
import { baseName as fileName } from '../js/tiled/tilesets.js';
import { parseXml } from '../js/tiled/xml.js';

/** The art's longer side at most, in pixels: larger maps are drawn scaled down. */
const MAX_SIDE = 4096;

const number = (value, fallback = 0) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

// --- what the files say about drawing ------------------------------------------------------

/** A TSX <tileset> element's drawing fields, named as a JSON tileset names them. */
function xmlFields(element) {
  const a = element.attributes;
  const image = childNamed(element, 'image')?.attributes;
  return {
    ...a,
    tileoffset: childNamed(element, 'tileoffset')?.attributes,
    image: image?.source,
    imagewidth: image?.width,
    imageheight: image?.height,
    transparentcolor: image?.trans,
    tiles: childrenNamed(element, 'tile').map((t) => {
      const own = childNamed(t, 'image')?.attributes;
      return {
        id: t.attributes.id,
        image: own?.source,
        imagewidth: own?.width,
        imageheight: own?.height,
      };
    }),
  };
}

/** A tileset's drawing data from its TSX <tileset> element (xml) or its JSON object. */
function tilesetOf(source, xml) {
  const data = xml ? xmlFields(source) : source;
  const tiles = new Map();
  for (const t of Array.isArray(data.tiles) ? data.tiles : []) {
    if (t?.image)
      tiles.set(number(t.id), imageOf(t.image, { width: t.imagewidth, height: t.imageheight }));
  }
  return {
    name: data.name ?? '',
    tileWidth: number(data.tilewidth),
    tileHeight: number(data.tileheight),
    margin: number(data.margin),
    spacing: number(data.spacing),
    columns: data.columns === undefined ? undefined : number(data.columns),
    offsetX: number(data.tileoffset?.x),
    offsetY: number(data.tileoffset?.y),
    image: data.image
      ? imageOf(
          data.image,
          { width: data.imagewidth, height: data.imageheight },
          data.transparentcolor,
        )
      : null,
    tiles,
  };
}

function imageOf(source, size, trans) {
  return {
    source,
    width: number(size.width, undefined),
    height: number(size.height, undefined),
    trans: typeof trans === 'string' && trans ? trans.replace(/^#/, '') : null,
  };
}

/** Parses an external tileset's text (TSX or TSJ) or object. */
function externalTileset(value) {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('<')) return tilesetOf(childNamed(parseXml(text), 'tileset'), true);
    return tilesetOf(JSON.parse(text), false);
  }
  return tilesetOf(value, false);
}

/**
 * The tile and object layers in drawing order, with what changes how they look: { kind ('tiles'
 * or 'objects'), element, visible, opacity, pixelX, pixelY } (the offset in map pixels), a
 * group's opacity and offset applied to the layers inside it.
 */
function layerLooks(root, xml) {
  const out = [];
  const walk = (children, parent) => {
    for (const child of children) {
      const kind = xml ? child.name : child.type;
      const a = xml ? child.attributes : child;
      const look = {
        visible: parent.visible && (xml ? a.visible !== '0' : a.visible !== false),
        opacity: parent.opacity * number(a.opacity, 1),
        pixelX: parent.pixelX + number(a.offsetx),
        pixelY: parent.pixelY + number(a.offsety),
      };
      if (kind === 'group') walk(xml ? child.children : (child.layers ?? []), look);
      else if (kind === 'layer' || kind === 'tilelayer') out.push({ kind: 'tiles', ...look });
      else if (kind === 'objectgroup') out.push({ kind: 'objects', element: child, ...look });
    }
  };
  walk(xml ? root.children : (root.layers ?? []), {
    visible: true,
    opacity: 1,
    pixelX: 0,
    pixelY: 0,
  });
  return out;
}

/**
 * The tile objects of an object layer (its model from js/tiled, and its element or JSON object
 * for what the model leaves out: visibility, draw order), in the order Tiled draws them (by y
 * unless the layer says draworder index): { gid, x, y, width, height, rotation } in map pixels,
 * x, y the bottom-left corner. A template's fields fill what the object leaves out; a gid from a
 * template counts in the template's tileset, found among the map's by file name.
 */
function tileObjects(layer, element, xml, templates, references) {
  const hidden = (xml ? childrenNamed(element, 'object') : (element.objects ?? [])).map((o) =>
    xml ? o.attributes.visible === '0' : o.visible === false,
  );
  const parsed = new Map();
  const out = [];
  layer.objects.forEach((own, k) => {
    if (hidden[k]) return;
    let o = own;
    if (own.template !== undefined) {
      const name = own.template;
      const text = templates?.[name] ?? templates?.[fileName(name)];
      if (text === undefined) return; // not given: not drawn
      if (!parsed.has(name)) parsed.set(name, parseTemplate(text, name));
      const template = parsed.get(name);
      o = { ...template.object };
      for (const f of ['x', 'y', 'width', 'height', 'rotation', 'gid'])
        if (own.own.has(f)) o[f] = own[f];
      const from = template.tilesets[0];
      if (!own.own.has('gid') && o.gid !== undefined) {
        const target =
          from?.source &&
          references.find((ts) => ts.source && fileName(ts.source) === fileName(from.source));
        if (!target) return;
        const raw = o.gid >>> 0;
        o.gid = ((raw & ~GID_MASK) | (target.firstgid + (raw & GID_MASK) - from.firstgid)) >>> 0;
      }
    }
    if (o.gid === undefined) return;
    const { gid, x, y, rotation } = o;
    // A size of 0 (left out): the tile's own size.
    out.push({
      gid: gid >>> 0,
      x,
      y,
      width: o.width || undefined,
      height: o.height || undefined,
      rotation,
    });
  });
  const order = xml ? element.attributes.draworder : element.draworder;
  if (order !== 'index') out.sort((p, q) => p.y - q.y);
  return out;
}

/** Tiled's #rrggbb or #aarrggbb as a CSS colour, or null. */
function cssColour(value) {
  const hex = typeof value === 'string' ? value.replace(/^#/, '') : '';
  if (/^[0-9a-f]{6}$/i.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{8}$/i.test(hex)) return `#${hex.slice(2)}${hex.slice(0, 2)}`;
  return null;
}

/**
 * Reads what a Tiled map needs to be drawn and loads its images.
 * @param {{ name: string, text: string, tilesets: { [source: string]: string | object },
 *   templates?: { [source: string]: string }, baseUrl?: string, images?: Map<string, Blob> }}
 *   file the map as the demo opened it: baseUrl (a fetched map) or images (image files dropped
 *   with it, by file name)
 * @param {{ layers: object[] }} model the map's model (js/tiled/map.js parseMap)
 * @returns {Promise<TileArt>}
 */
export async function loadTileArt(file, model) {
  const text = file.text.trim();
  const xml = text.startsWith('<');
  const root = xml ? childNamed(parseXml(text), 'map') : JSON.parse(text);
  const mapBase = file.baseUrl ? new URL(file.baseUrl) : null;
  const tilesets = [];
  const references = []; // every tileset the map names, for templates' gids: { firstgid, source }
  const entries = xml ? childrenNamed(root, 'tileset') : (root.tilesets ?? []);
  for (const entry of entries) {
    const a = xml ? entry.attributes : entry;
    const firstgid = number(a.firstgid);
    const source = a.source;
    references.push({ firstgid, source });
    if (source === undefined) {
      tilesets.push({ firstgid, base: mapBase, ...tilesetOf(entry, xml) });
      continue;
    }
    const given = file.tilesets[source] ?? file.tilesets[fileName(source)];
    if (given === undefined || given === null) continue; // read without it: nothing to draw
    const base = mapBase ? new URL(source, mapBase) : null;
    tilesets.push({ firstgid, base, ...externalTileset(given) });
  }
  tilesets.sort((p, q) => p.firstgid - q.firstgid);
  // The model's layers of each kind, in the order the walk meets them.
  const models = { tiles: [], objects: [] };
  for (const l of model.layers) {
    if (l.kind === 'tilelayer') models.tiles.push(l);
    else if (l.kind === 'objectgroup') models.objects.push(l);
  }
  const next = { tiles: 0, objects: 0 };
  const layers = [];
  for (const look of layerLooks(root, xml)) {
    const layer = models[look.kind][next[look.kind]++];
    if (!layer || !look.visible || look.opacity <= 0) continue;
    if (look.kind === 'tiles') {
      const read = layerGids(layer);
      if (!read.empty) layers.push({ ...look, ...read });
    } else {
      const objects = tileObjects(layer, look.element, xml, file.templates, references);
      if (objects.length) layers.push({ ...look, element: undefined, objects });
    }
  }
  const art = new TileArt(
    tilesets,
    layers,
    cssColour(xml ? root.attributes.backgroundcolor : root.backgroundcolor),
  );
  await art.loadImages(file.images ?? null);
  return art;
}

// --- images ---------------------------------------------------------------------------------

/** An image from a URL or a dropped file, with Tiled's transparent colour keyed out. */
async function readImage(image, base, dropped) {
  let bitmap;
  if (dropped) {
    const blob = dropped.get(fileName(image.source));
    if (!blob) throw new Error('not among the files opened');
    bitmap = await createImageBitmap(blob);
  } else if (base) {
    const url = new URL(image.source, base);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    bitmap = await createImageBitmap(await response.blob());
  } else {
    throw new Error('no folder to read it from');
  }
  if (!image.trans) return bitmap;
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(bitmap, 0, 0);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const key = parseInt(image.trans, 16);
  const [r, g, b] = [(key >> 16) & 255, (key >> 8) & 255, key & 255];
  const d = pixels.data;
  for (let i = 0; i < d.length; i += 4)
    if (d[i] === r && d[i + 1] === g && d[i + 2] === b) d[i + 3] = 0;
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

export class TileArt {
  constructor(tilesets, layers, background = null) {
    this.tilesets = tilesets;
    this.layers = layers; // tile layers ({ gids, ... }) and object layers ({ objects, ... })
    this.background = background; // the map's background colour, or null
    /** Image files that could not be read: { source, why } */
    this.missing = [];
    this.drawable = 0; // images read
  }

  /** Reads every image the tilesets name, once each. */
  async loadImages(dropped) {
    const jobs = [];
    for (const ts of this.tilesets) {
      for (const image of [ts.image, ...ts.tiles.values()]) {
        if (!image) continue;
        jobs.push(
          readImage(image, ts.base, dropped).then(
            (bitmap) => {
              image.bitmap = bitmap;
              this.drawable++;
            },
            (error) => this.missing.push({ source: image.source, why: error.message }),
          ),
        );
      }
    }
    await Promise.all(jobs);
  }

  /** The image and source rectangle of a GID's tile (flags masked off), or null. */
  tileOf(gid) {
    let ts = null;
    for (const candidate of this.tilesets) {
      if (candidate.firstgid <= gid) ts = candidate;
      else break;
    }
    if (!ts) return null;
    const id = gid - ts.firstgid;
    const own = ts.tiles.get(id);
    if (own) {
      if (!own.bitmap) return null;
      const { width, height } = own.bitmap;
      return { ts, bitmap: own.bitmap, sx: 0, sy: 0, sw: width, sh: height };
    }
    const image = ts.image;
    if (!image?.bitmap || !ts.tileWidth || !ts.tileHeight) return null;
    const width = image.width ?? image.bitmap.width;
    const columns =
      ts.columns ||
      Math.floor((width - 2 * ts.margin + ts.spacing) / (ts.tileWidth + ts.spacing)) ||
      1;
    const sx = ts.margin + (id % columns) * (ts.tileWidth + ts.spacing);
    const sy = ts.margin + Math.floor(id / columns) * (ts.tileHeight + ts.spacing);
    return { ts, bitmap: image.bitmap, sx, sy, sw: ts.tileWidth, sh: ts.tileHeight };
  }

  /**
   * Draws the map's tiles into a canvas.
   * @param {{ centreOf: (x: number, y: number) => { x: number, y: number }, tileWidth: number,
   *   tileHeight: number, hexagonal?: boolean, objectShift?: [number, number] | null,
   *   mapBox?: { x: number, y: number, w: number, h: number } | null }} at
   *   centreOf: the centre in map pixels of map cell (x, y) (Tiled's column and row, before any
   *   grid offset); tileWidth, tileHeight: the map's tile size; hexagonal: its flags turn tiles
   *   instead of flipping across the diagonal; objectShift: added to the map-pixel position of a
   *   tile object (null: tile objects are not drawn); mapBox: where the background colour goes
   * @returns {{ canvas: HTMLCanvasElement, left: number, top: number, scale: number,
   *   drawn: number, undrawn: number, unplaced: number } | null} the canvas covers map pixels
   *   from (left, top), `scale` canvas pixels per map pixel; undrawn: tiles of tile layers with
   *   no image (their cells show through: no background colour then), unplaced: tile objects
   *   with no image; null when nothing could be drawn
   */
  render({
    centreOf,
    tileWidth,
    tileHeight,
    hexagonal = false,
    objectShift = null,
    mapBox = null,
  }) {
    const placed = [];
    let undrawn = 0;
    let unplaced = 0;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    const cover = (x, y) => {
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    };
    for (const layer of this.layers) {
      const list = [];
      if (layer.objects) {
        if (!objectShift) continue;
        for (const o of layer.objects) {
          const tile = this.tileOf(o.gid & GID_MASK);
          if (!tile) {
            unplaced++;
            continue;
          }
          const w = o.width ?? tile.sw;
          const h = o.height ?? tile.sh;
          // Its bottom-left corner, about which it turns; the tile offset scales with it.
          const x = o.x + objectShift[0] + layer.pixelX + (tile.ts.offsetX * w) / tile.sw;
          const y = o.y + objectShift[1] + layer.pixelY + (tile.ts.offsetY * h) / tile.sh;
          const [cos, sin] = [
            Math.cos((o.rotation * Math.PI) / 180),
            Math.sin((o.rotation * Math.PI) / 180),
          ];
          for (const [u, v] of [
            [0, 0],
            [w, 0],
            [0, -h],
            [w, -h],
          ])
            cover(x + u * cos - v * sin, y + u * sin + v * cos);
          list.push({ object: true, tile, raw: o.gid, x, y, w, h, rotation: o.rotation });
        }
        placed.push({ layer, list });
        continue;
      }
      for (let y = 0; y < layer.height; y++) {
        for (let x = 0; x < layer.width; x++) {
          const raw = layer.gids[y * layer.width + x];
          if (raw === 0) continue;
          const tile = this.tileOf(raw & GID_MASK);
          if (!tile) {
            undrawn++;
            continue;
          }
          const c = centreOf(x + layer.offsetX, y + layer.offsetY);
          const turn = hexagonal
            ? (raw & FLIPPED_DIAGONALLY ? 60 : 0) + (raw & ROTATED_HEXAGONAL_120 ? 120 : 0)
            : 0;
          const diagonal = !hexagonal && (raw & FLIPPED_DIAGONALLY) !== 0;
          const w = diagonal ? tile.sh : tile.sw;
          const h = diagonal ? tile.sw : tile.sh;
          // Bottom-left of the cell's box, as Tiled anchors a tile image.
          const left = c.x - tileWidth / 2 + tile.ts.offsetX + layer.pixelX;
          const bottom = c.y + tileHeight / 2 + tile.ts.offsetY + layer.pixelY;
          list.push({ tile, raw, turn, diagonal, cx: c.x, cy: c.y, left, top: bottom - h, w, h });
          // A turned image reaches as far as its corners do from its centre.
          const reach = turn ? Math.hypot(w, h) / 2 : 0;
          cover(Math.min(left, left + w / 2 - reach), Math.min(bottom - h, bottom - h / 2 - reach));
          cover(Math.max(left + w, left + w / 2 + reach), Math.max(bottom, bottom - h / 2 + reach));
        }
      }
      // Painter's order: rows down the screen, left to right (Tiled's order on every shape).
      list.sort((p, q) => p.cy - q.cy || p.cx - q.cx);
      placed.push({ layer, list });
    }
    const drawn = placed.reduce((n, p) => n + p.list.length, 0);
    if (!drawn) return null;
    const background = this.background && mapBox && !undrawn;
    if (background) {
      cover(mapBox.x, mapBox.y);
      cover(mapBox.x + mapBox.w, mapBox.y + mapBox.h);
    }
    // Whole map pixels from a whole corner: an image at a whole position is copied, not resampled.
    [x0, y0, x1, y1] = [Math.floor(x0), Math.floor(y0), Math.ceil(x1), Math.ceil(y1)];
    const scale = Math.min(1, MAX_SIDE / Math.max(x1 - x0, y1 - y0));
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil((x1 - x0) * scale);
    canvas.height = Math.ceil((y1 - y0) * scale);
    const ctx = canvas.getContext('2d');
    if (background) {
      ctx.fillStyle = this.background;
      ctx.fillRect(
        (mapBox.x - x0) * scale,
        (mapBox.y - y0) * scale,
        mapBox.w * scale,
        mapBox.h * scale,
      );
    }
    for (const { layer, list } of placed) {
      ctx.globalAlpha = layer.opacity;
      for (const p of list) {
        const { tile, raw } = p;
        ctx.imageSmoothingEnabled = scale < 1 || !!p.object; // objects may be scaled to any size
        if (p.object) {
          // Turned clockwise about its bottom-left corner, flipped inside its box.
          ctx.setTransform(scale, 0, 0, scale, (p.x - x0) * scale, (p.y - y0) * scale);
          ctx.rotate((p.rotation * Math.PI) / 180);
          ctx.translate(0, -p.h);
          if (raw & FLIPPED_HORIZONTALLY) ctx.transform(-1, 0, 0, 1, p.w, 0);
          if (raw & FLIPPED_VERTICALLY) ctx.transform(1, 0, 0, -1, 0, p.h);
          ctx.drawImage(tile.bitmap, tile.sx, tile.sy, tile.sw, tile.sh, 0, 0, p.w, p.h);
          continue;
        }
        if (p.turn) {
          // Hexagonal: flipped in the image, then turned clockwise about its centre.
          const cx = p.left + p.w / 2 - x0;
          const cy = p.top + p.h / 2 - y0;
          ctx.setTransform(scale, 0, 0, scale, cx * scale, cy * scale);
          ctx.rotate((p.turn * Math.PI) / 180);
          ctx.scale(raw & FLIPPED_HORIZONTALLY ? -1 : 1, raw & FLIPPED_VERTICALLY ? -1 : 1);
          ctx.translate(-p.w / 2, -p.h / 2);
        } else {
          // Tiled's order: the diagonal flip first, then the horizontal and vertical ones.
          ctx.setTransform(scale, 0, 0, scale, (p.left - x0) * scale, (p.top - y0) * scale);
          if (raw & FLIPPED_HORIZONTALLY) ctx.transform(-1, 0, 0, 1, p.w, 0);
          if (raw & FLIPPED_VERTICALLY) ctx.transform(1, 0, 0, -1, 0, p.h);
          if (p.diagonal) ctx.transform(0, 1, 1, 0, 0, 0);
        }
        ctx.drawImage(tile.bitmap, tile.sx, tile.sy, tile.sw, tile.sh, 0, 0, tile.sw, tile.sh);
      }
    }
    return { canvas, left: x0, top: y0, scale, drawn, undrawn, unplaced };
  }
}
