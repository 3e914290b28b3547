// Staggered and hexagonal grids through the wasm API and through PathWorker (issue 11), against
// a reference written here: its own neighbour rule (the tiles Tiled draws around a tile, listed
// per shifted and unshifted row or column) and a plain Dijkstra. Random maps with edits between
// queries, a Moving AI map read as each shape, and the Tiled fixtures of both shapes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPathfinder } from '../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../js/worker-node.js';
import { readTiledLayer } from '../../js/tiled.js';
import {
  FORMATS,
  SHAPES as FIXTURE_SHAPES,
  HEX_INFINITE_SHAPE,
  HEX_INFINITE_CHUNKS,
} from '../fixtures/tiled/generate.mjs';
import { loadMap } from './support/movingai.mjs';
import { random } from '../e2e/pages/worker-maps.js';

const tp = await createPathfinder();
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'tiled');

const SHAPES = ['staggered', 'hexagonal'].flatMap((orientation) =>
  ['x', 'y'].flatMap((staggerAxis) =>
    ['odd', 'even'].map((staggerIndex) => ({ orientation, staggerAxis, staggerIndex })),
  ),
);
const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];

/** Start and goal: four random coordinates in a width x height grid. */
function randomEnds(rand, width, height) {
  return [rand() * width, rand() * height, rand() * width, rand() * height].map(Math.floor);
}

// --- the reference -------------------------------------------------------------------------

const shifted = (shape, s) => (Math.abs(s) % 2 === 1) === (shape.staggerIndex === 'odd');

/** Tiles sharing an edge with (x, y): six on hexagonal maps, four on staggered ones. */
function edgeNeighbours(shape, x, y) {
  if (shape.staggerAxis === 'y') {
    const left = shifted(shape, y) ? x : x - 1;
    const out = [
      [left, y - 1],
      [left + 1, y - 1],
      [left, y + 1],
      [left + 1, y + 1],
    ];
    if (shape.orientation === 'hexagonal') out.push([x - 1, y], [x + 1, y]);
    return out;
  }
  const top = shifted(shape, x) ? y : y - 1;
  const out = [
    [x - 1, top],
    [x - 1, top + 1],
    [x + 1, top],
    [x + 1, top + 1],
  ];
  if (shape.orientation === 'hexagonal') out.push([x, y - 1], [x, y + 1]);
  return out;
}

/** A staggered map's corner-sharing tiles. */
function cornerNeighbours(shape, x, y) {
  if (shape.orientation !== 'staggered') return [];
  return shape.staggerAxis === 'y'
    ? [
        [x - 1, y],
        [x + 1, y],
        [x, y - 2],
        [x, y + 2],
      ]
    : [
        [x, y - 1],
        [x, y + 1],
        [x - 2, y],
        [x + 2, y],
      ];
}

/** The moves from (x, y): [x, y, length], under the corner rule. */
function moves(map, rule, x, y) {
  const { width, height, shape } = map;
  const passable = (cx, cy) =>
    cx >= 0 && cy >= 0 && cx < width && cy < height && map.cost(map.cells[cy * width + cx]) > 0;
  const edges = edgeNeighbours(shape, x, y);
  const out = edges.filter(([cx, cy]) => passable(cx, cy)).map(([cx, cy]) => [cx, cy, 1]);
  for (const [cx, cy] of cornerNeighbours(shape, x, y)) {
    if (!passable(cx, cy)) continue;
    const around = edgeNeighbours(shape, cx, cy);
    const sides = edges
      .filter(([ax, ay]) => around.some(([bx, by]) => ax === bx && ay === by))
      .map(([ax, ay]) => passable(ax, ay));
    assert.equal(sides.length, 2);
    const ok =
      rule === 'always' ||
      (rule === 'oneObstacle' && (sides[0] || sides[1])) ||
      (rule === 'noCorners' && sides[0] && sides[1]);
    if (ok) out.push([cx, cy, Math.SQRT2]);
  }
  return out;
}

/** Cost from (sx, sy) to every cell: a plain Dijkstra with a sorted frontier. */
function dijkstra(map, rule, sx, sy) {
  const { width } = map;
  const dist = new Float64Array(map.cells.length).fill(Infinity);
  dist[sy * width + sx] = 0;
  const done = new Uint8Array(map.cells.length);
  const frontier = [sy * width + sx];
  while (frontier.length) {
    let best = 0;
    for (let k = 1; k < frontier.length; k++)
      if (dist[frontier[k]] < dist[frontier[best]]) best = k;
    const i = frontier.splice(best, 1)[0];
    if (done[i]) continue;
    done[i] = 1;
    for (const [x, y, length] of moves(map, rule, i % width, Math.floor(i / width))) {
      const j = y * width + x;
      const d = dist[i] + length * map.cost(map.cells[j]);
      if (d < dist[j]) {
        dist[j] = d;
        frontier.push(j);
      }
    }
  }
  return dist;
}

/** The path's cost if every step is a move, else throws naming the step. */
function legalCost(map, rule, path) {
  let cost = 0;
  for (let k = 2; k < path.length; k += 2) {
    const move = moves(map, rule, path[k - 2], path[k - 1]).find(
      ([x, y]) => x === path[k] && y === path[k + 1],
    );
    assert.ok(move, `step ${k / 2} to ${path[k]},${path[k + 1]} is not a move`);
    cost += move[2] * map.cost(map.cells[path[k + 1] * map.width + path[k]]);
  }
  return cost;
}

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** A map the reference reads: the cells as the grid holds them and its cost table. */
function mapOf(grid, costs) {
  return {
    width: grid.width,
    height: grid.height,
    shape: grid.shape,
    cells: grid.cells(),
    cost: (cls) => costs[cls] ?? 0,
  };
}

// --- the wasm API --------------------------------------------------------------------------

describe('createGrid with a shape', () => {
  test('takes the shape as an object, reads it back, defaults as Tiled does', () => {
    const hex = tp.createGrid(4, 3, { orientation: 'hexagonal', staggerAxis: 'x' });
    assert.deepEqual(hex.shape, {
      orientation: 'hexagonal',
      staggerAxis: 'x',
      staggerIndex: 'odd',
    });
    hex.dispose();
    const cells = new Uint8Array(12).fill(1);
    const plain = tp.createGrid(4, 3, cells);
    assert.equal(plain.shape.orientation, 'orthogonal');
    assert.equal(plain.get(3, 2), 1);
    plain.dispose();
    const withCells = tp.createGrid(4, 3, { cells, orientation: 'staggered' });
    assert.equal(withCells.get(1, 1), 1);
    assert.equal(withCells.shape.staggerAxis, 'y');
    withCells.dispose();
  });

  test('refuses bad shapes, naming the field and the value', () => {
    assert.throws(() => tp.createGrid(4, 4, { orientation: 'hex' }), {
      name: 'RangeError',
      message:
        /orientation must be one of 'orthogonal', 'isometric', 'staggered', 'hexagonal', got "hex"/,
    });
    assert.throws(() => tp.createGrid(4, 4, { orientation: 'staggered', staggerAxis: 1 }), {
      name: 'TypeError',
      message: /staggerAxis must be one of 'x', 'y', got 1/,
    });
    assert.throws(() => tp.createGrid(4, 4, { staggerIndex: 'odd ' }), /staggerIndex/);
    assert.throws(() => tp.createGrid(4, 4, 'hexagonal'), TypeError);
    assert.throws(() => tp.createGrid(4, 4, { cells: [1, 2] }), /cells must have/);
    assert.equal(tp.liveGrids(), 0);
  });

  test('refuses smoothing there, and reports the A* that JPS falls back to', () => {
    for (const shape of SHAPES) {
      const grid = tp.createGrid(6, 6, shape);
      assert.throws(() => grid.findPath(0, 0, 5, 5, { smooth: true }), {
        name: 'RangeError',
        message: new RegExp(`smooth is not supported on ${shape.orientation} grids`),
      });
      const jps = grid.findPath(0, 0, 5, 5, { algorithm: 'jps', diagonal: 'noCorners' });
      assert.equal(jps.status, 'found');
      assert.equal(jps.algorithm, 'astar');
      grid.dispose();
    }
  });

  test('names the facing in the shape own directions', () => {
    const hex = tp.createGrid(5, 5, { orientation: 'hexagonal' }); // axis y, odd rows shifted
    // (1, 1) is on a shifted row: (2, 0) is its northeast, (1, 2) its southwest.
    const ne = hex.findPath(1, 1, 2, 0, { goal: 'adjacent' });
    assert.deepEqual(ne.goal, { x: 1, y: 1, dx: 1, dy: -1, facing: 'northeast' });
    const sw = hex.findPath(1, 1, 1, 2, { goal: 'adjacent' });
    assert.equal(sw.goal.facing, 'southwest');
    assert.equal(hex.findPath(0, 0, 4, 0, { goal: 'adjacent' }).goal.facing, 'east');
    assert.equal(hex.findPath(0, 0, 0, 0).goal.facing, 'none');
    hex.dispose();
    const iso = tp.createGrid(4, 6, { orientation: 'staggered' });
    // Two rows up is the tile north of this one (a corner-sharing, diagonal step).
    const north = iso.findPath(1, 4, 1, 2, { goal: 'adjacent', diagonal: 'always' });
    assert.equal(north.goal.facing, 'north');
    assert.equal(north.cost, 0);
    iso.dispose();
  });

  test('A*, Dijkstra and BFS cost what the reference costs, with legal paths, edits between', () => {
    const rand = random(11);
    let found = 0;
    for (const shape of SHAPES) {
      for (let trial = 0; trial < 12; trial++) {
        const width = 2 + Math.floor(rand() * 16);
        const height = 2 + Math.floor(rand() * 16);
        const weighted = trial % 2 === 0;
        const costs = weighted ? [1, 0, 1 + rand() * 3, 0.5 + rand()] : [1];
        const pick = () => {
          const r = rand();
          return r < 0.25 ? 1 : weighted ? (r < 0.5 ? 2 : r < 0.75 ? 3 : 0) : 0;
        };
        const cells = Uint8Array.from({ length: width * height }, pick);
        const grid = tp.createGrid(width, height, { cells, ...shape });
        costs.forEach((cost, cls) => cls > 0 && grid.setCost(cls, cost));
        const rule = RULES[trial % 4];
        for (let query = 0; query < 4; query++) {
          for (let e = 0; e < 4; e++) {
            grid.setCell(Math.floor(rand() * width), Math.floor(rand() * height), pick());
          }
          const map = mapOf(grid, costs);
          const [sx, sy, gx, gy] = randomEnds(rand, width, height);
          const want = dijkstra(map, rule, sx, sy)[gy * width + gx];
          for (const algorithm of ['astar', 'dijkstra', 'bfs']) {
            const what = `${JSON.stringify(shape)} ${rule} ${algorithm} ${sx},${sy} -> ${gx},${gy}`;
            const r = grid.findPath(sx, sy, gx, gy, { algorithm, diagonal: rule });
            if (want === Infinity) {
              assert.equal(r.status, 'none', what);
              continue;
            }
            assert.equal(r.status, 'found', what);
            assert.ok(close(r.cost, want), `${what}: ${r.cost} vs ${want}`);
            assert.ok(close(legalCost(map, rule, r.path), r.cost), what);
            found++;
          }
        }
        grid.dispose();
      }
    }
    assert.ok(found > 300, `only ${found} paths found`);
  });
});

describe('a Moving AI map read as each shape', () => {
  const { width, height, cells } = loadMap('arena.map');
  for (const shape of SHAPES) {
    test(`${shape.orientation} ${shape.staggerAxis} ${shape.staggerIndex}`, () => {
      const grid = tp.createGrid(width, height, { cells, ...shape });
      const map = mapOf(grid, [1]);
      const rand = random(shape.orientation.length * 7 + shape.staggerAxis.charCodeAt(0));
      const open = [];
      for (let i = 0; i < cells.length; i++) if (cells[i] === 0) open.push(i);
      const rule = shape.orientation === 'staggered' ? 'noCorners' : 'never';
      for (let q = 0; q < 3; q++) {
        const s = open[Math.floor(rand() * open.length)];
        const [sx, sy] = [s % width, Math.floor(s / width)];
        const dist = dijkstra(map, rule, sx, sy);
        for (let k = 0; k < 5; k++) {
          const g = open[Math.floor(rand() * open.length)];
          const [gx, gy] = [g % width, Math.floor(g / width)];
          const r = grid.findPath(sx, sy, gx, gy, { diagonal: rule });
          if (dist[g] === Infinity) {
            assert.equal(r.status, 'none');
            continue;
          }
          assert.ok(close(r.cost, dist[g]), `${sx},${sy} -> ${gx},${gy}: ${r.cost} vs ${dist[g]}`);
          assert.ok(close(legalCost(map, rule, r.path), r.cost));
        }
        // The movement range from the same cell agrees with the reference everywhere.
        const range = grid.reachable(sx, sy, { diagonal: rule });
        for (let i = 0; i < cells.length; i++) {
          if (dist[i] === Infinity) assert.equal(range.costs[i], Infinity);
          else assert.ok(Math.abs(range.costs[i] - dist[i]) < 1e-3 * Math.max(1, dist[i]));
        }
      }
      grid.dispose();
    });
  }
});

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
