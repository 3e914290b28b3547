// Debian's Chromium as the browser tests and the docs' picture scripts launch it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Run as root with no sandbox: without the background-networking flags it keeps trying to reach
// Google services on a closed network. Playwright adds --headless itself.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Serves the repo (as `npm run demo` does) and opens Chromium with a new empty profile, runs
 * `fn(context, serverUrl)`, then closes both: what the scripts that take the docs' pictures share.
 * @param {object} contextOptions playwright's launchPersistentContext options (viewport, ...)
 */
export async function withChromium(contextOptions, fn) {
  const { chromium } = await import('playwright-core');
  const { startServer } = await import('./serve.mjs');
  const server = await startServer({ port: 0 });
  const profile = await mkdtemp(join(tmpdir(), 'tilepath-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
      ...contextOptions,
    });
    return await fn(context, server.url);
  } finally {
    await context?.close();
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
}
