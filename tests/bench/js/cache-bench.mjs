// What the path cache costs an edit and memory (worker/cache.js), on InThreadPathWorker (the
// game's thread). Not a test: it prints medians. The cache is filled with `answers` answers on a
// random 256x256 map; then a class on no cell has its cost raised (setCost), `rounds` times
// (each a raise: nothing is dropped, so every round sees the full cache), and the same on a
// worker without a cache, for the part the cache adds. Memory: the heap after filling, less the
// heap before, over the cells of the cached paths.
//   node --expose-gc tests/bench/js/cache-bench.mjs [--answers 256,4000] [--rounds 7] [--root <tree>]
// `--root` times another tree's build (a checkout with js/ and dist/) to compare side by side.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadTree, median, positiveInteger } from './common.mjs';
import { random } from '../../e2e/pages/worker-maps.js';

const { values: args } = parseArgs({
  options: {
    answers: { type: 'string', default: '256,4000' },
    rounds: { type: 'string', default: '7' },
    root: { type: 'string', default: resolve(import.meta.dirname, '..', '..', '..') },
  },
});
const rounds = positiveInteger('--rounds', args.rounds);
const counts = args.answers.split(',').map((n) => positiveInteger('--answers', n));
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const tilepath = await loadTree(args.root);
const { InThreadPathWorker } = await import(
  pathToFileURL(join(args.root, 'js', 'worker-node.js')).href
);
// Whether this tree knows cacheBytes (older ones refuse it): big enough to keep every answer.
const { PATH_WORKER_OPTIONS } = await import(
  pathToFileURL(join(args.root, 'js', 'worker/options.js')).href
);
const budget = PATH_WORKER_OPTIONS.includes('cacheBytes') ? { cacheBytes: 2 ** 31 } : {};

const width = 256;
const height = 256;
const next = random(9);
const cells = new Uint8Array(width * height).map(() => (next() < 0.2 ? 1 : 0));
const pick = (n) => Math.floor(next() * n);
const heap = () => {
  globalThis.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const cpuMs = (run) => {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};

async function measure(answers, cache) {
  const pw = await InThreadPathWorker.create({
    width,
    height,
    cells: cells.slice(),
    costs: { 7: 1 },
    loadPathfinder: () => tilepath,
    ...(cache ? { cache: answers, ...budget } : {}),
  });
  const before = heap();
  let pathCells = 0;
  let kept = 0;
  while (kept < answers) {
    const asked = Array.from({ length: Math.min(100, answers - kept) }, () => ({
      sx: pick(width),
      sy: pick(height),
      gx: pick(width),
      gy: pick(height),
      options: { diagonal: 'noCorners' },
    }));
    for (const result of await pw.findPaths(asked)) {
      if (result.status !== 'found') continue;
      pathCells += result.path.length / 2;
      kept++;
    }
  }
  const bytes = heap() - before;
  const times = [];
  for (let round = 0; round < rounds; round++) times.push(cpuMs(() => pw.setCost(7, 2 + round)));
  pw.terminate();
  return { ms: median(times), bytesPerCell: bytes / pathCells, pathCells };
}

console.log(`tree ${args.root}, ${width}x${height}, CPU time of setCost (median of ${rounds})`);
for (const answers of counts) {
  const without = await measure(answers, false);
  const withCache = await measure(answers, true);
  console.log(
    `${answers} answers (${withCache.pathCells} path cells): setCost of a class on no cell ` +
      `${withCache.ms.toFixed(3)} ms with the cache, ${without.ms.toFixed(3)} ms without; ` +
      `${withCache.bytesPerCell.toFixed(0)} bytes a cached path cell ` +
      `(${without.bytesPerCell.toFixed(0)} without a cache)`,
  );
}
