// The `tilepath prepare` command (js/bin/tilepath.mjs, package.json bin): a Tiled or Moving AI
// map in, a saved grid out, which tp.loadGrid loads with what was asked for already built.
// Run: node --test tests/js/core/prepare-cli.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPathfinder } from '../../../js/node.js';
import { loadTiledMap } from '../../../js/tiled.js';
import { loadMap, movingaiDir, repoRoot } from '../support/movingai.mjs';

const tp = await createPathfinder();
const bin = join(repoRoot, 'js/bin/tilepath.mjs');
const fixtures = join(repoRoot, 'tests/fixtures/tiled');
const run = (...args) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

test('prepare writes a Moving AI map with its hierarchy, labels and unit sizes: loaded, nothing builds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tilepath-cli-'));
  try {
    const out = join(dir, 'den.tilepath');
    const r = run(
      'prepare',
      join(movingaiDir, 'den011d.map'),
      out,
      '--hpa',
      '--labels',
      '--unit-sizes',
      '1,2',
      '--diagonal',
      'noCorners',
    );
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /a 247 x 167 grid, \d+ bytes, with unitSize 2, labels, labels of unitSize 2, hpa/,
    );
    const grid = tp.loadGrid(readFileSync(out));
    try {
      assert.deepEqual(grid.cells(), loadMap('den011d.map').cells);
      const options = { algorithm: 'hpa', diagonal: 'noCorners' };
      let found = 0;
      // Starts and goals on open cells where a unit of size 2 fits.
      const map = loadMap('den011d.map');
      const open = [];
      for (let y = 0; y < map.height - 1; y++)
        for (let x = 0; x < map.width - 1; x++)
          if (map.cells[y * map.width + x] === 0) open.push([x, y]);
      for (let k = 0; k < 30; k++) {
        const [sx, sy] = open[(k * 7919) % open.length];
        const [gx, gy] = open[(k * 104729 + 13) % open.length];
        const r = grid.findPath(sx, sy, gx, gy, options);
        assert.equal(r.built, undefined);
        found += r.status === 'found';
        assert.equal(
          grid.findPath(sx, sy, gx, gy, { diagonal: 'noCorners', unitSize: 2 }).built,
          undefined,
        );
      }
      assert.ok(found > 5, `${found} found`);
    } finally {
      grid.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('prepare reads a Tiled map (its first tile layer, or --layer) with its costs and shape', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tilepath-cli-'));
  try {
    for (const [file, layer] of [
      ['courtyard.tmx', 'Walls'],
      ['hexagonal-x-odd-base64.tmj', undefined],
    ]) {
      const out = join(dir, `${file}.tilepath`);
      const r = run(
        'prepare',
        join(fixtures, file),
        out,
        '--labels',
        ...(layer ? ['--layer', layer] : []),
      );
      assert.equal(r.status, 0, r.stderr);
      const read = await loadTiledMap(join(fixtures, file), { layer: layer ?? 0 });
      const grid = tp.loadGrid(readFileSync(out));
      try {
        assert.deepEqual(grid.cells(), read.cells);
        assert.equal(grid.shape.orientation, read.orientation);
      } finally {
        grid.dispose();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad arguments and maps are refused with the usage or a message naming what is wrong', () => {
  const usage = run('prepare');
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /prepare needs MAP and OUT[\s\S]*usage: tilepath prepare/);
  assert.equal(run('bake', 'a', 'b').status, 2);
  assert.match(run('prepare', 'a.map', 'b', '--fast').stderr, /unknown option '--fast'/);
  assert.match(
    run('prepare', 'a.map', 'b', '--unit-sizes', '2,x').stderr,
    /'x' is not a unit size/,
  );
  const missing = run('prepare', join(fixtures, 'no-such-map.tmx'), join(tmpdir(), 'x.tilepath'));
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no-such-map\.tmx/);
  const hex = run(
    'prepare',
    join(fixtures, 'hexagonal-x-odd-base64.tmj'),
    join(tmpdir(), 'x.tilepath'),
    '--hpa',
  );
  assert.equal(hex.status, 1);
  assert.match(hex.stderr, /not supported on hexagonal grids/);
  assert.equal(run('--help').status, 0);
});

test("prepare keeps a Tiled map's profiles, one-way tiles and link objects (--layers): loaded, they answer alike", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tilepath-cli-'));
  try {
    const prop = (name, type, value) => ({ name, type, value });
    // Two floors side by side joined by stairs (a link object); a conveyor (entry 'right') and
    // water a boat crosses cheaply.
    const width = 20;
    const data = [];
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < width; x++)
        data.push(x === 10 ? 3 : y === 4 && x > 2 && x < 8 ? 2 : y === 6 && x > 12 ? 4 : 1);
    const map = {
      width,
      height: 8,
      tilewidth: 16,
      tileheight: 16,
      orientation: 'orthogonal',
      type: 'map',
      version: '1.10',
      tiledversion: '1.10.2',
      infinite: false,
      nextlayerid: 3,
      nextobjectid: 2,
      renderorder: 'right-down',
      layers: [
        {
          id: 1,
          type: 'tilelayer',
          name: 'Ground',
          width,
          height: 8,
          x: 0,
          y: 0,
          opacity: 1,
          visible: true,
          data,
        },
        {
          id: 2,
          type: 'objectgroup',
          name: 'Stairs',
          x: 0,
          y: 0,
          opacity: 1,
          visible: true,
          draworder: 'topdown',
          objects: [
            {
              id: 1,
              name: '',
              type: '',
              x: 40,
              y: 24,
              width: 0,
              height: 0,
              rotation: 0,
              visible: true,
              polyline: [
                { x: 0, y: 0 },
                { x: 240, y: 64 },
              ],
              properties: [prop('link', 'bool', true), prop('cost', 'float', 3)],
            },
          ],
        },
      ],
      tilesets: [
        {
          firstgid: 1,
          name: 'tiles',
          tilewidth: 16,
          tileheight: 16,
          tilecount: 4,
          columns: 4,
          tiles: [
            { id: 0, properties: [prop('blocked', 'bool', false)] },
            { id: 1, properties: [prop('entry', 'string', 'right')] },
            { id: 2, properties: [prop('blocked', 'bool', true)] },
            { id: 3, properties: [prop('cost', 'float', 5), prop('cost.boat', 'float', 1)] },
          ],
        },
      ],
    };
    const file = join(dir, 'floors.tmj');
    writeFileSync(file, JSON.stringify(map));
    const out = join(dir, 'floors.tilepath');
    const r = run('prepare', file, out, '--labels', '--layers', 'Ground,Stairs');
    assert.equal(r.status, 0, r.stderr);
    const read = await loadTiledMap(file, { layers: ['Ground', 'Stairs'] });
    assert.equal(read.links.length, 1);
    const original = tp.createGrid(read.width, read.height, read);
    for (const [cls, cost] of Object.entries(read.costs)) original.setCost(Number(cls), cost);
    for (const [name, costs] of Object.entries(read.profiles)) original.setProfile(name, costs);
    const grid = tp.loadGrid(readFileSync(out));
    try {
      assert.deepEqual(grid.links(), original.links());
      assert.deepEqual(grid.profiles(), ['default', 'boat']);
      const left = grid.findPath(1, 1, 15, 1);
      assert.equal(left.status, 'found');
      assert.ok(left.links?.length === 1, 'the floors meet only by the stairs');
      for (const [ends, options] of [
        [[1, 1, 15, 1], {}],
        [[8, 4, 2, 4], {}], // against the conveyor: around it
        [[12, 7, 18, 5], { profile: 'boat', diagonal: 'noCorners' }],
      ]) {
        const want = original.findPath(...ends, options);
        const got = grid.findPath(...ends, options);
        assert.deepEqual([got.cost, got.path], [want.cost, want.path], JSON.stringify(ends));
      }
    } finally {
      grid.dispose();
      original.dispose();
    }
    assert.match(
      run('prepare', file, out, '--layer', 'Ground', '--layers', 'Ground').stderr,
      /--layer or --layers, not both/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
