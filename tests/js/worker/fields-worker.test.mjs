// flowField, reachable and canReach through PathWorker and InThreadPathWorker: each sees exactly
// the edits made before it, answers what the sync API answers, is cancellable, and its arrays
// come back transferred.
// Run: node --test tests/js/worker/fields-worker.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker, serveWorker } from '../../../js/worker-node.js';
import { drawMap, random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';
import { thrown } from '../support/workers.mjs';
import { readFieldOptions, readReachOptions } from '../../../js/core/checks.js';
import { wireCodes } from '../../../js/worker/protocol.js';

const tilepath = await createPathfinder();
const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];

/** What a query answered, in a form deepEqual compares. */
function plain(result) {
  if (typeof result === 'boolean') return result;
  return { ...result };
}

for (const kind of ['PathWorker', 'InThreadPathWorker']) {
  const create = (map) =>
    kind === 'PathWorker'
      ? PathWorker.create({ ...map, cells: map.cells.slice() })
      : InThreadPathWorker.create({ ...map, loadPathfinder: () => createPathfinder() });

  test(`${kind}: each query sees exactly the edits made before it, and answers as the sync API`, async () => {
    const map = loadMap('den011d.map');
    const sync = tilepath.createGrid(map.width, map.height, map.cells);
    const pw = await create(map);
    const next = random(12);
    const open = [];
    for (let i = 0; i < map.cells.length; i++) if (map.cells[i] === 0) open.push(i);
    const cellAt = () => {
      const i = open[Math.floor(next() * open.length)];
      return [i % map.width, Math.floor(i / map.width)];
    };
    try {
      pw.setCost(2, 4);
      sync.setCost(2, 4);
      const pending = [];
      for (let round = 0; round < 24; round++) {
        // Edits and queries interleaved in one task: each query must see the edits before it.
        for (let e = 0; e < 20; e++) {
          const [x, y] = cellAt();
          const cls = next() < 0.5 ? 1 : 2;
          pw.setCell(x, y, cls);
          sync.setCell(x, y, cls);
        }
        const diagonal = RULES[round % 4];
        const [sx, sy] = cellAt();
        const [gx, gy] = cellAt();
        if (round % 3 === 0) {
          pending.push([
            pw.flowField([gx, gy, sx, sy], { diagonal }),
            sync.flowField([gx, gy, sx, sy], { diagonal }),
          ]);
        } else if (round % 3 === 1) {
          pending.push([
            pw.reachable(sx, sy, { diagonal, maxCost: 40 }),
            sync.reachable(sx, sy, { diagonal, maxCost: 40 }),
          ]);
        } else {
          if (round % 2 === 0) {
            // Wall the unit in: only the edits just made say it cannot get out.
            for (const [dx, dy] of [
              [-1, -1],
              [0, -1],
              [1, -1],
              [-1, 0],
              [1, 0],
              [-1, 1],
              [0, 1],
              [1, 1],
            ]) {
              if (sx + dx < 0 || sy + dy < 0) continue;
              if (sx + dx >= map.width || sy + dy >= map.height) continue;
              pw.setCell(sx + dx, sy + dy, 1);
              sync.setCell(sx + dx, sy + dy, 1);
            }
          }
          pending.push([
            pw.canReach(sx, sy, gx, gy, { diagonal }),
            sync.canReach(sx, sy, gx, gy, { diagonal }),
          ]);
        }
      }
      let reachable = 0;
      for (const [answer, expected] of pending) {
        const got = await answer;
        assert.deepEqual(plain(got), plain(expected));
        if (got === true) reachable++;
      }
      assert.ok(reachable > 0 && reachable < 7, `${reachable} of 8 canReach were true`);
      const [fx, fy] = cellAt();
      pw.setCell(fx, fy, 0);
      const field = await pw.flowField([fx, fy]);
      assert.equal(typeof field.nextStep, 'function');
      assert.deepEqual([...field.pathFrom(fx, fy)], [fx, fy]);
    } finally {
      pw.terminate();
      sync.dispose();
    }
  });

  test(`${kind}: queries are cancelled by their signal and refuse bad arguments at once`, async () => {
    const map = drawMap(['....', '.##.', '....']);
    const pw = await create(map);
    const sync = tilepath.createGrid(map.width, map.height, map.cells);
    try {
      const early = new AbortController();
      early.abort();
      await assert.rejects(pw.flowField([0, 0], { signal: early.signal }), { name: 'AbortError' });
      if (kind === 'PathWorker') {
        // Aborted after the call, before the answer (InThreadPathWorker has answered already).
        const late = new AbortController();
        const cancelled = pw.reachable(0, 0, { signal: late.signal });
        late.abort();
        await assert.rejects(cancelled, { name: 'AbortError' });
      }
      assert.equal(await pw.canReach(0, 0, 3, 2), true);
      for (const call of [
        (g) => g.flowField([4, 0]),
        (g) => g.flowField([0, 0], { smooth: true }),
        (g) => g.reachable(0, 0, { maxCost: NaN }),
        (g) => g.canReach(0, 0, 0, 9),
      ]) {
        const error = thrown(() => call(pw));
        assert.notEqual(error, 'no error');
        assert.deepEqual(
          error,
          thrown(() => call(sync)),
        );
      }
    } finally {
      pw.terminate();
      sync.dispose();
    }
  });
}

test("the worker transfers a field's arrays back rather than copying them", async () => {
  const posted = [];
  let listener = null;
  const endpoint = {
    postMessage: (message, transfer) => posted.push({ message, transfer }),
    addEventListener: (type, fn) => {
      if (type === 'message') listener = fn;
    },
  };
  serveWorker(endpoint, async () => tilepath);
  listener({
    data: {
      type: 'init',
      width: 6,
      height: 4,
      cells: null,
      offset: 0,
      costs: null,
      loadOptions: null,
    },
  });
  const request = (id, query) => [id, 0, 0, 5, 3, 0, 0, query];
  const wired = (read) => wireCodes(read.codes);
  const queries = [
    // Each query's options cross as the codes the main thread checked them into (wire form).
    request(1, { query: 'flowField', goals: [5, 3], codes: wired(readFieldOptions({})) }),
    request(2, { query: 'reachable', codes: wired(readFieldOptions({ maxCost: 3 })) }),
    request(3, { query: 'canReach', codes: wired(readReachOptions({})) }),
    request(4, { query: 'teleport' }),
  ];
  listener({
    data: {
      type: 'update',
      seq: 1,
      indices: new Uint32Array(0),
      values: new Uint8Array(0),
      costs: null,
      requests: Int32Array.from(queries.flatMap((q) => q.slice(0, 7))),
      options: queries.map((q) => q[7]),
      cancel: null,
    },
  });
  // The worker posts what a time slice finished: on a busy machine the four answers can come
  // in more than one 'results' message.
  const replies = () => posted.filter((p) => p.message.type === 'results');
  const answered = () => replies().flatMap((p) => p.message.results);
  const deadline = Date.now() + 5000;
  while (answered().length < queries.length && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 5));
  }
  const transfer = replies().flatMap((p) => p.transfer ?? []);
  const [field, range, reach, unknown] = answered();
  assert.equal(field.costs.length, 24);
  // maxCost 3 as posted: the range holds the cells within 3 steps of (0, 0) on a 6 x 4 grid.
  assert.equal(range.cells.length / 2, 10);
  for (const array of [field.costs, field.directions, range.costs, range.cameFrom, range.cells]) {
    assert.ok(transfer.includes(array.buffer), 'each array is in the transfer list');
  }
  assert.equal(reach.reachable, true);
  assert.deepEqual(unknown.error, { name: 'TypeError', message: 'unknown query "teleport"' });
});
