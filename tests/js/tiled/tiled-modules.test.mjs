// tilepath/tiled, /cocos and /laya load with no bundler and no import map: every import they
// reach is a relative path to a file the package ships. The engine adapters classify tiles
// without loading the XML reader or inflate. dist/fflate.mjs is fflate's own build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fflateModule } from '../../../js/tools/build-fflate.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Every module reachable from `entry`, with the specifiers that are not relative. */
function moduleGraph(entry) {
  const files = new Set();
  const bare = [];
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm),
      ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1]);
    for (const specifier of specifiers) {
      if (specifier.startsWith('./') || specifier.startsWith('../'))
        visit(resolve(dirname(file), specifier));
      else bare.push(`${relative(root, file)}: ${specifier}`);
    }
  };
  visit(join(root, entry));
  return { files: [...files].map((f) => relative(root, f)).sort(), bare };
}

for (const entry of ['js/tiled.js', 'js/cocos.js', 'js/laya.js']) {
  test(`${entry} reaches only relative imports`, () => {
    const { files, bare } = moduleGraph(entry);
    assert.deepEqual(bare, []);
    assert.ok(files.length > 1, `${entry} imports its modules (${files})`);
  });
}

test('tilepath/tiled inflates with dist/fflate.mjs, found by a relative path', () => {
  const { files } = moduleGraph('js/tiled.js');
  assert.ok(files.includes('dist/fflate.mjs'), files.join(', '));
  assert.ok(files.includes('js/tiled/xml.js'));
});

test('the Cocos and Laya adapters do not load the XML reader or inflate', () => {
  for (const entry of ['js/cocos.js', 'js/laya.js']) {
    const { files } = moduleGraph(entry);
    assert.ok(
      files.includes('js/tiled/classify.js'),
      `${entry} classifies with js/tiled/classify.js`,
    );
    for (const heavy of [
      'js/tiled/xml.js',
      'js/tiled/inflate.js',
      'dist/fflate.mjs',
      'js/tiled.js',
    ]) {
      assert.ok(!files.includes(heavy), `${entry} loads ${heavy}`);
    }
  }
});

test('dist/fflate.mjs is the fflate package build with its MIT licence, unchanged', () => {
  const shipped = readFileSync(join(root, 'dist', 'fflate.mjs'), 'utf8');
  assert.equal(shipped, fflateModule(), 'run node js/tools/build-fflate.mjs (npm run build does)');
  assert.match(shipped, /^\/\/ fflate \d+\.\d+\.\d+ .*\n.*\n\/\*\nMIT License\n\nCopyright \(c\)/);
});

test('every module the three entry points reach is in the npm package', () => {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8' }),
  );
  const inPackage = new Set(packed[0].files.map((f) => f.path));
  for (const entry of ['js/tiled.js', 'js/cocos.js', 'js/laya.js']) {
    for (const file of moduleGraph(entry).files)
      assert.ok(inPackage.has(file), `${file} (from ${entry}) is packed`);
  }
});
