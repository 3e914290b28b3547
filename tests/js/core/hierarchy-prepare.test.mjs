// hpa's hierarchy built ahead in slices: grid.prepareHierarchy (a task the game steps) and
// grid.prepare({ hpa }, { onProgress, signal }) (a promise that slices itself). Answers after a
// sliced build equal those of a grid whose first hpa query built it in one call.
// Run: node --test tests/js/core/hierarchy-prepare.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { random } from '../../e2e/pages/worker-maps.js';

const tilepath = await createPathfinder();
const COSTS = { 2: 1.5, 3: 2.5, 4: 6 };

/** A seeded weighted map: terrain patches and wall segments (class 1). */
function weightedCells(width, height, next) {
  const cells = new Uint8Array(width * height);
  const pick = (n) => Math.floor(next() * n);
  for (let k = 0; k < (width * height) / 30; k++) {
    const [x, y] = [pick(width), pick(height)];
    const cls = next() < 0.3 ? 1 : [0, 0, 2, 3, 4][pick(5)];
    const [w, h] =
      cls === 1 ? (next() < 0.5 ? [1 + pick(10), 1] : [1, 1 + pick(10)]) : [pick(8), pick(8)];
    for (let yy = y; yy < Math.min(height, y + h); yy++)
      for (let xx = x; xx < Math.min(width, x + w); xx++) cells[yy * width + xx] = cls;
  }
  return cells;
}

function gridOf(width, height, cells) {
  const grid = tilepath.createGrid(width, height, cells);
  for (const [cls, cost] of Object.entries(COSTS)) grid.setCost(Number(cls), cost);
  return grid;
}

/** The same queries on both grids give the same answers; returns how many found a path. */
function sameAnswers(sliced, whole, diagonal, next, count) {
  let found = 0;
  for (let q = 0; q < count; q++) {
    const [sx, sy, gx, gy] = [sliced.width, sliced.height, sliced.width, sliced.height].map((n) =>
      Math.floor(next() * n),
    );
    const a = sliced.findPath(sx, sy, gx, gy, { algorithm: 'hpa', diagonal });
    const b = whole.findPath(sx, sy, gx, gy, { algorithm: 'hpa', diagonal });
    const where = `${diagonal} ${sx},${sy} -> ${gx},${gy}`;
    assert.equal(a.status, b.status, where);
    assert.equal(a.cost, b.cost, where);
    assert.deepEqual(Array.from(a.path), Array.from(b.path), where);
    if (a.status === 'found') found++;
  }
  return found;
}

test('prepareHierarchy: a build stepped in slices, progress rising to 1, answers as one call', () => {
  const next = random(77);
  let found = 0;
  let steps = 0;
  for (const diagonal of ['never', 'noCorners', 'oneObstacle', 'always']) {
    const [width, height] = [100 + Math.floor(next() * 80), 80 + Math.floor(next() * 80)];
    const cells = weightedCells(width, height, next);
    const sliced = gridOf(width, height, cells);
    const whole = gridOf(width, height, cells);
    try {
      const build = sliced.prepareHierarchy({ diagonal });
      const budget = 2 ** (4 + Math.floor(next() * 10));
      let last = 0;
      while (!build.done) {
        const fraction = build.step(budget);
        assert.ok(fraction >= last && fraction <= 1, `${fraction} after ${last}`);
        assert.equal(build.progress, fraction);
        last = fraction;
        steps++;
      }
      assert.equal(last, 1);
      assert.equal(build.step(), 1); // done stays done
      found += sameAnswers(sliced, whole, diagonal, next, 25);
    } finally {
      sliced.dispose();
      whole.dispose();
    }
  }
  assert.ok(found > 60, `${found} found`);
  assert.ok(steps > 100, `${steps} steps`);
});

test('prepare({ hpa }) slices itself with onProgress to 1, and edits meanwhile are taken in', async () => {
  const next = random(5);
  const [width, height] = [160, 140];
  const cells = weightedCells(width, height, next);
  const sliced = gridOf(width, height, cells);
  try {
    const seen = [];
    const done = sliced.prepare(
      { hpa: { diagonal: 'noCorners' } },
      { onProgress: (fraction, what) => seen.push([fraction, what]), sliceMs: 0.2 },
    );
    sliced.fillRect(20, 30, 40, 1, 1); // an edit while it is built (before its first slice)
    const report = await done;
    assert.deepEqual(report.built, ['hpa']);
    assert.ok(report.ms >= 0);
    assert.ok(seen.length >= 2, `${seen.length} progress reports`);
    for (let k = 1; k < seen.length; k++) assert.ok(seen[k][0] >= seen[k - 1][0]);
    assert.deepEqual(seen[seen.length - 1], [1, 'hpa']);
    const whole = gridOf(width, height, cells);
    whole.fillRect(20, 30, 40, 1, 1);
    try {
      assert.ok(sameAnswers(sliced, whole, 'noCorners', next, 40) > 20);
    } finally {
      whole.dispose();
    }
  } finally {
    sliced.dispose();
  }
});

test('prepare cancelled by its signal rejects with the reason, and the grid still answers', async () => {
  const next = random(9);
  const [width, height] = [200, 200];
  const cells = weightedCells(width, height, next);
  const grid = gridOf(width, height, cells);
  const whole = gridOf(width, height, cells);
  try {
    const controller = new AbortController();
    let reports = 0;
    const run = grid.prepare(
      { hpa: true },
      {
        signal: controller.signal,
        sliceMs: 0.1,
        onProgress: (fraction) => {
          reports++;
          assert.ok(fraction < 1);
          if (reports === 2) controller.abort();
        },
      },
    );
    await assert.rejects(run, { name: 'AbortError' });
    assert.equal(reports, 2);
    // Stepped by hand and cancelled: the task is dead, the next query builds it whole.
    const build = grid.prepareHierarchy();
    build.step(64);
    build.cancel();
    assert.ok(build.cancelled);
    assert.throws(() => build.step(), { name: 'TypeError', message: /cancelled/ });
    assert.ok(sameAnswers(grid, whole, 'noCorners', next, 30) > 10);
    // Aborted before it starts: rejected without a slice.
    const aborted = AbortSignal.abort();
    await assert.rejects(grid.prepare({ hpa: true }, { signal: aborted }), { name: 'AbortError' });
  } finally {
    grid.dispose();
    whole.dispose();
  }
});

test('prepare and prepareHierarchy refuse bad arguments, naming them', async () => {
  const grid = tilepath.createGrid(40, 40);
  try {
    await assert.rejects(grid.prepare({ profiles: ['boat'] }), {
      name: 'TypeError',
      message: /'profiles' cannot be prepared yet/,
    });
    await assert.rejects(grid.prepare({ unitSizes: [0] }), { name: 'RangeError' });
    await assert.rejects(grid.prepare({ unitSizes: 2 }), { name: 'TypeError' });
    await assert.rejects(grid.prepare({ hpaa: true }), {
      name: 'TypeError',
      message: /did you mean 'hpa'/,
    });
    await assert.rejects(grid.prepare({}), { name: 'TypeError', message: /nothing to prepare/ });
    await assert.rejects(grid.prepare(null), { name: 'TypeError', message: /first argument/ });
    await assert.rejects(grid.prepare({ hpa: { diagonal: 'sideways' } }), { name: 'RangeError' });
    await assert.rejects(grid.prepare({ hpa: true }, { onProgress: 3 }), { message: /onProgress/ });
    await assert.rejects(grid.prepare({ hpa: true }, { sliceMs: -1 }), {
      name: 'RangeError',
      message: /sliceMs/,
    });
    await assert.rejects(grid.prepare({ hpa: true }, { signal: {} }), { message: /signal/ });
    const build = grid.prepareHierarchy();
    for (const budget of [0, -5, NaN, Infinity, '100'])
      assert.throws(() => build.step(budget), { message: /budget must be/ });
    assert.throws(() => grid.prepareHierarchy({ diagonal: 'sideways' }), RangeError);
  } finally {
    grid.dispose();
  }
  assert.throws(() => grid.prepareHierarchy(), { message: /disposed/ });
  await assert.rejects(grid.prepare({ hpa: true }), { message: /disposed/ });
});
