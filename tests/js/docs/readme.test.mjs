// Every code block of README.md and docs/*.md, run, so that the examples cannot drift from the
// package: each ```js block executes in Node against this repo's package (a scratch folder whose
// node_modules/tilepath links to the repo; the working folder is the repo, so paths such as
// tests/fixtures/... resolve), each ```ts block is type-checked with tsc (against the engines'
// declarations where it uses them), and no block imports a name it never uses.
//
// Results (docs/architecture.md, "Docs that run"): a line `expression; // -> value` is checked
// against the expression's value (value is JavaScript; deep equality, a typed array as the array
// of its elements, an object literal checks the keys it lists), and `console.log(...); // -> text`
// against what it prints. A stale result fails the block, naming the file and line.
//
// A block may be preceded (on the line before its fence) by a marker:
//   <!-- readme-test: needs tp, mapText -->   run it after the GIVENS named (declared below)
//   <!-- readme-test: skip (why) -->           not run; reported as skipped with the reason
// Blocks known to fail in sections being rewritten are listed in TODO: they run and are reported
// as todo (with what fails), never skipped silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';
import { typeCheck } from '../support/typecheck.mjs';

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
          `${block.file}:${block.line} needs '${name}', which is not one of the ${block.lang} givens: ${Object.keys(GIVENS[block.lang]).join(', ')}`,
        );
      }
      return given;
    })
    .join('\n');
}

function todoOf(block) {
  return TODO.find(([section, first]) => section === block.section && first === block.first)?.[2];
}

const RESULT = /^(\s*)(.*?);\s*\/\/ -> (.*)$/;

/**
 * A js block with each `// ->` line turned into a check: `expr; // -> value` into
 * `__expect(where, (expr), (value), 'value')`, `const x = expr; // -> value` likewise keeping x,
 * `console.log(args); // -> text` into `__printed(where, 'text', args)`. `where(i)` names the
 * file and line of the block's line i. Throws where a `// ->` is not on a one-line statement.
 */
export function withChecks(code, where) {
  let checks = 0;
  const lines = code.split('\n').map((line, i) => {
    if (!line.includes('// ->')) return line;
    const match = RESULT.exec(line);
    if (!match || !match[2].trim() || match[2].trim().startsWith('//')) {
      throw new Error(
        `${where(i)}: '// ->' must end a one-line statement: 'expression; // -> value'`,
      );
    }
    const [, indent, statement, rest] = match;
    if (!balanced(statement)) {
      throw new Error(
        `${where(i)}: '// ->' must end a one-line statement: 'expression; // -> value'`,
      );
    }
    checks++;
    const at = JSON.stringify(where(i));
    const log = /^console\.log\((.*)\)$/.exec(statement.trim());
    if (log) return `${indent}__printed(${at}, ${JSON.stringify(rest.trimEnd())}, ${log[1]});`;
    const value = rest.split(' // ')[0].trim();
    const check = (expr) => `__expect(${at}, (${expr}), (${value}), ${JSON.stringify(value)})`;
    const declaration = /^(const|let|var)\s+([\w$]+)\s*=\s*(.*)$/.exec(statement.trim());
    if (declaration)
      return `${indent}${declaration[1]} ${declaration[2]} = ${check(declaration[3])};`;
    return `${indent}${check(statement)};`;
  });
  return { code: lines.join('\n'), checks };
}

/** Whether a line's brackets close (outside strings): a statement that began on a line before is not. */
function balanced(line) {
  let depth = 0;
  for (const [token] of line.matchAll(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`|[()[\]{}]/g)) {
    if ('([{'.includes(token)) depth++;
    else if (')]}'.includes(token) && --depth < 0) return false;
  }
  return depth === 0;
}

/** Defines __expect and __printed for the checks withChecks writes. */
const CHECKS = `
const { inspect: __inspect, format: __format } = await import('node:util');
function __matches(actual, expected) {
  if (Array.isArray(expected)) {
    const items = ArrayBuffer.isView(actual) ? Array.from(actual) : actual;
    return Array.isArray(items) && items.length === expected.length &&
      expected.every((e, i) => __matches(items[i], e));
  }
  if (expected !== null && typeof expected === 'object') {
    const keys = Object.keys(expected);
    // The keys listed; {} only for an object with no keys of its own.
    return actual !== null && typeof actual === 'object' &&
      (keys.length > 0 || Object.keys(actual).length === 0) &&
      keys.every((key) => __matches(actual[key], expected[key]));
  }
  return Object.is(actual, expected);
}
function __expect(where, actual, expected, source) {
  if (!__matches(actual, expected)) {
    console.error(\`\${where}: the comment says // -> \${source}, the code gives \${__inspect(actual)}\`);
    process.exitCode = 1;
  }
  return actual;
}
function __printed(where, expected, ...args) {
  const text = __format(...args);
  console.log(text);
  if (text !== expected) {
    console.error(\`\${where}: the comment says // -> \${expected}, the code prints \${text}\`);
    process.exitCode = 1;
  }
}
`;

/** Every Markdown file whose blocks run: README.md and docs/*.md. */
export const DOC_FILES = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

const blocks = DOC_FILES.flatMap((file) =>
  readmeBlocks(readFileSync(join(repoRoot, file), 'utf8')).map((block) => ({ ...block, file })),
);
const skipped = blocks.filter((b) => b.skip);
// Blocks that cannot run in Node (browser-only loading, engine runtimes): keep this list short.
const MAX_SKIPPED = 3;

describe('code blocks of README.md and docs/', () => {
  let scratch;
  const tsErrors = new Map();
  let checked = 0;
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
      writeFileSync(join(scratch, tsName(block)), `${prelude(block)}\nexport {};\n${block.code}\n`);
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
          ...tsBlocks.map(tsName),
          join(repoRoot, 'node_modules/@cocos/creator-types/engine/cc.d.ts'),
          join(repoRoot, 'node_modules/minigame-api-typings/index.d.ts'),
        ],
      }),
    );
    if (tsBlocks.length) {
      const { output } = typeCheck(join(scratch, 'tsconfig.json'));
      for (const line of output.split('\n')) {
        const at = /(block-[\w-]+-\d+)\.ts\(/.exec(line);
        if (at) tsErrors.set(at[1], [...(tsErrors.get(at[1]) ?? []), line]);
        else if (/error TS/.test(line))
          tsErrors.set('config', [...(tsErrors.get('config') ?? []), line]);
      }
    }
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test('the docs have js and ts blocks to run, and every TODO entry still names one', () => {
    assert.ok(blocks.filter((b) => b.lang === 'js').length >= 20);
    assert.ok(blocks.filter((b) => b.lang === 'ts').length >= 2);
    for (const [section, first] of TODO) {
      assert.ok(
        blocks.some((b) => b.section === section && b.first === first),
        `TODO names a block that is gone: ${section} / ${first}`,
      );
    }
    assert.deepEqual(tsErrors.get('config'), undefined);
  });

  const typedOnly = blocks.filter((b) => b.lang === 'ts' && !b.skip);
  const notRun = [
    `${skipped.length} skipped${skipped.map((b) => ` ${b.file}:${b.line} (${b.skip})`).join(';')}`,
    `${typedOnly.length} ts blocks type-checked, not run (engine code):${typedOnly.map((b) => ` ${b.file}:${b.line}`).join(',')}`,
  ].join('; ');
  test(`at most ${MAX_SKIPPED} blocks are skipped, no result goes unchecked: ${notRun}`, () => {
    assert.ok(skipped.length <= MAX_SKIPPED, `${skipped.length} blocks skipped`);
    for (const block of [...skipped, ...blocks.filter((b) => b.lang === 'ts')]) {
      assert.ok(
        !block.code.includes('// ->'),
        `${block.file}:${block.line}: a '// ->' result in a block that does not run is never checked`,
      );
    }
  });

  for (const block of blocks) {
    const name = `${block.file}, ${block.section}, line ${block.line} (${block.lang}): ${block.first}`;
    const todo = todoOf(block);
    test(name, { skip: block.skip ?? false, todo: todo ?? false, timeout: 60_000 }, () => {
      assert.deepEqual(unusedImports(block.code), [], 'every imported name is used');
      if (block.lang === 'ts') {
        const errors = tsErrors.get(tsName(block).replace(/\.ts$/, '')) ?? [];
        assert.equal(errors.length, 0, `tsc reported:\n${errors.join('\n')}`);
        return;
      }
      const { code, checks } = withChecks(block.code, (i) => `${block.file}:${block.line + 1 + i}`);
      checked += checks;
      const run = runModule(
        scratch,
        `${tsName(block).replace(/\.ts$/, '')}.mjs`,
        prelude(block),
        code,
      );
      assert.equal(
        run.status,
        0,
        `${block.file}:${block.line} failed:\n${run.stderr}${run.stdout}`,
      );
    });
  }

  test('the results the docs state are checked (at least 40 of them)', () => {
    assert.ok(checked >= 40, `only ${checked} '// ->' results were checked`);
  });
});

function tsName(block) {
  return `block-${block.file.replace(/[^\w]+/g, '-')}-${block.line}.ts`;
}

/** Writes a block as a module in the scratch folder and runs it from the repo's root. */
function runModule(scratch, name, given, code) {
  const file = join(scratch, name);
  writeFileSync(file, `${CHECKS}\n${given}\n${code}\n`);
  return spawnSync(process.execPath, [file], { cwd: repoRoot, encoding: 'utf8', timeout: 50_000 });
}

test('a stale result fails its block, naming the line, and a right one passes', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'tilepath-readme-check-'));
  try {
    const source = [
      'const xs = new Int32Array([1, 2]);',
      'xs; // -> [1, 2]',
      'const n = xs.length; // -> 2',
      "({ a: 1, b: 'x' }); // -> { b: 'x' }",
      '({}); // -> {}',
      "console.log(n, 'found', true); // -> 2 found true",
      'n * 2; // -> 5 // the stale one',
    ].join('\n');
    const { code, checks } = withChecks(source, (i) => `doc.md:${i + 1}`);
    assert.equal(checks, 6);
    const run = runModule(scratch, 'stale.mjs', '', code);
    assert.equal(run.status, 1);
    assert.equal(run.stderr.trim(), 'doc.md:7: the comment says // -> 5, the code gives 4');
    const fixed = withChecks(source.replace('// -> 5', '// -> 4'), (i) => `doc.md:${i + 1}`);
    assert.equal(runModule(scratch, 'fixed.mjs', '', fixed.code).status, 0);
    assert.throws(() => withChecks('f(\n  1); // -> 2', () => 'doc.md:2'), /one-line statement/);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

/** GitHub's anchor for a heading. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

test('every relative link of the docs names a file that exists and a heading in it', () => {
  const broken = [];
  let links = 0;
  for (const file of [...DOC_FILES, 'CHANGELOG.md']) {
    const text = readFileSync(join(repoRoot, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      links++;
      const [path, anchor] = target.split('#');
      const to = path ? join(repoRoot, dirname(file), path) : join(repoRoot, file);
      if (!existsSync(to)) broken.push(`${file}: ${target} (no such file)`);
      else if (anchor && !anchorsOf(to).has(anchor))
        broken.push(`${file}: ${target} (no heading '${anchor}' in ${relative(repoRoot, to)})`);
    }
  }
  assert.ok(links >= 50, `only ${links} links`);
  assert.deepEqual(broken, []);
});

test("README's layout names what is in the tree, and everything it names exists", () => {
  const readmeText = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const layout = /## Layout\n[\s\S]*?```\n([\s\S]*?)```/.exec(readmeText)?.[1];
  assert.ok(layout, 'README has a Layout section with a tree');
  const named = new Set();
  for (const line of layout.split('\n')) {
    const head = line.startsWith(' ') ? '' : line.split(/\s{2,}/)[0];
    for (const path of head.split(/\s+/).filter(Boolean)) {
      named.add(path.replace(/\/$/, ''));
      assert.ok(existsSync(join(repoRoot, path)), `the layout names ${path}, which does not exist`);
    }
  }
  const tracked = spawnSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' });
  const files = tracked.stdout.split('\n').filter(Boolean);
  const folders = new Set(
    files
      .filter((f) => /^(cpp|js|tests)\/[^/]+\//.test(f))
      .map((f) => f.split('/').slice(0, 2).join('/')),
  );
  const top = new Set(files.map((f) => f.split('/')[0]).filter((f) => !f.startsWith('.')));
  const missing = [...top, ...folders].filter(
    (path) => ![...named].some((n) => n === path || n.startsWith(`${path}/`)),
  );
  assert.deepEqual(
    missing.filter((p) => !['eslint.config.js', 'package-lock.json', 'README.md'].includes(p)),
    [],
  );
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
