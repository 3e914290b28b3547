// The wasm build against the external truth (Moving AI optimal lengths) and against the
// native build (the same C++ compiled by g++: identical costs and expansion counts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

import { createPathfinder } from '../../../js/node.js';
import {
  loadMap,
  loadScenario,
  mapNames,
  matchesOptimal,
  movingaiDir,
  repoRoot,
} from '../support/movingai.mjs';

const MAZE_SAMPLE = 1000;

function nativeResults(name, algorithm, stride) {
  const out = execFileSync(
    join(repoRoot, 'build/native/tilepath-scen'),
    [
      join(movingaiDir, name),
      join(movingaiDir, `${name}.scen`),
      '--each',
      '--algorithm',
      algorithm,
      '--stride',
      String(stride),
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const rows = [];
  for (const line of out.split('\n')) {
    const m = /^(\d+) (\w+) (\S+) (\d+)$/.exec(line);
    if (m) rows[Number(m[1])] = { status: m[2], cost: Number(m[3]), expanded: Number(m[4]) };
  }
  return rows;
}

/** A map's grid, its problems, and the stride that samples them (the maze: MAZE_SAMPLE). */
async function scenarioGrid(name) {
  const tp = await createPathfinder();
  const { width, height, cells } = loadMap(name);
  const problems = loadScenario(name);
  const stride = name.startsWith('maze') ? Math.floor(problems.length / MAZE_SAMPLE) : 1;
  return { grid: tp.createGrid(width, height, cells), problems, stride };
}

test('the eight Moving AI maps are there', () => {
  assert.ok(mapNames().length >= 8, `maps found in ${movingaiDir}: ${mapNames().join(', ')}`);
});

for (const name of mapNames()) {
  test(`wasm A* noCorners matches every optimal length and the native build on ${name}`, async () => {
    const { grid, problems, stride } = await scenarioGrid(name);
    const native = nativeResults(name, 'astar', stride);
    assert.equal(native.length, problems.length - ((problems.length - 1) % stride));
    let checked = 0;
    const mismatches = [];
    for (let k = 0; k < problems.length; k += stride) {
      const p = problems[k];
      const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, {
        diagonal: 'noCorners',
        algorithm: 'astar',
      });
      checked++;
      if (r.status !== 'found' || !matchesOptimal(r.cost, p)) {
        mismatches.push(
          `#${k} (${p.startX},${p.startY})->(${p.goalX},${p.goalY}) optimal ${p.optimal} got ${r.status} ${r.cost}`,
        );
      }
      assert.equal(
        r.cost,
        native[k].cost,
        `problem ${k}: wasm cost ${r.cost} vs native ${native[k].cost}`,
      );
      assert.equal(r.expanded, native[k].expanded, `problem ${k}: expanded differs from native`);
    }
    grid.dispose();
    assert.deepEqual(mismatches.slice(0, 5), []);
    assert.ok(checked >= Math.min(problems.length, MAZE_SAMPLE));
  });
}

// The default (auto) through wasm makes the native choice (jps on these maps) and does the same
// search: every cost and expansion count equals tilepath-scen's with --algorithm auto.
for (const name of ['arena.map', 'den011d.map', 'maze512-1-0.map']) {
  test(`the default through wasm runs jps as the native build does, on ${name}`, async () => {
    const { grid, problems, stride } = await scenarioGrid(name);
    const native = nativeResults(name, 'auto', stride);
    for (let k = 0; k < problems.length; k += stride) {
      const p = problems[k];
      const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, { diagonal: 'noCorners' });
      assert.equal(r.algorithm, 'jps', `problem ${k}`);
      assert.ok(r.status === 'found' && matchesOptimal(r.cost, p), `problem ${k}: ${r.cost}`);
      assert.equal(r.cost, native[k].cost, `problem ${k}: wasm cost ${r.cost} vs native`);
      assert.equal(r.expanded, native[k].expanded, `problem ${k}: expanded differs from native`);
    }
    grid.dispose();
  });
}
