// What the path cache and the worker pool buy, in Node (worker_threads). Not a test: it prints
// figures (medians and 95th percentiles, and ratios measured side by side in the same run).
//   node tests/bench/js/cache-pool-bench.mjs [--map den011d.map] [--requests 400] [--rounds 3]
//
// 1. Cache-hit latency against a fresh search: the Moving AI problems of the map asked one by
//    one (awaited) on a PathWorker with `cache`, first (a search) then again (from the cache).
//    Also in-thread (InThreadPathWorker), where no message is involved.
// 2. Pool throughput: the same problems, all in flight at once in batches of 50, on pools of 1, 2
//    and 4 workers (taken in turn, `rounds` times); requests per second and the ratio to 1.
// 3. What stale-path alerts add to an edit: setCell on a Grid watching 0, 100 and 1,000 paths
//    (re-watched as they are alerted), time per edit.

import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { parseMap, parseScenarios, summary } from '../../e2e/pages/worker-maps.js';
import { movingaiDir } from '../../js/support/movingai.mjs';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string', default: 'den011d.map' },
    requests: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
  },
});
const file = join(movingaiDir, args.map);
if (!existsSync(file)) throw new Error(`no ${file}`);
const map = parseMap(readFileSync(file, 'latin1'));
// The longest problems last in a .scen file: take them evenly over the file.
const scenarios = parseScenarios(readFileSync(`${file}.scen`, 'latin1'));
const count = Math.min(Number(args.requests), scenarios.length);
const problems = Array.from(
  { length: count },
  (_, i) => scenarios[Math.floor((i * scenarios.length) / count)],
);
const options = { diagonal: 'noCorners' };
const fmt = (ms) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(3)} ms`);

console.log(
  `${args.map} (${map.width}x${map.height}), ${count} problems, ${os.cpus().length} cores, ` +
    `load ${os.loadavg()[0].toFixed(1)}`,
);

// --- 1. cache hits ----------------------------------------------------------------------------

async function latencies(pw) {
  const fresh = [];
  const cached = [];
  for (const pass of [fresh, cached]) {
    for (const { sx, sy, gx, gy } of problems) {
      const started = performance.now();
      const result = await pw.findPath(sx, sy, gx, gy, options);
      pass.push(performance.now() - started);
      if ((pass === cached) !== (result.cached === true)) throw new Error('cache did not answer');
    }
  }
  return { fresh: summary(fresh), cached: summary(cached) };
}

const tilepath = await createPathfinder();
for (const [name, start] of [
  ['PathWorker', () => PathWorker.create({ ...map, cells: map.cells.slice(), cache: count })],
  [
    'InThreadPathWorker',
    () =>
      InThreadPathWorker.create({
        ...map,
        cells: map.cells.slice(),
        cache: count,
        loadPathfinder: () => tilepath,
      }),
  ],
]) {
  const pw = await start();
  await latencies(pw); // warm-up (and fills the cache: cleared by a new level below)
  pw.setAll(map.cells.slice());
  const { fresh, cached } = await latencies(pw);
  pw.terminate();
  console.log(
    `${name}: fresh search median ${fmt(fresh.median)} (p95 ${fmt(fresh.p95)}), ` +
      `cache hit median ${fmt(cached.median)} (p95 ${fmt(cached.p95)}): ` +
      `${(fresh.median / cached.median).toFixed(1)}x faster`,
  );
}

// --- 2. pool throughput -----------------------------------------------------------------------

const sizes = [1, 2, 4];
const pools = new Map();
for (const workers of sizes) {
  pools.set(workers, await PathWorker.create({ ...map, cells: map.cells.slice(), workers }));
}
const flat = problems.flatMap(({ sx, sy, gx, gy }) => [sx, sy, gx, gy]);
const BATCH = 50;
async function throughput(pw) {
  const started = performance.now();
  const asked = [];
  for (let i = 0; i < flat.length; i += BATCH * 4)
    asked.push(pw.findPaths(flat.slice(i, i + BATCH * 4), options));
  await Promise.all(asked);
  return count / ((performance.now() - started) / 1000);
}
const rates = new Map(sizes.map((n) => [n, []]));
const ratios = new Map(sizes.map((n) => [n, []]));
for (const pw of pools.values()) await throughput(pw); // warm-up
for (let round = 0; round < Number(args.rounds); round++) {
  // Side by side: each round measures every size, the order rotating.
  const order = sizes.map((_, i) => sizes[(i + round) % sizes.length]);
  const got = new Map();
  for (const n of order) got.set(n, await throughput(pools.get(n)));
  for (const n of sizes) {
    rates.get(n).push(got.get(n));
    ratios.get(n).push(got.get(n) / got.get(1));
  }
}
for (const n of sizes) {
  const rate = summary(rates.get(n)).median;
  const ratio = summary(ratios.get(n)).median;
  console.log(
    `pool of ${n}: median ${rate.toFixed(0)} requests/s, ${ratio.toFixed(2)}x one worker ` +
      `(rounds: ${ratios
        .get(n)
        .map((r) => r.toFixed(2))
        .join(', ')})`,
  );
}
for (const pw of pools.values()) pw.terminate();

// --- 3. the cost of watching --------------------------------------------------------------------

const grid = tilepath.createGrid(map.width, map.height, map.cells);
const routes = problems
  .map(({ sx, sy, gx, gy }) => grid.findPath(sx, sy, gx, gy, options).path)
  .filter((path) => path.length >= 4);
for (const watched of [0, 100, 1000]) {
  let alerts = 0;
  // An alerted unit watches its route again, as a game re-watches its new path.
  const watchOne = (k) =>
    grid.watchPath(routes[k % routes.length], () => {
      alerts++;
      handles[k] = watchOne(k);
    });
  const handles = Array.from({ length: watched }, (_, k) => watchOne(k));
  const onRoute = new Set();
  for (let k = 0; k < watched; k++) {
    const path = routes[k % routes.length];
    for (let i = 0; i < path.length; i += 2) onRoute.add(path[i + 1] * map.width + path[i]);
  }
  const free = [];
  const routed = [];
  for (let i = 0; i < map.cells.length; i++) {
    if (map.cells[i] === 0) (onRoute.has(i) ? routed : free).push(i);
  }
  const time = (cells, edits) => {
    const started = performance.now();
    for (let e = 0; e < edits; e++) {
      const index = cells[(e * 7919) % cells.length];
      grid.setCell(index % map.width, Math.floor(index / map.width), 1);
      grid.setCell(index % map.width, Math.floor(index / map.width), 0);
    }
    return (performance.now() - started) / (edits * 2);
  };
  const offRoute = time(free, 20000);
  alerts = 0;
  const perEdit = routed.length ? time(routed, 2000) : 0;
  for (const handle of handles) handle.stop();
  console.log(
    `${watched} paths watched: setCell off every route ${fmt(offRoute)}` +
      (routed.length
        ? `; on routes ${fmt(perEdit)} per edit, ${(alerts / 4000).toFixed(1)} alerts per edit ` +
          `(${fmt((perEdit * 4000) / Math.max(1, alerts))} per alert, re-watching included)`
        : ''),
  );
}
grid.dispose();
