// Takes the README's picture of the demo: serves the repo as `npm run demo` does, opens
// /demo/ in Debian's headless Chromium (playwright-core), waits until the page has answered its
// first query, and writes docs/images/demo.png. Run after `npm run build`:
//   node js/tools/demo-screenshot.mjs [--out FILE] [--width 1280] [--height 720] [--scale 0.75]
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

import { withChromium } from './chromium.mjs';
import { repoRoot } from './serve.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(repoRoot, 'docs/images/demo.png') },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '720' },
    scale: { type: 'string', default: '0.75' },
  },
});

await withChromium(
  {
    viewport: { width: Number(values.width), height: Number(values.height) },
    // The page as a 1280 x 720 window lays it out, drawn at 960 x 540: a small PNG for the README.
    deviceScaleFactor: Number(values.scale),
  },
  async (context, serverUrl) => {
    const page = await context.newPage();
    await page.goto(`${serverUrl}/demo/`);
    await page.evaluate(() => window.tilepathDemo.ready);
    await page.evaluate(() => window.tilepathDemo.settled());
    mkdirSync(dirname(values.out), { recursive: true });
    await page.screenshot({ path: values.out });
    console.log(`wrote ${values.out} (${statSync(values.out).size} bytes)`);
  },
);
