// The two builds in a real browser, each fetched from where the package puts it: createPathfinder()
// loads tilepath.wasm (no big-map features), createPathfinder({ bigMaps: true }) and a PathWorker
// with loadOptions: { bigMaps: true } load tilepath-bigmaps.wasm beside the same glue.
// Run: node --test tests/e2e/big-maps-build.test.mjs   (needs dist/ built, chromium and playwright-core)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';

test('a page and its workers load either build by bigMaps', { timeout: 300_000 }, async () => {
  await withBrowser(async ({ newPage }) => {
    const page = await newPage('/tests/e2e/pages/tiled-plain.html');
    const fetched = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) fetched.push(new URL(request.url()).pathname);
    });
    const report = await page.evaluate(async () => {
      const origin = location.origin;
      const { createPathfinder } = await import(`${origin}/js/index.js`);
      const { PathWorker } = await import(`${origin}/js/worker.js`);
      // A 64x64 room with a wall across it, open at the right end.
      const cells = new Uint8Array(64 * 64);
      for (let x = 0; x < 60; x++) cells[32 * 64 + x] = 1;
      // The status of an hpa search, or the error it threw or rejected with.
      const search = async (target) => {
        try {
          return (await target.findPath(2, 2, 2, 60, { algorithm: 'hpa', diagonal: 'noCorners' }))
            .status;
        } catch (error) {
          return `${error.name}: ${error.message}`;
        }
      };
      const small = await createPathfinder();
      const big = await createPathfinder({ bigMaps: true });
      const inThread = {
        small: await search(small.createGrid(64, 64, cells)),
        big: await search(big.createGrid(64, 64, cells)),
        flags: [small.bigMaps, big.bigMaps],
      };
      const workers = {};
      for (const bigMaps of [false, true]) {
        const pw = await PathWorker.create({
          width: 64,
          height: 64,
          cells: cells.slice(),
          loadOptions: { bigMaps },
        });
        workers[bigMaps] = {
          hpa: await search(pw),
          astar: (await pw.findPath(2, 2, 2, 60, { diagonal: 'noCorners' })).status,
        };
        pw.terminate();
      }
      return { inThread, workers };
    });
    assert.deepEqual(report.inThread.flags, [false, true]);
    assert.equal(report.inThread.big, 'found');
    assert.match(
      report.inThread.small,
      /^RangeError: algorithm 'hpa' is one of the big-map features, .*createPathfinder\(\{ bigMaps: true \}\)/,
    );
    assert.deepEqual(report.workers.true, { hpa: 'found', astar: 'found' });
    assert.equal(report.workers.false.astar, 'found');
    assert.match(report.workers.false.hpa, /algorithm 'hpa' is one of the big-map features/);
    // Each build fetched from the package's dist/, beside the glue, and nothing else.
    assert.deepEqual([...new Set(fetched)].sort(), [
      '/dist/tilepath-bigmaps.wasm',
      '/dist/tilepath.wasm',
    ]);
  });
});
