// A git-URL install has no dist/: npm runs the package's prepare step in its own copy of the repo
// (with _PACOTE_NO_PREPARE_ set, inside npm's cache), and js/tools/prepare.mjs stops the install
// there with what to do, instead of an install whose every import fails. In a clone it is silent.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';

let scratch;
let copy; // the package as npm's git fetcher sees it: package.json and js/tools, no dist/
const { files } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

before(() => {
  scratch = mkdtempSync(join(tmpdir(), 'tilepath-git-'));
  copy = join(scratch, 'cache', '_cacache', 'tmp', 'git-clone1');
  mkdirSync(join(copy, 'js', 'tools'), { recursive: true });
  copyFileSync(join(repoRoot, 'package.json'), join(copy, 'package.json'));
  copyFileSync(join(repoRoot, 'js/tools/prepare.mjs'), join(copy, 'js/tools/prepare.mjs'));
});
after(() => rmSync(scratch, { recursive: true, force: true }));

/** npm's prepare step in the copy, with these npm variables and nothing else of npm's. */
function prepare(env) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('npm_') && k !== '_PACOTE_NO_PREPARE_',
    ),
  );
  return spawnSync(process.execPath, ['js/tools/prepare.mjs'], {
    cwd: copy,
    env: { ...clean, ...env },
    encoding: 'utf8',
  });
}

test('package.json runs it as prepare', () => {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  assert.equal(scripts.prepare, 'node js/tools/prepare.mjs');
});

for (const [how, env] of [
  [
    'in the npm install npm runs in its clone',
    { _PACOTE_NO_PREPARE_: 'git+file:///x/tilepath.git' },
  ],
  ["from npm's cache folder", { npm_config_cache: 'CACHE' }],
]) {
  test(`a git-URL install without dist/ stops with what to do (${how})`, () => {
    const r = prepare(
      Object.fromEntries(
        Object.entries(env).map(([k, v]) => [k, v.replace('CACHE', join(scratch, 'cache'))]),
      ),
    );
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /installed from a git URL, this copy has no dist\//);
    assert.match(r.stderr, /npm run build && npm pack/);
    assert.match(r.stderr, /npm install path\/to\/tilepath-\d+\.\d+\.\d+\.tgz/);
    assert.match(r.stderr, /missing: dist\/tilepath\.mjs/);
  });
}

test('in a clone (npm ci, npm install) it says nothing, with or without dist/', () => {
  const r = prepare({ npm_config_cache: join(scratch, 'elsewhere') });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr + r.stdout, '');
});

test('a git install whose dist/ is there (built by hand in the copy) goes on', () => {
  for (const f of files.filter((f) => f.startsWith('dist/'))) {
    const path = join(copy, f.endsWith('/') ? join(f, 'x') : f);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  }
  const r = prepare({ _PACOTE_NO_PREPARE_: 'git+file:///x/tilepath.git' });
  assert.equal(r.status, 0, r.stderr);
});
