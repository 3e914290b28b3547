// npm's prepare step. In a clone (npm ci, npm install) it does nothing: npm run build makes
// dist/. But npm also runs it when a game installs tilepath from a git URL, in its own copy of
// the repo, whose dist/ (built from the C++ sources, not committed) is missing: the install would
// succeed and every import fail with ERR_MODULE_NOT_FOUND on dist/, which says nothing of what to
// do. There it stops the install with a message that does. (An ES module cannot say it at import
// time: the whole module graph is resolved before any of its code runs.)
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The dist/ files package.json's "files" lists that are not there. */
export function missingBuild(dir = root) {
  const { files } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return files.filter((f) => f.startsWith('dist/') && !existsSync(join(dir, f)));
}

/**
 * True when npm is preparing a git dependency: npm (pacote) clones it into its cache and runs
 * `npm install` there with _PACOTE_NO_PREPARE_ set, then prepare again from that folder.
 */
export function preparingGitDependency(env = process.env, dir = root) {
  if (env._PACOTE_NO_PREPARE_ !== undefined) return true;
  const cache = env.npm_config_cache;
  return !!cache && resolve(dir).startsWith(resolve(cache) + sep);
}

export const GIT_INSTALL_MESSAGE = [
  'tilepath: installed from a git URL, this copy has no dist/ (the WebAssembly build is made from',
  'the C++ sources and is not committed), so nothing could import it. Either:',
  '  - install a built package: in a clone of the repository, with the Debian packages',
  '    (apt-get install cmake g++ emscripten), run `npm run build && npm pack`, then in the game',
  '    `npm install path/to/tilepath-0.1.0.tgz` (docs/install.md, "From a tarball"); or',
  '  - install the clone itself once built: `npm install path/to/tilepath` after `npm run build`.',
].join('\n');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingBuild();
  if (missing.length && preparingGitDependency()) {
    console.error(`${GIT_INSTALL_MESSAGE}\n(missing: ${missing.join(', ')})`);
    process.exit(1);
  }
}
