// Staggered and hexagonal grids through PathWorker, InThreadPathWorker and a pool, and read from
// the Tiled fixtures of both shapes in every encoding (issue 11), against the reference of
// support/shape-reference.mjs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { readTiledLayer } from '../../../js/tiled.js';
import {
  FORMATS,
  SHAPES as FIXTURE_SHAPES,
  HEX_INFINITE_SHAPE,
  HEX_INFINITE_CHUNKS,
} from '../../fixtures/tiled/generate.mjs';
import { random } from '../../e2e/pages/worker-maps.js';
import {
  SHAPES,
  randomEnds,
  edgeNeighbours,
  dijkstra,
  legalCost,
  close,
  mapOf,
} from '../support/shape-reference.mjs';

const tp = await createPathfinder();
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');

// --- PathWorker ----------------------------------------------------------------------------

describe('PathWorker and InThreadPathWorker with a shape', () => {
  const width = 24;
  const height = 20;
  const rand = random(5);
  const cells = Uint8Array.from({ length: width * height }, () => (rand() < 0.25 ? 1 : 0));

  for (const shape of [SHAPES[1], SHAPES[6]]) {
    test(`${shape.orientation} ${shape.staggerAxis} ${shape.staggerIndex}: answers as the grid does`, async () => {
      const grid = tp.createGrid(width, height, { cells, ...shape });
      const map = mapOf(grid, [1]);
      const rule = 'oneObstacle';
      const workers = [
        await PathWorker.create({ width, height, cells: cells.slice(), ...shape }),
        await PathWorker.create({ width, height, cells: cells.slice(), ...shape, workers: 2 }),
        await InThreadPathWorker.create({
          width,
          height,
          cells: cells.slice(),
          ...shape,
          loadPathfinder: () => createPathfinder(),
        }),
      ];
      try {
        for (const pw of workers) assert.deepEqual(pw.shape, grid.shape);
        for (let q = 0; q < 10; q++) {
          const [sx, sy, gx, gy] = randomEnds(rand, width, height);
          // An edit first, on every copy of the map.
          const [ex, ey, ec] = [Math.floor(rand() * width), Math.floor(rand() * height), q % 2];
          grid.setCell(ex, ey, ec);
          for (const pw of workers) pw.setCell(ex, ey, ec);
          map.cells = grid.cells();
          const want = grid.findPath(sx, sy, gx, gy, { diagonal: rule, goal: 'adjacent' });
          const dist = dijkstra(map, rule, sx, sy);
          if (want.status === 'found') {
            assert.ok(close(want.cost, dist[want.goal.y * width + want.goal.x]));
            assert.ok(close(legalCost(map, rule, want.path), want.cost));
          }
          for (const pw of workers) {
            const got = await pw.findPath(sx, sy, gx, gy, { diagonal: rule, goal: 'adjacent' });
            assert.equal(got.status, want.status);
            assert.deepEqual([...got.path], [...want.path]);
            assert.deepEqual(got.goal, want.goal);
          }
        }
      } finally {
        for (const pw of workers) pw.terminate();
        grid.dispose();
      }
    });
  }

  test('the path cache drops an answer when a side cell of its staggered diagonal is blocked', async () => {
    const shape = { orientation: 'staggered', staggerAxis: 'y', staggerIndex: 'odd' };
    const pw = await InThreadPathWorker.create({
      width: 6,
      height: 10,
      ...shape,
      cache: 8,
      loadPathfinder: () => createPathfinder(),
    });
    const grid = tp.createGrid(6, 10, shape);
    try {
      const options = { diagonal: 'noCorners' };
      const first = await pw.findPath(0, 0, 0, 8, options);
      // From (0, 1) (a shifted row) two rows down to (0, 3): a diagonal step between (0, 2), (1, 2).
      assert.deepEqual([...first.path].slice(0, 6), [0, 0, 0, 1, 0, 3]);
      assert.equal((await pw.findPath(0, 0, 0, 8, options)).cached, true);
      pw.setCell(1, 2, 1);
      grid.setCell(1, 2, 1);
      const after = await pw.findPath(0, 0, 0, 8, options);
      assert.notEqual(after.cached, true);
      assert.equal(after.cost, grid.findPath(0, 0, 0, 8, options).cost);
      assert.ok(after.cost > first.cost);
    } finally {
      pw.terminate();
      grid.dispose();
    }
  });

  test('create refuses a bad shape before any worker starts', () => {
    assert.throws(() => PathWorker.create({ width: 4, height: 4, orientation: 'square' }), {
      name: 'RangeError',
      message: /orientation must be one of/,
    });
    assert.throws(
      () =>
        InThreadPathWorker.create({
          width: 4,
          height: 4,
          orientation: 'hexagonal',
          staggerIndex: 'both',
          loadPathfinder: () => createPathfinder(),
        }),
      { name: 'RangeError', message: /staggerIndex must be one of 'odd', 'even', got "both"/ },
    );
  });
});

// --- Tiled ---------------------------------------------------------------------------------

describe('Tiled maps of both shapes', () => {
  const read = (name) => readFileSync(join(fixtures, name), 'utf8');
  for (const name of Object.keys(FIXTURE_SHAPES)) {
    for (const format of FORMATS) {
      for (const ext of ['tmx', 'tmj']) {
        const file = `${name}-${format}.${ext}`;
        test(`${file}: createGrid(width, height, layer) searches with the map's neighbours`, () => {
          const layer = readTiledLayer(read(file), { layer: 'Ground' });
          const grid = tp.createGrid(layer.width, layer.height, layer);
          assert.equal(grid.shape.orientation, FIXTURE_SHAPES[name].orientation);
          assert.equal(grid.shape.staggerAxis, FIXTURE_SHAPES[name].staggeraxis);
          assert.equal(grid.shape.staggerIndex, FIXTURE_SHAPES[name].staggerindex);
          const costs = [];
          const table =
            layer.costs instanceof Map ? layer.costs : Object.entries(layer.costs ?? {});
          for (const [cls, cost] of table) {
            grid.setCost(Number(cls), cost);
            costs[Number(cls)] = cost;
          }
          costs[0] ??= 1;
          const map = mapOf(grid, costs);
          const rule = 'noCorners';
          let found = 0;
          for (let s = 0; s < map.cells.length; s += 5) {
            const dist = dijkstra(map, rule, s % grid.width, Math.floor(s / grid.width));
            for (let g = 0; g < map.cells.length; g += 3) {
              const r = grid.findPath(
                s % grid.width,
                Math.floor(s / grid.width),
                g % grid.width,
                Math.floor(g / grid.width),
                {
                  diagonal: rule,
                },
              );
              if (dist[g] === Infinity) assert.equal(r.status, 'none');
              else {
                assert.ok(close(r.cost, dist[g]));
                assert.ok(close(legalCost(map, rule, r.path), r.cost));
                found++;
              }
            }
          }
          assert.ok(found > 20);
          grid.dispose();
        });
      }
    }
  }

  test('an infinite map cropped at an odd row: the grid neighbours are the map tiles neighbours', () => {
    const json = {
      ...HEX_INFINITE_SHAPE,
      width: 4,
      height: 4,
      tilewidth: HEX_INFINITE_SHAPE.tilewidth,
      tileheight: 16,
      infinite: true,
      tilesets: [{ firstgid: 1, name: 'set', tilecount: 8, tiles: [] }],
      layers: [
        {
          type: 'tilelayer',
          name: 'Ground',
          chunks: HEX_INFINITE_CHUNKS.map(({ x, y }) => ({
            x,
            y,
            width: 3,
            height: 3,
            data: Array(9).fill(1),
          })),
        },
      ],
    };
    const layer = readTiledLayer(JSON.stringify(json), { layer: 'Ground' });
    assert.equal(layer.offsetY % 2 !== 0, true, 'the fixture starts on an odd row');
    // The layer's shape on an open grid of its size, so that every neighbour is one step away.
    const grid = tp.createGrid(layer.width, layer.height, { ...layer, cells: undefined });
    const mapShape = {
      orientation: 'hexagonal',
      staggerAxis: HEX_INFINITE_SHAPE.staggeraxis,
      staggerIndex: HEX_INFINITE_SHAPE.staggerindex,
    };
    // Every one-step path in the grid joins tiles that are neighbours in the map.
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) {
        const mapNeighbours = edgeNeighbours(mapShape, x + layer.offsetX, y + layer.offsetY);
        for (const [nx, ny] of mapNeighbours) {
          const [gx, gy] = [nx - layer.offsetX, ny - layer.offsetY];
          if (gx < 0 || gy < 0 || gx >= grid.width || gy >= grid.height) continue;
          const r = grid.findPath(x, y, gx, gy);
          assert.equal(r.cost, 1, `${x},${y} -> ${gx},${gy}`);
        }
      }
    }
    grid.dispose();
  });
});
