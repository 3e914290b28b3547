// The demo's DOM-free modules under Node (no browser needed): the .map reader, the map
// generators, the step-by-step replay of a trace and the agents' re-planning rules.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatMovingAiMap,
  generateMap,
  GENERATORS,
  nearestOpenCell,
  parseMovingAiMap,
  suggestEndpoints,
} from '../../../demo/maps.js';
import { StepReplay, OPEN, CLOSED, UNSEEN } from '../../../demo/stepper.js';
import { AgentCrowd } from '../../../demo/agents.js';
import { GROUND, WALL, SWAMP } from '../../../demo/terrain.js';
import { formatInt } from '../../../demo/stats.js';
import { movingAiText as mapText } from '../support/draw-maps.mjs';

/** Cells reachable from (x, y) by 4-neighbour moves over cells for which open(cls) holds. */
function reachable(map, x, y, open) {
  const seen = new Uint8Array(map.width * map.height);
  const stack = [y * map.width + x];
  seen[stack[0]] = 1;
  let count = 0;
  while (stack.length) {
    const i = stack.pop();
    count++;
    const cx = i % map.width;
    const cy = (i - cx) / map.width;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nx = cx + dx;
      const ny = cy + dy;
      if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
      const j = ny * map.width + nx;
      if (!seen[j] && open(map.cells[j])) {
        seen[j] = 1;
        stack.push(j);
      }
    }
    // A map's links (the dungeon's stairs and teleporter) are steps too.
    for (const l of map.links ?? []) {
      const [a, b] = [l.ay * map.width + l.ax, l.by * map.width + l.bx];
      for (const [from, to] of l.oneWay
        ? [[a, b]]
        : [
            [a, b],
            [b, a],
          ]) {
        if (from === i && !seen[to] && open(map.cells[to])) {
          seen[to] = 1;
          stack.push(to);
        }
      }
    }
  }
  return { seen, count };
}

describe('Moving AI .map reader', () => {
  test('reads . G S as ground and everything else as wall, row-major with y down', () => {
    const map = parseMovingAiMap(mapText(['.@T', 'GSW']), 'tiny');
    assert.equal(map.width, 3);
    assert.equal(map.height, 2);
    assert.deepEqual(Array.from(map.cells), [GROUND, WALL, WALL, GROUND, GROUND, WALL]);
  });

  test('accepts Windows line endings', () => {
    const map = parseMovingAiMap(mapText(['..', '@.']).replace(/\n/g, '\r\n'));
    assert.deepEqual(Array.from(map.cells), [0, 0, 1, 0]);
  });

  test('a short row is a RangeError naming the row', () => {
    assert.throws(() => parseMovingAiMap(mapText(['...', '..']), 'bad.map'), {
      name: 'RangeError',
      message: 'bad.map: row 1 is 2 characters, expected 3',
    });
  });

  test('a missing row is a RangeError', () => {
    const text = 'type octile\nheight 3\nwidth 2\nmap\n..\n..\n';
    assert.throws(() => parseMovingAiMap(text), {
      name: 'RangeError',
      message: 'map: row 2 is missing, expected 2',
    });
  });

  test('a file that is not a .map is a TypeError quoting the line', () => {
    assert.throws(() => parseMovingAiMap('{"layers": []}', 'level.json'), {
      name: 'TypeError',
      message: 'level.json: line 1 "{"layers": []}" is not a .map header line',
    });
  });

  test('a width that is not a positive integer is a RangeError', () => {
    const text = 'type octile\nheight 1\nwidth -3\nmap\n...\n';
    assert.throws(() => parseMovingAiMap(text), {
      name: 'RangeError',
      message: 'map: width "-3" is not an integer in 1..8192',
    });
  });

  test('writing and reading back gives the same cells', () => {
    const map = generateMap('rooms', 32, 3);
    const again = parseMovingAiMap(formatMovingAiMap(map));
    assert.deepEqual(again.cells, map.cells);
  });
});

describe('map generators', () => {
  test('the same kind, size and seed give the same map; another seed another map', () => {
    for (const kind of Object.keys(GENERATORS)) {
      const a = generateMap(kind, 64, 5);
      assert.deepEqual(generateMap(kind, 64, 5).cells, a.cells, kind);
      assert.notDeepEqual(generateMap(kind, 64, 6).cells, a.cells, kind);
    }
  });

  test("the dungeon's two floors are joined only by its links: stairs both ways, a one-way teleporter", () => {
    const map = generateMap('dungeon', 64, 3);
    const half = map.width / 2;
    assert.deepEqual(
      map.links.map((l) => [l.ax < half, l.bx >= half, l.cost, l.oneWay]),
      [
        [true, true, 4, false],
        [true, true, 1, true],
      ],
    );
    const start = nearestOpenCell(map, 1, 1);
    const alone = reachable({ ...map, links: [] }, start.x, start.y, (c) => c === GROUND);
    const across = alone.seen.findIndex((v, i) => v === 1 && i % map.width >= half);
    assert.equal(across, -1, 'without its links, upstairs reaches nothing downstairs');
    const joined = reachable(map, start.x, start.y, (c) => c === GROUND);
    const floor = map.cells.reduce((n, c) => n + (c === GROUND ? 1 : 0), 0);
    assert.equal(joined.count, floor, 'with them, all of it');
  });

  test('rooms and mazes are one connected floor: every room and corridor can be reached', () => {
    for (const kind of ['rooms', 'maze']) {
      for (const size of [64, 256]) {
        const map = generateMap(kind, size, 2);
        const floor = map.cells.reduce((n, c) => n + (c === GROUND ? 1 : 0), 0);
        const start = nearestOpenCell(map, 1, 1);
        const { count } = reachable(map, start.x, start.y, (c) => c === GROUND);
        assert.equal(count, floor, `${kind} ${size}: ${floor - count} floor cells cut off`);
      }
    }
  });

  test('the suggested start and goal of every generated map (seed 1) are connected', () => {
    for (const kind of Object.keys(GENERATORS)) {
      for (const size of [64, 256, 512]) {
        const map = generateMap(kind, size, 1);
        const { start, goal } = suggestEndpoints(map);
        // Passable under the demo's default costs: wall (1) and water (5) are blocked.
        const { seen } = reachable(map, start.x, start.y, (c) => c !== WALL && c !== 5);
        assert.equal(seen[goal.y * size + goal.x], 1, `${kind} ${size}`);
        assert.ok(Math.hypot(goal.x - start.x, goal.y - start.y) > size * 0.8, 'a long way apart');
      }
    }
  });

  test('an unknown kind or a bad size is refused', () => {
    assert.throws(() => generateMap('caves', 64), {
      name: 'RangeError',
      message: 'unknown map generator "caves"',
    });
    assert.throws(() => generateMap('maze', 8), {
      name: 'RangeError',
      message: 'map size must be an integer in 16..4096, got 8',
    });
  });
});

describe('step-by-step replay', () => {
  // A hand-written trace on a 3x1 corridor: start (0,0) opened, expanded; (1,0) opened,
  // expanded; (2,0) opened, expanded (the goal).
  // prettier-ignore
  const events = Float64Array.from([
    0, 0, 0, 0, 2,
    1, 0, 0, 0, 2,
    0, 1, 0, 1, 1,
    1, 1, 0, 1, 1,
    0, 2, 0, 2, 0,
    1, 2, 0, 2, 0,
  ]);

  function replay() {
    const painted = new Map();
    const r = new StepReplay(events, 3, 1, (i, state) => painted.set(i, state));
    return { r, painted };
  }

  test('starts with only the start cell on the open list', () => {
    const { r, painted } = replay();
    assert.equal(r.total, 3);
    assert.equal(r.done, 0);
    assert.deepEqual([...painted], [[0, OPEN]]);
    assert.deepEqual(r.cellInfo(0, 0), { state: 'open', g: 0, h: 2, f: 2 });
    assert.deepEqual(r.cellInfo(1, 0), { state: 'unseen' });
  });

  test('each step expands one cell and opens its neighbours, with g, h and f', () => {
    const { r, painted } = replay();
    r.forward(1);
    assert.equal(painted.get(0), CLOSED);
    assert.equal(painted.get(1), OPEN);
    assert.deepEqual(r.cellInfo(1, 0), { state: 'open', g: 1, h: 1, f: 2 });
    assert.deepEqual(r.currentCell(), { x: 0, y: 0 });
    r.forward(1);
    assert.deepEqual(r.currentCell(), { x: 1, y: 0 });
    assert.deepEqual(Array.from(r.trail()), [0, 0, 1, 0], 'the route to the expanded cell');
  });

  test('running to the end closes every cell; seeking back repaints them', () => {
    const { r, painted } = replay();
    assert.equal(r.forward(10), false);
    assert.ok(r.finished);
    assert.deepEqual(Array.from(r.trail()), [0, 0, 1, 0, 2, 0]);
    r.seek(1);
    assert.equal(r.done, 1);
    assert.equal(painted.get(2), UNSEEN);
    assert.equal(painted.get(1), OPEN);
  });

  test('a trace that is not 5 numbers per event is a TypeError', () => {
    assert.throws(() => new StepReplay(new Float64Array(7), 3, 1, () => {}), {
      name: 'TypeError',
      message: 'traceEvents must be a Float64Array of 5 numbers per event',
    });
  });
});

describe('agents', () => {
  const rows = ['.....', '.....', '.....'];
  const map = parseMovingAiMap(mapText(rows));
  const costs = { [GROUND]: 1, [SWAMP]: 4 };
  const costOf = (cls) => costs[cls] ?? 0;

  test('a unit asks for a plan, walks it, and dearer terrain slows it down', () => {
    const crowd = new AgentCrowd({ ...map, cells: map.cells.slice() }, costOf, 1);
    crowd.wander = false;
    crowd.positions.set([0, 0]);
    crowd.plan(0, 4, 0);
    const { list, who } = crowd.takeRequests(10, {});
    assert.deepEqual(
      list.map(({ sx, sy, gx, gy }) => [sx, sy, gx, gy]),
      [[0, 0, 4, 0]],
    );
    crowd.receive(who, [
      { status: 'found', path: Int32Array.from([0, 0, 1, 0, 2, 0, 3, 0, 4, 0]) },
    ]);
    crowd.speed = 1;
    crowd.update(2.5);
    assert.ok(Math.abs(crowd.positions[0] - 2.5) < 1e-6, `at ${crowd.positions[0]}`);
    // Entering a cell costs its class's cost per cell of distance, as in the search itself:
    // the next cell is now swamp (x4), so one second buys a quarter cell.
    crowd.map.cells[3] = SWAMP;
    crowd.update(1);
    assert.ok(Math.abs(crowd.positions[0] - 2.75) < 1e-6, `at ${crowd.positions[0]}`);
  });

  test('an answer to an outdated request is ignored', () => {
    const crowd = new AgentCrowd(map, costOf, 1);
    crowd.wander = false;
    crowd.plan(0, 4, 2);
    const first = crowd.takeRequests(10, {});
    crowd.plan(0, 0, 2); // the player clicked again before the answer came
    crowd.receive(first.who, [{ status: 'found', path: Int32Array.from([0, 0, 4, 2]) }]);
    assert.equal(crowd.counts().waiting, 1, 'still waiting for the newer plan');
    assert.equal(crowd.takeRequests(10, {}).list[0].gx, 0);
  });

  test('a wall painted on the rest of a route makes that unit re-plan, and only that unit', () => {
    const crowd = new AgentCrowd(map, costOf, 2);
    crowd.wander = false;
    crowd.positions.set([0, 0, 0, 2]);
    crowd.plan(0, 4, 0);
    crowd.plan(1, 4, 2);
    const { who } = crowd.takeRequests(10, {});
    crowd.receive(who, [
      { status: 'found', path: Int32Array.from([0, 0, 1, 0, 2, 0, 3, 0, 4, 0]) },
      { status: 'found', path: Int32Array.from([0, 2, 1, 2, 2, 2, 3, 2, 4, 2]) },
    ]);
    assert.equal(crowd.counts().moving, 2);
    crowd.cellsChanged([0 * 5 + 3], false); // (3, 0): on unit 0's route only
    assert.deepEqual(
      crowd.takeRequests(10, {}).who.map((w) => w.agent),
      [0],
    );
  });

  test('a wall removed anywhere makes every walking unit look for a shorter way', () => {
    const crowd = new AgentCrowd(map, costOf, 2);
    crowd.wander = false;
    crowd.positions.set([0, 0, 0, 2]);
    crowd.plan(0, 4, 0);
    crowd.plan(1, 4, 2);
    const { who } = crowd.takeRequests(10, {});
    const straight = (y) => ({ status: 'found', path: Int32Array.from([0, y, 4, y]) });
    crowd.receive(who, [straight(0), straight(2)]);
    crowd.cellsChanged([7], true);
    assert.equal(crowd.takeRequests(10, {}).list.length, 2);
  });
});

test("formatInt writes integers as toLocaleString('en-US') does, and -0 as 0", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let checked = 0;
  for (let i = 0; i < 20000; i++) {
    const v = (random() - 0.3) * 10 ** (random() * 13);
    if (Object.is(Math.round(v), -0)) continue;
    assert.equal(formatInt(v), Math.round(v).toLocaleString('en-US'), String(v));
    checked++;
  }
  assert.ok(checked > 19000, `${checked} values`);
  for (const v of [0, 999, 1000, -1000, 55167, 1e15])
    assert.equal(formatInt(v), v.toLocaleString('en-US'));
  assert.equal(formatInt(-0.4), '0');
});
