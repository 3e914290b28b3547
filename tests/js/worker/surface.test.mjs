// One worker surface (worker/surface.js): PathWorker, InThreadPathWorker and a pool of PathWorkers
// answer the same call the same way. A table of bad calls is made on all three, each expected to
// fail with the same error class and message (thrown at once or rejected alike); a table of good
// calls on a Moving AI map is expected to give equal answers.
// Run: node --test tests/js/worker/surface.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { comparable } from '../../e2e/pages/worker-maps.js';
import { loadMap, loadScenario } from '../support/movingai.mjs';

const loadPathfinder = () => createPathfinder();

const MAP = 'AR0011SR.map';
const map = loadMap(MAP);
const problems = loadScenario(MAP).slice(0, 40);
/** Two free cells side by side, and one wall, for the calls below. */
const free = map.cells.findIndex((c, i) => c === 0 && map.cells[i + 1] === 0);
const [fx, fy] = [free % map.width, Math.floor(free / map.width)];

const KINDS = ['PathWorker', 'InThreadPathWorker', 'pool'];

/** A worker of each kind on `map` (each with its own copy of the cells). */
async function workers(extra = {}) {
  const options = () => ({
    width: map.width,
    height: map.height,
    cells: map.cells.slice(),
    ...extra,
  });
  return [
    await PathWorker.create(options()),
    await InThreadPathWorker.create({ ...options(), loadPathfinder }),
    await PathWorker.create({ ...options(), workers: 2 }),
  ];
}

/**
 * How a call ended, the same whether it threw or rejected: { name, message } of its error, or
 * 'no error'. A thrown error and a rejected promise differ: `how` says which (each call fails
 * the same way on all three).
 */
async function outcome(call) {
  let value;
  try {
    value = call();
  } catch (error) {
    return { how: 'throws', name: error.name, message: error.message };
  }
  if (!value || typeof value.then !== 'function') return 'no error';
  try {
    const answer = await value;
    if (typeof answer?.terminate === 'function') answer.terminate(); // a worker made after all
  } catch (error) {
    return { how: 'rejects', name: error.name, message: error.message };
  }
  return 'no error';
}

const noop = () => {};
const W = map.width;

// [name, call(pw), what the message must say]
const BAD_CALLS = [
  ['findPath: x outside the map', (pw) => pw.findPath(-1, 0, fx, fy), /-1/],
  ['findPath: a fractional goal', (pw) => pw.findPath(fx, fy, 1.5, 0), /1\.5/],
  ['findPath: a string start', (pw) => pw.findPath('0', 0, fx, fy), /"0"/],
  ['findPath: goal beyond the width', (pw) => pw.findPath(fx, fy, W, 0), new RegExp(`${W}`)],
  [
    'findPath: a misspelt option',
    (pw) => pw.findPath(fx, fy, fx + 1, fy, { algoritm: 'jps' }),
    /did you mean/,
  ],
  [
    'findPath: an unknown algorithm',
    (pw) => pw.findPath(fx, fy, fx + 1, fy, { algorithm: 'fastest' }),
    /fastest/,
  ],
  [
    'findPath: an unknown profile',
    (pw) => pw.findPath(fx, fy, fx + 1, fy, { profile: 'boats' }),
    /boats/,
  ],
  [
    'findPath: a signal that is not one',
    (pw) => pw.findPath(fx, fy, fx + 1, fy, { signal: 5 }),
    /signal/,
  ],
  ['findPaths: not a list', (pw) => pw.findPaths('x'), /findPaths needs an array/],
  ['findPaths: a flat list of 3', (pw) => pw.findPaths([0, 0, 1]), /3/],
  [
    'findPaths: one request off the map',
    (pw) => pw.findPaths([{ sx: fx, sy: fy, gx: fx, gy: 9999 }]),
    /9999/,
  ],
  [
    'findPaths: a misspelt shared option',
    (pw) => pw.findPaths([{ sx: fx, sy: fy, gx: fx + 1, gy: fy }], { diagnal: 'never' }),
    /did you mean/,
  ],
  [
    'findPaths: a signal in one request',
    (pw) =>
      pw.findPaths([
        { sx: fx, sy: fy, gx: fx + 1, gy: fy, options: { signal: new AbortController().signal } },
      ]),
    /signal/,
  ],
  ['flowField: goals that are not cells', (pw) => pw.flowField(5), /goals/],
  ['flowField: a goal off the map', (pw) => pw.flowField([W, 0]), new RegExp(`${W}`)],
  ['flowField: a misspelt option', (pw) => pw.flowField([fx, fy], { maxCots: 5 }), /did you mean/],
  ['reachable: a bad maxCost', (pw) => pw.reachable(fx, fy, { maxCost: 'far' }), /maxCost/],
  ['reachable: a start off the map', (pw) => pw.reachable(fx, -3), /-3/],
  [
    'canReach: an unknown profile',
    (pw) => pw.canReach(fx, fy, fx + 1, fy, { profile: 'x' }),
    /'x'/,
  ],
  ['abstractGraph: an unknown option', (pw) => pw.abstractGraph({ colour: 1 }), /colour/],
  ['repairPath: a path that is not one', (pw) => pw.repairPath('path', 0), /path/],
  ['repairPath: fromIndex past the end', (pw) => pw.repairPath([fx, fy, fx + 1, fy], 5), /5/],
  ['prepare: an unknown target', (pw) => pw.prepare('everything'), /everything/],
  [
    'prepare: a misspelt option',
    (pw) => pw.prepare({ hpa: true }, { onProgres: noop }),
    /did you mean/,
  ],
  // Options are checked before the targets, whichever worker.
  [
    'prepare: bad options and a bad target',
    (pw) => pw.prepare('everything', { bogus: 1 }),
    /bogus/,
  ],
  ['createCrowd: an unknown option', (pw) => pw.createCrowd({ agents: 5 }), /agents/],
  [
    'watchPath: onBlocked not a function',
    (pw) => pw.watchPath([fx, fy, fx + 1, fy], 'call me'),
    /onBlocked/,
  ],
  [
    'watchPath: an unknown profile',
    (pw) => pw.watchPath([fx, fy, fx + 1, fy], noop, { profile: 'boats' }),
    /boats/,
  ],
  ['watchPath: a misspelt option', (pw) => pw.watchPath([fx, fy], noop, { profil: 'a' }), /profil/],
  ['get: off the map', (pw) => pw.get(W, 0), new RegExp(`${W}`)],
  ['get: a fractional y', (pw) => pw.get(0, 0.5), /0\.5/],
  ['getCost: class 256', (pw) => pw.getCost(256), /256/],
  ['getCost: an unknown profile', (pw) => pw.getCost(0, 'boats'), /boats/],
  ['setCell: off the map', (pw) => pw.setCell(0, 9999, 1), /9999/],
  ['setCell: class 300', (pw) => pw.setCell(fx, fy, 300), /300/],
  ['setCells: classes of the wrong length', (pw) => pw.setCells([0, 1, 2], [1, 1]), /2/],
  ['fillRect: a string width', (pw) => pw.fillRect(0, 0, 'wide', 1, 1), /wide/],
  ['setCost: a negative cost', (pw) => pw.setCost(1, -2), /-2/],
  ['setCost: an unknown profile', (pw) => pw.setCost(1, 2, 'boats'), /boats/],
  ['setProfile: a misshapen table', (pw) => pw.setProfile('boats', 'cheap'), /cheap/],
  ['deleteProfile: default', (pw) => pw.deleteProfile('default'), /default/],
  ['deleteProfile: an unknown one', (pw) => pw.deleteProfile('boats'), /boats/],
  ['setEntry: an unknown direction', (pw) => pw.setEntry(1, ['sideways']), /sideways/],
  [
    'addLink: an end off the map',
    (pw) => pw.addLink(fx, fy, W, 0, { cost: 1 }),
    new RegExp(`${W}`),
  ],
  ['removeLink: an id never given', (pw) => pw.removeLink(12345), /12345/],
  ['setAll: too few cells', (pw) => pw.setAll(new Uint8Array(3)), /3/],
  ['findPath: options a string', (pw) => pw.findPath(fx, fy, fx + 1, fy, 'fast'), /fast/],
  ['findPaths: an entry that is null', (pw) => pw.findPaths([null]), /null/],
  ['getCost: a string class', (pw) => pw.getCost('0'), /"0"/],
  ['setCells: indices a string', (pw) => pw.setCells('0', 1), /indices/],
  ['setProfile: a name that is a number', (pw) => pw.setProfile(5, [1]), /5/],
  ['setProfile: an empty name', (pw) => pw.setProfile('', [1]), /name/],
  ['setEntry: class 256', (pw) => pw.setEntry(256, ['east']), /256/],
  ['addLink: no options', (pw) => pw.addLink(fx, fy, fx + 1, fy), /link options/],
  ['addLink: a misspelt option', (pw) => pw.addLink(fx, fy, fx + 1, fy, { cots: 1 }), /cots/],
  ['removeLink: a string id', (pw) => pw.removeLink('1'), /"1"/],
  ['setAll: a string', (pw) => pw.setAll('cells'), /cells/],
  ['repairPath: an odd-length path', (pw) => pw.repairPath([fx, fy, fx + 1], 0), /path/],
  ['flowField: no goals', (pw) => pw.flowField([]), /goal/],
  ['reachable: a misspelt option', (pw) => pw.reachable(fx, fy, { maxCots: 3 }), /did you mean/],
  [
    'prepare: a signal that is not one',
    (pw) => pw.prepare({ hpa: true }, { signal: 'stop' }),
    /signal/,
  ],
  ['createCrowd: options a number', (pw) => pw.createCrowd(5), /5/],
  ['watchPath: a path of 3 numbers', (pw) => pw.watchPath([fx, fy, fx], noop), /path/],
];

// [name, call(pw)] on a terminated worker: each refused the same way.
const AFTER_TERMINATE = [
  ['findPath', (pw) => pw.findPath(fx, fy, fx + 1, fy)],
  ['findPaths', (pw) => pw.findPaths([fx, fy, fx + 1, fy])],
  ['flowField', (pw) => pw.flowField([fx, fy])],
  ['reachable', (pw) => pw.reachable(fx, fy)],
  ['canReach', (pw) => pw.canReach(fx, fy, fx + 1, fy)],
  ['repairPath', (pw) => pw.repairPath([fx, fy, fx + 1, fy], 0)],
  ['abstractGraph', (pw) => pw.abstractGraph()],
  ['prepare', (pw) => pw.prepare({ hpa: true })],
  ['save', (pw) => pw.save()],
  ['createCrowd', (pw) => pw.createCrowd()],
  ['watchPath', (pw) => pw.watchPath([fx, fy, fx + 1, fy], noop)],
  ['setCell', (pw) => pw.setCell(fx, fy, 1)],
  ['setCells', (pw) => pw.setCells([free], 1)],
  ['fillRect', (pw) => pw.fillRect(0, 0, 2, 2, 1)],
  ['setCost', (pw) => pw.setCost(1, 2)],
  ['setProfile', (pw) => pw.setProfile('boats', [1])],
  ['deleteProfile', (pw) => pw.deleteProfile('boats')],
  ['setEntry', (pw) => pw.setEntry(1, ['east'])],
  ['addLink', (pw) => pw.addLink(fx, fy, fx + 1, fy)],
  ['removeLink', (pw) => pw.removeLink(1)],
  ['setAll', (pw) => pw.setAll(map.cells.slice())],
];

/** The message with the class's own name taken out (InThreadPathWorker says its own). */
const unprefixed = (o) =>
  typeof o === 'string'
    ? o
    : { ...o, message: o.message.replace(/^InThreadPathWorker:/, 'PathWorker:') };

test('the same bad call fails the same way on all three workers', async () => {
  assert.ok(BAD_CALLS.length >= 20);
  const all = await workers();
  try {
    const ids = all.map((pw) => pw.addLink(fx, fy, fx + 1, fy, { cost: 1 }));
    assert.deepEqual(ids, [ids[0], ids[0], ids[0]]);
    const differences = [];
    for (const [name, call, says] of BAD_CALLS) {
      const seen = [];
      for (const pw of all) seen.push(await outcome(() => call(pw)));
      assert.notEqual(seen[0], 'no error', `${name}: PathWorker accepted it`);
      assert.match(seen[0].message, says, `${name}: ${seen[0].message}`);
      for (let k = 1; k < all.length; k++) {
        if (!isDeepStrictEqual(seen[k], seen[0]))
          differences.push(
            `${name}: ${KINDS[0]} ${JSON.stringify(seen[0])}, ${KINDS[k]} ${JSON.stringify(seen[k])}`,
          );
      }
    }
    assert.deepEqual(differences, []);
    // Nothing of the bad calls changed a thing.
    for (const pw of all) {
      assert.deepEqual(pw.cells(), all[0].cells());
      assert.deepEqual(pw.profiles(), ['default']);
      assert.equal(pw.links().length, 1);
    }
  } finally {
    for (const pw of all) pw.terminate();
  }
});

test('after terminate every edit and request is refused alike; reads still answer', async () => {
  const all = await workers();
  for (const pw of all) pw.terminate();
  const differences = [];
  for (const [name, call] of AFTER_TERMINATE) {
    const seen = [];
    for (const pw of all) seen.push(unprefixed(await outcome(() => call(pw))));
    // prepare and save reject (their documented way to fail), the others throw.
    const how = name === 'prepare' || name === 'save' ? 'rejects' : 'throws';
    const expected = { how, name: 'Error', message: 'PathWorker: terminated' };
    for (let k = 0; k < all.length; k++) {
      if (!isDeepStrictEqual(seen[k], expected))
        differences.push(`${name}: ${KINDS[k]} ${JSON.stringify(seen[k])}`);
    }
  }
  assert.deepEqual(differences, []);
  for (const pw of all) {
    assert.equal(pw.terminated, true);
    assert.equal(pw.get(fx, fy), 0);
    assert.equal(pw.getCost(0), 1);
    assert.deepEqual(pw.cells(), map.cells);
  }
});

test('good calls on a Moving AI map give the same answers on all three workers', async () => {
  const all = await workers({ costs: { 2: 3 } });
  try {
    const answers = [];
    for (const pw of all) {
      const got = {};
      got.findPath = [];
      for (const p of problems)
        got.findPath.push(
          comparable(
            await pw.findPath(p.startX, p.startY, p.goalX, p.goalY, { diagonal: 'noCorners' }),
          ),
        );
      got.findPaths = (
        await pw.findPaths(
          problems.map((p) => ({ sx: p.startX, sy: p.startY, gx: p.goalX, gy: p.goalY })),
          { algorithm: 'jps', diagonal: 'noCorners' },
        )
      ).map(comparable);
      got.none = await pw.findPaths([]);
      const flat = problems.slice(0, 4).flatMap((p) => [p.startX, p.startY, p.goalX, p.goalY]);
      got.flat = (await pw.findPaths(flat)).map(comparable);
      got.cachedAlike = comparable(await pw.findPath(fx, fy, fx, fy));
      const field = await pw.flowField([fx, fy], { diagonal: 'never' });
      got.flowField = [Array.from(field.costs), Array.from(field.directions)];
      const range = await pw.reachable(fx, fy, { maxCost: 20 });
      got.reachable = [Array.from(range.cells), Array.from(range.costs)];
      got.canReach = await pw.canReach(
        problems[0].startX,
        problems[0].startY,
        problems[0].goalX,
        problems[0].goalY,
      );
      const route = (
        await pw.findPath(
          problems[5].startX,
          problems[5].startY,
          problems[5].goalX,
          problems[5].goalY,
        )
      ).path;
      const repaired = await pw.repairPath(route, 0);
      delete repaired.workerMs;
      got.repairPath = { ...repaired, path: Array.from(repaired.path) };
      const crowd = await pw.createCrowd();
      await crowd.addAgent({ x: fx + 0.5, y: fy + 0.5 });
      got.crowdCount = await crowd.agentCount();
      await crowd.dispose();
      // Edits, reads and watches.
      let alerts = 0;
      pw.watchPath(route, () => alerts++);
      pw.setCost(1, 5, undefined);
      pw.setProfile('boats', { 0: 2, 1: 1 });
      got.profiles = pw.profiles();
      got.boatCost = [pw.getCost(0, 'boats'), pw.getCost(1, 'boats'), pw.getCost(1)];
      pw.setCell(route[4], route[5], 1); // a wall across the watched path
      got.alerts = alerts;
      got.cell = pw.get(route[4], route[5]);
      got.link = pw.addLink(fx, fy, problems[1].goalX, problems[1].goalY, { cost: 2 });
      got.links = pw.links();
      got.afterEdits = comparable(
        await pw.findPath(
          problems[5].startX,
          problems[5].startY,
          problems[5].goalX,
          problems[5].goalY,
          {
            profile: 'boats',
          },
        ),
      );
      const report = await pw.prepare({ hpa: true });
      got.prepared = typeof report.ms;
      got.saved = (await pw.save()).length > 0;
      got.cells = pw.cells();
      answers.push(got);
    }
    assert.ok(answers[0].findPath.some((r) => r.status === 'found'));
    assert.equal(answers[0].alerts, 1);
    assert.ok(answers[0].flowField[0].length === map.width * map.height);
    assert.ok(answers[0].reachable[0].length > 0);
    for (let k = 1; k < all.length; k++) {
      for (const key of Object.keys(answers[0]))
        assert.deepEqual(
          answers[k][key],
          answers[0][key],
          `${key}: ${KINDS[k]} differs from PathWorker`,
        );
    }
  } finally {
    for (const pw of all) pw.terminate();
  }
});

test('InThreadPathWorker.findPaths still hears its signal after one of its searches failed', async () => {
  // A grid whose search from x = 0 fails when it starts (as the core may refuse one): the batch
  // rejects with that error while its other searches are still running; the signal must still
  // cancel them.
  const failing = async () => {
    const tp = await createPathfinder();
    return {
      ...tp,
      memoryBytes: () => tp.memoryBytes(),
      createGrid(...args) {
        const grid = tp.createGrid(...args);
        const start = grid.startSearch.bind(grid);
        grid.startSearch = (sx, ...rest) => {
          if (sx === 0) throw new RangeError('refused by the core');
          return start(sx, ...rest);
        };
        return grid;
      },
    };
  };
  const pw = await InThreadPathWorker.create({
    width: 512,
    height: 512,
    loadPathfinder: failing,
    expansionsPerFrame: 200,
  });
  try {
    const controller = new AbortController();
    const far = Array.from({ length: 4 }, (_, i) => ({ sx: 1 + i, sy: 1, gx: 511, gy: 511 }));
    const batch = pw.findPaths([{ sx: 0, sy: 0, gx: 5, gy: 5 }, ...far], {
      algorithm: 'dijkstra',
      signal: controller.signal,
    });
    await assert.rejects(batch, { message: 'refused by the core' });
    assert.equal(pw.stats.inFlight, 4, 'the other searches are still running');
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(pw.stats.inFlight, 0, 'the abort cancelled the searches left');
  } finally {
    pw.terminate();
  }
});

// [name, options] given to PathWorker.create, InThreadPathWorker.create and
// PathWorker.create({ workers: 2 }): each refused alike (the call's name aside).
const BAD_CREATES = [
  ['a misspelt option', { widht: 8 }],
  ['no width', { height: 8 }],
  ['a width of 0', { width: 0, height: 8 }],
  ['cells of the wrong length', { width: 8, height: 8, cells: new Uint8Array(7) }],
  ['costs that are not a table', { width: 8, height: 8, costs: 'cheap' }],
  ['a negative cache', { width: 8, height: 8, cache: -1 }],
  ['a cacheBytes string', { width: 8, height: 8, cacheBytes: 'lots' }],
  ['an unknown recover', { width: 8, height: 8, recover: 'pray' }],
  ['a negative readyTimeout', { width: 8, height: 8, readyTimeout: -5 }],
  ['an unknown orientation', { width: 8, height: 8, orientation: 'round' }],
  ['a profile named by a number', { width: 8, height: 8, profiles: { '': [1] } }],
];

test('the same bad create options are refused alike by all three', async () => {
  const creates = [
    (o) => PathWorker.create(o),
    (o) => InThreadPathWorker.create({ ...o, loadPathfinder }),
    (o) => PathWorker.create({ ...o, workers: 2 }),
  ];
  const differences = [];
  for (const [name, options] of BAD_CREATES) {
    const seen = [];
    for (const create of creates) {
      const o = await outcome(() => create({ ...options }));
      if (o !== 'no error')
        o.message = o.message.replace(/InThreadPathWorker(\.create)?/, 'PathWorker$1');
      seen.push(o);
    }
    assert.notEqual(seen[0], 'no error', `${name}: PathWorker.create accepted it`);
    for (let k = 1; k < creates.length; k++) {
      if (!isDeepStrictEqual(seen[k], seen[0]))
        differences.push(
          `${name}: ${JSON.stringify(seen[0])}, ${KINDS[k]} ${JSON.stringify(seen[k])}`,
        );
    }
  }
  assert.deepEqual(differences, []);
});
