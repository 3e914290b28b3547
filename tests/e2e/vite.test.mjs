// demo/vite built with `vite build` exactly as a user's project would be (tilepath installed as
// a package: node_modules/tilepath links to this repo, as `npm install` of file:../.. does), then
// served and loaded in Chromium: the page must find a path on the main thread and in the worker,
// which proves the build emitted the worker and the .wasm and that both load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, readdir, rm, symlink, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../../js/tools/serve.mjs';
import { withBrowser } from './harness.mjs';
import { createPathfinder } from '../../js/node.js';
import { readTiledLayer } from '../../js/tiled.js';

const work = join(repoRoot, 'test-results', 'vite-demo');

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      out.push(join(entry.parentPath ?? entry.path, entry.name).slice(dir.length + 1));
  }
  return out;
}

/** A fresh copy of demo/vite (without its node_modules and dist) at `to`. */
async function copyDemo(to) {
  await rm(to, { recursive: true, force: true });
  await mkdir(to, { recursive: true });
  await cp(join(repoRoot, 'demo', 'vite'), to, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist)$/.test(source),
  });
}

/** Waits until the demo page says it is ready, or shows an error. */
function demoSettled(page) {
  return page.waitForFunction(
    () =>
      window.tilepathDemo?.ready === true ||
      document.getElementById('status')?.textContent.startsWith('error'),
    null,
    { timeout: 180_000 },
  );
}

test('demo/vite builds with vite build and finds paths in Chromium, in-thread and in its worker', async () => {
  await copyDemo(work);
  await mkdir(join(work, 'node_modules'), { recursive: true });
  await symlink(repoRoot, join(work, 'node_modules', 'tilepath'), 'dir');

  const { build } = await import('vite');
  const outDir = join(work, 'dist');
  await build({ root: work, logLevel: 'warn', build: { outDir, emptyOutDir: true } });

  const files = await filesUnder(outDir);
  const wasm = files.filter((f) => f.endsWith('.wasm'));
  assert.ok(wasm.length >= 1, `the build emitted the .wasm (files: ${files.join(', ')})`);
  const scripts = files.filter((f) => f.endsWith('.js'));
  const workerChunks = [];
  for (const f of scripts) {
    const text = await readFile(join(outDir, f), 'utf8');
    if (/serveWorker|type:\s*"initError"|initError/.test(text) && !/PathWorker\.create/.test(text))
      workerChunks.push(f);
  }
  assert.ok(
    workerChunks.length >= 1,
    `the build emitted the worker entry (scripts: ${scripts.join(', ')})`,
  );

  const arena = await readFile(join(repoRoot, 'demo', 'vite', 'arena.tmj'), 'utf8');
  const layer = readTiledLayer(arena, { layer: 'Ground' });
  const grid = (await createPathfinder()).createGrid(layer.width, layer.height, layer.cells);
  for (const [cls, cost] of Object.entries(layer.costs)) grid.setCost(Number(cls), cost);

  await withBrowser(
    async ({ newPage, errors, screenshot }) => {
      const page = await newPage('/index.html');
      await demoSettled(page);
      assert.deepEqual(errors, []);
      for (const [sx, sy, gx, gy, options] of [
        [0, 0, 11, 0],
        [0, 7, 11, 7, { diagonal: 'noCorners' }],
        [2, 3, 9, 5],
      ]) {
        const got = await page.evaluate(
          (args) => window.tilepathDemo.findPathBoth(...args),
          [sx, sy, gx, gy, options],
        );
        const expected = grid.findPath(sx, sy, gx, gy, options);
        assert.equal(expected.status, 'found');
        for (const where of ['inThread', 'inWorker']) {
          assert.equal(got[where].status, 'found', where);
          assert.deepEqual(
            got[where].path,
            Array.from(expected.path),
            `${where} ${sx},${sy} -> ${gx},${gy}`,
          );
          assert.equal(got[where].cost, expected.cost, where);
        }
      }
      await screenshot(page, 'vite-demo');
      assert.deepEqual(errors, []);
    },
    { serverOptions: { root: outDir } },
  );
  grid.dispose();
});

// `npm run dev` (vite's dev server) is where a game is written. It pre-bundles dependencies into
// node_modules/.vite/deps, where tilepath's new URL('./entry.js', import.meta.url) (js/worker/client.js) finds
// no worker/entry.js: PathWorker.create failed with "the worker could not start (worker error:
// its script failed to load, ...)" until demo/vite's config left tilepath out of the pre-bundling.
test('demo/vite runs under the vite dev server, in-thread and in its worker', async () => {
  const dev = join(repoRoot, 'test-results', 'vite-dev');
  await copyDemo(dev);
  // A copy of the packed files, as `npm install tilepath-0.1.0.tgz` leaves them: the dev server
  // pre-bundles an installed package, not one linked from elsewhere (as the build test's is).
  const installed = join(dev, 'node_modules', 'tilepath');
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: repoRoot, encoding: 'utf8' }),
  );
  for (const { path } of packed[0].files) {
    await mkdir(dirname(join(installed, path)), { recursive: true });
    await cp(join(repoRoot, path), join(installed, path));
  }

  const { createServer } = await import('vite');
  const server = await createServer({
    root: dev,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  try {
    await server.listen();
    const address = server.httpServer.address();
    await withBrowser(async ({ context, errors }) => {
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${address.port}/`);
      await demoSettled(page);
      const status = await page.evaluate(() => document.getElementById('status').textContent);
      assert.match(status, /^path found/);
      const got = await page.evaluate(() => window.tilepathDemo.findPathBoth(0, 7, 11, 7));
      assert.equal(got.inThread.status, 'found');
      assert.deepEqual(got.inWorker, got.inThread);
      assert.deepEqual(errors, []);
    });
  } finally {
    await server.close();
  }
});
