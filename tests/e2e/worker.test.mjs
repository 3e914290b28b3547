// PathWorker in real Chromium: the grid crosses once (the caller's buffer is detached), later
// messages carry only edits and requests, and 1,000 results with edits in between equal the
// sync API's in the same page.
// Run: node --test tests/e2e/worker.test.mjs   (needs dist/ built, chromium and playwright-core)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';

test('PathWorker on a 512x512 Moving AI map in Chromium', { timeout: 180_000 }, async (t) => {
  await withBrowser(async ({ newPage, errors, screenshot }) => {
    const page = await newPage('/tests/e2e/pages/worker.html');
    await page.waitForFunction(() => window.workerReport, null, { timeout: 150_000 });
    const report = await page.evaluate(() => window.workerReport);
    await screenshot(page, 'worker');
    assert.equal(report.error, undefined, report.error);
    t.diagnostic(
      `${report.map}: ${report.compared} results, ${report.messagesAfterCreate} messages, ` +
        `${report.bytesPosted} bytes after create, largest ${report.largestMessage}`,
    );

    await t.test("the caller's cells buffer is detached after create", () => {
      assert.equal(report.detached, true);
      assert.equal(report.initMessage.transferred, 512 * 512, 'the grid went in the transfer list');
    });

    await t.test('after create, messages carry only the edits and the requests', () => {
      assert.deepEqual(report.oversized, []);
      assert.equal(report.cellsPosted, report.changedCells);
      assert.equal(report.requestsPosted, report.requestsMade);
      assert.ok(
        report.largestMessage < (512 * 512) / 10,
        `largest message ${report.largestMessage} bytes`,
      );
    });

    await t.test("1,000 results with edits in between equal the sync API's", () => {
      assert.equal(report.requestsMade, 1000);
      assert.equal(report.compared, 1000);
      assert.deepEqual(report.mismatches, []);
    });

    await t.test('no console or page errors', () => {
      assert.deepEqual(errors, []);
    });
  });
});
