// tilepath's benchmarks (npm run bench; never part of CI). Prints a table and writes
// test-results/bench.json. Everything runs in this one Node process, on the same Moving AI
// problems for every library, with the libraries taken in turn problem by problem (in an order
// shuffled afresh for each problem) so that machine noise lands on all of them alike. Figures are medians over problems
// and, for speed, ratios of times measured side by side on the same problem.
//
//   node tests/bench/js/run.mjs [--problems 200] [--maps a.map,b.map] [--rounds 5] [--no-worker]
//
// Sections: 1. sizes  2. wasm memory on a 1024x1024 grid  3. tilepath vs JS peers per map
// 3b. the same on generated open ground, short moves  4. wasm vs native (the C++ CLI) on the 512x512 maps  5. the worker shim (worker-bench.mjs)
// 5b. movement profiles (profiles.mjs).
// 5c. the crowd step against DetourCrowd (crowd-bench.mjs).
// 5d. prepared and saved grids (saved-bench.mjs).
// 5e. entry rules and links (links-bench.mjs).
// 5f. native JPS against warthog's jps2 (tests/bench/native/warthog.sh; needs WARTHOG_DIR).
// 5g. the default algorithm (auto) vs astar in one worker, a game of 1,000 units (default-worker.mjs).
// 5h. weighted JPS vs A*, native, on the Moving AI maps painted with terrain (tilepath-bench-wjps).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { createPathfinder } from '../../../js/node.js';
import {
  loadMap,
  loadScenario,
  mapNames,
  matchesOptimal,
  movingaiDir,
  repoRoot,
} from '../../js/support/movingai.mjs';
import { median, positiveInteger } from './common.mjs';
import { checkPath } from './paths.mjs';
import {
  WEIGHTED_NAME,
  ensurePeersInstalled,
  loadPeers,
  makeEntrants,
  micros,
  peerVersions,
} from './peers.mjs';

const { values: args } = parseArgs({
  options: {
    problems: { type: 'string', default: '200' },
    maps: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    'no-worker': { type: 'boolean', default: false },
    out: { type: 'string', default: join(repoRoot, 'test-results', 'bench.json') },
  },
});
const problemTarget = positiveInteger('--problems', args.problems);
const rounds = positiveInteger('--rounds', args.rounds);

// A full collection between maps keeps one map's garbage (PathFinding.js grids) out of the
// next map's timings. Node only offers gc() behind a flag, so it is switched on from here.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

const quantile = (values, q) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const round = (x, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);
const fmt = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '-');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes) => `${(bytes / 1048576).toFixed(1)} MiB`;

/** Plain text table: columns padded to their widest cell, numbers right-aligned. */
function table(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  const numeric = header.map((_, c) => rows.every((r) => /^[-\d.,x% /]*$/.test(String(r[c]))));
  const line = (r) =>
    r.map((cell, c) => (numeric[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)]
    .map((l) => `  ${l.trimEnd()}`)
    .join('\n');
}

/** Every stride-th problem from the first: the same sample `tilepath-scen --stride` runs. */
function sample(name) {
  const all = loadScenario(name);
  const stride = Math.max(1, Math.floor(all.length / problemTarget));
  const problems = [];
  for (let k = 0; k < all.length; k += stride) problems.push({ ...all[k], index: k });
  return { stride, problems, total: all.length };
}

const report = {
  command: 'npm run bench (node tests/bench/js/run.mjs)',
  date: new Date().toISOString(),
  machine: {
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryBytes: os.totalmem(),
  },
  settings: { problemsPerMap: problemTarget, rounds },
  peers: peerVersions(),
};
console.log(
  `tilepath benchmarks: node ${process.version}, ${report.machine.cores} cores (${report.machine.cpu}), ` +
    `${report.machine.platform}`,
);

ensurePeersInstalled();
const peers = loadPeers();
const tp = await createPathfinder();

// 1. Sizes -------------------------------------------------------------------------------------
{
  const gz = (file) => {
    const bytes = readFileSync(join(repoRoot, file));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  // tilepath.wasm is what createPathfinder() loads; tilepath-bigmaps.wasm (the same glue) what
  // createPathfinder({ bigMaps: true }) loads instead.
  const files = [
    'dist/tilepath.wasm',
    'dist/tilepath.mjs',
    'dist/tilepath-bigmaps.wasm',
    'dist/tilepath-single.mjs',
  ].map(gz);
  // What a browser loads for the in-thread API: the glue, the wasm and the small JS wrapper.
  const api = ['js/index.js', 'js/core/grid.js', 'js/core/checks.js', 'dist/contract.mjs'].map(gz);
  const sum = (list, key) => list.reduce((total, f) => total + f[key], 0);
  report.sizes = {
    files: [...files, ...api],
    wasmPlusGlue: {
      bytes: sum(files.slice(0, 2), 'bytes'),
      gzipBytes: sum(files.slice(0, 2), 'gzipBytes'),
    },
    bigMapsWasmPlusGlue: {
      bytes: sum(files.slice(1, 3), 'bytes'),
      gzipBytes: sum(files.slice(1, 3), 'gzipBytes'),
    },
    inThreadApi: {
      bytes: sum([...files.slice(0, 2), ...api], 'bytes'),
      gzipBytes: sum([...files.slice(0, 2), ...api], 'gzipBytes'),
    },
  };
  console.log('\n1. Sizes (gzip level 9, node:zlib; each file compressed alone)');
  console.log(
    table(
      ['file', 'bytes', 'gzip'],
      [
        ...report.sizes.files.map((f) => [f.file, kib(f.bytes), kib(f.gzipBytes)]),
        [
          'tilepath.wasm + tilepath.mjs',
          kib(report.sizes.wasmPlusGlue.bytes),
          kib(report.sizes.wasmPlusGlue.gzipBytes),
        ],
        [
          'tilepath-bigmaps.wasm + tilepath.mjs (bigMaps: true)',
          kib(report.sizes.bigMapsWasmPlusGlue.bytes),
          kib(report.sizes.bigMapsWasmPlusGlue.gzipBytes),
        ],
        [
          'in-thread API in a browser (tilepath.wasm, its glue, the four JS files)',
          kib(report.sizes.inThreadApi.bytes),
          kib(report.sizes.inThreadApi.gzipBytes),
        ],
      ],
    ),
  );
}

// 2. Memory: a 1024x1024 serpentine (long walls every 4th row, the gap at alternate ends), so a
// corner-to-corner search walks the whole grid and expands most of it. Measured first, on the
// freshly loaded module, before any other grid has grown the heap.
{
  const size = 1024;
  const cells = new Uint8Array(size * size);
  for (let y = 4; y < size; y += 4) {
    const gap = (y / 4) % 2 ? size - 1 : 0;
    for (let x = 0; x < size; x++) if (x !== gap) cells[y * size + x] = 1;
  }
  const snapshot = (step) => ({
    step,
    memoryBytes: tp.memoryBytes(),
    searchMemoryBytes: tp.searchMemoryBytes(),
  });
  const steps = [snapshot('module loaded')];
  const grid = tp.createGrid(size, size, cells);
  steps.push(snapshot('1024x1024 grid created'));
  const searches = [];
  for (const [label, options] of [
    ['A* noCorners', { diagonal: 'noCorners', algorithm: 'astar' }],
    ['JPS noCorners', { diagonal: 'noCorners', algorithm: 'jps' }],
    ['A* 4-way', { diagonal: 'never', algorithm: 'astar' }],
  ]) {
    const t0 = micros();
    const r = grid.findPath(0, 0, size - 1, size - 1, options);
    const ms = (micros() - t0) / 1000;
    if (r.status !== 'found') throw new Error(`memory maze: ${label} found no path`);
    searches.push({
      label,
      pathCells: r.path.length / 2,
      expanded: r.expanded,
      cost: round(r.cost, 3),
      ms: round(ms, 1),
    });
    steps.push(snapshot(`after ${label}, corner to corner`));
  }
  grid.dispose();
  steps.push(snapshot('grid disposed'));
  report.memory = { grid: `${size}x${size} serpentine, walls every 4th row`, steps, searches };
  console.log(`\n2. Wasm memory, ${report.memory.grid} (tp.memoryBytes(), tp.searchMemoryBytes())`);
  console.log(
    table(
      ['step', 'wasm heap', 'search state'],
      steps.map((s) => [s.step, mib(s.memoryBytes), mib(s.searchMemoryBytes)]),
    ),
  );
  console.log(
    table(
      ['search', 'path cells', 'expanded', 'cost'],
      searches.map((s) => [s.label, s.pathCells, s.expanded, s.cost]),
    ),
  );
}

// 3. tilepath vs the JS peers ------------------------------------------------------------------
const entrants = makeEntrants(tp, peers);
const names = mapNames();
const selected = args.maps ? args.maps.split(',') : names;
for (const m of selected)
  if (!names.includes(m)) throw new RangeError(`--maps: no ${m} in ${movingaiDir}`);

/**
 * Runs one group of entrants over a map's sample, in a shuffled order per problem.
 * Each answer is checked as a path on the map, then its cost is judged:
 * `judge.isOptimal(cost, problem, i)`, `judge.reference(problem, i)` the optimal cost.
 */
function race(group, map, problems, rule, judge) {
  const runs = group.map((e) => {
    const t0 = micros();
    const ctx = e.prepare(map);
    return {
      e,
      ctx,
      prepareMs: (micros() - t0) / 1000,
      times: [],
      searchTimes: [],
      costs: [],
      expanded: [],
    };
  });
  // Warm-up (untimed): the JIT sees every entrant before the first timed query.
  for (const p of problems.slice(0, 3)) for (const r of runs) r.e.run(p, r.ctx);
  // A fresh order per problem, shuffled (seeded: the same every run). A rotation would keep
  // each entrant behind the same one, and the garbage one library leaves (PathFinding.js
  // allocates tens of MB a query) would always be collected in the next one's time.
  let seed = 0x9e3779b9;
  const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const order = runs.map((_, k) => k);
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i];
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j], order[k]];
    }
    for (let k = 0; k < runs.length; k++) {
      const r = runs[order[k]];
      const { raw, micros: t, searchMicros } = r.e.run(p, r.ctx);
      r.times.push(t);
      if (searchMicros !== undefined) r.searchTimes.push(searchMicros);
      const checked = checkPath(map, r.e.path(raw), p, rule);
      r.costs.push(checked.valid ? checked.cost : { invalid: checked.reason });
      if (r.e.expanded) r.expanded.push(r.e.expanded(raw));
    }
  }
  for (const r of runs) r.e.dispose?.(r.ctx);
  return runs.map((r) => {
    let valid = 0;
    let optimal = 0;
    const excess = [];
    const invalid = [];
    r.costs.forEach((c, i) => {
      if (typeof c !== 'number') {
        invalid.push({ index: problems[i].index, reason: c.invalid });
        return;
      }
      valid++;
      if (judge.isOptimal(c, problems[i], i)) optimal++;
      else excess.push(c / judge.reference(problems[i], i) - 1);
    });
    return {
      name: r.e.name,
      prepareMs: r.prepareMs,
      times: r.times,
      searchTimes: r.searchTimes.length ? r.searchTimes : null,
      costs: r.costs,
      expanded: r.expanded,
      valid,
      optimal,
      suboptimal: excess.length,
      worstExcess: excess.length ? Math.max(...excess) : 0,
      excessSum: excess.reduce((a, b) => a + b, 0),
      medianExcessOfSuboptimal: excess.length ? median(excess) : 0,
      invalid: invalid.slice(0, 5),
    };
  });
}

/** Per problem ratio of a series to a reference series, then the median of those ratios. */
const pairedRatio = (times, reference) => median(times.map((t, i) => t / reference[i]));

report.maps = [];
for (const name of selected) {
  collectGarbage();
  const map = loadMap(name);
  const { stride, problems, total } = sample(name);
  process.stdout.write(
    `\n3. ${name} (${map.width}x${map.height}): ${problems.length} of ${total} problems (stride ${stride})...`,
  );
  const t0 = micros();

  // 8-neighbour, noCorners: judged against the scenario's optimal length.
  const byScenario = {
    isOptimal: (cost, p) => matchesOptimal(cost, p),
    reference: (p) => p.optimal,
  };
  const diagonal = race(entrants.diagonal, map, problems, 'noCorners', byScenario);
  // tilepath's A* and JPS again, taking turns with nothing else between their calls. In the
  // race above each call follows other libraries' (PathFinding.js allocates tens of MB a
  // query), so it starts with its code and data out of the caches: a fixed cost that weighs
  // far more on a 20 us JPS query than on a 300 us A* one. Both figures are reported.
  const alone = race(entrants.diagonal.slice(0, 2), map, problems, 'noCorners', byScenario);
  // tilepath's A* and EasyStar.js head to head: no PathFinding.js between their calls, whose
  // garbage is collected in whichever call follows it (on a 400 us A* query, a collection step
  // weighs more than on a 1 ms EasyStar.js one).
  const easyStar = entrants.diagonal.find((e) => e.name === 'EasyStar.js');
  const headToHead = race([entrants.diagonal[0], easyStar], map, problems, 'noCorners', byScenario);

  // 4-neighbour: the scenario lengths are for 8 moves, so tilepath's own 4-way A* cost is the
  // reference; l1-path-finder's answer must equal it (integers, exactly).
  const fourWay = [];
  {
    const tpFour = entrants.fourWay[0];
    // tilepath's 4-way costs are needed before judging anyone, so they are taken untimed first.
    const ctx = tpFour.prepare(map);
    const costs = problems.map(
      (p) => ctx.grid.findPath(p.startX, p.startY, p.goalX, p.goalY, { diagonal: 'never' }).cost,
    );
    tpFour.dispose(ctx);
    const byTilepath = {
      isOptimal: (cost, _p, i) => Math.abs(cost - costs[i]) < 1e-9,
      reference: (_p, i) => costs[i],
    };
    fourWay.push(...race(entrants.fourWay, map, problems, 'never', byTilepath));
  }

  const summarize = (series, refs) => {
    const out = {
      name: series.name,
      medianMicros: round(median(series.times), 1),
      p90Micros: round(quantile(series.times, 0.9), 1),
      p95Micros: round(quantile(series.times, 0.95), 1),
      p99Micros: round(quantile(series.times, 0.99), 1),
      prepareMs: round(series.prepareMs, 1),
      valid: series.valid,
      optimal: series.optimal,
      problems: series.times.length,
      worstExcessPercent: round(series.worstExcess * 100, 2),
      meanExcessPercent: round((series.excessSum / Math.max(1, series.valid)) * 100, 2),
      invalidExamples: series.invalid,
    };
    if (series.expanded.length)
      out.meanExpanded = round(
        series.expanded.reduce((a, b) => a + b, 0) / series.expanded.length,
        1,
      );
    for (const [label, ref] of refs) {
      out[`ratioTo${label}`] = round(pairedRatio(series.times, ref.times), 2);
      out[`ratioOfMediansTo${label}`] = round(median(series.times) / median(ref.times), 2);
    }
    if (series.searchTimes) {
      out.searchOnly = {
        medianMicros: round(median(series.searchTimes), 1),
        p90Micros: round(quantile(series.searchTimes, 0.9), 1),
        cloneMedianMicros: round(median(series.times.map((t, i) => t - series.searchTimes[i])), 1),
      };
      for (const [label, ref] of refs)
        out.searchOnly[`ratioTo${label}`] = round(pairedRatio(series.searchTimes, ref.times), 2);
    }
    return out;
  };
  const [tpAstar, tpJps] = diagonal;
  const entry = {
    map: name,
    width: map.width,
    height: map.height,
    stride,
    problems: problems.length,
    seconds: round((micros() - t0) / 1e6, 1),
    diagonal: diagonal.map((s) =>
      summarize(s, [
        ['TilepathAstar', tpAstar],
        ['TilepathJps', tpJps],
      ]),
    ),
    fourWay: fourWay.map((s) =>
      summarize(s, [
        ['Tilepath4Way', fourWay[0]],
        ['Tilepath4WayJps', fourWay[1]],
      ]),
    ),
  };
  entry.alone = {
    astarMedianMicros: round(median(alone[0].times), 1),
    jpsMedianMicros: round(median(alone[1].times), 1),
    jpsRatioToAstar: round(pairedRatio(alone[0].times, alone[1].times), 2),
    optimal: alone.every((s) => s.optimal === s.times.length),
  };
  entry.headToHead = {
    astarMedianMicros: round(median(headToHead[0].times), 1),
    easyStarMedianMicros: round(median(headToHead[1].times), 1),
    easyStarRatioToAstar: round(pairedRatio(headToHead[1].times, headToHead[0].times), 2),
  };
  // Kept for the pooled summary below, not written to JSON.
  entry.raw = { diagonal, fourWay, alone, headToHead };
  report.maps.push(entry);
  console.log(` ${entry.seconds} s`);

  const rows = [];
  for (const s of entry.diagonal) {
    const opt = `${s.optimal}/${s.problems}`;
    rows.push([
      s.name,
      fmt(s.medianMicros),
      fmt(s.p95Micros),
      fmt(s.p99Micros),
      `${fmt(s.ratioToTilepathAstar, 2)}x`,
      `${fmt(s.ratioToTilepathJps, 2)}x`,
      opt,
      s.valid === s.problems ? '' : `${s.problems - s.valid} invalid`,
      fmt(s.prepareMs),
    ]);
    if (s.searchOnly) {
      rows.push([
        `  of which search only (no clone)`,
        fmt(s.searchOnly.medianMicros),
        '',
        '',
        `${fmt(s.searchOnly.ratioToTilepathAstar, 2)}x`,
        `${fmt(s.searchOnly.ratioToTilepathJps, 2)}x`,
        '',
        '',
        '',
      ]);
    }
  }
  console.log(`   8-neighbour, no corner cutting; optimal = matches the scenario's length`);
  console.log(
    table(
      [
        'entrant',
        'p50 us',
        'p95 us',
        'p99 us',
        'vs tp A*',
        'vs tp JPS',
        'optimal',
        'errors',
        'prepare ms',
      ],
      rows,
    ),
  );
  console.log(
    `   tilepath alone (A* and JPS in turn, no other library between calls): A* p50 ` +
      `${fmt(entry.alone.astarMedianMicros)} us, JPS p50 ${fmt(entry.alone.jpsMedianMicros)} us, ` +
      `JPS ${fmt(entry.alone.jpsRatioToAstar, 2)}x faster` +
      (entry.alone.optimal ? '' : ' (NOT all optimal)'),
  );
  console.log(
    `   tilepath A* and EasyStar.js head to head (no other library between calls): ` +
      `EasyStar.js took ${fmt(entry.headToHead.easyStarRatioToAstar, 2)}x A*'s time`,
  );
  console.log(`   4-neighbour; optimal = same cost as tilepath's 4-way A*`);
  console.log(
    table(
      [
        'entrant',
        'p50 us',
        'p95 us',
        'p99 us',
        'vs tp A* 4-way',
        'vs tp JPS 4-way',
        'optimal',
        'errors',
        'prepare ms',
      ],
      entry.fourWay.map((s) => [
        s.name,
        fmt(s.medianMicros),
        fmt(s.p95Micros),
        fmt(s.p99Micros),
        `${fmt(s.ratioToTilepath4Way, 2)}x`,
        `${fmt(s.ratioToTilepath4WayJps, 2)}x`,
        `${s.optimal}/${s.problems}`,
        s.valid === s.problems ? '' : `${s.problems - s.valid} invalid`,
        fmt(s.prepareMs),
      ]),
    ),
  );
  for (const s of [...entry.diagonal, ...entry.fourWay]) {
    if (s.optimal < s.problems && s.valid === s.problems) {
      console.log(
        `   ${s.name}: ${s.problems - s.optimal} suboptimal answers, worst ${fmt(s.worstExcessPercent, 2)}% longer, ${fmt(s.meanExcessPercent, 2)}% on average`,
      );
    }
    for (const bad of s.invalidExamples)
      console.log(`   ${s.name}: problem ${bad.index}: ${bad.reason}`);
  }
}

// Pooled over every problem of every map: the median of the per-problem ratios.
{
  const pooled = {};
  const alone = [];
  const easyVsWeighted = [];
  const headToHead = [];
  for (const m of report.maps) {
    const [aloneAstar, aloneJps] = m.raw.alone;
    aloneAstar.times.forEach((t, i) => alone.push(t / aloneJps.times[i]));
    const [h2hAstar, h2hEasyStar] = m.raw.headToHead;
    h2hEasyStar.times.forEach((t, i) => headToHead.push(t / h2hAstar.times[i]));
    const [tpAstar, tpJps] = m.raw.diagonal;
    for (const s of m.raw.diagonal) {
      const p = (pooled[s.name] ??= {
        astar: [],
        jps: [],
        search: [],
        times: [],
        optimal: 0,
        problems: 0,
        excessSum: 0,
        valid: 0,
      });
      p.times.push(...s.times);
      p.excessSum += s.excessSum;
      p.valid += s.valid;
      s.times.forEach((t, i) => {
        p.astar.push(t / tpAstar.times[i]);
        p.jps.push(t / tpJps.times[i]);
        if (s.searchTimes) p.search.push(s.searchTimes[i] / tpAstar.times[i]);
      });
      p.optimal += s.optimal;
      p.problems += s.times.length;
    }
    const [tpFour, tpFourJps] = m.raw.fourWay;
    for (const s of m.raw.fourWay) {
      const p = (pooled[s.name] ??= { four: [], fourJps: [], times: [], optimal: 0, problems: 0 });
      p.times.push(...s.times);
      s.times.forEach((t, i) => {
        p.four.push(t / tpFour.times[i]);
        p.fourJps.push(t / tpFourJps.times[i]);
      });
      p.optimal += s.optimal;
      p.problems += s.times.length;
    }
    // EasyStar.js against tilepath's weighted A*: both give up optimality for speed.
    const easy = m.raw.diagonal.find((s) => s.name === 'EasyStar.js');
    const weighted = m.raw.diagonal.find((s) => s.name === WEIGHTED_NAME);
    if (easy && weighted) easy.times.forEach((t, i) => easyVsWeighted.push(t / weighted.times[i]));
    delete m.raw;
  }
  report.allMaps = Object.entries(pooled).map(([name, p]) => ({
    name,
    problems: p.problems,
    optimal: p.optimal,
    p50Micros: round(quantile(p.times, 0.5), 1),
    p95Micros: round(quantile(p.times, 0.95), 1),
    p99Micros: round(quantile(p.times, 0.99), 1),
    ...(p.astar && {
      medianRatioToTilepathAstar: round(median(p.astar), 2),
      medianRatioToTilepathJps: round(median(p.jps), 2),
    }),
    ...(p.search?.length && { searchOnlyMedianRatioToTilepathAstar: round(median(p.search), 2) }),
    ...(p.valid && { meanExcessPercent: round((p.excessSum / p.valid) * 100, 2) }),
    ...(p.four && {
      medianRatioToTilepath4Way: round(median(p.four), 2),
      medianRatioToTilepath4WayJps: round(median(p.fourJps), 2),
    }),
  }));
  report.aloneJpsRatioToAstar = round(median(alone), 2);
  report.headToHeadEasyStarRatioToAstar = round(median(headToHead), 2);
  if (easyVsWeighted.length) report.easyStarRatioToWeighted = round(median(easyVsWeighted), 2);
  console.log(
    `\n   All maps pooled (${report.maps.map((m) => m.map).join(', ')}): median of per-problem time ratios`,
  );
  console.log(
    table(
      [
        'entrant',
        'p50 us',
        'p95 us',
        'p99 us',
        'vs tp A*',
        'vs tp JPS',
        'vs tp A* 4-way',
        'vs tp JPS 4-way',
        'search only vs tp A*',
        'optimal',
      ],
      report.allMaps.map((s) => [
        s.name,
        fmt(s.p50Micros),
        fmt(s.p95Micros),
        fmt(s.p99Micros),
        s.medianRatioToTilepathAstar ? `${fmt(s.medianRatioToTilepathAstar, 2)}x` : '',
        s.medianRatioToTilepathJps ? `${fmt(s.medianRatioToTilepathJps, 2)}x` : '',
        s.medianRatioToTilepath4Way ? `${fmt(s.medianRatioToTilepath4Way, 2)}x` : '',
        s.medianRatioToTilepath4WayJps ? `${fmt(s.medianRatioToTilepath4WayJps, 2)}x` : '',
        s.searchOnlyMedianRatioToTilepathAstar
          ? `${fmt(s.searchOnlyMedianRatioToTilepathAstar, 2)}x`
          : '',
        `${s.optimal}/${s.problems}`,
      ]),
    ),
  );
  console.log(
    `   tilepath alone (A* and JPS in turn, no other library between calls): JPS ` +
      `${fmt(report.aloneJpsRatioToAstar, 2)}x faster than A*, median of per-problem ratios`,
  );
  console.log(
    `   tilepath A* and EasyStar.js head to head: EasyStar.js took ` +
      `${fmt(report.headToHeadEasyStarRatioToAstar, 2)}x A*'s time, median of per-problem ratios`,
  );
  for (const s of report.allMaps) {
    if (s.meanExcessPercent) {
      console.log(
        `   ${s.name}: paths ${fmt(s.meanExcessPercent, 2)}% longer than optimal on average`,
      );
    }
  }
  if (report.easyStarRatioToWeighted) {
    console.log(
      `   EasyStar.js vs ${WEIGHTED_NAME} (neither optimal): ` +
        `${fmt(report.easyStarRatioToWeighted, 2)}x tilepath's time, median of per-problem ratios`,
    );
  }
}

// 3b. Short moves on open ground: what a game asks most (units sent a few screens away across
// a field), which the Moving AI maps hold few of. A generated 256x256 map per density of
// single-cell rocks, and problems 3 to 30 cells apart (seeded, the same every run); tilepath's
// A* cost is the optimum every answer is judged against.
{
  const size = 256;
  let seed = 20261130;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  report.openGround = [];
  console.log(
    `\n3b. Short moves on open ground (${size}x${size}, single-cell rocks, start and goal 3-30 cells apart)`,
  );
  for (const density of [0, 0.005, 0.03]) {
    collectGarbage();
    const cells = new Uint8Array(size * size);
    for (let i = 0; i < cells.length; i++) if (random() < density) cells[i] = 1;
    const map = { width: size, height: size, cells };
    const grid = tp.createGrid(size, size, cells);
    const problems = [];
    while (problems.length < problemTarget) {
      const startX = Math.floor(random() * size),
        startY = Math.floor(random() * size);
      const goalX = startX + Math.round((random() - 0.5) * 60);
      const goalY = startY + Math.round((random() - 0.5) * 60);
      const apart = Math.max(Math.abs(goalX - startX), Math.abs(goalY - startY));
      if (goalX < 0 || goalY < 0 || goalX >= size || goalY >= size || apart < 3) continue;
      if (cells[startY * size + startX] || cells[goalY * size + goalX]) continue;
      const answer = grid.findPath(startX, startY, goalX, goalY, { diagonal: 'noCorners' });
      if (answer.status !== 'found') continue;
      problems.push({ startX, startY, goalX, goalY, optimal: answer.cost, index: problems.length });
    }
    grid.dispose();
    const judge = {
      isOptimal: (cost, p) => Math.abs(cost - p.optimal) < 1e-9,
      reference: (p) => p.optimal,
    };
    const series = race(entrants.diagonal, map, problems, 'noCorners', judge);
    const [astar, jps] = series;
    const rows = series.map((r) => ({
      name: r.name,
      medianMicros: round(median(r.times), 2),
      p95Micros: round(quantile(r.times, 0.95), 2),
      p99Micros: round(quantile(r.times, 0.99), 2),
      ratioToTilepathAstar: round(pairedRatio(r.times, astar.times), 2),
      ratioToTilepathJps: round(pairedRatio(r.times, jps.times), 2),
      optimal: r.optimal,
      valid: r.valid,
      problems: problems.length,
    }));
    report.openGround.push({ density, problems: problems.length, entrants: rows });
    console.log(`   ${density * 100}% rocks, ${problems.length} problems`);
    console.log(
      table(
        ['entrant', 'p50 us', 'p95 us', 'p99 us', 'vs tp A*', 'vs tp JPS', 'optimal'],
        rows.map((r) => [
          r.name,
          fmt(r.medianMicros, 2),
          fmt(r.p95Micros, 2),
          fmt(r.p99Micros, 2),
          `${fmt(r.ratioToTilepathAstar, 2)}x`,
          `${fmt(r.ratioToTilepathJps, 2)}x`,
          `${r.optimal}/${r.problems}` + (r.valid === r.problems ? '' : ' (invalid answers)'),
        ]),
      ),
    );
  }
}

// 4. wasm vs native: the same stride sample through the C++ CLI (its own timer around each
// search) and through the wasm build in this process (around each grid.findPath call, which
// adds the JS wrapper: option checks, copying the path out). Rounds alternate which goes first.
{
  const cli = join(repoRoot, 'build', 'native', 'tilepath-scen');
  const maps512 = selected.filter((n) => {
    const m = loadMap(n);
    return m.width === 512 && m.height === 512;
  });
  report.wasmVsNative = [];
  if (!existsSync(cli)) {
    console.log(`\n4. wasm vs native: skipped, ${cli} is missing (run npm run build)`);
    report.wasmVsNative = { skipped: `${cli} missing` };
  } else {
    console.log(
      `\n4. wasm (in this process) vs native (build/native/tilepath-scen), same problems, ${rounds} rounds`,
    );
    const native = (name, stride, algorithm) => {
      const r = spawnSync(
        cli,
        [
          join(movingaiDir, name),
          join(movingaiDir, `${name}.scen`),
          '--stride',
          String(stride),
          '--algorithm',
          algorithm,
          '--json',
        ],
        { encoding: 'utf8' },
      );
      const line = r.stdout.trim().split('\n').pop();
      if (r.status !== 0 || !line.startsWith('{'))
        throw new Error(`tilepath-scen failed on ${name}: ${r.stderr || r.stdout}`);
      return JSON.parse(line);
    };
    const rows = [];
    for (const name of maps512) {
      collectGarbage();
      const map = loadMap(name);
      const { stride, problems } = sample(name);
      const grid = tp.createGrid(map.width, map.height, map.cells);
      for (const algorithm of ['astar', 'jps']) {
        const options = { diagonal: 'noCorners', algorithm };
        const wasmPass = () => {
          const times = [];
          let mismatches = 0;
          for (const p of problems) {
            const t0 = micros();
            const r = grid.findPath(p.startX, p.startY, p.goalX, p.goalY, options);
            times.push(micros() - t0);
            if (!matchesOptimal(r.cost, p)) mismatches++;
          }
          return { medianMicros: median(times), mismatches };
        };
        wasmPass(); // warm-up, as the CLI warms up with its first problem
        const perRound = [];
        for (let k = 0; k < rounds; k++) {
          let n;
          let w;
          if (k % 2 === 0) {
            n = native(name, stride, algorithm);
            w = wasmPass();
          } else {
            w = wasmPass();
            n = native(name, stride, algorithm);
          }
          if (n.problems !== problems.length)
            throw new Error(`CLI ran ${n.problems} problems, expected ${problems.length}`);
          if (n.mismatches || w.mismatches)
            throw new Error(
              `${name} ${algorithm}: mismatches native ${n.mismatches}, wasm ${w.mismatches}`,
            );
          perRound.push({
            nativeMicros: n.medianMicros,
            wasmMicros: w.medianMicros,
            ratio: w.medianMicros / n.medianMicros,
          });
        }
        const entry = {
          map: name,
          algorithm,
          problems: problems.length,
          nativeMedianMicros: round(median(perRound.map((r) => r.nativeMicros)), 1),
          wasmMedianMicros: round(median(perRound.map((r) => r.wasmMicros)), 1),
          ratioWasmToNative: round(median(perRound.map((r) => r.ratio)), 2),
          rounds: perRound.map((r) => ({
            nativeMicros: round(r.nativeMicros, 1),
            wasmMicros: round(r.wasmMicros, 1),
            ratio: round(r.ratio, 2),
          })),
        };
        report.wasmVsNative.push(entry);
        rows.push([
          name,
          algorithm === 'astar' ? 'A*' : 'JPS',
          entry.problems,
          fmt(entry.nativeMedianMicros),
          fmt(entry.wasmMedianMicros),
          `${fmt(entry.ratioWasmToNative, 2)}x`,
          perRound.map((r) => fmt(r.ratio, 2)).join(' '),
        ]);
      }
      grid.dispose();
    }
    console.log(
      table(
        [
          'map',
          'search',
          'problems',
          'native median us',
          'wasm median us',
          'wasm/native',
          'per round',
        ],
        rows,
      ),
    );
  }
}

// 5. The worker shim, measured by worker-bench.mjs in its own process (it starts a worker).
if (args['no-worker']) {
  report.worker = { skipped: '--no-worker' };
} else {
  console.log('\n5. Worker shim (tests/bench/js/worker-bench.mjs)');
  const script = join(repoRoot, 'tests', 'bench', 'js', 'worker-bench.mjs');
  if (!existsSync(script)) {
    report.worker = { skipped: 'tests/bench/js/worker-bench.mjs missing' };
    console.log('   skipped: worker-bench.mjs is missing');
  } else {
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 180_000 });
    const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
    report.worker = { exitCode: r.status, lines };
    if (r.status !== 0)
      report.worker.error = (r.stderr || String(r.error)).trim().split('\n').slice(0, 5);
    for (const l of lines) console.log(`   ${l}`);
    if (r.status !== 0)
      console.log(`   worker-bench failed (exit ${r.status}): ${report.worker.error.join(' / ')}`);
  }
}

// 5b. Movement profiles (tests/bench/js/profiles.mjs, its own process): what a plain query
// costs with 7 more profiles defined or in use, and a query with a profile.
{
  console.log('\n5b. Movement profiles (tests/bench/js/profiles.mjs)');
  const script = join(repoRoot, 'tests', 'bench', 'js', 'profiles.mjs');
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
  report.profiles = { exitCode: r.status, lines };
  for (const l of lines) console.log(`   ${l}`);
  if (r.status !== 0) console.log(`   profiles.mjs failed (exit ${r.status}): ${r.stderr}`);
}

// 5c. Crowds (issue 28), measured by crowd-bench.mjs in its own process (it starts a worker and
// loads recast-navigation's DetourCrowd beside tilepath's crowd).
{
  console.log('\n5c. Crowd step (tests/bench/js/crowd-bench.mjs)');
  const script = join(repoRoot, 'tests', 'bench', 'js', 'crowd-bench.mjs');
  const flags = args['no-worker'] ? ['--no-worker'] : [];
  const r = spawnSync(process.execPath, [script, ...flags], { encoding: 'utf8', timeout: 600_000 });
  const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
  const json = lines.length ? lines[lines.length - 1] : '';
  report.crowd = { exitCode: r.status, lines: lines.slice(0, -1) };
  try {
    report.crowd.figures = JSON.parse(json);
  } catch {
    report.crowd.lines = lines;
  }
  if (r.status !== 0)
    report.crowd.error = (r.stderr || String(r.error)).trim().split('\n').slice(0, 5);
  for (const l of report.crowd.lines) console.log(`   ${l}`);
  if (r.status !== 0)
    console.log(`   crowd-bench failed (exit ${r.status}): ${report.crowd.error.join(' / ')}`);
}

// 5d. Prepared and saved grids (saved-bench.mjs, its own process): build, save size, load time.
{
  console.log('\n5d. Prepared and saved grids (tests/bench/js/saved-bench.mjs, 2048 x 2048)');
  const script = join(repoRoot, 'tests', 'bench', 'js', 'saved-bench.mjs');
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
  report.saved = { exitCode: r.status, lines };
  for (const l of lines) console.log(`   ${l}`);
  if (r.status !== 0) console.log(`   saved-bench failed (exit ${r.status})`);
}

// 5e. Entry rules and links (links-bench.mjs, its own process: five grids of one map).
{
  console.log('\n5e. Entry rules and links (tests/bench/js/links-bench.mjs)');
  const script = join(repoRoot, 'tests', 'bench', 'js', 'links-bench.mjs');
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
  report.links = { exitCode: r.status, lines };
  for (const l of lines) console.log(`   ${l}`);
  if (r.status !== 0)
    console.log(`   links-bench failed (exit ${r.status}): ${(r.stderr || '').trim()}`);
}

// 5f. Native JPS against warthog's jps2 (issue 31): tests/bench/native/warthog.sh builds both
// and times each one's own search call on the same problems; it prints a skip line unless
// WARTHOG_DIR names a folder with warthog-core and warthog-jps.
{
  console.log('\n5f. Native JPS vs warthog jps2 (tests/bench/native/warthog.sh)');
  const script = join(repoRoot, 'tests', 'bench', 'native', 'warthog.sh');
  const r = spawnSync('sh', [script], {
    encoding: 'utf8',
    timeout: 1_800_000,
    env: { ...process.env, STRIDE: process.env.STRIDE || '5' },
  });
  const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
  report.warthog = { exitCode: r.status, lines };
  for (const l of lines) console.log(`   ${l}`);
  if (r.status !== 0)
    console.log(`   warthog.sh failed (exit ${r.status}): ${(r.stderr || '').trim()}`);
}

// 5g. The default algorithm (issue 31): answers a second one PathWorker delivers for a game of
// 1,000 units, the default (auto: jps here) beside astar (default-worker.mjs, its own process).
if (args['no-worker']) {
  report.defaultAlgorithm = { skipped: '--no-worker' };
} else {
  console.log('\n5g. The default algorithm in one worker (tests/bench/js/default-worker.mjs)');
  const script = join(repoRoot, 'tests', 'bench', 'js', 'default-worker.mjs');
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
  report.defaultAlgorithm = { exitCode: r.status, lines: lines.slice(0, -1) };
  try {
    report.defaultAlgorithm.figures = JSON.parse(lines[lines.length - 1] ?? '');
  } catch {
    report.defaultAlgorithm.lines = lines;
  }
  for (const l of report.defaultAlgorithm.lines) console.log(`   ${l}`);
  if (r.status !== 0)
    console.log(`   default-worker failed (exit ${r.status}): ${(r.stderr || '').trim()}`);
}

// 5h. Weighted JPS against A* (issue 31), native: tilepath-bench-wjps on the painted Moving AI
// maps (build/native, made by npm run build; a skip line without it).
{
  console.log('\n5h. Weighted JPS vs A*, native (build/native/tilepath-bench-wjps movingai)');
  const bin = join(repoRoot, 'build', 'native', 'tilepath-bench-wjps');
  if (!existsSync(bin)) {
    report.weightedJps = { skipped: `${bin} not built` };
    console.log(`   skipped: ${bin} not built`);
  } else {
    const maps = mapNames().map((n) => join(movingaiDir, n));
    const r = spawnSync(bin, ['movingai', ...maps], { encoding: 'utf8', timeout: 1_800_000 });
    const lines = (r.stdout || '').trim().split('\n').filter(Boolean);
    report.weightedJps = { exitCode: r.status, lines };
    for (const l of lines) console.log(`   ${l}`);
    if (r.status !== 0)
      console.log(`   tilepath-bench-wjps failed (exit ${r.status}): ${(r.stderr || '').trim()}`);
  }
}

// 6. Issue 10's targets, from the figures above: each a speedup (or ratio) and its bar.
{
  const pooled = (name) => report.allMaps?.find((s) => s.name === name);
  const wasmNative = (algorithm) =>
    Array.isArray(report.wasmVsNative) && report.wasmVsNative.length
      ? median(
          report.wasmVsNative
            .filter((e) => e.algorithm === algorithm)
            .map((e) => e.ratioWasmToNative),
        )
      : NaN;
  const targets = [
    [
      'wasm A* vs PathFinding.js A* search alone',
      pooled('PathFinding.js A*')?.searchOnlyMedianRatioToTilepathAstar,
      4,
      'x faster',
    ],
    [
      'wasm A* vs PathFinding.js A* with its grid clone',
      pooled('PathFinding.js A*')?.medianRatioToTilepathAstar,
      20,
      'x faster',
    ],
    ['wasm A* vs EasyStar.js', pooled('EasyStar.js')?.medianRatioToTilepathAstar, 5, 'x faster'],
    [
      '  the same, head to head (no other library between)',
      report.headToHeadEasyStarRatioToAstar,
      5,
      'x faster',
    ],
    ['wasm JPS vs wasm A*', pooled('tilepath A*')?.medianRatioToTilepathJps, 10, 'x faster'],
    ['  the same, tilepath alone (no peers between)', report.aloneJpsRatioToAstar, 10, 'x faster'],
    [
      '4-neighbour wasm JPS vs l1-path-finder',
      pooled('l1-path-finder')?.medianRatioToTilepath4WayJps,
      1,
      'x faster',
    ],
    ['wasm / native, A*', wasmNative('astar'), 1.3, 'at most'],
    ['wasm / native, JPS', wasmNative('jps'), 1.3, 'at most'],
    ['.wasm + glue gzipped, KiB', report.sizes.wasmPlusGlue.gzipBytes / 1024, 60, 'at most'],
    [
      '  tilepath-bigmaps.wasm + glue (bigMaps: true, opt-in)',
      report.sizes.bigMapsWasmPlusGlue.gzipBytes / 1024,
      null,
      'none',
    ],
  ].map(([what, value, bar, kind]) => ({
    what,
    value: round(value, 2),
    target: kind === 'none' ? '-' : `${kind === 'at most' ? '<=' : '>='} ${bar}`,
    met:
      kind === 'none' || !Number.isFinite(value)
        ? null
        : kind === 'at most'
          ? value <= bar
          : value >= bar,
  }));
  report.targets = targets;
  console.log('\n6. Targets (issue 10), pooled medians of per-problem ratios over the maps above');
  console.log(
    table(
      ['measure', 'value', 'target', 'met'],
      targets.map((t) => [
        t.what,
        fmt(t.value, 2),
        t.target,
        t.met === null ? '-' : t.met ? 'yes' : 'NO',
      ]),
    ),
  );
}

mkdirSync(join(args.out, '..'), { recursive: true });
writeFileSync(args.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwrote ${args.out}`);
