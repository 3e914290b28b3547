// layaTileSpace on staggered and hexagonal maps, against LayaAir 3.2's placement (layabox/LayaAir,
// src/layaAir/laya/map/MapLayer.ts: getScreenPositionByTilePos and drawTileTexture), re-derived
// here: a tile's top-left corner, its centre half a tile further.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { layaTileSpace } from '../../../js/laya.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');

/** The members of a loaded Laya.TiledMap that layaTileSpace reads. */
function layaMap(orientation, width, height, tileWidth, tileHeight) {
  return {
    orientation,
    numColumnsTile: width,
    numRowsTile: height,
    tileWidth,
    tileHeight,
    getLayerByName: () => null,
  };
}

/** Laya's top-left corner of tile (x, y), without the modulo it applies within a GridSprite. */
function layaCorner(map, x, y) {
  if (map.orientation === 'staggered') {
    return { x: x * map.tileWidth + (y & 1) * (map.tileWidth / 2), y: y * (map.tileHeight / 2) };
  }
  return {
    x: x * map.tileWidth + (y % 2) * (map.tileWidth / 2),
    y: y * ((map.tileHeight * 2) / 3),
  };
}

describe('layaTileSpace: staggered and hexagonal maps', () => {
  for (const [orientation, tw, th] of [
    ['staggered', 64, 32],
    ['staggered', 33, 17],
    ['hexagonal', 56, 60],
    ['hexagonal', 30, 31],
  ]) {
    test(`${orientation} ${tw}x${th}: cells are where Laya draws the tiles, and back`, () => {
      const map = layaMap(orientation, 6, 7, tw, th);
      const space = layaTileSpace(map, { originX: 10, originY: -4 });
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 6; x++) {
          const corner = layaCorner(map, x, y);
          const centre = { x: corner.x + tw / 2 + 10, y: corner.y + th / 2 - 4 };
          assert.deepEqual(space.cellToWorld(x, y), centre, `${x},${y}`);
          assert.deepEqual(space.worldToCell(centre.x, centre.y), { x, y });
          // Just inside the pointed top, and just right of the left corner / flat side.
          assert.deepEqual(space.worldToCell(centre.x, centre.y - th / 2 + 0.25), { x, y });
          assert.deepEqual(space.worldToCell(centre.x - tw / 2 + 0.25, centre.y), { x, y });
        }
      }
    });
  }

  test('a map whose stagger Laya cannot draw is refused when its JSON is given', () => {
    const json = readFileSync(join(fixtures, 'staggered-x-even-csv.tmj'), 'utf8');
    const map = layaMap('staggered', 8, 6, 16, 16);
    assert.throws(
      () => layaTileSpace(map, { json }),
      new RegExp(
        'LayaAir draws staggered maps with staggeraxis y and staggerindex odd whatever the map ' +
          'says; this map has staggeraxis x, staggerindex even',
      ),
    );
    const drawable = readFileSync(join(fixtures, 'staggered-y-odd-csv.tmj'), 'utf8');
    assert.deepEqual(layaTileSpace(map, { json: drawable }).cellToWorld(1, 1), { x: 32, y: 16 });
    const evenRows = { ...JSON.parse(drawable), staggerindex: 'even' };
    assert.throws(() => layaTileSpace(map, { json: evenRows }), /staggeraxis y, staggerindex even/);
  });

  test('an unknown orientation is refused by name', () => {
    assert.throws(
      () => layaTileSpace(layaMap('hexagon', 2, 2, 8, 8)),
      /the map's orientation "hexagon" is none of orthogonal, isometric, staggered, hexagonal/,
    );
  });
});
