import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from './support/movingai.mjs';

test('the hand-written .d.ts files type-check a typed usage of every entry point', () => {
  const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
  const r = spawnSync(tsc, ['-p', join(repoRoot, 'tests/js/types/tsconfig.json')], { encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc reported:\n${r.stdout}${r.stderr}`);
});
