// The PathWorker benchmark in Chromium (playwright-core); prints the page's figures.
//   node tests/bench/js/worker-bench-browser.mjs [--requests 1000]

import { parseArgs } from 'node:util';
import { withBrowser } from '../../e2e/harness.mjs';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '1000' } } });
const fmt = ({ median, p95, mean }) =>
  `median ${median.toFixed(4)}  p95 ${p95.toFixed(4)}  mean ${mean.toFixed(4)}`;

// Cross-origin isolation gives the page 5 us timers instead of 100 us ones.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

await withBrowser(
  async ({ newPage, errors }) => {
    const page = await newPage(
      `/tests/e2e/pages/worker-bench.html?requests=${Number(args.requests)}`,
    );
    await page.waitForFunction(() => window.benchReport, null, { timeout: 300_000 });
    const r = await page.evaluate(() => window.benchReport);
    if (r.error) throw new Error(r.error);
    console.log(
      `PathWorker benchmark in ${r.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0]}: ${r.map}`,
    );
    console.log(`main thread per findPath, one per task (call + flush), ms: ${fmt(r.callMs)}`);
    console.log(`round trip, short path (3 cells), ms: ${fmt(r.roundTripMs)}`);
    console.log(`  of which search in the worker, ms:  ${fmt(r.workerMs)}`);
    console.log(
      `bytes posted, ${r.requests} requests + ${r.edits} edits, one request per task: ` +
        `${r.bytesPosted} bytes in ${r.messagesPosted} messages`,
    );
    console.log(`timer: ${r.isolated ? 'cross-origin isolated (5 us)' : 'coarse (100 us)'}`);
    if (errors.length) console.log('page errors:', errors);
  },
  { serverOptions: { headers: isolation } },
);
