// The Cocos adapter against plain objects that follow cc.TiledMap / cc.TiledLayer of Cocos
// Creator 3.8 (cocos-engine v3.8.5, cocos/tiledmap/tiled-map.ts and tiled-layer.ts): same member
// names, same argument order, same GID storage (flip bits kept in `tiles`, masked by
// getTileGIDAt), same refusal of GIDs without a texture, same getPositionAt formulas.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readCocosLayer, bindCocosLayer, cocosTileSpace } from '../../../js/cocos.js';
import { recordingGrid } from '../support/recording-grid.mjs';

const FLIPPED_MASK = 0x0fffffff;
const ORTHO = 0;
const ISO = 2;

class FakeTiledLayer {
  constructor({
    name,
    rows,
    tileSize,
    orientation = ORTHO,
    firstGid = 1,
    maxGid = 9,
    anchor = [0.5, 0.5],
  }) {
    this._layerName = name;
    this._layerSize = { width: rows[0].length, height: rows.length };
    this._mapTileSize = tileSize;
    this._layerOrientation = orientation;
    this._firstGid = firstGid;
    this._maxGid = maxGid;
    this.tiles = [...rows.join('')].map((ch) => (ch === '.' ? 0 : Number(ch)));
    const w = this._layerSize.width;
    const h = this._layerSize.height;
    const pixelW = orientation === ISO ? ((w + h) * tileSize.width) / 2 : w * tileSize.width;
    const pixelH = orientation === ISO ? ((w + h) * tileSize.height) / 2 : h * tileSize.height;
    const transform = { width: pixelW, height: pixelH, anchorX: anchor[0], anchorY: anchor[1] };
    this.node = { getComponent: (name) => (name === 'cc.UITransform' ? transform : null) };
    this._leftDownToCenterX = transform.width * transform.anchorX;
    this._leftDownToCenterY = transform.height * transform.anchorY;
  }
  get layerSize() {
    return this._layerSize;
  }
  get leftDownToCenterX() {
    return this._leftDownToCenterX;
  }
  get leftDownToCenterY() {
    return this._leftDownToCenterY;
  }
  getLayerName() {
    return this._layerName;
  }
  getLayerOrientation() {
    return this._layerOrientation;
  }
  isInvalidPosition(x, y) {
    return x >= this._layerSize.width || y >= this._layerSize.height || x < 0 || y < 0;
  }
  getTileGIDAt(x, y) {
    if (this.isInvalidPosition(x, y))
      throw new Error('cc.TiledLayer.getTileGIDAt(): invalid position');
    return (this.tiles[Math.floor(x) + Math.floor(y) * this._layerSize.width] & FLIPPED_MASK) >>> 0;
  }
  setTileGIDAt(gid, x, y, flags) {
    const ugid = (gid & FLIPPED_MASK) >>> 0;
    x = Math.floor(x);
    y = Math.floor(y);
    if (this.isInvalidPosition(x, y))
      throw new Error('cc.TiledLayer.setTileGIDAt(): invalid position');
    if (ugid !== 0 && ugid < this._firstGid) return; // engine logs 7239 and ignores it
    this._updateTileForGID((ugid | (flags || 0)) >>> 0, x, y);
  }
  setTilesGIDAt(gids, beginCol, beginRow, totalCols) {
    if (!gids || gids.length === 0 || totalCols <= 0) return;
    if (beginRow < 0) beginRow = 0;
    if (beginCol < 0) beginCol = 0;
    let k = 0;
    const endCol = beginCol + totalCols;
    for (let row = beginRow; ; row++) {
      for (let col = beginCol; col < endCol; col++) {
        if (k >= gids.length) return;
        this._updateTileForGID(gids[k], col, row);
        k++;
      }
    }
  }
  _updateTileForGID(gidAndFlags, x, y) {
    const idx = 0 | (x + y * this._layerSize.width);
    if (idx >= this.tiles.length) return;
    const gid = (gidAndFlags & FLIPPED_MASK) >>> 0;
    // texGrids.get(gid): only GIDs of a loaded tileset have a texture; others become 0.
    this.tiles[idx] = gid >= this._firstGid && gid <= this._maxGid ? gidAndFlags : 0;
  }
  getPositionAt(x, y) {
    const tw = this._mapTileSize.width;
    const th = this._mapTileSize.height;
    const { width, height } = this._layerSize;
    if (this._layerOrientation === ISO) {
      return { x: tw * 0.5 * (height + x - y - 1), y: th * 0.5 * (width - x + height - y - 2) };
    }
    return { x: x * tw, y: (height - y - 1) * th };
  }
}

class FakeTiledMap {
  constructor({ layers, tileSize, orientation = ORTHO, properties = {} }) {
    this._layers = layers;
    this._tileSize = tileSize;
    this._mapOrientation = orientation;
    this._mapSize = layers[0].layerSize;
    this._tileProperties = new Map(Object.entries(properties).map(([gid, p]) => [Number(gid), p]));
  }
  getMapSize() {
    return this._mapSize;
  }
  getTileSize() {
    return this._tileSize;
  }
  getMapOrientation() {
    return this._mapOrientation;
  }
  getLayers() {
    return this._layers;
  }
  getLayer(layerName) {
    return this._layers.find((l) => l && l.getLayerName() === layerName) ?? null;
  }
  getPropertiesForGID(gid) {
    return this._tileProperties.get(gid);
  }
}

const ROWS = ['1..2', '.3..', '...1'];
const tileSize = { width: 32, height: 16 };

function makeMap(props = {}, rows = ROWS, orientation = ORTHO) {
  const walls = new FakeTiledLayer({ name: 'Walls', rows, tileSize, orientation });
  const floor = new FakeTiledLayer({
    name: 'Floor',
    rows: rows.map((r) => r.replace(/./g, '.')),
    tileSize,
    orientation,
  });
  return {
    map: new FakeTiledMap({ layers: [floor, walls], tileSize, orientation, properties: props }),
    walls,
  };
}

describe('readCocosLayer', () => {
  test('reads a layer by name: empty = 0, any tile = 1', () => {
    const { map } = makeMap();
    const grid = readCocosLayer(map, { layer: 'Walls' });
    assert.equal(grid.width, 4);
    assert.equal(grid.height, 3);
    assert.deepEqual([...grid.cells], [1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
  });

  test('flip flags in the tiles array are masked off', () => {
    const { map, walls } = makeMap();
    walls.tiles[0] = (1 | 0x80000000) >>> 0;
    walls.tiles[3] = (2 | 0x60000000) >>> 0;
    const seen = new Set();
    readCocosLayer(map, { layer: 'Walls', classOf: (gid) => (seen.add(gid), gid) });
    assert.deepEqual([...seen].sort(), [0, 1, 2, 3]);
  });

  test('uses getTileGIDAt when the tiles array is not there', () => {
    const { walls } = makeMap();
    const tiles = walls.tiles;
    const bare = {
      layerSize: walls.layerSize,
      getTileGIDAt: (x, y) => tiles[y * 4 + x],
    };
    assert.deepEqual([...readCocosLayer(bare).cells], [1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
  });

  test('tile properties from getPropertiesForGID follow the tilepath/tiled convention', () => {
    const { map } = makeMap({ 1: { blocked: false }, 2: { cost: 4 }, 3: { pathClass: 6 } });
    const grid = readCocosLayer(map, { layer: 'Walls' });
    assert.deepEqual([...grid.cells], [0, 0, 0, 2, 0, 6, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual(grid.costs, { 2: 4 });
  });

  test("tiles: 'floor' reads a ground layer: a tile is floor, an empty cell is void", () => {
    const { map } = makeMap({ 2: { blocked: true } });
    const grid = readCocosLayer(map, { layer: 'Walls', tiles: 'floor' });
    assert.deepEqual([...grid.cells], [0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0]);
  });

  test('a missing layer names the layers there are', () => {
    const { map } = makeMap();
    assert.throws(
      () => readCocosLayer(map, { layer: 'Collision' }),
      /no layer named "Collision" \(layers: "Floor", "Walls"\)/,
    );
    assert.throws(() => readCocosLayer({}, {}), /expected a cc.TiledMap/);
  });
});

describe('bindCocosLayer', () => {
  test('setTileGIDAt becomes one cell edit, with the class of what the layer now holds', () => {
    const { map, walls } = makeMap({ 4: { cost: 3 } });
    const base = readCocosLayer(map, { layer: 'Walls' });
    const grid = recordingGrid(4, 3, base.cells);
    const binding = bindCocosLayer(map, grid, { layer: 'Walls' });
    assert.deepEqual(grid.calls, [], 'a grid already built from the layer needs no edits');

    walls.setTileGIDAt(2, 1, 0);
    assert.deepEqual(grid.calls, [['set', 1, 0, 1]]);
    walls.setTileGIDAt(0, 0, 0); // remove a wall
    walls.setTileGIDAt((1 | 0x80000000) >>> 0, 2, 2); // a flipped wall
    walls.setTileGIDAt(4, 3, 1); // a cost tile: its class gets its cost first
    assert.deepEqual(grid.calls.slice(1), [
      ['set', 0, 0, 0],
      ['set', 2, 2, 1],
      ['setCost', 2, 3],
      ['set', 3, 1, 2],
    ]);
    grid.calls.length = 0;
    walls.setTileGIDAt(1, 2, 2, 0x40000000); // same tile, other flip: nothing to send
    walls.setTileGIDAt(99, 1, 1); // no texture for GID 99: Cocos stores 0
    assert.deepEqual(grid.calls, [['set', 1, 1, 0]]);
    assert.equal(walls.getTileGIDAt(1, 1), 0);
    binding.unbind();
  });

  test('setTilesGIDAt edits every cell it covers, row by row', () => {
    const { map, walls } = makeMap();
    const grid = recordingGrid(4, 3, readCocosLayer(map, { layer: 'Walls' }).cells);
    bindCocosLayer(walls, grid);
    walls.setTilesGIDAt([1, 1, 1, 0, 0], 1, 0, 3);
    assert.deepEqual(grid.calls, [
      ['set', 1, 0, 1],
      ['set', 2, 0, 1],
      ['set', 1, 1, 0],
    ]);
    assert.deepEqual([...grid.data], [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  test('works with a PathWorker-like target (setCell), initialising it from the layer', () => {
    const { map, walls } = makeMap();
    const edits = [];
    const worker = {
      width: 4,
      height: 3,
      cells: new Uint8Array(12),
      get(x, y) {
        return this.cells[y * 4 + x];
      },
      setCell(x, y, cls) {
        this.cells[y * 4 + x] = cls;
        edits.push([x, y, cls]);
      },
      setCost() {},
    };
    bindCocosLayer(map, worker, { layer: 'Walls' });
    assert.deepEqual(edits, [
      [0, 0, 1],
      [3, 0, 1],
      [1, 1, 1],
      [3, 2, 1],
    ]);
    walls.setTileGIDAt(3, 0, 2);
    assert.deepEqual(edits.at(-1), [0, 2, 1]);
  });

  test('unbind restores the layer; resync sends what changed behind its back', () => {
    const { map, walls } = makeMap();
    const setTile = walls.setTileGIDAt;
    const grid = recordingGrid(4, 3, readCocosLayer(map, { layer: 'Walls' }).cells);
    const binding = bindCocosLayer(map, grid, { layer: 'Walls' });
    assert.notEqual(walls.setTileGIDAt, setTile);
    binding.unbind();
    assert.equal(walls.setTileGIDAt, setTile);
    walls.setTileGIDAt(1, 1, 2);
    assert.deepEqual(grid.calls, []);
    binding.resync();
    assert.deepEqual(grid.calls, [['set', 1, 2, 1]]);
  });

  test('a target of another size is refused', () => {
    const { map } = makeMap();
    assert.throws(
      () => bindCocosLayer(map, recordingGrid(5, 3), { layer: 'Walls' }),
      /target is 5x3, the layer is 4x3/,
    );
    assert.throws(
      () => bindCocosLayer(map, {}, { layer: 'Walls' }),
      /Grid \(set\) or PathWorker \(setCell\)/,
    );
  });
});

describe('cocosTileSpace', () => {
  for (const [orientation, label] of [
    [ORTHO, 'orthogonal'],
    [ISO, 'isometric'],
  ]) {
    for (const anchor of [
      [0.5, 0.5],
      [0, 0],
      [1, 0.25],
    ]) {
      test(`${label}, anchor ${anchor}: cell centres are getPositionAt + half a tile, in node space`, () => {
        const rows = ['....', '....', '....'];
        const layer = new FakeTiledLayer({ name: 'L', rows, tileSize, orientation, anchor });
        const map = new FakeTiledMap({ layers: [layer], tileSize, orientation });
        const space = cocosTileSpace(map, { layer: 'L' });
        for (let y = 0; y < 3; y++) {
          for (let x = 0; x < 4; x++) {
            // getPositionAt is the tile's bottom-left, relative to the layer's bottom-left corner.
            const corner = layer.getPositionAt(x, y);
            const expected = {
              x: corner.x + tileSize.width / 2 - layer.leftDownToCenterX,
              y: corner.y + tileSize.height / 2 - layer.leftDownToCenterY,
            };
            assert.deepEqual(space.cellToWorld(x, y), expected, `${x},${y}`);
            assert.deepEqual(space.worldToCell(expected.x, expected.y), { x, y });
          }
        }
      });
    }
  }

  test('an orientation Cocos does not have is refused by value', () => {
    const layer = new FakeTiledLayer({ name: 'L', rows: ['..'], tileSize, orientation: 3 });
    const map = new FakeTiledMap({ layers: [layer], tileSize, orientation: 3 });
    assert.throws(
      () => cocosTileSpace(map, { layer: 'L' }),
      /the layer's orientation 3 is none of Cocos' ORTHO \(0\), HEX \(1\), ISO \(2\)/,
    );
  });
});

describe('with a real tilepath Grid', () => {
  test('closing a door with setTileGIDAt reroutes the next path', async () => {
    const { createPathfinder } = await import('../../../js/node.js');
    const rows = ['....', '.11.', '.1..', '.1.1'];
    const { map, walls } = makeMap({}, rows);
    const base = readCocosLayer(map, { layer: 'Walls' });
    const grid = (await createPathfinder()).createGrid(base.width, base.height, base.cells);
    bindCocosLayer(map, grid, { layer: 'Walls' });
    try {
      assert.deepEqual(
        [...grid.findPath(0, 3, 2, 3).path],
        [0, 3, 0, 2, 0, 1, 0, 0, 1, 0, 2, 0, 3, 0, 3, 1, 3, 2, 2, 2, 2, 3],
      );
      walls.setTileGIDAt(2, 3, 1); // wall at (3, 1): the way round the right is shut
      assert.equal(grid.findPath(0, 3, 2, 3).status, 'none');
      walls.setTileGIDAt(0, 3, 1);
      assert.equal(grid.findPath(0, 3, 2, 3).status, 'found');
    } finally {
      grid.dispose();
    }
  });
});
