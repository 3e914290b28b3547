// Saved grids and prepare through the worker surface: PathWorker.create({ saved }) (one worker,
// a pool, InThreadPathWorker) answers as the grid that was saved, with nothing rebuilt; and
// pw.prepare(what, { onProgress, signal }) builds in the worker with progress messages, monotone
// and ending at 1, cancellable, leaving a worker that answers.
// Run: node --test tests/js/worker/saved-worker.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';

const tp = await createPathfinder();

const KINDS = {
  PathWorker: (options) => PathWorker.create(options),
  pool: (options) => PathWorker.create({ ...options, workers: 2 }),
  InThreadPathWorker: (options) =>
    InThreadPathWorker.create({ ...options, loadPathfinder: () => createPathfinder() }),
};

/** den011d with a cost class painted over a part of it (so that costs travel in the save). */
function weightedMap() {
  const map = loadMap('den011d.map');
  for (let i = 0; i < map.cells.length; i += 7) if (map.cells[i] === 0) map.cells[i] = 2;
  return map;
}

for (const [kind, create] of Object.entries(KINDS)) {
  test(`${kind}: created from a saved grid, it answers as that grid, building nothing`, async () => {
    const map = weightedMap();
    const grid = tp.createGrid(map.width, map.height, map.cells);
    grid.setCost(2, 2.5);
    await grid.prepare({ hpa: { diagonal: 'noCorners' }, labels: { diagonal: 'noCorners' } });
    const bytes = grid.save();
    const pw = await create({ saved: bytes });
    try {
      assert.equal(pw.width, map.width);
      assert.equal(pw.getCost(2), 2.5);
      assert.equal(pw.get(7, 3), grid.get(7, 3));
      const next = random(4);
      let found = 0;
      for (let q = 0; q < 40; q++) {
        const ends = [map.width, map.height, map.width, map.height].map((n) =>
          Math.floor(next() * n),
        );
        for (const algorithm of ['astar', 'hpa']) {
          const want = grid.findPath(...ends, { algorithm, diagonal: 'noCorners' });
          const got = await pw.findPath(...ends, { algorithm, diagonal: 'noCorners' });
          assert.equal(got.built, undefined, `${kind} built ${JSON.stringify(got.built)}`);
          assert.equal(got.status, want.status);
          assert.deepEqual(got.path, want.path);
          found += got.status === 'found';
        }
        assert.equal(
          await pw.canReach(...ends, { diagonal: 'noCorners' }),
          grid.canReach(...ends, { diagonal: 'noCorners' }),
        );
      }
      assert.ok(found > 15, `${found} found`);
      // Edits after loading reach it as always.
      pw.fillRect(0, 0, map.width, 1, 1);
      grid.fillRect(0, 0, map.width, 1, 1);
      const want = grid.findPath(1, 1, map.width - 2, map.height - 2, { algorithm: 'hpa' });
      const got = await pw.findPath(1, 1, map.width - 2, map.height - 2, { algorithm: 'hpa' });
      assert.deepEqual(got.path, want.path);
      // And its own save, after those edits, loads as the grid with them.
      const again = tp.loadGrid(await pw.save());
      try {
        assert.deepEqual(again.cells(), grid.cells());
        const r = again.findPath(1, 1, map.width - 2, map.height - 2, { algorithm: 'hpa' });
        assert.deepEqual(r.path, want.path);
      } finally {
        again.dispose();
      }
    } finally {
      pw.terminate();
      grid.dispose();
    }
  });

  test(`${kind}: prepare in the worker reports progress to 1, and a cancelled one leaves it answering`, async () => {
    const map = weightedMap();
    const pw = await create({ width: map.width, height: map.height, cells: map.cells.slice() });
    try {
      const seen = [];
      const report = await pw.prepare(
        { hpa: true, labels: true, unitSizes: [2] },
        { onProgress: (fraction, what) => seen.push([fraction, what]) },
      );
      assert.deepEqual(report.built, ['unitSize 2', 'labels', 'labels of unitSize 2', 'hpa']);
      assert.ok(seen.length >= 2, `${seen.length} reports`);
      for (let k = 1; k < seen.length; k++) assert.ok(seen[k][0] >= seen[k - 1][0]);
      assert.deepEqual(seen.at(-1), [1, 'hpa']);
      const after = await pw.findPath(1, 1, map.width - 2, map.height - 2, { algorithm: 'hpa' });
      assert.equal(after.built, undefined);

      const controller = new AbortController();
      const run = pw.prepare(
        { hpa: { diagonal: 'always' } },
        { signal: controller.signal, onProgress: () => controller.abort() },
      );
      await assert.rejects(run, { name: 'AbortError' });
      const r = await pw.findPath(1, 1, map.width - 2, map.height - 2, {
        algorithm: 'hpa',
        diagonal: 'always',
      });
      const sync = tp.createGrid(map.width, map.height, map.cells);
      try {
        assert.equal(r.status, sync.findPath(1, 1, map.width - 2, map.height - 2).status);
      } finally {
        sync.dispose();
      }
      await assert.rejects(pw.prepare({ hpa: 'yes' }), {
        name: 'TypeError',
        message: /hpa must be/,
      });
      await assert.rejects(pw.prepare({ hpa: true }, { onProgress: 1 }), { message: /onProgress/ });
    } finally {
      pw.terminate();
    }
  });
}

test('create({ saved }) refuses bad bytes and grid fields beside them, naming them', async () => {
  const grid = tp.createGrid(20, 10);
  const bytes = grid.save();
  grid.dispose();
  assert.throws(() => PathWorker.create({ saved: bytes, width: 20 }), {
    name: 'TypeError',
    message: /saved holds the grid.*leave out 'width'/,
  });
  assert.throws(() => PathWorker.create({ saved: 'x' }), {
    name: 'TypeError',
    message: /saved must be/,
  });
  assert.throws(() => PathWorker.create({ saved: bytes.slice(0, 40) }), {
    name: 'RangeError',
    message: /not a saved grid/,
  });
  const newer = bytes.slice();
  newer[8] = 9;
  assert.throws(() => InThreadPathWorker.create({ saved: newer, loadPathfinder: () => tp }), {
    message: /format version 9/,
  });
  // A corrupted body passes the main thread's look at the header: the worker's check refuses it.
  const bad = bytes.slice();
  bad[bad.length - 3] ^= 1;
  await assert.rejects(PathWorker.create({ saved: bad }), { message: /checksum does not match/ });
});
