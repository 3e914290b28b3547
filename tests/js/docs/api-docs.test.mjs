// `npm run docs` (js/tools/api-docs.mjs) writes a reference that documents every export of every
// entry point. What it must document is found here without TypeScript's API: the names the
// entry's JS module exports at run time, and every name its .d.ts exports by a declaration or an
// export list, read with regular expressions.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

/** Names a .d.ts exports: `export [declare] interface|type|class|function|const|let|enum X`, `export { A, B as C }`. */
function declaredExports(text) {
  const names = new Set();
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  for (const [, name] of code.matchAll(
    /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:interface|type|class|function|const|let|var|enum)\s+([\w$]+)/gm,
  )) {
    names.add(name);
  }
  for (const [, list] of code.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    for (const part of list.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  return names;
}

test('npm run docs documents every export of every entry point', async () => {
  assert.equal(pkg.scripts.docs, 'node js/tools/api-docs.mjs');
  const out = mkdtempSync(join(tmpdir(), 'tilepath-api-docs-'));
  try {
    const run = spawnSync(
      process.execPath,
      [join(repoRoot, 'js/tools/api-docs.mjs'), '--out', out],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    assert.equal(run.status, 0, run.stderr);
    const entries = Object.entries(pkg.exports).filter(([, t]) => typeof t === 'object' && t.types);
    assert.equal(entries.length, 6);
    let documented = 0;
    const index = readFileSync(join(out, 'README.md'), 'utf8');
    for (const [path, target] of entries) {
      const slug = path === '.' ? 'index' : path.slice(2);
      const page = readFileSync(join(out, `${slug}.md`), 'utf8');
      assert.ok(index.includes(`(${slug}.md)`), `the index links ${slug}.md`);
      const headings = new Set([...page.matchAll(/^## (.+)$/gm)].map((m) => m[1]));
      const runtime = Object.keys(await import(pathToFileURL(join(repoRoot, target.default)).href));
      const expected = new Set([
        ...runtime,
        ...declaredExports(readFileSync(join(repoRoot, target.types), 'utf8')),
      ]);
      const missing = [...expected].filter((name) => !headings.has(name));
      assert.deepEqual(missing, [], `${slug}.md documents every export`);
      for (const name of runtime) {
        const section = page.split(`\n## ${name}\n`)[1].split('\n## ')[0];
        assert.match(section, /```ts\n[\s\S]*\S[\s\S]*```/, `${name} shows its declaration`);
      }
      documented += headings.size;
    }
    assert.ok(documented >= 100, `${documented} exports documented`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('the export reader sees declarations and export lists, not comments', () => {
  const names = declaredExports(
    [
      '/** export interface NotMe {} */',
      'export interface A {}',
      'export declare function b(): void;',
      'export type C = 1;',
      'export { D, E as F };',
      'export declare const G: number;',
      'declare const H: number;',
    ].join('\n'),
  );
  assert.deepEqual([...names].sort(), ['A', 'C', 'D', 'F', 'G', 'b']);
});
