import assert from 'node:assert/strict';
import { test } from 'node:test';

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ENUM_OPTIONS, OPTIONS, TRACE } from '../../../dist/contract.mjs';
import { createPathfinder } from '../../../js/node.js';
import { makeLoader } from '../../../js/core/grid.js';
import { checkRequest, requestList, signalOf, stripSignal } from '../../../js/core/checks.js';
import { loadMap, loadScenario, movingaiDir, repoRoot } from '../support/movingai.mjs';

// Small maps drawn as strings: '.' class 0 (walkable), '#' class 1 (wall), digits other classes.
function drawn(tp, rows) {
  const width = rows[0].length;
  const cells = Uint8Array.from(rows.join(''), (c) => (c === '.' ? 0 : c === '#' ? 1 : Number(c)));
  return tp.createGrid(width, rows.length, cells);
}
const pairs = (path) =>
  Array.from({ length: path.length / 2 }, (_, k) => `${path[2 * k]},${path[2 * k + 1]}`).join(' ');

test('createPathfinder loads once and returns the same instance', async () => {
  const a = await createPathfinder();
  const b = await createPathfinder();
  assert.equal(a, b);
});

// Each option name of the generated contract, given through JS, must select what the C++ core
// selects for that same name (tilepath-scen parses names itself): same costs, same expansions.
// (It exits 1 when a cost differs from the scenario's optimum, as other rules give.)
function nativeRun(name, flags) {
  const run = spawnSync(
    join(repoRoot, 'build/native/tilepath-scen'),
    [
      join(movingaiDir, name),
      join(movingaiDir, `${name}.scen`),
      '--each',
      '--stride',
      '100',
      ...flags,
    ],
    { encoding: 'utf8' },
  );
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return [...run.stdout.matchAll(/^(\d+) (\w+) (\S+) (\d+)$/gm)].map((m) => [
    Number(m[1]),
    m[2],
    Number(m[3]),
    Number(m[4]),
  ]);
}

test('every enum and number option name of the contract selects what the C++ core selects by that name', async () => {
  const tp = await createPathfinder();
  const name = 'random512-10-0.map'; // scattered walls: every corner rule gives other paths
  const { width, height, cells } = loadMap(name);
  const grid = tp.createGrid(width, height, cells);
  const problems = loadScenario(name);
  const settings = [];
  for (const option of ['algorithm', 'diagonal', 'heuristic']) {
    for (const value of ENUM_OPTIONS[option].names.filter((n) => n !== '')) {
      for (const diagonal of option === 'diagonal' ? [value] : ['never', 'noCorners']) {
        const options = { diagonal, [option]: value };
        settings.push([options, ['--diagonal', diagonal, `--${option}`, value]]);
      }
    }
  }
  settings.push([{ diagonal: 'noCorners', weight: 2.5 }, ['--weight', '2.5']]);
  for (const diagonal of ['never', 'noCorners']) {
    settings.push([{ diagonal, unitSize: 2 }, ['--diagonal', diagonal, '--unitSize', '2']]);
  }
  const ofPath = (kinds) =>
    OPTIONS.filter((o) => o.queries.includes('path') && kinds.includes(o.kind))
      .map((o) => o.name)
      .sort();
  assert.deepEqual(
    ofPath(['number', 'integer']),
    ['maxExpansions', 'unitSize', 'weight'],
    'a new number option needs a case here',
  );
  // The enum options of the table (options.hpp): a new one needs a case here.
  assert.deepEqual(Object.keys(ENUM_OPTIONS).sort(), [
    'algorithm',
    'diagonal',
    'goal',
    'heuristic',
  ]);
  let compared = 0;
  for (const [options, flags] of settings) {
    for (const [k, status, cost, expanded] of nativeRun(name, flags)) {
      const p = problems[k];
      const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
      assert.deepEqual(
        [r.status, r.cost, r.expanded],
        [status, cost, expanded],
        `${JSON.stringify(options)} problem ${k}`,
      );
      compared++;
    }
  }
  assert.ok(compared >= settings.length * 10, `compared ${compared}`);
  grid.dispose();
});

test('every flag option of the contract and maxExpansions change the result as documented', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['..........', '.#######..', '.......#..', '.#####.#..', '.......#..']);
  const base = grid.findPath(0, 4, 9, 4, { diagonal: 'noCorners' });
  assert.equal(base.status, 'found');
  const effects = {
    partial: () => {
      const r = grid.findPath(0, 4, 9, 4, {
        diagonal: 'noCorners',
        maxExpansions: 5,
        partial: true,
      });
      assert.equal(r.status, 'partial');
      assert.equal(r.expanded, 5);
      assert.equal(
        grid.findPath(0, 4, 9, 4, { diagonal: 'noCorners', maxExpansions: 5 }).status,
        'none',
      );
    },
    smooth: () => {
      const r = grid.findPath(0, 4, 9, 4, { diagonal: 'noCorners', smooth: true });
      assert.deepEqual(r.rawPath, base.path);
      assert.ok(r.path.length < base.path.length);
    },
    includeStart: () => {
      const r = grid.findPath(0, 4, 9, 4, { diagonal: 'noCorners', includeStart: false });
      assert.deepEqual(r.path, base.path.subarray(2));
    },
    trace: () => {
      const r = grid.findPath(0, 4, 9, 4, { diagonal: 'noCorners', trace: true });
      assert.equal(r.traceEvents.length % TRACE.fields.length, 0);
      assert.equal(r.expandedCells.length, 2 * r.expanded);
      assert.equal(base.traceEvents, undefined);
    },
  };
  const flags = OPTIONS.filter((o) => o.kind === 'flag' && o.queries.includes('path'));
  assert.deepEqual(
    Object.keys(effects).sort(),
    flags.map((o) => o.name).sort(),
    'every flag has an effect checked',
  );
  for (const { name, default: code } of flags) {
    const fallback = code === 1;
    effects[name]();
    // The default, given explicitly, is the same search as leaving the option out.
    assert.deepEqual(
      grid.findPath(0, 4, 9, 4, { diagonal: 'noCorners', [name]: fallback }),
      base,
      name,
    );
  }
  grid.dispose();
});

test('goal modes of the contract each end the path where README says', async () => {
  const tp = await createPathfinder();
  assert.deepEqual(ENUM_OPTIONS.goal.names, ['exact', 'adjacent', 'nearest']);
  const grid = drawn(tp, ['.....', '...#.', '.....']);
  assert.equal(grid.findPath(0, 1, 3, 1, { goal: 'exact' }).status, 'none');
  assert.deepEqual(grid.findPath(0, 1, 3, 1, { goal: 'adjacent' }).goal, {
    x: 2,
    y: 1,
    dx: 1,
    dy: 0,
    facing: 'right',
  });
  const nearest = grid.findPath(0, 1, 3, 1, { goal: 'nearest' });
  assert.equal(nearest.status, 'found');
  assert.equal(Math.abs(nearest.goal.x - 3) + Math.abs(nearest.goal.y - 1), 1);
  grid.dispose();
});

test('optionValues lists the names a user may give, from the C++ tables', async () => {
  const tp = await createPathfinder();
  assert.deepEqual(tp.optionValues.diagonal, ['never', 'noCorners', 'oneObstacle', 'always']);
  assert.deepEqual(tp.optionValues.heuristic, ['manhattan', 'octile', 'chebyshev', 'euclidean']);
  assert.equal('checkedOptions' in tp, false);
  assert.equal('wasmOptions' in tp, false);
});

test('findPath goes around a wall with 4 neighbours by default', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['.....', '.###.', '...#.', '####.']);
  const r = grid.findPath(0, 2, 4, 3);
  assert.equal(r.status, 'found');
  assert.ok(r.path instanceof Int32Array);
  assert.equal(pairs(r.path), '0,2 0,1 0,0 1,0 2,0 3,0 4,0 4,1 4,2 4,3');
  assert.equal(r.cost, 9);
  assert.equal(r.algorithm, 'jps'); // the default, auto, on a uniform grid
  assert.ok(r.expanded >= 2 && r.expanded < 10); // jump points, not every cell
  assert.ok(grid.findPath(0, 2, 4, 3, { algorithm: 'astar' }).expanded >= 10);
  assert.deepEqual(r.goal, { x: 4, y: 3, dx: 0, dy: 0, facing: 'none' });
  grid.dispose();
});

test('every option of the core is reachable by name', async () => {
  const tp = await createPathfinder();
  const grid = tp.createGrid(30, 30);
  grid.fillRect(15, 0, 1, 25, 1);
  const base = grid.findPath(2, 2, 28, 2, { diagonal: 'noCorners', algorithm: 'astar' });
  for (const algorithm of ['astar', 'bfs', 'dijkstra', 'jps', 'auto']) {
    const r = grid.findPath(2, 2, 28, 2, { diagonal: 'noCorners', algorithm });
    assert.ok(Math.abs(r.cost - base.cost) < 1e-9, `${algorithm} cost ${r.cost} vs ${base.cost}`);
  }
  for (const heuristic of ['octile', 'chebyshev', 'euclidean']) {
    const r = grid.findPath(2, 2, 28, 2, { diagonal: 'noCorners', algorithm: 'astar', heuristic });
    assert.ok(Math.abs(r.cost - base.cost) < 1e-9, heuristic);
  }
  const weighted = grid.findPath(2, 2, 28, 2, {
    diagonal: 'noCorners',
    algorithm: 'astar',
    weight: 3,
  });
  assert.ok(weighted.cost <= 3 * base.cost && weighted.expanded < base.expanded);
  const budget = grid.findPath(2, 2, 28, 2, {
    diagonal: 'noCorners',
    algorithm: 'astar',
    maxExpansions: 20,
  });
  assert.equal(budget.status, 'none');
  const partial = grid.findPath(2, 2, 28, 2, {
    diagonal: 'noCorners',
    algorithm: 'astar',
    maxExpansions: 20,
    partial: true,
  });
  assert.equal(partial.status, 'partial');
  assert.equal(partial.expanded, 20);
  const smooth = grid.findPath(2, 2, 28, 2, {
    diagonal: 'noCorners',
    algorithm: 'astar',
    smooth: true,
  });
  assert.ok(smooth.path.length < base.path.length && smooth.cost <= base.cost + 1e-9);
  assert.deepEqual(smooth.rawPath, base.path);
  const noStart = grid.findPath(2, 2, 28, 2, {
    diagonal: 'noCorners',
    algorithm: 'astar',
    includeStart: false,
  });
  assert.deepEqual(noStart.path, base.path.subarray(2));
  const traced = grid.findPath(2, 2, 28, 2, {
    diagonal: 'noCorners',
    algorithm: 'astar',
    trace: true,
  });
  assert.equal(traced.expandedCells.length, 2 * traced.expanded);
  assert.equal(traced.traceEvents.length % 5, 0);
  assert.ok(traced.traceEvents.length / 5 > traced.expanded);
  grid.dispose();
});

test('adjacent goal stops beside a chest and says which way to face', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['.....', '...#.', '.....']);
  const r = grid.findPath(0, 1, 3, 1, { goal: 'adjacent' });
  assert.equal(pairs(r.path), '0,1 1,1 2,1');
  assert.deepEqual(r.goal, { x: 2, y: 1, dx: 1, dy: 0, facing: 'right' });
  const nearest = grid.findPath(0, 1, 3, 1, { goal: 'nearest' });
  assert.equal(nearest.status, 'found');
  grid.dispose();
});

test('edits: setCell, setCells, fillRect, setCost and setAll change the next search', async () => {
  const tp = await createPathfinder();
  const grid = tp.createGrid(6, 3);
  assert.equal(grid.findPath(0, 1, 5, 1).cost, 5);
  grid.fillRect(3, 0, 1, 3, 1);
  assert.equal(grid.findPath(0, 1, 5, 1).status, 'none');
  grid.setCell(3, 2, 0);
  assert.equal(grid.get(3, 2), 0);
  assert.equal(grid.findPath(0, 1, 5, 1).cost, 7);
  grid.setCells([3 + 6 * 2, 3 + 6 * 1], [1, 2]);
  assert.equal(grid.get(3, 1), 2);
  assert.equal(grid.findPath(0, 1, 5, 1).status, 'none');
  grid.setCost(2, 4);
  assert.equal(grid.getCost(2), 4);
  assert.equal(grid.findPath(0, 1, 5, 1).cost, 2 + 4 + 2);
  grid.setCost(2, Infinity);
  assert.equal(grid.getCost(2), Infinity);
  assert.equal(grid.getCost(7), Infinity);
  grid.setAll(new Uint8Array(18));
  assert.deepEqual(grid.cells(), new Uint8Array(18));
  grid.dispose();
});

test('createGrid copies the cells it is given', async () => {
  const tp = await createPathfinder();
  const cells = new Uint8Array([0, 1, 0, 0]);
  const grid = tp.createGrid(2, 2, cells);
  cells[1] = 0;
  assert.equal(grid.get(1, 0), 1);
  assert.deepEqual(tp.createGrid(2, 2, [0, 1, 1, 0]).cells(), new Uint8Array([0, 1, 1, 0]));
  grid.dispose();
});

test('bad input throws a TypeError or RangeError naming the value, and the instance survives', async () => {
  const tp = await createPathfinder();
  const grid = tp.createGrid(8, 4);
  const cases = [
    [() => grid.findPath(8, 0, 1, 1), RangeError, /startX .*got 8/],
    [() => grid.findPath(0, -1, 1, 1), RangeError, /startY .*got -1/],
    [() => grid.findPath(0, 0, 1.5, 1), TypeError, /goalX must be an integer, got 1.5/],
    [() => grid.findPath(0, 0, 1, NaN), TypeError, /goalY .*NaN/],
    [() => grid.findPath('0', 0, 1, 1), TypeError, /startX .*"0"/],
    [
      () => grid.findPath(0, 0, 1, 1, { diagonal: 'diagonal' }),
      RangeError,
      /diagonal must be one of .*"diagonal"/,
    ],
    [() => grid.findPath(0, 0, 1, 1, { algorithm: 'greedy' }), RangeError, /"greedy"/],
    [() => grid.findPath(0, 0, 1, 1, { heuristic: 'octagonal' }), RangeError, /"octagonal"/],
    [() => grid.findPath(0, 0, 1, 1, { goal: 'door' }), RangeError, /"door"/],
    [
      () => grid.findPath(0, 0, 1, 1, { allowDiagonal: true }),
      TypeError,
      /unknown option 'allowDiagonal'/,
    ],
    [() => grid.findPath(0, 0, 1, 1, { weight: 0.5 }), RangeError, /weight .*0.5/],
    [() => grid.findPath(0, 0, 1, 1, { weight: Infinity }), RangeError, /weight .*Infinity/],
    [() => grid.findPath(0, 0, 1, 1, { maxExpansions: -1 }), RangeError, /maxExpansions .*-1/],
    [
      () => grid.findPath(0, 0, 1, 1, { smooth: 'yes' }),
      TypeError,
      /smooth must be true or false, got "yes"/,
    ],
    [() => grid.findPath(0, 0, 1, 1, 'fast'), TypeError, /options must be an object/],
    [() => grid.set(0, 0, 256), RangeError, /class .*256/],
    [() => grid.set(9, 0, 1), RangeError, /x .*9/],
    [() => grid.get(0, 4), RangeError, /y .*4/],
    [() => grid.setCost(1, -2), RangeError, /cost .*-2/],
    [() => grid.setCost(1, NaN), RangeError, /cost .*NaN/],
    [() => grid.setCost(300, 1), RangeError, /class .*300/],
    [() => grid.setCells([0, 32], [1, 1]), RangeError, /indices\[1\] .*32/],
    [() => grid.setCells([0, 1], [1]), RangeError, /classes must be/],
    [() => grid.setAll(new Uint8Array(31)), RangeError, /32 entries, got 31/],
    [() => grid.setAll('cells'), TypeError, /cells must be/],
    [() => tp.createGrid(0, 4), RangeError, /width .*0/],
    [() => tp.createGrid(4, 2.5), TypeError, /height .*2.5/],
    [() => tp.createGrid(2, 2, [0, 0, 0]), RangeError, /4 entries, got 3/],
    [() => tp.createGrid(2, 2, [0, 0, 0, 999]), RangeError, /cells\[3\] .*999/],
  ];
  for (const [call, type, message] of cases) {
    assert.throws(call, (e) => e instanceof type && message.test(e.message), String(call));
  }
  // nothing above reached wasm in a harmful way: the same grid still works
  assert.equal(grid.findPath(0, 0, 7, 3).status, 'found');
  grid.dispose();
  assert.throws(() => grid.findPath(0, 0, 1, 1), { name: 'TypeError', message: /disposed/ });
  assert.throws(() => grid.set(0, 0, 1), TypeError);
  grid.dispose(); // disposing twice is harmless
});

test('liveGrids counts grids until they are disposed', async () => {
  const tp = await createPathfinder();
  const before = tp.liveGrids();
  const a = tp.createGrid(3, 3);
  const b = tp.createGrid(3, 3);
  assert.equal(tp.liveGrids(), before + 2);
  a.dispose();
  b.dispose();
  assert.equal(tp.liveGrids(), before);
});

test('a cheap class the map does not use does not weaken the heuristic', async () => {
  const tp = await createPathfinder();
  const grid = tp.createGrid(64, 64);
  grid.fillRect(32, 0, 1, 60, 1);
  const plain = grid.findPath(2, 2, 60, 2, { diagonal: 'noCorners' });
  grid.setCost(5, 0.1); // a road class, not placed yet
  assert.equal(grid.findPath(2, 2, 60, 2, { diagonal: 'noCorners' }).expanded, plain.expanded);
  grid.set(0, 63, 5); // one road cell: now A* must allow for cheap cells anywhere
  const withRoad = grid.findPath(2, 2, 60, 2, { diagonal: 'noCorners' });
  assert.ok(withRoad.expanded > plain.expanded);
  assert.equal(withRoad.cost, plain.cost);
  grid.dispose();
});

test('2,000 calls with random bad values only ever throw TypeError or RangeError', async () => {
  const tp = await createPathfinder();
  const grid = tp.createGrid(16, 16);
  const pool = [
    0,
    1,
    15,
    16,
    -1,
    -0,
    2.5,
    NaN,
    Infinity,
    -Infinity,
    2 ** 31,
    2 ** 53,
    '3',
    null,
    undefined,
    {},
    [],
    true,
    255,
    256,
    1e-9,
    10n,
  ];
  const optionPool = [
    undefined,
    null,
    {},
    { diagonal: 'noCorners' },
    { diagonal: 7 },
    { weight: NaN },
    { maxExpansions: 2 ** 32 },
    { maxExpansions: 1.5 },
    { goal: 'adjacent', smooth: true },
    { algorithm: 'jps', partial: 1 },
    { heuristic: null },
    [],
    'x',
    { trace: true, includeStart: false },
  ];
  let seed = 12345;
  const pick = (list) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return list[seed % list.length];
  };
  let threw = 0;
  for (let k = 0; k < 2000; k++) {
    const method = pick(['findPath', 'set', 'get', 'setCost', 'fillRect', 'setCells']);
    try {
      if (method === 'findPath')
        grid.findPath(pick(pool), pick(pool), pick(pool), pick(pool), pick(optionPool));
      else if (method === 'set') grid.set(pick(pool), pick(pool), pick(pool));
      else if (method === 'get') grid.get(pick(pool), pick(pool));
      else if (method === 'setCost') grid.setCost(pick(pool), pick(pool));
      else if (method === 'fillRect')
        grid.fillRect(pick(pool), pick(pool), pick(pool), pick(pool), pick(pool));
      else grid.setCells([pick(pool), pick(pool)], pick(pool));
    } catch (error) {
      threw++;
      assert.ok(error instanceof TypeError || error instanceof RangeError, `${method}: ${error}`);
      assert.ok(error.message.length > 10);
    }
  }
  assert.ok(threw > 1000, `most random calls are refused (${threw})`);
  grid.setAll(new Uint8Array(256));
  grid.setCost(0, 1);
  assert.equal(grid.findPath(0, 0, 15, 15).cost, 30);
  grid.dispose();
});

test('an edit that swaps the only cell of one class for a new class keeps the cost table in force', async () => {
  const tp = await createPathfinder();
  // The one class-3 cell becomes class 2, new on the map: the last 3 goes and the first 2 arrives,
  // and both counts must follow, or bfs/jps take the grid for uniform and walk through the swamp.
  const grid = drawn(tp, ['.....', '..3..', '.....']);
  grid.setCost(3, 1);
  grid.setCost(2, 10);
  grid.set(2, 1, 2);
  const fresh = drawn(tp, ['.....', '..2..', '.....']);
  fresh.setCost(2, 10);
  for (const algorithm of ['astar', 'bfs', 'jps', 'dijkstra']) {
    const edited = grid.findPath(0, 1, 4, 1, { algorithm });
    assert.equal(edited.cost, fresh.findPath(0, 1, 4, 1, { algorithm }).cost, algorithm);
    assert.equal(edited.cost, 6, algorithm);
  }
  grid.dispose();
  fresh.dispose();
});

test('setCell and its old name set write one cell; cells() is a copy the grid does not share', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['....', '....']);
  grid.setCell(1, 0, 1);
  grid.set(2, 1, 3);
  const copy = grid.cells();
  assert.deepEqual(copy, Uint8Array.from([0, 1, 0, 0, 0, 0, 3, 0]));
  copy[0] = 9;
  assert.equal(grid.get(0, 0), 0);
  assert.throws(() => grid.setCell(4, 0, 1), {
    name: 'RangeError',
    message: 'x must be from 0 to 3, got 4',
  });
  grid.dispose();
});

test('setAll loads a new level into the same grid: its searches equal a fresh grid of that level', async () => {
  const tp = await createPathfinder();
  const first = loadMap('random512-10-0.map');
  const next = loadMap('maze512-1-0.map');
  // The first level's walls are class 2; the next level's are class 1, which costs 5 to cross:
  // the grid must notice the classes the new level brings (or jps takes it for uniform).
  const grid = tp.createGrid(
    first.width,
    first.height,
    first.cells.map((c) => 2 * c),
  );
  grid.setCost(1, 5); // the cost table is the grid's, not the level's: it stays
  grid.findPath(0, 0, 511, 511, { diagonal: 'noCorners', algorithm: 'jps' });
  grid.setAll(next.cells);
  assert.deepEqual(grid.cells(), next.cells);
  // The reference is built cell by cell, not by the bulk copy under test.
  const fresh = tp.createGrid(next.width, next.height);
  const walls = [...next.cells.keys()].filter((i) => next.cells[i] === 1);
  fresh.setCells(walls, 1);
  fresh.setCost(1, 5);
  const problems = loadScenario('maze512-1-0.map');
  for (let k = 0; k < problems.length; k += 997) {
    const p = problems[k];
    const options = { diagonal: 'noCorners', algorithm: 'jps' };
    const a = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
    const b = fresh.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
    assert.deepEqual(
      [a.status, a.cost, a.expanded],
      [b.status, b.cost, b.expanded],
      `problem ${k}`,
    );
  }
  grid.dispose();
  fresh.dispose();
});

test('setAll refuses what createGrid refuses, with the same message, and keeps the old level', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['.#', '..']);
  for (const bad of [
    new Uint8Array(3),
    [0, 0, 0, 256],
    [0, 0.5, 0, 0],
    'cells',
    null,
    new Uint16Array(4).fill(300),
  ]) {
    let fromCreate = null;
    let fromSetAll = null;
    try {
      tp.createGrid(2, 2, bad);
    } catch (error) {
      fromCreate = error;
    }
    try {
      grid.setAll(bad);
    } catch (error) {
      fromSetAll = error;
    }
    assert.ok(fromCreate && fromSetAll, `${describeValue(bad)} is refused`);
    assert.equal(fromSetAll.name, fromCreate.name);
    assert.equal(fromSetAll.message, fromCreate.message);
  }
  assert.deepEqual(grid.cells(), Uint8Array.from([0, 1, 0, 0]));
  grid.dispose();
});

const describeValue = (v) => (typeof v === 'string' ? v : Object.prototype.toString.call(v));

test('options given through a prototype, a getter or a non-enumerable property search like plain ones', async () => {
  const tp = await createPathfinder();
  const { width, height, cells } = loadMap('den011d.map');
  const grid = tp.createGrid(width, height, cells);
  grid.setCost(1, 4); // walls walkable at a cost: every option changes the answer
  const plain = { diagonal: 'always', weight: 2, heuristic: 'euclidean', smooth: true };
  const expected = grid.findPath(1, 1, 70, 40, plain);
  const inherited = Object.create(Object.create(plain));
  const withGetters = Object.defineProperties(
    {},
    Object.fromEntries(
      Object.entries(plain).map(([k, v]) => [k, { get: () => v, enumerable: true }]),
    ),
  );
  const hidden = Object.defineProperties(
    {},
    Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, { value: v, enumerable: false }])),
  );
  class Settings {
    get diagonal() {
      return 'always';
    }
    get weight() {
      return 2;
    }
    get heuristic() {
      return 'euclidean';
    }
    get smooth() {
      return true;
    }
  }
  for (const options of [inherited, withGetters, hidden, new Settings()]) {
    const r = grid.findPath(1, 1, 70, 40, options);
    assert.deepEqual(
      [r.cost, r.expanded, r.path],
      [expected.cost, expected.expanded, expected.path],
    );
  }
  assert.notEqual(expected.cost, grid.findPath(1, 1, 70, 40).cost);
  grid.dispose();
});

test('each option is read once, and an unknown key is refused even when inherited', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['....', '....']);
  const reads = {};
  const counting = new Proxy(
    { diagonal: 'noCorners' },
    {
      get(target, key) {
        reads[key] = (reads[key] ?? 0) + 1;
        return target[key];
      },
    },
  );
  grid.findPath(0, 0, 3, 1, counting);
  assert.ok(Object.keys(reads).length >= 10, 'every known name is asked for');
  assert.deepEqual(
    Object.values(reads).filter((n) => n !== 1),
    [],
  );
  assert.throws(() => grid.findPath(0, 0, 3, 1, Object.create({ diagnal: 'always' })), {
    name: 'TypeError',
    message: /^unknown option 'diagnal'/,
  });
  // A near miss says which option it misses; any other unknown key is refused all the same.
  for (const [options, hint] of [
    [{ diagonl: 'never' }, "did you mean 'diagonal'? "],
    [{ algoritm: 'jps' }, "did you mean 'algorithm'? "],
    [{ Signal: null }, "did you mean 'signal'? "],
    [{ allowDiagonal: true }, ''],
  ]) {
    const start = `unknown option '${Object.keys(options)[0]}' (${hint}known: algorithm,`;
    assert.throws(
      () => grid.findPath(0, 0, 3, 1, options),
      (error) => error instanceof TypeError && error.message.startsWith(start),
      start,
    );
  }
  assert.throws(() => grid.flowField([3, 1], { maxcost: 3 }), {
    name: 'TypeError',
    message:
      "unknown option 'maxcost' (did you mean 'maxCost'? known: diagonal, maxCost, unitSize, profile, signal)",
  });
  grid.dispose();
});

test('the options a worker is sent are a plain snapshot: later changes and signals cannot break the post', () => {
  let flips = 0;
  const controller = new AbortController();
  const lying = {
    get diagonal() {
      flips++;
      return flips === 1 ? 'noCorners' : () => 'not cloneable';
    },
    signal: controller.signal,
  };
  const snapshot = checkRequest(4, 4, 0, 0, 3, 3, lying);
  assert.equal(flips, 1);
  assert.deepEqual(structuredClone(snapshot), { diagonal: 'noCorners' });
  assert.equal(JSON.stringify(snapshot), '{"diagonal":"noCorners"}');
  assert.equal(signalOf(snapshot), controller.signal);
  assert.deepEqual(stripSignal({ weight: 2, signal: controller.signal }), { weight: 2 });
  const list = requestList(
    [
      { sx: 0, sy: 0, gx: 1, gy: 1 },
      { sx: 1, sy: 1, gx: 0, gy: 0, options: { goal: 'adjacent' } },
    ],
    { diagonal: 'always', signal: controller.signal },
    4,
    4,
  );
  assert.deepEqual(structuredClone(list), [
    [0, 0, 1, 1, { diagonal: 'always' }],
    [1, 1, 0, 0, { goal: 'adjacent' }],
  ]);
  assert.equal(signalOf(list), controller.signal);
  assert.equal(stripSignal(undefined), null);
});

test('options.signal must be an AbortSignal, undefined or null: anything else is a TypeError', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['....']);
  for (const signal of [5, 'abort', {}, { aborted: false }, { addEventListener() {} }]) {
    assert.throws(() => grid.findPath(0, 0, 3, 0, { signal }), {
      name: 'TypeError',
      message: /^signal must be an AbortSignal, got /,
    });
    assert.throws(() => requestList([0, 0, 3, 0], { signal }, 4, 1), {
      name: 'TypeError',
      message: /^signal must be/,
    });
  }
  assert.equal(grid.findPath(0, 0, 3, 0, { signal: new AbortController().signal }).status, 'found');
  assert.equal(grid.findPath(0, 0, 3, 0, { signal: undefined }).status, 'found');
  assert.equal(grid.findPath(0, 0, 3, 0, { signal: null }).status, 'found');
  grid.dispose();
});

test('a getter that disposes the grid mid-call gets a clear error, not a binding error', async () => {
  const tp = await createPathfinder();
  const live = tp.liveGrids();
  const grid = drawn(tp, ['....', '....']);
  assert.throws(
    () =>
      grid.findPath(0, 0, 3, 1, {
        get diagonal() {
          grid.dispose();
          return 'never';
        },
      }),
    {
      name: 'TypeError',
      message:
        'grid was disposed while its options were read (by a getter?): create a new grid with createGrid()',
    },
  );
  const other = drawn(tp, ['....', '....']);
  const indices = [0, 1];
  Object.defineProperty(indices, 1, { get: () => (other.dispose(), 1) });
  assert.throws(() => other.setCells(indices, 1), {
    name: 'TypeError',
    message: /^grid was disposed while its indices and classes were read/,
  });
  const third = drawn(tp, ['..']);
  const level = [0, 0];
  Object.defineProperty(level, 1, { get: () => (third.dispose(), 1) });
  assert.throws(() => third.setAll(level), {
    name: 'TypeError',
    message: /^grid was disposed while its cells were read/,
  });
  assert.equal(tp.liveGrids(), live);
});

test('cells whose buffer went to a worker (detached) are refused by name, saying so', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['..', '..']);
  const detached = () => {
    const cells = new Uint8Array(4);
    structuredClone(cells.buffer, { transfer: [cells.buffer] });
    return cells;
  };
  const message =
    /^cells has no bytes left: its ArrayBuffer was detached \(transferred, for example to a PathWorker\)/;
  assert.throws(() => tp.createGrid(2, 2, detached()), { name: 'TypeError', message });
  assert.throws(() => tp.createGrid(2, 2, detached().buffer), { name: 'TypeError', message });
  assert.throws(() => grid.setAll(detached()), { name: 'TypeError', message });
  const indices = new Uint32Array(2);
  structuredClone(indices.buffer, { transfer: [indices.buffer] });
  assert.throws(() => grid.setCells(indices, 1), {
    name: 'TypeError',
    message: /^indices has no bytes left/,
  });
  grid.dispose();
});

test('a wrong type is a TypeError and a right type out of range a RangeError, for every argument', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['....', '....']);
  const cases = [
    [
      () => grid.findPath(0, 0, 1, 1, { weight: '2' }),
      TypeError,
      'weight must be a number, got "2"',
    ],
    [
      () => grid.findPath(0, 0, 1, 1, { weight: 0.5 }),
      RangeError,
      'weight must be a finite number >= 1, got 0.5',
    ],
    [
      () => grid.findPath(0, 0, 1, 1, { weight: NaN }),
      RangeError,
      'weight must be a finite number >= 1, got NaN',
    ],
    [
      () => grid.findPath(0, 0, 1, 1, { diagonal: 7 }),
      TypeError,
      "diagonal must be one of 'never', 'noCorners', 'oneObstacle', 'always', got 7",
    ],
    [
      () => grid.findPath(0, 0, 1, 1, { diagonal: 'diagonal' }),
      RangeError,
      /^diagonal must be one of .* got "diagonal"$/,
    ],
    [
      () => grid.findPath(0, 0, 1, 1, { heuristic: '' }),
      RangeError,
      /^heuristic must be one of 'manhattan'/,
    ],
    [() => grid.findPath(0, 0, 1, 1, { algorithm: null }), TypeError, /^algorithm must be one of/],
    [() => grid.findPath(0, 0, 1, 1, { goal: ['exact'] }), TypeError, /^goal must be one of/],
    [
      () => grid.findPath(0, 0, 1, 1, { maxExpansions: '5' }),
      TypeError,
      'maxExpansions must be an integer, got "5"',
    ],
    [
      () => grid.setCost(1, '3'),
      TypeError,
      'cost must be 0 or Infinity (blocked) or a positive number, got "3"',
    ],
    [
      () => grid.setCost(1, -3),
      RangeError,
      'cost must be 0 or Infinity (blocked) or a positive number, got -3',
    ],
    [() => grid.setCells([0], 300), RangeError, 'classes must be from 0 to 255, got 300'],
    [() => grid.setCells([0], 1.5), TypeError, 'classes must be an integer, got 1.5'],
    [
      () => grid.setCells([0], 'wall'),
      TypeError,
      'classes must be one class or an array of classes, got "wall"',
    ],
    [
      () => grid.setCells([0, 1], [1, 256]),
      RangeError,
      'classes[1] must be from 0 to 255, got 256',
    ],
    [() => grid.setCells([0, 1], [1, '1']), TypeError, 'classes[1] must be an integer, got "1"'],
    [() => grid.setCells([0, 1.5], 1), TypeError, 'indices[1] must be an integer, got 1.5'],
    [
      () => grid.setAll([0, 0, 0, 0, 0, 0, 0, '1']),
      TypeError,
      'cells[7] must be an integer, got "1"',
    ],
  ];
  for (const [call, type, message] of cases) {
    assert.throws(
      call,
      (e) =>
        e.constructor === type &&
        (typeof message === 'string' ? e.message === message : message.test(e.message)),
      String(call),
    );
  }
  grid.dispose();
});

test('messages name what they got in plain words: an object, a Map, an ArrayBuffer-like class', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['..']);
  const rule = 'cells must be a Uint8Array, ArrayBuffer or array of classes, got ';
  class Level {}
  class AtlasLayer {}
  for (const [value, shown] of [
    [{}, 'an object'],
    [Object.create(null), 'an object'],
    [new Map(), 'a Map'],
    [new Level(), 'a Level'],
    [new AtlasLayer(), 'an AtlasLayer'],
    [() => 1, 'a function'],
    [7n, '7n'],
  ]) {
    assert.throws(() => grid.setAll(value), { name: 'TypeError', message: rule + shown });
  }
  grid.dispose();
});

test('fillRect with a negative width or height is a RangeError; an empty one does nothing', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['....', '....']);
  assert.throws(() => grid.fillRect(3, 0, -2, 1, 1), {
    name: 'RangeError',
    message: 'w must be from 0 to 32768, got -2',
  });
  assert.throws(() => grid.fillRect(0, 1, 2, -1, 1), {
    name: 'RangeError',
    message: 'h must be from 0 to 32768, got -1',
  });
  grid.fillRect(1, 0, 0, 2, 1);
  grid.fillRect(-3, -3, 5, 4, 1); // sticks out: clipped
  assert.deepEqual(grid.cells(), Uint8Array.from([1, 1, 0, 0, 0, 0, 0, 0]));
  grid.dispose();
});

test('a findPaths request written with other field names says which fields it expects', () => {
  assert.throws(() => requestList([{ x: 1, y: 2 }], undefined, 4, 4), {
    name: 'TypeError',
    message:
      'requests[0] must be { sx, sy, gx, gy, options? } (start and goal cells), got an object with x, y',
  });
  assert.throws(
    () =>
      requestList(
        [
          { sx: 0, sy: 0, gx: 1, gy: 1 },
          { sx: 0, sy: 0, goal: { x: 1, y: 1 } },
        ],
        undefined,
        4,
        4,
      ),
    {
      name: 'TypeError',
      message:
        'requests[1] must be { sx, sy, gx, gy, options? } (start and goal cells), got an object with sx, sy, goal',
    },
  );
  assert.throws(() => requestList([{ sx: 0, sy: 0, gx: 9, gy: 1 }], undefined, 4, 4), {
    name: 'RangeError',
    message: 'requests[0]: goalX must be from 0 to 3, got 9',
  });
});

test('a findPaths request with search options beside its cells says where they go', () => {
  // { sx, sy, gx, gy, diagonal } looks right and used to search 4-neighbour without a word.
  for (const [key, value] of [
    ['diagonal', 'noCorners'],
    ['goal', 'adjacent'],
    ['unitSize', 2],
    ['signal', new AbortController().signal],
  ]) {
    assert.throws(
      () =>
        requestList(
          [
            { sx: 0, sy: 0, gx: 1, gy: 1 },
            { sx: 0, sy: 0, gx: 1, gy: 1, [key]: value },
          ],
          undefined,
          4,
          4,
        ),
      {
        name: 'TypeError',
        message:
          `requests[1] has '${key}' beside its cells: a request's own options go in ` +
          `requests[1].options, options for every request in findPaths' second argument`,
      },
    );
  }
  // Fields that are no option stay the caller's business (a unit object may carry its own).
  assert.equal(requestList([{ sx: 0, sy: 0, gx: 1, gy: 1, id: 7 }], undefined, 4, 4).length, 1);
});

test("a wasm that did not load is told in the game's terms, not Emscripten's abort", async () => {
  // What the glue rejects with when a server answers tilepath.wasm with its index.html; the
  // browser cases (404, a page, in a worker) are in tests/e2e/wasm-missing.test.mjs.
  const abort = new WebAssembly.RuntimeError(
    'Aborted(CompileError: WebAssembly.instantiate(): expected magic word 00 61 73 6d, found ' +
      '3c 21 64 6f @+0). Build with -s ASSERTIONS=1 for more info.',
  );
  const load = makeLoader(() => Promise.reject(abort));
  await assert.rejects(load(), (error) => {
    assert.equal(error.name, 'Error');
    assert.match(
      error.message,
      /^tilepath could not load its WebAssembly module \(tilepath\.wasm\): the server sent a web page \(it begins "<!do"\), not the wasm \(a 404 page, or an app's fallback to index\.html\)\. Serve /,
    );
    assert.equal(error.cause, abort);
    return true;
  });
  // The caller's own instantiateWasm failing is its own error, passed on as it is.
  const own = new TypeError('my loader failed');
  await assert.rejects(makeLoader(() => Promise.reject(own))(), (error) => error === own);
});

test("createPathfinder settles when the caller's instantiateWasm fails, and checks its options", async () => {
  // Emscripten's glue catches a throwing instantiateWasm, logs it and waits for receive() for
  // ever: createPathfinder never settled. A fake glue doing the same:
  const glue = (settings) =>
    new Promise((resolve) => {
      try {
        settings.instantiateWasm({}, () => resolve({}));
      } catch {
        // logged by the glue; the promise stays pending
      }
    });
  const settled = (promise) =>
    Promise.race([
      promise.then(
        () => 'loaded',
        (error) => `${error.name}: ${error.message}`,
      ),
      new Promise((done) => setTimeout(() => done('still pending'), 2000)),
    ]);
  assert.equal(
    await settled(
      makeLoader(glue)({
        instantiateWasm: () => {
          throw new Error('no such file');
        },
      }),
    ),
    'Error: tilepath could not load its WebAssembly module: options.instantiateWasm threw: no such file',
  );
  assert.equal(
    await settled(makeLoader(glue)({ instantiateWasm: () => Promise.reject(new Error('404')) })),
    "Error: tilepath could not load its WebAssembly module: options.instantiateWasm's promise rejected: 404",
  );
  // Wrong types are refused at the call, naming the option (a string wasmBinary was met with
  // "CompileError: ... BufferSource argument is empty", a number with "the server sent ...").
  const load = makeLoader(glue);
  for (const [options, message] of [
    [
      { wasmBinary: 42 },
      'wasmBinary must be an ArrayBuffer or a typed array of the .wasm file, got 42',
    ],
    [
      { wasmBinary: 'tilepath.wasm' },
      'wasmBinary must be an ArrayBuffer or a typed array of the .wasm file, got "tilepath.wasm"',
    ],
    [
      { locateFile: 'tilepath.wasm' },
      'locateFile must be a function (path, prefix) => URL, got "tilepath.wasm"',
    ],
    [
      { instantiateWasm: 5 },
      'instantiateWasm must be a function (imports, receive) => exports, got 5',
    ],
    // A misspelt option was ignored: the wasm was then fetched from its default place.
    [
      { wasmBinry: new Uint8Array(8) },
      "createPathfinder: unknown option 'wasmBinry' (did you mean 'wasmBinary'?)",
    ],
    [
      { locatefile: () => 'x.wasm' },
      "createPathfinder: unknown option 'locatefile' (did you mean 'locateFile'?)",
    ],
  ]) {
    assert.throws(() => load(options), { name: 'TypeError', message }, message);
  }
  // Bytes that are no wasm are named as the bytes given, not as something a server sent.
  const { default: factory } = await import('../../../dist/tilepath-single.mjs');
  await assert.rejects(makeLoader(factory)({ wasmBinary: new Uint8Array(8).fill(1) }), {
    message:
      'tilepath could not load its WebAssembly module (the wasmBinary given): its bytes are not ' +
      'a wasm module (they begin "\\u0001\\u0001\\u0001\\u0001")',
  });
});

test('the wasm module offers exactly the functions cpp/wasm/bindings.d.ts declares for core/grid.js', async () => {
  const { default: factory } = await import('../../../dist/tilepath-single.mjs');
  const module = await factory();
  const declared = readFileSync(join(repoRoot, 'cpp/wasm/bindings.d.ts'), 'utf8');
  const block = (name) =>
    declared.slice(
      declared.indexOf(`export interface ${name} {`),
      declared.indexOf('\n}', declared.indexOf(`export interface ${name} {`)),
    );
  const methods = (text) => [...text.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]).sort();
  const gridMethods = Object.getOwnPropertyNames(module.Grid.prototype)
    .filter(
      (name) => !['constructor', 'clone', 'isAliasOf', 'isDeleted', 'deleteLater'].includes(name),
    )
    .sort();
  // delete() comes from embind's own base class, the rest from EMSCRIPTEN_BINDINGS.
  assert.deepEqual(
    gridMethods,
    methods(block('NativeGrid')).filter((name) => name !== 'delete'),
  );
  assert.equal(typeof module.Grid.prototype.delete, 'function');
  assert.equal(typeof module.Grid.checkSize, 'function');
  assert.deepEqual(methods(block('TilepathModule')), [
    '_tilepath_find_path',
    'bigMaps',
    'searchMemoryBytes',
  ]);
  assert.equal(typeof module._tilepath_find_path, 'function');
  assert.equal(module.bigMaps(), true);
  assert.equal(typeof module.searchMemoryBytes, 'function');
});

test('a result names the algorithm that ran and, when it is none or partial, why', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['..#..', '..#..', '..#.#', '...#.']);
  const found = grid.findPath(0, 0, 1, 3, { algorithm: 'jps', diagonal: 'noCorners' });
  assert.deepEqual([found.status, found.algorithm, found.reason], ['found', 'jps', undefined]);
  const walled = grid.findPath(0, 0, 4, 3, { diagonal: 'never' });
  assert.deepEqual([walled.status, walled.reason], ['none', 'unreachable']);
  const onWall = grid.findPath(0, 0, 2, 0);
  assert.deepEqual([onWall.status, onWall.reason], ['none', 'goalBlocked']);
  const budget = grid.findPath(0, 0, 1, 3, { maxExpansions: 2, partial: true });
  assert.deepEqual([budget.status, budget.reason], ['partial', 'budget']);
  // bfs runs as A* where it would not be optimal, and says so; jps runs weighted jump points
  // there (issue 31), and A* with corner cutting.
  grid.setCost(5, 3);
  grid.setCell(1, 1, 5);
  assert.equal(
    grid.findPath(0, 0, 1, 3, { algorithm: 'jps', diagonal: 'noCorners' }).algorithm,
    'jps',
  );
  assert.equal(
    grid.findPath(0, 0, 1, 3, { algorithm: 'jps', diagonal: 'always' }).algorithm,
    'astar',
  );
  assert.equal(grid.findPath(0, 0, 1, 3, { algorithm: 'bfs' }).algorithm, 'astar');
  assert.equal(grid.findPath(0, 0, 1, 3, { algorithm: 'dijkstra' }).algorithm, 'dijkstra');
  grid.dispose();
});

test('a cost above the bound is refused with the bound named; Infinity still blocks', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['...']);
  assert.throws(() => grid.setCost(0, 1e308), {
    name: 'RangeError',
    message: 'cost must be at most 1000000 (or Infinity for blocked), got 1e+308',
  });
  grid.setCost(0, 1e6);
  assert.equal(grid.findPath(0, 0, 2, 0).cost, 2e6);
  grid.setCost(0, Infinity);
  assert.equal(grid.findPath(0, 0, 2, 0).status, 'none');
  grid.dispose();
});

test('the unreachable-goal shortcut keeps the start rules: a blocked start walks off, start == goal is found', async () => {
  const tp = await createPathfinder();
  const grid = drawn(tp, ['..#..', '..#..', '.....', '##.##', '..#..']);
  // (2, 1) is a wall the unit stands on; it can step off to either side.
  const offTheWall = grid.findPath(2, 1, 4, 0);
  assert.equal(offTheWall.status, 'found');
  assert.equal(grid.findPath(2, 0, 2, 0).status, 'found');
  // The bottom-left pocket is sealed: answered without a search, and says why.
  const sealed = grid.findPath(0, 0, 0, 4);
  assert.deepEqual([sealed.status, sealed.reason, sealed.expanded], ['none', 'unreachable', 0]);
  grid.dispose();
});
