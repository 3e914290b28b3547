// Crowds through the in-thread wasm API: the determinism scenario gives the hash the native
// Catch2 test checks (tests/cpp/crowd/crowd_test.cpp), walls and targets on a Moving AI map, bad
// input refused with the value named.
// Run: node --test tests/js/core/crowd.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { loadMap } from '../support/movingai.mjs';
import { PathWorker } from '../../../js/worker-node.js';
import {
  DETERMINISM_HASH,
  determinismScenario,
  positionsHash,
} from '../support/crowd-scenario.mjs';

const tilepath = await createPathfinder();

test('the determinism scenario gives the positions the native build gives, bit for bit', async () => {
  const grid = tilepath.createGrid(64, 48);
  const positions = await determinismScenario(grid, grid.createCrowd(), (crowd, dt) =>
    crowd.step(dt),
  );
  assert.equal(positionsHash(positions), DETERMINISM_HASH);
  grid.dispose();
});

test('agents on a Moving AI map never stand in a wall, with walls built on them', () => {
  const map = loadMap('AR0011SR.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  const crowd = grid.createCrowd();
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const ids = [];
  while (ids.length < 300) {
    const x = Math.floor(next() * 200) + 150;
    const y = Math.floor(next() * 200) + 150;
    if (grid.get(x, y) === 0) ids.push(crowd.addAgent({ x: x + 0.5, y: y + 0.5 }));
  }
  crowd.setGroupTarget(ids.slice(0, 150), 256.5, 256.5);
  for (const id of ids.slice(150)) crowd.setTarget(id, 200.5, 300.5);
  for (let k = 0; k < 300; k++) {
    if (k % 50 === 10) {
      const p = crowd.positions();
      grid.fillRect(Math.floor(p[0]) - 1, Math.floor(p[1]) - 1, 3, 3, 1); // on agent 0
    }
    crowd.step(1 / 30);
    const p = crowd.positions();
    for (let id = 0; id < ids.length; id++) {
      assert.equal(
        grid.get(Math.floor(p[2 * id]), Math.floor(p[2 * id + 1])),
        0,
        `agent ${id} in a wall`,
      );
    }
  }
  assert.equal(crowd.agentCount, 300);
  assert.ok(['moving', 'arrived', 'stuck', 'unreachable'].includes(crowd.state(0)));
  grid.dispose();
  assert.equal(crowd.disposed, true, 'disposed with its grid');
});

test('a sealed-off target ends unreachable and a reachable one arrived', () => {
  const grid = tilepath.createGrid(10, 5);
  grid.fillRect(4, 0, 1, 5, 1);
  const crowd = grid.createCrowd({ diagonal: 'never' });
  const a = crowd.addAgent({ x: 1.5, y: 2.5 });
  const b = crowd.addAgent({ x: 2.5, y: 2.5, radius: 0.3, maxSpeed: 6 });
  crowd.setTarget(a, 8.5, 2.5);
  crowd.setTarget(b, 0.5, 0.5);
  assert.equal(crowd.state(a), 'unreachable');
  for (let k = 0; k < 120; k++) crowd.step(1 / 30);
  assert.equal(crowd.state(b), 'arrived');
  const p = crowd.positions();
  assert.ok(Math.hypot(p[2] - 0.5, p[3] - 0.5) < 0.11);
  assert.equal(crowd.velocities().length, 4);
  crowd.dispose();
});

test('bad input is refused with the value named and the crowd keeps working', () => {
  const grid = tilepath.createGrid(6, 4);
  grid.setCell(3, 1, 1);
  assert.throws(() => grid.createCrowd({ maxAgents: 1e6 }), {
    name: 'RangeError',
    message: /maxAgents 1000000/,
  });
  assert.throws(() => grid.createCrowd({ maxAgnets: 4 }), {
    name: 'TypeError',
    message: /did you mean 'maxAgents'/,
  });
  assert.throws(() => grid.createCrowd({ diagonal: 'sometimes' }), {
    name: 'RangeError',
    message: /"sometimes"/,
  });
  const crowd = grid.createCrowd({ maxAgents: 3 });
  const a = crowd.addAgent({ x: 0.5, y: 0.5 });
  assert.throws(() => crowd.addAgent({ x: NaN, y: 1 }), { name: 'RangeError', message: /NaN/ });
  assert.throws(() => crowd.addAgent({ x: '1', y: 1 }), {
    name: 'TypeError',
    message: /x must be a number, got "1"/,
  });
  assert.throws(() => crowd.addAgent({ x: 3.5, y: 1.5 }), {
    name: 'RangeError',
    message: /inside a blocked cell/,
  });
  assert.throws(() => crowd.addAgent({ x: 1.5, y: 1.5, radius: -1 }), {
    name: 'RangeError',
    message: /radius -1/,
  });
  assert.throws(() => crowd.addAgent({ x: 1.5, y: 1.5, maxSpeed: -3 }), {
    name: 'RangeError',
    message: /maxSpeed -3/,
  });
  assert.throws(() => crowd.addAgent({ x: 1.5, y: 1.5, profile: 'boat' }), {
    name: 'RangeError',
    message: "unknown profile 'boat' (profiles: default; add one with setProfile(name, costs))",
  });
  crowd.addAgent({ x: 1.5, y: 1.5 });
  crowd.addAgent({ x: 1.5, y: 2.5 });
  assert.throws(() => crowd.addAgent({ x: 2.5, y: 2.5 }), {
    name: 'RangeError',
    message: /maxAgents is 3/,
  });
  for (const dt of [0, -1, 1e9, NaN, Infinity]) {
    assert.throws(() => crowd.step(dt), { name: 'RangeError', message: new RegExp(`dt ${dt}`) });
  }
  assert.throws(() => crowd.step('0.1'), { name: 'TypeError' });
  assert.throws(() => crowd.setTarget(9, 1, 1), { name: 'RangeError', message: /agent id 9/ });
  assert.throws(() => crowd.setTarget(a, 1.5, 99), { name: 'RangeError', message: /outside/ });
  assert.throws(() => crowd.setGroupTarget([a, a], 1.5, 1.5), {
    name: 'RangeError',
    message: /twice/,
  });
  assert.throws(() => crowd.state(7), { name: 'RangeError', message: /agent id 7/ });
  // Still working.
  crowd.setTarget(a, 5.5, 3.5);
  for (let k = 0; k < 180; k++) crowd.step(1 / 30);
  assert.equal(crowd.state(a), 'arrived');
  crowd.removeAgent(a);
  assert.ok(Number.isNaN(crowd.positions()[0]));
  assert.equal(crowd.addAgent({ x: 0.5, y: 0.5 }), a, 'the free id again');
  crowd.dispose();
  assert.throws(() => crowd.step(0.1), { name: 'TypeError', message: /disposed/ });
  grid.dispose();
});

test('a game moves, slows and stops agents: teleport, setAgentMaxSpeed, stop, removeAgent', () => {
  const grid = tilepath.createGrid(12, 6);
  grid.fillRect(6, 0, 1, 4, 1);
  const crowd = grid.createCrowd();
  const a = crowd.addAgent({ x: 1.5, y: 1.5 });
  const b = crowd.addAgent({ x: 1.5, y: 4.5, maxSpeed: 2 });
  crowd.setTarget(a, 10.5, 1.5);
  crowd.setTarget(b, 10.5, 4.5);
  assert.throws(() => crowd.teleport(a, 6.5, 1.5), {
    name: 'RangeError',
    message: /inside a blocked cell/,
  });
  assert.throws(() => crowd.setAgentMaxSpeed(a, -1), {
    name: 'RangeError',
    message: /maxSpeed -1/,
  });
  assert.throws(() => crowd.setAgentRadius(a, 0.9), { name: 'RangeError', message: /radius 0.9/ });
  crowd.teleport(a, 8.5, 1.5); // past the wall: it keeps its target and re-plans from there
  assert.deepEqual(Array.from(crowd.positions().subarray(0, 2)), [8.5, 1.5]);
  crowd.setAgentMaxSpeed(b, 6);
  for (let k = 0; k < 90; k++) crowd.step(1 / 30);
  assert.equal(crowd.state(a), 'arrived');
  assert.equal(crowd.state(b), 'arrived', 'at 6 cells a second it is there in 3 s');
  crowd.setTarget(b, 1.5, 4.5);
  crowd.step(1 / 30);
  crowd.stop(b);
  assert.equal(crowd.state(b), 'arrived');
  crowd.removeAgent(a);
  assert.equal(crowd.agentCount, 1);
  assert.equal(crowd.slots, 2);
  assert.throws(() => crowd.removeAgent(a), { name: 'RangeError', message: /agent id 0/ });
  grid.dispose();
});

test('a crowd of a profile plans and meets walls under that profile, in-thread and in a worker', async () => {
  // Land (0) with a lake of water (2) in its middle, edits between steps; boats keep to water,
  // walkers to land, each checked after every step.
  const width = 48;
  const height = 32;
  const grid = tilepath.createGrid(width, height);
  grid.fillRect(8, 6, 32, 20, 2);
  grid.setProfile('boat', { 0: 0, 2: 1 });
  const boats = grid.createCrowd({ profile: 'boat', maxAgents: 200 });
  const walkers = grid.createCrowd({ maxAgents: 200 });
  assert.equal(boats.profile, 'boat');
  assert.equal(walkers.profile, 'default');
  const sailing = [];
  for (let i = 0; i < 40; i++)
    sailing.push(
      boats.addAgent({ x: 9.5 + (i % 10), y: 7.5 + Math.floor(i / 10), profile: 'boat' }),
    );
  boats.setGroupTarget(sailing, 37.5, 23.5);
  const walking = [];
  for (let i = 0; i < 20; i++)
    walking.push(walkers.addAgent({ x: 1.5 + (i % 5), y: 1.5 + Math.floor(i / 5) }));
  walkers.setGroupTarget(walking, 45.5, 29.5);
  assert.throws(() => boats.addAgent({ x: 1.5, y: 1.5 }), /agent|position|open|wall|cell/i);
  assert.throws(
    () => walkers.addAgent({ x: 1.5, y: 1.5, profile: 'boat' }),
    (e) => e instanceof RangeError && /blocked/.test(e.message), // a boat on land
  );
  assert.throws(
    () => walkers.addAgent({ x: 1.5, y: 1.5, profile: 'bota' }),
    (e) =>
      e instanceof RangeError && /unknown profile 'bota' \(did you mean 'boat'/.test(e.message),
  );
  assert.throws(() => walkers.addAgent({ x: 1.5, y: 1.5, profile: 3 }), TypeError);
  assert.throws(() => grid.createCrowd({ profile: 'bote' }), /did you mean 'boat'/);
  const inside = (cls, crowd) => {
    const p = crowd.positions();
    for (let k = 0; k < p.length; k += 2) {
      if (Number.isNaN(p[k])) continue;
      assert.equal(grid.get(Math.floor(p[k]), Math.floor(p[k + 1])), cls, `agent ${k / 2}`);
    }
  };
  for (let frame = 0; frame < 60 * 25; frame++) {
    if (frame === 300) grid.fillRect(20, 6, 2, 14, 0); // a jetty across most of the lake
    boats.step(1 / 30);
    walkers.step(1 / 30);
    inside(2, boats);
    inside(0, walkers);
  }
  for (const id of sailing) assert.equal(boats.state(id), 'arrived', `boat ${id}`);
  for (const id of walking) assert.equal(walkers.state(id), 'arrived', `walker ${id}`);
  assert.throws(() => grid.deleteProfile('boat'), /moves a crowd/);
  boats.dispose();
  grid.deleteProfile('boat');

  // The same boats through a worker: the same positions, bit for bit.
  const lake = tilepath.createGrid(width, height);
  lake.fillRect(8, 6, 32, 20, 2);
  lake.setProfile('boat', { 0: 0, 2: 1 });
  const pw = await PathWorker.create({ width, height, cells: lake.cells() });
  pw.setProfile('boat', { 0: 0, 2: 1 });
  const local = lake.createCrowd({ profile: 'boat' });
  const remote = pw.createCrowd({ profile: 'boat' });
  for (let i = 0; i < 12; i++) {
    const agent = { x: 9.5 + (i % 6), y: 7.5 + Math.floor(i / 6), profile: 'boat' };
    assert.equal(await remote.addAgent(agent), local.addAgent(agent));
  }
  const ids = Array.from({ length: 12 }, (_, i) => i);
  local.setGroupTarget(ids, 37.5, 23.5);
  remote.setGroupTarget(ids, 37.5, 23.5);
  let far;
  for (let frame = 0; frame < 200; frame++) {
    local.step(1 / 30);
    far = await remote.step(1 / 30);
  }
  assert.deepEqual([...far], [...local.positions()]);
  await assert.rejects(remote.addAgent({ x: 1.5, y: 1.5 }), RangeError);
  pw.terminate();
  lake.dispose();
  grid.dispose();
});

test('on one-way tiles and links with rule edits, no agent steps against a rule, and they arrive', async () => {
  const { rulesInThread } = await import('../support/crowd-rules.mjs');
  const { grid, crowd, seen } = await rulesInThread(tilepath);
  assert.deepEqual(seen.violations, []);
  assert.ok(seen.jumps > 0, `link jumps seen: ${seen.jumps}`);
  assert.deepEqual(seen.states, seen.expected);
  // The crowd lives on while rules change, and a size-2 unit is refused on this grid.
  assert.throws(
    () => crowd.addAgent({ x: 1, y: 1, unitSize: 2 }),
    (e) => e instanceof RangeError && /unitSize 2: agents bigger than one tile/.test(e.message),
  );
  grid.dispose();
});

test('boats and walkers in one crowd: each plans under its own profile, they avoid each other', async () => {
  const { KINDS_WIDTH, KINDS_HEIGHT, kindsScene, paintKinds } =
    await import('../support/crowd-kinds.mjs');
  const grid = tilepath.createGrid(KINDS_WIDTH, KINDS_HEIGHT);
  paintKinds(grid);
  const crowd = grid.createCrowd();
  const here = await kindsScene(grid, crowd, async (dt) => {
    crowd.step(dt);
    return crowd.positions();
  });
  assert.deepEqual(new Set(here.states), new Set(['arrived']));
  assert.ok(here.closest < 0.5 && here.closest > -0.04, `closest ${here.closest}`);
  assert.ok(crowd.stats().fields > 0);
  assert.throws(() => grid.deleteProfile('boat'), /moves agents of a crowd/);
  for (const b of here.boats) crowd.removeAgent(b);
  grid.deleteProfile('boat');
  assert.deepEqual(grid.profiles(), ['default']);
  assert.throws(() => crowd.addAgent({ x: 20.5, y: 10.5, profile: 'boat' }), /unknown profile/);
  grid.dispose();
});
