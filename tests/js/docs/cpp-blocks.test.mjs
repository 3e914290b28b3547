// The C++ blocks of README and docs/ run too: each must appear, line for line (indentation
// aside), in a Catch2 test under tests/cpp/, which compiles and runs it and checks what its
// comments promise. A block edited in the docs and not in its test (or the other way) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/movingai.mjs';

const files = (dir, ext) =>
  readdirSync(join(repoRoot, dir), { recursive: true })
    .filter((f) => String(f).endsWith(ext))
    .map((f) => join(dir, String(f)));

/** The ```cpp blocks of a Markdown text, each as its trimmed non-empty lines. */
function cppBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```(cpp|c\+\+)\s*$/.test(lines[i])) continue;
    const start = i + 1;
    const body = [];
    for (i++; i < lines.length && lines[i].trim() !== '```'; i++) body.push(lines[i].trim());
    blocks.push({ line: start, body: body.filter((l) => l !== '') });
  }
  return blocks;
}

const tests = files('tests/cpp', '.cpp').map((f) =>
  readFileSync(join(repoRoot, f), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== ''),
);

/** Whether `body` appears as consecutive lines of one test file (its #include / using lines,
 * which a test file has at its top, may be anywhere before). */
function foundIn(body) {
  const head = body.filter((l) => /^(#include|using namespace)/.test(l));
  const code = body.filter((l) => !head.includes(l));
  return tests.some((lines) => {
    if (!head.every((h) => lines.includes(h))) return false;
    for (let k = 0; k + code.length <= lines.length; k++) {
      if (code.every((l, j) => lines[k + j] === l)) return true;
    }
    return false;
  });
}

test('every C++ block of README and docs/ is run by a Catch2 test, line for line', () => {
  let checked = 0;
  for (const file of ['README.md', ...files('docs', '.md')]) {
    for (const block of cppBlocks(readFileSync(join(repoRoot, file), 'utf8'))) {
      assert.ok(
        foundIn(block.body),
        `${file}:${block.line}: no Catch2 test under tests/cpp runs it`,
      );
      checked++;
    }
  }
  assert.ok(checked >= 1, 'docs/native.md has a C++ example');
});
