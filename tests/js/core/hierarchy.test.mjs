// Big maps through the wasm API and the workers: algorithm 'hpa' (legal, near-optimal, current
// after edits), repairPath (local detours, full re-plans, refusals) and abstractGraph.
// Run: node --test tests/js/core/hierarchy.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { loadMap, loadScenario } from '../support/movingai.mjs';
import { costsFrom, walkedCost } from '../support/fields-reference.mjs';
import { thrown } from '../support/workers.mjs';

const tilepath = await createPathfinder();
const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];
const COSTS = { 0: 1, 2: 1.5, 3: 2.5, 4: 6 };
const costOf = (cls) => COSTS[cls] ?? 0;

/** A seeded weighted map: terrain patches (classes 0, 2, 3, 4) and wall segments (class 1). */
function weightedMap(width, height, seed) {
  const next = random(seed);
  const cells = new Uint8Array(width * height);
  const pick = (n) => Math.floor(next() * n);
  for (let k = 0; k < (width * height) / 30; k++) {
    const [x, y] = [pick(width), pick(height)];
    const wall = next() < 0.3;
    const cls = wall ? 1 : [0, 0, 2, 3, 4][pick(5)];
    const [w, h] = wall
      ? next() < 0.5
        ? [1 + pick(10), 1]
        : [1, 1 + pick(10)]
      : [pick(8), pick(8)];
    for (let yy = y; yy < Math.min(height, y + h); yy++)
      for (let xx = x; xx < Math.min(width, x + w); xx++) cells[yy * width + xx] = cls;
  }
  return { width, height, cells };
}

function gridOf(map) {
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  for (const [cls, cost] of Object.entries(COSTS)) grid.setCost(Number(cls), cost);
  return grid;
}

const passable = (map, x, y) => costOf(map.cells[y * map.width + x]) > 0;

test('hpa on random weighted maps with edits between queries: legal, found when reachable, near-optimal', () => {
  const next = random(4);
  const ratios = [];
  for (const diagonal of RULES) {
    const map = weightedMap(90, 70, 17 + RULES.indexOf(diagonal));
    const grid = gridOf(map);
    try {
      for (let q = 0; q < 25; q++) {
        const [sx, sy, gx, gy] = [0, 0, 0, 0].map((_, k) =>
          Math.floor(next() * (k % 2 ? map.height : map.width)),
        );
        const optimal = costsFrom(map, costOf, diagonal, sx, sy)[gy * map.width + gx];
        const r = grid.findPath(sx, sy, gx, gy, { algorithm: 'hpa', diagonal });
        if (!passable(map, gx, gy) || optimal === Infinity) {
          if (!(sx === gx && sy === gy)) assert.equal(r.status, 'none');
        } else {
          assert.equal(r.status, 'found', `${diagonal} ${sx},${sy} -> ${gx},${gy}`);
          assert.equal(r.algorithm, 'hpa');
          const walked = walkedCost(map, costOf, diagonal, r.path); // throws on an illegal step
          assert.ok(Math.abs(walked - r.cost) < 1e-6 * Math.max(1, walked));
          assert.ok(walked >= optimal - 1e-6 * Math.max(1, optimal));
          if (optimal > 0) ratios.push(walked / optimal);
        }
        // Edits the hierarchy must hear of: a wall, a cleared patch, a cell.
        for (let e = 0; e < 3; e++) {
          const [x, y] = [Math.floor(next() * map.width), Math.floor(next() * map.height)];
          const cls = [1, 0, 3][e];
          const w = e === 1 ? 4 : 1;
          grid.fillRect(x, y, w, e === 0 ? 6 : w, cls);
          for (let yy = y; yy < Math.min(map.height, y + (e === 0 ? 6 : w)); yy++)
            for (let xx = x; xx < Math.min(map.width, x + w); xx++)
              map.cells[yy * map.width + xx] = cls;
        }
      }
    } finally {
      grid.dispose();
    }
  }
  ratios.sort((a, b) => a - b);
  assert.ok(ratios.length > 40, `${ratios.length} found`);
  assert.ok(ratios[ratios.length >> 1] <= 1.02, `median ${ratios[ratios.length >> 1]}`);
  assert.ok(ratios[ratios.length - 1] <= 1.15, `worst ${ratios[ratios.length - 1]}`);
});

test('hpa on a Moving AI map matches the scenario within 5%, and never walks through a new wall', () => {
  const map = loadMap('den011d.map');
  const problems = loadScenario('den011d.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  try {
    const long = problems.slice(-60);
    const ratios = long.map((p) => {
      const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, {
        algorithm: 'hpa',
        diagonal: 'noCorners',
      });
      assert.equal(r.status, 'found');
      walkedCost(map, costOf, 'noCorners', r.path);
      return r.cost / p.optimal;
    });
    ratios.sort((a, b) => a - b);
    assert.ok(ratios[0] >= 1 - 1e-3, `below the optimum: ${ratios[0]}`);
    assert.ok(ratios[ratios.length >> 1] <= 1.01, `median ${ratios[ratios.length >> 1]}`);
    assert.ok(ratios[ratios.length - 1] <= 1.05, `worst ${ratios[ratios.length - 1]}`);

    // Block the middle of a found path: the next hpa answer goes round (or finds none).
    const p = long[long.length - 1];
    const before = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, {
      algorithm: 'hpa',
      diagonal: 'noCorners',
    });
    const mid = (before.path.length >> 2) << 1;
    const [wx, wy] = [before.path[mid], before.path[mid + 1]];
    grid.fillRect(wx - 1, wy - 1, 3, 3, 1);
    for (let y = wy - 1; y <= wy + 1; y++)
      for (let x = wx - 1; x <= wx + 1; x++)
        if (x >= 0 && y >= 0 && x < map.width && y < map.height) map.cells[y * map.width + x] = 1;
    const after = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, {
      algorithm: 'hpa',
      diagonal: 'noCorners',
    });
    const astar = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, { diagonal: 'noCorners' });
    assert.equal(after.status, astar.status);
    if (after.status === 'found') {
      walkedCost(map, costOf, 'noCorners', after.path);
      assert.ok(after.cost <= astar.cost * 1.05);
    }
  } finally {
    grid.dispose();
  }
});

test('hpa refuses what it does not do, naming the option', () => {
  const grid = tilepath.createGrid(40, 40);
  try {
    const refused = [
      [{ goal: 'adjacent' }, /hpa.*goal 'exact' only, got 'adjacent'/],
      [{ partial: true }, /hpa.*partial/],
      [{ maxExpansions: 10 }, /hpa.*maxExpansions/],
      [{ trace: true }, /hpa.*trace/],
      [{ weight: 2 }, /hpa.*weight/],
    ];
    for (const [options, message] of refused) {
      assert.throws(() => grid.findPath(0, 0, 39, 39, { algorithm: 'hpa', ...options }), {
        name: 'RangeError',
        message,
      });
    }
    const r = grid.findPath(0, 0, 39, 39, { algorithm: 'hpa', diagonal: 'always', smooth: true });
    assert.equal(r.status, 'found');
    assert.deepEqual(Array.from(r.path), [0, 0, 39, 39]); // open ground: one straight line
    assert.equal(r.rawPath.length, 80);
  } finally {
    grid.dispose();
  }
});

test('repairPath: a detour round a new wall rejoins the old path, as cheap as the best way there', () => {
  for (const diagonal of RULES) {
    const map = weightedMap(80, 60, 40 + RULES.indexOf(diagonal));
    const grid = gridOf(map);
    try {
      const next = random(9);
      let checked = 0;
      let locals = 0;
      for (let q = 0; q < 40 && checked < 6; q++) {
        const [sx, sy] = [Math.floor(next() * 80), Math.floor(next() * 60)];
        const [gx, gy] = [Math.floor(next() * 80), Math.floor(next() * 60)];
        const r = grid.findPath(sx, sy, gx, gy, { diagonal });
        if (r.status !== 'found' || r.path.length < 60) continue;
        const path = r.path;
        // Nothing broken yet: the rest of the path as it is.
        const same = grid.repairPath(path, 3, { diagonal });
        assert.equal(same.repaired, 'none');
        assert.deepEqual(Array.from(same.path), Array.from(path.subarray(6)));
        // A wall on the path ahead of the unit at point 5.
        const at = 14;
        const [wx, wy] = [path[2 * at], path[2 * at + 1]];
        grid.fillRect(wx, wy, 1, 1, 1);
        map.cells[wy * 80 + wx] = 1;
        const fixed = grid.repairPath(path, 5, { diagonal });
        assert.equal(fixed.status, 'found');
        assert.deepEqual(Array.from(fixed.path.subarray(0, 2)), [path[10], path[11]]);
        assert.deepEqual(Array.from(fixed.path.subarray(-2)), [gx, gy]);
        const walked = walkedCost(map, costOf, diagonal, fixed.path);
        assert.ok(Math.abs(walked - fixed.cost) < 1e-6 * walked);
        const fromUnit = costsFrom(map, costOf, diagonal, path[10], path[11]);
        if (fixed.repaired === 'local') {
          const [d, k] = [fixed.departIndex, fixed.rejoinIndex];
          assert.ok(k > at, `rejoins past the wall: ${k}`);
          assert.ok(d >= 5 && d < at, `leaves before the wall: ${d}`);
          // The old path up to d, then a detour costing the cheapest way from d to k.
          const n = fixed.path.length;
          const head = 2 * (d - 5);
          const tail = path.length - 2 * k;
          assert.deepEqual(
            Array.from(fixed.path.subarray(0, head + 2)),
            Array.from(path.subarray(10, 2 * d + 2)),
          );
          assert.deepEqual(
            Array.from(fixed.path.subarray(n - tail)),
            Array.from(path.subarray(2 * k)),
          );
          const detour = walkedCost(map, costOf, diagonal, fixed.path.subarray(head, n - tail + 2));
          const fromD = costsFrom(map, costOf, diagonal, path[2 * d], path[2 * d + 1]);
          assert.ok(Math.abs(detour - fromD[path[2 * k + 1] * 80 + path[2 * k]]) < 1e-6 * detour);
          locals++;
        } else {
          assert.equal(fixed.repaired, 'full');
          assert.ok(Math.abs(walked - fromUnit[gy * 80 + gx]) < 1e-6 * walked);
        }
        // No detour allowed: a full search, optimal from where the unit stands.
        const full = grid.repairPath(path, 5, { diagonal, detourExpansions: 0 });
        assert.equal(full.repaired, 'full');
        assert.ok(Math.abs(full.cost - fromUnit[gy * 80 + gx]) < 1e-6 * full.cost);
        grid.fillRect(wx, wy, 1, 1, 0);
        map.cells[wy * 80 + wx] = 0;
        checked++;
      }
      assert.ok(checked >= 3, `${diagonal}: ${checked} paths repaired`);
      assert.ok(locals >= 2, `${diagonal}: ${locals} local repairs`);
    } finally {
      grid.dispose();
    }
  }
});

test('repairPath refuses bad paths and indices with errors naming them', () => {
  const grid = tilepath.createGrid(20, 20);
  try {
    const path = [0, 0, 1, 0, 2, 0, 3, 1];
    assert.throws(() => grid.repairPath([0, 0, 1], 0), {
      name: 'RangeError',
      message: /path must be.*3 numbers/,
    });
    assert.throws(() => grid.repairPath(path, 4), {
      name: 'RangeError',
      message: /fromIndex must be from 0 to 3, got 4/,
    });
    assert.throws(() => grid.repairPath(path, 0.5), {
      name: 'TypeError',
      message: /fromIndex must be an integer/,
    });
    assert.throws(() => grid.repairPath([0, 0, 30, 0], 0), {
      name: 'RangeError',
      message: /path\[2\] \(x\) must be from 0 to 19, got 30/,
    });
    assert.throws(() => grid.repairPath([0, 0, 2, 0], 0), {
      name: 'RangeError',
      message: /cell by cell.*point 1 \(2, 0\) is not next to point 0 \(0, 0\)/,
    });
    assert.throws(() => grid.repairPath(path, 0, { detourExpansions: -1 }), {
      name: 'RangeError',
      message: /detourExpansions/,
    });
    assert.throws(() => grid.repairPath(path, 0, { nope: 1 }), {
      name: 'TypeError',
      message: /unknown option 'nope'/,
    });
    assert.throws(() => grid.repairPath('0,0', 0), { name: 'TypeError' });
    // The goal walled in: no detour reaches past it, and the full search says why.
    grid.fillRect(3, 1, 1, 1, 1);
    const r = grid.repairPath(path, 0, { diagonal: 'always' });
    assert.equal(r.repaired, 'full');
    assert.equal(r.status, 'none');
    assert.equal(r.reason, 'goalBlocked');
  } finally {
    grid.dispose();
  }
});

test('abstractGraph: entrance cells on cluster borders, edges inside clusters, current after edits', () => {
  const map = weightedMap(100, 80, 3);
  const grid = gridOf(map);
  try {
    const g = grid.abstractGraph({ diagonal: 'noCorners' });
    const size = g.clusterSize;
    assert.ok(g.nodes.length > 20 && g.nodes.length % 2 === 0);
    assert.ok(g.edges.length > 20 && g.edges.length % 4 === 0);
    for (let k = 0; k < g.nodes.length; k += 2) {
      const [x, y] = [g.nodes[k], g.nodes[k + 1]];
      assert.ok(passable(map, x, y));
      const border = [x % size, y % size].some((v) => v === 0 || v === size - 1);
      assert.ok(border, `node ${x},${y} on a cluster border`);
    }
    for (let k = 0; k < g.edges.length; k += 4) {
      const same = (a, b) => Math.floor(a / size) === Math.floor(b / size);
      assert.ok(same(g.edges[k], g.edges[k + 2]) && same(g.edges[k + 1], g.edges[k + 3]));
    }
    // Wall off every cell: no nodes left.
    grid.fillRect(0, 0, 100, 80, 1);
    assert.equal(grid.abstractGraph({ diagonal: 'noCorners' }).nodes.length, 0);
  } finally {
    grid.dispose();
  }
});

for (const kind of ['PathWorker', 'InThreadPathWorker']) {
  test(`${kind}: hpa and repairPath in the worker answer as the sync API, after the edits before them`, async () => {
    const map = weightedMap(96, 72, 77);
    const costs = COSTS;
    const pw =
      kind === 'PathWorker'
        ? await PathWorker.create({ ...map, cells: map.cells.slice(), costs })
        : await InThreadPathWorker.create({
            ...map,
            costs,
            loadPathfinder: () => createPathfinder(),
          });
    const sync = gridOf(map);
    try {
      const next = random(31);
      for (let q = 0; q < 12; q++) {
        const [sx, sy, gx, gy] = [96, 72, 96, 72].map((n) => Math.floor(next() * n));
        const [x, y] = [Math.floor(next() * 96), Math.floor(next() * 72)];
        pw.fillRect(x, y, 5, 1, 1);
        sync.fillRect(x, y, 5, 1, 1);
        const options = { algorithm: 'hpa', diagonal: 'oneObstacle' };
        const [got, want] = [
          await pw.findPath(sx, sy, gx, gy, options),
          sync.findPath(sx, sy, gx, gy, options),
        ];
        assert.equal(got.status, want.status);
        assert.deepEqual(Array.from(got.path), Array.from(want.path));
        if (want.status === 'found' && want.path.length > 20) {
          pw.fillRect(want.path[10], want.path[11], 1, 1, 1);
          sync.fillRect(want.path[10], want.path[11], 1, 1, 1);
          const repairedHere = sync.repairPath(want.path, 2, options);
          const repairedThere = await pw.repairPath(want.path, 2, options);
          assert.equal(repairedThere.repaired, repairedHere.repaired);
          assert.deepEqual(Array.from(repairedThere.path), Array.from(repairedHere.path));
          assert.equal(typeof repairedThere.workerMs, 'number');
        }
      }
      // The hierarchy drawn from the worker: the sync grid's, after the same edits.
      const graph = await pw.abstractGraph({ diagonal: 'oneObstacle' });
      const here = sync.abstractGraph({ diagonal: 'oneObstacle' });
      assert.equal(graph.clusterSize, here.clusterSize);
      assert.deepEqual(Array.from(graph.nodes), Array.from(here.nodes));
      assert.deepEqual(Array.from(graph.edges), Array.from(here.edges));
      // Checked here, synchronously, as the sync API checks it.
      assert.match(thrown(() => pw.repairPath([0, 0, 500, 5], 0)).message, /path\[2\] \(x\)/);
      // Checked in the core: the worker answers with the same error.
      const error = await pw.repairPath([0, 0, 5, 5], 0).catch((e) => e);
      assert.match(String(error?.message), /cell by cell/);
    } finally {
      pw.terminate();
      sync.dispose();
    }
  });
}

test('rectangles cover exactly the passable cells, each once, and follow edits', () => {
  const map = loadMap('AR0011SR.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  grid.fillRect(10, 10, 30, 30, 2); // a patch of its own class, passable
  grid.setCost(2, 3);
  const open = (x, y) => grid.getCost(grid.get(x, y)) !== Infinity; // getCost: Infinity = blocked
  try {
    for (const sameClass of [false, true]) {
      const rects = grid.rectangles({ sameClass });
      assert.ok(rects instanceof Int32Array && rects.length % 4 === 0 && rects.length > 0);
      const covered = new Uint8Array(map.width * map.height);
      for (let r = 0; r < rects.length; r += 4) {
        const [x, y, w, h] = rects.subarray(r, r + 4);
        for (let yy = y; yy < y + h; yy++)
          for (let xx = x; xx < x + w; xx++) {
            assert.ok(open(xx, yy), `${xx},${yy} passable`);
            if (sameClass) assert.equal(grid.get(xx, yy), grid.get(x, y));
            covered[yy * map.width + xx]++;
          }
      }
      for (let i = 0; i < covered.length; i++) {
        assert.equal(covered[i], open(i % map.width, Math.floor(i / map.width)) ? 1 : 0);
      }
    }
    assert.throws(() => grid.rectangles({ sameClass: 1 }), {
      name: 'TypeError',
      message: /sameClass/,
    });
    assert.throws(() => grid.rectangles({ classes: true }), {
      name: 'TypeError',
      message: /unknown option 'classes'/,
    });
    grid.fillRect(0, 0, map.width, map.height, 0);
    assert.deepEqual(Array.from(grid.rectangles()), [0, 0, map.width, map.height]);
  } finally {
    grid.dispose();
  }
});
