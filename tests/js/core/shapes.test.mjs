// Staggered and hexagonal grids through the wasm API (issue 11), against the reference of
// support/shape-reference.mjs: random maps with edits between queries, and a Moving AI map read
// as each shape. Workers and Tiled files: shapes-workers.test.mjs.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { loadMap } from '../support/movingai.mjs';
import { random } from '../../e2e/pages/worker-maps.js';
import {
  SHAPES,
  RULES,
  randomEnds,
  dijkstra,
  legalCost,
  close,
  mapOf,
} from '../support/shape-reference.mjs';

const tp = await createPathfinder();

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

  test('refuses a misspelt shape field (it would silently give a square grid), not other fields', () => {
    for (const [fields, meant] of [
      [{ orientaton: 'hexagonal' }, 'orientation'],
      [{ Orientation: 'hexagonal' }, 'orientation'],
      [{ stagger_axis: 'x', orientation: 'staggered' }, 'staggerAxis'],
      [{ staggerindex: 'even', orientation: 'hexagonal' }, 'staggerIndex'],
      [{ cell: new Uint8Array(16) }, 'cells'],
    ]) {
      assert.throws(() => tp.createGrid(4, 4, fields), {
        name: 'TypeError',
        message: `createGrid: unknown field '${Object.keys(fields)[0]}' (did you mean '${meant}'?)`,
      });
    }
    assert.equal(tp.liveGrids(), 0);
    // What readTiledLayer returns beside the grid's fields is still welcome.
    const layer = {
      width: 4,
      height: 4,
      cells: new Uint8Array(16),
      costs: { 1: 0 },
      gids: [],
      offsetX: 0,
      offsetY: 0,
      tileWidth: 32,
      tileHeight: 16,
      orientation: 'isometric',
    };
    const grid = tp.createGrid(4, 4, layer);
    assert.equal(grid.shape.orientation, 'isometric');
    grid.dispose();
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
          // Reachability, kept up to date through the edits: a way exists when the reference has
          // one (a unit reaches where it stands, blocked or not, as findPath finds it).
          assert.equal(
            grid.canReach(sx, sy, gx, gy, { diagonal: rule }),
            want !== Infinity,
            `canReach ${JSON.stringify(shape)} ${rule} ${sx},${sy} -> ${gx},${gy}`,
          );
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
        // A flow field to that cell: each route it gives is legal and as cheap as findPath's.
        const field = grid.flowField([sx, sy], { diagonal: rule });
        for (let k = 0; k < 20; k++) {
          const c = open[Math.floor(rand() * open.length)];
          const [cx, cy] = [c % width, Math.floor(c / width)];
          const search = grid.findPath(cx, cy, sx, sy, { diagonal: rule });
          if (search.status !== 'found') {
            assert.equal(field.costAt(cx, cy), Infinity);
            continue;
          }
          const route = field.pathFrom(cx, cy);
          assert.deepEqual([...route.slice(-2)], [sx, sy]);
          assert.ok(close(legalCost(map, rule, route), search.cost), `${cx},${cy}`);
          assert.ok(Math.abs(field.costAt(cx, cy) - search.cost) < 1e-3 * Math.max(1, search.cost));
        }
      }
      grid.dispose();
    });
  }
});
