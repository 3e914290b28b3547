// Tiled maps drawn with their tile images, in real Chromium: Tiled's own examples (orthogonal with
// an external tileset, margin and spacing; two layers with a transparent colour and an opacity;
// isometric and staggered (infinite) with a tile offset; hexagonal with rows and with columns
// shifted and tiles turned; sticker-knight's tile objects from templates), and a map written
// here with every flip of a tile, opened as files with its tileset and image, as .tmx and .tmj.
// The pixels on the demo's canvas are compared with a picture this test paints itself, pixel by
// pixel, from the images and Tiled's placement rules (its renderers' formulas, written here, not
// the demo's). Also: the tiles / classes switch, a wall painted over the tiles, and missing
// images (all of them, or some) named on screen. Screenshots land in test-results/screenshots/.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launch } from './harness.mjs';
import { repoRoot } from '../../js/tools/serve.mjs';
import { parseMap } from '../../js/tiled/map.js';
import { layerGids } from '../../js/tiled/layers.js';

const REAL = join(repoRoot, 'tests/fixtures/tiled/real');
const BACKGROUND = [0x15, 0x19, 0x22]; // the canvas behind the map (view.js)

const attr = (text, element, name) =>
  new RegExp(`<${element}\\b[^>]*\\b${name}="([^"]*)"`).exec(text)?.[1];

/**
 * What this test needs to paint a map: its shape, its tile layers' GIDs and opacities, and its one
 * tileset's image and grid, read from the files with plain patterns.
 */
function describeMap(file, tilesetFile = null) {
  const text = readFileSync(join(REAL, file), 'utf8');
  const tileset = tilesetFile ? readFileSync(join(REAL, tilesetFile), 'utf8') : text;
  const num = (t, e, n, d = 0) => Number(attr(t, e, n) ?? d);
  const layers = parseMap(text)
    .layers.filter((l) => l.kind === 'tilelayer')
    .map((l) => {
      const opacity = new RegExp(`<layer\\b[^>]*name="${l.name}"[^>]*opacity="([^"]*)"`).exec(text);
      const { gids, width, height, offsetX, offsetY } = layerGids(l);
      return {
        gids: Array.from(gids),
        width,
        height,
        offsetX,
        offsetY,
        opacity: opacity ? Number(opacity[1]) : 1,
      };
    });
  return {
    orientation: attr(text, 'map', 'orientation'),
    width: num(text, 'map', 'width'),
    height: num(text, 'map', 'height'),
    tileWidth: num(text, 'map', 'tilewidth'),
    tileHeight: num(text, 'map', 'tileheight'),
    hexSide: num(text, 'map', 'hexsidelength'),
    staggerAxis: attr(text, 'map', 'staggeraxis'),
    staggerIndex: attr(text, 'map', 'staggerindex'),
    layers,
    set: {
      image: attr(tileset, 'image', 'source'),
      trans: attr(tileset, 'image', 'trans') ?? null,
      tileWidth: num(tileset, 'tileset', 'tilewidth'),
      tileHeight: num(tileset, 'tileset', 'tileheight'),
      margin: num(tileset, 'tileset', 'margin'),
      spacing: num(tileset, 'tileset', 'spacing'),
      offsetX: num(tileset, 'tileoffset', 'x'),
      offsetY: num(tileset, 'tileoffset', 'y'),
    },
  };
}

/**
 * What this test needs to paint a map of tile objects (sticker-knight's sandbox.tmx): its object
 * layers (visible ones, with their opacity; objects in Tiled's draw order, by y), each object's
 * fields with its template's filling what it leaves out, its tiles' own images and the map's
 * background colour. Read from the files with plain patterns.
 */
function describeObjectMap(file, tilesetFile) {
  const folder = join(REAL, dirname(file));
  const text = readFileSync(join(REAL, file), 'utf8');
  const fields = (attrs) =>
    Object.fromEntries([...attrs.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
  const templates = new Map();
  const objectLayers = [];
  for (const [, attrs, body] of text.matchAll(/<objectgroup\b([^>]*)>([\s\S]*?)<\/objectgroup>/g)) {
    const layer = fields(attrs);
    if (layer.visible === '0') continue;
    const objects = [];
    for (const [, own] of body.matchAll(/<object\b([^>]*?)\/?>/g)) {
      let o = fields(own);
      if (o.template) {
        if (!templates.has(o.template)) {
          const tx = readFileSync(join(folder, o.template), 'utf8');
          templates.set(o.template, fields(/<object\b([^>]*?)\/?>/.exec(tx)[1]));
        }
        o = { ...templates.get(o.template), ...o }; // both tilesets start at 1 in this map
      }
      if (o.gid === undefined || o.visible === '0') continue;
      objects.push({
        gid: Number(o.gid),
        x: Number(o.x),
        y: Number(o.y),
        width: o.width === undefined ? undefined : Number(o.width),
        height: o.height === undefined ? undefined : Number(o.height),
        rotation: Number(o.rotation ?? 0),
      });
    }
    if (layer.draworder !== 'index') objects.sort((p, q) => p.y - q.y);
    if (objects.length) objectLayers.push({ opacity: Number(layer.opacity ?? 1), objects });
  }
  const tsx = readFileSync(join(folder, tilesetFile), 'utf8');
  const tileImages = {};
  for (const [, id, source] of tsx.matchAll(/<tile id="(\d+)">\s*<image [^>]*source="([^"]+)"/g))
    tileImages[id] = { url: `/tests/fixtures/tiled/real/${dirname(file)}/${source}` };
  const colour = /backgroundcolor="#(\w{6})"/.exec(text)[1];
  return {
    orientation: 'orthogonal',
    width: Number(attr(text, 'map', 'width')),
    height: Number(attr(text, 'map', 'height')),
    tileWidth: Number(attr(text, 'map', 'tilewidth')),
    tileHeight: Number(attr(text, 'map', 'tileheight')),
    layers: [],
    objectLayers,
    tileImages,
    backgroundColour: [0, 2, 4].map((k) => parseInt(colour.slice(k, k + 2), 16)),
    set: { margin: 0, spacing: 0, tileWidth: 1, tileHeight: 1, offsetX: 0, offsetY: 0 },
  };
}

/**
 * Runs in the page: paints the map as Tiled places tiles, pixel by pixel, and compares it with the
 * demo's canvas at sample points. Returns { samples, bad, examples }.
 */
async function comparePainted({ map, imageUrl, mapRect, scale, avoid, background }) {
  const FLIP_H = 0x80000000;
  const FLIP_V = 0x40000000;
  const FLIP_D = 0x20000000;
  const { set } = map;
  const pixelsOf = async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const scratch = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    scratch.drawImage(bitmap, 0, 0);
    return scratch.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  // The tileset's one image (a map of objects has none: each of its tiles has its own).
  const src = imageUrl ? await pixelsOf(imageUrl) : { width: 0, data: [] };
  const image = { width: src.width };
  if (set.trans) {
    const key = parseInt(set.trans, 16);
    for (let i = 0; i < src.data.length; i += 4) {
      const rgb = (src.data[i] << 16) | (src.data[i + 1] << 8) | src.data[i + 2];
      if (rgb === key) src.data[i + 3] = 0;
    }
  }
  const columns = Math.floor(
    (image.width - 2 * set.margin + set.spacing) / (set.tileWidth + set.spacing),
  );
  const { tileWidth: tw, tileHeight: th } = map;
  // The top-left corner of map cell (x, y)'s box in map pixels, as Tiled's renderers place it.
  const boxOf = (x, y) => {
    if (map.orientation === 'orthogonal') return [x * tw, y * th];
    if (map.orientation === 'isometric') return [(x - y) * (tw / 2), (x + y) * (th / 2)];
    // Staggered and hexagonal: every other row (axis y) or column (axis x) shifted by half.
    const side = map.orientation === 'hexagonal' ? map.hexSide : 0;
    const parity = map.staggerIndex === 'odd' ? 1 : 0;
    if (map.staggerAxis === 'x') {
      const columnWidth = Math.floor((tw - side) / 2) + side;
      return [x * columnWidth, y * th + ((x & 1) === parity ? Math.floor(th / 2) : 0)];
    }
    const rowHeight = Math.floor((th - side) / 2) + side;
    return [x * tw + ((y & 1) === parity ? Math.floor(tw / 2) : 0), y * rowHeight];
  };
  // The grid is the layers' cells together; map pixel 0, 0 is the top-left of their boxes.
  // (A map of objects only: its own width and height.)
  const grid = map.layers.length
    ? map.layers
    : [{ offsetX: 0, offsetY: 0, width: map.width, height: map.height }];
  const [gx0, gy0] = [0, 1].map((k) => Math.min(...grid.map((l) => (k ? l.offsetY : l.offsetX))));
  const [gx1, gy1] = [0, 1].map((k) =>
    Math.max(...grid.map((l) => (k ? l.offsetY + l.height : l.offsetX + l.width))),
  );
  let [minX, minY, W, H] = [Infinity, Infinity, 0, 0];
  for (let y = gy0; y < gy1; y++)
    for (let x = gx0; x < gx1; x++) {
      const [bx, by] = boxOf(x, y);
      [minX, minY] = [Math.min(minX, bx), Math.min(minY, by)];
      [W, H] = [Math.max(W, bx + tw + 64), Math.max(H, by + th + 64)];
    }
  [W, H] = [W - minX, H - minY];
  // Map pixels from (0, 0); tiles reaching above or left of it (tall tiles, offsets) are cut.
  const out = new Float64Array(W * H * 3);
  for (let i = 0; i < W * H; i++) out.set(background, i * 3);
  // The outline of turned tiles: there the canvas blends the image's edge with what is under it.
  const blended = new Uint8Array(W * H);
  const hexagonal = map.orientation === 'hexagonal';
  for (const layer of map.layers) {
    // Tiled's drawing order: rows down the screen (for diamonds, x + y), left to right.
    const order = [];
    for (let y = 0; y < layer.height; y++) for (let x = 0; x < layer.width; x++) order.push([x, y]);
    if (map.orientation === 'isometric')
      order.sort((p, q) => p[0] + p[1] - (q[0] + q[1]) || p[0] - q[0]);
    for (const [x, y] of order) {
      const raw = layer.gids[y * layer.width + x] >>> 0;
      if (!raw) continue;
      const id = (raw & 0x0fffffff) - 1;
      const sx = set.margin + (id % columns) * (set.tileWidth + set.spacing);
      const sy = set.margin + Math.floor(id / columns) * (set.tileHeight + set.spacing);
      const [fh, fv] = [(raw & FLIP_H) !== 0, (raw & FLIP_V) !== 0];
      // Hexagonal maps: the diagonal flag turns the tile 60 degrees clockwise, 0x10000000 120.
      const turn = hexagonal ? (raw & FLIP_D ? 60 : 0) + (raw & 0x10000000 ? 120 : 0) : 0;
      const d = !hexagonal && (raw & FLIP_D) !== 0;
      const w = d ? set.tileHeight : set.tileWidth;
      const h = d ? set.tileWidth : set.tileHeight;
      const [bx, by] = boxOf(layer.offsetX + x, layer.offsetY + y);
      const left = bx - minX + set.offsetX;
      const top = by - minY + th - h + set.offsetY; // bottom-left anchored at the box's bottom
      // Which source pixel lands on pixel (u, v) of the tile's box.
      let sourceOf;
      if (turn) {
        const [cos, sin] = [Math.cos((turn * Math.PI) / 180), Math.sin((turn * Math.PI) / 180)];
        sourceOf = (u, v) => {
          const [dx, dy] = [u + 0.5 - w / 2, v + 0.5 - h / 2];
          const [ru, rv] = [dx * cos + dy * sin, -dx * sin + dy * cos]; // turned back
          const pu = Math.floor((fh ? -ru : ru) + w / 2);
          const pv = Math.floor((fv ? -rv : rv) + h / 2);
          return pu >= 0 && pv >= 0 && pu < w && pv < h ? [pu, pv] : null;
        };
      } else {
        // Undo the flips in the reverse of Tiled's order: vertical, horizontal, diagonal.
        sourceOf = (u, v) => {
          const uu = fh ? w - 1 - u : u;
          const vv = fv ? h - 1 - v : v;
          return d ? [vv, uu] : [uu, vv];
        };
      }
      const reach = turn ? Math.ceil(Math.hypot(w, h) / 2 - Math.min(w, h) / 2) : 0;
      for (let v = -reach; v < h + reach; v++) {
        for (let u = -reach; u < w + reach; u++) {
          const X = left + u;
          const Y = top + v;
          if (X < 0 || Y < 0 || X >= W || Y >= H) continue;
          const p = sourceOf(u, v);
          if (turn && [-1, 1].some((k) => !sourceOf(u + k, v) || !sourceOf(u, v + k)))
            blended[Y * W + X] = 1;
          if (!p) continue;
          const s = ((sy + p[1]) * image.width + sx + p[0]) * 4;
          const a = (src.data[s + 3] / 255) * layer.opacity;
          if (!a) continue;
          const o = (Y * W + X) * 3;
          for (let c = 0; c < 3; c++) out[o + c] = out[o + c] * (1 - a) + src.data[s + c] * a;
        }
      }
    }
  }
  // The background colour over the map's rectangle, then tile objects: each image scaled to its
  // object's box, whose bottom-left corner is (x, y), turned clockwise about that corner and
  // flipped inside the box. Where the canvas scales or turns an image, or places it between
  // pixels, it resamples it (smoothed), which this picture does not: those objects' pixels are
  // left out of the comparison.
  if (map.backgroundColour) {
    for (let Y = -minY; Y < map.height * th - minY; Y++)
      for (let X = -minX; X < map.width * tw - minX; X++)
        out.set(map.backgroundColour, (Y * W + X) * 3);
  }
  const images = new Map();
  for (const layer of map.objectLayers ?? []) {
    for (const o of layer.objects) {
      const id = (o.gid & 0x0fffffff) - 1;
      const own = map.tileImages[id];
      if (!images.has(id)) images.set(id, await pixelsOf(own.url));
      const img = images.get(id);
      const [w, h] = [o.width ?? img.width, o.height ?? img.height];
      const whole = Number.isInteger(o.x) && Number.isInteger(o.y);
      const exact = whole && w === img.width && h === img.height && o.rotation % 90 === 0;
      const [cos, sin] = [
        Math.cos((o.rotation * Math.PI) / 180),
        Math.sin((o.rotation * Math.PI) / 180),
      ];
      const corners = [
        [0, 0],
        [w, 0],
        [0, -h],
        [w, -h],
      ].map(([u, v]) => [o.x + u * cos - v * sin, o.y + u * sin + v * cos]);
      const [bx0, by0] = [0, 1].map((k) => Math.floor(Math.min(...corners.map((c) => c[k]))) - 1);
      const [bx1, by1] = [0, 1].map((k) => Math.ceil(Math.max(...corners.map((c) => c[k]))) + 1);
      for (let Y = by0 - minY; Y < by1 - minY; Y++) {
        for (let X = bx0 - minX; X < bx1 - minX; X++) {
          if (X < 0 || Y < 0 || X >= W || Y >= H) continue;
          const [dx, dy] = [X + minX + 0.5 - o.x, Y + minY + 0.5 - o.y];
          let a = dx * cos + dy * sin; // turned back: the object's own axes
          let b = -dx * sin + dy * cos + h;
          const inside = a >= 0 && b >= 0 && a < w && b < h;
          const edge = a > -1.5 && b > -1.5 && a < w + 1.5 && b < h + 1.5;
          if (edge && (!exact || !inside || a < 1 || b < 1 || a > w - 1 || b > h - 1))
            blended[Y * W + X] = 1;
          if (!inside) continue;
          if (o.gid & FLIP_H) a = w - a;
          if (o.gid & FLIP_V) b = h - b;
          const s =
            (Math.floor((b * img.height) / h) * img.width + Math.floor((a * img.width) / w)) * 4;
          const alpha = (img.data[s + 3] / 255) * layer.opacity;
          if (!alpha) continue;
          const at = (Y * W + X) * 3;
          for (let c = 0; c < 3; c++)
            out[at + c] = out[at + c] * (1 - alpha) + img.data[s + c] * alpha;
        }
      }
    }
  }
  const canvas = document.getElementById('map');
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const screen = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const near = (px, py) =>
    avoid.some(([ax, ay, bx, by, r]) => {
      const [dx, dy] = [bx - ax, by - ay];
      const t = Math.max(
        0,
        Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)),
      );
      return Math.hypot(px - ax - t * dx, py - ay - t * dy) < r;
    });
  let samples = 0;
  let bad = 0;
  const examples = [];
  for (let py = 2; py < canvas.height - 2; py += 5) {
    for (let px = 2; px < canvas.width - 2; px += 5) {
      const cx = (px + 0.5) / dpr;
      const cy = (py + 0.5) / dpr;
      const mx = (cx + rect.left - mapRect.x) / scale;
      const my = (cy + rect.top - mapRect.y) / scale;
      const X = Math.floor(mx);
      const Y = Math.floor(my);
      if (X < 1 || Y < 1 || X >= W - 1 || Y >= H - 1) continue;
      if (near(cx + rect.left, cy + rect.top)) continue;
      if (blended[Y * W + X]) continue;
      // Grid lines are drawn over square cells when zoomed in: stay off the cells' edges.
      if (map.orientation === 'orthogonal') {
        const fx = (mx / tw) % 1;
        const fy = (my / th) % 1;
        const edge = 2 / (scale * Math.min(tw, th));
        if (fx < edge || fx > 1 - edge || fy < edge || fy > 1 - edge) continue;
      }
      // The screen's pixel against this picture's pixel there and its eight neighbours (a
      // sample that lands on a pixel's edge may show the one beside it).
      samples++;
      const s = (py * canvas.width + px) * 4;
      const at = (Y * W + X) * 3;
      let diff = Infinity;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const o = ((Y + dy) * W + X + dx) * 3;
          const d = Math.max(...[0, 1, 2].map((c) => Math.abs(screen[s + c] - out[o + c])));
          diff = Math.min(diff, d);
        }
      if (diff > 10) {
        bad++;
        if (examples.length < 5)
          examples.push({
            px,
            py,
            X,
            Y,
            screen: [screen[s], screen[s + 1], screen[s + 2]],
            painted: [0, 1, 2].map((c) => Math.round(out[at + c])),
          });
      }
    }
  }
  return { samples, bad, examples };
}

let session;
let page;

before(async () => {
  session = await launch();
  page = await session.newPage('/demo/');
  // Large enough for a whole map at one screen pixel per map pixel: every tile is compared.
  await page.setViewportSize({ width: 2400, height: 1600 });
  await page.evaluate(() => window.tilepathDemo.ready);
  await page.uncheck('#opt-heat'); // the expanded cells' colours would lie over the tiles
});

after(async () => {
  await session?.close();
});

/** Opens a map from the menu and waits until it is on screen with its tiles read. */
async function openFromMenu(value, name) {
  await page.selectOption('#map-select', value);
  await page.waitForFunction((n) => window.tilepathDemo.map?.name === n, name);
  await page.evaluate(() => window.tilepathDemo.settled());
}

/** Zooms in with the + button until a map pixel is at least one screen pixel. */
async function zoomToPixels(pixelsPerUnit) {
  for (let i = 0; i < 12; i++) {
    const zoom = await page.evaluate(() => window.tilepathDemo.zoom);
    if (zoom >= pixelsPerUnit) break;
    await page.click('#zoom-in');
  }
}

/** The demo's canvas against this test's picture of `map`. */
async function compareWith(map, imageUrl) {
  const info = await page.evaluate(() => {
    const d = window.tilepathDemo;
    const last = d.last;
    const points = [];
    const path = last?.path ?? [];
    for (let i = 0; i < path.length; i += 2) points.push(d.cellToClient(path[i], path[i + 1]));
    const { start, goal } = d.route;
    const markers = [start, goal].filter(Boolean).map((c) => d.markerDisk(c.x, c.y));
    return { mapRect: d.mapRect(), zoom: d.zoom, tileScale: d.tileScale, points, markers };
  });
  const avoid = [];
  for (let i = 0; i + 1 < info.points.length; i++) {
    const [a, b] = [info.points[i], info.points[i + 1]];
    avoid.push([a.x, a.y, b.x, b.y, 10]);
  }
  for (const m of info.markers) avoid.push([m.x, m.y, m.x, m.y, m.r + 4]);
  const scale = map.orientation === 'orthogonal' ? info.zoom / map.tileWidth : info.tileScale;
  return page.evaluate(comparePainted, {
    map,
    imageUrl,
    mapRect: info.mapRect,
    scale,
    avoid,
    background: BACKGROUND,
  });
}

/** Enough pixels compared, and at most 1 in 2,000 unlike this test's picture. */
function samePicture(result) {
  assert.ok(result.samples > 1500, `${result.samples} pixels compared`);
  assert.ok(
    result.bad <= result.samples * 0.0005,
    `${result.bad} of ${result.samples} pixels differ: ${JSON.stringify(result.examples)}`,
  );
}

describe("Tiled's example maps are drawn with their tile images, where Tiled draws them", () => {
  const cases = [
    ['desert.tmx', 'desert.tsx', 'orthogonal, external tileset with margin and spacing'],
    ['sewers.tmx', null, 'two layers, a transparent colour, a layer at 49% opacity'],
    ['isometric_grass_and_water.tmx', null, 'isometric diamonds, tiles taller than cells'],
    ['hexagonal-mini.tmx', null, 'hexagons, odd rows shifted, a tile offset'],
    [
      'isometric_staggered_grass_and_water.tmx',
      null,
      'staggered diamonds, odd rows shifted, an infinite map of chunks',
    ],
    [
      'test_hexagonal_tile_60x60x30.tmx',
      null,
      'hexagons, odd columns shifted, tiles turned by 60 and 120 degrees and flipped',
    ],
  ];
  for (const [file, tileset, what] of cases) {
    test(`${file}: ${what}`, async () => {
      const map = describeMap(file, tileset);
      await openFromMenu(`tiled-real:${file}`, file);
      const art = await page.evaluate(() => window.tilepathDemo.tileArt);
      assert.ok(art?.shown, 'the tiles are shown');
      const tiles = map.layers.reduce((n, l) => n + l.gids.filter(Boolean).length, 0);
      assert.equal(art.drawn, tiles, 'every tile of every layer drawn');
      assert.equal(art.undrawn, 0);
      assert.match(await page.textContent('#tile-art-info'), /Tiles drawn with their images/);
      // A map pixel at least a screen pixel: the picture is the images' own pixels.
      const unit =
        map.orientation === 'orthogonal' ? map.tileWidth : Math.max(map.tileWidth, map.tileHeight);
      await zoomToPixels(unit);
      const result = await compareWith(map, `/tests/fixtures/tiled/real/${map.set.image}`);
      await session.screenshot(page, `tile-art-${file.replace(/\W/g, '-')}`);
      samePicture(result);
      await page.click('#zoom-fit');
    });
  }
});

test("sticker-knight's sandbox.tmx: tile objects from templates, turned, flipped and scaled, over the background colour", async () => {
  const map = describeObjectMap('sticker-knight/map/sandbox.tmx', 'objs.tsx');
  await openFromMenu('tiled-real:sticker-knight/map/sandbox.tmx', 'sandbox.tmx');
  const art = await page.evaluate(() => window.tilepathDemo.tileArt);
  const objects = map.objectLayers.reduce((n, l) => n + l.objects.length, 0);
  assert.ok(objects > 100, `${objects} tile objects`);
  assert.equal(art?.drawn, objects, 'every visible tile object drawn');
  await zoomToPixels(map.tileWidth);
  const result = await compareWith(map, null);
  await session.screenshot(page, 'tile-art-sticker-knight');
  samePicture(result);
  await page.click('#zoom-fit');
});

test('sandbox.tmx opened as files with its templates and some of its images: the rest named and not drawn', async () => {
  const folder = join(REAL, 'sticker-knight/map');
  const images = readdirSync(folder)
    .filter((f) => f.endsWith('.png'))
    .sort();
  const kept = images.filter((f) => f !== 'cloud.png' && f !== 'hero.png');
  const file = (name, path = name) => ({
    name,
    mimeType: name.endsWith('.png') ? 'image/png' : 'application/xml',
    buffer: readFileSync(join(folder, path)),
  });
  await page.setInputFiles('#map-file', [
    file('sandbox.tmx'),
    file('objs.tsx'),
    ...['block', 'diamond', 'hero'].map((t) => file(`${t}.tx`, `templates/${t}.tx`)),
    ...kept.map((f) => file(f)),
  ]);
  // The menu's sandbox.tmx (the test before) has the same name: wait for this one's note.
  await page.waitForFunction(() =>
    document.getElementById('tile-art-info').textContent.includes('not among the files opened'),
  );
  const art = await page.evaluate(() => window.tilepathDemo.tileArt);
  const map = describeObjectMap('sticker-knight/map/sandbox.tmx', 'objs.tsx');
  const uses = (source) =>
    map.objectLayers
      .flatMap((l) => l.objects)
      .filter((o) => map.tileImages[(o.gid & 0x0fffffff) - 1].url.endsWith(`/${source}`)).length;
  const missing = uses('cloud.png') + uses('hero.png');
  assert.ok(missing >= 2, `${missing} objects show the two images left out`);
  assert.equal(art.unplaced, missing, 'the objects whose image is missing are not drawn');
  assert.equal(
    art.drawn + art.unplaced,
    map.objectLayers.reduce((n, l) => n + l.objects.length, 0),
  );
  const note = await page.textContent('#tile-art-info');
  assert.ok(note.includes(`No image for ${missing} tile objects (not drawn)`), note);
  assert.match(note, /cloud\.png: not among the files opened/);
  assert.match(note, /hero\.png: not among the files opened/);
  await session.screenshot(page, 'tile-art-some-images-missing');
});

describe('a map opened as files with its tileset and image', () => {
  // Every combination of Tiled's three flip flags, on tiles of desert.tsx that are not symmetric.
  const FLIPS = [
    0, 0x80000000, 0x40000000, 0x20000000, 0xa0000000, 0x60000000, 0xc0000000, 0xe0000000,
  ];
  const width = 8;
  const height = 6;
  const gids = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) gids.push(((x < 4 ? 1 : 9) + (y % 3)) | FLIPS[(x + y * 3) % 8]);
  const tmx =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<map version="1.10" orientation="orthogonal" renderorder="right-down" width="${width}" height="${height}" tilewidth="32" tileheight="32" infinite="0">\n` +
    ' <tileset firstgid="1" source="desert.tsx"/>\n' +
    ` <layer id="1" name="Ground" width="${width}" height="${height}">\n` +
    `  <data encoding="csv">${gids.map((g) => g >>> 0).join(',')}</data>\n` +
    ' </layer>\n</map>\n';
  const files = (withImage) => [
    { name: 'flips.tmx', mimeType: 'application/xml', buffer: Buffer.from(tmx) },
    {
      name: 'desert.tsx',
      mimeType: 'application/xml',
      buffer: readFileSync(join(REAL, 'desert.tsx')),
    },
    ...(withImage
      ? [
          {
            name: 'tmw_desert_spacing.png',
            mimeType: 'image/png',
            buffer: readFileSync(join(REAL, 'tmw_desert_spacing.png')),
          },
        ]
      : []),
  ];

  /** The canvas against this test's picture of the flips map, one map pixel a screen pixel. */
  const compareFlips = async () => {
    const map = {
      ...describeMap('desert.tmx', 'desert.tsx'),
      width,
      height,
      layers: [{ gids, width, height, offsetX: 0, offsetY: 0, opacity: 1 }],
    };
    await zoomToPixels(32);
    return compareWith(map, '/tests/fixtures/tiled/real/tmw_desert_spacing.png');
  };

  test('every flip of a tile is drawn as Tiled draws it; the switch shows the classes', async () => {
    await page.setInputFiles('#map-file', files(true));
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'flips.tmx');
    await page.evaluate(() => window.tilepathDemo.settled());
    const art = await page.evaluate(() => window.tilepathDemo.tileArt);
    assert.equal(art?.drawn, width * height);
    const result = await compareFlips();
    await session.screenshot(page, 'tile-art-flips');
    samePicture(result);

    // Classes: the tiles give way to the class colours, and come back.
    await page.selectOption('#map-draw', 'classes');
    assert.equal((await page.evaluate(() => window.tilepathDemo.tileArt)).shown, false);
    await page.waitForTimeout(100); // a frame
    const classes = await compareFlips();
    assert.ok(
      classes.bad > classes.samples * 0.3,
      `the class colours are not the tiles: ${classes.bad} of ${classes.samples} differ`,
    );
    await page.selectOption('#map-draw', 'tiles');
    assert.equal((await page.evaluate(() => window.tilepathDemo.tileArt)).shown, true);

    // A wall painted over the tiles shows in the wall's colour (terrain.js), on that cell only.
    await page.click('[data-tool="paint:1"]');
    const at = await page.evaluate(() => window.tilepathDemo.cellToClient(3, 2));
    await page.mouse.click(at.x, at.y);
    await page.click('[data-tool="route"]');
    await page.waitForTimeout(100); // a frame
    const colourAt = (x, y) =>
      page.evaluate(
        ([px, py]) => {
          const canvas = document.getElementById('map');
          const rect = canvas.getBoundingClientRect();
          const dpr = window.devicePixelRatio || 1;
          const ctx = canvas.getContext('2d');
          const d = ctx.getImageData((px - rect.left) * dpr, (py - rect.top) * dpr, 1, 1).data;
          return [d[0], d[1], d[2]];
        },
        [x, y],
      );
    assert.deepEqual(await colourAt(at.x + 5, at.y + 5), [0x2a, 0x2f, 0x3b]);
    const beside = await page.evaluate(() => window.tilepathDemo.cellToClient(4, 2));
    assert.notDeepEqual(await colourAt(beside.x + 5, beside.y + 5), [0x2a, 0x2f, 0x3b]);
  });

  test('the same map as .tmj with its tileset inline in JSON is drawn the same', async () => {
    // Tiled's JSON: the tileset's image, margin and spacing as desert.tsx gives them.
    const tsx = readFileSync(join(REAL, 'desert.tsx'), 'utf8');
    const number = (name) => Number(attr(tsx, 'tileset', name));
    const tmj = {
      type: 'map',
      orientation: 'orthogonal',
      tilewidth: 32,
      tileheight: 32,
      width,
      height,
      tilesets: [
        {
          firstgid: 1,
          name: 'Desert',
          tilewidth: number('tilewidth'),
          tileheight: number('tileheight'),
          spacing: number('spacing'),
          margin: number('margin'),
          tilecount: number('tilecount'),
          columns: number('columns'),
          image: attr(tsx, 'image', 'source'),
          imagewidth: Number(attr(tsx, 'image', 'width')),
          imageheight: Number(attr(tsx, 'image', 'height')),
        },
      ],
      layers: [
        {
          type: 'tilelayer',
          name: 'Ground',
          width,
          height,
          opacity: 1,
          visible: true,
          x: 0,
          y: 0,
          data: gids.map((g) => g >>> 0),
        },
      ],
    };
    await page.setInputFiles('#map-file', [
      { name: 'flips.tmj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tmj)) },
      files(true)[2],
    ]);
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'flips.tmj');
    await page.evaluate(() => window.tilepathDemo.settled());
    assert.equal((await page.evaluate(() => window.tilepathDemo.tileArt))?.drawn, width * height);
    samePicture(await compareFlips());
  });

  test('without its image the map is drawn in class colours, and the page says which is missing', async () => {
    await page.setInputFiles('#map-file', files(false));
    await page.waitForFunction(
      () => window.tilepathDemo.map?.name === 'flips.tmx' && window.tilepathDemo.tileArt === null,
    );
    const note = await page.textContent('#tile-art-info');
    assert.match(note, /tmw_desert_spacing\.png/);
    assert.match(note, /drawn with class colours/);
    assert.equal(await page.isDisabled('#map-draw'), true);
    await session.screenshot(page, 'tile-art-missing-image');
    assert.deepEqual(session.errorsOf(page), []);
  });
});
