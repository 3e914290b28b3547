// A pool of two PathWorkers with a path cache, and stale-path alerts, in real Chromium on a
// 512x512 Moving AI map: answers equal the sync API's (a cached one costs the same), repeated
// requests hit the cache, and walls alert exactly the watched routes they land on.
// Run: node --test tests/e2e/worker-pool.test.mjs   (needs dist/ built, chromium and playwright-core)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';

test(
  'a pool of workers with a cache, and path alerts, in Chromium',
  { timeout: 180_000 },
  async (t) => {
    await withBrowser(async ({ newPage, errors }) => {
      const page = await newPage('/tests/e2e/pages/worker-pool.html');
      await page.waitForFunction(() => window.poolReport, null, { timeout: 150_000 });
      const report = await page.evaluate(() => window.poolReport);
      assert.equal(report.error, undefined, report.error);
      t.diagnostic(`${report.map}: ${report.compared} results, ${report.cached} from the cache`);
      assert.equal(report.compared, 400);
      assert.deepEqual(report.mismatches, []);
      assert.ok(report.cached > 100, `${report.cached} cache hits`);
      assert.equal(report.workers, 2);
      assert.equal(report.stats.workers.length, 2);
      for (const stats of report.stats.workers) assert.ok(stats.resultsReceived > 50);
      assert.equal(report.alertsFromOffRoute, 0, 'walls off every watched route alert nobody');
      assert.ok(report.watched >= 8);
      assert.equal(report.alerts, report.watched, 'a wall on each watched route alerts it once');
      assert.deepEqual(errors, []);
    });
  },
);
