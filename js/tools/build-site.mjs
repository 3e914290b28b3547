// Writes the demo as a static folder that any static host serves as it is (no server-side code,
// no special headers): the page, the modules it imports, the browser wasm builds and the Moving AI
// maps with their list, laid out as the repo serves them, so every relative URL holds.
//
//   node js/tools/build-site.mjs [--out dir] [--no-movingai]    (after build.mjs --demo)
//
//   build/site/index.html         sends the browser on to demo/
//   build/site/demo/              demo/ without the engine examples (cocos/, laya/, vite/)
//   build/site/js/, dist/         the package's modules and what the demo loads of dist/
//   build/site/movingai/          the maps, their scenarios, their README and index.json: what
//                                 js/tools/serve.mjs answers for /movingai/index.json, written out
//   build/site/tests/fixtures/tiled/real/   Tiled's example maps with their tilesets and tile
//                                 images, which the demo's map menu offers (with their README)
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { movingAiFolder, movingAiIndex } from './serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

// What demo/ loads of dist/: the browser glue, both wasm builds (the demo asks for bigMaps) and
// the generated modules js/ imports. tilepath-single.mjs (Node) and wechat/ are not needed.
export const SITE_DIST = [
  'tilepath.mjs',
  'tilepath.wasm',
  'tilepath-bigmaps.wasm',
  'contract.mjs',
  'fflate.mjs',
];
// demo/ entries a page never loads: the engines' example projects and the script that wrote
// the Tiled examples.
const DEMO_LEFT_OUT = new Set(['cocos', 'laya', 'vite', 'make-examples.mjs']);
// The Tiled maps with tile images that the demo's map menu offers (demo/map-loading.js).
export const TILED_REAL = join('tests', 'fixtures', 'tiled', 'real');

async function copyTree(from, to, keep) {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!keep(entry)) continue;
    const source = join(from, entry.name);
    if (entry.isDirectory()) await copyTree(source, join(to, entry.name), keep);
    else if (entry.isFile()) await copyFile(source, join(to, entry.name));
  }
}

/**
 * Writes the site into `outDir` (emptied first). Returns the files written, relative to it.
 * @param {{ outDir?: string, movingai?: string | null }} [options] movingai: the maps' folder,
 *   or null to leave them out (the map menu then offers generated maps and the Tiled examples)
 */
export async function buildSite({
  outDir = join(root, 'build', 'site'),
  movingai = movingAiFolder(),
} = {}) {
  const missing = SITE_DIST.filter((f) => !existsSync(join(root, 'dist', f)));
  if (missing.length) {
    throw new Error(
      `build-site: dist/${missing.join(', dist/')} missing: run node js/tools/build.mjs --demo first`,
    );
  }
  await rm(outDir, { recursive: true, force: true });
  await copyTree(join(root, 'demo'), join(outDir, 'demo'), (e) => !DEMO_LEFT_OUT.has(e.name));
  // The package's modules (the .d.ts are for compilers, not pages).
  await copyTree(join(root, 'js'), join(outDir, 'js'), (e) =>
    e.isDirectory() ? e.name !== 'tools' : e.name.endsWith('.js'),
  );
  // Tiled's examples, where the demo fetches them (one copy in the repo, for tests and demo).
  await copyTree(join(root, TILED_REAL), join(outDir, TILED_REAL), () => true);
  await mkdir(join(outDir, 'dist'), { recursive: true });
  for (const f of SITE_DIST) await copyFile(join(root, 'dist', f), join(outDir, 'dist', f));

  await mkdir(join(outDir, 'movingai'), { recursive: true });
  const index = movingai ? await movingAiIndex(movingai) : { maps: [] };
  for (const m of index.maps) {
    await copyFile(join(movingai, m.name), join(outDir, 'movingai', m.name));
    if (m.scenario)
      await copyFile(join(movingai, `${m.name}.scen`), join(outDir, 'movingai', `${m.name}.scen`));
  }
  if (index.maps.length && existsSync(join(movingai, 'README.md')))
    await copyFile(join(movingai, 'README.md'), join(outDir, 'movingai', 'README.md'));
  // URLs relative to the index itself (the demo resolves them so): the site works under any path.
  const relativeIndex = {
    maps: index.maps.map((m) => ({
      ...m,
      url: encodeURIComponent(m.name),
      scenario: m.scenario && encodeURIComponent(`${m.name}.scen`),
    })),
  };
  await writeFile(
    join(outDir, 'movingai', 'index.json'),
    JSON.stringify(relativeIndex, null, 2) + '\n',
  );
  await writeFile(
    join(outDir, 'index.html'),
    '<!doctype html>\n<meta charset="utf-8" />\n<title>tilepath demo</title>\n<link rel="icon" href="data:," />\n' +
      '<meta http-equiv="refresh" content="0; url=demo/" />\n<a href="demo/">tilepath demo</a>\n',
  );
  const files = [];
  const walk = async (dir) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(dir, e.name));
      else files.push(relative(outDir, join(dir, e.name)));
    }
  };
  await walk(outDir);
  return files.sort();
}

function argument(name) {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (!value || value.startsWith('--')) throw new TypeError(`build-site: ${name} needs a folder`);
  return resolve(value);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const outDir = argument('--out') ?? join(root, 'build', 'site');
    const files = await buildSite({
      outDir,
      movingai: process.argv.includes('--no-movingai') ? null : movingAiFolder(),
    });
    console.log(
      `build-site: ${files.length} files in ${relative(process.cwd(), outDir) || '.'}: ` +
        'serve the folder as it is with any static server (docs/demo.md, Hosting the demo)',
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
