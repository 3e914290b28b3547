// The `tilepath prepare` command (js/bin/tilepath.mjs, package.json bin): a Tiled or Moving AI
// map in, a saved grid out, which tp.loadGrid loads with what was asked for already built.
// Run: node --test tests/js/core/prepare-cli.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
