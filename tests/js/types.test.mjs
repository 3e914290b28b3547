import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from './support/movingai.mjs';

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
