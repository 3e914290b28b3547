// Crowds through PathWorker, InThreadPathWorker and PathWorkerPool: the determinism scenario
// gives the native hash there too (edits reach the crowd in order), one message per step each
// way with the positions transferred, errors as the in-thread API's.
// Run: node --test tests/js/worker/crowd-worker.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import {
  DETERMINISM_HASH,
  determinismScenario,
  positionsHash,
} from '../support/crowd-scenario.mjs';
import { nextTask, recordingWorkers } from '../support/workers.mjs';

const open = (width, height) => ({ width, height, cells: new Uint8Array(width * height) });

for (const kind of ['PathWorker', 'InThreadPathWorker']) {
  const create = (map, extra = {}) =>
    kind === 'PathWorker'
      ? PathWorker.create({ ...map, ...extra })
      : InThreadPathWorker.create({ ...map, loadPathfinder: () => createPathfinder() });

  test(`${kind}: the determinism scenario gives the native positions, bit for bit`, async () => {
    const pw = await create(open(64, 48));
    try {
      const crowd = await pw.createCrowd();
      // Edits are made on the worker object, not awaited: they must reach the crowd in order.
      const positions = await determinismScenario(pw, crowd, (c, dt) => c.step(dt));
      assert.ok(positions instanceof Float32Array);
      assert.equal(positionsHash(positions), DETERMINISM_HASH);
      await crowd.dispose();
    } finally {
      pw.terminate();
    }
  });

  test(`${kind}: bad input rejects with the value named, and the crowd keeps working`, async () => {
    const pw = await create(open(8, 8));
    try {
      await assert.rejects(pw.createCrowd({ maxAgents: 1e6 }), {
        name: 'RangeError',
        message: /maxAgents 1000000/,
      });
      // Its calls may be made before the crowd exists: they follow its creation.
      const pending = pw.createCrowd();
      const first = pending.addAgent({ x: 0.5, y: 0.5 });
      const crowd = await pending;
      const a = await first;
      await assert.rejects(crowd.addAgent({ x: NaN, y: 0.5 }), {
        name: 'RangeError',
        message: /NaN/,
      });
      assert.throws(() => crowd.addAgent({ x: '1', y: 1 }), { name: 'TypeError' });
      await assert.rejects(crowd.step(-1), { name: 'RangeError', message: /dt -1/ });
      await assert.rejects(crowd.setTarget(5, 1, 1), { name: 'RangeError', message: /agent id 5/ });
      crowd.setTarget(a, 6.5, 6.5);
      let positions;
      for (let k = 0; k < 120; k++) positions = await crowd.step(1 / 30);
      assert.equal(await crowd.state(a), 'arrived');
      assert.ok(Math.hypot(positions[0] - 6.5, positions[1] - 6.5) < 0.11);
      assert.equal((await crowd.velocities()).length, 2);
      assert.equal(await crowd.agentCount(), 1);
    } finally {
      pw.terminate();
    }
  });
}

test('PathWorker: a step is one message out and one back, its positions transferred', async () => {
  const workers = recordingWorkers();
  const pw = await PathWorker.create({ ...open(32, 32), worker: workers.start });
  try {
    const crowd = await pw.createCrowd();
    const ids = [];
    for (let k = 0; k < 50; k++)
      ids.push(crowd.addAgent({ x: 2.5 + (k % 10), y: 2.5 + Math.floor(k / 10) }));
    await crowd.setGroupTarget(await Promise.all(ids), 25.5, 25.5);
    await crowd.step(1 / 60); // settles the previous messages
    const posted = workers.posted.length;
    const answers = workers.answers.length;
    const positions = await crowd.step(1 / 60);
    assert.equal(workers.posted.length - posted, 1, 'one message out');
    assert.equal(workers.answers.length - answers, 1, 'one message back');
    assert.equal(positions.length, 100);
    // Two steps in flight at once, as a game keeps one while it draws the last.
    const [first, second] = await Promise.all([crowd.step(1 / 60), crowd.step(1 / 60)]);
    assert.notDeepEqual(first, second);
  } finally {
    pw.terminate();
  }
});

test('PathWorkerPool: a crowd is pinned to one member and sees the pool edits', async () => {
  const pool = await PathWorker.create({ ...open(16, 16), workers: 2 });
  try {
    const crowd = await pool.createCrowd();
    const a = await crowd.addAgent({ x: 1.5, y: 8.5 });
    await crowd.setTarget(a, 14.5, 8.5);
    pool.fillRect(8, 0, 1, 16, 1); // sealed off after the target was set
    await crowd.step(1 / 30);
    assert.equal(await crowd.state(a), 'unreachable');
    pool.setCell(8, 8, 0);
    for (let k = 0; k < 200; k++) await crowd.step(1 / 30);
    assert.equal(await crowd.state(a), 'arrived');
  } finally {
    pool.terminate();
  }
});

test('PathWorker: a replaced worker has lost its crowds, and their calls reject saying so', async () => {
  const workers = recordingWorkers();
  const pw = await PathWorker.create({ ...open(8, 8), worker: workers.start });
  try {
    const crowd = await pw.createCrowd();
    const a = await crowd.addAgent({ x: 1.5, y: 1.5 });
    await crowd.step(1 / 60);
    const thread = pw.workers[0];
    thread.terminate();
    for (let wait = 0; pw.workers[0] === thread && wait < 20_000; wait++) await nextTask();
    await assert.rejects(crowd.state(a), {
      name: 'TypeError',
      message: /lost with a worker that was replaced/,
    });
    // The worker itself goes on, and a new crowd works.
    const again = await pw.createCrowd();
    assert.equal(await again.addAgent({ x: 1.5, y: 1.5 }), 0);
  } finally {
    pw.terminate();
  }
});

test('one-way tiles and links with rule edits: the same steps through each worker as in-thread', async () => {
  const { rulesInThread, rulesScenario, RULES_WIDTH, RULES_HEIGHT } =
    await import('../support/crowd-rules.mjs');
  const { grid, cells, seen: here } = await rulesInThread(await createPathfinder());
  assert.deepEqual(here.violations, []);
  grid.dispose();
  for (const kind of ['PathWorker', 'InThreadPathWorker']) {
    const map = { width: RULES_WIDTH, height: RULES_HEIGHT, cells: Uint8Array.from(cells) };
    const pw =
      kind === 'PathWorker'
        ? await PathWorker.create(map)
        : await InThreadPathWorker.create({ ...map, loadPathfinder: () => createPathfinder() });
    try {
      const crowd = await pw.createCrowd({ maxAgents: 64 });
      // Edits are not awaited: they reach the crowd in order with its calls.
      const seen = await rulesScenario(pw, cells, crowd, (dt) => crowd.step(dt));
      assert.deepEqual(seen.violations, [], kind);
      assert.deepEqual(seen.states, seen.expected, kind);
      assert.ok(seen.jumps > 0, kind);
      assert.deepEqual([...seen.positions], [...here.positions], kind);
    } finally {
      pw.terminate();
    }
  }
});

test('boats and walkers in one crowd through each worker: the in-thread positions, bit for bit', async () => {
  const { KINDS_WIDTH, KINDS_HEIGHT, kindsScene, paintKinds } =
    await import('../support/crowd-kinds.mjs');
  const grid = (await createPathfinder()).createGrid(KINDS_WIDTH, KINDS_HEIGHT);
  paintKinds(grid);
  const local = grid.createCrowd();
  const here = await kindsScene(grid, local, async (dt) => {
    local.step(dt);
    return local.positions();
  });
  grid.dispose();
  for (const kind of ['PathWorker', 'InThreadPathWorker']) {
    const map = { width: KINDS_WIDTH, height: KINDS_HEIGHT };
    const pw =
      kind === 'PathWorker'
        ? await PathWorker.create(map)
        : await InThreadPathWorker.create({ ...map, loadPathfinder: () => createPathfinder() });
    try {
      paintKinds(pw);
      const crowd = await pw.createCrowd();
      const far = await kindsScene(pw, crowd, (dt) => crowd.step(dt));
      assert.deepEqual(far.states, here.states, kind);
      assert.deepEqual([...far.positions], [...here.positions], kind);
    } finally {
      pw.terminate();
    }
  }
});
