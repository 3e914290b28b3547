// tilepath/worker in the Node processes a game developer actually starts: a PathWorker thread
// inherits the parent's execArgv, and some of those options only make sense for the main script.
// Run: node --test tests/js/worker/worker-node-host.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { repoRoot } from '../support/movingai.mjs';

const workerModule = pathToFileURL(join(repoRoot, 'js', 'worker-node.js')).href;
const script = [
  `import { PathWorker } from ${JSON.stringify(workerModule)};`,
  'const pw = await PathWorker.create({ width: 4, height: 4 });',
  'console.log((await pw.findPath(0, 0, 3, 3)).status);',
  'pw.terminate();',
].join('\n');

test('a PathWorker starts under node --input-type=module, from -e and from stdin', () => {
  // The thread used to inherit --input-type and die at once: "PathWorker: the worker could not
  // start (worker error: --input-type can only be used with string input via --eval, ...)".
  for (const [args, input] of [
    [['--input-type=module', '-e', script], undefined],
    [['--input-type', 'module', '-e', script], undefined],
    [['--input-type=module'], script],
  ]) {
    const run = spawnSync(process.execPath, args, { input, encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.stderr, '', args.slice(0, 2).join(' '));
    assert.equal(run.stdout.trim(), 'found', args.slice(0, 2).join(' '));
  }
});

test('a PathWorker starts under node flags a thread refuses (V8 and process-wide options)', () => {
  // The thread used to get the parent's execArgv passed explicitly, and Node refuses V8 and
  // process-wide flags there: ERR_WORKER_INVALID_EXEC_ARGV for each of these.
  const flags = [
    ['--max-old-space-size=512'],
    ['--expose-gc'],
    ['--stack-size=2000'],
    ['--title=tilepath-game'],
    ['--expose-gc', '--conditions=development', '--max-old-space-size=512'],
  ];
  let runs = 0;
  for (const given of flags) {
    // From a file, and with --input-type (the thread must lose that one too).
    for (const args of [
      [...given, '--input-type=module', '-e', script],
      [...given, '--input-type', 'module', '-e', script],
    ]) {
      const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.stderr, '', args.join(' '));
      assert.equal(run.stdout.trim(), 'found', args.join(' '));
      runs++;
    }
    const file = join(repoRoot, 'tests', 'js', 'support', 'path-worker-once.mjs');
    const run = spawnSync(process.execPath, [...given, file], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.stderr, '', `${given.join(' ')} ${file}`);
    assert.equal(run.stdout.trim(), 'found', `${given.join(' ')} ${file}`);
    runs++;
  }
  assert.equal(runs, flags.length * 3);
});
