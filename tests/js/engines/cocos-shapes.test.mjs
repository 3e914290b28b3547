// cocosTileSpace on hexagonal maps, against Cocos Creator 3.8's own placement (cocos-engine
// v3.8.5, cocos/tiledmap/tiled-layer.ts: init() sizes the layer node, _positionForHexAt and
// _updateVertex place tiles), re-derived here from those functions.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { cocosTileSpace, readCocosLayer } from '../../../js/cocos.js';
import { createPathfinder } from '../../../js/node.js';
import { assertNeighboursAreNearest } from '../support/drawn-neighbours.mjs';

const HEX = 1;
const AXIS = { x: 0, y: 1 };
const INDEX = { odd: 0, even: 1 };

/** A hexagonal cc.TiledLayer as init() leaves it: node size, anchor, stagger fields. */
function hexLayer({ width, height, tileSize, staggerAxis, staggerIndex, side, anchor }) {
  const tw = tileSize.width;
  const th = tileSize.height;
  // init(): the content size of a hexagonal layer.
  const size =
    staggerAxis === 'x'
      ? {
          width: (tw + side) * Math.floor(width / 2) + tw * (width % 2),
          height: th * (height + 0.5),
        }
      : {
          width: tw * (width + 0.5),
          height: (th + side) * Math.floor(height / 2) + th * (height % 2),
        };
  const transform = { ...size, anchorX: anchor[0], anchorY: anchor[1] };
  const layer = {
    _layerSize: { width, height },
    _staggerAxis: AXIS[staggerAxis],
    _staggerIndex: INDEX[staggerIndex],
    _hexSideLength: side,
    layerSize: { width, height },
    node: { getComponent: (name) => (name === 'cc.UITransform' ? transform : null) },
    getLayerName: () => 'L',
    getLayerOrientation: () => HEX,
    getTileGIDAt: () => 0,
    /** _positionForHexAt without tile offsets: the tile's bottom-left from the layer's. */
    getPositionAt(col, row) {
      const oddEven = staggerIndex === 'odd' ? 1 : -1;
      if (staggerAxis === 'y') {
        const diffX = row % 2 === 1 ? (tw / 2) * oddEven : 0;
        return { x: col * tw + diffX, y: (height - row - 1) * (th - (th - side) / 2) };
      }
      const diffY = col % 2 === 1 ? (th / 2) * -oddEven : 0;
      return { x: col * (tw - (tw - side) / 2), y: (height - row - 1) * th + diffY };
    },
  };
  const map = {
    getLayer: (name) => (name === 'L' ? layer : null),
    getMapSize: () => ({ width, height }),
    getTileSize: () => tileSize,
    getMapOrientation: () => HEX,
  };
  return { map, layer, transform };
}

describe('cocosTileSpace: hexagonal maps', () => {
  for (const staggerAxis of ['x', 'y']) {
    for (const staggerIndex of ['odd', 'even']) {
      for (const anchor of [
        [0.5, 0.5],
        [0, 0],
        [1, 0.25],
      ]) {
        const tileSize =
          staggerAxis === 'y' ? { width: 56, height: 64 } : { width: 64, height: 55 };
        const side = staggerAxis === 'y' ? 32 : 21;
        const name = `axis ${staggerAxis}, ${staggerIndex}, anchor ${anchor}`;
        test(`${name}: centres are getPositionAt + half a tile, in node space`, () => {
          const { map, layer, transform } = hexLayer({
            width: 5,
            height: 4,
            tileSize,
            staggerAxis,
            staggerIndex,
            side,
            anchor,
          });
          const space = cocosTileSpace(map, { layer: 'L' });
          assert.equal(space.orientation, 'hexagonal');
          assert.equal(space.yUp, true);
          for (let y = 0; y < 4; y++) {
            for (let x = 0; x < 5; x++) {
              const corner = layer.getPositionAt(x, y);
              const expected = {
                x: corner.x + tileSize.width / 2 - transform.width * transform.anchorX,
                y: corner.y + tileSize.height / 2 - transform.height * transform.anchorY,
              };
              assert.deepEqual(space.cellToWorld(x, y), expected, `${x},${y}`);
              assert.deepEqual(space.worldToCell(expected.x, expected.y), { x, y });
              // A point just inside the hexagon's pointed end still belongs to the tile.
              const towardTip =
                staggerAxis === 'y'
                  ? { x: expected.x, y: expected.y + tileSize.height / 2 - 0.5 }
                  : { x: expected.x + tileSize.width / 2 - 0.5, y: expected.y };
              assert.deepEqual(space.worldToCell(towardTip.x, towardTip.y), { x, y });
            }
          }
        });
      }
    }
  }

  test('options give the stagger when the layer does not', () => {
    const { map, layer } = hexLayer({
      width: 3,
      height: 3,
      tileSize: { width: 32, height: 32 },
      staggerAxis: 'y',
      staggerIndex: 'odd',
      side: 16,
      anchor: [0, 0],
    });
    delete layer._staggerAxis;
    assert.throws(
      () => cocosTileSpace(map, { layer: 'L' }),
      /pass options.staggerAxis, staggerIndex and hexSideLength/,
    );
    const space = cocosTileSpace(map, { layer: 'L', staggerAxis: 'y' });
    const corner = layer.getPositionAt(1, 1);
    assert.deepEqual(space.cellToWorld(1, 1), { x: corner.x + 16, y: corner.y + 16 });
  });
});

describe('readCocosLayer: a hexagonal layer is searched with the hexagons Cocos draws', () => {
  for (const staggerAxis of ['x', 'y']) {
    for (const staggerIndex of ['odd', 'even']) {
      test(`axis ${staggerAxis}, ${staggerIndex}`, async () => {
        const tileSize =
          staggerAxis === 'y' ? { width: 56, height: 64 } : { width: 64, height: 56 };
        const { map } = hexLayer({
          width: 7,
          height: 6,
          tileSize,
          staggerAxis,
          staggerIndex,
          side: 32,
          anchor: [0.5, 0.5],
        });
        const read = readCocosLayer(map, { layer: 'L' });
        assert.deepEqual(
          [read.orientation, read.staggerAxis, read.staggerIndex],
          ['hexagonal', staggerAxis, staggerIndex],
        );
        const tp = await createPathfinder();
        const grid = tp.createGrid(read.width, read.height, read);
        try {
          assertNeighboursAreNearest(grid, cocosTileSpace(map, { layer: 'L' }), {
            maxCost: 1,
            count: 6,
          });
        } finally {
          grid.dispose();
        }
      });
    }
  }
});
