// npm run build:site: the static folder works from a plain static server (node:http, files and
// their content types only: no redirects, no listing, no headers of js/tools/serve.mjs), under a
// sub-path as on a project's pages host. Chromium finds a path in it, opens a Moving AI map from
// the written index, and asks for nothing outside the folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

import { chromiumArgs, chromiumPath } from './harness.mjs';
import { buildSite, SITE_DIST } from '../../js/tools/build-site.mjs';

// What any static host knows: a type per extension, index.html for a folder.
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};
const PREFIX = '/tilepath'; // served under a sub-path, as a project site is

let dir;
let server;
let base;
const asked = [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tilepath-site-'));
  await buildSite({ outDir: join(dir, 'site') });
  server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    asked.push(path);
    if (!path.startsWith(`${PREFIX}/`)) return res.writeHead(404).end();
    let file = normalize(join(dir, 'site', path.slice(PREFIX.length)));
    if (!file.startsWith(join(dir, 'site'))) return res.writeHead(404).end();
    if (path.endsWith('/')) file = join(file, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${server.address().port}${PREFIX}/`;
});

after(async () => {
  await new Promise((done) => server?.close(done));
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the site holds the page, its modules and what it loads of dist/, and no tool or test code', async () => {
  const site = join(dir, 'site');
  for (const f of [
    'index.html',
    'demo/index.html',
    'demo/main.js',
    'demo/maps/hex-pointy-odd.tmx',
    'js/index.js',
    'js/worker/entry.js',
    'js/tiled/map.js',
    'movingai/index.json',
    'tests/fixtures/tiled/real/desert.tmx',
    'tests/fixtures/tiled/real/desert.tsx',
    'tests/fixtures/tiled/real/tmw_desert_spacing.png',
    ...SITE_DIST.map((f) => `dist/${f}`),
  ])
    assert.ok(existsSync(join(site, f)), f);
  for (const f of ['js/tools', 'demo/cocos', 'demo/vite', 'demo/maps/make-examples.mjs'])
    assert.ok(!existsSync(join(site, f)), `${f} is left out`);
  const index = JSON.parse(await readFile(join(site, 'movingai/index.json'), 'utf8'));
  assert.ok(index.maps.length >= 8, `${index.maps.length} maps listed`);
  for (const m of index.maps) {
    assert.ok(!m.url.startsWith('/'), `${m.url} is relative`);
    assert.ok(existsSync(join(site, 'movingai', decodeURIComponent(m.url))), m.url);
  }
});

test('served as plain files under a sub-path, the demo finds a path and opens a Moving AI map', async () => {
  const { chromium } = await import('playwright-core');
  const profile = await mkdtemp(join(tmpdir(), 'tilepath-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(base); // the folder's index.html sends the browser on to demo/
    await page.waitForURL(/\/demo\/$/);
    await page.evaluate(() => window.tilepathDemo.ready);
    await page.evaluate(() => window.tilepathDemo.settled());
    const last = await page.evaluate(() => window.tilepathDemo.last);
    assert.equal(last.status, 'found');
    assert.ok(last.path.length >= 4, 'a path on screen');
    assert.equal(last.where, 'worker', 'from the PathWorker, whose module came from the site');

    const option = await page.$eval(
      '#map-select',
      (s) => [...s.options].find((o) => o.value === 'mai:arena.map')?.value ?? null,
    );
    assert.equal(option, 'mai:arena.map', 'the Moving AI maps are in the menu');
    await page.selectOption('#map-select', 'mai:arena.map');
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'arena.map');
    await page.evaluate(() => window.tilepathDemo.settled());
    assert.equal((await page.evaluate(() => window.tilepathDemo.last)).status, 'found');

    // A Tiled example from the site's copy, drawn with its tile images.
    await page.selectOption('#map-select', 'tiled-real:desert.tmx');
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'desert.tmx');
    const art = await page.evaluate(() => window.tilepathDemo.tileArt);
    assert.equal(art?.drawn, 40 * 40, 'every tile of desert.tmx drawn from its image');
    assert.deepEqual(errors, []);
    const outside = asked.filter((p) => !p.startsWith(`${PREFIX}/`));
    assert.deepEqual(outside, [], 'nothing is asked for outside the folder');
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
