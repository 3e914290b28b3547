// tilepath's engine glue compiled against the engines' own published declarations:
// @cocos/creator-types (module 'cc' of Cocos Creator 3.8) and minigame-api-typings (WeChat's wx,
// its workers and WXWebAssembly). The .d.ts files describe the engines structurally; these checks
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

test("tilepath/wechat takes WeChat's own wx and the worker wx.createWorker makes", () => {
  const { ok, output } = typeCheck(project('tsconfig.wechat.json'));
  assert.ok(ok, `tsc reported:\n${output}`);
});

test(
  'a hand-written instantiateWasm hook can call WXWebAssembly.instantiate',
  {
    todo:
      "index.d.ts LoadOptions.instantiateWasm is typed with WebAssembly.Imports / WebAssembly.Instance, which WXWebAssembly's declarations do not accept: TS2345 Argument of type 'WebAssembly.Imports' is not assignable to parameter of type 'WXWebAssembly.Imports' (WebAssembly.Global is no WXWebAssembly.ImportValue), and 'WXWebAssembly.Instance' is not assignable to 'WebAssembly.Instance' (its Memory lacks toFixedLengthBuffer, toResizableBuffer)",
  },
  () => {
    const { ok, output } = typeCheck(project('tsconfig.wechat-hook.json'));
    assert.ok(ok, `tsc reported:\n${output}`);
  },
);
