// A game deployed without tilepath.wasm where the glue looks for it (a bundler that did not emit
// it, a server answering a missing file with its 404 page or with index.html) must be told so,
// in-thread and through a PathWorker, instead of Emscripten's "Aborted(CompileError: ...
// expected magic word 00 61 73 6d ...). Build with -s ASSERTIONS=1 for more info.".
// Run: node --test tests/e2e/wasm-missing.test.mjs   (needs dist/ built, chromium and playwright-core)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser } from './harness.mjs';

test('a missing or wrong tilepath.wasm is named as such', { timeout: 300_000 }, async () => {
  await withBrowser(async ({ newPage }) => {
    const page = await newPage('/tests/e2e/pages/tiled-plain.html');
    const report = await page.evaluate(async () => {
      const origin = location.origin;
      const { createPathfinder } = await import(`${origin}/js/index.js`);
      const { PathWorker } = await import(`${origin}/js/worker.js`);
      const outcome = (promise) =>
        promise.then(
          () => 'loaded',
          (error) => `${error.name}: ${error.message}`,
        );
      const missing = `${origin}/no/such/tilepath.wasm`;
      const page404 = await outcome(createPathfinder({ locateFile: () => missing }));
      const html = await outcome(
        createPathfinder({ locateFile: () => `${origin}/tests/e2e/pages/tiled-plain.html` }),
      );
      // The worker's own createPathfinder meets the same missing file.
      const script = [
        `import { serveWorker } from '${origin}/js/worker.js';`,
        `import { createPathfinder } from '${origin}/js/index.js';`,
        `serveWorker(self, () => createPathfinder({ locateFile: () => '${missing}' }));`,
      ].join('\n');
      const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
      const worker = await outcome(
        PathWorker.create({
          width: 4,
          height: 4,
          recover: 'reject',
          worker: () => new Worker(url, { type: 'module' }),
        }),
      );
      const after = await outcome(createPathfinder()); // the right file still loads afterwards
      return { page404, html, worker, after };
    });
    const told = (where) =>
      new RegExp(
        `^Error: tilepath could not load its WebAssembly module \\(tilepath\\.wasm at ${where}\\): `,
      );
    for (const key of ['page404', 'html', 'worker']) {
      assert.doesNotMatch(report[key], /ASSERTIONS|Aborted\(/, key);
      assert.match(
        report[key],
        /or say where it is with createPathfinder\(\{ locateFile \}\)/,
        key,
      );
    }
    // A page fetches with fetch(): a 404 is refused as such. A worker falls back to a synchronous
    // XMLHttpRequest, which hands over the 404 page's text as if it were the wasm.
    assert.match(report.page404, told('http://[^ ]+/no/such/tilepath\\.wasm'));
    assert.match(
      report.page404,
      /: it could not be fetched \(the server has no such file, or refused it: a 404 or 403\?\)/,
    );
    assert.match(report.html, told('http://[^ ]+/tests/e2e/pages/tiled-plain\\.html'));
    assert.match(report.html, /the server sent a web page \(it begins "<!do"\), not the wasm/);
    assert.match(
      report.worker,
      /the server sent something else \(it begins "Not "\), not the wasm/,
    );
    assert.equal(report.after, 'loaded');
  });
});
