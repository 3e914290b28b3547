// hpa's hierarchy built in one call against in slices, through the wasm API (on demand):
//   node tests/bench/js/hpa-build.mjs [--sizes 1024,2048] [--rounds 3] [--budget 4096]
// The demo's generated terrain (as hpa-wasm.mjs). One call: the first abstractGraph builds it
// whole. Sliced: grid.prepareHierarchy() stepped with `budget` units a step; reports the total,
// the number of steps, the median and longest step (what a frame would pay). Medians of
// `rounds` fresh grids each, side by side. Wall clock: compare figures of one run. The one call's
// CPU time (process.cpuUsage) too: on a shared machine it moves less than the wall clock.
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { generateMap } from '../../../demo/maps.js';
import { TERRAIN } from '../../../demo/terrain.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1024,2048' },
    rounds: { type: 'string', default: '3' },
    budget: { type: 'string', default: '4096' },
  },
});
const rounds = Number(values.rounds);
const budget = Number(values.budget);
const tp = await createPathfinder();
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

function freshGrid(map) {
  const grid = tp.createGrid(map.width, map.height);
  grid.setAll(map.cells);
  for (const t of TERRAIN) grid.setCost(t.id, t.cost);
  return grid;
}

for (const size of values.sizes.split(',').map(Number)) {
  const map = generateMap('terrain', size, 1);
  const whole = [];
  const wholeCpu = [];
  const sliced = [];
  const steps = [];
  const stepMedian = [];
  const stepMax = [];
  for (let r = 0; r < rounds; r++) {
    let grid = freshGrid(map);
    let t0 = performance.now();
    const cpu0 = process.cpuUsage().user;
    grid.abstractGraph({ diagonal: 'noCorners' });
    whole.push(performance.now() - t0);
    wholeCpu.push((process.cpuUsage().user - cpu0) / 1000);
    grid.dispose();

    grid = freshGrid(map);
    const build = grid.prepareHierarchy({ diagonal: 'noCorners' });
    const each = [];
    t0 = performance.now();
    while (!build.done) {
      const s0 = performance.now();
      build.step(budget);
      each.push(performance.now() - s0);
    }
    sliced.push(performance.now() - t0);
    steps.push(each.length);
    stepMedian.push(median(each));
    stepMax.push(Math.max(...each));
    grid.dispose();
  }
  console.log(
    `${size}x${size}: one call ${median(whole).toFixed(0)} ms (cpu ${median(wholeCpu).toFixed(0)} ms), sliced ${median(sliced).toFixed(0)} ms ` +
      `(ratio ${(median(sliced) / median(whole)).toFixed(3)}) in ${median(steps)} steps of ${budget} units, ` +
      `step median ${median(stepMedian).toFixed(2)} ms, longest ${median(stepMax).toFixed(1)} ms ` +
      `(medians of ${rounds} rounds)`,
  );
}
