// Installs what the build and the tests need and is missing: Debian packages (as root, with
// apt-get) and the npm dev dependencies. Safe to run again: it only acts on what is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// libFuzzer's runtime: clang prints the bare name back when it has no such file.
const hasFuzzerRuntime = () => {
  const r = spawnSync('clang++', ['-print-file-name=libclang_rt.fuzzer-x86_64.a'], {
    encoding: 'utf8',
  });
  return r.status === 0 && existsSync(r.stdout.trim());
};

// What each Debian package provides, checked by a file it installs.
const DEBIAN = [
  { pkg: 'cmake', file: '/usr/bin/cmake' },
  { pkg: 'g++', file: '/usr/bin/g++' },
  { pkg: 'make', file: '/usr/bin/make' },
  { pkg: 'catch2', file: '/usr/include/catch2/catch.hpp' },
  { pkg: 'emscripten', file: '/usr/bin/em++' },
  { pkg: 'chromium', file: '/usr/bin/chromium' },
  { pkg: 'clang-format', file: '/usr/bin/clang-format' }, // the lint suite
  { pkg: 'clang', file: '/usr/bin/clang++' }, // the fuzz suite: libFuzzer comes with clang
  { pkg: 'libclang-rt-14-dev', present: hasFuzzerRuntime },
];

function run(cmd, args, options = {}) {
  console.log(`setup: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) {
    throw new Error(`setup: '${cmd} ${args.join(' ')}' failed with exit code ${r.status}`);
  }
}

const missing = DEBIAN.filter((d) => !(d.present ? d.present() : existsSync(d.file))).map(
  (d) => d.pkg,
);
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`setup: missing Debian packages: ${missing.join(' ')}`);
    console.error(`setup: install them with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  // With recommended packages, as verified in toolchain notes (fonts for Chromium, emscripten's tools).
  run('apt-get', ['install', '-y', '-qq', ...missing], { env });
}

// npm dependencies: install when any listed one is absent from node_modules.
const pkg = JSON.parse(
  execFileSync('node', ['-p', 'JSON.stringify(require("./package.json"))'], { cwd: root }),
);
const wanted = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
const absent = wanted.filter(
  (name) => !existsSync(join(root, 'node_modules', name, 'package.json')),
);
if (absent.length > 0) {
  console.log(`setup: npm packages missing: ${absent.join(' ')}`);
  run(
    'npm',
    existsSync(join(root, 'package-lock.json'))
      ? ['ci', '--no-audit', '--no-fund']
      : ['install', '--no-audit', '--no-fund'],
  );
}
