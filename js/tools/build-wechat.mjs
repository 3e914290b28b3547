// Builds what a WeChat mini-game needs from dist/ (run after the wasm build):
//   dist/wechat/workers/tilepath/index.js   one classic script: worker protocol + in-thread API +
//                                           Emscripten glue, serving PathWorker on WeChat's
//                                           global `worker` and loading the wasm with
//                                           WXWebAssembly.instantiate
//   dist/wechat/tilepath/tilepath.wasm      the module, outside workers/ (WeChat packs only .js
//                                           files from the workers folder)
//   dist/wechat/game.json                   the "workers" entry to merge into the game's game.json
//
//   node js/tools/build-wechat.mjs [--out dir]
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function buildWeChat({
  outDir = join(repoRoot, 'dist', 'wechat'),
  quiet = false,
} = {}) {
  const glue = join(repoRoot, 'dist', 'tilepath.mjs');
  const wasm = join(repoRoot, 'dist', 'tilepath.wasm');
  const bigMapsWasm = join(repoRoot, 'dist', 'tilepath-bigmaps.wasm');
  for (const file of [glue, wasm, bigMapsWasm, join(repoRoot, 'js', 'index.js')]) {
    if (!existsSync(file))
      throw new Error(`build-wechat: ${file} is missing; run the wasm build first`);
  }
  const { build } = await import('vite');
  const workerDir = join(outDir, 'workers', 'tilepath');
  await build({
    configFile: false,
    logLevel: quiet ? 'silent' : 'warn',
    root: repoRoot,
    plugins: [
      {
        name: 'tilepath-wechat-no-import-meta',
        // WeChat workers are classic scripts with no URL and no import.meta. The wasm is found by
        // WXWebAssembly and locateFile, so the glue's script-location lookups only need a string.
        transform(code) {
          return code.includes('import.meta.url')
            ? { code: code.replaceAll('import.meta.url', '"wechat:/tilepath/"'), map: null }
            : null;
        },
      },
    ],
    build: {
      outDir: workerDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      target: 'es2017',
      lib: {
        entry: join(repoRoot, 'js', 'engines', 'wechat', 'worker-entry.js'),
        formats: ['iife'],
        name: 'tilepathWorker',
        fileName: () => 'index.js',
      },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  });
  const script = await readFile(join(workerDir, 'index.js'), 'utf8');
  for (const forbidden of ['import.meta', 'new Function', 'eval(']) {
    if (script.includes(forbidden))
      throw new Error(`build-wechat: the worker script still contains ${forbidden}`);
  }
  await mkdir(join(outDir, 'tilepath'), { recursive: true });
  await copyFile(wasm, join(outDir, 'tilepath', 'tilepath.wasm'));
  await copyFile(bigMapsWasm, join(outDir, 'tilepath', 'tilepath-bigmaps.wasm'));
  await writeFile(
    join(outDir, 'game.json'),
    JSON.stringify({ workers: 'workers' }, null, 2) + '\n',
  );
  if (!quiet) console.log(`build-wechat: wrote ${outDir}`);
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  await buildWeChat(at > 0 ? { outDir: resolve(process.argv[at + 1]) } : {});
}
