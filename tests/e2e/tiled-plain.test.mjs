// tilepath/tiled in real Chromium from a plain HTML page: a <script type="module"> with no
// import map and no bundler. Its cells must equal what Node reads from the same fixtures.
// Run: node --test tests/e2e/tiled-plain.test.mjs   (needs dist/ built, chromium and playwright-core)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withBrowser } from './harness.mjs';
import { repoRoot } from '../../js/tools/serve.mjs';
import { loadTiledMap, readTiledLayer, readTiledMap } from '../../js/tiled.js';

const fixture = (name) => readFileSync(join(repoRoot, 'tests', 'fixtures', 'tiled', name), 'utf8');

test(
  'tilepath/tiled loads and reads maps on a plain page with no import map',
  { timeout: 300_000 },
  async () => {
    await withBrowser(async ({ newPage, errors }) => {
      const page = await newPage('/tests/e2e/pages/tiled-plain.html');
      await page.waitForFunction(() => window.tiledReport, null, { timeout: 150_000 });
      const report = await page.evaluate(() => window.tiledReport);
      assert.equal(report.error, undefined, report.error);
      assert.equal(report.importMaps, 0);
      for (const name of ['map-zlib.tmx', 'map-gzip.tmj']) {
        const expected = readTiledLayer(fixture(name), { layer: 'Ground' });
        assert.deepEqual(report[name].cells, [...expected.cells], name);
      }
      const yard = readTiledMap(fixture('courtyard.tmx'), {
        layers: [{ layer: 'Ground', tiles: 'floor' }, 'Walls', 'Collision'],
      });
      assert.deepEqual(report.courtyard.cells, [...yard.cells]);
      assert.deepEqual(report.courtyard.costs, yard.costs);
      const expected = await loadTiledMap(join(repoRoot, 'tests/fixtures/tiled/collision.tmx'), {
        layers: ['Ground', 'Decor', 'Props'],
      });
      assert.deepEqual(report.loaded, { cells: [...expected.cells], warnings: [] });
      assert.deepEqual(report.worker, { cells: [...expected.cells] });
      assert.match(
        report.missing,
        /^loadTiledMap: cannot read the map at http:\/\/[^ ]+\/tests\/fixtures\/tiled\/no-such\.tmj: HTTP 404/,
      );
      // The page's 404 for the missing map is the one error the console may show.
      assert.deepEqual(
        errors.filter((e) => !/404/.test(e)),
        [],
      );
    });
  },
);
