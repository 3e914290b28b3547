// Tiled maps as level designers make them: old TMX with a DOCTYPE, image collections with gaps
// in their tile ids, empty infinite layers, floor layers, and a floor + walls + collision-object
// map combined into one grid. Fixtures: tests/fixtures/tiled (written by generate.mjs).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTiledLayer, readTiledMap, applyCosts, tileSpaceForLayer } from '../../../js/tiled.js';
import { WALLS, IMAGE_COLLECTION_ROWS } from '../../fixtures/tiled/generate.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');
const read = (name) => readFileSync(join(fixtures, name), 'utf8');

/** Cells as rows of characters: '#' blocked (class 1), '.' free (class 0), digits for others. */
function drawn(grid) {
  const rows = [];
  for (let y = 0; y < grid.height; y++) {
    const row = grid.cells.subarray(y * grid.width, (y + 1) * grid.width);
    rows.push([...row].map((c) => (c === 1 ? '#' : c === 0 ? '.' : String(c))).join(''));
  }
  return rows;
}

const COURTYARD_LAYERS = [{ layer: 'Ground', tiles: 'floor' }, 'Walls', 'Collision'];

describe('Tiled maps as designers make them', () => {
  test('an old TMX with a DOCTYPE line and no tilecount reads', () => {
    const layer = readTiledLayer(read('doctype.tmx'), { layer: 'Walls' });
    assert.deepEqual(drawn(layer), WALLS);
  });

  for (const ext of ['tmj', 'tmx']) {
    test(`an image collection with gaps in its tile ids resolves GIDs by id (.${ext})`, () => {
      const layer = readTiledLayer(read(`image-collection.${ext}`), { layer: 'Props' });
      // Tile 0 (crate) has no properties: a wall; tile 3 (rug, GID 4) says blocked=false.
      assert.deepEqual(
        drawn(layer),
        IMAGE_COLLECTION_ROWS.map((r) => r.replace(/a/g, '#').replace(/b/g, '.')),
      );
    });

    test(`a GID in an image collection's gap names the tiles it has (.${ext})`, () => {
      const text = read(`image-collection.${ext}`);
      const map = ext === 'tmj' ? JSON.parse(text) : null;
      if (map) map.layers[0].data[0] = 2;
      const bad = map ?? text.replace('0,1,0,0', '2,1,0,0');
      assert.throws(
        () => readTiledLayer(bad, { layer: 'Props' }),
        (e) =>
          e instanceof RangeError &&
          e.message ===
            'tile GID 2 is tile 1 of the image collection "props" (firstgid 1), which has no tile 1 (its tiles: 0, 3)',
      );
    });
  }

  test('empty infinite layers give the same error in .tmx and .tmj', () => {
    for (const layer of ['Decor', 'Marks']) {
      const messages = ['tmj', 'tmx'].map((ext) => {
        try {
          readTiledLayer(read(`infinite-empty.${ext}`), { layer });
          return 'no error';
        } catch (error) {
          return `${error.name}: ${error.message}`;
        }
      });
      assert.equal(
        messages[0],
        `RangeError: layer "${layer}" of this infinite map has no tiles (no chunks, or only empty ones): there is no grid to read`,
      );
      assert.equal(messages[1], messages[0]);
    }
  });

  test('empty infinite layers combine with a full one as adding nothing, in both formats', () => {
    const grids = ['tmj', 'tmx'].map((ext) =>
      readTiledMap(read(`infinite-empty.${ext}`), { layers: ['Ground', 'Decor', 'Marks'] }),
    );
    assert.deepEqual(drawn(grids[0]), ['....', '.##.', '.#..', '....']);
    assert.deepEqual(grids[1], grids[0]);
  });
});

describe("tiles: 'floor'", () => {
  for (const ext of ['tmj', 'tmx']) {
    test(`a floor layer: a tile is floor, an empty cell is void (.${ext})`, () => {
      const ground = readTiledLayer(read(`courtyard.${ext}`), { layer: 'Ground', tiles: 'floor' });
      // Water says collides=true (Phaser's name for blocked); mud costs 2 (class 2).
      assert.deepEqual(drawn(ground), [
        '##########',
        '#........#',
        '#....##..#',
        '#.22.##..#',
        '#........#',
        '#........#',
        '#........#',
        '##########',
      ]);
      assert.deepEqual(ground.costs, { 2: 2 });
    });
  }

  test("'walls' stays the default: the same layer read as walls is blocked where tiles are", () => {
    const walls = readTiledLayer(read('courtyard.tmj'), { layer: 'Ground' });
    assert.deepEqual(drawn(walls).slice(0, 3), ['..........', '.########.', '.########.']);
  });

  test('tiles must be walls or floor; collides must be a bool', () => {
    assert.throws(
      () => readTiledLayer(read('courtyard.tmj'), { layer: 'Ground', tiles: 'ground' }),
      (e) =>
        e instanceof TypeError &&
        e.message ===
          `options.tiles must be 'walls' (a tile is a wall) or 'floor' (a tile is floor, empty is void), got "ground"`,
    );
    const map = JSON.parse(read('courtyard.tmj'));
    map.tilesets[0].tiles[1].properties[0] = { name: 'collides', type: 'string', value: 'yes' };
    assert.throws(
      () => readTiledLayer(map, { layer: 'Ground', tiles: 'floor' }),
      /^TypeError: tile GID 2: property collides must be a bool, got "yes"$/,
    );
  });
});

describe('readTiledMap: layers and collision objects combined', () => {
  // Floor with void around it; the walls layer's wall at (2,2)-(2,3) and a bridge (blocked=false)
  // over the water at (5,2)-(6,2); then the Collision shapes: puddle (cost 4: class 3) at (2,1)-(3,1),
  // rock triangle (6,1), gate (blocked=false) freeing (2,3), fence polyline (3..5,4) ending on
  // the edge of (6,4) without entering it, fountain ellipse (1..2,5..6), crates rectangle
  // (7..8,5), beam (rotated 90 degrees) (5,5..6), statue tile object (3,6), post point (8,6);
  // the text label covers nothing.
  const COURTYARD = [
    '##########',
    '#.33..#..#',
    '#.#......#',
    '#..2.##..#',
    '#..###...#',
    '###..#.###',
    '####.#..##',
    '##########',
  ];

  for (const ext of ['tmj', 'tmx']) {
    test(`floor + walls + collision shapes make one grid (.${ext})`, () => {
      const grid = readTiledMap(read(`courtyard.${ext}`), { layers: COURTYARD_LAYERS });
      assert.deepEqual(drawn(grid), COURTYARD);
      assert.deepEqual(grid.costs, { 2: 2, 3: 4 });
      assert.equal(grid.width, 10);
      assert.equal(grid.offsetX, 0);
      assert.equal(grid.tileWidth, 16);
    });
  }

  test('units walk around the shapes on a real grid, paying the costs', async () => {
    const { createPathfinder } = await import('../../../js/node.js');
    const tp = await createPathfinder();
    const map = readTiledMap(read('courtyard.tmx'), { layers: COURTYARD_LAYERS });
    const grid = applyCosts(tp.createGrid(map.width, map.height, map.cells), map.costs);
    const r = grid.findPath(1, 1, 7, 6, { diagonal: 'never' });
    assert.equal(r.status, 'found');
    for (let i = 0; i < r.path.length; i += 2) {
      const cls = map.cells[r.path[i + 1] * map.width + r.path[i]];
      assert.notEqual(cls, 1, `path step ${r.path[i]},${r.path[i + 1]} is blocked`);
    }
    // Over the bridge, down the east side, through the gap at (6,4)-(6,5) left by the fence.
    assert.ok(r.cost >= 12, `cost ${r.cost}`);
    grid.dispose();
  });

  test('layers paint in the order given: the walls layer before the floor is covered by it', () => {
    const grid = readTiledMap(read('courtyard.tmj'), {
      layers: ['Walls', { layer: 'Ground', tiles: 'floor' }],
    });
    // The wall at (2,2) is under floor tiles now, the bridge at (5,2) under water.
    assert.equal(grid.cells[2 * 10 + 2], 0);
    assert.equal(grid.cells[2 * 10 + 5], 1);
  });

  test('without a floor layer, cells no layer covers are free', () => {
    const grid = readTiledMap(read('courtyard.tmj'), { layers: ['Collision'] });
    assert.equal(grid.cells[0], 0);
    assert.equal(grid.cells[5 * 10 + 7], 1);
  });

  test('objects on an isometric map are measured in tile-height units', () => {
    const map = {
      width: 4,
      height: 4,
      tilewidth: 32,
      tileheight: 16,
      orientation: 'isometric',
      layers: [
        {
          type: 'objectgroup',
          name: 'Blocks',
          objects: [
            { id: 1, x: 16, y: 16, width: 32, height: 16 },
            { id: 2, x: 8, y: 56, point: true },
            // A tile object stands on the tile whose bottom corner its anchor is: (3, 2).
            { id: 3, gid: 1, x: 64, y: 48, width: 32, height: 32 },
          ],
        },
      ],
      tilesets: [{ firstgid: 1, name: 'props', tilecount: 1, tiles: [] }],
    };
    assert.deepEqual(drawn(readTiledMap(map, { layers: ['Blocks'] })), [
      '....',
      '.##.',
      '...#',
      '#...',
    ]);
  });

  test('shapes far outside the map cost nothing and cover nothing', { timeout: 10_000 }, () => {
    const huge = 1.7e308;
    const map = {
      width: 3,
      height: 2,
      tilewidth: 16,
      tileheight: 16,
      layers: [
        {
          type: 'objectgroup',
          name: 'Far',
          objects: [
            {
              id: 1,
              x: huge,
              y: huge,
              polyline: [
                { x: 0, y: 0 },
                { x: huge, y: huge },
              ],
            },
            { id: 2, x: -huge, y: 0, width: huge, height: huge, rotation: 45 },
            { id: 3, x: huge, y: huge, width: huge, height: huge, ellipse: true },
            { id: 4, x: huge, y: 0, point: true },
            {
              id: 5,
              x: 8,
              y: 8,
              polyline: [
                { x: 0, y: 0 },
                { x: -1e9, y: 0 },
                { x: 1e9, y: 0 },
              ],
            },
          ],
        },
      ],
      tilesets: [],
    };
    // Only the last polyline crosses the map (row 0, both ways from its start); the rest are
    // so far out that they overflow to Infinity once rotated or offset, and cover nothing.
    assert.deepEqual(drawn(readTiledMap(map, { layers: ['Far'] })), ['###', '...']);
  });

  test('bad requests and unsupported objects say what to do', () => {
    const yard = read('courtyard.tmj');
    assert.throws(
      () => readTiledMap(yard, { layers: [] }),
      /^TypeError: options.layers must be a non-empty array/,
    );
    assert.throws(
      () => readTiledMap(yard, { layers: [{ layer: 'Walls', tile: 'floor' }] }),
      /^TypeError: options.layers\[0\]: unknown key "tile" \(expected layer, tiles\)$/,
    );
    assert.throws(
      () => readTiledMap(yard, { layers: ['Roof'] }),
      /^RangeError: no layer named "Roof"; tile and object layers: "Ground", "Walls", "Collision"$/,
    );
    assert.throws(
      () => readTiledMap(read('map-csv.tmj'), { layers: ['Level'] }),
      /^TypeError: layer "Level" is a group, not a tile or object layer$/,
    );
    const reshaped = JSON.parse(yard);
    Object.assign(reshaped.layers[1], { width: 5, height: 16 });
    assert.throws(
      () => readTiledMap(reshaped, { layers: ['Ground', 'Walls'] }),
      /^RangeError: layer "Walls" is 5 x 16, the map 10 x 8$/,
    );
    const templated = JSON.parse(yard);
    templated.layers[2].objects.push({ id: 11, template: 'crate.tx', x: 0, y: 0 });
    assert.throws(
      () => readTiledMap(templated, { layers: ['Collision'] }),
      /^TypeError: layer "Collision", object 11 uses the template "crate.tx": pass its contents as options\.templates\["crate\.tx"\] .*or load the map with loadTiledMap/,
    );
    const hex = { ...JSON.parse(yard), orientation: 'hexagonal' };
    assert.throws(
      () => readTiledMap(hex, { layers: ['Collision'] }),
      /^RangeError: layer "Collision": objects are read on orthogonal and isometric maps, this one is hexagonal$/,
    );
  });
});

// Tiled's own example maps (github.com/mapeditor/tiled, examples/), read when a checkout is
// named by TILED_EXAMPLES; they are not part of this repository (their licence differs).
const examples = process.env.TILED_EXAMPLES;
describe(
  "Tiled's example maps",
  {
    skip:
      !examples || !existsSync(examples) ? 'set TILED_EXAMPLES to a Tiled examples/ folder' : false,
  },
  () => {
    const ex = (name) => readFileSync(join(examples, name), 'utf8');
    test('desert.tmx with its external desert.tsx', () => {
      const layer = readTiledLayer(ex('desert.tmx'), {
        layer: 'Ground',
        tiles: 'floor',
        tilesets: { 'desert.tsx': ex('desert.tsx') },
      });
      assert.equal(layer.width * layer.height, 1600);
      assert.ok(
        layer.cells.every((c) => c === 0),
        'every desert tile is floor',
      );
    });
    test('sewer_automap/sewers.tmx (DOCTYPE, no tilecount)', () => {
      const layer = readTiledLayer(ex('sewer_automap/sewers.tmx'), { layer: 'set' });
      assert.equal(layer.width, 31);
    });
    test('orthogonal-outside.tmx: tile layers and the Objects layer (ellipse, polygon, polylines, tile objects)', () => {
      const grid = readTiledMap(ex('orthogonal-outside.tmx'), {
        layers: [{ layer: 'Ground', tiles: 'floor' }, 'Objects'],
      });
      assert.ok(grid.cells.some((c) => c === 1));
    });
    test('rpg/island.tmx with its external tileset', () => {
      const grid = readTiledMap(ex('rpg/island.tmx'), {
        layers: [{ layer: 'Ground', tiles: 'floor' }, 'Objects'],
        tilesets: { 'beach_tileset.tsx': ex('rpg/beach_tileset.tsx') },
      });
      assert.equal(grid.width, 58);
    });
    test('hexagonal-mini.tmx, test_hexagonal_tile_60x60x30.tmx: shape, every cell found back', () => {
      for (const [file, shape] of [
        ['hexagonal-mini.tmx', { staggerAxis: 'y', staggerIndex: 'odd', hexSideLength: 6 }],
        [
          'test_hexagonal_tile_60x60x30.tmx',
          { staggerAxis: 'x', staggerIndex: 'odd', hexSideLength: 30 },
        ],
      ]) {
        const layer = readTiledLayer(ex(file), { layer: 0 });
        assert.equal(layer.orientation, 'hexagonal', file);
        const { staggerAxis, staggerIndex, hexSideLength } = layer;
        assert.deepEqual({ staggerAxis, staggerIndex, hexSideLength }, shape, file);
        const space = tileSpaceForLayer(layer);
        for (let y = 0; y < layer.height; y++) {
          for (let x = 0; x < layer.width; x++) {
            const at = space.cellToWorld(x, y);
            assert.deepEqual(space.worldToCell(at.x, at.y), { x, y }, `${file} ${x},${y}`);
          }
        }
      }
    });
    test('isometric_staggered_grass_and_water.tmx: an infinite staggered map', () => {
      const layer = readTiledLayer(ex('isometric_staggered_grass_and_water.tmx'), { layer: 0 });
      assert.equal(layer.orientation, 'staggered');
      assert.equal(layer.staggerAxis, 'y');
      // The map shifts its odd rows; the grid's row 0 is map row offsetY.
      assert.equal(layer.staggerIndex, (layer.offsetY & 1) === 0 ? 'odd' : 'even');
      const space = tileSpaceForLayer(layer);
      // Tiled: tile (x, y) of a staggered y/odd map of 64x32 tiles has its centre at
      // (x * 64 + (y odd ? 32 : 0) + 32, y * 16 + 16).
      const tx = layer.offsetX + 3;
      const ty = layer.offsetY + 5;
      const expected = { x: tx * 64 + ((ty & 1) === 1 ? 32 : 0) + 32, y: ty * 16 + 16 };
      assert.deepEqual(space.cellToWorld(3, 5), expected);
    });
  },
);
