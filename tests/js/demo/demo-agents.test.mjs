// The demo's crowd re-plans by stale-path alerts: a painted wall re-plans exactly the walking
// units whose route ahead it lands on (a point of it, or a side cell of one of its diagonal
// steps), told at the edit itself, and no other unit.
// Run: node --test tests/js/demo/demo-agents.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { AgentCrowd } from '../../../demo/agents.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { loadMap } from '../support/movingai.mjs';

const tilepath = await createPathfinder();

test('walls painted on arena.map re-plan exactly the units whose route ahead they block', () => {
  const map = loadMap('arena.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  const costOf = (cls) => (cls === 0 ? 1 : 0);
  const crowd = new AgentCrowd(map, costOf, 120, 7, (path, onBlocked, options) =>
    grid.watchPath(path, onBlocked, options),
  );
  crowd.wander = false;
  const next = random(3);
  const pick = (n) => Math.floor(next() * n);
  for (let a = 0; a < crowd.count; a++) {
    const cell = crowd.randomOpenCell(crowd.sizes[a]);
    crowd.plan(a, cell.x, cell.y);
  }
  let replans = 0;
  let bigPlans = 0; // routes of 2 x 2 and 3 x 3 units among them
  for (let round = 0; round < 30; round++) {
    // Answer every request, walk a little, then paint a short wall.
    const { list, who } = crowd.takeRequests(1000, { diagonal: 'noCorners' });
    crowd.receive(
      who,
      list.map((q) => grid.findPath(q.sx, q.sy, q.gx, q.gy, q.options)),
    );
    crowd.update(0.2);
    const [x, y] = [pick(map.width - 6), pick(map.height)];
    const wall = [0, 1, 2, 3, 4, 5].map((dx) => y * map.width + x + dx);
    // Which walking units have a wall cell under their footprint on the rest of their route
    // (brute force; a unit of size n covers n x n tiles from each path point).
    const expected = [];
    const covers = (x, y, size, index) => {
      const dx = (index % map.width) - x;
      const dy = Math.floor(index / map.width) - y;
      return dx >= 0 && dy >= 0 && dx < size && dy < size;
    };
    for (let a = 0; a < crowd.count; a++) {
      if (crowd.state[a] !== 2) continue;
      const path = crowd.paths[a];
      const size = crowd.sizes[a];
      const hitAt = (x, y) =>
        wall.some((index) => map.cells[index] === 0 && covers(x, y, size, index));
      // A point of the route, or a side position of the diagonal step from it (the searches
      // ran under noCorners, so a wall there forbids the step: watchPath alerts on it).
      const hit = (k) => {
        if (hitAt(path[k], path[k + 1])) return true;
        if (k + 3 >= path.length) return false;
        const [x0, y0, x1, y1] = [path[k], path[k + 1], path[k + 2], path[k + 3]];
        return x0 !== x1 && y0 !== y1 && (hitAt(x1, y0) || hitAt(x0, y1));
      };
      for (let k = Math.max(0, crowd.step[a] - 1) * 2; k < path.length; k += 2) {
        if (hit(k)) {
          expected.push(a);
          break;
        }
      }
    }
    bigPlans += crowd.paths.filter((p, a) => p && crowd.sizes[a] > 1).length;
    const versions = Array.from(crowd.version);
    for (const index of wall) map.cells[index] = 1;
    grid.setCells(wall, 1); // the alerts fire here
    crowd.cellsChanged(wall, false);
    const replanned = versions.flatMap((v, a) => (crowd.version[a] !== v ? [a] : []));
    assert.deepEqual(replanned, expected, `round ${round}`);
    replans += replanned.length;
  }
  assert.ok(replans > 20, `only ${replans} re-plans`);
  assert.ok(bigPlans > 100, `only ${bigPlans} routes of big units`);
  assert.equal(crowd.alerted, replans);
  crowd.dispose();
  grid.dispose();
});
