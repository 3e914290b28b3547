import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zlibSync } from 'fflate';
import {
  readTiledLayer,
  applyCosts,
  GID_MASK,
  FLIPPED_HORIZONTALLY,
  FLIPPED_VERTICALLY,
  FLIPPED_DIAGONALLY,
} from '../../../js/tiled.js';
import {
  fixtureFiles,
  FORMATS,
  GROUND,
  WALLS,
  INFINITE_CHUNKS,
  CLASS_OF_CHAR,
  classesOf,
} from '../../fixtures/tiled/generate.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');
const read = (name) => readFileSync(join(fixtures, name), 'utf8');

/** A tiny Tiled JSON map, tiles drawn as strings of GIDs 0-9. */
function tinyMap(rows, { tiles = [], tilesetProperties, extra = {} } = {}) {
  return {
    width: rows[0].length,
    height: rows.length,
    tilewidth: 32,
    tileheight: 32,
    orientation: 'orthogonal',
    infinite: false,
    tilesets: [
      {
        firstgid: 1,
        name: 'set',
        tilecount: 9,
        tiles,
        ...(tilesetProperties ? { properties: tilesetProperties } : {}),
      },
    ],
    layers: [
      {
        type: 'tilelayer',
        name: 'L',
        width: rows[0].length,
        height: rows.length,
        data: [...rows.join('')].map(Number),
        ...extra,
      },
    ],
  };
}

describe('readTiledLayer: formats and encodings', () => {
  test('the committed fixtures are what generate.mjs writes', () => {
    const expected = fixtureFiles();
    // real/ holds Tiled's own example maps, copied (real/README.md), not generated.
    const onDisk = readdirSync(fixtures, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => relative(fixtures, join(f.parentPath ?? f.path, f.name)))
      .filter((f) => f !== 'generate.mjs' && !f.startsWith('real/'))
      .sort();
    assert.deepEqual(onDisk, Object.keys(expected).sort());
    for (const [name, text] of Object.entries(expected)) assert.equal(read(name), text, name);
  });

  for (const ext of ['tmj', 'tmx']) {
    test(`every encoding of the same .${ext} map gives the same cells`, () => {
      for (const format of FORMATS) {
        const layer = readTiledLayer(read(`map-${format}.${ext}`), { layer: 'Ground' });
        assert.equal(layer.width, 8, format);
        assert.equal(layer.height, 6, format);
        assert.deepEqual(layer.cells, classesOf(GROUND), format);
      }
    });
  }

  test('.tmx and .tmj of the same map agree, layer by layer, costs included', () => {
    for (const format of FORMATS) {
      for (const layerName of ['Ground', 'Walls', 'Level/Walls']) {
        const fromJson = readTiledLayer(read(`map-${format}.tmj`), { layer: layerName });
        const fromXml = readTiledLayer(read(`map-${format}.tmx`), { layer: layerName });
        assert.deepEqual(fromXml.cells, fromJson.cells, `${format} ${layerName}`);
        assert.deepEqual(fromXml.gids, fromJson.gids, `${format} ${layerName}`);
        assert.deepEqual(fromXml.costs, fromJson.costs);
      }
    }
    assert.deepEqual(
      readTiledLayer(read('map-zlib.tmx'), { layer: 'Walls' }).cells,
      classesOf(WALLS),
    );
  });

  test('the parsed JSON object, its text and its bytes read the same', () => {
    const text = read('map-gzip.tmj');
    const a = readTiledLayer(JSON.parse(text), { layer: 'Ground' });
    const b = readTiledLayer(text, { layer: 'Ground' });
    const c = readTiledLayer(new TextEncoder().encode(text), { layer: 'Ground' });
    assert.deepEqual(a.cells, b.cells);
    assert.deepEqual(a.cells, c.cells);
  });

  test('the old XML tile format (<tile gid>) reads like CSV', () => {
    const layer = readTiledLayer(read('map-xml-tiles.tmx'), { layer: 'Ground' });
    assert.deepEqual(layer.cells, classesOf(GROUND));
  });

  test('a layer can be chosen by tile-layer index', () => {
    assert.deepEqual(readTiledLayer(read('map-csv.tmj'), { layer: 1 }).cells, classesOf(WALLS));
  });

  test('map metadata comes back for placing things in the world', () => {
    const layer = readTiledLayer(read('map-csv.tmx'), { layer: 'Ground' });
    assert.equal(layer.orientation, 'orthogonal');
    assert.equal(layer.tileWidth, 16);
    assert.equal(layer.tileHeight, 16);
    assert.equal(layer.offsetX, 0);
    assert.equal(layer.offsetY, 0);
  });
});

describe('readTiledLayer: GIDs', () => {
  test('flip and rotation bits are masked off before classifying', () => {
    const layer = readTiledLayer(read('map-base64.tmj'), { layer: 'Ground' });
    const flagged = [...layer.gids].filter((g) => g > GID_MASK);
    assert.ok(flagged.length >= 10, `fixture has flipped tiles (${flagged.length})`);
    const seen = [];
    readTiledLayer(read('map-base64.tmj'), {
      layer: 'Ground',
      classOf: (gid) => {
        seen.push(gid);
        return gid;
      },
    });
    assert.ok(
      seen.every((g) => g <= 7),
      `classOf saw ${seen}`,
    );
    // One call per distinct tile, however it is flipped.
    assert.deepEqual([...seen].sort(), [0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test('a flipped copy of a tile gets the class of the tile', () => {
    const H = FLIPPED_HORIZONTALLY;
    const VD = (FLIPPED_VERTICALLY | FLIPPED_DIAGONALLY) >>> 0;
    const map = tinyMap(['12'], {
      tiles: [{ id: 1, properties: [{ name: 'pathClass', type: 'int', value: 4 }] }],
    });
    map.layers[0].data = [(1 | H) >>> 0, (2 | VD) >>> 0];
    const layer = readTiledLayer(map, { layer: 'L' });
    assert.deepEqual([...layer.cells], [1, 4]);
  });

  test('GIDs resolve against each tileset firstgid, whatever order the tilesets are listed in', () => {
    const map = tinyMap(['0125']);
    map.tilesets = [
      {
        firstgid: 5,
        name: 'b',
        tilecount: 2,
        tiles: [{ id: 0, properties: [{ name: 'pathClass', type: 'int', value: 6 }] }],
      },
      {
        firstgid: 1,
        name: 'a',
        tilecount: 4,
        tiles: [{ id: 1, properties: [{ name: 'pathClass', type: 'int', value: 5 }] }],
      },
    ];
    const tiles = [];
    const layer = readTiledLayer(map, {
      layer: 'L',
      classOf: (gid, properties, tile) => {
        tiles.push([gid, tile.tileset?.name, tile.id, properties.pathClass]);
        return gid === 0 ? 0 : (properties.pathClass ?? 1);
      },
    });
    assert.deepEqual([...layer.cells], [0, 1, 5, 6]);
    assert.deepEqual(tiles, [
      [0, undefined, -1, undefined],
      [1, 'a', 0, undefined],
      [2, 'a', 1, 5],
      [5, 'b', 0, 6],
    ]);
  });
});

describe('readTiledLayer: classes', () => {
  test('by default an empty cell is class 0 and any tile is class 1', () => {
    const layer = readTiledLayer(tinyMap(['0120', '3000']), { layer: 'L' });
    assert.deepEqual([...layer.cells], [0, 1, 1, 0, 1, 0, 0, 0]);
    assert.deepEqual(layer.costs, {});
  });

  test('blocked, cost and pathClass tile properties set the class; costs are numbered by cost', () => {
    const tiles = [
      { id: 0, properties: [{ name: 'blocked', type: 'bool', value: false }] },
      { id: 1, properties: [{ name: 'cost', type: 'float', value: 5 }] },
      { id: 2, properties: [{ name: 'cost', type: 'float', value: 1.5 }] },
      { id: 3, properties: [{ name: 'cost', type: 'int', value: 1 }] },
      { id: 4, properties: [{ name: 'pathClass', type: 'int', value: 2 }] },
      {
        id: 5,
        properties: [
          { name: 'blocked', type: 'bool', value: true },
          { name: 'cost', type: 'float', value: 9 },
        ],
      },
    ];
    const layer = readTiledLayer(tinyMap(['123456', '000000'], { tiles }), { layer: 'L' });
    // pathClass 2 is taken, so the cost classes are 3 (cost 1.5) and 4 (cost 5); cost 1 = class 0;
    // blocked wins over cost.
    assert.deepEqual([...layer.cells.subarray(0, 6)], [0, 4, 3, 0, 2, 1]);
    assert.deepEqual(layer.costs, { 3: 1.5, 4: 5 });
  });

  test('a tileset-level property applies to its tiles that do not say otherwise', () => {
    const layer = readTiledLayer(
      tinyMap(['12'], {
        tilesetProperties: [{ name: 'blocked', type: 'bool', value: false }],
        tiles: [{ id: 1, properties: [{ name: 'blocked', type: 'bool', value: true }] }],
      }),
      { layer: 'L' },
    );
    assert.deepEqual([...layer.cells], [0, 1]);
  });

  test('Tiled < 1.2 tileproperties (what LayaAir reads) work too', () => {
    const map = tinyMap(['12']);
    map.tilesets[0].tileproperties = { 0: { cost: 4 }, 1: { blocked: false } };
    const layer = readTiledLayer(map, { layer: 'L' });
    assert.deepEqual([...layer.cells], [2, 0]);
    assert.deepEqual(layer.costs, { 2: 4 });
  });

  test('applyCosts hands each cost class to setCost of a Grid or PathWorker', () => {
    const layer = readTiledLayer(read('map-csv.tmj'), { layer: 'Ground' });
    const calls = [];
    applyCosts({ setCost: (cls, cost) => calls.push([cls, cost]) }, layer.costs);
    assert.deepEqual(
      calls.sort((a, b) => a[0] - b[0]),
      [
        [2, 0.5],
        [3, 3],
        [9, 2],
      ],
    );
    assert.throws(() => applyCosts({}, layer.costs), /setCost/);
  });

  test('applyCosts names the bad key or cost, and applies nothing of a bad table', () => {
    // Was "class must be an integer, got NaN" for the key "x", and a bad cost named no class.
    const calls = [];
    const target = { setCost: (cls, cost) => calls.push([cls, cost]) };
    assert.throws(() => applyCosts(target, { 2: 3, swamp: 4 }), {
      name: 'TypeError',
      message:
        'costs key "swamp" is not a class: keys must be classes from 0 to 255 written as plain integers',
    });
    assert.throws(() => applyCosts(target, { 2: 3, 4: NaN }), {
      name: 'RangeError',
      message: 'costs[4]: cost must be 0 or Infinity (blocked) or a positive number, got NaN',
    });
    assert.throws(() => applyCosts(target, 'swamp=3'), {
      name: 'TypeError',
      message:
        'costs must be an array indexed by class or an object { [class]: cost }, got "swamp=3"',
    });
    assert.deepEqual(calls, [], 'nothing of a refused table reaches setCost');
    applyCosts(target, new Map([[5, Infinity]]));
    assert.deepEqual(calls, [[5, Infinity]]);
  });

  test('a custom classOf receives the tile properties and its own classes are used as-is', () => {
    const layer = readTiledLayer(read('map-csv.tmx'), {
      layer: 'Ground',
      classOf: (gid, properties, tile) =>
        gid === 0 ? 0 : tile.type === 'wall' || properties.pathClass === 7 ? 1 : 0,
    });
    const expected = Uint8Array.from(GROUND.join(''), (ch) => (ch === '#' || ch === 'w' ? 1 : 0));
    assert.deepEqual(layer.cells, expected);
    assert.deepEqual(layer.costs, {});
  });
});

describe('readTiledLayer: infinite maps', () => {
  test('chunks at negative coordinates land at their place, with the offset reported', () => {
    for (const name of [
      'infinite-csv.tmj',
      'infinite-csv.tmx',
      'infinite-zlib.tmj',
      'infinite-gzip.tmx',
    ]) {
      const layer = readTiledLayer(read(name), { layer: 'Ground' });
      assert.equal(layer.width, 12, name);
      assert.equal(layer.height, 8, name);
      assert.equal(layer.offsetX, -4, name);
      assert.equal(layer.offsetY, -4, name);
      const expected = new Uint8Array(12 * 8);
      for (const chunk of INFINITE_CHUNKS) {
        chunk.rows.forEach((row, dy) =>
          [...row].forEach((ch, dx) => {
            expected[(chunk.y + 4 + dy) * 12 + chunk.x + 4 + dx] = CLASS_OF_CHAR[ch];
          }),
        );
      }
      assert.deepEqual(layer.cells, expected, name);
      // Map tile (-3, -3) is the wall inside the first chunk; tile (0, 0) has no chunk: empty.
      assert.equal(layer.cells[(-3 - layer.offsetY) * 12 + (-3 - layer.offsetX)], 1);
      assert.equal(layer.cells[(0 - layer.offsetY) * 12 + (0 - layer.offsetX)], 0);
    }
  });
});

describe('readTiledLayer: external tilesets', () => {
  test('an external tileset must be supplied before its tiles can be classified', () => {
    assert.throws(
      () => readTiledLayer(read('map-external.tmx'), { layer: 'Ground' }),
      /external tileset "terrain.tsx".*options\.tilesets\["terrain.tsx"\]/,
    );
  });

  test('supplied as TSX text it reads like the embedded tileset', () => {
    const layer = readTiledLayer(read('map-external.tmx'), {
      layer: 'Ground',
      tilesets: { 'terrain.tsx': read('terrain.tsx') },
    });
    assert.deepEqual(layer.cells, classesOf(GROUND));
  });

  test('a broken TSX is named as the tileset, not blamed on the map', () => {
    // Cut short (a failed download, a merge conflict): the error must say which tileset it was.
    const broken = read('terrain.tsx').slice(0, 60);
    for (const [tsx, problem] of [
      [broken, /malformed tag at line \d+|ends inside <tileset>/],
      ['<tileset name="x"', /malformed tag at line 1: <tileset name="x"/],
      ['<map/>', /no <tileset> element/],
    ]) {
      assert.throws(
        () =>
          readTiledLayer(read('map-external.tmx'), {
            layer: 'Ground',
            tilesets: { 'terrain.tsx': tsx },
          }),
        (e) =>
          e instanceof TypeError &&
          e.message.startsWith('options.tilesets["terrain.tsx"] (TSX): ') &&
          problem.test(e.message) &&
          !e.message.includes('TMX'),
      );
    }
  });

  test('supplied as null its tiles have no properties (any tile = class 1)', () => {
    const layer = readTiledLayer(read('map-external.tmx'), {
      layer: 'Walls',
      tilesets: { 'terrain.tsx': null },
    });
    assert.deepEqual(layer.cells, classesOf(WALLS));
  });
});

describe('readTiledLayer: bad input gives a clear error', () => {
  test('a missing layer names the tile layers there are', () => {
    assert.throws(
      () => readTiledLayer(read('map-csv.tmj'), { layer: 'Collision' }),
      (e) =>
        e instanceof RangeError &&
        /no layer named "Collision"; tile layers: "Ground", "Level\/Walls"/.test(e.message),
    );
    assert.throws(
      () => readTiledLayer(read('map-csv.tmj'), { layer: 2 }),
      /index 2 is out of range: the map has 2 tile layers/,
    );
    assert.throws(() => readTiledLayer(read('map-csv.tmj'), {}), /options.layer must be/);
  });

  test('an object layer is not a tile layer', () => {
    assert.throws(
      () => readTiledLayer(read('map-csv.tmx'), { layer: 'Spawns' }),
      /layer "Spawns" is an object layer, not a tile layer: read its shapes with readTiledMap$/,
    );
  });

  test('two layers with one name must be named by path', () => {
    const map = JSON.parse(read('map-csv.tmj'));
    map.layers[0].name = 'Walls';
    assert.throws(
      () => readTiledLayer(map, { layer: 'Walls' }),
      /2 layers are named "Walls": name one by its path \("\/Walls", "Level\/Walls"\)/,
    );
    assert.deepEqual(readTiledLayer(map, { layer: 'Level/Walls' }).cells, classesOf(WALLS));
    assert.deepEqual(readTiledLayer(map, { layer: '/Walls' }).cells, classesOf(GROUND));
  });

  test('a layer whose own name holds a slash is found by that name', () => {
    // Tiled's automapping rule maps name layers "//comments"; that was taken for a path and
    // refused with "no layer named "//comments"; tile layers: ..., "//comments"".
    const map = JSON.parse(read('map-csv.tmj'));
    map.layers[0].name = '//comments';
    assert.deepEqual(readTiledLayer(map, { layer: '//comments' }).cells, classesOf(GROUND));
    map.layers[0].name = 'Doors/Keys';
    assert.deepEqual(readTiledLayer(map, { layer: 'Doors/Keys' }).cells, classesOf(GROUND));
    assert.deepEqual(readTiledLayer(map, { layer: '/Doors/Keys' }).cells, classesOf(GROUND));
    assert.deepEqual(readTiledLayer(map, { layer: 'Level/Walls' }).cells, classesOf(WALLS));
  });

  test('layers no name or path tells apart are refused with what does', () => {
    // Two top-level layers with one name share their path too: "name one by its path
    // ("/Ground", "/Ground")" was no way out.
    const map = JSON.parse(read('map-csv.tmj'));
    map.layers.push({ ...map.layers[0], id: 99 });
    assert.throws(() => readTiledLayer(map, { layer: 'Ground' }), {
      name: 'RangeError',
      message:
        '2 layers are named "Ground" and no path tells them apart ("/Ground", "/Ground"): ' +
        'rename one in Tiled, or give its index among the tile layers (0, 2)',
    });
    assert.deepEqual(readTiledLayer(map, { layer: 2 }).cells, classesOf(GROUND));
    const named = JSON.parse(read('map-csv.tmj'));
    named.layers[0].name = 'Level/Walls'; // a top-level layer named like the group's layer's path
    assert.throws(() => readTiledLayer(named, { layer: 'Level/Walls' }), {
      name: 'RangeError',
      message:
        '2 layers are named "Level/Walls" and no path tells them apart ("Level/Walls", ' +
        '"Level/Walls"): rename one in Tiled, or give its index among the tile layers (0, 1)',
    });
  });

  test('truncated base64 is reported', () => {
    const map = JSON.parse(read('map-base64.tmj'));
    map.layers[0].data = map.layers[0].data.slice(0, -3);
    assert.throws(
      () => readTiledLayer(map, { layer: 'Ground' }),
      /layer "Ground": base64 data has \d+ characters, not a multiple of 4 \(truncated\?\)/,
    );
    map.layers[0].data = map.layers[0].data.slice(0, -1);
    assert.throws(
      () => readTiledLayer(map, { layer: 'Ground' }),
      /expected 48 tiles \(192 bytes\), got 189 bytes/,
    );
  });

  test('corrupt or truncated compressed data is reported', () => {
    const map = JSON.parse(read('map-zlib.tmj'));
    map.layers[0].data = map.layers[0].data.slice(0, 16);
    assert.throws(
      () => readTiledLayer(map, { layer: 'Ground' }),
      /layer "Ground": zlib data cannot be decompressed/,
    );
  });

  test('data of the wrong size is reported', () => {
    const map = JSON.parse(read('map-csv.tmj'));
    map.layers[0].data.pop();
    assert.throws(() => readTiledLayer(map, { layer: 'Ground' }), /expected 48 tiles, got 47/);
    const tmx = read('map-csv.tmx').replace('0,2147483654,6,6,', '0,2147483654,6,');
    assert.throws(() => readTiledLayer(tmx, { layer: 'Ground' }), /expected 48 CSV tiles, got 47/);
    const zlib = JSON.parse(read('map-zlib.tmj'));
    zlib.layers[0].data = Buffer.from(zlibSync(new Uint8Array(40))).toString('base64');
    assert.throws(
      () => readTiledLayer(zlib, { layer: 'Ground' }),
      /expected 48 tiles \(192 bytes\), got 40 bytes/,
    );
  });

  test('an unknown encoding or compression is named; zstd says it is not supported', () => {
    const map = JSON.parse(read('map-base64.tmj'));
    map.layers[0].encoding = 'hex';
    assert.throws(
      () => readTiledLayer(map, { layer: 'Ground' }),
      /unknown encoding "hex" \(expected csv or base64\)/,
    );
    map.layers[0].encoding = 'base64';
    map.layers[0].compression = 'lzma';
    assert.throws(() => readTiledLayer(map, { layer: 'Ground' }), /unknown compression "lzma"/);
    for (const name of ['map-zstd.tmj', 'map-zstd.tmx']) {
      assert.throws(
        () => readTiledLayer(read(name), { layer: 'Ground' }),
        /zstd-compressed layer data is not supported; in Tiled choose/,
      );
    }
  });

  test('a GID outside every tileset is reported', () => {
    assert.throws(
      () => readTiledLayer(tinyMap(['0', '0'], { extra: { data: [0, 10] } }), { layer: 'L' }),
      /tile GID 10 is past the end of tileset "set" \(firstgid 1, 9 tiles\)/,
    );
    const map = tinyMap(['1']);
    map.tilesets[0].firstgid = 3;
    assert.throws(() => readTiledLayer(map, { layer: 'L' }), /tile GID 1 belongs to no tileset/);
    assert.throws(
      () => readTiledLayer(tinyMap(['0'], { extra: { data: [-1] } }), { layer: 'L' }),
      /tile 0 is not a valid GID: -1/,
    );
    const csv = read('map-csv.tmx').replace('2147483649,1,268435457,', '2147483649,x1,268435457,');
    assert.throws(() => readTiledLayer(csv, { layer: 'Ground' }), /CSV tile 1 is not a GID: "x1"/);
  });

  test('bad tile properties and bad classOf results name the tile', () => {
    const cost0 = tinyMap(['1'], {
      tiles: [{ id: 0, properties: [{ name: 'cost', type: 'float', value: 0 }] }],
    });
    assert.throws(
      () => readTiledLayer(cost0, { layer: 'L' }),
      /tile GID 1: property cost must be a number > 0 \(use blocked for walls\), got 0/,
    );
    const class300 = tinyMap(['1'], {
      tiles: [{ id: 0, properties: [{ name: 'pathClass', type: 'int', value: 300 }] }],
    });
    assert.throws(
      () => readTiledLayer(class300, { layer: 'L' }),
      /pathClass must be an integer 0..255, got 300/,
    );
    assert.throws(
      () => readTiledLayer(tinyMap(['1']), { layer: 'L', classOf: () => 256 }),
      /classOf\(1\) returned 256/,
    );
    assert.throws(
      () => readTiledLayer(tinyMap(['1']), { layer: 'L', classOf: () => 0.5 }),
      /classOf\(1\) returned 0.5/,
    );
    assert.throws(
      () => readTiledLayer(tinyMap(['1']), { layer: 'L', classof: () => 1 }),
      /unknown option "classof"/,
    );
  });

  test('input that is not a Tiled map is refused', () => {
    assert.throws(() => readTiledLayer('{"a":1}', { layer: 'L' }), /no "layers" array/);
    assert.throws(
      () => readTiledLayer('hello', { layer: 'L' }),
      /neither TMX \(XML\) nor Tiled JSON/,
    );
    assert.throws(() => readTiledLayer(42, { layer: 'L' }), /map must be a Tiled JSON object/);
    const tmx = read('map-csv.tmx');
    assert.throws(
      () => readTiledLayer(tmx.slice(0, tmx.indexOf('</layer>')), { layer: 'Ground' }),
      /TMX: the file ends inside <layer> \(truncated\?\)/,
    );
    assert.throws(
      () => readTiledLayer(tmx.slice(0, tmx.indexOf('tileheight')), { layer: 'Ground' }),
      /TMX: malformed tag at line 2/,
    );
    assert.throws(
      () => readTiledLayer('<tileset name="x"/>', { layer: 'L' }),
      /TMX: no <map> element/,
    );
  });
});
