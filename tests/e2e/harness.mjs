// Browser-test harness: the repo's static server on a free port plus Debian's Chromium driven by
// playwright-core, with a fresh profile per run and every console error (workers' included: the
// page's console event carries them), page error and failed request collected in `errors`, and
// per page in `errorsOf(page)`.
//
//   import { withBrowser } from './harness.mjs';
//   await withBrowser(async ({ newPage, errors }) => {
//     const page = await newPage('/tests/e2e/pages/worker.html');
//     ...
//   });

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../../js/tools/chromium.mjs';
import { repoRoot, startServer } from '../../js/tools/serve.mjs';

export { chromiumArgs, chromiumPath };

export const screenshotDir = join(repoRoot, 'test-results', 'screenshots');

async function loadPlaywright() {
  try {
    return await import('playwright-core');
  } catch (error) {
    throw new Error(
      'playwright-core is not installed: run `npm install` (it is a devDependency) ' +
        `or \`npm install --no-save playwright-core\`. (${error.message})`,
    );
  }
}

/**
 * Starts the server and the browser. Call `close()` when done (withBrowser does it for you).
 * @returns {Promise<{ context, baseUrl: string, url(path: string): string,
 *   newPage(path?: string): Promise<import('playwright-core').Page>, errors: string[],
 *   errorsOf(page: import('playwright-core').Page): string[],
 *   screenshot(page, name: string): Promise<string>, close(): Promise<void> }>}
 */
export async function launch({ headless = true, serverOptions = {} } = {}) {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install -y chromium`);
  }
  const { chromium } = await loadPlaywright();
  const server = await startServer({ port: 0, ...serverOptions });
  const profile = await mkdtemp(join(tmpdir(), 'tilepath-chromium-'));
  let context;
  try {
    // A persistent context is how playwright takes --user-data-dir: a new empty one per run.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless,
      args: chromiumArgs,
    });
  } catch (error) {
    await server.close();
    await rm(profile, { recursive: true, force: true });
    throw error;
  }

  const errors = [];
  const pageErrors = new WeakMap();
  const watch = (page) => {
    const own = [];
    pageErrors.set(page, own);
    const report = (text) => {
      errors.push(text);
      own.push(text);
    };
    page.on('console', (message) => {
      if (message.type() === 'error') report(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => report(`page error: ${error.message}`));
    page.on('crash', () => report('page crashed'));
    // Chromium's own "Failed to load resource" console line does not say which URL.
    page.on('response', (response) => {
      if (response.status() >= 400) report(`HTTP ${response.status()}: ${response.url()}`);
    });
    page.on('requestfailed', (request) =>
      report(`request failed: ${request.url()} (${request.failure()?.errorText})`),
    );
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  const url = (path = '/') => new URL(path, server.url).href;
  return {
    context,
    baseUrl: server.url,
    url,
    errors,
    /** The errors of one page only: tests that share a browser keep their own records. */
    errorsOf: (page) => pageErrors.get(page),
    async newPage(path) {
      const page = await context.newPage();
      // Waits end on what they wait for, not on a clock: Playwright's 30 s default failed tests
      // by luck on a loaded 2-core machine (npm test there took 22 minutes).
      page.setDefaultTimeout(180_000);
      if (path !== undefined) await page.goto(url(path));
      return page;
    },
    async screenshot(page, name) {
      await mkdir(screenshotDir, { recursive: true });
      const file = join(screenshotDir, name.endsWith('.png') ? name : `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      try {
        await context.close();
      } finally {
        await server.close();
        await rm(profile, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `fn(session)` with a browser and server, and closes both however `fn` ends. */
export async function withBrowser(fn, options) {
  const session = await launch(options);
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}
