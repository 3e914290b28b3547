// The demo's hexagonal and staggered layout (demo/shape-draw.js): tile centres where Tiled's
// renderer puts them (its formulas written out here again), picking that finds the tile under
// every point of it, outlines that tile the plane, and generated maps of each shape.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ShapeLayout, generatedShape, isShaped } from '../../../demo/shape-draw.js';
import { generateMap, GENERATORS } from '../../../demo/maps.js';

const SHAPES = [];
for (const orientation of ['hexagonal', 'staggered'])
  for (const axis of ['x', 'y'])
    for (const index of ['odd', 'even']) SHAPES.push(generatedShape(orientation, axis, index));
// Tiled's sizes from its own examples as well: a small pointy hexagon, and wide flat ones.
SHAPES.push(
  {
    orientation: 'hexagonal',
    staggerAxis: 'y',
    staggerIndex: 'odd',
    tileWidth: 14,
    tileHeight: 12,
    hexSideLength: 6,
  },
  {
    orientation: 'hexagonal',
    staggerAxis: 'x',
    staggerIndex: 'even',
    tileWidth: 60,
    tileHeight: 60,
    hexSideLength: 30,
  },
  {
    orientation: 'staggered',
    staggerAxis: 'x',
    staggerIndex: 'odd',
    tileWidth: 64,
    tileHeight: 32,
  },
);

const name = (s) =>
  `${s.orientation} ${s.staggerAxis} ${s.staggerIndex} ${s.tileWidth}x${s.tileHeight}` +
  (s.hexSideLength ? `/${s.hexSideLength}` : '');

/** Centre of tile (x, y) in map pixels, from Tiled's hexagonal renderer (even sizes only). */
function tiledCentre(s, x, y) {
  const side = s.orientation === 'hexagonal' ? s.hexSideLength : 0;
  const shiftedParity = s.staggerIndex === 'odd' ? 1 : 0;
  if (s.staggerAxis === 'y') {
    const rowHeight = (s.tileHeight - side) / 2 + side;
    const shift = (y & 1) === shiftedParity ? s.tileWidth / 2 : 0;
    return { x: x * s.tileWidth + shift + s.tileWidth / 2, y: y * rowHeight + s.tileHeight / 2 };
  }
  const columnWidth = (s.tileWidth - side) / 2 + side;
  const shift = (x & 1) === shiftedParity ? s.tileHeight / 2 : 0;
  return { x: x * columnWidth + s.tileWidth / 2, y: y * s.tileHeight + shift + s.tileHeight / 2 };
}

describe('demo: hexagonal and staggered layout', () => {
  for (const shape of SHAPES) {
    const map = { width: 9, height: 8, shape };
    const layout = new ShapeLayout(map);

    test(`${name(shape)}: centres where Tiled draws them`, () => {
      for (let y = 0; y < map.height; y++) {
        for (let x = 0; x < map.width; x++) {
          const c = layout.centre(x, y);
          const t = tiledCentre(shape, x, y);
          assert.ok(Math.abs(c.x * layout.unit - t.x) < 1e-9, `x of (${x}, ${y})`);
          assert.ok(Math.abs(c.y * layout.unit - t.y) < 1e-9, `y of (${x}, ${y})`);
        }
      }
    });

    test(`${name(shape)}: a point inside a tile's outline picks that tile`, () => {
      const c = layout.corners;
      for (let y = 0; y < map.height; y++) {
        for (let x = 0; x < map.width; x++) {
          const centre = layout.centre(x, y);
          // The centre, and points 90% of the way to each corner and each edge's middle.
          const points = [[0, 0]];
          for (let k = 0; k < c.length; k += 2) {
            const n = (k + 2) % c.length;
            points.push([c[k] * 0.9, c[k + 1] * 0.9]);
            points.push([((c[k] + c[n]) / 2) * 0.9, ((c[k + 1] + c[n + 1]) / 2) * 0.9]);
          }
          for (const [dx, dy] of points) {
            const cell = layout.cellAt(centre.x + dx, centre.y + dy);
            assert.deepEqual({ ...cell }, { x, y }, `(${x}, ${y}) at offset ${dx}, ${dy}`);
          }
        }
      }
    });

    test(`${name(shape)}: outlines tile the plane (neighbours share their corners)`, () => {
      const corner = (x, y, k) => {
        const p = layout.centre(x, y);
        return `${Math.round((p.x + layout.corners[k]) * layout.unit * 8)},${Math.round((p.y + layout.corners[k + 1]) * layout.unit * 8)}`;
      };
      // Each corner inside the map is shared by three tiles (hexagons) or four (diamonds),
      // counting the degenerate corners of diamonds twice.
      const uses = new Map();
      for (let y = 0; y < map.height; y++)
        for (let x = 0; x < map.width; x++)
          for (let k = 0; k < layout.corners.length; k += 2) {
            const key = corner(x, y, k);
            uses.set(key, (uses.get(key) ?? 0) + 1);
          }
      const inner = corner(4, 4, 0);
      assert.ok(uses.get(inner) >= 3, `corner ${inner} is used ${uses.get(inner)} times`);
      // And the whole map lies inside its extent.
      for (let y = 0; y < map.height; y++)
        for (let x = 0; x < map.width; x++) {
          const p = layout.centre(x, y);
          assert.ok(p.x > 0 && p.y > 0 && p.x < layout.extentX && p.y < layout.extentY);
        }
    });
  }

  test('small tiles drawn pixel by pixel: the pixel at each tile centre has its colour', () => {
    for (const shape of SHAPES) {
      const map = { width: 9, height: 8, shape };
      const layout = new ShapeLayout(map);
      const scale = 4; // pixels per unit: tiles of 3 to 4 pixels
      const width = Math.ceil(layout.extentX * scale);
      const height = Math.ceil(layout.extentY * scale);
      const pixels = new Uint32Array(width * height);
      const ctx = {
        createImageData: (w, h) => ({ width: w, data: new Uint8ClampedArray(w * h * 4) }),
        putImageData(image, x0, y0) {
          const words = new Uint32Array(image.data.buffer);
          for (let i = 0; i < words.length; i++) {
            const x = x0 + (i % image.width);
            const y = y0 + Math.floor(i / image.width);
            pixels[y * width + x] = words[i];
          }
        },
      };
      // Every tile its own opaque word.
      const words = Uint32Array.from({ length: 72 }, (_, i) => (0xff000000 | (i + 1)) >>> 0);
      assert.equal(
        layout.raster(ctx, words, 0, 0, width, height, scale),
        pixels.filter(Boolean).length,
      );
      for (let y = 0; y < map.height; y++) {
        for (let x = 0; x < map.width; x++) {
          const t = tiledCentre(shape, x, y);
          const px = Math.floor((t.x / layout.unit) * scale);
          const py = Math.floor((t.y / layout.unit) * scale);
          assert.equal(pixels[py * width + px], words[y * 9 + x], `${name(shape)} (${x}, ${y})`);
        }
      }
    }
  });

  test('generated maps of each shape: seeded, with walls and cost terrain, as many cells', () => {
    for (const shape of SHAPES.slice(0, 8)) {
      for (const kind of Object.keys(GENERATORS)) {
        const a = generateMap(kind, 64, 3, shape);
        assert.ok(isShaped(a), name(shape));
        assert.equal(a.width * a.height, 64 * 64, `${kind} ${name(shape)}`);
        assert.deepEqual(generateMap(kind, 64, 3, shape).cells, a.cells);
        const classes = new Set(a.cells);
        assert.ok(classes.has(1), `${kind} ${name(shape)} has walls`);
        if (kind === 'terrain') {
          for (const cls of [0, 2, 3, 4, 5]) assert.ok(classes.has(cls), `terrain class ${cls}`);
        }
      }
    }
    assert.equal(isShaped(generateMap('maze', 64, 3)), false);
  });
});
