// Checks what .prettierrc.json, .clang-format and eslint.config.js configure, and fails when the
// tree does not follow them: `node js/tools/lint.mjs` (the `lint` suite of npm test). With
// `--fix` it rewrites the formatting instead (`npm run format`: prettier + clang-format; lint
// findings are left for a person). File arguments narrow either run to those files.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const fix = args.includes('--fix');
const only = args.filter((a) => a !== '--fix');

// Our C++: the library, its tools and bindings, its tests (test data and fixtures are not C++).
const CPP_FOLDERS = ['cpp', 'tests/cpp', 'tests/fuzz'];
const isCpp = (f) => /\.(cpp|hpp|h|cc)$/.test(f);
const cppFiles =
  only.length > 0
    ? only.filter(isCpp)
    : CPP_FOLDERS.filter((folder) => existsSync(join(root, folder))).flatMap((folder) =>
        readdirSync(join(root, folder), { recursive: true })
          .map((f) => join(folder, String(f)))
          .filter(isCpp)
          .sort(),
      );
// JS and TypeScript; prettier skips what .prettierignore lists, ESLint what its config ignores.
const isJs = (f) => /\.(js|mjs|cjs|ts)$/.test(f);
const jsTargets = only.length > 0 ? only.filter(isJs) : ['**/*.{js,mjs,cjs,ts}'];

const bin = (name) => join(root, 'node_modules', '.bin', name);
const quiet = ['--log-level', 'warn', '--no-error-on-unmatched-pattern'];
const steps = fix
  ? [
      { cmd: bin('prettier'), flags: ['--write', ...quiet], files: jsTargets },
      { cmd: 'clang-format', flags: ['-i'], files: cppFiles },
    ]
  : [
      { cmd: bin('prettier'), flags: ['--check', ...quiet], files: jsTargets },
      { cmd: 'clang-format', flags: ['--dry-run', '--Werror'], files: cppFiles },
      { cmd: bin('eslint'), flags: ['--max-warnings', '0', '--no-warn-ignored'], files: jsTargets },
    ];

let passed = 0;
let failed = 0;
for (const { cmd, flags, files } of steps) {
  if (files.length === 0) continue;
  const name = cmd.split('/').pop();
  const r = spawnSync(cmd, [...flags, ...files], { cwd: root, stdio: 'inherit' });
  console.log(`lint: ${name} ${r.status === 0 ? 'passed' : 'FAILED'}`);
  if (r.status === 0) passed += 1;
  else failed += 1;
}
// The plain closing line test.mjs counts: one check per tool.
console.log(`lint: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
