// Runs every suite: Catch2 (through CTest), node:test for the JS API, worker and engine glue,
// and the browser tests in real Chromium. Runs them all even when one fails, then exits
// non-zero if any did.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
process.env.TILEPATH_MOVINGAI ??= join(root, '..', 'shared', 'data', 'movingai');

const only = process.argv.slice(2); // e.g. `node js/tools/test.mjs js e2e`
const testFiles = (dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join(dir, f));

const suites = [
  { name: 'cpp', cmd: 'ctest', args: ['--test-dir', 'build/native', '-j', '2', '--output-on-failure'] },
  { name: 'js', cmd: 'node', args: ['--test', ...testFiles('tests/js')] },
  { name: 'e2e', cmd: 'node', args: ['--test', '--test-concurrency=1', ...testFiles('tests/e2e')] },
];

const failed = [];
for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  console.log(`\n=== ${suite.name}: ${suite.cmd} ${suite.args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(suite.cmd, suite.args, { stdio: 'inherit', cwd: root });
  console.log(`=== ${suite.name}: ${r.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failed.push(suite.name);
}
if (failed.length > 0) {
  console.error(`\nfailed suites: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nall suites passed');
