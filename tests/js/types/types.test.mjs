import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';

const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
function typeCheck(config) {
  const r = spawnSync(tsc, ['-p', join(repoRoot, 'tests/js/types', config)], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc -p ${config} reported:\n${r.stdout}${r.stderr}`);
}

for (const [config, resolution] of [
  ['tsconfig.json', 'nodenext'],
  ['tsconfig.node16.json', 'node16'],
  ['tsconfig.bundler.json', 'bundler'],
]) {
  test(`the .d.ts files type-check a typed usage of every entry point with moduleResolution ${resolution}`, () => {
    typeCheck(config);
  });
}

test('the JS type-checks from its JSDoc, and index.d.ts agrees with it and with the C++ names', () => {
  typeCheck('tsconfig.checkjs.json');
});

test('every JS file of the package type-checks (calls, properties and host APIs)', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const config = readFileSync(join(repoRoot, 'tests/js/types/tsconfig.package.json'), 'utf8');
  const listed = JSON.parse(config.slice(config.indexOf('{'))).files;
  const packageFiles = ['js', 'js/tiled', 'js/engines/wechat'].flatMap((dir) =>
    readdirSync(join(repoRoot, dir))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `../../../${dir}/${f}`),
  );
  assert.deepEqual(
    packageFiles.filter((f) => !listed.includes(f)),
    [],
    'files missing from tsconfig.package.json',
  );
  typeCheck('tsconfig.package.json');
});
