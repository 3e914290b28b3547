// The moduleResolution settings README promises, checked with tsc on the packed package as a
// game installs it: 'bundler', 'node16' and 'nodenext' read package.json's exports; the old
// 'node' ('node10', still what Cocos Creator 3.8's temp/tsconfig.cocos.json sets, read by the
// TypeScript 5 in editors) ignores exports and finds the subpaths through typesVersions.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';
import { typeCheck } from '../support/typecheck.mjs';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

test("typesVersions gives old 'node' resolution the same .d.ts as every typed export", () => {
  const mapped = manifest.typesVersions?.['*'] ?? {};
  const typedSubpaths = Object.entries(manifest.exports)
    .filter(([subpath, target]) => subpath !== '.' && typeof target === 'object' && target.types)
    .map(([subpath, target]) => [subpath.slice(2), target.types]);
  assert.ok(typedSubpaths.length >= 5, 'the typed entry points are found');
  for (const [name, types] of typedSubpaths) {
    assert.deepEqual(mapped[name], [types], `typesVersions maps '${name}' to ${types}`);
  }
  assert.equal(manifest.types, manifest.exports['.'].types, 'the root types match');
});

let scratch;
before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'tilepath-ts-'));
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], {
      cwd: repoRoot,
      encoding: 'utf8',
    }),
  );
  mkdirSync(join(scratch, 'node_modules'));
  execFileSync('tar', ['xzf', join(scratch, filename), '-C', join(scratch, 'node_modules')]);
  execFileSync('mv', [
    join(scratch, 'node_modules', 'package'),
    join(scratch, 'node_modules', 'tilepath'),
  ]);
  writeFileSync(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'game', private: true, type: 'module' }),
  );
  writeFileSync(
    join(scratch, 'game.ts'),
    `import { createPathfinder, type PathResult } from 'tilepath';
import { PathWorker } from 'tilepath/worker';
import { readTiledLayer } from 'tilepath/tiled';
import { readCocosLayer } from 'tilepath/cocos';
import { readArray2D } from 'tilepath/laya';
import { createWeChatPathWorker } from 'tilepath/wechat';

export async function walk(): Promise<PathResult> {
  const tp = await createPathfinder();
  const level = readArray2D([[0, 1], [0, 0]]);
  const grid = tp.createGrid(level.width, level.height, level.cells);
  return grid.findPath(0, 0, 1, 1);
}
export const entryPoints = [PathWorker.create, readTiledLayer, readCocosLayer, createWeChatPathWorker];
`,
  );
});
after(() => rmSync(scratch, { recursive: true, force: true }));

for (const [module, moduleResolution] of [
  ['ESNext', 'Bundler'],
  ['Preserve', 'Bundler'],
  ['Node16', 'Node16'],
  ['NodeNext', 'NodeNext'],
]) {
  test(`a game's TypeScript with moduleResolution ${moduleResolution} (module ${module}) finds every entry point's types`, () => {
    const config = join(scratch, `tsconfig.${moduleResolution}.${module}.json`);
    writeFileSync(
      config,
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module,
          moduleResolution,
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['game.ts'],
      }),
    );
    const { ok, output } = typeCheck(config);
    assert.ok(ok, `tsc reported:\n${output}`);
  });
}
