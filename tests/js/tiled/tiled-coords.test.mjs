import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tileSpace, tileSpaceForLayer, readTiledLayer } from '../../../js/tiled.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');

const everyCell = (space, fn) => {
  for (let y = 0; y < space.height; y++) for (let x = 0; x < space.width; x++) fn(x, y);
};

describe('tileSpace: orthogonal', () => {
  test('cell centres in Tiled pixels (y down, origin at the top-left corner)', () => {
    const space = tileSpace({ tileWidth: 32, tileHeight: 16, width: 10, height: 5 });
    assert.deepEqual(space.cellToWorld(0, 0), { x: 16, y: 8 });
    assert.deepEqual(space.cellToWorld(3, 2), { x: 112, y: 40 });
    assert.deepEqual(space.worldToCell(112, 40), { x: 3, y: 2 });
    assert.deepEqual(space.worldToCell(95.9, 47.9), { x: 2, y: 2 });
    assert.deepEqual(space.worldToCell(-0.1, 0), { x: -1, y: 0 });
    assert.equal(space.contains(-1, 0), false);
    assert.equal(space.contains(9, 4), true);
    assert.equal(space.contains(10, 4), false);
  });

  test('y up (Cocos node space) flips y around the origin, the map top-left corner', () => {
    // A 10x5 map of 32x16 tiles centred on its node (anchor 0.5, 0.5): the top-left corner sits at
    // (-160, +40) in node space.
    const space = tileSpace({
      tileWidth: 32,
      tileHeight: 16,
      width: 10,
      height: 5,
      yUp: true,
      originX: -160,
      originY: 40,
    });
    assert.deepEqual(space.cellToWorld(0, 0), { x: -144, y: 32 });
    assert.deepEqual(space.cellToWorld(9, 4), { x: 144, y: -32 });
    assert.deepEqual(space.worldToCell(-144, 32), { x: 0, y: 0 });
    assert.deepEqual(space.worldToCell(0.1, -0.1), { x: 5, y: 2 });
    everyCell(space, (x, y) => {
      const p = space.cellToWorld(x, y);
      assert.deepEqual(space.worldToCell(p.x, p.y), { x, y });
    });
  });

  test('pathToWorld turns x, y pairs into points', () => {
    const space = tileSpace({
      tileWidth: 10,
      tileHeight: 10,
      width: 4,
      height: 4,
      originX: 100,
      originY: 200,
    });
    assert.deepEqual(space.pathToWorld(Int32Array.of(0, 0, 1, 0, 1, 1)), [
      { x: 105, y: 205 },
      { x: 115, y: 205 },
      { x: 115, y: 215 },
    ]);
    assert.throws(() => space.pathToWorld([1, 2, 3]), /x, y pairs/);
  });
});

describe('tileSpace: isometric', () => {
  test("cell centres match Tiled's isometric layout", () => {
    // Tiled draws tile (x, y) with its top corner at ((x - y) * tw/2 + height * tw/2, (x + y) * th/2).
    const space = tileSpace({
      orientation: 'isometric',
      tileWidth: 64,
      tileHeight: 32,
      width: 4,
      height: 3,
    });
    assert.deepEqual(space.cellToWorld(0, 0), { x: 96, y: 16 });
    assert.deepEqual(space.cellToWorld(3, 0), { x: 192, y: 64 });
    assert.deepEqual(space.cellToWorld(0, 2), { x: 32, y: 48 });
    assert.deepEqual(space.cellToWorld(3, 2), { x: 128, y: 96 });
  });

  test('every point inside a tile diamond maps back to that tile, y down and y up', () => {
    for (const yUp of [false, true]) {
      const space = tileSpace({
        orientation: 'isometric',
        tileWidth: 64,
        tileHeight: 32,
        width: 5,
        height: 3,
        yUp,
        originX: 7,
        originY: -3,
      });
      everyCell(space, (x, y) => {
        const c = space.cellToWorld(x, y);
        const s = yUp ? -1 : 1;
        // Points just inside the four corners of the diamond.
        for (const [dx, dy] of [
          [0, -15.5],
          [0, 15.5],
          [-31, 0],
          [31, 0],
          [0, 0],
        ]) {
          assert.deepEqual(
            space.worldToCell(c.x + dx, c.y + s * dy),
            { x, y },
            `${x},${y} ${dx},${dy} yUp=${yUp}`,
          );
        }
        // Just past the right corner is the next tile in x - y.
        assert.deepEqual(space.worldToCell(c.x + 32.5, c.y), { x: x + 1, y: y - 1 });
      });
    }
  });
});

describe('tileSpaceForLayer', () => {
  test('uses the map orientation and tile size; infinite maps keep their offset', () => {
    const layer = readTiledLayer(readFileSync(join(fixtures, 'infinite-csv.tmj'), 'utf8'), {
      layer: 'Ground',
    });
    const space = tileSpaceForLayer(layer);
    assert.equal(space.tileWidth, 16);
    // Cell 0, 0 of the grid is map tile (-4, -4): its centre is at Tiled pixel (-56, -56).
    assert.deepEqual(space.cellToWorld(0, 0), { x: -56, y: -56 });
    assert.deepEqual(space.worldToCell(8, 8), { x: 4, y: 4 });
    const up = tileSpaceForLayer(layer, { yUp: true, originY: 100 });
    assert.deepEqual(up.cellToWorld(4, 4), { x: 8, y: 92 });
  });
});

describe('tileSpace: bad options', () => {
  test('are named', () => {
    assert.throws(
      () => tileSpace({ tileWidth: 0, tileHeight: 16, width: 1, height: 1 }),
      /tileWidth must be a positive number, got 0/,
    );
    assert.throws(
      () => tileSpace({ orientation: 'hexagon', tileWidth: 1, tileHeight: 1, width: 1, height: 1 }),
      /orientation must be one of orthogonal, isometric, staggered, hexagonal, got "hexagon"/,
    );
    assert.throws(
      () => tileSpace({ tileWidth: 1, tileHeight: 1, width: -1, height: 1 }),
      /width must be a non-negative integer/,
    );
    const space = tileSpace({ tileWidth: 1, tileHeight: 1, width: 1, height: 1 });
    assert.throws(() => space.cellToWorld(NaN, 0), /cell x must be a finite number, got NaN/);
    // yUp from a config file or a URL: the string "false" was taken as true (y flipped).
    for (const yUp of ['false', 0, 1, null]) {
      assert.throws(() => tileSpace({ tileWidth: 1, tileHeight: 1, width: 1, height: 1, yUp }), {
        name: 'TypeError',
        message: `yUp must be true or false, got ${yUp === 'false' ? '"false"' : String(yUp)}`,
      });
    }
    // A string is shown as one: "5", not 5, which would look like a valid number.
    assert.throws(() => space.worldToCell('5', 0), {
      name: 'TypeError',
      message: 'world x must be a finite number, got "5"',
    });
    assert.throws(() => tileSpace({ width: 2, height: 2, tileWidth: '32', tileHeight: 32 }), {
      name: 'TypeError',
      message: 'tileWidth must be a positive number, got "32"',
    });
    assert.throws(() => space.worldToCell(0, undefined), /world y must be a finite number/);
  });
});
