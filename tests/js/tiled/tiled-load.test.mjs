// loadTiledMap (a map with its external tilesets and object templates, read from files),
// listTiledLayers, Tiled's Collision Editor shapes and the warning for a layer that says nothing:
// on Tiled's own example maps (tests/fixtures/tiled/real, see its README) and hand-written ones.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadTiledMap, listTiledLayers, readTiledLayer, readTiledMap } from '../../../js/tiled.js';
import { COLLISION_EXPECTED, COLLISION_GROUND } from '../../fixtures/tiled/generate.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');
const real = (name) => join(fixtures, 'real', name);
const text = (path) => readFileSync(path, 'utf8');
const walls = (rows) => Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0));
const count = (cells, cls) => cells.reduce((n, c) => n + (c === cls ? 1 : 0), 0);

/** An in-memory file system for options.read: { 'dir/name': text }, reads recorded. */
function memory(files) {
  const reads = [];
  const read = async (url) => {
    reads.push(url.href);
    const path = url.href.replace(/^mem:\/\/host\//, '');
    if (!Object.hasOwn(files, path)) throw new Error(`no such file: ${path}`);
    return files[path];
  };
  return { read, reads };
}

describe("loadTiledMap on Tiled's example maps", () => {
  test('desert.tmx loads with its external desert.tsx, and its ground layer is warned about', async () => {
    assert.throws(
      () => readTiledLayer(text(real('desert.tmx')), { layer: 'Ground' }),
      /desert\.tsx/,
    );
    const ground = await loadTiledMap(real('desert.tmx'), { layers: ['Ground'] });
    assert.equal(ground.width * ground.height, 1600);
    assert.equal(count(ground.cells, 1), 1600, 'every tile says nothing: all walls');
    assert.equal(ground.warnings.length, 1);
    assert.match(ground.warnings[0], /^layer "Ground" has a tile in every cell .* all walls/);
    for (const fix of ['Collision Editor', 'blocked/cost', "tiles: 'floor'", 'wall layer']) {
      assert.ok(ground.warnings[0].includes(fix), fix);
    }
    const floor = await loadTiledMap(pathToFileURL(real('desert.tmx')), {
      layer: 'Ground',
      tiles: 'floor',
    });
    assert.equal(count(floor.cells, 0), 1600);
    assert.match(floor.warnings[0], /all floor/);
    // Read as floor already: the fixes left are shapes, properties or a wall layer over it.
    assert.match(floor.warnings[0], /properties, or put a wall layer over it$/);
    assert.ok(!floor.warnings[0].includes("tiles: 'floor'"), floor.warnings[0]);
  });

  test('sewers, isometric_grass_and_water, hexagonal-mini: a full ground layer gets the warning', async () => {
    for (const [file, layer] of [
      ['sewers.tmx', 'Bottom'],
      ['isometric_grass_and_water.tmx', 'Tile Layer 1'],
      ['hexagonal-mini.tmx', 'Ground'],
    ]) {
      const grid = await loadTiledMap(real(file), { layers: [layer] });
      assert.equal(count(grid.cells, 1), grid.width * grid.height, file);
      assert.equal(grid.warnings.length, 1, file);
      assert.ok(
        grid.warnings[0].startsWith(`layer ${JSON.stringify(layer)} has a tile in every cell`),
        file,
      );
    }
  });

  test('rpg/island.tmx: ground as floor under the other layers warns nothing', async () => {
    const grid = await loadTiledMap(real('rpg/island.tmx'), {
      layers: [{ layer: 'Ground', tiles: 'floor' }, 'Fringe', 'Objects'],
    });
    assert.deepEqual(grid.warnings, []);
    assert.equal(grid.width, 58);
    assert.ok(count(grid.cells, 0) > 0 && count(grid.cells, 1) > 0);
  });

  test('sticker-knight/sandbox.tmx: objects placed from templates, whose tileset is "../objs.tsx"', async () => {
    const files = {};
    for (const name of [
      'sandbox.tmx',
      'objs.tsx',
      'templates/hero.tx',
      'templates/block.tx',
      'templates/diamond.tx',
    ]) {
      files[`map/${name}`] = text(real(`sticker-knight/map/${name}`));
    }
    const mem = memory(files);
    const grid = await loadTiledMap('mem://host/map/sandbox.tmx', {
      layers: ['game'],
      read: mem.read,
    });
    assert.deepEqual(mem.reads.sort(), [
      'mem://host/map/objs.tsx',
      'mem://host/map/sandbox.tmx',
      'mem://host/map/templates/block.tx',
      'mem://host/map/templates/diamond.tx',
      'mem://host/map/templates/hero.tx',
    ]);
    // Independent reference: each instance is its template's tile rectangle (width x height
    // from the .tx, hanging from the instance's x, y), covering the cells whose centre it holds.
    const sizes = {};
    for (const name of ['hero', 'block', 'diamond']) {
      const tx = files[`map/templates/${name}.tx`];
      sizes[`templates/${name}.tx`] = [/width="(\d+)"/, /height="(\d+)"/].map((r) =>
        Number(tx.match(r)[1]),
      );
    }
    const expected = new Uint8Array(grid.width * grid.height);
    const layer = files['map/sandbox.tmx'].split('name="game"')[1].split('</objectgroup>')[0];
    let objects = 0;
    for (const [, template, x, y] of layer.matchAll(
      /template="([^"]+)" x="([\d.]+)" y="([\d.]+)"/g,
    )) {
      const [w, h] = sizes[template];
      objects++;
      for (let cy = 0; cy < grid.height; cy++) {
        for (let cx = 0; cx < grid.width; cx++) {
          const px = (cx + 0.5) * 32;
          const py = (cy + 0.5) * 32;
          if (px >= +x && px <= +x + w && py >= +y - h && py <= +y)
            expected[cy * grid.width + cx] = 1;
        }
      }
    }
    assert.equal(objects, 9);
    assert.ok(count(expected, 1) > 20);
    assert.deepEqual(grid.cells, expected);
  });

  test('listTiledLayers: every layer with its kind, size and visibility, in .tmx and .tmj', () => {
    assert.deepEqual(listTiledLayers(text(real('desert.tmx'))), [
      { name: 'Ground', path: 'Ground', kind: 'tilelayer', visible: true, width: 40, height: 40 },
    ]);
    const sandbox = listTiledLayers(text(real('sticker-knight/map/sandbox.tmx')));
    assert.equal(sandbox.length, 11);
    assert.deepEqual(sandbox.at(-1), {
      name: 'bounds',
      path: 'bounds',
      kind: 'objectgroup',
      visible: false,
      objects: 2,
    });
    for (const ext of ['tmx', 'tmj']) {
      const yard = listTiledLayers(text(join(fixtures, `courtyard.${ext}`)));
      assert.deepEqual(
        yard.map((l) => [l.path, l.kind, l.visible, l.width ?? l.objects]),
        [
          ['Ground', 'tilelayer', true, 10],
          ['Walls', 'tilelayer', true, 10],
          ['Collision', 'objectgroup', false, 10],
        ],
        ext,
      );
    }
    const tmxGroups = `<map width="2" height="1" tilewidth="16" tileheight="16">
 <group name="Level" visible="0"><layer name="Walls" width="2" height="1"><data encoding="csv">0,0</data></layer></group>
 <group name="Deco"><imagelayer name="Sky"/><objectgroup name="Lights" visible="0"/></group>
</map>`;
    assert.deepEqual(
      listTiledLayers(tmxGroups).map((l) => [l.path, l.kind, l.visible]),
      [
        ['Level', 'group', false],
        ['Level/Walls', 'tilelayer', false],
        ['Deco', 'group', true],
        ['Deco/Sky', 'imagelayer', true],
        ['Deco/Lights', 'objectgroup', false],
      ],
    );
    const grouped = {
      width: 2,
      height: 1,
      tilewidth: 16,
      tileheight: 16,
      tilesets: [],
      layers: [
        {
          type: 'group',
          name: 'Level',
          visible: false,
          layers: [
            { type: 'tilelayer', name: 'Walls', width: 2, height: 1, data: [0, 0] },
            { type: 'imagelayer', name: 'Sky' },
          ],
        },
        {
          type: 'tilelayer',
          name: 'Big',
          chunks: [
            { x: -16, y: 0, width: 16, height: 16, data: [] },
            { x: 16, y: 32, width: 16, height: 16, data: [] },
          ],
        },
      ],
      infinite: true,
    };
    assert.deepEqual(listTiledLayers(grouped), [
      { name: 'Level', path: 'Level', kind: 'group', visible: false },
      {
        name: 'Walls',
        path: 'Level/Walls',
        kind: 'tilelayer',
        visible: false,
        width: 2,
        height: 1,
      },
      { name: 'Sky', path: 'Level/Sky', kind: 'imagelayer', visible: false },
      {
        name: 'Big',
        path: 'Big',
        kind: 'tilelayer',
        visible: true,
        width: 48,
        height: 48,
        offsetX: -16,
        offsetY: 0,
      },
    ]);
  });
});

describe("Tiled's Collision Editor: shapes drawn on tiles", () => {
  for (const ext of ['tmx', 'tmj']) {
    test(`collision.${ext}: tiles blocked where their shapes cover the centre, tile objects and templates too`, async () => {
      const grid = await loadTiledMap(join(fixtures, `collision.${ext}`), {
        layers: ['Ground', 'Decor', 'Props'],
      });
      assert.deepEqual(grid.cells, walls(COLLISION_EXPECTED));
      assert.deepEqual(grid.warnings, []);
      const ground = await loadTiledMap(join(fixtures, `collision.${ext}`), { layer: 'Ground' });
      assert.deepEqual(
        ground.cells,
        walls(['########', '#......#', '#.#..#.#', '#......#', '#......#', '########']),
      );
      const ignored = await loadTiledMap(join(fixtures, `collision.${ext}`), {
        layer: 'Ground',
        collision: 'ignore',
      });
      // Ignored shapes: every tile is a wall but the one whose property says blocked = false.
      assert.deepEqual(ignored.cells, walls(COLLISION_GROUND.map((r) => r.replace(/[^o]/g, '#'))));
    });
  }

  test('the centre rule against an independent check, on random shapes of a 16 x 16 tile', () => {
    let rng = 7;
    const random = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const seen = { blocked: 0, open: 0 };
    for (let round = 0; round < 300; round++) {
      const kind = round % 3;
      const x = Math.floor(random() * 16);
      const y = Math.floor(random() * 16);
      const w = 1 + Math.floor(random() * (17 - x));
      const h = 1 + Math.floor(random() * (17 - y));
      let shape;
      let covers;
      if (kind === 0) {
        shape = { id: 1, x, y, width: w, height: h };
        covers = x <= 8 && 8 <= x + w && y <= 8 && 8 <= y + h;
      } else if (kind === 1) {
        shape = { id: 1, x, y, width: w, height: h, ellipse: true };
        covers = ((8 - x - w / 2) / (w / 2)) ** 2 + ((8 - y - h / 2) / (h / 2)) ** 2 <= 1;
      } else {
        // A right triangle with its right angle at (x, y).
        shape = {
          id: 1,
          x,
          y,
          polygon: [
            { x: 0, y: 0 },
            { x: w, y: 0 },
            { x: 0, y: h },
          ],
        };
        const [u, v] = [(8 - x) / w, (8 - y) / h];
        covers = u >= 0 && v >= 0 && u + v <= 1;
        // Points exactly on the slanted edge depend on rounding: not a case to judge.
        if (Math.abs(u + v - 1) < 1e-9) continue;
      }
      const map = {
        width: 1,
        height: 1,
        tilewidth: 16,
        tileheight: 16,
        orientation: 'orthogonal',
        tilesets: [
          {
            firstgid: 1,
            name: 't',
            tilecount: 1,
            tilewidth: 16,
            tileheight: 16,
            tiles: [{ id: 0, objectgroup: { objects: [shape] } }],
          },
        ],
        layers: [{ type: 'tilelayer', name: 'L', width: 1, height: 1, data: [1] }],
      };
      const cell = readTiledLayer(map, { layer: 'L' }).cells[0];
      assert.equal(cell, covers ? 1 : 0, JSON.stringify(shape));
      seen[covers ? 'blocked' : 'open']++;
    }
    assert.ok(seen.blocked > 30 && seen.open > 30, JSON.stringify(seen));
  });

  test('random stacks of layers against a reference: shapeless tiles leave shape walls standing', () => {
    // Roles of the collision tileset's tiles (ids 0..6, see generate.mjs): what the shapes say.
    const role = ['open', 'blocks', 'blocks', 'open', 'blocks', 'property-open', 'open'];
    const tsx = text(join(fixtures, 'collision.tsx'));
    let rng = 11;
    const random = (n) => (rng = (rng * 1103515245 + 12345) % 2 ** 31) % n;
    let checked = 0;
    for (let round = 0; round < 60; round++) {
      const [width, height] = [1 + random(9), 1 + random(9)];
      const layers = Array.from({ length: 1 + random(3) }, () =>
        Array.from({ length: width * height }, () => (random(3) === 0 ? 0 : 1 + random(7))),
      );
      const expected = new Uint8Array(width * height);
      const byShape = new Uint8Array(width * height);
      for (const gids of layers) {
        gids.forEach((gid, i) => {
          if (gid === 0) return;
          const r = role[gid - 1];
          if (r === 'blocks') [expected[i], byShape[i]] = [1, 1];
          else if (r === 'property-open') [expected[i], byShape[i]] = [0, 0];
          else if (!byShape[i]) expected[i] = 0;
        });
      }
      const map = {
        width,
        height,
        tilewidth: 16,
        tileheight: 16,
        orientation: 'orthogonal',
        tilesets: [{ firstgid: 1, source: 'collision.tsx' }],
        layers: layers.map((data, i) => ({
          type: 'tilelayer',
          name: `L${i}`,
          width,
          height,
          data,
        })),
      };
      const grid = readTiledMap(map, {
        layers: layers.map((_, i) => `L${i}`),
        tilesets: { 'collision.tsx': tsx },
      });
      assert.deepEqual(grid.cells, expected, `round ${round}`);
      checked += width * height;
    }
    assert.ok(checked > 500, `${checked} cells`);
  });

  test('a tile object with a full-square shape covers what a blocked tile object covers, rotated and scaled', () => {
    // Two tilesets: tile 1 with a shape over the whole tile, tile 2 with blocked = true and no
    // shapes (painted by the object painter's own tile rectangle): the same cells, any placement.
    const tiles = [
      { id: 0, objectgroup: { objects: [{ id: 1, x: 0, y: 0, width: 16, height: 16 }] } },
      { id: 1, properties: [{ name: 'blocked', type: 'bool', value: true }] },
    ];
    let rng = 5;
    const random = () => (rng = (rng * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let covered = 0;
    for (let round = 0; round < 200; round++) {
      const place = {
        x: Math.round(random() * 160 * 4) / 4,
        y: Math.round(random() * 160 * 4) / 4,
        width: 4 + Math.round(random() * 60),
        height: 4 + Math.round(random() * 60),
        rotation: [0, 90, 180, 270, 33, -60][round % 6],
      };
      const read = (gid) =>
        readTiledMap(
          {
            width: 12,
            height: 12,
            tilewidth: 16,
            tileheight: 16,
            orientation: 'orthogonal',
            tilesets: [
              { firstgid: 1, name: 't', tilecount: 2, tilewidth: 16, tileheight: 16, tiles },
            ],
            layers: [{ type: 'objectgroup', name: 'O', objects: [{ id: 1, gid, ...place }] }],
          },
          { layers: ['O'] },
        ).cells;
      const byShape = read(1);
      const byProperty = read(2);
      assert.deepEqual(byShape, byProperty, `round ${round} ${JSON.stringify(place)}`);
      covered += count(byProperty, 1);
    }
    assert.ok(covered > 400, `${covered} cells covered`);
  });

  test('a custom classOf is told what the shapes say, and decides', () => {
    const seen = new Map();
    readTiledLayer(text(join(fixtures, 'collision.tmx')), {
      layer: 'Ground',
      tilesets: { 'collision.tsx': text(join(fixtures, 'collision.tsx')) },
      classOf: (gid, properties, tile) => {
        seen.set(gid, tile.collision);
        return 0;
      },
    });
    assert.deepEqual(Object.fromEntries(seen), {
      1: 'open',
      2: 'blocks',
      3: 'blocks',
      4: 'open',
      5: 'blocks',
      6: 'blocks',
    });
  });
});

describe('loadTiledMap: hostile and broken inputs', () => {
  const map = (objects, tilesets = []) =>
    JSON.stringify({
      width: 2,
      height: 1,
      tilewidth: 16,
      tileheight: 16,
      tilesets,
      layers: [{ type: 'objectgroup', name: 'Things', objects }],
    });

  test('paths that climb out of the map folder are read relative to the map, as Tiled does', async () => {
    const mem = memory({
      'a/b/level.tmj': map(
        [{ id: 1, template: '../../props/crate.tj', x: 0, y: 0 }],
        [{ firstgid: 1, source: '../tiles.tsj' }],
      ),
      'props/crate.tj': JSON.stringify({ type: 'template', object: { width: 16, height: 16 } }),
      'a/tiles.tsj': JSON.stringify({ name: 'tiles', tilecount: 1, tiles: [] }),
    });
    const grid = await loadTiledMap('mem://host/a/b/level.tmj', {
      layers: ['Things'],
      read: mem.read,
    });
    assert.deepEqual([...grid.cells], [1, 0]);
    assert.deepEqual(mem.reads, [
      'mem://host/a/b/level.tmj',
      'mem://host/a/tiles.tsj',
      'mem://host/props/crate.tj',
    ]);
  });

  test('a missing file, a failing fetch or a bad return value names the file', async () => {
    const mem = memory({ 'level.tmj': map([], [{ firstgid: 1, source: 'gone.tsj' }]) });
    await assert.rejects(
      loadTiledMap('mem://host/level.tmj', { layers: ['Things'], read: mem.read }),
      {
        message:
          'loadTiledMap: cannot read the tileset "gone.tsj" named by the map at mem://host/gone.tsj: no such file: gone.tsj',
      },
    );
    await assert.rejects(
      loadTiledMap(join(fixtures, 'no-such-map.tmx'), { layers: ['x'] }),
      (error) => {
        assert.match(
          error.message,
          /^loadTiledMap: cannot read the map at file:\/\/.*no-such-map\.tmx: ENOENT/,
        );
        return true;
      },
    );
    await assert.rejects(
      loadTiledMap('mem://host/x.tmj', { layers: ['x'], read: async () => 42 }),
      {
        message:
          'loadTiledMap: cannot read the map at mem://host/x.tmj: options.read returned 42: expected text or bytes',
      },
    );
    await assert.rejects(loadTiledMap(7, { layers: ['x'] }), {
      name: 'TypeError',
      message: 'loadTiledMap: source must be a path or a URL, got 7',
    });
    await assert.rejects(loadTiledMap('x.tmj', { layers: ['x'], read: 'fs' }), {
      name: 'TypeError',
    });
    await assert.rejects(loadTiledMap(join(fixtures, 'courtyard.tmx'), {}), {
      message:
        'loadTiledMap: say which layers to read with options.layers (or options.layer); this map\'s tile and object layers: "Ground", "Walls", "Collision"',
    });
    await assert.rejects(
      loadTiledMap(join(fixtures, 'collision.tmx'), { layer: 'Ground', collision: 'none' }),
      {
        name: 'TypeError',
        message: /^options\.collision must be 'shapes' .* or 'ignore', got "none"$/,
      },
    );
  });

  test('cycles are refused: a tileset that is the map, a template that places itself', async () => {
    const self = memory({ 'level.tmj': map([], [{ firstgid: 1, source: './level.tmj' }]) });
    await assert.rejects(
      loadTiledMap('mem://host/level.tmj', { layers: ['Things'], read: self.read }),
      {
        name: 'RangeError',
        message: 'the map names the map itself as its tileset "./level.tmj": a cycle',
      },
    );
    const loop = memory({
      'level.tmj': map([{ id: 3, template: 'loop.tj', x: 0, y: 0 }]),
      'loop.tj': JSON.stringify({ type: 'template', object: { template: 'loop.tj' } }),
    });
    await assert.rejects(
      loadTiledMap('mem://host/level.tmj', { layers: ['Things'], read: loop.read }),
      {
        name: 'RangeError',
        message:
          'the template "loop.tj" (object 3 of layer "Things") places its object from the template "loop.tj" (itself: a cycle): Tiled templates do not nest',
      },
    );
  });

  test('a map naming thousands of files is refused before it reads them all', async () => {
    const objects = Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      template: `t${i}.tj`,
      x: 0,
      y: 0,
    }));
    let reads = 0;
    const read = async (url) => {
      reads++;
      if (url.href.endsWith('level.tmj')) return map(objects);
      return JSON.stringify({ type: 'template', object: { width: 1, height: 1 } });
    };
    await assert.rejects(loadTiledMap('mem://host/level.tmj', { layers: ['Things'], read }), {
      name: 'RangeError',
      message:
        'loadTiledMap: mem://host/level.tmj names more than 1000 files (tilesets and templates)',
    });
    assert.equal(reads, 1000);
  });

  test('one tileset name meaning two files is refused', async () => {
    const mem = memory({
      'level.tmj': map(
        [{ id: 1, template: 'sub/t.tj', x: 0, y: 0 }],
        [{ firstgid: 1, source: 'tiles.tsj' }],
      ),
      'sub/t.tj': JSON.stringify({
        type: 'template',
        tileset: { firstgid: 1, source: 'tiles.tsj' },
        object: { gid: 1 },
      }),
      'tiles.tsj': '{}',
      'sub/tiles.tsj': '{}',
    });
    await assert.rejects(
      loadTiledMap('mem://host/level.tmj', { layers: ['Things'], read: mem.read }),
      {
        message:
          'the tileset name "tiles.tsj" means mem://host/tiles.tsj in one file and mem://host/sub/tiles.tsj in the template "sub/t.tj": rename one',
      },
    );
  });

  test('collision shapes are counted: a tileset with too many is refused', () => {
    const objects = Array.from({ length: 100001 }, (_, i) => ({
      id: i,
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    }));
    const tileset = { name: 'huge', tilecount: 1, tiles: [{ id: 0, objectgroup: { objects } }] };
    const grid = {
      width: 1,
      height: 1,
      tilewidth: 16,
      tileheight: 16,
      tilesets: [{ firstgid: 1, ...tileset }],
      layers: [{ type: 'tilelayer', name: 'L', width: 1, height: 1, data: [1] }],
    };
    assert.throws(() => readTiledLayer(grid, { layer: 'L' }), {
      name: 'RangeError',
      message: 'tileset "huge": more than 100000 collision shapes in its tiles',
    });
  });
});
