// The JS libraries tilepath is measured against, each called the way its README tells users to
// call it. They are devDependencies of this folder only (tests/bench/package.json), installed
// here on first use so that the package itself never depends on them.
//
// Every entrant has the same shape, so the runner can interleave them fairly:
//   prepare(map)       once per map: the library's own setup (not part of the per-query times)
//   run(problem, ctx)  one query, timed inside with the same clock for everyone:
//                      { raw, micros } plus searchMicros where a per-query setup is split off
//   path(raw)          untimed: the answer as a flat [x0, y0, x1, y1, ...] list of waypoints
//   dispose(ctx)       optional

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

// The peers' package.json stays in tests/bench, where npm installs them.
const benchDir = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(benchDir, 'package.json'));

/** Exact versions come from this folder's package.json, the one place they are pinned. */
export function peerVersions() {
  const pkg = JSON.parse(readFileSync(join(benchDir, 'package.json'), 'utf8'));
  return pkg.devDependencies;
}

/** Installs the peers into tests/bench/node_modules when any of them is missing. */
export function ensurePeersInstalled(log = console.log) {
  const wanted = peerVersions();
  const missing = Object.entries(wanted).filter(([name, version]) => {
    const file = join(benchDir, 'node_modules', name, 'package.json');
    return !existsSync(file) || JSON.parse(readFileSync(file, 'utf8')).version !== version;
  });
  if (missing.length === 0) return;
  log(`installing benchmark peers (${missing.map(([n, v]) => `${n}@${v}`).join(', ')})...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // package-lock.json beside package.json pins the whole tree, so install follows it.
  execFileSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
}

/** Loads the peers; call ensurePeersInstalled() first. */
export function loadPeers() {
  return {
    PF: require('pathfinding'),
    EasyStar: require('easystarjs'),
    createPlanner: require('l1-path-finder'),
    ndarray: require('ndarray'),
  };
}

/** Microseconds, high resolution; the one clock every entrant is timed with. */
export const micros = () => performance.now() * 1000;

/** Rows of 0/1 numbers, the matrix PathFinding.js and EasyStar.js both take. */
function toMatrix({ width, height, cells }) {
  const rows = new Array(height);
  for (let y = 0; y < height; y++) rows[y] = Array.from(cells.subarray(y * width, (y + 1) * width));
  return rows;
}

/** PathFinding.js answers with [[x, y], ...]. */
function flattenPairs(pairs) {
  const flat = new Array(pairs.length * 2);
  for (let i = 0; i < pairs.length; i++) {
    flat[2 * i] = pairs[i][0];
    flat[2 * i + 1] = pairs[i][1];
  }
  return flat;
}

/** The weight of the weighted A* entrant (A* with its estimate scaled: paths up to 20% longer). */
export const WEIGHTED = 1.2;
export const WEIGHTED_NAME = `tilepath A*, weight ${WEIGHTED}`;

/**
 * The 8-neighbour entrants (Moving AI rule: a diagonal needs both side cells free) and the
 * 4-neighbour ones. `tp` is a loaded tilepath Pathfinder.
 */
export function makeEntrants(tp, peers) {
  const { PF, EasyStar, createPlanner, ndarray } = peers;
  const noCorners = PF.DiagonalMovement.OnlyWhenNoObstacles;

  const tilepath = (name, options) => ({
    name,
    prepare(map) {
      return { grid: tp.createGrid(map.width, map.height, map.cells) };
    },
    run(p, ctx) {
      const t0 = micros();
      const raw = ctx.grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
      return { raw, micros: micros() - t0 };
    },
    path: (r) => (r.status === 'found' ? Array.from(r.path) : null),
    expanded: (r) => r.expanded,
    dispose(ctx) {
      ctx.grid.dispose();
    },
  });

  // PathFinding.js writes search state into the grid's nodes, so a grid serves one query:
  // its README has users clone it before every findPath. `micros` is clone + search (what a
  // user pays), `searchMicros` the search alone, both from the same call.
  const pathfinding = (name, makeFinder) => ({
    name,
    prepare(map) {
      return { grid: new PF.Grid(map.width, map.height, toMatrix(map)), finder: makeFinder() };
    },
    run(p, ctx) {
      const t0 = micros();
      const fresh = ctx.grid.clone();
      const t1 = micros();
      const raw = ctx.finder.findPath(p.startX, p.startY, p.goalX, p.goalY, fresh);
      const t2 = micros();
      return { raw, micros: t2 - t0, searchMicros: t2 - t1 };
    },
    path: (pairs) => (pairs.length ? flattenPairs(pairs) : null),
  });
  // PF's AStarFinder picks the octile heuristic for diagonal moves by itself; its JumpPointFinder
  // defaults to manhattan, which overestimates with diagonals, so it is given octile as well.
  const pfAstar = () => new PF.AStarFinder({ diagonalMovement: noCorners });
  const pfJps = () =>
    new PF.JumpPointFinder({ diagonalMovement: noCorners, heuristic: PF.Heuristic.octile });

  const easystar = {
    name: 'EasyStar.js',
    prepare(map) {
      const es = new EasyStar.js();
      es.setGrid(toMatrix(map));
      es.setAcceptableTiles([0]);
      es.enableDiagonals();
      es.disableCornerCutting();
      es.enableSync();
      return { es };
    },
    run(p, ctx) {
      let answer;
      const t0 = micros();
      ctx.es.findPath(p.startX, p.startY, p.goalX, p.goalY, (path) => {
        answer = path;
      });
      ctx.es.calculate();
      const t1 = micros();
      if (answer === undefined) throw new Error('EasyStar.js did not answer synchronously');
      return { raw: { answer, p }, micros: t1 - t0 };
    },
    // EasyStar answers [] when start equals goal, null when it finds no path.
    path({ answer, p }) {
      if (answer === null) return null;
      if (answer.length === 0) return [p.startX, p.startY];
      return answer.flatMap((c) => [c.x, c.y]);
    },
  };

  // l1-path-finder indexes its ndarray as (row, column) = (y, x) and answers turn points in
  // the same order. Building the planner is its preprocessing step (prepare, reported apart).
  const l1 = {
    name: 'l1-path-finder',
    prepare(map) {
      return { planner: createPlanner(ndarray(map.cells, [map.height, map.width])) };
    },
    run(p, ctx) {
      const out = [];
      const t0 = micros();
      const dist = ctx.planner.search(p.startY, p.startX, p.goalY, p.goalX, out);
      const t1 = micros();
      return { raw: { dist, out, p }, micros: t1 - t0 };
    },
    path({ dist, out, p }) {
      if (!Number.isFinite(dist) || dist < 0) return null;
      if (out.length === 0) return [p.startX, p.startY];
      const flat = new Array(out.length);
      for (let i = 0; i < out.length; i += 2) {
        flat[i] = out[i + 1];
        flat[i + 1] = out[i];
      }
      return flat;
    },
  };

  return {
    diagonal: [
      tilepath('tilepath A*', { diagonal: 'noCorners', algorithm: 'astar' }),
      tilepath('tilepath JPS', { diagonal: 'noCorners', algorithm: 'jps' }),
      pathfinding('PathFinding.js A*', pfAstar),
      pathfinding('PathFinding.js JPS', pfJps),
      easystar,
      // Not optimal, like EasyStar.js: what a game that accepts slightly longer paths can have.
      tilepath(WEIGHTED_NAME, { diagonal: 'noCorners', weight: WEIGHTED }),
    ],
    fourWay: [
      tilepath('tilepath A* 4-way', { diagonal: 'never', algorithm: 'astar' }),
      tilepath('tilepath JPS 4-way', { diagonal: 'never', algorithm: 'jps' }),
      l1,
    ],
  };
}
