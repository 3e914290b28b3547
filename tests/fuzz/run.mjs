// The fuzz suite: builds the libFuzzer targets (CMakePresets.json's `fuzz` preset: clang with
// AddressSanitizer and UndefinedBehaviorSanitizer), replays every saved regression and seed, then
// fuzzes each target for a while from a fixed seed.
//   node tests/fuzz/run.mjs                 30 s a target, seed 1 (the `fuzz` suite of npm test)
//   node tests/fuzz/run.mjs --long          10 minutes a target, a random seed (npm run fuzz -- --long)
//   node tests/fuzz/run.mjs --seconds N [--seed S] [target...]
// A crash leaves its input in build/fuzz/artifacts/; copy it into tests/fuzz/regressions/TARGET/
// with a name that says what broke, and it is replayed by every later run (and by the Catch2
// suites, through the replay tests).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGETS = ['search', 'movingai', 'shapes', 'tasks', 'reach', 'saved'];
// Each search input runs one query per ~9 bytes against a reference Dijkstra: shorter inputs keep
// the executions per second up (libFuzzer would grow them to 4 KB).
const TARGET_FLAGS = {
  search: ['-max_len=1024'],
  movingai: [],
  shapes: ['-max_len=1024'],
  tasks: ['-max_len=1024'],
  reach: ['-max_len=512'],
  // A saved grid of a few hundred cells with its hierarchy is some 20 KB.
  saved: ['-max_len=32768'],
};

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const long = args.includes('--long');
if (long) args.splice(args.indexOf('--long'), 1);
const seconds = Number(option('--seconds') ?? (long ? 600 : 30));
const seed = option('--seed') ?? (long ? String(Math.floor(Math.random() * 2 ** 31)) : '1');
const targets = args.length > 0 ? args : TARGETS;
for (const t of targets) {
  if (!TARGETS.includes(t)) {
    console.error(`fuzz: unknown target '${t}' (known: ${TARGETS.join(', ')})`);
    process.exit(2);
  }
}
if (!(Number.isInteger(seconds) && seconds > 0)) {
  console.error('fuzz: --seconds must be a whole number of seconds from 1');
  process.exit(2);
}

const build = join(root, 'build', 'fuzz');
mkdirSync(build, { recursive: true });
for (const step of [
  ['--preset', 'fuzz'],
  ['--build', '--preset', 'fuzz'],
]) {
  const r = spawnSync('cmake', step, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout + r.stderr);
    console.error(`fuzz: cmake ${step.join(' ')} failed`);
    process.exit(1);
  }
}

// Runs a fuzzer binary, passing its output through; resolves with its exit status and text.
function runFuzzer(binary, fuzzerArgs) {
  return new Promise((resolve) => {
    const child = spawn(binary, fuzzerArgs, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += chunk;
      // libFuzzer's progress and dictionary lines are many; keep the rest (errors, the stats).
      for (const line of String(chunk).split('\n')) {
        if (line && !/^(#\d+\s|"|###### )/.test(line)) process.stdout.write(line + '\n');
      }
    });
    child.on('close', (status) => resolve({ status, text }));
  });
}

const artifacts = join(build, 'artifacts');
mkdirSync(artifacts, { recursive: true });
let passed = 0;
let failed = 0;
for (const target of targets) {
  const binary = join(build, 'tests', 'fuzz', `fuzz_${target}`);
  const saved = ['regressions', 'seeds']
    .map((kind) => join(root, 'tests', 'fuzz', kind, target))
    .filter((dir) => existsSync(dir));
  const files = saved.flatMap((dir) => readdirSync(dir).map((f) => join(dir, f)));

  console.log(`fuzz ${target}: replaying ${files.length} saved inputs`);
  const replay = await runFuzzer(binary, files);
  if (replay.status !== 0) {
    console.log(`fuzz ${target}: a saved input FAILED`);
    failed += 1;
    continue;
  }

  // New inputs go to a corpus in build/, never into the repository's seeds.
  const corpus = join(build, 'corpus', target);
  mkdirSync(corpus, { recursive: true });
  console.log(`fuzz ${target}: ${seconds} s from seed ${seed}`);
  const run = await runFuzzer(binary, [
    `-seed=${seed}`,
    `-max_total_time=${seconds}`,
    '-timeout=10',
    '-print_final_stats=1',
    ...TARGET_FLAGS[target],
    `-artifact_prefix=${join(artifacts, target)}-`,
    corpus,
    ...saved,
  ]);
  const executions = /stat::number_of_executed_units:\s*(\d+)/.exec(run.text)?.[1] ?? '?';
  if (run.status === 0) {
    console.log(`fuzz ${target}: ${executions} executions, nothing found`);
    passed += 1;
  } else {
    const artifact = /Test unit written to (\S+)/.exec(run.text)?.[1];
    console.log(`fuzz ${target}: FAILED after ${executions} executions; input: ${artifact}`);
    console.log(`  reproduce: ${binary} ${artifact}`);
    console.log(`  keep it:   cp ${artifact} tests/fuzz/regressions/${target}/WHAT-BROKE`);
    failed += 1;
  }
}
console.log(`fuzz: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
