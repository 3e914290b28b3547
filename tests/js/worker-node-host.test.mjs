// tilepath/worker in the Node processes a game developer actually starts: a PathWorker thread
// inherits the parent's execArgv, and some of those options only make sense for the main script.
// Run: node --test tests/js/worker-node-host.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { repoRoot } from './support/movingai.mjs';

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
