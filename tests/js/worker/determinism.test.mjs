// Deterministic answers (docs/profiles.md, "Same request, same path"): one mixed stream of
// requests (random options and movement profiles) and edits (cells, costs of any profile,
// profiles replaced, deleted and added again) runs through the wasm grid, InThreadPathWorker,
// PathWorker, pools of 1, 2 and 3 workers, and the same with `cache: true`; every answer must
// be the same, cell for cell, whatever else ran before it on whichever worker.
// Run: node --test tests/js/worker/determinism.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';

const tilepath = await createPathfinder();

/**
 * Terminates a worker once its threads have been idle a moment: Node 20 can abort the whole
 * process (node_platform.cc, ForIsolate: "Assertion failed: (data.first) != nullptr") when a
 * worker is torn down while V8 still optimizes its code on a background thread, which a loaded
 * machine makes likely right after a burst of requests.
 */
async function terminateIdle(target) {
  await new Promise((done) => setTimeout(done, 100));
  target.terminate();
}
const PROFILE_NAMES = ['boat', 'cavalry', 'ghost'];
const OPTIONS = [
  undefined,
  { diagonal: 'noCorners' },
  { diagonal: 'always', smooth: true },
  { goal: 'adjacent', diagonal: 'oneObstacle' },
  { goal: 'nearest' },
  { algorithm: 'dijkstra', diagonal: 'noCorners' },
  { algorithm: 'bfs' },
  { algorithm: 'jps', diagonal: 'noCorners' },
  { algorithm: 'auto', diagonal: 'noCorners' },
  { algorithm: 'astar', diagonal: 'noCorners' },
  { unitSize: 2, diagonal: 'noCorners' },
  { partial: true, maxExpansions: 200 },
];

/** The stream: a list of steps, each an edit or a request, drawn once and replayed on each. */
function stream(map, seed) {
  const next = random(seed);
  const pick = (n) => Math.floor(next() * n);
  const steps = [];
  const live = new Set();
  for (let round = 0; round < 240; round++) {
    const kind = pick(12);
    if (kind < 3) steps.push(['setCell', pick(map.width), pick(map.height), pick(3)]);
    else if (kind < 4) steps.push(['fillRect', pick(map.width), pick(map.height), 4, 3, pick(3)]);
    else if (kind < 5) {
      const profile = [undefined, ...live][pick(live.size + 1)];
      steps.push(['setCost', pick(3), [1, 2, 5, Infinity][pick(4)], profile]);
    } else if (kind < 6) {
      const name = PROFILE_NAMES[pick(3)];
      live.add(name);
      steps.push(['setProfile', name, { 0: 1 + pick(3), 1: [0, 4][pick(2)], 2: 1 + pick(4) }]);
    } else if (kind < 7 && live.size) {
      const name = [...live][pick(live.size)];
      live.delete(name);
      steps.push(['deleteProfile', name]);
    } else {
      const options = OPTIONS[pick(OPTIONS.length)];
      const profile = [undefined, ...live][pick(live.size + 1)];
      const withProfile = profile === undefined ? options : { ...options, profile };
      const room = (options?.unitSize ?? 1) - 1; // a unit's top-left keeps it on the grid
      const [w, h] = [map.width - room, map.height - room];
      const request = ['findPath', pick(w), pick(h), pick(w), pick(h), withProfile];
      steps.push(request);
      if (pick(3) === 0) steps.push(request); // asked again: from the cache, where there is one
    }
  }
  return steps;
}

/** Runs the stream on `target` (a grid, or a worker: answers are promises); the answers. */
async function run(target, steps) {
  const answers = [];
  for (const [method, ...args] of steps) {
    if (method === 'findPath') answers.push(target.findPath(...args));
    else target[method](...args);
  }
  return (await Promise.all(answers)).map((r) => ({
    status: r.status,
    path: Array.from(r.path),
    cost: r.cost,
    algorithm: r.algorithm, // the default's choice is made alike everywhere
  }));
}

test('one stream of requests and edits gives the same paths in every layer', async () => {
  const map = loadMap('arena.map');
  map.cells.forEach((c, i) => (map.cells[i] = c === 1 && i % 7 === 0 ? 2 : c)); // some forest
  const steps = stream(map, 2029);
  const grid = tilepath.createGrid(map.width, map.height, map.cells.slice());
  const expected = await run(grid, steps);
  grid.dispose();
  assert.ok(expected.filter((a) => a.status === 'found').length > 60, 'too few paths found');
  const targets = {
    inThread: () =>
      InThreadPathWorker.create({
        ...map,
        cells: map.cells.slice(),
        loadPathfinder: () => tilepath,
      }),
    inThreadCached: () =>
      InThreadPathWorker.create({
        ...map,
        cells: map.cells.slice(),
        cache: 64,
        loadPathfinder: () => tilepath,
      }),
    worker: () => PathWorker.create({ ...map, cells: map.cells.slice() }),
    workerCached: () => PathWorker.create({ ...map, cells: map.cells.slice(), cache: 64 }),
    pool1: () => PathWorker.create({ ...map, cells: map.cells.slice(), workers: 1 }),
    pool2: () => PathWorker.create({ ...map, cells: map.cells.slice(), workers: 2 }),
    pool3Cached: () =>
      PathWorker.create({ ...map, cells: map.cells.slice(), workers: 3, cache: 64 }),
  };
  let hits = 0;
  for (const [name, start] of Object.entries(targets)) {
    const target = await start();
    try {
      const answers = await run(target, steps);
      answers.forEach((answer, k) =>
        assert.deepEqual(answer, expected[k], `${name}, request ${k}`),
      );
      hits += target.stats.cacheHits ?? 0;
    } finally {
      await terminateIdle(target);
    }
  }
  assert.ok(hits > 20, `the caches answered only ${hits} requests`);
});

test('a worker lost mid-stream is rebuilt with its profiles and replays their edits', async () => {
  const map = loadMap('arena.map');
  const steps = stream(map, 77);
  const grid = tilepath.createGrid(map.width, map.height, map.cells.slice());
  const expected = await run(grid, steps);
  grid.dispose();
  const pw = await PathWorker.create({ ...map, cells: map.cells.slice() });
  try {
    const half = steps.length >> 1;
    const answers = run(pw, steps.slice(0, half));
    pw.flush();
    pw.worker.terminate(); // lost with updates unconfirmed: the new one starts before them
    const rest = run(pw, steps.slice(half));
    const all = [...(await answers), ...(await rest)];
    all.forEach((answer, k) => assert.deepEqual(answer, expected[k], `request ${k}`));
    assert.ok(pw.stats.restarts >= 1);
  } finally {
    await terminateIdle(pw);
  }
});

test('a worker refuses an unknown profile at once, naming the closest, and keeps going', async () => {
  const pw = await PathWorker.create({ width: 4, height: 4 });
  try {
    pw.setProfile('boat', { 1: 1 });
    assert.deepEqual(pw.profiles(), ['default', 'boat']);
    assert.throws(() => pw.findPath(0, 0, 1, 1, { profile: 'bota' }), {
      name: 'RangeError',
      message: /^unknown profile 'bota' \(did you mean 'boat'\?/,
    });
    assert.throws(() => pw.setCost(1, 2, 'cavalry'), /unknown profile 'cavalry'/);
    assert.throws(() => pw.deleteProfile('default'), /cannot be deleted/);
    for (let k = 2; k < 8; k++) pw.setProfile(`p${k}`, {});
    assert.throws(() => pw.setProfile('ninth', {}), /at most 8 profiles/);
    assert.equal(pw.getCost(1, 'boat'), 1);
    pw.deleteProfile('boat');
    assert.throws(() => pw.getCost(1, 'boat'), /unknown profile 'boat'/);
    assert.equal((await pw.findPath(0, 0, 3, 3, { profile: 'p2' })).status, 'found');
  } finally {
    await terminateIdle(pw);
  }
});

test("a cost edit of one profile drops its own cached paths, never another profile's", async () => {
  const makers = {
    worker: () => PathWorker.create({ width: 9, height: 3, cache: 16 }),
    inThread: () =>
      InThreadPathWorker.create({ width: 9, height: 3, cache: 16, loadPathfinder: () => tilepath }),
  };
  for (const [name, make] of Object.entries(makers)) {
    const pw = await make();
    try {
      pw.fillRect(0, 1, 9, 1, 1); // a river along the middle row
      pw.setProfile('boat', { 0: Infinity, 1: 1 }); // boats keep to the water
      const walk = () => pw.findPath(0, 0, 8, 0);
      const sail = () => pw.findPath(0, 1, 8, 1, { profile: 'boat' });
      await walk();
      assert.equal((await sail()).cost, 8);
      pw.setCost(0, 2); // the walkers' ground: the boat's answer stays cached
      assert.equal((await sail()).cached, true, name);
      assert.equal((await walk()).cost, 16, name);
      pw.setCost(1, 3, 'boat'); // the boat's water: its answer goes, the walkers' stays
      const dearer = await sail();
      assert.equal(dearer.cached, undefined, name);
      assert.equal(dearer.cost, 24, name);
      assert.equal((await walk()).cached, true, name);
      pw.setProfile('boat', { 0: Infinity, 1: 2 }); // a table replaced: its answers go
      assert.equal((await sail()).cost, 16, name);
    } finally {
      await terminateIdle(pw);
    }
  }
});
