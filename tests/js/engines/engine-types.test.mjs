// tilepath's engine glue compiled against the engines' own published declarations:
// @cocos/creator-types (module 'cc' of Cocos Creator 3.8) and minigame-api-typings (WeChat's wx,
// its workers and WXWebAssembly). The .d.ts files describe the engines structurally; these checks
// are what says the real engine objects fit them.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';
import { typeCheck } from '../support/typecheck.mjs';

const project = (name) => join(repoRoot, 'tests/js/engines/engine-types', name);

test("the Cocos example component and tilepath/cocos compile against Cocos Creator 3.8's cc", () => {
  const { ok, output } = typeCheck(project('tsconfig.cocos.json'));
  assert.ok(ok, `tsc reported:\n${output}`);
});

test("tilepath/wechat takes WeChat's own wx and the worker wx.createWorker makes", () => {
  const { ok, output } = typeCheck(project('tsconfig.wechat.json'));
  assert.ok(ok, `tsc reported:\n${output}`);
});

test('a hand-written instantiateWasm hook can call WXWebAssembly.instantiate', () => {
  const { ok, output } = typeCheck(project('tsconfig.wechat-hook.json'));
  assert.ok(ok, `tsc reported:\n${output}`);
});

test('the LayaAir 2D-array example compiles (it uses no Laya API)', () => {
  const { ok, output } = typeCheck(project('tsconfig.laya-array.json'));
  assert.ok(ok, `tsc reported:\n${output}`);
});

// LayaAir publishes no declarations: its classes are taken from the engine's own sources when a
// checkout is at hand (LAYAAIR_SRC=/path/to/LayaAir/src/layaAir): tilepath/laya is given its
// TiledMap and MapLayer, and the example script in demo/laya compiles against its Laya namespace.
const layaSource = process.env.LAYAAIR_SRC;
test(
  "tilepath/laya and the Laya example script compile against LayaAir's own sources (LAYAAIR_SRC)",
  { skip: layaSource ? false : "set LAYAAIR_SRC to a LayaAir checkout's src/layaAir to run it" },
  () => {
    const folder = ['laya/map', 'laya/legacy/tiledmap'].find((f) =>
      existsSync(join(layaSource, f, 'TiledMap.ts')),
    );
    assert.ok(
      folder,
      `no laya/map/TiledMap.ts or laya/legacy/tiledmap/TiledMap.ts in ${layaSource}`,
    );
    const dir = mkdtempSync(join(tmpdir(), 'tilepath-laya-types-'));
    try {
      const config = join(dir, 'tsconfig.json');
      writeFileSync(
        config,
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            experimentalDecorators: true,
            lib: ['ES2022', 'DOM'],
            types: [],
            paths: {
              'layaair/*': [join(layaSource, '*')],
              'laya-tiledmap/*': [join(layaSource, folder, '*')],
            },
          },
          files: [
            project('laya-global.ts'),
            project('laya-objects.ts'),
            join(repoRoot, 'demo/laya/src/EnemyChase.ts'),
          ],
        }),
      );
      // The engine's own sources do not all compile under strict: only errors in tilepath's files
      // (tsc names them relative to the repo) and in the configuration count.
      const { output } = typeCheck(config);
      const ours = output
        .split('\n')
        .filter((line) => /^(tests\/js\/engine-types\/|demo\/laya\/|error TS)/.test(line));
      assert.deepEqual(ours, [], `tsc reported:\n${ours.join('\n')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
