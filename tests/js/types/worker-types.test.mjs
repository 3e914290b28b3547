// The path workers' declarations against their code: worker.d.ts's PathWorkerApi lists exactly
// what PathWorker and InThreadPathWorker offer, and typed game code using it compiles.
// Run: node --test tests/js/types/worker-types.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { repoRoot } from '../support/movingai.mjs';
import { InThreadPathWorker, PathWorker } from '../../../js/worker.js';
import { PathWorkerPool } from '../../../js/worker/pool.js';
import { WorkerSurface } from '../../../js/worker/surface.js';

/** Member names of `interface Name {...}` or `class Name ... {...}` in a .d.ts (one level). */
function declaredMembers(source, head) {
  const start = source.indexOf(head);
  assert.notEqual(start, -1, `${head} is declared`);
  const members = new Set();
  let depth = 0;
  let entered = false;
  for (const line of source.slice(start).split('\n')) {
    if (depth === 1) {
      const member = /^\s+(?:readonly\s+|static\s+)?([A-Za-z]+)[(?:]/.exec(line);
      if (member && !/^\s+static/.test(line)) members.add(member[1]);
    }
    depth += (line.match(/[{(]/g) ?? []).length - (line.match(/[})]/g) ?? []).length;
    entered ||= depth > 0;
    if (entered && depth === 0) break;
  }
  return members;
}

/** Public instance members of a class: its prototype's methods and getters, and those of the
 * classes it extends (worker/surface.js's WorkerSurface, which the three workers share). */
function ownMembers(Class) {
  const names = new Set();
  for (let proto = Class.prototype; proto && proto !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(proto))
      if (name !== 'constructor') names.add(name);
    proto = Object.getPrototypeOf(proto);
  }
  return names;
}

test('PathWorkerApi declares what PathWorker and InThreadPathWorker both offer, and they offer it', () => {
  const source = readFileSync(join(repoRoot, 'js', 'worker.d.ts'), 'utf8');
  const api = declaredMembers(source, 'export interface PathWorkerApi<');
  assert.equal(api.size, 30, `members: ${[...api]}`);
  // Entry rules and links are index.d.ts's MovementRules, which PathWorkerApi extends.
  const index = readFileSync(join(repoRoot, 'js', 'index.d.ts'), 'utf8');
  const rules = declaredMembers(index, 'export interface MovementRules {');
  assert.deepEqual([...rules].sort(), ['addLink', 'links', 'removeLink', 'setEntry']);
  assert.match(source, /export interface PathWorkerApi<[^{]*> extends MovementRules \{/);
  for (const [Class, head] of [
    [PathWorker, 'export declare class PathWorker '],
    [InThreadPathWorker, 'export declare class InThreadPathWorker '],
  ]) {
    const code = ownMembers(Class);
    // The class declaration adds its own members to PathWorkerApi's (declaration merging).
    const declared = new Set([...api, ...rules, ...declaredMembers(source, head)]);
    assert.ok(
      source.includes(`export interface ${Class.name} extends PathWorkerApi<`),
      `${Class.name} is declared with every PathWorkerApi member`,
    );
    for (const name of api) assert.ok(code.has(name), `${Class.name}.${name} exists`);
    assert.deepEqual([...code].sort(), [...declared].sort(), `${Class.name}: code and .d.ts`);
  }
});

test('typed game code written against PathWorkerApi compiles for both workers and WeChat', () => {
  const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');
  const r = spawnSync(tsc, ['-p', join(repoRoot, 'tests/js/types/worker-types/tsconfig.json')], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, `tsc reported:\n${r.stdout}${r.stderr}`);
});

test('the three workers share one surface (worker/surface.js)', () => {
  for (const Class of [PathWorker, InThreadPathWorker, PathWorkerPool])
    assert.ok(Class.prototype instanceof WorkerSurface, `${Class.name} extends WorkerSurface`);
  for (const name of ['findPath', 'findPaths', 'flowField', 'prepare', 'watchPath', 'createCrowd'])
    for (const Class of [PathWorker, InThreadPathWorker, PathWorkerPool])
      assert.ok(!Object.hasOwn(Class.prototype, name), `${Class.name}.${name} is the shared one`);
});

test('a pool (create({ workers: n })) offers every member a PathWorker declares', () => {
  const pool = ownMembers(PathWorkerPool);
  for (const name of ownMembers(PathWorker)) assert.ok(pool.has(name), `PathWorkerPool.${name}`);
});
