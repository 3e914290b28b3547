// What a crowd step costs (npm run bench, section 7; not a test). Agents start at random open
// cells of a 512 x 512 Moving AI map and walk to group targets (4 groups); after a warm-up, each
// step of 1/60 s is timed: in-thread wasm (crowd.step), and through a PathWorker (the round trip
// of one step message and its positions back). Side by side, in the same process, DetourCrowd
// from npm `recast-navigation` on a navmesh built from the same map's open cells, same agent
// count, radius (0.4 cells) and speed (4 cells/s), when it is installed (tests/bench).
//   node tests/bench/js/crowd-bench.mjs [--map AR0011SR.map] [--counts 500,1000,2000,5000]
//     [--steps 200] [--no-worker] [--no-detour] [--rules]
// --rules: the same scene in-thread a second time, on the map with entry rules and links (a
// one-way class, entered going right or down, on 2% of the open cells, and 20 stairs), side by
// side with the plain one (docs/crowds.md, "One-way tiles and links").
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createPathfinder } from '../../../js/node.js';
import { PathWorker } from '../../../js/worker-node.js';
import { loadMap, repoRoot } from '../../js/support/movingai.mjs';
import { median, positiveInteger } from './common.mjs';

const { values: args } = parseArgs({
  options: {
    map: { type: 'string', default: 'AR0011SR.map' },
    counts: { type: 'string', default: '500,1000,2000,5000' },
    steps: { type: 'string', default: '200' },
    'no-worker': { type: 'boolean', default: false },
    'no-detour': { type: 'boolean', default: false },
    rules: { type: 'boolean', default: false },
  },
});
const counts = args.counts.split(',').map((c) => positiveInteger('--counts', c));
const steps = positiveInteger('--steps', args.steps);
const WARM_UP = 30;
const DT = 1 / 60;
const RADIUS = 0.4;
const SPEED = 4;

const quantile = (values, q) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (v) => v.toFixed(3);

const map = loadMap(args.map);
const openCells = [];
for (let i = 0; i < map.cells.length; i++) if (map.cells[i] === 0) openCells.push(i);

/**
 * The same agents for every entrant (a fixed seed): 4 groups, each packed on the open cells
 * nearest a random start (a crowd pouring out of a gate, the dense case), walking to a random
 * target of its own.
 */
function scenario(count) {
  let seed = 2026;
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const cell = () => openCells[Math.floor(next() * openCells.length)];
  const centre = (i) => [(i % map.width) + 0.5, Math.floor(i / map.width) + 0.5];
  const starts = [];
  const targets = [];
  const used = new Set();
  for (let g = 0; g < 4; g++) {
    const [cx, cy] = centre(cell());
    targets.push(centre(cell()));
    const near = openCells
      .filter((i) => !used.has(i))
      .map((i) => [Math.hypot((i % map.width) + 0.5 - cx, Math.floor(i / map.width) + 0.5 - cy), i])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const share = Math.floor(count / 4) + (g < count % 4 ? 1 : 0);
    for (let k = 0; k < share; k++) {
      used.add(near[k][1]);
      starts.push([...centre(near[k][1]), g]);
    }
  }
  return { starts, targets };
}

/** Runs the warm-up steps, then times `steps` more: their median and p99 (ms). */
async function timeSteps(step) {
  for (let k = 0; k < WARM_UP; k++) await step();
  const times = [];
  for (let k = 0; k < steps; k++) {
    const t0 = performance.now();
    await step();
    times.push(performance.now() - t0);
  }
  return { median: median(times), p99: quantile(times, 0.99) };
}

/** One-way cells and stairs on `grid`, the same for every count (a fixed seed). */
function addRules(grid) {
  let seed = 29;
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const cell = () => openCells[Math.floor(next() * openCells.length)];
  grid.setCost(2, 1);
  for (let k = 0; k < openCells.length * 0.02; k++) {
    const i = cell();
    grid.setCell(i % map.width, Math.floor(i / map.width), 2);
  }
  grid.setEntry(2, ['right', 'down']);
  for (let k = 0; k < 20; k++) {
    const [a, b] = [cell(), cell()];
    grid.addLink(
      a % map.width,
      Math.floor(a / map.width),
      b % map.width,
      Math.floor(b / map.width),
      {
        cost: 4,
      },
    );
  }
}

async function tilepathInThread(tp, count, rules = false) {
  const grid = tp.createGrid(map.width, map.height, map.cells);
  if (rules) addRules(grid);
  const crowd = grid.createCrowd({ maxAgents: count });
  const { starts, targets } = scenario(count);
  const ids = starts.map(([x, y]) => crowd.addAgent({ x, y, radius: RADIUS, maxSpeed: SPEED }));
  for (let g = 0; g < 4; g++) {
    crowd.setGroupTarget(
      ids.filter((_, k) => starts[k][2] === g),
      ...targets[g],
    );
  }
  const figures = await timeSteps(() => crowd.step(DT));
  grid.dispose();
  return figures;
}

async function tilepathWorker(count) {
  const pw = await PathWorker.create({
    width: map.width,
    height: map.height,
    cells: map.cells.slice(),
  });
  try {
    const crowd = await pw.createCrowd({ maxAgents: count });
    const { starts, targets } = scenario(count);
    const ids = await Promise.all(
      starts.map(([x, y]) => crowd.addAgent({ x, y, radius: RADIUS, maxSpeed: SPEED })),
    );
    for (let g = 0; g < 4; g++) {
      await crowd.setGroupTarget(
        ids.filter((_, k) => starts[k][2] === g),
        ...targets[g],
      );
    }
    return await timeSteps(() => crowd.step(DT));
  } finally {
    pw.terminate();
  }
}

/** recast-navigation, if tests/bench has it installed and it runs in Node; else why not. */
async function loadDetour() {
  if (args['no-detour']) return { skipped: '--no-detour' };
  try {
    const require = createRequire(join(repoRoot, 'tests', 'bench', 'package.json'));
    const recast = await import(require.resolve('recast-navigation'));
    const generators = await import(require.resolve('recast-navigation/generators'));
    await recast.init();
    return {
      recast,
      generators,
      version: JSON.parse(
        readFileSync(
          join(
            dirname(dirname(require.resolve('recast-navigation'))),
            'recast-navigation',
            'package.json',
          ),
          'utf8',
        ),
      ).version,
    };
  } catch (error) {
    return { skipped: `recast-navigation did not load: ${String(error.message).split('\n')[0]}` };
  }
}

/** The map's open cells as triangles (two per cell, y up in recast's xz plane), one unit a cell. */
function openCellTriangles() {
  const positions = [];
  const indices = [];
  let v = 0;
  for (const i of openCells) {
    const x = i % map.width;
    const z = Math.floor(i / map.width);
    positions.push(x, 0, z, x + 1, 0, z, x + 1, 0, z + 1, x, 0, z + 1);
    indices.push(v, v + 2, v + 1, v, v + 3, v + 2);
    v += 4;
  }
  return { positions: new Float32Array(positions), indices: new Uint32Array(indices) };
}

let navMeshCache = null;
function detourNavMesh(generators) {
  if (navMeshCache) return navMeshCache;
  const { positions, indices } = openCellTriangles();
  const t0 = performance.now();
  const result = generators.generateTiledNavMesh(positions, indices, {
    cs: 0.2,
    ch: 0.2,
    walkableRadius: 2, // 0.4 cells, in voxels of 0.2
    walkableClimb: 1,
    walkableHeight: 2,
    tileSize: 64,
    maxSimplificationError: 1.3,
  });
  if (!result.success) throw new Error(`navmesh generation failed: ${result.error}`);
  navMeshCache = { navMesh: result.navMesh, buildMs: performance.now() - t0 };
  return navMeshCache;
}

async function detourCrowd({ recast, generators }, count) {
  const { navMesh } = detourNavMesh(generators);
  const query = new recast.NavMeshQuery(navMesh);
  const crowd = new recast.Crowd(navMesh, { maxAgents: count, maxAgentRadius: RADIUS });
  const { starts, targets } = scenario(count);
  const agents = starts.map(([x, z]) => {
    const { point } = query.findClosestPoint({ x, y: 0, z });
    return crowd.addAgent(point, {
      radius: RADIUS,
      height: 1,
      maxSpeed: SPEED,
      maxAcceleration: 20,
      collisionQueryRange: 3,
      pathOptimizationRange: 8,
      separationWeight: 1,
    });
  });
  agents.forEach((agent, k) => {
    const [x, z] = targets[starts[k][2]];
    agent.requestMoveTarget(query.findClosestPoint({ x, y: 0, z }).point);
  });
  const figures = await timeSteps(() => crowd.update(DT));
  crowd.destroy();
  query.destroy();
  return figures;
}

const tp = await createPathfinder();
const detour = await loadDetour();
console.log(
  `crowd step, ${args.map} (${map.width}x${map.height}), agents to 4 group targets, ${steps} steps of 1/60 s after ${WARM_UP}; ms median / p99`,
);
if (detour.skipped) console.log(`DetourCrowd: ${detour.skipped}`);
else console.log(`DetourCrowd: recast-navigation ${detour.version}, navmesh from the open cells`);
const rows = [];
for (const count of counts) {
  const inThread = await tilepathInThread(tp, count);
  const withRules = args.rules ? await tilepathInThread(tp, count, true) : null;
  const worker = args['no-worker'] ? null : await tilepathWorker(count);
  let detourTimes = null;
  if (!detour.skipped) {
    try {
      detourTimes = await detourCrowd(detour, count);
    } catch (error) {
      detour.skipped = `DetourCrowd failed: ${error.message}`;
      console.log(detour.skipped);
    }
  }
  const row = { count, inThread, withRules, worker, detour: detourTimes };
  rows.push(row);
  console.log(
    [
      `${String(count).padStart(5)} agents`,
      `wasm in-thread ${ms(inThread.median)} / ${ms(inThread.p99)}`,
      `(${((inThread.median * 1000) / count).toFixed(2)} us an agent)`,
      withRules
        ? `with rules ${ms(withRules.median)} / ${ms(withRules.p99)} (${(withRules.median / inThread.median).toFixed(2)}x)`
        : '',
      worker ? `worker round trip ${ms(worker.median)} / ${ms(worker.p99)}` : '',
      detourTimes
        ? `DetourCrowd ${ms(detourTimes.median)} / ${ms(detourTimes.p99)} (tilepath ${(detourTimes.median / inThread.median).toFixed(2)}x faster)`
        : '',
    ]
      .filter(Boolean)
      .join('  '),
  );
}
const at2000 = rows.find((r) => r.count === 2000);
if (at2000) {
  const verdict = at2000.inThread.median < 2 ? 'met' : 'missed';
  console.log(
    `target: 2,000-agent step under 2 ms of wasm: ${ms(at2000.inThread.median)} ms median, ${verdict}`,
  );
}
if (navMeshCache)
  console.log(`(navmesh built in ${navMeshCache.buildMs.toFixed(0)} ms, not timed above)`);
console.log(JSON.stringify({ map: args.map, rows, detour: detour.skipped ?? detour.version }));
