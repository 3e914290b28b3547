// The package as a user gets it: `npm pack`, install the tarball into a scratch project
// outside the repo, and import it from plain Node by its name.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';

test(
  'the packed tarball installs into a scratch project and works without the repo',
  { timeout: 180_000 },
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'tilepath-user-'));
    try {
      const packed = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], {
          cwd: repoRoot,
          encoding: 'utf8',
        }),
      );
      const files = packed[0].files.map((f) => f.path);
      for (const needed of [
        'dist/tilepath.wasm',
        'dist/tilepath-bigmaps.wasm',
        'dist/tilepath.mjs',
        'dist/tilepath-single.mjs',
        'dist/contract.mjs',
        'js/index.js',
        'js/index.d.ts',
        'js/worker.js',
        'README.md',
      ]) {
        assert.ok(files.includes(needed), `${needed} is in the tarball`);
      }
      assert.ok(
        !files.some((f) => /^(cpp|tests|docs|demo|js\/tools)\//.test(f)),
        'sources, tests, docs (their images), the demo and the build scripts stay out',
      );
      // tilepath.mjs loads both builds: the big-map build's own glue is not shipped.
      assert.ok(!files.includes('dist/tilepath-bigmaps.mjs'), 'one glue for both builds');
      writeFileSync(
        join(scratch, 'package.json'),
        JSON.stringify({ name: 'game', private: true, type: 'module' }),
      );
      const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz'));
      execFileSync('npm', ['install', '--no-audit', '--no-fund', join(scratch, tarball)], {
        cwd: scratch,
        stdio: 'pipe',
      });
      writeFileSync(
        join(scratch, 'game.mjs'),
        `import { readFileSync } from 'node:fs';
import { createPathfinder } from 'tilepath';
import { PathWorker } from 'tilepath/worker';
import { readTiledLayer } from 'tilepath/tiled';
const tp = await createPathfinder();
// The browser entry's two builds, from the installed files (Node cannot fetch them itself).
const browser = await import('./node_modules/tilepath/js/index.js');
const dist = (file) => readFileSync(new URL('./node_modules/tilepath/dist/' + file, import.meta.url));
const small = await browser.createPathfinder({ wasmBinary: dist('tilepath.wasm') });
const big = await browser.createPathfinder({ bigMaps: true, wasmBinary: dist('tilepath-bigmaps.wasm') });
const hpa = (pathfinder) => {
  try {
    return pathfinder.createGrid(8, 3).findPath(0, 0, 7, 2, { algorithm: 'hpa' }).cost;
  } catch (error) {
    return error.message;
  }
};
const grid = tp.createGrid(8, 3, [0,0,0,0,0,0,0,0, 0,1,1,1,1,1,1,0, 0,0,0,0,0,0,0,0]);
const sync = grid.findPath(0, 1, 7, 1);
const cells = new Uint8Array(grid.cells());
const pw = await PathWorker.create({ width: 8, height: 3, cells: cells.buffer });
const viaWorker = await pw.findPath(0, 1, 7, 1);
pw.terminate();
const layer = readTiledLayer({ width: 2, height: 1, tilewidth: 8, tileheight: 8, orientation: 'orthogonal',
  layers: [{ type: 'tilelayer', name: 'Walls', width: 2, height: 1, data: [0, 1] }],
  tilesets: [{ firstgid: 1, tilecount: 1, tiles: [] }] }, { layer: 'Walls' });
console.log(JSON.stringify({ sync: [...sync.path], worker: [...viaWorker.path], cost: sync.cost,
  detached: cells.buffer.byteLength, tiled: [...layer.cells],
  bigMaps: [tp.bigMaps, small.bigMaps, big.bigMaps], hpa: [hpa(tp), hpa(small), hpa(big)] }));
`,
      );
      const out = JSON.parse(
        execFileSync('node', ['game.mjs'], { cwd: scratch, encoding: 'utf8' }),
      );
      assert.equal(out.cost, 9);
      assert.deepEqual(out.worker, out.sync);
      assert.equal(out.detached, 0);
      assert.deepEqual(out.tiled, [0, 1]);
      // Node's build has everything; in the browser entry, tilepath.wasm refuses hpa and
      // tilepath-bigmaps.wasm (bigMaps: true) answers it.
      assert.deepEqual(out.bigMaps, [true, false, true]);
      assert.equal(out.hpa[0], 9); // 7 across and 2 down: 4 neighbours by default
      assert.match(out.hpa[1], /^algorithm 'hpa' is one of the big-map features.*bigMaps: true/);
      assert.equal(out.hpa[2], out.hpa[0]);
      // What docs/install.md says require does: the exports where Node has require(esm)
      // (20.19+, 22.12+; no module of the package awaits at its top level), ERR_REQUIRE_ESM before.
      writeFileSync(
        join(scratch, 'game.cjs'),
        `let answer;
try {
  const names = ['tilepath', 'tilepath/worker', 'tilepath/tiled', 'tilepath/cocos', 'tilepath/laya', 'tilepath/wechat'];
  answer = names.map((name) => typeof require(name)).join(' ');
} catch (error) {
  answer = error.code;
}
console.log(answer);
`,
      );
      const required = execFileSync('node', ['game.cjs'], {
        cwd: scratch,
        encoding: 'utf8',
      }).trim();
      assert.equal(
        required,
        process.features.require_module
          ? 'object object object object object object'
          : 'ERR_REQUIRE_ESM',
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
);
