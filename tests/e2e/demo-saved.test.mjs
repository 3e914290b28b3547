// The demo's big-map panel in real Chromium: "Build hpa ahead" builds the hierarchy in the worker
// with its progress shown, an hpa query after it searches only (no building time beside it);
// "Save map" downloads the map with its hierarchy (a saved grid the sync API loads with the
// page's cells), and "Load saved" loads it back, nothing built again.
// Run: node --test tests/e2e/demo-saved.test.mjs   (needs dist/ built, chromium and playwright-core)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { withBrowser } from './harness.mjs';
import { createPathfinder } from '../../js/node.js';

test(
  'the demo builds hpa ahead with progress, saves the map and loads it back',
  { timeout: 300_000 },
  async () => {
    const tp = await createPathfinder();
    await withBrowser(async (session) => {
      const page = await session.newPage();
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(session.url('/demo/'));
      await page.evaluate(() => window.tilepathDemo.ready);
      await page.evaluate(() => window.tilepathDemo.settled());
      await page.selectOption('#map-select', 'mai:den011d.map');
      await page.waitForFunction(() => window.tilepathDemo.map?.name === 'den011d.map');
      await page.evaluate(() => window.tilepathDemo.settled());

      // Progress as it goes (recorded by the page), then the time.
      await page.evaluate(() => {
        window.seenBuild = [];
        new MutationObserver(() =>
          window.seenBuild.push(document.getElementById('hpa-build').textContent),
        ).observe(document.getElementById('hpa-build'), {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await page.click('#hpa-prepare');
      await page.waitForFunction(() =>
        /built in/.test(document.getElementById('hpa-build').textContent),
      );
      const seen = await page.evaluate(() => window.seenBuild);
      assert.ok(
        seen.some((text) => /building the hierarchy: \d+%/.test(text)),
        seen.join(' | '),
      );
      await page.selectOption('#opt-algorithm', 'hpa');
      await page.evaluate(() => window.tilepathDemo.settled());
      await page.waitForFunction(() =>
        /hpa .* ms/.test(document.getElementById('hpa-note').textContent),
      );
      const note = await page.textContent('#hpa-note');
      assert.doesNotMatch(note, /building the hierarchy/);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('#hpa-save'),
      ]);
      const bytes = readFileSync(await download.path());
      const cells = Uint8Array.from(await page.evaluate(() => window.tilepathDemo.cells()));
      const grid = tp.loadGrid(bytes);
      try {
        assert.deepEqual(grid.cells(), cells);
      } finally {
        grid.dispose();
      }

      await page.setInputFiles('#hpa-load', {
        name: 'level.tilepath',
        mimeType: 'application/octet-stream',
        buffer: bytes,
      });
      await page.waitForFunction(() =>
        /loaded level\.tilepath/.test(document.getElementById('hpa-build').textContent),
      );
      assert.equal(await page.evaluate(() => window.tilepathDemo.map.name), 'level.tilepath');
      await page.evaluate(() => window.tilepathDemo.settled());
      const last = await page.evaluate(() => window.tilepathDemo.last);
      assert.equal(last.query.options.algorithm, 'hpa');
      assert.doesNotMatch(await page.textContent('#hpa-note'), /building the hierarchy/);
      const errors = session.errorsOf(page).filter((e) => !e.includes('favicon'));
      assert.deepEqual(errors, []);
      await page.close();
    });
  },
);
