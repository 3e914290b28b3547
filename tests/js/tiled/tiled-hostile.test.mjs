// Hostile Tiled files: size claims, decompression bombs, far-apart chunks, names that are
// JavaScript's own (__proto__), loose numbers and booleans, deep nesting, bad code points, NaN.
// Each must fail fast with a message naming the problem, or read correctly; the heavy ones run
// in a child process so their peak memory (maxRSS) can be checked.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { readTiledLayer } from '../../../js/tiled.js';

const tiledEntry = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'js',
  'tiled.js',
);

/** A one-layer Tiled JSON map whose layer says it is width x height. */
function jsonMap(width, height, layer) {
  return {
    width,
    height,
    tilewidth: 16,
    tileheight: 16,
    orientation: 'orthogonal',
    infinite: false,
    tilesets: [{ firstgid: 1, name: 'set', tilecount: 4, tiles: [] }],
    layers: [{ type: 'tilelayer', name: 'L', width, height, ...layer }],
  };
}

const zlibLayer = (bytes) => ({
  encoding: 'base64',
  compression: 'zlib',
  data: deflateSync(bytes, { level: 1 }).toString('base64'),
});

/** TMX around some layer XML and tileset XML. */
function tmx(body, { tileset = '', map = 'width="2" height="1"' } = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" ${map} tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="set" tilewidth="16" tileheight="16" tilecount="4" columns="4">
  <image source="set.png" width="64" height="16"/>${tileset}
 </tileset>
${body}
</map>`;
}
const csvLayer = (csv, size = 'width="2" height="1"') =>
  ` <layer id="1" name="L" ${size}>\n  <data encoding="csv">${csv}</data>\n </layer>`;

/**
 * Reads `map` (written to a file) with readTiledLayer in a fresh node with a small heap; returns
 * { message, maxRssMB, ms, cpuMs, cells }.
 */
function readInChild(map, options, heapMB = 256) {
  const dir = mkdtempSync(join(tmpdir(), 'tilepath-hostile-'));
  try {
    const file = join(dir, 'map.json');
    writeFileSync(file, typeof map === 'string' ? map : JSON.stringify(map));
    const script = `
      import { readFileSync } from 'node:fs';
      import { readTiledLayer } from ${JSON.stringify(tiledEntry)};
      const text = readFileSync(${JSON.stringify(file)}, 'utf8');
      const start = performance.now();
      const cpu0 = process.cpuUsage();
      let message = null, cells = 0;
      try { cells = readTiledLayer(text, ${JSON.stringify(options)}).cells.length; }
      catch (error) { message = error.constructor.name + ': ' + error.message; }
      const ms = performance.now() - start;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      console.log(JSON.stringify({ message, cells, ms, cpuMs, maxRssMB: process.resourceUsage().maxRSS / 1024 }));`;
    const out = execFileSync(
      process.execPath,
      [`--max-old-space-size=${heapMB}`, '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 60_000 },
    );
    return JSON.parse(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('hostile Tiled files: sizes are checked before anything is allocated', () => {
  test('a decompression bomb stops at the layer size, fast and in a small heap', () => {
    // 256 MB of zeros in 250 KB, for a layer that says it holds 8 x 8 tiles (256 bytes).
    const bomb = jsonMap(8, 8, zlibLayer(Buffer.alloc(256 << 20)));
    const r = readInChild(bomb, { layer: 'L' }, 32);
    assert.equal(
      r.message,
      'RangeError: layer "L": zlib data inflates to more than the 256 bytes (64 tiles) the layer says it holds; stopped there',
    );
    assert.ok(r.maxRssMB < 160, `peak RSS ${r.maxRssMB.toFixed(0)} MB`);
  });

  test('a gzip bomb is stopped the same way', () => {
    const map = jsonMap(2, 2, {
      encoding: 'base64',
      compression: 'gzip',
      data: execGzip(Buffer.alloc(8 << 20)),
    });
    assert.throws(
      () => readTiledLayer(map, { layer: 'L' }),
      /^RangeError: layer "L": gzip data inflates to more than the 16 bytes \(4 tiles\)/,
    );
  });

  test('a layer above the cell limit is refused before its data is read', () => {
    for (const map of [
      jsonMap(5000, 5000, { data: [] }),
      tmx(csvLayer('', 'width="5000" height="5000"')),
    ]) {
      assert.throws(
        () => readTiledLayer(map, { layer: 'L' }),
        (e) =>
          e instanceof RangeError &&
          e.message ===
            'layer "L": 5000 x 5000 = 25000000 cells is more than the grid limit of 16777216 cells',
      );
    }
    assert.throws(
      () => readTiledLayer(jsonMap(20000, 1, { data: [] }), { layer: 'L' }),
      /^RangeError: layer "L": width 20000 is more than the grid limit of 16384 per side$/,
    );
  });

  test('two far-apart chunks of an infinite map are refused, not read as a giant grid', () => {
    const map = jsonMap(1, 1, {});
    map.infinite = true;
    map.layers[0].chunks = [
      { x: -5000, y: -5000, width: 1, height: 1, data: [1] },
      { x: 5000, y: 5000, width: 1, height: 1, data: [2] },
    ];
    assert.throws(
      () => readTiledLayer(map, { layer: 'L' }),
      (e) =>
        e instanceof RangeError &&
        e.message ===
          'layer "L": its chunks span 10001 x 10001 tiles (-5000,-5000 to 5000,5000), more than a ' +
            'grid can hold (16384 per side, 16777216 cells): move the chunks closer together or split the map',
    );
  });

  test('chunks claiming more cells than a grid holds are refused before any is decoded', () => {
    const map = jsonMap(1, 1, {});
    map.infinite = true;
    map.layers[0].chunks = Array.from({ length: 5 }, (_, i) => ({
      x: i * 4096,
      y: 0,
      width: 4096,
      height: 1024,
      data: 'not decoded',
      encoding: 'base64',
    }));
    assert.throws(
      () => readTiledLayer(map, { layer: 'L' }),
      /^RangeError: layer "L": its chunks hold more than the grid limit of 16777216 cells$/,
    );
  });

  test('a legal 4096 x 4096 base64+zlib layer reads in a heap a small multiple of its size', (t) => {
    // Rooms and corridors: walls every 8th row and column, doors in them.
    const side = 4096;
    const bytes = Buffer.alloc(side * side * 4);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const wall = (x % 8 === 0 || y % 8 === 0) && (x + y) % 13 !== 0;
        if (wall) bytes.writeUInt32LE(2, (y * side + x) * 4);
      }
    }
    const map = jsonMap(side, side, zlibLayer(bytes));
    // Fresh processes: what a game pays loading one map (inflate not yet compiled by the JIT).
    const runs = [1, 2, 3].map(() => readInChild(map, { layer: 'L' }, 64));
    for (const r of runs) {
      assert.equal(r.message, null);
      assert.equal(r.cells, side * side);
      // GIDs (64 MB) + cells (16 MB) + the text: anything near the old 1 GB means a copy too many.
      assert.ok(r.maxRssMB < 400, `peak RSS ${r.maxRssMB.toFixed(0)} MB`);
    }
    const sorted = (key) => runs.map((r) => r[key].toFixed(0)).sort((a, b) => a - b);
    const [ms, cpu] = [sorted('ms'), sorted('cpuMs')];
    const rss = Math.max(...runs.map((r) => r.maxRssMB));
    t.diagnostic(
      `4096 x 4096 base64+zlib layer, 3 fresh processes: median ${ms[1]} ms wall (${ms[0]}-${ms[2]}), ` +
        `${cpu[1]} ms CPU (${cpu[0]}-${cpu[2]}), peak RSS ${rss.toFixed(0)} MB with a 64 MB JS heap`,
    );
  });
});

function execGzip(bytes) {
  return execFileSync(
    process.execPath,
    [
      '-e',
      'process.stdout.write(require("zlib").gzipSync(require("fs").readFileSync(0)).toString("base64"))',
    ],
    {
      input: bytes,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
}

describe('hostile Tiled files: names are plain names', () => {
  test('__proto__ and constructor as property names are ordinary properties', () => {
    const seen = [];
    const classOf = (gid, properties) => {
      if (gid !== 0) seen.push(Object.entries(properties));
      return 0;
    };
    const map = jsonMap(1, 1, { data: [1] });
    map.tilesets[0].tiles = [
      {
        id: 0,
        properties: [
          { name: '__proto__', type: 'string', value: 'polluted' },
          { name: 'constructor', type: 'int', value: 3 },
        ],
      },
    ];
    readTiledLayer(map, { layer: 'L', classOf });
    const tile =
      '\n  <tile id="0"><properties><property name="__proto__" value="polluted"/>' +
      '<property name="constructor" type="int" value="3"/></properties></tile>';
    readTiledLayer(tmx(csvLayer('1,0'), { tileset: tile }), { layer: 'L', classOf });
    assert.deepEqual(seen, [
      [
        ['__proto__', 'polluted'],
        ['constructor', 3],
      ],
      [
        ['__proto__', 'polluted'],
        ['constructor', 3],
      ],
    ]);
    assert.equal({}.polluted, undefined);
  });

  test('a tile whose blocked property is named through __proto__ does not change the class', () => {
    const map = jsonMap(1, 1, { data: [1] });
    map.tilesets[0].tiles = [
      { id: 0, properties: [{ name: '__proto__', type: 'class', value: { blocked: false } }] },
    ];
    assert.deepEqual([...readTiledLayer(map, { layer: 'L' }).cells], [1]);
  });

  test('__proto__ and constructor as entity names are unknown entities', () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      assert.throws(
        () =>
          readTiledLayer(
            tmx(csvLayer('1,0'), { tileset: `<!-- &${name}; -->` }).replace(
              'name="set"',
              `name="&${name};"`,
            ),
            { layer: 'L' },
          ),
        (e) => e instanceof TypeError && e.message === `TMX: unknown XML entity &${name};`,
      );
    }
  });
});

describe('hostile Tiled files: numbers and booleans are read strictly', () => {
  const cases = [
    [
      'gid="0x1"',
      tmx(
        ' <layer id="1" name="L" width="2" height="1"><data><tile gid="0x1"/><tile/></data></layer>',
      ),
      'layer "L", <tile>: attribute gid must be an integer, got "0x1"',
    ],
    [
      'firstgid=" 2 "',
      tmx(csvLayer('1,0')).replace('firstgid="1"', 'firstgid=" 2 "'),
      'TMX <tileset> 0: attribute firstgid must be an integer, got " 2 "',
    ],
    [
      'width="7abc"',
      tmx(csvLayer('1,0', 'width="7abc" height="1"')),
      'layer "L": attribute width must be an integer, got "7abc"',
    ],
    [
      'chunk x=""',
      tmx(
        ' <layer id="1" name="L" width="2" height="1"><data encoding="csv"><chunk x="" y="0" width="2" height="1">1,0</chunk></data></layer>',
      ).replace('infinite="0"', 'infinite="1"'),
      'layer "L", chunk 0: attribute x must be an integer, got ""',
    ],
    [
      'a bool "TRUE"',
      tmx(csvLayer('1,0'), {
        tileset:
          '<tile id="0"><properties><property name="blocked" type="bool" value="TRUE"/></properties></tile>',
      }),
      'tileset "set", tile 0: property "blocked" must be true or false, got "TRUE"',
    ],
    [
      'a float "NaN"',
      tmx(csvLayer('1,0'), {
        tileset:
          '<tile id="0"><properties><property name="cost" type="float" value="NaN"/></properties></tile>',
      }),
      'tileset "set", tile 0: property "cost" must be a finite number, got "NaN"',
    ],
    [
      'a JSON width of NaN',
      jsonMap(NaN, 1, { data: [1] }),
      'map: width must be an integer, got NaN',
    ],
    [
      'a JSON chunk x of "0"',
      {
        ...jsonMap(1, 1, { chunks: [{ x: '0', y: 0, width: 1, height: 1, data: [1] }] }),
        infinite: true,
      },
      'layer "L", chunk 0: x must be an integer, got "0"',
    ],
    [
      'a JSON bool property "TRUE"',
      {
        ...jsonMap(1, 1, { data: [1] }),
        tilesets: [
          {
            firstgid: 1,
            name: 'set',
            tilecount: 1,
            tiles: [{ id: 0, properties: [{ name: 'blocked', type: 'bool', value: 'TRUE' }] }],
          },
        ],
      },
      'tileset "set", tile 0: property "blocked" must be true or false, got "TRUE"',
    ],
    [
      'a JSON cost of NaN',
      {
        ...jsonMap(1, 1, { data: [1] }),
        tilesets: [
          {
            firstgid: 1,
            name: 'set',
            tilecount: 1,
            tiles: [{ id: 0, properties: [{ name: 'cost', type: 'float', value: NaN }] }],
          },
        ],
      },
      'tileset "set", tile 0: property "cost" must be a finite number, got NaN',
    ],
  ];
  // Found by mutating the JSON fixtures at random: each used to end in an engine error
  // (reading a property of undefined, converting an object without a prototype to a string).
  cases.push(
    [
      'a JSON chunk without x',
      {
        ...jsonMap(1, 1, { chunks: [{ y: 0, width: 1, height: 1, data: [1] }] }),
        infinite: true,
      },
      'layer "L", chunk 0: x is missing',
    ],
    [
      'a null tileset',
      { ...jsonMap(1, 1, { data: [1] }), tilesets: [null] },
      'tileset 0 must be an object',
    ],
    [
      'a property value without a prototype',
      {
        ...jsonMap(1, 1, { data: [1] }),
        tilesets: [
          {
            firstgid: 1,
            name: 'set',
            tilecount: 1,
            tiles: [
              { id: 0, properties: [{ name: 'cost', type: 'float', value: Object.create(null) }] },
            ],
          },
        ],
      },
      'tileset "set", tile 0: property "cost" must be a finite number, got an object',
    ],
    // Values JSON.stringify printed badly: a function as "undefined", an array as its JSON.
    [
      'an infinite that is a function',
      { ...jsonMap(1, 1, { data: [1] }), infinite: () => true },
      'map: infinite must be true or false, got a function',
    ],
    [
      'a compression that is an array',
      jsonMap(1, 1, { encoding: 'base64', compression: ['zlib'], data: 'AAAAAA==' }),
      'layer "L": unknown compression an array',
    ],
    [
      'an encoding that is an array',
      jsonMap(1, 1, { encoding: ['csv'], data: [1] }),
      'layer "L": unknown encoding an array (expected csv or base64)',
    ],
  );
  for (const [what, map, message] of cases) {
    test(`${what} is an error naming it`, () => {
      assert.throws(
        () => readTiledLayer(map, { layer: 'L' }),
        (e) => e instanceof TypeError && e.message === message,
      );
    });
  }
});

describe('hostile Tiled files: base64 read exactly', () => {
  const base64Map = (width, data) => jsonMap(width, 1, { encoding: 'base64', data });
  test('padding of one and two characters and line breaks anywhere read', () => {
    assert.deepEqual([...readTiledLayer(base64Map(1, 'AQAAAA=='), { layer: 'L' }).gids], [1]);
    assert.deepEqual(
      [...readTiledLayer(base64Map(2, 'AgAAAAEAAAA='), { layer: 'L' }).gids],
      [2, 1],
    );
    assert.deepEqual(
      [...readTiledLayer(base64Map(2, '\n  AgAA\r\n AAEA\tAAA=\n'), { layer: 'L' }).gids],
      [2, 1],
    );
  });

  test('a bad character or padding inside the data is named', () => {
    assert.throws(
      () => readTiledLayer(base64Map(2, 'AgAAAAEAAAA'), { layer: 'L' }),
      /^TypeError: layer "L": base64 data has 11 characters, not a multiple of 4 \(truncated\?\)$/,
    );
    assert.throws(
      () => readTiledLayer(base64Map(2, 'AgA*AAEAAAA='), { layer: 'L' }),
      /^TypeError: layer "L": invalid base64 character "\*"$/,
    );
    assert.throws(
      () => readTiledLayer(base64Map(2, 'Ag=AAAEAAAA='), { layer: 'L' }),
      /^TypeError: layer "L": invalid base64 '=' before the end$/,
    );
    assert.throws(
      () => readTiledLayer(base64Map(1, 'AQA*AA=='), { layer: 'L' }),
      /^TypeError: layer "L": invalid base64 character "\*"$/,
    );
  });
});

describe('hostile Tiled files: deep nesting, bad characters', () => {
  test('20,000 nested groups in JSON, as an object or as text, are read without recursion', () => {
    let layers = [{ type: 'tilelayer', name: 'L', width: 2, height: 1, data: [1, 0] }];
    for (let i = 0; i < 20_000; i++) layers = [{ type: 'group', name: 'g', layers }];
    const map = { ...jsonMap(2, 1, {}), layers };
    assert.deepEqual([...readTiledLayer(map, { layer: 'L' }).cells], [1, 0]);
    // The same as a file's text (JSON.stringify itself cannot write it: built by hand).
    const layer = JSON.stringify({
      type: 'tilelayer',
      name: 'L',
      width: 2,
      height: 1,
      data: [1, 0],
    });
    const text =
      '{"width":2,"height":1,"tilewidth":16,"tileheight":16,"tilesets":[{"firstgid":1,"tilecount":4}],"layers":' +
      '[{"type":"group","name":"g","layers":'.repeat(20_000) +
      `[${layer}]` +
      '}]'.repeat(20_000) +
      '}';
    assert.deepEqual([...readTiledLayer(text, { layer: 'L' }).cells], [1, 0]);
  });

  test('20,000 nested groups in TMX are refused with the depth limit', () => {
    const body = '<group name="g">'.repeat(20_000) + csvLayer('1,0') + '</group>'.repeat(20_000);
    assert.throws(
      () => readTiledLayer(tmx(body), { layer: 'L' }),
      (e) =>
        e instanceof RangeError &&
        e.message === 'TMX: elements nested more than 200 deep at line 6',
    );
  });

  test('a character reference past U+10FFFF is named', () => {
    for (const ref of ['&#x110000;', '&#0;', '&#xD800;', '&#99999999999;']) {
      assert.throws(
        () =>
          readTiledLayer(tmx(csvLayer('1,0')).replace('name="set"', `name="${ref}"`), {
            layer: 'L',
          }),
        (e) =>
          e instanceof RangeError &&
          e.message === `TMX: character reference ${ref} is not a valid Unicode code point`,
      );
    }
  });

  test('an old DOCTYPE line is skipped; one that could declare entities is refused', () => {
    const doctype = '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n';
    const text = tmx(csvLayer('1,0')).replace('<map ', `${doctype}<map `);
    assert.deepEqual([...readTiledLayer(text, { layer: 'L' }).cells], [1, 0]);
    const entities = tmx(csvLayer('1,0')).replace(
      '<map ',
      '<!DOCTYPE map [<!ENTITY boom "x">]>\n<map ',
    );
    assert.throws(
      () => readTiledLayer(entities, { layer: 'L' }),
      /^TypeError: TMX: a DOCTYPE with an internal subset \(\[\.\.\.\]\) is not supported \(it can declare entities\)$/,
    );
  });
});
