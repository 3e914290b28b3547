// What entry rules and links cost a query (npm run bench, section 5b; never in CI):
//   node tests/bench/js/links-bench.mjs [--map den011d.map] [--problems 200] [--rounds 5]
// The same Moving AI problems, A* with noCorners through the wasm API, on five grids of the same
// map taken in turn problem by problem: none (never had a rule), cleared (had 100 links and an
// entry rule, all removed again: back on the plain search), entry (one-way walls of a class
// covering a tenth of the open cells: no step up into them), 10 links and 100 links (random
// teleporters, cost 20). Figures: median and p99 microseconds a query, and the median over
// problems of each grid's time over the plain grid's on the same problem (side by side).
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { loadMap, loadScenario } from '../../js/support/movingai.mjs';
import { random } from '../../e2e/pages/worker-maps.js';
import { median, positiveInteger } from './common.mjs';

const { values } = parseArgs({
  options: {
    map: { type: 'string', default: 'den011d.map' },
    problems: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
  },
});
const problemCount = positiveInteger('--problems', values.problems);
const rounds = positiveInteger('--rounds', values.rounds);
const tp = await createPathfinder();
const { width, height, cells } = loadMap(values.map);
const all = loadScenario(values.map);
const stride = Math.max(1, Math.floor(all.length / problemCount));
const problems = all.filter((_, k) => k % stride === 0).slice(0, problemCount);

const rand = random(29);
const open = [];
for (let i = 0; i < cells.length; i++) if (cells[i] === 0) open.push(i);
const pick = () => open[Math.floor(rand() * open.length)];
const addLinks = (grid, count) => {
  for (let k = 0; k < count; k++) {
    const a = pick();
    const b = pick();
    grid.addLink(a % width, Math.floor(a / width), b % width, Math.floor(b / width), { cost: 20 });
  }
};

const grids = {
  none: tp.createGrid(width, height, cells),
  cleared: tp.createGrid(width, height, cells),
  entry: tp.createGrid(width, height, cells),
  '10 links': tp.createGrid(width, height, cells),
  '100 links': tp.createGrid(width, height, cells),
};
addLinks(grids.cleared, 100);
grids.cleared.setEntry(0, ['right']);
for (const { id } of grids.cleared.links()) grids.cleared.removeLink(id);
grids.cleared.setEntry(0, null);
// A tenth of the open cells become class 2 (cost 1), entered by any step but upwards.
grids.entry.setCost(2, 1);
for (let k = 0; k < open.length / 10; k++) {
  const i = pick();
  grids.entry.setCell(i % width, Math.floor(i / width), 2);
}
grids.entry.setEntry(2, ['right', 'left', 'down', 'downRight', 'downLeft']);
addLinks(grids['10 links'], 10);
addLinks(grids['100 links'], 100);

const names = Object.keys(grids);
const times = Object.fromEntries(names.map((n) => [n, []]));
const ratios = Object.fromEntries(names.map((n) => [n, []]));
const options = { diagonal: 'noCorners' };
for (const { startX, startY, goalX, goalY } of problems) {
  const best = {};
  for (const name of names) best[name] = Infinity;
  for (let r = 0; r < rounds; r++) {
    // A fresh order each round: noise lands on every grid alike.
    const order = [...names].sort(() => rand() - 0.5);
    for (const name of order) {
      const t0 = process.hrtime.bigint();
      grids[name].findPath(startX, startY, goalX, goalY, options);
      best[name] = Math.min(best[name], Number(process.hrtime.bigint() - t0) / 1000);
    }
  }
  for (const name of names) {
    times[name].push(best[name]);
    ratios[name].push(best[name] / best.none);
  }
}
const p99 = (xs) =>
  Float64Array.from(xs).sort()[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];
console.log(
  `${values.map}, ${problems.length} problems, A* noCorners, best of ${rounds} a problem`,
);
for (const name of names) {
  console.log(
    `${name.padEnd(10)} median ${median(times[name]).toFixed(1).padStart(7)} us  p99 ${p99(times[name]).toFixed(1).padStart(7)} us  ` +
      `vs none ${median(ratios[name]).toFixed(2)}x`,
  );
}
for (const grid of Object.values(grids)) grid.dispose();
