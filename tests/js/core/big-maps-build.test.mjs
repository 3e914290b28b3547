// The two wasm builds that js/index.js loads with one glue: tilepath.wasm (createPathfinder()),
// without the big-map features, and tilepath-bigmaps.wasm (createPathfinder({ bigMaps: true })).
// Node's own entry (js/node.js) embeds the big-map build; here the browser entry is given each
// file's bytes, as a host that cannot fetch does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { createPathfinder } from '../../../js/index.js';
import { createPathfinder as createNodePathfinder } from '../../../js/node.js';
import { makeLoader } from '../../../js/core/grid.js';
import { InThreadPathWorker } from '../../../js/worker/in-thread.js';
import { loadMap, loadScenario, mapNames, matchesOptimal, repoRoot } from '../support/movingai.mjs';

const bytesOf = (file) => readFileSync(join(repoRoot, 'dist', file));
const loadSmall = () => createPathfinder({ wasmBinary: bytesOf('tilepath.wasm') });
const loadBig = () =>
  createPathfinder({ bigMaps: true, wasmBinary: bytesOf('tilepath-bigmaps.wasm') });
const refusal = (what) =>
  new RegExp(
    `^${what} is one of the big-map features, which this build \\(tilepath\\.wasm\\) leaves ` +
      'out: load tilepath-bigmaps\\.wasm instead, with createPathfinder\\(\\{ bigMaps: true \\}\\) ' +
      '\\(for a PathWorker, loadOptions: \\{ bigMaps: true \\}\\)$',
  );

test('each build is loaded once, and says which it is', async () => {
  const small = await loadSmall();
  const big = await loadBig();
  assert.equal(small.bigMaps, false);
  assert.equal(big.bigMaps, true);
  assert.notEqual(small, big);
  assert.equal(await createPathfinder(), small);
  assert.equal(await createPathfinder({ bigMaps: true }), big);
  assert.equal((await createNodePathfinder()).bigMaps, true);
  for (const bigMaps of ['yes', 1, null]) {
    assert.throws(() => createPathfinder({ bigMaps }), {
      name: 'TypeError',
      message: `bigMaps must be true or false, got ${bigMaps === 'yes' ? '"yes"' : bigMaps}`,
    });
  }
});

test('tilepath.wasm refuses each big-map feature by name, and keeps working after', async () => {
  const tp = await loadSmall();
  const { width, height, cells } = loadMap('arena.map');
  const grid = tp.createGrid(width, height, cells);
  const route = grid.findPath(3, 3, 45, 40, { diagonal: 'noCorners' });
  assert.equal(route.status, 'found');
  const calls = [
    ['algorithm .hpa.', () => grid.findPath(3, 3, 45, 40, { algorithm: 'hpa' })],
    ['algorithm .hpa.', () => grid.startSearch(3, 3, 45, 40, { algorithm: 'hpa' })],
    ['repairPath', () => grid.repairPath(route.path, 0, { diagonal: 'noCorners' })],
    ['abstractGraph', () => grid.abstractGraph()],
    ['rectangles', () => grid.rectangles()],
    ['prepare\\(\\{ hpa \\}\\)', () => grid.prepareHierarchy().step()],
  ];
  for (const [what, call] of calls) {
    assert.throws(call, (error) => {
      assert.equal(error.name, 'RangeError');
      assert.match(error.message, refusal(what));
      return true;
    });
  }
  await assert.rejects(grid.prepare({ hpa: true }), {
    message: refusal('prepare\\(\\{ hpa \\}\\)'),
  });
  // Nothing was left half done: the same search answers the same.
  assert.deepEqual(grid.findPath(3, 3, 45, 40, { diagonal: 'noCorners' }), route);
  grid.dispose();
  assert.equal(tp.liveGrids(), 0);
});

test('bigMaps: true with the bytes of tilepath.wasm is refused, naming what to give', async () => {
  const load = makeLoader((await import('../../../dist/tilepath.mjs')).default);
  await assert.rejects(load({ bigMaps: true, wasmBinary: bytesOf('tilepath.wasm') }), {
    message:
      'createPathfinder({ bigMaps: true }) loaded the wasmBinary given, which is tilepath.wasm, ' +
      "the build without the big-map features: give it the package's tilepath-bigmaps.wasm " +
      '(its bytes, its URL, or on WeChat its wasmPath)',
  });
  // Forgotten, so that a later call with the right bytes loads.
  assert.equal(
    (await load({ bigMaps: true, wasmBinary: bytesOf('tilepath-bigmaps.wasm') })).bigMaps,
    true,
  );
});

test("the caller's locateFile is asked for the build's own file; else bigMapsUrl", async () => {
  const asked = [];
  const glue = (settings) => {
    asked.push(settings.locateFile?.('tilepath.wasm', '/assets/') ?? 'the glue default');
    return Promise.resolve({ bigMaps: () => asked.length === 2 || asked.length === 4 });
  };
  const locateFile = (path, prefix) => `${prefix}${path}`;
  await makeLoader(glue)({ locateFile });
  await makeLoader(glue)({ locateFile, bigMaps: true });
  await makeLoader(glue, { bigMapsUrl: () => 'https://cdn/tp-big.wasm' })();
  await makeLoader(glue, { bigMapsUrl: () => 'https://cdn/tp-big.wasm' })({ bigMaps: true });
  assert.deepEqual(asked, [
    '/assets/tilepath.wasm',
    '/assets/tilepath-bigmaps.wasm',
    'the glue default',
    'https://cdn/tp-big.wasm',
  ]);
});

test('an in-thread PathWorker on tilepath.wasm rejects big-map requests and serves the rest', async () => {
  const { width, height, cells } = loadMap('arena.map');
  const pw = await InThreadPathWorker.create({ width, height, cells, loadPathfinder: loadSmall });
  try {
    await assert.rejects(pw.findPath(3, 3, 45, 40, { algorithm: 'hpa' }), {
      message: refusal('algorithm .hpa.'),
    });
    await assert.rejects(pw.abstractGraph(), { message: refusal('abstractGraph') });
    const route = await pw.findPath(3, 3, 45, 40, { diagonal: 'noCorners' });
    assert.equal(route.status, 'found');
    await assert.rejects(pw.repairPath(route.path, 0), { message: refusal('repairPath') });
  } finally {
    pw.terminate();
  }
});

// The small build links the same search code as the big one: on every Moving AI problem (a
// thousand of the maze's) its A* and JPS answer the optimal length, and on every eighth the big
// build's cost and expansions.
for (const name of mapNames()) {
  test(`tilepath.wasm's A* and JPS match the optimal lengths and tilepath-bigmaps.wasm on ${name}`, async () => {
    const small = await loadSmall();
    const big = await loadBig();
    const { width, height, cells } = loadMap(name);
    const grids = [small.createGrid(width, height, cells), big.createGrid(width, height, cells)];
    const problems = loadScenario(name);
    const stride = name.startsWith('maze') ? Math.floor(problems.length / 1000) : 1;
    const mismatches = [];
    for (let k = 0; k < problems.length; k += stride) {
      const p = problems[k];
      for (const algorithm of ['astar', 'jps']) {
        const search = (grid) =>
          grid.findPath(p.startX, p.startY, p.goalX, p.goalY, { diagonal: 'noCorners', algorithm });
        const a = search(grids[0]);
        if (a.status !== 'found' || !matchesOptimal(a.cost, p)) {
          mismatches.push(`${algorithm} #${k}: optimal ${p.optimal}, got ${a.status} ${a.cost}`);
        }
        if (k % (8 * stride) !== 0) continue; // the big build on every eighth
        const b = search(grids[1]);
        assert.equal(a.cost, b.cost, `${algorithm} #${k}: cost`);
        assert.equal(a.expanded, b.expanded, `${algorithm} #${k}: expanded`);
      }
    }
    for (const grid of grids) grid.dispose();
    assert.deepEqual(mismatches.slice(0, 5), []);
  });
}
