// Units bigger than one tile (`unitSize`) through wasm, PathWorker and InThreadPathWorker, against
// a reference written here: open positions and footprint costs derived by brute force from the
// cells, then a plain Dijkstra over positions with its own neighbour rule.
// Run: node --test tests/js/core/unit-size.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { drawMap, random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';
import { unitReference as reference } from '../support/unit-reference.mjs';

const tilepath = await createPathfinder();
const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

test('random maps with costs and edits: every algorithm costs what the reference Dijkstra does', () => {
  const rand = random(14);
  const pick = (k) => Math.floor(rand() * k);
  let found = 0;
  for (let trial = 0; trial < 40; trial++) {
    const width = 8 + pick(18);
    const height = 8 + pick(18);
    const cells = new Uint8Array(width * height).map(() =>
      rand() < 0.1 ? 1 : rand() < 0.3 ? 2 + pick(3) : 0,
    );
    const grid = tilepath.createGrid(width, height, cells);
    const costs = new Float64Array(256);
    costs[0] = 1;
    for (let c = 2; c < 5; c++) grid.setCost(c, (costs[c] = 0.5 + rand() * 3));
    for (let round = 0; round < 6; round++) {
      const edit = pick(4); // a cell, a rectangle, a class's cost, a whole new level
      if (edit === 0)
        for (let k = 0; k < 4; k++) grid.setCell(pick(width), pick(height), (cells[0] = pick(5)));
      else if (edit === 1)
        grid.fillRect(pick(width) - 1, pick(height) - 1, 1 + pick(4), 1 + pick(4), pick(5));
      else if (edit === 2) {
        const c = pick(5);
        grid.setCost(c, (costs[c] = rand() < 0.2 ? 0 : 0.5 + rand() * 3));
      } else {
        const level = grid.cells().map((v) => (rand() < 0.05 ? pick(5) : v));
        grid.setAll(level);
      }
      const now = grid.cells();
      const n = 1 + pick(4);
      const diagonal = RULES[(trial + round) % 4];
      const ref = reference(width, height, now, costs, n, diagonal);
      const sx = pick(width - n + 1);
      const sy = pick(height - n + 1);
      const gx = pick(width - n + 1);
      const gy = pick(height - n + 1);
      const from = ref.costsFrom(sx, sy);
      const want = from[gy * width + gx];
      // canReach from the start to every position: labels of the positions, kept current
      // through the edits above.
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          // A unit reaches where it stands, blocked or not (findPath finds it at cost 0).
          const reached = (x === sx && y === sy) || Number.isFinite(from[y * width + x]);
          const asked = grid.canReach(sx, sy, x, y, { unitSize: n, diagonal });
          if (asked !== reached)
            assert.fail(
              `trial ${trial} round ${round} size ${n} ${diagonal}: canReach to ${x},${y}`,
            );
        }
      for (const algorithm of ['astar', 'dijkstra', 'bfs', 'jps']) {
        const r = grid.findPath(sx, sy, gx, gy, { unitSize: n, diagonal, algorithm });
        const what = `trial ${trial} round ${round} size ${n} ${diagonal} ${algorithm}`;
        if (sx === gx && sy === gy) continue;
        if (!Number.isFinite(want) || !ref.open(gx, gy)) {
          assert.equal(r.status, 'none', what);
          continue;
        }
        assert.equal(r.status, 'found', what);
        assert.ok(close(r.cost, want), `${what}: ${r.cost} vs ${want}`);
        assert.ok(close(ref.legalCost(r.path), r.cost), what);
        assert.deepEqual([r.path[0], r.path[1], r.goal.x, r.goal.y], [sx, sy, gx, gy], what);
        found++;
      }
    }
    grid.dispose();
  }
  assert.ok(found > 300, `found ${found}`);
});

test('a Moving AI map: units of 2 and 3 cost the same under A*, JPS and the reference', () => {
  const map = loadMap('arena.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  const costs = new Float64Array(256);
  costs[0] = 1;
  const rand = random(3);
  for (const n of [2, 3]) {
    const ref = reference(map.width, map.height, map.cells, costs, n, 'noCorners');
    for (let q = 0; q < 8; q++) {
      let sx;
      let sy;
      do [sx, sy] = [Math.floor(rand() * (map.width - n)), Math.floor(rand() * (map.height - n))];
      while (!ref.open(sx, sy));
      const dist = ref.costsFrom(sx, sy);
      let gx;
      let gy;
      do [gx, gy] = [Math.floor(rand() * (map.width - n)), Math.floor(rand() * (map.height - n))];
      while (!Number.isFinite(dist[gy * map.width + gx]));
      const astar = grid.findPath(sx, sy, gx, gy, { unitSize: n, diagonal: 'noCorners' });
      const jps = grid.findPath(sx, sy, gx, gy, {
        unitSize: n,
        diagonal: 'noCorners',
        algorithm: 'jps',
      });
      assert.equal(jps.algorithm, 'jps');
      assert.ok(close(astar.cost, dist[gy * map.width + gx]));
      assert.ok(close(jps.cost, astar.cost));
      assert.ok(close(ref.legalCost(jps.path), jps.cost));
    }
  }
  assert.ok(grid.footprintMemoryBytes() > 2 * 46 * 46);
  grid.releaseUnitSize(2);
  grid.releaseUnitSize(3);
  assert.ok(grid.footprintMemoryBytes() < 100);
  grid.dispose();
});

test('flow fields and movement ranges of big units: their positions, costs as the reference', async () => {
  const rand = random(99);
  const pick = (k) => Math.floor(rand() * k);
  const width = 18;
  const height = 14;
  const cells = new Uint8Array(width * height).map(() =>
    rand() < 0.12 ? 1 : rand() < 0.2 ? 2 : 0,
  );
  const costs = new Float64Array(256);
  costs[0] = 1;
  costs[2] = 3;
  const grid = tilepath.createGrid(width, height, cells);
  grid.setCost(2, 3);
  const pw = await PathWorker.create({ width, height, cells: cells.slice(), costs: { 2: 3 } });
  try {
    for (let trial = 0; trial < 8; trial++) {
      const n = 2 + (trial % 3);
      const diagonal = RULES[trial % 4];
      const ref = reference(width, height, cells, costs, n, diagonal);
      const [sx, sy] = [pick(width - n + 1), pick(height - n + 1)];
      const from = ref.costsFrom(sx, sy);
      const range = grid.reachable(sx, sy, { unitSize: n, diagonal });
      const field = grid.flowField([sx, sy], { unitSize: n, diagonal });
      const inWorker = await pw.reachable(sx, sy, { unitSize: n, diagonal });
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const what = `trial ${trial} size ${n} ${diagonal} at ${x}, ${y}`;
          const want = from[y * width + x];
          const got = range.costAt(x, y);
          // Positions that stick out of the map are never reached.
          if (Number.isFinite(want)) assert.ok(Math.abs(got - want) <= 1e-4 * want, what);
          else assert.equal(got, Infinity, what);
          assert.equal(inWorker.costAt(x, y), got, what);
          if (ref.open(x, y) && (x + 3 * y) % 5 === 0) {
            const back = ref.costsFrom(x, y)[sy * width + sx];
            const toGoal = field.costAt(x, y);
            if (Number.isFinite(back)) assert.ok(Math.abs(toGoal - back) <= 1e-4 * back, what);
            else assert.equal(toGoal, Infinity, what);
          }
        }
      }
      // The route back from the farthest reached position is legal for the unit.
      let far = [sx, sy];
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          if (range.costAt(x, y) < Infinity && range.costAt(x, y) > range.costAt(...far))
            far = [x, y];
      const route = range.pathTo(...far);
      assert.ok(
        Math.abs(ref.legalCost(route) - range.costAt(...far)) <= 1e-4 * range.costAt(...far),
      );
    }
  } finally {
    pw.terminate();
    grid.dispose();
  }
});

test('adjacent: a 2x2 unit stops with its footprint touching the chest', () => {
  const { width, height, cells } = drawMap(['........', '........', '......#.', '........']);
  const grid = tilepath.createGrid(width, height, cells);
  const r = grid.findPath(0, 0, 6, 2, { unitSize: 2, goal: 'adjacent' });
  assert.equal(r.status, 'found');
  // Beside the chest at (6, 2) (right edge at column 5, rows 1..2 or 2..3), or above it (bottom
  // edge at row 1, columns 5..6 or 6..7): the nearest are (4, 1) and (5, 0), both 5 steps away.
  assert.ok(
    [
      [4, 1],
      [5, 0],
    ].some(([x, y]) => r.goal.x === x && r.goal.y === y),
    `ends at ${r.goal.x}, ${r.goal.y}`,
  );
  assert.equal(r.cost, 5);
  // At a corner only where the rule lets the footprint's corner cell step onto the chest: the
  // chest in the map's corner, walls on both its edge neighbours.
  const corner = tilepath.createGrid(5, 5);
  corner.setCell(4, 4, 1);
  corner.setCell(3, 4, 1);
  corner.setCell(4, 3, 1);
  const touching = (diagonal) =>
    corner.findPath(0, 0, 4, 4, { unitSize: 2, goal: 'adjacent', diagonal });
  const always = touching('always');
  assert.deepEqual([always.status, always.goal.x, always.goal.y], ['found', 2, 2]);
  assert.equal(touching('noCorners').status, 'none');
  assert.equal(touching('oneObstacle').status, 'none');
  corner.setCell(4, 3, 0); // one side open: oneObstacle allows the corner, noCorners does not
  assert.deepEqual([touching('oneObstacle').goal.x, touching('oneObstacle').goal.y], [2, 2]);
  assert.equal(touching('noCorners').goal.x, 3); // it must reach (3, 2), beside (4, 3)'s edge
  corner.dispose();
  grid.dispose();
});

test('bad unit sizes and starts whose footprint sticks out are refused, in-thread and in workers', async () => {
  const grid = tilepath.createGrid(10, 8);
  assert.throws(() => grid.findPath(0, 0, 1, 1, { unitSize: 0 }), {
    name: 'RangeError',
    message: 'unitSize must be from 1 to 16, got 0',
  });
  assert.throws(() => grid.findPath(0, 0, 1, 1, { unitSize: 17 }), RangeError);
  assert.throws(() => grid.findPath(0, 0, 1, 1, { unitSize: 2.5 }), {
    name: 'TypeError',
    message: 'unitSize must be an integer, got 2.5',
  });
  assert.throws(() => grid.findPath(0, 0, 1, 1, { unitSize: '2' }), TypeError);
  assert.throws(() => grid.findPath(8, 0, 1, 1, { unitSize: 3 }), {
    name: 'RangeError',
    message: 'startX must be an integer from 0 to 7, got 8 (a unit of size 3 must fit in the grid)',
  });
  assert.throws(
    () => grid.findPath(0, 0, 1, 1, { unitSize: 9 }),
    /unitSize 9 does not fit in a 10 x 8 grid/,
  );
  assert.throws(() => grid.canReach(8, 0, 1, 1, { unitSize: 3 }), {
    name: 'RangeError',
    message: /start \(8, 0\) puts a unit of size 3 outside the grid/,
  });
  assert.throws(() => grid.canReach(0, 0, 1, 1, { unitSize: 0 }), RangeError);
  assert.throws(() => grid.reachable(8, 0, { unitSize: 3 }), {
    name: 'RangeError',
    message: /start \(8, 0\) puts a unit of size 3 outside the grid/,
  });
  assert.throws(() => grid.flowField([0, 0], { unitSize: 17 }), RangeError);
  assert.throws(() => grid.releaseUnitSize(0), RangeError);
  assert.throws(() => grid.watchPath([0, 0, 9, 0], () => {}, { unitSize: 2 }), RangeError);
  grid.dispose();
  const pw = await PathWorker.create({ width: 10, height: 8 });
  try {
    assert.throws(() => pw.findPath(0, 0, 1, 1, { unitSize: 0 }), RangeError);
    await assert.rejects(pw.findPath(0, 6, 1, 1, { unitSize: 3 }), {
      name: 'RangeError',
      message:
        'startY must be an integer from 0 to 5, got 6 (a unit of size 3 must fit in the grid)',
    });
  } finally {
    pw.terminate();
  }
});

// One check of unitSize for every query: left out is one tile, anything else must be a size.
const BAD_UNIT_SIZES = [
  [null, TypeError, 'null'],
  ['2', TypeError, '"2"'],
  [true, TypeError, 'true'],
  [1.5, TypeError, '1.5'],
  [NaN, TypeError, 'NaN'],
  [Infinity, TypeError, 'Infinity'],
  [0, RangeError, '0'],
  [-1, RangeError, '-1'],
  [17, RangeError, '17'],
];
const QUERIES = {
  findPath: (g, o) => g.findPath(0, 0, 1, 1, o),
  startSearch: (g, o) => g.startSearch(0, 0, 1, 1, o),
  flowField: (g, o) => g.flowField([1, 1], o),
  reachable: (g, o) => g.reachable(0, 0, o),
  canReach: (g, o) => g.canReach(0, 0, 1, 1, o),
  watchPath: (g, o) => g.watchPath([0, 0, 1, 0], () => {}, o),
};

test('every query refuses the same bad unit sizes with the same error, null included', async () => {
  const grid = tilepath.createGrid(10, 8);
  const inThread = await InThreadPathWorker.create({
    width: 10,
    height: 8,
    loadPathfinder: () => tilepath,
  });
  let checked = 0;
  try {
    for (const [name, ask] of Object.entries(QUERIES)) {
      for (const [unitSize, kind, shown] of BAD_UNIT_SIZES) {
        const message = new RegExp(`unitSize must be .*got ${shown.replace(/[.]/g, '\\.')}$`);
        if (name !== 'startSearch') {
          assert.throws(() => ask(grid, { unitSize }), { name: kind.name, message }, name);
          checked++;
        }
        if (name in inThread && name !== 'startSearch') {
          await assert.rejects(
            async () => ask(inThread, { unitSize }),
            { name: kind.name, message },
            name,
          );
          checked++;
        }
      }
      // Left out, it is one tile; said, 1 is the same.
      if (name !== 'startSearch') {
        const a = ask(grid, {});
        const b = ask(grid, { unitSize: 1 });
        assert.deepEqual(
          JSON.stringify(a?.status ?? a?.cost ?? a),
          JSON.stringify(b?.status ?? b?.cost ?? b),
        );
        a?.cancel?.();
        b?.cancel?.();
      }
    }
    const task = grid.startSearch(0, 0, 1, 1, {});
    for (const [unitSize, kind] of BAD_UNIT_SIZES)
      assert.throws(() => grid.startSearch(0, 0, 1, 1, { unitSize }), kind);
    task.cancel?.();
  } finally {
    inThread.terminate();
    grid.dispose();
  }
  assert.ok(checked >= 5 * BAD_UNIT_SIZES.length * 2, `checked ${checked}`);
});

const workers = [
  ['PathWorker', (map, more) => PathWorker.create({ ...map, cells: map.cells.slice(), ...more })],
  [
    'InThreadPathWorker',
    (map, more) =>
      InThreadPathWorker.create({
        ...map,
        cells: map.cells.slice(),
        loadPathfinder: () => tilepath,
        ...more,
      }),
  ],
];

for (const [name, start] of workers) {
  test(`${name}: unitSize answers as the grid does, findPaths included, with edits between`, async () => {
    const rand = random(7);
    const width = 24;
    const height = 18;
    const cells = new Uint8Array(width * height).map(() => (rand() < 0.12 ? 1 : 0));
    const map = { width, height, cells };
    const grid = tilepath.createGrid(width, height, cells);
    const pw = await start(map, {});
    try {
      for (let round = 0; round < 10; round++) {
        const x = Math.floor(rand() * width);
        const y = Math.floor(rand() * height);
        const cls = rand() < 0.5 ? 1 : 0;
        grid.setCell(x, y, cls);
        pw.setCell(x, y, cls);
        const n = 1 + (round % 4);
        const ends = [0, 0, width - n, height - n, 2, height - n, width - n, 1];
        const options = { unitSize: n, diagonal: RULES[round % 4] };
        const want = [
          grid.findPath(...ends.slice(0, 4), options),
          grid.findPath(...ends.slice(4), options),
        ];
        const got = await pw.findPaths(ends, options);
        for (let k = 0; k < 2; k++) {
          assert.equal(got[k].status, want[k].status);
          assert.equal(got[k].cost, want[k].cost);
        }
        const one = await pw.findPath(...ends.slice(0, 4), options);
        assert.deepEqual(Array.from(one.path), Array.from(want[0].path));
      }
    } finally {
      pw.terminate();
      grid.dispose();
    }
  });

  test(`${name}: a wall under a cached 2x2 path's footprint (not its top-left cells) drops it`, async () => {
    const map = drawMap(['........', '........', '........', '........', '........', '........']);
    const pw = await start(map, { cache: 4 });
    try {
      const first = await pw.findPath(0, 0, 6, 0, { unitSize: 2 });
      assert.equal(first.cost, 6);
      assert.equal((await pw.findPath(0, 0, 6, 0, { unitSize: 2 })).cached, true);
      // The size-1 answer to the same request is cached apart.
      assert.equal((await pw.findPath(0, 0, 6, 0)).cached, undefined);
      pw.setCell(3, 5, 1); // under no footprint of the path
      assert.equal((await pw.findPath(0, 0, 6, 0, { unitSize: 2 })).cached, true);
      pw.setCell(3, 1, 1); // the bottom row of the footprint at (3, 0)
      const around = await pw.findPath(0, 0, 6, 0, { unitSize: 2 });
      assert.equal(around.cached, undefined);
      assert.equal(around.cost, 10); // down to rows 2..3, across, and up
    } finally {
      pw.terminate();
    }
  });

  test(`${name}: watchPath with unitSize alerts on any tile of the footprint`, async () => {
    const map = drawMap(['........', '........', '........']);
    const pw = await start(map, {});
    try {
      const { path } = await pw.findPath(0, 0, 6, 0, { unitSize: 2 });
      const alerts = [];
      pw.watchPath(path, (alert) => alerts.push(alert), { unitSize: 2 });
      pw.setCell(4, 2, 1); // below the footprints
      assert.equal(alerts.length, 0);
      pw.setCell(4, 1, 1); // covered by the positions at x = 3 and x = 4
      assert.equal(alerts.length, 1);
      assert.equal(alerts[0].index, 3);
      assert.deepEqual(Array.from(alerts[0].cells), [4, 1]);
    } finally {
      pw.terminate();
    }
  });
}

test('units bigger than one tile are refused on hexagonal and staggered grids, by name', async () => {
  for (const orientation of ['hexagonal', 'staggered']) {
    const grid = tilepath.createGrid(12, 12, {
      orientation,
      staggerAxis: 'y',
      staggerIndex: 'odd',
    });
    const refused = new RegExp(`unitSize 2 is not supported on ${orientation} grids`);
    assert.throws(() => grid.findPath(0, 0, 5, 5, { unitSize: 2 }), refused);
    assert.throws(() => grid.reachable(0, 0, { maxCost: 5, unitSize: 2 }), refused);
    assert.throws(() => grid.flowField([[5, 5]], { unitSize: 2 }), refused);
    // Size 1 is every grid's own search.
    assert.equal(grid.findPath(0, 0, 5, 5, { unitSize: 1 }).status, 'found');
    grid.dispose();
    const pw = await PathWorker.create({ width: 12, height: 12, orientation });
    await assert.rejects(pw.findPath(0, 0, 5, 5, { unitSize: 3 }), /unitSize 3 is not supported/);
    pw.terminate();
  }
});

test('canReach of a big unit: a one-tile gap lets a 1 x 1 unit through, not a 2 x 2, in a worker too', async () => {
  const cells = new Uint8Array(10 * 6);
  for (let y = 0; y < 6; y++) cells[y * 10 + 5] = y === 2 ? 0 : 1; // a wall with one gap
  const grid = tilepath.createGrid(10, 6, cells);
  assert.equal(grid.canReach(0, 0, 8, 0), true);
  assert.equal(grid.canReach(0, 0, 8, 0, { unitSize: 2 }), false);
  grid.setCell(5, 3, 0); // widen the gap to two tiles
  assert.equal(grid.canReach(0, 0, 8, 0, { unitSize: 2 }), true);
  assert.equal(grid.canReach(0, 0, 9, 0, { unitSize: 2 }), false); // its footprint sticks out
  grid.dispose();
  const pw = await PathWorker.create({ width: 10, height: 6, cells });
  assert.equal(await pw.canReach(0, 0, 8, 0, { unitSize: 2 }), false);
  pw.setCell(5, 3, 0);
  assert.equal(await pw.canReach(0, 0, 8, 0, { unitSize: 2 }), true);
  pw.terminate();
});

test('canReach agrees with findPath (found or none) on random maps with edits, blocked starts and start == goal included, for every rule and unit size', () => {
  const rand = random(3301);
  let reachable = 0;
  let unreachable = 0;
  let blockedStarts = 0;
  for (let trial = 0; trial < 32; trial++) {
    const n = 1 + (trial % 4);
    const diagonal = RULES[(trial >> 2) % 4];
    const width = 12 + (trial % 5);
    const height = 10 + (trial % 3);
    const cells = new Uint8Array(width * height).map(() => (rand() < 0.2 ? 1 : 0));
    const grid = tilepath.createGrid(width, height, cells);
    const pw = width - n + 1;
    const ph = height - n + 1;
    for (let step = 0; step < 60; step++) {
      // Edits between the questions: cells, short walls, rectangles.
      const ex = Math.floor(rand() * width);
      const ey = Math.floor(rand() * height);
      if (step % 5 === 4) grid.fillRect(ex, ey, 1 + (step % 3), 2, rand() < 0.6 ? 1 : 0);
      else grid.setCell(ex, ey, rand() < 0.6 ? 1 : 0);
      const sx = Math.floor(rand() * pw);
      const sy = Math.floor(rand() * ph);
      const same = step % 6 === 0;
      const gx = same ? sx : Math.floor(rand() * pw);
      const gy = same ? sy : Math.floor(rand() * ph);
      const o = { diagonal, unitSize: n };
      const path = grid.findPath(sx, sy, gx, gy, o);
      const reach = grid.canReach(sx, sy, gx, gy, o);
      const startOpen = reference(width, height, grid.cells(), [1, 0], n, diagonal).open(sx, sy);
      blockedStarts += !startOpen;
      assert.equal(
        reach,
        path.status === 'found',
        `trial ${trial} step ${step}: size ${n} ${diagonal} (${sx}, ${sy}) -> (${gx}, ${gy}): canReach ${reach}, findPath ${path.status}`,
      );
      if (reach) reachable++;
      else unreachable++;
    }
    grid.dispose();
  }
  assert.ok(reachable > 300 && unreachable > 300, `${reachable} reachable, ${unreachable} not`);
  assert.ok(blockedStarts > 100, `${blockedStarts} blocked starts`);
});

test('canReach(s, s) on a blocked start is true, as findPath finds it at cost 0', () => {
  const grid = tilepath.createGrid(6, 6);
  grid.setCell(2, 2, 1);
  for (const diagonal of RULES) {
    for (const unitSize of [1, 2]) {
      const o = { diagonal, unitSize };
      assert.equal(grid.findPath(2, 2, 2, 2, o).status, 'found');
      assert.equal(grid.canReach(2, 2, 2, 2, o), true, `${diagonal} size ${unitSize}`);
    }
  }
  grid.dispose();
});

test('a sliced search never floods the map for labels: prepareReach builds them in slices, then tasks answer an unreachable goal at once', () => {
  const grid = tilepath.createGrid(64, 64);
  grid.fillRect(0, 32, 64, 1, 1); // a wall across: the lower half is out of reach
  const first = grid.startSearch(0, 0, 5, 60);
  assert.equal(first.done, false, 'the first task runs as a search, without labels');
  first.cancel();
  let slices = 0;
  while (!grid.prepareReach(256)) slices++;
  assert.ok(slices >= 8, `${slices} slices`);
  const next = grid.startSearch(0, 0, 5, 60);
  assert.equal(next.done, true);
  assert.equal(next.result.status, 'none');
  assert.equal(next.result.expanded, 0);
  assert.throws(() => grid.prepareReach(0), { name: 'RangeError', message: /cells/ });
  grid.dispose();
});
