// What cold caches cost tilepath's JPS (not part of npm test or npm run bench): the same
// queries timed warm, after a 2 MB sweep (within L2 and L3), after a 64 MB one (past this
// machine's 32 MB L3), and after the 64 MB sweep followed by two small queries on another grid
// (which warm the code and the state every search shares again).
//
//   node tests/bench/js/cold-cache.mjs [MAP ...]       default den011d.map lak303d.map brc202d.map

import { createPathfinder } from '../../../js/node.js';
import { loadMap, loadScenario } from '../../js/support/movingai.mjs';

const maps =
  process.argv.length > 2 ? process.argv.slice(2) : ['den011d.map', 'lak303d.map', 'brc202d.map'];
const tp = await createPathfinder();
const micros = () => performance.now() * 1000;
const median = (values) => Float64Array.from(values).sort()[values.length >> 1];
const sweep = new Float64Array(8 << 20); // 64 MB
let sink = 0;
const touch = (doubles) => {
  for (let i = 0; i < doubles; i += 8) sweep[i] += 1; // one write a 64-byte line
  sink += sweep[5];
};
const small = tp.createGrid(64, 64);
const options = { diagonal: 'noCorners', algorithm: 'jps' };
const modes = {
  warm: () => {},
  'after a 2 MB sweep': () => touch(2 ** 18),
  'after a 64 MB sweep': () => touch(sweep.length),
  'after 64 MB, then code warm': () => {
    touch(sweep.length);
    small.findPath(1, 1, 60, 40, options);
    small.findPath(60, 1, 2, 50, options);
  },
};
for (const name of maps) {
  const map = loadMap(name);
  const all = loadScenario(name);
  const stride = Math.max(1, Math.floor(all.length / 200));
  const problems = all.filter((_, i) => i % stride === 0);
  const grid = tp.createGrid(map.width, map.height, map.cells);
  for (const [mode, before] of Object.entries(modes)) {
    const times = problems.map((p) => {
      before();
      const t0 = micros();
      grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
      return micros() - t0;
    });
    console.log(`${name.padEnd(16)} ${mode.padEnd(28)} JPS median ${median(times).toFixed(1)} us`);
  }
  grid.dispose();
}
small.dispose();
if (sink < 0) console.log(sink); // keeps the sweeps
