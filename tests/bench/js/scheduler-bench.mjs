// What the frame scheduler (PathScheduler) does to a frame, in Node. Not a test: it prints
// figures (medians over rounds, ratios measured side by side in the same run).
//   node tests/bench/js/scheduler-bench.mjs [--map brc202d.map] [--agents 200] [--rounds 3]
//   node tests/bench/js/scheduler-bench.mjs --game [--map 16room_000.map] [--units 200]
//     [--seconds 20] [--root /path/to/another/checkout]
//
// 200 agents re-plan at once (the map's last scenario problems: its longest paths, 8
// neighbours without corner cutting). Plain: findPath for all of them in one frame. Scheduled:
// the same requests through a PathScheduler at 1, 2 and 5 ms per frame, update() once a frame
// until all are answered. For each: the worst frame (and how far over its budget), the frames
// to finish all, each request's latency in frames (p50, p95), and the time spent in all frames
// together against plain findPath's (the cost of slicing). The configurations are taken in turn
// in each round so that machine noise lands on all of them alike.
//
// --game: a game loop under edits (issue 33). `units` units each ask for a path about once a
// second (again once their last answer came back), a 2 ms budget a frame of 16.7 ms of game
// time, for `seconds` of game time; with doors (a cell on one of four long paths toggled every
// 250 ms) and without. It prints answers a second and the frame times (p50, p99, share over the
// budget). --root runs the same loop on another checkout's js/ and dist/ (e.g. main's) for a
// before/after.

import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { parseMap, parseScenarios, random, summary } from '../../e2e/pages/worker-maps.js';
import { movingaiDir } from '../../js/support/movingai.mjs';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string' },
    agents: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    game: { type: 'boolean', default: false },
    units: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    root: { type: 'string' },
  },
});
const root = args.root
  ? pathToFileURL(`${resolve(args.root)}/`)
  : new URL('../../../', import.meta.url);
const { createPathfinder, PathScheduler } = await import(new URL('js/node.js', root).href);
const { SCHEDULE } = await import(new URL('js/core/scheduler.js', root).href);
if (args.game) {
  await game();
  process.exit(0);
}
args.map ??= 'brc202d.map';
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

/** One update(), its wall-clock and CPU milliseconds appended to `wall` and `cpu`. */
function timedUpdate(scheduler, wall, cpu) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  scheduler.update();
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
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
    timedUpdate(scheduler, frameMs, frameCpu);
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

async function game() {
  const name = args.map ?? '16room_000.map';
  const map = parseMap(readFileSync(join(movingaiDir, name), 'utf8'));
  const problems = parseScenarios(readFileSync(join(movingaiDir, `${name}.scen`), 'utf8'));
  const tp = await createPathfinder();
  const units = Number(args.units);
  const seconds = Number(args.seconds);
  const frameGameMs = 1000 / 60;
  const budget = 2;
  const options = { diagonal: 'noCorners' };
  const run = (doors) => {
    const grid = tp.createGrid(map.width, map.height, map.cells);
    // Doors: the middle cell of four of the longest problems' paths.
    const doorCells = problems.slice(-4).map((p) => {
      const path = grid.findPath(p.sx, p.sy, p.gx, p.gy, options).path;
      const k = Math.floor(path.length / 4) * 2;
      return [path[k], path[k + 1]];
    });
    const scheduler = new PathScheduler(grid, { msPerFrame: budget });
    const next = random(77);
    const pick = (n) => Math.floor(next() * n);
    const ask = Array.from({ length: units }, () => pick(60)); // frames until each asks
    const waiting = new Uint8Array(units);
    let answers = 0;
    let outdated = 0;
    let illegal = 0;
    let edits = 0;
    const frameMs = [];
    const frameCpu = []; // the time the process itself ran: the host's pauses left out
    const frames = Math.round((seconds * 1000) / frameGameMs);
    for (let frame = 0; frame < frames; frame++) {
      for (let u = 0; u < units; u++) {
        if (waiting[u] || --ask[u] > 0) continue;
        const p = problems[pick(problems.length)];
        waiting[u] = 1;
        scheduler[SCHEDULE](
          p.sx,
          p.sy,
          p.gx,
          p.gy,
          options,
          (result) => {
            answers++;
            if (result.outdated) outdated += 1; // a search frozen under the doors' edits
            if (result.outdated && !result.stillLegal) illegal += 1;
            waiting[u] = 0;
            ask[u] = 45 + pick(30); // about once a second
          },
          (error) => {
            if (error.name !== 'AbortError') throw error; // dispose() at the end
          },
        );
      }
      if (doors && frame % 15 === 0) {
        const [x, y] = doorCells[edits % doorCells.length];
        grid.set(x, y, grid.get(x, y) === 0 ? 1 : 0);
        edits++;
      }
      timedUpdate(scheduler, frameMs, frameCpu);
    }
    scheduler.dispose();
    grid.dispose();
    return {
      answersPerSecond: answers / seconds,
      p50: quantile(frameMs, 0.5),
      p99: quantile(frameMs, 0.99),
      over: frameMs.filter((t) => t > budget * 1.1).length / frameMs.length,
      cpu50: quantile(frameCpu, 0.5),
      cpu99: quantile(frameCpu, 0.99),
      cpuOver: frameCpu.filter((t) => t > budget * 1.1).length / frameCpu.length,
      edits,
      outdated,
      illegal,
    };
  };
  console.log(
    `${name} (${map.width}x${map.height}), ${units} units asking about once a second, ` +
      `${budget} ms a frame, ${seconds} s of game time, code from ${root.pathname}, ` +
      `Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}`,
  );
  console.log(
    'doors | answers/s | frame p50 / p99 ms, wall | over budget +10%, wall | ' +
      'frame p50 / p99 ms, CPU | over budget +10%, CPU | edits | answers outdated (not legal)',
  );
  for (const doors of [false, true, false, true]) {
    const r = run(doors);
    console.log(
      `${doors ? 'yes' : 'no '} | ${r.answersPerSecond.toFixed(1)} | ` +
        `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)} | ${(r.over * 100).toFixed(1)}% | ` +
        `${r.cpu50.toFixed(2)} / ${r.cpu99.toFixed(2)} | ${(r.cpuOver * 100).toFixed(1)}% | ` +
        `${r.edits} | ${r.outdated} (${r.illegal})`,
    );
  }
}
