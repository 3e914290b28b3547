// Runs the repo's TypeScript compiler on a tsconfig and returns what it reported.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { repoRoot } from './movingai.mjs';

const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');

/** `tsc -p project` (the configs set noEmit): { ok, output }. */
export function typeCheck(project, args = []) {
  const r = spawnSync(tsc, ['-p', project, ...args], { encoding: 'utf8', cwd: repoRoot });
  if (r.error) throw r.error;
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}
