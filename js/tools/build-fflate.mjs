// Writes dist/fflate.mjs: fflate's own ES module build (node_modules/fflate/esm/browser.js),
// unchanged, under its MIT licence. tilepath/tiled imports it by a relative path, so a plain
// <script type="module"> page (no bundler, no import map) and WeChat can load the Tiled reader.
// Rewritten only when its contents change.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The text of dist/fflate.mjs, from the installed fflate package. */
export function fflateModule() {
  const require = createRequire(join(root, 'package.json'));
  const packageDir = dirname(require.resolve('fflate/package.json'));
  const { version, license } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  if (license !== 'MIT')
    throw new Error(`fflate ${version} is licensed ${license}, not MIT: check before shipping it`);
  const licenseText = readFileSync(join(packageDir, 'LICENSE'), 'utf8').trim();
  const code = readFileSync(join(packageDir, 'esm', 'browser.js'), 'utf8');
  if (/^\s*import\s|\bimport\(|\brequire\(/m.test(code)) {
    throw new Error(
      'fflate/esm/browser.js imports something: it can no longer be shipped as one file',
    );
  }
  return (
    `// fflate ${version} (https://github.com/101arrowz/fflate): esm/browser.js of the npm package,\n` +
    '// unchanged, written by js/tools/build-fflate.mjs. Its licence:\n' +
    `/*\n${licenseText}\n*/\n` +
    code
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = join(root, 'dist', 'fflate.mjs');
  const text = fflateModule();
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  // Its own declarations beside it, so the type check of tilepath's JS reads them, not its code.
  const require = createRequire(join(root, 'package.json'));
  const types = readFileSync(
    join(dirname(require.resolve('fflate/package.json')), 'esm', 'browser.d.ts'),
    'utf8',
  );
  const typesFile = join(root, 'dist', 'fflate.d.mts');
  if (!existsSync(typesFile) || readFileSync(typesFile, 'utf8') !== types)
    writeFileSync(typesFile, types);
  console.log(`build-fflate: ${file}`);
}
