// Every code block of README.md, run, so that the examples cannot drift from the package:
// each ```js block executes in Node against this repo's package (a scratch folder whose
// node_modules/tilepath links to the repo), each ```ts block is type-checked with tsc (against
// the engines' declarations where it uses them), and no block imports a name it never uses.
//
// A block may be preceded (on the line before its fence) by a marker:
//   <!-- readme-test: needs tp, mapText -->   run it after the GIVENS named (declared below)
//   <!-- readme-test: skip (why) -->           not run; reported as skipped with the reason
// Blocks known to fail in sections being rewritten are listed in TODO: they run and are reported
// as todo (with what fails), never skipped silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { repoRoot } from './support/movingai.mjs';
import { typeCheck } from './support/typecheck.mjs';

const courtyard = join(repoRoot, 'tests/fixtures/tiled/courtyard.tmx');
const hexMap = join(repoRoot, 'tests/fixtures/tiled/hexagonal-y-even-csv.tmj');

/** What a block may say it needs, by language: code put before the block. */
const GIVENS = {
  js: {
    // The pathfinder every in-thread example starts from.
    tp: "const tp = await (await import('tilepath')).createPathfinder();",
    // A Tiled map with a floor layer 'Ground', a layer 'Walls' and an object layer 'Collision'.
    mapText: `const mapText = (await import('node:fs')).readFileSync(${JSON.stringify(courtyard)}, 'utf8');`,
    // A level as PathWorker.create and createGrid take it: 8 x 3, a wall across the middle row.
    level: [
      'const width = 8;',
      'const height = 3;',
      'const cells = new Uint8Array([0,0,0,0,0,0,0,0, 0,1,1,1,1,1,1,0, 0,0,0,0,0,0,0,0]);',
      'const costs = { 2: 3 };',
    ].join('\n'),
    // A 64 x 48 level for the worker examples: open, with a wall and a gap.
    worldLevel: [
      'const width = 64;',
      'const height = 48;',
      'const cells = new Uint8Array(width * height);',
      'cells.fill(1, 20 * width, 20 * width + 50);',
    ].join('\n'),
    // A PathWorker on that level, 50 agents and the controller that can cancel their batch.
    crowd: [
      "const { PathWorker } = await import('tilepath/worker');",
      'const pw = await PathWorker.create({ width: 64, height: 48, cells: new Uint8Array(64 * 48) });',
      'const agents = Array.from({ length: 50 }, (_, i) => ({ x: i, y: 0, targetX: 63 - i, targetY: 47 }));',
      'const frameController = new AbortController();',
    ].join('\n'),
    // What a worker script's global scope offers serveWorker: an endpoint no message reaches here.
    workerSelf:
      'const self = { postMessage() {}, addEventListener() {}, removeEventListener() {} };',
    // A host's own worker factory: in Node, tilepath's own worker thread stands in for it.
    myWorker: "const { startNodeWorker: startMyWorker } = await import('tilepath/worker');",
    // A hexagonal Tiled map (rows staggered, even rows shifted) and a pointer over it.
    hexMapText: `const hexMapText = (await import('node:fs')).readFileSync(${JSON.stringify(hexMap)}, 'utf8');`,
    pointer: 'const pointer = { x: 40, y: 30 };',
  },
  ts: {
    // A Cocos Creator 3.8 scene: the TiledMap component, the enemy's node, the goal cell.
    cocosScene: [
      "import type { Node, TiledMap } from 'cc';",
      'declare const tiledMap: TiledMap;',
      'declare const enemy: Node;',
      'declare const goal: { x: number; y: number };',
    ].join('\n'),
    // A loaded Laya.TiledMap and the URL of its JSON (Laya's own declarations come with its IDE).
    layaMap: [
      "import type { LayaTiledMap } from 'tilepath/laya';",
      'declare const tiledMap: LayaTiledMap;',
      'declare const mapUrl: string;',
      'declare const Laya: { loader: { fetch(url: string, type: string): Promise<any> } };',
    ].join('\n'),
    level: [
      'declare const width: number;',
      'declare const height: number;',
      'declare const cells: Uint8Array;',
      'declare const costs: { [cls: number]: number };',
    ].join('\n'),
  },
};

// Blocks that do not run yet, reported as todo: [section, first line, why]. Keep it empty.
const TODO = [];

/** The ```js and ```ts blocks of a Markdown text, with their section, line and marker. */
export function readmeBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{1,6}\s+(.*)$/.exec(lines[i]);
    if (heading) section = heading[1].trim();
    const fence = /^(\s*)```(\S*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const [, indent, lang] = fence;
    const start = i;
    const body = [];
    for (i++; i < lines.length && lines[i].trim() !== '```'; i++) {
      body.push(lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i]);
    }
    if (lang !== 'js' && lang !== 'ts') continue;
    const marker = /<!--\s*readme-test:\s*(needs|skip)\s*(.*?)\s*-->/.exec(lines[start - 1] ?? '');
    const code = body.join('\n');
    blocks.push({
      lang,
      code,
      line: start + 1,
      section,
      first: body.find((l) => l.trim() !== '')?.trim() ?? '',
      needs: marker?.[1] === 'needs' ? marker[2].split(/[\s,]+/).filter(Boolean) : [],
      skip: marker?.[1] === 'skip' ? marker[2].replace(/^\((.*)\)$/, '$1') || 'marked skip' : null,
    });
  }
  return blocks;
}

/** Names a block imports and never mentions again. */
export function unusedImports(code) {
  const unused = [];
  for (const [statement, named, single] of code.matchAll(
    /import\s+(?:type\s+)?(?:\{([^}]*)\}|(?:\*\s+as\s+)?([\w$]+))\s+from\s+['"][^'"]+['"];?/g,
  )) {
    const names = named
      ? named.split(',').map((part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop(),
        )
      : [single];
    const rest = code.replace(statement, '');
    for (const name of names.filter(Boolean)) {
      if (!new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(rest)) {
        unused.push(name);
      }
    }
  }
  return unused;
}

function prelude(block) {
  return block.needs
    .map((name) => {
      const given = GIVENS[block.lang][name];
      if (given === undefined) {
        throw new Error(
          `README.md:${block.line} needs '${name}', which is not one of the ${block.lang} givens: ${Object.keys(GIVENS[block.lang]).join(', ')}`,
        );
      }
      return given;
    })
    .join('\n');
}

function todoOf(block) {
  return TODO.find(([section, first]) => section === block.section && first === block.first)?.[2];
}

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const blocks = readmeBlocks(readme);

describe('README code blocks', () => {
  let scratch;
  const tsErrors = new Map();
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'tilepath-readme-'));
    mkdirSync(join(scratch, 'node_modules'));
    symlinkSync(repoRoot, join(scratch, 'node_modules', 'tilepath'), 'dir');
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'readme', private: true, type: 'module' }),
    );
    // All TS blocks in one tsc run, one file each; errors are sorted back to their block.
    const tsBlocks = blocks.filter((b) => b.lang === 'ts' && !b.skip);
    for (const block of tsBlocks) {
      writeFileSync(
        join(scratch, `block-${block.line}.ts`),
        `${prelude(block)}\nexport {};\n${block.code}\n`,
      );
    }
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: [
          ...tsBlocks.map((b) => `block-${b.line}.ts`),
          join(repoRoot, 'node_modules/@cocos/creator-types/engine/cc.d.ts'),
          join(repoRoot, 'node_modules/minigame-api-typings/index.d.ts'),
        ],
      }),
    );
    if (tsBlocks.length) {
      const { output } = typeCheck(join(scratch, 'tsconfig.json'));
      for (const line of output.split('\n')) {
        const at = /block-(\d+)\.ts\(/.exec(line);
        if (at) tsErrors.set(Number(at[1]), [...(tsErrors.get(Number(at[1])) ?? []), line]);
        else if (/error TS/.test(line))
          tsErrors.set('config', [...(tsErrors.get('config') ?? []), line]);
      }
    }
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('README has js and ts blocks to run, and every TODO entry still names one', () => {
    assert.ok(blocks.filter((b) => b.lang === 'js').length >= 8);
    assert.ok(blocks.filter((b) => b.lang === 'ts').length >= 2);
    for (const [section, first] of TODO) {
      assert.ok(
        blocks.some((b) => b.section === section && b.first === first),
        `TODO names a block that is gone: ${section} / ${first}`,
      );
    }
    assert.deepEqual(tsErrors.get('config'), undefined);
  });

  for (const block of blocks) {
    const name = `${block.section}, line ${block.line} (${block.lang}): ${block.first}`;
    const todo = todoOf(block);
    test(name, { skip: block.skip ?? false, todo: todo ?? false, timeout: 60_000 }, () => {
      assert.deepEqual(unusedImports(block.code), [], 'every imported name is used');
      if (block.lang === 'ts') {
        const errors = tsErrors.get(block.line) ?? [];
        assert.equal(errors.length, 0, `tsc reported:\n${errors.join('\n')}`);
        return;
      }
      const file = join(scratch, `block-${block.line}.mjs`);
      writeFileSync(file, `${prelude(block)}\n${block.code}\n`);
      const run = spawnSync(process.execPath, [file], {
        cwd: scratch,
        encoding: 'utf8',
        timeout: 50_000,
      });
      assert.equal(run.status, 0, `README.md:${block.line} failed:\n${run.stderr}${run.stdout}`);
    });
  }
});

test('the block reader sees markers, indented fences and unused imports', () => {
  const text = [
    '## Section',
    '<!-- readme-test: needs tp, mapText -->',
    '```js',
    "import { a, b as c } from 'x';",
    'a(tp, mapText);',
    '```',
    '1. item',
    '   <!-- readme-test: skip (needs a browser) -->',
    '   ```ts',
    '   const x = 1;',
    '   ```',
    '```sh',
    'npm test',
    '```',
  ].join('\n');
  const [first, second, ...rest] = readmeBlocks(text);
  assert.deepEqual(rest, []);
  assert.deepEqual(
    [first.needs, first.skip, first.line, first.section],
    [['tp', 'mapText'], null, 3, 'Section'],
  );
  assert.deepEqual(
    [second.lang, second.code, second.skip],
    ['ts', 'const x = 1;', 'needs a browser'],
  );
  assert.deepEqual(unusedImports(first.code), ['c']);
  assert.deepEqual(unusedImports("import * as t from 't';\nimport d from 'd';\nd(t.x);"), []);
});
