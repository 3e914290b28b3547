// The Laya adapter against plain objects that follow Laya.TiledMap / Laya.MapLayer of LayaAir 3.2
// (layabox/LayaAir src/layaAir/laya/map/TiledMap.ts, MapLayer.ts): layers built from the Tiled
// JSON's `data` array as Laya does, getTileData returning the raw GID (flip bits included, 0
// outside the map), getScreenPositionByTilePos with Laya's own formulas.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  readLayaLayer,
  bindLayaLayer,
  layaTileSpace,
  readArray2D,
  bindArray2D,
} from '../../../js/laya.js';
import { readTiledLayer } from '../../../js/tiled.js';
import { recordingGrid } from '../support/recording-grid.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');

class FakeMapLayer {
  constructor(layerData, map) {
    this._map = map;
    this._mapData = layerData.data;
    this.layerName = layerData.name;
    this._tileWidthHalf = map.tileWidth / 2;
    this._tileHeightHalf = map.tileHeight / 2;
  }
  getTileData(tileX, tileY) {
    if (
      tileY >= 0 &&
      tileY < this._map.numRowsTile &&
      tileX >= 0 &&
      tileX < this._map.numColumnsTile
    ) {
      const index = tileY * this._map.numColumnsTile + tileX;
      if (this._mapData != null && index < this._mapData.length) return this._mapData[index];
    }
    return 0;
  }
  getScreenPositionByTilePos(tileX, tileY, screenPos) {
    const map = this._map;
    if (map.orientation === 'isometric') {
      screenPos.x = map.width / 2 - (tileY - tileX) * this._tileWidthHalf;
      screenPos.y = (tileY + tileX) * this._tileHeightHalf;
    } else {
      screenPos.x = tileX * map.tileWidth;
      screenPos.y = tileY * map.tileHeight;
    }
    screenPos.x = (screenPos.x + map.viewPortX) * map.scale;
    screenPos.y = (screenPos.y + map.viewPortY) * map.scale;
  }
}

/** What Laya.TiledMap exposes once createMap's completeHandler has run, for a Tiled JSON. */
class FakeTiledMap {
  constructor(json) {
    this._mapW = json.width;
    this._mapH = json.height;
    this._mapTileW = json.tilewidth;
    this._mapTileH = json.tileheight;
    this._orientation = json.orientation;
    this._width = this._mapTileW * this._mapW;
    this._height = this._mapTileH * this._mapH;
    this.viewPortX = 0;
    this.viewPortY = 0;
    this.scale = 1;
    const flat = [];
    // Laya builds only visible layers (TiledMap.ts: `if (tLayerData.visible)`).
    const walk = (layers) =>
      layers.forEach((l) =>
        l.type === 'group'
          ? walk(l.layers)
          : l.type === 'tilelayer' && l.visible !== false && flat.push(l),
      );
    walk(json.layers);
    this._layerArray = flat.map((l) => new FakeMapLayer(l, this));
  }
  get tileWidth() {
    return this._mapTileW;
  }
  get tileHeight() {
    return this._mapTileH;
  }
  get width() {
    return this._width;
  }
  get height() {
    return this._height;
  }
  get numColumnsTile() {
    return this._mapW;
  }
  get numRowsTile() {
    return this._mapH;
  }
  get orientation() {
    return this._orientation;
  }
  getLayerByName(layerName) {
    return this._layerArray.find((l) => l.layerName === layerName) ?? null;
  }
  getLayerByIndex(index) {
    return index < this._layerArray.length ? this._layerArray[index] : null;
  }
}

// Laya reads `data` as an array: the CSV-in-JSON format. That is the fixture map-csv.tmj.
const json = JSON.parse(readFileSync(join(fixtures, 'map-csv.tmj'), 'utf8'));

describe('readLayaLayer', () => {
  test('gives the cells readTiledLayer gives for the same JSON, flip flags masked', () => {
    const map = new FakeTiledMap(json);
    for (const layer of ['Ground', 'Walls']) {
      const fromLaya = readLayaLayer(map, { layer, json });
      const fromJson = readTiledLayer(json, { layer });
      assert.deepEqual(fromLaya.cells, fromJson.cells, layer);
      assert.deepEqual(fromLaya.costs, fromJson.costs, layer);
    }
  });

  test('without the JSON there are no tile properties: empty = 0, any tile = 1', () => {
    const layer = readLayaLayer(new FakeTiledMap(json), { layer: 'Walls' });
    assert.deepEqual(
      [...layer.cells],
      [...readTiledLayer(json, { layer: 'Walls', classOf: (gid) => (gid === 0 ? 0 : 1) }).cells],
    );
  });

  test("tiles: 'floor' reads a ground layer as readTiledLayer does", () => {
    const map = new FakeTiledMap(json);
    const fromLaya = readLayaLayer(map, { layer: 'Walls', json, tiles: 'floor' });
    const fromJson = readTiledLayer(json, { layer: 'Walls', tiles: 'floor' });
    assert.deepEqual(fromLaya.cells, fromJson.cells);
    assert.equal(fromLaya.cells[0], 1, 'an empty cell is void');
  });

  test('external tilesets are Tiled JSON, as Laya loads them; TSX text says so', () => {
    const external = {
      ...json,
      tilesets: [{ firstgid: 1, source: 'terrain.tsx' }, json.tilesets[1]],
    };
    const tsx = readFileSync(join(fixtures, 'terrain.tsx'), 'utf8');
    assert.throws(
      () =>
        readLayaLayer(new FakeTiledMap(external), {
          layer: 'Ground',
          json: external,
          tilesets: { 'terrain.tsx': tsx },
        }),
      /^TypeError: options.tilesets\["terrain.tsx"\] is TSX \(XML\): a Tiled JSON map takes JSON tilesets \(.tsj\)$/,
    );
    const tsj = { ...json.tilesets[0] };
    delete tsj.firstgid;
    const grid = readLayaLayer(new FakeTiledMap(external), {
      layer: 'Ground',
      json: external,
      tilesets: { 'terrain.tsx': tsj },
    });
    assert.deepEqual(grid.cells, readTiledLayer(json, { layer: 'Ground' }).cells);
  });

  test('a missing layer and an unloaded map are reported', () => {
    assert.throws(
      () => readLayaLayer(new FakeTiledMap(json), { layer: 'Nope' }),
      /no layer named "Nope" \(layers: "Ground", "Walls"\)/,
    );
    const hidden = structuredClone(json);
    hidden.layers.find((l) => l.name === 'Level').layers[0].visible = false; // Level/Walls
    assert.throws(() => readLayaLayer(new FakeTiledMap(hidden), { layer: 'Walls', json: hidden }), {
      name: 'RangeError',
      message:
        'the TiledMap has no layer named "Walls" (layers: "Ground"): the map has a layer ' +
        '"Level/Walls", hidden in Tiled, and LayaAir builds only visible layers: make it visible ' +
        '(at opacity 0 if it must not show), or read it from the JSON with readTiledMap(json, ' +
        '{ layers }), which reads hidden layers too',
    });
    assert.throws(
      () => bindLayaLayer(new FakeTiledMap(hidden), recordingGrid(8, 6), { layer: 'Walls' }),
      /^RangeError: the TiledMap has no layer named "Walls" \(layers: "Ground"\): LayaAir builds only visible layers; if it is hidden in Tiled, make it visible or pass the map's JSON as options.json to check$/,
    );
    const unloaded = new FakeTiledMap(json);
    unloaded._mapW = undefined;
    assert.throws(() => readLayaLayer(unloaded, { layer: 'Walls' }), /completeHandler/);
  });
});

describe('bindLayaLayer', () => {
  test('initialises the target, then sends only cells whose class changed', () => {
    const copy = structuredClone(json);
    const map = new FakeTiledMap(copy);
    const grid = recordingGrid(8, 6);
    const binding = bindLayaLayer(map, grid, { layer: 'Walls', json: copy });
    const walls = grid.calls.filter((c) => c[0] === 'set').map((c) => [c[1], c[2]]);
    assert.deepEqual(walls, [
      [4, 1],
      [2, 2],
      [4, 2],
      [4, 3],
    ]);
    grid.calls.length = 0;
    const data = map.getLayerByName('Walls')._mapData;
    data[0] = 2; // the game places a wall in its data
    data[1] = 3; // and a swamp tile (cost 3), a class the grid has not seen yet
    data[4 + 8] = 0; // and removes one
    binding.resync();
    assert.deepEqual(grid.calls, [
      ['set', 0, 0, 1],
      ['setCost', 2, 3],
      ['set', 1, 0, 2],
      ['set', 4, 1, 0],
    ]);
    grid.calls.length = 0;
    data[2] = (2 | 0x80000000) >>> 0;
    binding.refresh(2, 0);
    binding.refresh(3, 0);
    assert.deepEqual(grid.calls, [['set', 2, 0, 1]]);
    assert.throws(() => binding.refresh(8, 0), {
      name: 'RangeError',
      message: 'x must be from 0 to 7, got 8',
    });
  });
});

describe('layaTileSpace', () => {
  for (const orientation of ['orthogonal', 'isometric']) {
    test(`${orientation}: cell centres are where Laya puts tile centres`, () => {
      const map = new FakeTiledMap({ ...json, orientation, width: 5, height: 5, layers: [] });
      const space = layaTileSpace(map);
      const layer = new FakeMapLayer({ name: 'x', data: [] }, map);
      for (let y = 0; y < 5; y++) {
        for (let x = 0; x < 5; x++) {
          const p = { x: 0, y: 0 };
          // Laya's fractional tile position of the centre: +0.5 each way.
          layer.getScreenPositionByTilePos(x + 0.5, y + 0.5, p);
          assert.deepEqual(space.cellToWorld(x, y), p, `${x},${y}`);
          assert.deepEqual(space.worldToCell(p.x, p.y), { x, y });
        }
      }
    });
  }

  test("a non-square isometric map follows Laya's layout (centred on columns)", () => {
    const map = new FakeTiledMap({
      ...json,
      orientation: 'isometric',
      width: 6,
      height: 3,
      layers: [],
    });
    const layer = new FakeMapLayer({ name: 'x', data: [] }, map);
    const p = { x: 0, y: 0 };
    layer.getScreenPositionByTilePos(2.5, 1.5, p);
    assert.deepEqual(layaTileSpace(map).cellToWorld(2, 1), p);
  });
});

describe('2D arrays', () => {
  const drawn = ['..#.', '.##.', '....'];
  const rows = () => drawn.map((r) => [...r].map((ch) => (ch === '#' ? 1 : 0)));

  test('array[y][x] of classes reads as is', () => {
    const grid = readArray2D(rows());
    assert.equal(grid.width, 4);
    assert.equal(grid.height, 3);
    assert.deepEqual([...grid.cells], [0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  });

  test('array[x][y] (columns) gives the same grid', () => {
    const columns = [0, 1, 2, 3].map((x) => rows().map((row) => row[x]));
    assert.deepEqual(readArray2D(columns, { order: 'columns' }).cells, readArray2D(rows()).cells);
  });

  test('classOf maps other values (true = walkable here)', () => {
    const walkable = drawn.map((r) => [...r].map((ch) => ch === '.'));
    assert.deepEqual(
      readArray2D(walkable, { classOf: (v) => (v ? 0 : 1) }).cells,
      readArray2D(rows()).cells,
    );
    assert.throws(() => readArray2D(walkable), /booleans needs a classOf/);
  });

  test('bad arrays and bad values are named', () => {
    assert.throws(() => readArray2D([[0, 0], [0]]), /row 1 has 1 entries, row 0 has 2/);
    assert.throws(() => readArray2D([[0, 300]]), /cell 1, 0: value 300 gives class 300/);
    assert.throws(() => readArray2D([]), /non-empty array of arrays/);
    // The value as it is: NaN is not "null", the string "1" is not the class 1.
    assert.throws(() => readArray2D([[0, NaN]]), {
      name: 'TypeError',
      message: 'cell 1, 0: value NaN gives class NaN; a class is an integer 0..255',
    });
    assert.throws(() => readArray2D([[0], ['1']]), {
      name: 'TypeError',
      message: 'cell 0, 1: value "1" gives class "1"; a class is an integer 0..255',
    });
    const loop = {};
    loop.self = loop;
    assert.throws(() => readArray2D([[loop]]), {
      name: 'TypeError',
      message: 'cell 0, 0: value an object gives class an object; a class is an integer 0..255',
    });
    assert.throws(() => readArray2D([[0]], { order: 'diagonal' }), /order must be 'rows'/);
    // Named in plain words: JSON.stringify threw its own TypeError on a BigInt.
    assert.throws(() => readArray2D([[0]], { order: 2n }), {
      name: 'RangeError',
      message: "order must be 'rows' (array[y][x]) or 'columns' (array[x][y]), got 2n",
    });
  });

  test('bindArray2D writes the array and the grid together', () => {
    const data = rows();
    const grid = recordingGrid(4, 3);
    const bound = bindArray2D(data, grid);
    assert.deepEqual(grid.calls, [
      ['set', 2, 0, 1],
      ['set', 1, 1, 1],
      ['set', 2, 1, 1],
    ]);
    grid.calls.length = 0;
    bound.set(3, 2, 1);
    assert.equal(data[2][3], 1);
    assert.deepEqual(grid.calls, [['set', 3, 2, 1]]);
    bound.set(3, 2, 1); // unchanged: nothing sent
    data[0][0] = 1; // changed behind its back
    bound.resync();
    assert.deepEqual(grid.calls, [
      ['set', 3, 2, 1],
      ['set', 0, 0, 1],
    ]);
    assert.throws(() => bound.set(4, 0, 1), {
      name: 'RangeError',
      message: 'x must be from 0 to 3, got 4',
    });
    assert.throws(() => bound.set(0, 0, -1), /gives class -1/);
    assert.equal(data[0][0], 1, 'a refused value is not written');
  });
});

describe('with a real tilepath Grid', () => {
  test('bindArray2D edits reach the Grid the paths are found on', async () => {
    const { createPathfinder } = await import('../../../js/node.js');
    const level = ['....', '.##.', '.#..'].map((r) => [...r].map((ch) => (ch === '#' ? 1 : 0)));
    const { width, height, cells } = readArray2D(level);
    const grid = (await createPathfinder()).createGrid(width, height, cells);
    const tiles = bindArray2D(level, grid);
    try {
      // Round the right-hand side: 9 cells.
      assert.equal(grid.findPath(0, 2, 2, 2).path.length / 2, 9);
      tiles.set(3, 1, 1); // wall it off
      assert.equal(grid.findPath(0, 2, 2, 2).status, 'none');
      tiles.set(2, 1, 0); // open the middle
      assert.deepEqual(
        [...grid.findPath(0, 2, 2, 2).path],
        [0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 2, 1, 2, 2],
      );
      assert.equal(level[1][2], 0);
    } finally {
      grid.dispose();
    }
  });
});
