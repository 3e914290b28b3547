// tilepath's engine glue compiled against the engines' own published declarations:
// @cocos/creator-types (module 'cc' of Cocos Creator 3.8). The .d.ts files describe the engines structurally; these checks
// are what says the real engine objects fit them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from './support/movingai.mjs';
import { typeCheck } from './support/typecheck.mjs';

const project = (name) => join(repoRoot, 'tests/js/engine-types', name);

test("the Cocos example component and tilepath/cocos compile against Cocos Creator 3.8's cc", () => {
  const { ok, output } = typeCheck(project('tsconfig.cocos.json'));
  assert.ok(ok, `tsc reported:\n${output}`);
});
