// The scenario table (tests/scenarios/scenarios.txt: small drawn maps, square, hexagonal and
// staggered, with the status and cost an independent Dijkstra gives for every algorithm and
// corner rule) through the wasm API, and
// a share of it through InThreadPathWorker and PathWorker. Catch2 runs the same table natively
// (tests/cpp/search/scenarios_test.cpp).
// Run: node --test tests/js/core/scenarios.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import {
  ALGORITHMS,
  RULES,
  parseScenarios,
  scenarios,
  scenariosFile,
  scenariosText,
} from '../../scenarios/generate.mjs';

const committed = readFileSync(scenariosFile, 'utf8');
const table = parseScenarios(committed);
const tilepath = await createPathfinder();

const classesOf = (rows) =>
  Uint8Array.from(rows.join(''), (ch) => (ch === '.' ? 0 : ch === '#' ? 1 : Number(ch)));

/** The scenario's line in a list of wrong answers, or nothing when the answer is right. */
function wrong(s, r) {
  const costOk = s.expect.status === 'none' || Math.abs(r.cost - s.expect.cost) < 1e-9;
  if (r.status === s.expect.status && costOk) return [];
  return [`${s.name}: ${r.status} ${r.cost}, want ${s.expect.status} ${s.expect.cost}`];
}

test('the committed table is what its generator writes', () => {
  assert.equal(committed, scenariosText());
  assert.equal(table.length, scenarios().length);
});

test('the table covers every algorithm under every corner rule, unit sizes, goal modes and shapes', () => {
  const seen = new Set(table.map((s) => `${s.options.algorithm}/${s.options.diagonal}`));
  for (const a of ALGORITHMS) for (const d of RULES) assert.ok(seen.has(`${a}/${d}`), `${a}/${d}`);
  const count = (f) => table.filter(f).length;
  assert.ok(count((s) => s.expect.status === 'found') > 200);
  assert.ok(count((s) => s.expect.status === 'none') > 40);
  assert.ok(count((s) => s.expect.status === 'partial') >= 4);
  assert.ok(
    count((s) => s.options.unitSize === 2) >= 32 && count((s) => s.options.unitSize === 3) >= 16,
  );
  assert.ok(
    count((s) => s.options.goal === 'adjacent') >= 6 &&
      count((s) => s.options.goal === 'nearest') >= 6,
  );
  assert.ok(count((s) => Object.keys(s.costs).length > 0) > 60);
  assert.ok(count((s) => s.shape.orientation === 'hexagonal') >= 64);
  assert.ok(count((s) => s.shape.orientation === 'staggered') >= 128);
});

test('every scenario gives its status and cost through the wasm API', () => {
  const wrongs = [];
  let checked = 0;
  for (const s of table) {
    const grid = tilepath.createGrid(s.rows[0].length, s.rows.length, {
      cells: classesOf(s.rows),
      ...s.shape,
    });
    try {
      for (const [cls, cost] of Object.entries(s.costs)) grid.setCost(Number(cls), cost);
      wrongs.push(...wrong(s, grid.findPath(...s.find, s.options)));
      checked++;
    } finally {
      grid.dispose();
    }
  }
  assert.deepEqual(wrongs, []);
  assert.equal(checked, table.length);
});

// Every fifth scenario through each worker: the same answers once options cross a message. One
// worker a map (the table searches each map many times), so a worker starts some 25 times.
const share = table.filter((_, k) => k % 5 === 0);
const byMap = new Map();
for (const s of share) {
  const key = JSON.stringify([s.rows, s.costs, s.shape]);
  byMap.set(key, [...(byMap.get(key) ?? []), s]);
}

for (const [label, Worker] of [
  ['InThreadPathWorker', InThreadPathWorker],
  ['PathWorker', PathWorker],
]) {
  test(`a fifth of the scenarios give the same status and cost through ${label}`, async () => {
    assert.ok(share.length > 60 && byMap.size > 15);
    const wrongs = [];
    let checked = 0;
    for (const group of byMap.values()) {
      const { rows, costs, shape } = group[0];
      const pw = await Worker.create({
        width: rows[0].length,
        height: rows.length,
        cells: classesOf(rows),
        ...shape,
        loadPathfinder: Worker === InThreadPathWorker ? () => tilepath : undefined,
      });
      try {
        for (const [cls, cost] of Object.entries(costs)) pw.setCost(Number(cls), cost);
        for (const s of group) {
          wrongs.push(...wrong(s, await pw.findPath(...s.find, s.options)));
          checked++;
        }
      } finally {
        pw.terminate();
      }
    }
    assert.deepEqual(wrongs, []);
    assert.equal(checked, share.length);
  });
}
