// Saved grids: grid.save() and tp.loadGrid(bytes). A loaded grid answers every query as the
// grid it was saved from (paths, fields, ranges, canReach, hpa), builds nothing to do so
// (result.built stays absent), stays current under edits, and a damaged buffer is refused with
// an error naming what is wrong. Also prepare's unitSizes and labels, its progress and cancel.
// Run: node --test tests/js/core/saved.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { costsFrom } from '../support/fields-reference.mjs';
import { loadMap } from '../support/movingai.mjs';

const tp = await createPathfinder();
const COSTS = { 2: 3, 3: 7 };

/** A seeded map: three cost classes (0, 2, 3) and walls (1). */
function weightedCells(width, height, next, walls = 0.2) {
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) {
    const u = next();
    cells[i] = u < walls ? 1 : u < walls + 0.2 ? 2 : u < walls + 0.3 ? 3 : 0;
  }
  return cells;
}

function gridOf(width, height, cells, shape = {}) {
  const grid = tp.createGrid(width, height, { cells, ...shape });
  for (const [cls, cost] of Object.entries(COSTS)) grid.setCost(Number(cls), cost);
  return grid;
}

const SHAPES = [
  { orientation: 'orthogonal' },
  { orientation: 'hexagonal', staggerAxis: 'y', staggerIndex: 'odd' },
  { orientation: 'staggered', staggerAxis: 'x', staggerIndex: 'even' },
];

/** Every kind of answer on both grids, compared; `loaded`'s must build nothing. */
function sameAnswers(original, loaded, next, { count, hpa, unitSizes, mayBuild = false }) {
  let found = 0;
  const pick = (n) => Math.floor(next() * n);
  for (let q = 0; q < count; q++) {
    const [sx, sy, gx, gy] = [pick(original.width), pick(original.height)].concat([
      pick(original.width),
      pick(original.height),
    ]);
    for (const diagonal of ['never', 'noCorners', 'always']) {
      const algorithms = hpa ? ['astar', 'hpa'] : ['astar'];
      for (const algorithm of algorithms) {
        const a = original.findPath(sx, sy, gx, gy, { algorithm, diagonal });
        const b = loaded.findPath(sx, sy, gx, gy, { algorithm, diagonal });
        if (!mayBuild)
          assert.equal(b.built, undefined, `a loaded grid built ${JSON.stringify(b.built)}`);
        delete a.built;
        delete b.built;
        assert.deepEqual(b, a);
        if (a.status === 'found') found++;
      }
      assert.equal(
        loaded.canReach(sx, sy, gx, gy, { diagonal }),
        original.canReach(sx, sy, gx, gy, { diagonal }),
      );
      for (const unitSize of unitSizes) {
        const [ux, uy] = [
          Math.min(sx, original.width - unitSize),
          Math.min(sy, original.height - unitSize),
        ];
        const a = original.findPath(ux, uy, gx, gy, { diagonal, unitSize });
        const b = loaded.findPath(ux, uy, gx, gy, { diagonal, unitSize });
        if (!mayBuild) assert.equal(b.built, undefined);
        delete a.built;
        delete b.built;
        assert.deepEqual(b, a);
        assert.equal(
          loaded.canReach(ux, uy, gx, gy, { diagonal, unitSize }),
          original.canReach(ux, uy, gx, gy, { diagonal, unitSize }),
        );
      }
    }
    const fa = original.flowField([[gx, gy]], { diagonal: 'noCorners' });
    const fb = loaded.flowField([[gx, gy]], { diagonal: 'noCorners' });
    assert.deepEqual(fb.costs, fa.costs);
    assert.deepEqual(fb.directions, fa.directions);
    const ra = original.reachable(sx, sy, { maxCost: 30 });
    const rb = loaded.reachable(sx, sy, { maxCost: 30 });
    assert.deepEqual(rb.cells, ra.cells);
  }
  return found;
}

test('round trips on every shape, unit size and with or without hpa answer alike, building nothing', async () => {
  const next = random(17);
  for (const shape of SHAPES) {
    const square = shape.orientation === 'orthogonal';
    for (const [hpa, unitSizes] of square
      ? [
          [true, [2, 3]],
          [false, [2]],
          [true, []],
        ]
      : [[false, []]]) {
      const [width, height] = [70, 54];
      const original = gridOf(width, height, weightedCells(width, height, next), shape);
      const loaded = [];
      try {
        // A prepare per rule the queries use (the default rule is never's).
        for (const diagonal of ['never', 'noCorners', 'always']) {
          await original.prepare({
            ...(hpa ? { hpa: { diagonal } } : {}),
            labels: { diagonal },
            ...(unitSizes.length ? { unitSizes } : {}),
          });
        }
        const bytes = original.save();
        assert.ok(bytes instanceof Uint8Array && bytes.length > width * height);
        loaded.push(tp.loadGrid(bytes));
        const [grid] = loaded;
        assert.deepEqual(grid.shape, original.shape);
        assert.deepEqual(grid.cells(), original.cells());
        for (const cls of [0, 1, 2, 3, 200]) assert.equal(grid.getCost(cls), original.getCost(cls));
        // Saving what was loaded gives the same bytes: the same state, to the byte.
        assert.deepEqual(grid.save(), bytes);
        const found = sameAnswers(original, grid, next, { count: 12, hpa, unitSizes });
        assert.ok(found > 20, `${found} paths found`);
        // A loaded ArrayBuffer works too.
        loaded.push(tp.loadGrid(bytes.slice().buffer));
      } finally {
        original.dispose();
        for (const grid of loaded) grid.dispose();
      }
    }
  }
});

test('a query that builds says what and how long; after prepare and after loading, none does', async () => {
  const next = random(3);
  const [width, height] = [120, 100];
  const cells = weightedCells(width, height, next, 0.1);
  const fresh = gridOf(width, height, cells);
  const prepared = gridOf(width, height, cells);
  try {
    const first = fresh.findPath(0, 0, width - 1, height - 1, { algorithm: 'hpa' });
    assert.deepEqual(
      first.built?.map((b) => b.what),
      ['hpa'],
    );
    assert.ok(first.built[0].ms > 0);
    assert.equal(
      fresh.findPath(0, 0, width - 1, height - 1, { algorithm: 'hpa' }).built,
      undefined,
    );
    const big = fresh.findPath(0, 0, width - 3, height - 3, { unitSize: 3 });
    assert.deepEqual(
      big.built?.map((b) => b.what),
      ['positions'],
    );
    await prepared.prepare({ hpa: true, labels: true, unitSizes: [3] });
    assert.equal(
      prepared.findPath(0, 0, width - 1, height - 1, { algorithm: 'hpa' }).built,
      undefined,
    );
    assert.equal(prepared.findPath(0, 0, width - 3, height - 3, { unitSize: 3 }).built, undefined);
  } finally {
    fresh.dispose();
    prepared.dispose();
  }
});

test('edits after loading keep everything current: as on the saved grid, and as on a fresh one', async () => {
  const next = random(29);
  const [width, height] = [80, 80];
  const cells = weightedCells(width, height, next, 0.15);
  const original = gridOf(width, height, cells);
  await original.prepare({ hpa: true, labels: true, unitSizes: [2] });
  const loaded = tp.loadGrid(original.save());
  const pick = (n) => Math.floor(next() * n);
  try {
    for (let round = 0; round < 3; round++) {
      for (let e = 0; e < 80; e++) {
        const [x, y, cls] = [pick(width), pick(height), pick(4)];
        original.setCell(x, y, cls);
        loaded.setCell(x, y, cls);
      }
      if (round === 1) {
        original.setCost(3, 1.5); // cheaper: the landmarks retire on both alike
        loaded.setCost(3, 1.5);
      }
      sameAnswers(original, loaded, next, { count: 6, hpa: true, unitSizes: [2], mayBuild: true });
    }
    // And A* on the loaded grid is exact on the edited map (a Dijkstra written here).
    const map = { width, height, cells: loaded.cells() };
    const costOf = (cls) => loaded.getCost(cls);
    let checked = 0;
    for (let q = 0; q < 6; q++) {
      const [sx, sy] = [pick(width), pick(height)];
      const dist = costsFrom(map, costOf, 'noCorners', sx, sy);
      for (let k = 0; k < 10; k++) {
        const [gx, gy] = [pick(width), pick(height)];
        const r = loaded.findPath(sx, sy, gx, gy, { diagonal: 'noCorners' });
        const want = dist[gy * width + gx];
        if (!loaded.getCost(map.cells[gy * width + gx]) || want === Infinity) {
          assert.notEqual(r.status, 'found');
          continue;
        }
        assert.ok(Math.abs(r.cost - want) < 1e-6, `${r.cost} against ${want}`);
        checked++;
      }
    }
    assert.ok(checked > 20, `${checked} checked`);
  } finally {
    original.dispose();
    loaded.dispose();
  }
});

test('a Moving AI map saved with its hierarchy loads and answers hpa as the original', async () => {
  const map = loadMap('den011d.map');
  const original = tp.createGrid(map.width, map.height, map.cells);
  for (const diagonal of ['never', 'noCorners', 'always'])
    await original.prepare({ hpa: { diagonal }, labels: { diagonal } });
  const loaded = tp.loadGrid(original.save());
  try {
    const next = random(5);
    const found = sameAnswers(original, loaded, next, { count: 20, hpa: true, unitSizes: [] });
    assert.ok(found > 15, `${found} paths found`);
  } finally {
    original.dispose();
    loaded.dispose();
  }
});

test('prepare: progress is monotone and ends at 1; cancelled halfway, the grid still answers', async () => {
  const next = random(41);
  const [width, height] = [200, 180];
  const cells = weightedCells(width, height, next);
  const grid = gridOf(width, height, cells);
  const whole = gridOf(width, height, cells);
  try {
    const seen = [];
    const report = await grid.prepare(
      { hpa: true, unitSizes: [2, 3], labels: true },
      { onProgress: (fraction, what) => seen.push([fraction, what]), sliceMs: 1 },
    );
    assert.deepEqual(report.built, [
      'unitSize 2',
      'unitSize 3',
      'labels',
      'labels of unitSize 2',
      'labels of unitSize 3',
      'hpa',
    ]);
    assert.deepEqual(
      report.parts.map((part) => part.what),
      report.built,
    );
    assert.ok(seen.length > 5, `${seen.length} reports`);
    for (let k = 1; k < seen.length; k++) assert.ok(seen[k][0] >= seen[k - 1][0], `at ${k}`);
    assert.deepEqual(seen.at(-1), [1, 'hpa']);
    assert.ok(seen.some(([, what]) => what === 'labels of unitSize 3'));

    // Cancelled halfway through the hierarchy of another rule: the grid answers as one that
    // never prepared it.
    const controller = new AbortController();
    const run = grid.prepare(
      { hpa: { diagonal: 'always' }, labels: { diagonal: 'always' } },
      {
        signal: controller.signal,
        sliceMs: 0.5,
        onProgress: (fraction) => fraction > 0.3 && controller.abort(),
      },
    );
    await assert.rejects(run, { name: 'AbortError' });
    const pick = (n) => Math.floor(next() * n);
    let found = 0;
    for (let q = 0; q < 20; q++) {
      const [sx, sy, gx, gy] = [pick(width), pick(height), pick(width), pick(height)];
      for (const algorithm of ['astar', 'hpa']) {
        const a = grid.findPath(sx, sy, gx, gy, { algorithm, diagonal: 'always' });
        const b = whole.findPath(sx, sy, gx, gy, { algorithm, diagonal: 'always' });
        assert.equal(a.status, b.status);
        assert.deepEqual(a.path, b.path);
        found += a.status === 'found';
      }
    }
    assert.ok(found > 10);
    // A task stepped by hand: the same parts.
    const task = grid.startPrepare({ unitSizes: [4], labels: true });
    while (!task.done) task.step(1);
    assert.equal(task.progress, 1);
    assert.deepEqual(task.report().built, ['unitSize 4', 'labels', 'labels of unitSize 4']);
    assert.throws(() => task.step(0), RangeError);
  } finally {
    grid.dispose();
    whole.dispose();
  }
});

test('truncated, corrupted, other-version and foreign bytes are refused, naming what is wrong', async () => {
  const next = random(8);
  const grid = gridOf(30, 20, weightedCells(30, 20, next));
  await grid.prepare({ hpa: true, labels: true });
  const bytes = grid.save();
  const live = tp.liveGrids();
  try {
    for (const cut of [0, 10, 31, 40, 300, bytes.length - 1]) {
      assert.throws(() => tp.loadGrid(bytes.slice(0, cut)), {
        name: 'RangeError',
        message: /saved grid: .*(too short|truncated)/,
      });
    }
    for (const at of [40, 100, 2000, bytes.length - 5]) {
      const bad = bytes.slice();
      bad[at] ^= 0x20;
      assert.throws(() => tp.loadGrid(bad), { message: /checksum does not match/ });
    }
    const newer = bytes.slice();
    newer[8] = 7;
    assert.throws(() => tp.loadGrid(newer), {
      message:
        'saved grid: format version 7, but this tilepath reads version 1 only: save the grid again with this version',
    });
    assert.throws(() => tp.loadGrid(new TextEncoder().encode('{"width": 3}'.padEnd(64))), {
      message: /not a saved grid/,
    });
    for (const wrong of ['bytes', null, [1, 2, 3], 42])
      assert.throws(() => tp.loadGrid(wrong), { name: 'TypeError', message: /saved must be/ });
    // Nothing leaked, and the module still serves.
    assert.equal(tp.liveGrids(), live);
    const again = tp.loadGrid(bytes);
    assert.equal(again.findPath(0, 0, 0, 0).status, 'found');
    again.dispose();
  } finally {
    grid.dispose();
  }
  assert.throws(() => grid.save(), { message: /disposed/ });
});

test('tilepath.wasm (without the big-map features) loads a save with a hierarchy: the rest answers alike', async () => {
  const { createPathfinder: createBrowserPathfinder } = await import('../../../js/index.js');
  const { readFileSync } = await import('node:fs');
  const { repoRoot } = await import('../support/movingai.mjs');
  const small = await createBrowserPathfinder({
    wasmBinary: readFileSync(`${repoRoot}/dist/tilepath.wasm`),
  });
  assert.equal(small.bigMaps, false);
  const next = random(12);
  const grid = gridOf(60, 50, weightedCells(60, 50, next));
  await grid.prepare({ hpa: true, labels: true, unitSizes: [2] });
  const loaded = small.loadGrid(grid.save());
  try {
    // (An unreachable goal is answered from the labels before hpa is asked for: a found one.)
    const sy = 0;
    let sx = 0;
    while (grid.findPath(sx, sy, 59, 49).status !== 'found') sx++;
    assert.throws(() => loaded.findPath(sx, sy, 59, 49, { algorithm: 'hpa' }), {
      message: /big-map features/,
    });
    sameAnswers(grid, loaded, next, { count: 8, hpa: false, unitSizes: [2] });
  } finally {
    loaded.dispose();
    grid.dispose();
  }
});

test('profiles are saved with their tables and answer alike after loading', async () => {
  const next = random(7);
  const width = 40;
  const height = 30;
  const grid = tp.createGrid(width, height, { cells: weightedCells(width, height, next) });
  for (const [cls, cost] of Object.entries(COSTS)) grid.setCost(Number(cls), cost);
  grid.setProfile('boat', { 0: 0, 2: 1 });
  grid.setProfile('cavalry', { 0: 1, 2: 6, 3: 2 });
  grid.setCost(3, 4, 'boat');
  const loaded = tp.loadGrid(grid.save());
  assert.deepEqual(loaded.profiles(), ['default', 'boat', 'cavalry']);
  for (const profile of ['default', 'boat', 'cavalry'])
    for (let cls = 0; cls < 4; cls++)
      assert.equal(loaded.getCost(cls, profile), grid.getCost(cls, profile), `${profile} ${cls}`);
  const ask = (g, k, profile) => {
    const [sx, sy, gx, gy] = [k % width, (k * 7) % height, (k * 13) % width, (k * 3) % height];
    return [
      g.findPath(sx, sy, gx, gy, { profile, diagonal: 'noCorners' }).cost,
      g.canReach(sx, sy, gx, gy, { profile }),
    ];
  };
  for (let k = 0; k < 200; k++)
    for (const profile of ['default', 'boat', 'cavalry'])
      assert.deepEqual(ask(loaded, k, profile), ask(grid, k, profile), `query ${k} ${profile}`);
  // Edits after loading reach every profile, as on the original.
  for (const g of [grid, loaded]) {
    g.fillRect(5, 5, 20, 3, 2);
    g.setCost(2, 3, 'cavalry');
  }
  for (let k = 0; k < 100; k++)
    assert.deepEqual(ask(loaded, k, 'cavalry'), ask(grid, k, 'cavalry'), `after edits ${k}`);
  // Through a worker created from the bytes: its profiles are known on both sides.
  const { PathWorker } = await import('../../../js/worker-node.js');
  const pw = await PathWorker.create({ saved: grid.save() });
  assert.deepEqual(pw.profiles(), ['default', 'boat', 'cavalry']);
  for (let k = 0; k < 40; k++) {
    const [sx, sy, gx, gy] = [k % width, (k * 7) % height, (k * 13) % width, (k * 3) % height];
    const far = await pw.findPath(sx, sy, gx, gy, { profile: 'boat', diagonal: 'noCorners' });
    assert.equal(
      far.cost,
      grid.findPath(sx, sy, gx, gy, { profile: 'boat', diagonal: 'noCorners' }).cost,
    );
  }
  pw.terminate();

  loaded.dispose();
  grid.dispose();
});

test('entry rules and links are saved: loaded in-thread, in a worker, a pool and in-thread worker, and after a lost worker, every path and link alike', async () => {
  const { PathWorker, InThreadPathWorker } = await import('../../../js/worker-node.js');
  const { recordingWorkers } = await import('../support/workers.mjs');
  const next = random(11);
  const width = 48;
  const height = 32;
  const grid = tp.createGrid(width, height, { cells: weightedCells(width, height, next) });
  for (const [cls, cost] of Object.entries(COSTS)) grid.setCost(Number(cls), cost);
  grid.setProfile('boat', { 0: 0, 2: 1 });
  grid.setEntry(2, ['right', 'down', 'downRight']);
  grid.setEntry(3, 'left');
  const ids = [];
  for (let k = 0; k < 12; k++) {
    const at = () => [Math.floor(next() * width), Math.floor(next() * height)];
    ids.push(grid.addLink(...at(), ...at(), { cost: k % 4, oneWay: k % 3 === 0 }));
  }
  grid.removeLink(ids.pop()); // the next id stays past it
  grid.removeLink(ids[2]);
  const bytes = grid.save();
  const ask = (k) => {
    const ends = [(k * 5) % width, (k * 7) % height, (k * 13) % width, (k * 3) % height];
    const options = { profile: k % 4 === 0 ? 'boat' : undefined, diagonal: 'noCorners' };
    return [ends, options];
  };
  const answer = (r) => [r.status, r.cost, r.path, r.links];
  const want = [];
  let viaLinks = 0;
  for (let k = 0; k < 120; k++) {
    const r = grid.findPath(...ask(k)[0], ask(k)[1]);
    want.push(answer(r));
    viaLinks += (r.links?.length ?? 0) > 0;
  }
  assert.ok(viaLinks > 10, `${viaLinks} paths take a link`);

  const loaded = tp.loadGrid(bytes);
  assert.deepEqual(loaded.links(), grid.links());
  for (let k = 0; k < 120; k++)
    assert.deepEqual(answer(loaded.findPath(...ask(k)[0], ask(k)[1])), want[k], `query ${k}`);
  // The same edits after: the next id, an entry rule cleared, a link removed.
  for (const g of [grid, loaded]) {
    assert.equal(g.addLink(1, 1, width - 2, height - 2, { cost: 0.5 }), 13);
    g.setEntry(3, null);
    g.removeLink(ids[0]);
  }
  assert.deepEqual(loaded.links(), grid.links());
  for (let k = 0; k < 120; k++) {
    const [ends, options] = ask(k);
    assert.deepEqual(
      answer(loaded.findPath(...ends, options)),
      answer(grid.findPath(...ends, options)),
      `after edits ${k}`,
    );
  }
  loaded.dispose();

  const workers = recordingWorkers();
  const kinds = {
    PathWorker: () => PathWorker.create({ saved: bytes, worker: workers.start }),
    pool: () => PathWorker.create({ saved: bytes, workers: 2 }),
    InThreadPathWorker: () =>
      InThreadPathWorker.create({ saved: bytes, loadPathfinder: () => createPathfinder() }),
  };
  const original = tp.loadGrid(bytes);
  for (const [kind, create] of Object.entries(kinds)) {
    const pw = await create();
    try {
      assert.deepEqual(pw.links(), original.links(), kind);
      for (let k = 0; k < 60; k++)
        assert.deepEqual(
          answer(await pw.findPath(...ask(k)[0], ask(k)[1])),
          want[k],
          `${kind} query ${k}`,
        );
      assert.equal(pw.addLink(2, 2, 9, 9, { cost: 1 }), 13, kind);
      pw.removeLink(13);
      if (kind === 'PathWorker') {
        // A replacement worker starts from the cells and is given the saved rules.
        workers.threads[0].terminate();
        for (let k = 0; k < 60; k++)
          assert.deepEqual(
            answer(await pw.findPath(...ask(k)[0], ask(k)[1])),
            want[k],
            `${kind} after a lost worker, query ${k}`,
          );
        assert.equal(pw.stats.restarts, 1);
      }
    } finally {
      pw.terminate();
    }
  }
  original.dispose();
  grid.dispose();
});
