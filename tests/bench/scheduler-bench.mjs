// What the frame scheduler (PathScheduler) does to a frame, in Node. Not a test: it prints
// figures (medians over rounds, ratios measured side by side in the same run).
//   node tests/bench/scheduler-bench.mjs [--map brc202d.map] [--agents 200] [--rounds 3]
//
// 200 agents re-plan at once (the map's last scenario problems: its longest paths, 8
// neighbours without corner cutting). Plain: findPath for all of them in one frame. Scheduled:
// the same requests through a PathScheduler at 1, 2 and 5 ms per frame, update() once a frame
// until all are answered. For each: the worst frame (and how far over its budget), the frames
// to finish all, each request's latency in frames (p50, p95), and the time spent in all frames
// together against plain findPath's (the cost of slicing). The configurations are taken in turn
// in each round so that machine noise lands on all of them alike.

import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPathfinder, PathScheduler } from '../../js/node.js';
import { SCHEDULE } from '../../js/path-scheduler.js';
import { parseMap, parseScenarios, summary } from '../e2e/pages/worker-maps.js';
import { movingaiDir } from '../js/support/movingai.mjs';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string', default: 'brc202d.map' },
    agents: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const agents = Number(args.agents);
const rounds = Number(args.rounds);
const map = parseMap(readFileSync(join(movingaiDir, args.map), 'utf8'));
const problems = parseScenarios(readFileSync(join(movingaiDir, `${args.map}.scen`), 'utf8'))
  .slice(-agents)
  .map((p) => [p.sx, p.sy, p.gx, p.gy]);
const OPTIONS = { diagonal: 'noCorners' };

const tp = await createPathfinder();
const grid = tp.createGrid(map.width, map.height, map.cells);
for (const p of problems.slice(0, 20)) grid.findPath(...p, OPTIONS); // warm the wasm

function plain() {
  const t0 = performance.now();
  let expanded = 0;
  for (const p of problems) expanded += grid.findPath(...p, OPTIONS).expanded;
  return { frameMs: performance.now() - t0, expanded };
}

/**
 * @param {number[]} values
 * @param {number} q
 */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** @param {number} msPerFrame */
function scheduled(msPerFrame) {
  const scheduler = new PathScheduler(grid, { msPerFrame });
  let frame = 0;
  const latency = [];
  for (const p of problems) {
    scheduler[SCHEDULE](
      ...p,
      OPTIONS,
      () => latency.push(frame + 1),
      (error) => {
        throw error;
      },
    );
  }
  const frameMs = [];
  const frameCpu = [];
  while (scheduler.pending > 0) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    scheduler.update();
    frameMs.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    frameCpu.push((c.user + c.system) / 1000);
    frame++;
  }
  scheduler.dispose();
  if (latency.length !== problems.length) throw new Error('requests were lost');
  return {
    worst: Math.max(...frameMs),
    p99: quantile(frameMs, 0.99),
    worstCpu: Math.max(...frameCpu),
    frames: frame,
    total: frameMs.reduce((a, b) => a + b, 0),
    p50: summary(latency).median,
    p95: summary(latency).p95,
  };
}

const budgets = [1, 2, 5];
const runs = { plain: [], ...Object.fromEntries(budgets.map((b) => [b, []])) };
let expanded = 0;
for (let round = 0; round < rounds; round++) {
  const order = ['plain', ...budgets];
  for (let k = 0; k < order.length; k++) {
    const which = order[(k + round) % order.length];
    if (which === 'plain') {
      const r = plain();
      expanded = r.expanded;
      runs.plain.push(r.frameMs);
    } else {
      runs[which].push(scheduled(which));
    }
  }
}

const median = (values) => summary(values).median;
const plainMs = median(runs.plain);
console.log(
  `${args.map} (${map.width}x${map.height}), ${problems.length} agents re-planning at once ` +
    `(${expanded} cells expanded in all), ${rounds} rounds, Node ${process.version}, ` +
    `${os.cpus()[0]?.model ?? 'cpu'}`,
);
console.log(`plain findPath, all in one frame: ${plainMs.toFixed(1)} ms (median)`);
console.log(
  'budget | worst frame ms, wall (over budget) | p99 frame ms | worst frame CPU ms | ' +
    'frames to finish | latency p50 / p95 frames | all frames ms | vs plain',
);
for (const b of budgets) {
  const m = (key) => median(runs[b].map((r) => r[key]));
  const worst = m('worst');
  console.log(
    `${b} ms | ${worst.toFixed(2)} (+${Math.max(0, worst - b).toFixed(2)}) | ` +
      `${m('p99').toFixed(2)} | ${m('worstCpu').toFixed(2)} | ${m('frames')} | ` +
      `${m('p50')} / ${m('p95')} | ${m('total').toFixed(1)} | ` +
      `worst frame ${(plainMs / worst).toFixed(0)}x shorter, total x${(m('total') / plainMs).toFixed(2)}`,
  );
}
console.log(
  '(wall-clock worst frames include the OS pausing this process: on a shared machine a pause of ' +
    'several ms lands in some frame; the CPU column is the time the process itself ran)',
);
grid.dispose();
