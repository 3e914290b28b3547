// Movement profiles from Tiled tile properties: `cost.NAME` and `blocked.NAME` give profile NAME
// its cost of the tile's class; readTiledLayer returns them as `profiles`, and applyProfiles
// (with applyCosts) makes a grid whose boats and walkers each search by their own costs.
// Run: node --test tests/js/tiled/tiled-profiles.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { applyCosts, applyProfiles, readTiledLayer } from '../../../js/tiled.js';
import { tiledMap } from '../support/draw-maps.mjs';

const tp = await createPathfinder();

/** A one-tileset map of digit rows: 0 empty, n the tileset's tile n - 1 (support/draw-maps). */
const tinyMap = (rows, tiles) =>
  JSON.parse(tiledMap(rows, { layer: 'L', gids: { 0: 0, 1: 1, 2: 2, 3: 3, 4: 4 }, tiles }).tmj);

// Tile 1 water (blocked; boats 1), 2 forest (cost 1.2; cavalry 6, boats blocked), 3 wall,
// 4 a ford: walkers 3, boats 1 (another class than water: its default cost differs).
const TILES = {
  0: { blocked: true, 'cost.boat': 1 },
  1: { cost: 1.2, 'cost.cavalry': 6, 'blocked.boat': true },
  2: { blocked: true },
  3: { cost: 3, 'cost.boat': 1 },
};

test('cost.NAME and blocked.NAME give each profile its costs, each profiled tile its class', () => {
  const layer = readTiledLayer(tinyMap(['01234', '11110'], TILES), { layer: 'L' });
  const [water, forest, wall, ford] = [1, 2, 3, 4].map((k) => layer.cells[k]);
  assert.equal(new Set([0, water, forest, wall, ford]).size, 5, 'five classes');
  assert.equal(wall, 1);
  assert.deepEqual(layer.costs, { [forest]: 1.2, [ford]: 3 });
  assert.deepEqual(layer.profiles, {
    boat: { [forest]: Infinity, [ford]: 1, [water]: 1 },
    cavalry: { [forest]: 6, [ford]: 3 },
  });
});

test('a grid made from the layer: boats sail, walkers walk, cavalry rides round the forest', async () => {
  const map = tinyMap(
    [
      '0000000',
      '0111110',
      '0222220',
      '0000000',
    ],
    TILES,
  ); // prettier-ignore
  const layer = readTiledLayer(map, { layer: 'L' });
  const grid = applyProfiles(
    applyCosts(tp.createGrid(layer.width, layer.height, layer.cells), layer.costs),
    layer.profiles,
  );
  assert.deepEqual(grid.profiles(), ['default', 'boat', 'cavalry']);
  assert.equal(grid.findPath(0, 2, 6, 2).cost, 7); // through the forest: 5 x 1.2 + 1
  assert.equal(grid.findPath(0, 2, 6, 2, { profile: 'cavalry' }).cost, 8); // round by row 3
  assert.equal(grid.findPath(1, 1, 5, 1, { profile: 'boat' }).cost, 4);
  assert.equal(grid.canReach(1, 1, 1, 2, { profile: 'boat' }), false);
  grid.dispose();
  // A PathWorker takes them the same way, or in create's `profiles`, as the layer has them.
  for (const pw of [
    applyProfiles(
      await PathWorker.create({ ...layer, cells: layer.cells.slice(), profiles: {} }),
      layer.profiles,
    ),
    await PathWorker.create({ ...layer, cells: layer.cells.slice() }),
    await InThreadPathWorker.create({
      ...layer,
      cells: layer.cells.slice(),
      loadPathfinder: () => tp,
    }),
    await PathWorker.create({ ...layer, cells: layer.cells.slice(), workers: 2 }),
  ]) {
    try {
      assert.deepEqual(pw.profiles(), ['default', 'boat', 'cavalry']);
      assert.equal((await pw.findPath(0, 2, 6, 2, { profile: 'cavalry' })).cost, 8);
      assert.equal((await pw.findPath(1, 1, 5, 1, { profile: 'boat' })).cost, 4);
    } finally {
      pw.terminate();
    }
  }
});

test('bad profile properties are refused, naming the tile and the property', () => {
  const bad = (properties) => () =>
    readTiledLayer(tinyMap(['1'], { 0: properties }), { layer: 'L' });
  assert.throws(bad({ 'cost.boat': -1 }), {
    name: 'RangeError',
    message:
      'tile GID 1: property cost.boat must be a number > 0 (use blocked.boat for walls), got -1',
  });
  assert.throws(bad({ 'blocked.boat': 1 }), {
    name: 'TypeError',
    message: 'tile GID 1: property blocked.boat must be a bool, got 1',
  });
  assert.throws(bad({ 'cost.default': 2 }), /names no profile/);
  assert.throws(() => applyProfiles({}, {}), /must have setProfile/);
  assert.throws(() => PathWorker.create({ width: 2, height: 2, profiles: { boat: { 1: -1 } } }), {
    name: 'RangeError',
    message: /^profiles\.boat: costs\[1\]: cost must be/,
  });
  assert.throws(
    () => PathWorker.create({ width: 2, height: 2, profiles: { default: {} } }),
    /'default'/,
  );
});
