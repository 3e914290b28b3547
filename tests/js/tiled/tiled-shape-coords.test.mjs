// tileSpace on staggered and hexagonal maps: cells are placed where Tiled draws them and a world
// point goes to the tile whose diamond or hexagon holds it. The expected positions come from
// Tiled's hexagonal renderer, re-derived here in its own terms (a staggered map is drawn by it
// with hexagon sides of length 0).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tileSpace, tileSpaceForLayer, readTiledLayer } from '../../../js/tiled.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');

/** Tiled's render parameters and its tile polygon (hexagonalrenderer.cpp), in map pixels. */
function tiledTile(map, x, y) {
  const staggerX = map.staggerAxis === 'x';
  const staggerEven = map.staggerIndex === 'even' ? 1 : 0;
  const side = map.orientation === 'hexagonal' ? map.hexSideLength : 0;
  const sideLengthX = staggerX ? side : 0;
  const sideLengthY = staggerX ? 0 : side;
  const sideOffsetX = Math.trunc((map.tileWidth - sideLengthX) / 2);
  const sideOffsetY = Math.trunc((map.tileHeight - sideLengthY) / 2);
  const columnWidth = sideOffsetX + sideLengthX;
  const rowHeight = sideOffsetY + sideLengthY;
  const tileWidth = columnWidth + sideOffsetX;
  const tileHeight = rowHeight + sideOffsetY;
  let left;
  let top;
  if (staggerX) {
    top = y * (tileHeight + sideLengthY) + (((x & 1) ^ staggerEven) === 1 ? rowHeight : 0);
    left = x * columnWidth;
  } else {
    left = x * (tileWidth + sideLengthX) + (((y & 1) ^ staggerEven) === 1 ? columnWidth : 0);
    top = y * rowHeight;
  }
  const corners = [
    [0, rowHeight],
    [0, sideOffsetY],
    [sideOffsetX, 0],
    [columnWidth, 0],
    [tileWidth, sideOffsetY],
    [tileWidth, rowHeight],
    [columnWidth, tileHeight],
    [sideOffsetX, tileHeight],
  ].map(([dx, dy]) => ({ x: left + dx, y: top + dy }));
  return { centre: { x: left + tileWidth / 2, y: top + tileHeight / 2 }, corners };
}

/** 'inside', 'edge' or 'outside' a convex polygon (corners in order; repeats allowed). */
function placeIn(corners, p) {
  let sign = 0;
  let onEdge = false;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i];
    const b = corners[(i + 1) % corners.length];
    if (a.x === b.x && a.y === b.y) continue;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) onEdge = true;
    else if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return 'outside';
  }
  return onEdge ? 'edge' : 'inside';
}

const SHAPES = [];
for (const staggerAxis of ['x', 'y']) {
  for (const staggerIndex of ['odd', 'even']) {
    const staggered = { orientation: 'staggered', staggerAxis, staggerIndex };
    SHAPES.push({ ...staggered, tileWidth: 64, tileHeight: 32 });
    SHAPES.push({ ...staggered, tileWidth: 33, tileHeight: 17 });
    SHAPES.push({
      orientation: 'hexagonal',
      staggerAxis,
      staggerIndex,
      hexSideLength: 16,
      tileWidth: staggerAxis === 'x' ? 64 : 56,
      tileHeight: staggerAxis === 'x' ? 56 : 64,
    });
    // An odd remainder after the flat side: Tiled rounds the slanted part down.
    SHAPES.push({
      orientation: 'hexagonal',
      staggerAxis,
      staggerIndex,
      hexSideLength: 7,
      tileWidth: 30,
      tileHeight: 30,
    });
  }
}
const named = (s) =>
  `${s.orientation} ${s.staggerAxis}/${s.staggerIndex} ${s.tileWidth}x${s.tileHeight}` +
  (s.hexSideLength === undefined ? '' : ` side ${s.hexSideLength}`);

describe('tileSpace: staggered and hexagonal maps', () => {
  for (const shape of SHAPES) {
    const space = tileSpace({ ...shape, width: 7, height: 6 });

    test(`${named(shape)}: every cell is at the centre of the tile Tiled draws, and back`, () => {
      for (let y = 0; y < 6; y++) {
        for (let x = 0; x < 7; x++) {
          const at = space.cellToWorld(x, y);
          assert.deepEqual(at, tiledTile(shape, x, y).centre, `cell ${x},${y}`);
          assert.deepEqual(space.worldToCell(at.x, at.y), { x, y }, `cell ${x},${y}`);
        }
      }
      const path = [0, 0, 1, 0, 1, 1, 2, 1];
      assert.deepEqual(
        space.pathToWorld(path),
        [0, 2, 4, 6].map((i) => tiledTile(shape, path[i], path[i + 1]).centre),
      );
    });

    test(`${named(shape)}: points near a tile's edges and corners stay in it`, () => {
      for (let y = -1; y < 7; y++) {
        for (let x = -1; x < 8; x++) {
          const { centre, corners } = tiledTile(shape, x, y);
          for (let i = 0; i < corners.length; i++) {
            const a = corners[i];
            const b = corners[(i + 1) % corners.length];
            for (const p of [a, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }]) {
              // 1% of the way in from a corner or an edge's middle is still this tile...
              const toward = (f) => ({
                x: p.x + (centre.x - p.x) * f,
                y: p.y + (centre.y - p.y) * f,
              });
              const inside = toward(0.01);
              assert.deepEqual(space.worldToCell(inside.x, inside.y), { x, y }, `${x},${y} ${i}`);
              // ...and 1% out from an edge's middle is the neighbour across it.
              if (a.x === b.x && a.y === b.y) continue;
              const outside = toward(-0.01);
              assert.notDeepEqual(space.worldToCell(outside.x, outside.y), { x, y });
            }
          }
        }
      }
    });

    test(`${named(shape)}: any point goes to the tile whose shape holds it`, () => {
      let seed = 7;
      const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 500 - 50;
      for (let i = 0; i < 3000; i++) {
        const p = { x: random(), y: random() };
        const cell = space.worldToCell(p.x, p.y);
        const { corners } = tiledTile(shape, cell.x, cell.y);
        assert.notEqual(placeIn(corners, p), 'outside', `${p.x},${p.y} -> ${cell.x},${cell.y}`);
      }
    });
  }

  test('y up and an origin move the map as for the other shapes', () => {
    const shape = SHAPES[2];
    const flat = tileSpace({ ...shape, width: 4, height: 4 });
    const up = tileSpace({ ...shape, width: 4, height: 4, yUp: true, originX: -50, originY: 70 });
    const a = flat.cellToWorld(3, 2);
    assert.deepEqual(up.cellToWorld(3, 2), { x: a.x - 50, y: 70 - a.y });
    assert.deepEqual(up.worldToCell(a.x - 50, 70 - a.y), { x: 3, y: 2 });
  });

  test('bad shapes and fractional cells are named', () => {
    const base = { orientation: 'hexagonal', tileWidth: 32, tileHeight: 32, width: 2, height: 2 };
    assert.throws(
      () => tileSpace({ ...base, staggerAxis: 'z' }),
      /staggerAxis must be 'x' or 'y', got "z"/,
    );
    assert.throws(
      () => tileSpace({ ...base, staggerIndex: 1 }),
      /staggerIndex must be 'odd' or 'even', got 1/,
    );
    // Values JSON.stringify printed as "undefined" (a symbol, a function) or threw on (a BigInt).
    for (const [field, value, shown] of [
      ['staggerAxis', 1n, '1n'],
      ['staggerIndex', () => 'odd', 'a function'],
      ['orientation', Symbol('hex'), 'Symbol(hex)'],
    ]) {
      assert.throws(() => tileSpace({ ...base, [field]: value }), {
        name: 'RangeError',
        message: new RegExp(`^${field} must be .*, got ${shown.replace(/[()]/g, '\\$&')}$`),
      });
    }
    assert.throws(
      () => tileSpace({ ...base, hexSideLength: 40 }),
      /hexSideLength must be a whole number of pixels from 0 to the tile's height \(32\), got 40/,
    );
    assert.throws(
      () => tileSpace({ ...base, tileWidth: 32.5 }),
      /tileWidth and tileHeight of hexagonal maps must be whole pixels/,
    );
    assert.throws(
      () => tileSpace({ ...base, orientation: 'staggered', tileHeight: 1 }),
      /tiles of 32 x 1 pixels are too small for a staggered map/,
    );
    assert.throws(
      () => tileSpace(base).cellToWorld(0.5, 1),
      /cells of hexagonal maps are whole tiles, got \(0.5, 1\)/,
    );
  });
});

describe('tileSpaceForLayer: staggered and hexagonal layers', () => {
  test("a hex map's cropped grid is drawn where the map's own tiles are", () => {
    const text = readFileSync(join(fixtures, 'infinite-hexagonal-csv.tmx'), 'utf8');
    const layer = readTiledLayer(text, { layer: 'Ground' });
    const space = tileSpaceForLayer(layer);
    assert.deepEqual(
      [space.staggerAxis, space.staggerIndex, space.hexSideLength],
      ['y', 'even', 8],
    );
    // The map itself: odd rows shifted, tiles counted from map tile (0, 0).
    const map = {
      orientation: 'hexagonal',
      staggerAxis: 'y',
      staggerIndex: 'odd',
      hexSideLength: 8,
      tileWidth: 14,
      tileHeight: 16,
    };
    for (let y = 0; y < layer.height; y++) {
      for (let x = 0; x < layer.width; x++) {
        const expected = tiledTile(map, x + layer.offsetX, y + layer.offsetY).centre;
        const at = space.cellToWorld(x, y);
        assert.deepEqual(at, expected, `cell ${x},${y}`);
        assert.deepEqual(space.worldToCell(at.x, at.y), { x, y });
      }
    }
  });

  for (const [file, map] of [
    [
      'staggered-x-even-zlib.tmj',
      { orientation: 'staggered', staggerAxis: 'x', staggerIndex: 'even' },
    ],
    [
      'hexagonal-x-odd-gzip.tmx',
      { orientation: 'hexagonal', staggerAxis: 'x', staggerIndex: 'odd', hexSideLength: 6 },
    ],
  ]) {
    test(`${file}: the layer's shape and tile size are used`, () => {
      const text = readFileSync(join(fixtures, file), 'utf8');
      const layer = readTiledLayer(text, { layer: 'Ground' });
      const space = tileSpaceForLayer(layer);
      const shape = { ...map, tileWidth: layer.tileWidth, tileHeight: layer.tileHeight };
      assert.deepEqual(space.cellToWorld(5, 3), tiledTile(shape, 5, 3).centre);
      assert.deepEqual(space.cellToWorld(2, 4), tiledTile(shape, 2, 4).centre);
    });
  }
});
