// Movement profiles through the worker surfaces (PathWorker, a pool, InThreadPathWorker): a
// profile edit is ordered with the requests around it, and a watched path hears only its own
// profile's cost edits (and every cell edit).
// Run: node --test tests/js/worker/profiles-worker.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';

const tilepath = await createPathfinder();
const SURFACES = {
  worker: (o) => PathWorker.create(o),
  pool: (o) => PathWorker.create({ ...o, workers: 2 }),
  inThread: (o) => InThreadPathWorker.create({ ...o, loadPathfinder: () => tilepath }),
};

for (const [name, make] of Object.entries(SURFACES)) {
  test(`${name}: a request sees the profiles set before it, never one set after`, async () => {
    const pw = await make({ width: 6, height: 3 });
    try {
      pw.fillRect(0, 1, 6, 1, 1); // water along the middle row
      pw.setProfile('boat', { 0: 0, 1: 1 });
      const before = pw.findPath(0, 1, 5, 1, { profile: 'boat' });
      pw.setProfile('boat', { 0: 0, 1: 2 }); // dearer water, after the first request
      const after = pw.findPath(0, 1, 5, 1, { profile: 'boat' });
      pw.deleteProfile('boat');
      pw.setProfile('boat', { 0: 0, 1: 3 }); // deleted and added again: a new table
      const again = pw.findPath(0, 1, 5, 1, { profile: 'boat' });
      assert.deepEqual(
        (await Promise.all([before, after, again])).map((r) => r.cost),
        [5, 10, 15],
      );
      assert.deepEqual(pw.profiles(), ['default', 'boat']);
      assert.equal(pw.getCost(1, 'boat'), 3);
    } finally {
      pw.terminate();
    }
  });

  test(`${name}: a watched boat's path hears the boat's cost edits, not the walkers'`, async () => {
    const pw = await make({ width: 6, height: 3 });
    try {
      pw.fillRect(0, 1, 6, 1, 1);
      pw.setProfile('boat', { 0: 0, 1: 1 });
      const { path } = await pw.findPath(0, 1, 5, 1, { profile: 'boat' });
      const alerts = [];
      pw.watchPath(path, (alert) => alerts.push(alert), { profile: 'boat', diagonal: 'never' });
      pw.setCost(1, 4); // the walkers' water
      assert.equal(alerts.length, 0);
      pw.setCost(1, 2, 'boat');
      assert.equal(alerts.length, 1);
      assert.throws(() => pw.watchPath(path, () => {}, { profile: 'raft' }), /unknown profile/);
    } finally {
      pw.terminate();
    }
  });
}
