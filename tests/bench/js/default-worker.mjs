// What the default algorithm (`auto`: jps where it is exact and applies) is worth to a game: the
// answers ONE PathWorker (Node, worker_threads) delivers per second for a game of 1,000 units,
// each asking for a path from where it stands to a target anywhere it can reach, all in one
// findPaths (a frame's batch). The default beside `algorithm: 'astar'` (the default before),
// round by round in turn in one run, on a generated open 512 x 512 map (scattered buildings) and
// on the Moving AI maze (maze512-1-0). Every answer of both is checked: the same status and cost.
// Not a test: it prints figures, and as its last line a JSON summary for run.mjs.
//   node tests/bench/js/default-worker.mjs [--units 1000] [--rounds 7] [--diagonal noCorners]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PathWorker } from '../../../js/worker-node.js';
import { parseMap, random } from '../../e2e/pages/worker-maps.js';
import { movingaiDir } from '../../js/support/movingai.mjs';
import { median, positiveInteger } from './common.mjs';

const { values: args } = parseArgs({
  options: {
    units: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '7' },
    diagonal: { type: 'string', default: 'noCorners' },
  },
});
const units = positiveInteger('--units', args.units);
const rounds = positiveInteger('--rounds', args.rounds);
const { diagonal } = args;

/** Open ground, 512 x 512, with 400 buildings of 2..12 x 2..12 cells at seeded places. */
function openMap() {
  const size = 512;
  const cells = new Uint8Array(size * size);
  const next = random(512);
  for (let k = 0; k < 400; k++) {
    const w = 2 + Math.floor(next() * 11);
    const h = 2 + Math.floor(next() * 11);
    const x0 = Math.floor(next() * (size - w));
    const y0 = Math.floor(next() * (size - h));
    for (let y = y0; y < y0 + h; y++) cells.fill(1, y * size + x0, y * size + x0 + w);
  }
  return { name: 'open 512x512', width: size, height: size, cells };
}

function mazeMap() {
  const map = parseMap(readFileSync(join(movingaiDir, 'maze512-1-0.map'), 'latin1'));
  return { name: 'maze512-1-0', ...map };
}

/** Where each unit stands and where it goes: passable cells in one connected region. */
async function game(pw, map, seed) {
  const next = random(seed);
  const open = [];
  for (let i = 0; i < map.cells.length; i++) if (map.cells[i] === 0) open.push(i);
  const pick = () => open[Math.floor(next() * open.length)];
  const requests = [];
  while (requests.length < units) {
    const want = units - requests.length;
    const batch = Array.from({ length: want }, () => {
      const [a, b] = [pick(), pick()];
      return {
        sx: a % map.width,
        sy: Math.floor(a / map.width),
        gx: b % map.width,
        gy: Math.floor(b / map.width),
      };
    });
    // Keep the ones that can get there (both maps are almost one region).
    const answers = await pw.findPaths(batch, { diagonal, algorithm: 'astar' });
    batch.forEach((r, k) => answers[k].status === 'found' && requests.push(r));
  }
  return requests;
}

const sides = [
  ['default', { diagonal }],
  ['astar', { diagonal, algorithm: 'astar' }],
];
const summary = [];
console.log(
  `One PathWorker (node ${process.version}, worker_threads), a game of ${units} units in one ` +
    `findPaths, diagonal ${diagonal}: answers a second, median of ${rounds} rounds (in turn)`,
);
for (const map of [openMap(), mazeMap()]) {
  const pw = await PathWorker.create({
    width: map.width,
    height: map.height,
    cells: map.cells.slice(),
  });
  const requests = await game(pw, map, 7);
  const perSecond = { default: [], astar: [] };
  const ran = {};
  let reference = null;
  for (let round = 0; round <= rounds; round++) {
    const order = round % 2 ? [...sides].reverse() : sides;
    for (const [name, options] of order) {
      const t0 = performance.now();
      const answers = await pw.findPaths(requests, options);
      const seconds = (performance.now() - t0) / 1000;
      if (round > 0) perSecond[name].push(requests.length / seconds); // round 0 warms up
      ran[name] = [...new Set(answers.map((a) => a.algorithm))].join('/');
      const costs = answers.map((a) => `${a.status} ${a.cost.toFixed(9)}`);
      if (reference === null) reference = costs;
      const k = costs.findIndex((c, i) => c !== reference[i]);
      if (k >= 0) {
        throw new Error(
          `${map.name} unit ${k}: ${name} gave ${costs[k]}, the other ${reference[k]}`,
        );
      }
    }
  }
  pw.terminate();
  const row = {
    map: map.name,
    units: requests.length,
    defaultRan: ran.default,
    defaultPerSecond: Math.round(median(perSecond.default)),
    astarPerSecond: Math.round(median(perSecond.astar)),
  };
  row.ratio = Number((row.defaultPerSecond / row.astarPerSecond).toFixed(2));
  summary.push(row);
  console.log(
    `${map.name.padEnd(14)} default (${row.defaultRan}) ${row.defaultPerSecond} answers/s, ` +
      `astar ${row.astarPerSecond} answers/s: ${row.ratio}x`,
  );
}
console.log(JSON.stringify(summary));
