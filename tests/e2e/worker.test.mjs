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
      assert.deepEqual(report.initMessage, {
        message: {
          type: 'init',
          width: 512,
          height: 512,
          cells: 512 * 512,
          offset: 0,
          costs: 0,
          loadOptions: null,
          shape: 'orthogonal y odd',
        },
        bytes: report.initMessage.bytes,
        transferred: 512 * 512 + 0, // the grid and the empty cost table went in the transfer list
      });
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

    await t.test('every update after create is a whole, known message', () => {
      assert.equal(report.updates.length, report.messagesAfterCreate);
      report.updates.forEach((update, i) => {
        assert.deepEqual(
          update,
          {
            type: 'update',
            seq: i + 1,
            level: 0,
            cells: update.cells,
            values: update.cells,
            costs: 0,
            requests: update.requests,
            options: update.requests,
            cancel: 0,
          },
          `update ${i + 1}`,
        );
      });
    });

    await t.test(
      'garbage to the worker gets whole error replies; garbage to the client is ignored',
      () => {
        const refused = (seq, name, message) => ({
          type: 'protocolError',
          seq,
          error: { name, message },
        });
        assert.deepEqual(report.hostile, {
          ready: 'ready',
          refusals: [
            refused(null, 'TypeError', 'a message must be an object, got null'),
            refused(null, 'TypeError', 'unknown message type "explode"'),
            refused(
              1,
              'TypeError',
              'update 1: indices must be a Uint32Array, got an array of length 1',
            ),
            refused(1, 'RangeError', 'update 1: indices[0] is 16, outside the grid (16 cells)'),
            refused(1, 'TypeError', 'update 1: cancel must be an array of request ids, got "all"'),
          ],
          servedAfter: true,
          repliesIgnored: 5,
          pendingCost: 7,
          answeredCost: 14,
        });
      },
    );

    await t.test('no console or page errors', () => {
      assert.deepEqual(errors, []);
    });
  });
});
