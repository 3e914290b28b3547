// Runs every suite: Catch2 (through CTest), node:test for the JS API, worker and engine glue,
// and the browser tests in real Chromium. Runs them all even when one fails, then exits
// non-zero if any did.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
process.env.TILEPATH_MOVINGAI ??= join(root, 'tests', 'data', 'movingai');

const only = process.argv.slice(2); // e.g. `node js/tools/test.mjs js e2e`
// Every *.test.mjs under dir, its subfolders (one per layer: core, worker, tiled, ...) included.
const testFiles = (dir) =>
  readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join(dir, f));

// The C++ suite again under AddressSanitizer + UndefinedBehaviorSanitizer (CMakePresets.json's
// `sanitize` presets: flags, environment, and without the long Moving AI runs): any
// out-of-bounds access or UB in the core fails it.
const quietBuild = (preset) =>
  `cmake --preset ${preset} > build/${preset}.log 2>&1` +
  ` && cmake --build --preset ${preset} >> build/${preset}.log 2>&1` +
  ` || (cat build/${preset}.log; exit 1)`;

const suites = [
  { name: 'lint', cmd: 'node', args: ['js/tools/lint.mjs'] },
  { name: 'cpp', cmd: 'ctest', args: ['--preset', 'native'] },
  {
    name: 'sanitize',
    cmd: 'sh',
    args: ['-c', `mkdir -p build && (${quietBuild('sanitize')}) && ctest --preset sanitize`],
  },
  // Replays the saved fuzz regressions, then 30 s of libFuzzer a target (tests/fuzz/run.mjs).
  { name: 'fuzz', cmd: 'node', args: ['tests/fuzz/run.mjs'] },
  { name: 'js', cmd: 'node', args: ['--test', ...testFiles('tests/js')] },
  { name: 'e2e', cmd: 'node', args: ['--test', '--test-concurrency=1', ...testFiles('tests/e2e')] },
];

// Runs a suite with its output passed through as it comes, and counts what its runner reports:
// CTest's "N% tests passed, F tests failed out of T", node:test's "# pass N" / "# fail N", and
// the plain "name: N passed, N failed" of the lint and fuzz suites.
function runSuite(suite) {
  return new Promise((resolve) => {
    const child = spawn(suite.cmd, suite.args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk;
    });
    child.on('close', (status) => {
      const counts = { passed: 0, failed: 0 };
      const ctest = /tests passed, (\d+) tests failed out of (\d+)/.exec(text);
      if (ctest) {
        counts.failed = Number(ctest[1]);
        counts.passed = Number(ctest[2]) - counts.failed;
      }
      for (const m of text.matchAll(/^\w+: (\d+) passed, (\d+) failed$/gm)) {
        counts.passed += Number(m[1]);
        counts.failed += Number(m[2]);
      }
      for (const m of text.matchAll(/^# (pass|fail) (\d+)$/gm)) {
        counts[m[1] === 'pass' ? 'passed' : 'failed'] += Number(m[2]);
      }
      resolve({ status, counts });
    });
  });
}

const failed = [];
const total = { passed: 0, failed: 0 };
for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  console.log(`\n=== ${suite.name}: ${suite.cmd} ${suite.args.join(' ')}`);
  const started = Date.now();
  const { status, counts } = await runSuite(suite);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${suite.name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  total.passed += counts.passed;
  total.failed += counts.failed;
  if (status !== 0) failed.push(suite.name);
}
if (failed.length > 0) console.error(`\nfailed suites: ${failed.join(', ')}`);
else console.log('\nall suites passed');
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(failed.length > 0 ? 1 : 0);
