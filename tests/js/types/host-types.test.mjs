// tilepath's .d.ts compile with each host's own declarations and nothing else: WeChat's
// (minigame-api-typings) on lib ES2020 alone, where lib.dom cannot be added (it clashes with the
// WeChat typings on `console`), the DOM lib (web pages), and @types/node. skipLibCheck is off, so
// a name the .d.ts take from one host's globals (AbortSignal, Transferable) fails the others.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';
import { typeCheck } from '../support/typecheck.mjs';

const folder = join(repoRoot, 'tests/js/types/host-types');

for (const [host, lib, types] of [
  ['wechat', ['ES2020'], ['minigame-api-typings']],
  ['web', ['ES2020', 'DOM'], []],
  ['node', ['ES2020'], ['node']],
]) {
  test(`a game's TypeScript for ${host} (lib ${lib.join(' + ')}, types [${types}]) compiles tilepath's types`, () => {
    const config = join(folder, `tsconfig.${host}.json`);
    const { compilerOptions } = JSON.parse(readFileSync(config, 'utf8'));
    // The settings are what this test claims to check: no DOM sneaking into the others.
    assert.deepEqual(compilerOptions.lib, lib);
    assert.deepEqual(compilerOptions.types, types);
    assert.equal(compilerOptions.skipLibCheck, false);
    const { ok, output } = typeCheck(config);
    assert.ok(ok, `tsc reported:\n${output}`);
  });
}
