// Flow fields, movement ranges and reachability, measured (on demand, never in CI):
//   node tests/bench/js/fields.mjs [--units 1000] [--rounds 7]
// 1. 1,000 units on a 512 x 512 Moving AI map heading to one goal: one flowField vs 1,000 A*.
// 2. An unreachable goal on a Moving AI map: findPath answered by the components (expanded 0)
//    vs the search that floods the start's region (the same query with partial: true).
// 3. What an edit costs the components on a 1024 x 1024 open map: one that cannot cut a region,
//    and one that cuts it in two (the next query re-floods it).
// Figures are medians (and the slowest run) over rounds; ratios are of medians measured here.
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { loadMap } from '../../js/support/movingai.mjs';

const { values } = parseArgs({
  options: { units: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '7' } },
});
const UNITS = Number(values.units);
const ROUNDS = Number(values.rounds);
const tp = await createPathfinder();

/** Median and slowest of `rounds` timings of fn(), in ms. */
function time(fn, rounds = ROUNDS) {
  const ms = [];
  let result;
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    result = fn();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[ms.length >> 1], max: ms[ms.length - 1], result };
}
const fmt = (t) => `median ${t.median.toFixed(2)} ms (slowest ${t.max.toFixed(2)})`;

/** Regions of a map's open cells (4-way), largest first, by a flood of our own. */
function regions(map) {
  const label = new Int32Array(map.width * map.height).fill(-1);
  const sizes = [];
  for (let i = 0; i < label.length; i++) {
    if (map.cells[i] !== 0 || label[i] >= 0) continue;
    const id = sizes.length;
    const todo = [i];
    label[i] = id;
    let size = 0;
    while (todo.length) {
      const c = todo.pop();
      size++;
      const x = c % map.width;
      for (const n of [
        x > 0 ? c - 1 : -1,
        x < map.width - 1 ? c + 1 : -1,
        c - map.width,
        c + map.width,
      ]) {
        if (n >= 0 && n < label.length && map.cells[n] === 0 && label[n] < 0) {
          label[n] = id;
          todo.push(n);
        }
      }
    }
    sizes.push(size);
  }
  return { label, sizes };
}

function seeded(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

// --- 1. one field vs 1,000 A* -------------------------------------------------------------------
{
  const name = 'random512-10-0.map';
  const map = loadMap(name);
  const grid = tp.createGrid(map.width, map.height, map.cells);
  const { label, sizes } = regions(map);
  const main = sizes.indexOf(Math.max(...sizes));
  const open = [];
  for (let i = 0; i < label.length; i++) if (label[i] === main) open.push(i);
  const next = seeded(5);
  const pick = () => open[Math.floor(next() * open.length)];
  const goal = pick();
  const [gx, gy] = [goal % map.width, Math.floor(goal / map.width)];
  const units = Array.from({ length: UNITS }, pick);
  const options = { diagonal: 'noCorners' };
  const field = time(() => grid.flowField([gx, gy], options));
  const astar = time(() => {
    let cost = 0;
    for (const u of units)
      cost += grid.findPath(u % map.width, Math.floor(u / map.width), gx, gy, options).cost;
    return cost;
  }, 3);
  const jps = time(() => {
    for (const u of units)
      grid.findPath(u % map.width, Math.floor(u / map.width), gx, gy, {
        ...options,
        algorithm: 'jps',
      });
  }, 3);
  // Every unit's cost from the field equals its A* optimum (float32 rounding).
  let fieldCost = 0;
  for (const u of units) fieldCost += field.result.costs[u];
  const steps = time(() => {
    let moved = 0;
    for (const u of units)
      moved += field.result.nextStep(u % map.width, Math.floor(u / map.width)) ? 1 : 0;
    return moved;
  });
  console.log(`1. ${UNITS} units to one goal on ${name} (${map.width} x ${map.height}, noCorners)`);
  console.log(`   one flowField:       ${fmt(field)}`);
  console.log(
    `   ${UNITS} A* findPath: ${fmt(astar)}  -> ${(astar.median / field.median).toFixed(1)}x the field`,
  );
  console.log(
    `   ${UNITS} JPS findPath: ${fmt(jps)}  -> ${(jps.median / field.median).toFixed(1)}x the field`,
  );
  console.log(`   ${UNITS} nextStep calls: ${fmt(steps)}`);
  console.log(`   summed costs: A* ${astar.result.toFixed(3)}, field ${fieldCost.toFixed(3)}`);
  grid.dispose();
}

// --- 2. an unreachable goal ---------------------------------------------------------------------
{
  // Its second region (5,310 cells) is cut off from the first (115,148): a goal there is a click
  // on an island nobody can reach.
  const name = 'AR0011SR.map';
  const map = loadMap(name);
  const grid = tp.createGrid(map.width, map.height, map.cells);
  const { label, sizes } = regions(map);
  const main = sizes.indexOf(Math.max(...sizes));
  const start = label.indexOf(main);
  const island = label.findIndex((l) => l >= 0 && l !== main);
  const [sx, sy, gx, gy] = [
    start % map.width,
    Math.floor(start / map.width),
    island % map.width,
    Math.floor(island / map.width),
  ];
  const build = time(() => grid.canReach(sx, sy, gx, gy), 1); // the first query builds the labels
  const answered = time(() => grid.findPath(sx, sy, gx, gy));
  const searched = time(() => grid.findPath(sx, sy, gx, gy, { partial: true }));
  console.log(
    `2. an unreachable goal on ${name} (${map.width} x ${map.height}; start region ${sizes[main]} cells)`,
  );
  console.log(`   labels built once (first canReach): ${build.median.toFixed(2)} ms`);
  console.log(
    `   findPath with components: ${fmt(answered)}, expanded ${answered.result.expanded}, status ${answered.result.status}`,
  );
  console.log(
    `   the search it saves (partial: true): ${fmt(searched)}, expanded ${searched.result.expanded}`,
  );
  grid.dispose();
}

// --- 3. what an edit costs --------------------------------------------------------------------
{
  const side = 1024;
  const grid = tp.createGrid(side, side);
  const build = time(() => grid.canReach(0, 0, side - 1, side - 1), 1);
  const x = side >> 1;
  // A wall down the middle but for its last cell: every close so far keeps the map whole.
  for (let y = 0; y < side - 1; y++) grid.setCell(x, y, 1);
  grid.canReach(0, 0, side - 1, side - 1);
  const inRoom = time(() => {
    grid.setCell(100, 100, 1);
    const answer = grid.canReach(0, 0, side - 1, side - 1);
    grid.setCell(100, 100, 0);
    return answer;
  });
  const cut = time(() => {
    grid.setCell(x, side - 1, 1); // closes the gap: two regions
    const apart = grid.canReach(0, 0, side - 1, side - 1);
    grid.setCell(x, side - 1, 0); // opens it again: a union, O(1)
    return apart;
  });
  const reopened = grid.canReach(0, 0, side - 1, side - 1);
  console.log(
    `3. edits on a ${side} x ${side} open map (labels built in ${build.median.toFixed(2)} ms)`,
  );
  console.log(
    `   close a cell in the open + canReach (+ reopen): ${fmt(inRoom)} -> ${inRoom.result}`,
  );
  console.log(
    `   close the gap that cuts the map + canReach (re-flood) + reopen: ${fmt(cut)} -> ${cut.result}, then ${reopened}`,
  );
  grid.dispose();
}
