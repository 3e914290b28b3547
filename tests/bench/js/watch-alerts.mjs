// What one edit that alerts many watched paths costs (stale-path alerts, core/watch.js). Not a
// test: it prints medians over rounds. Each round watches `paths` paths (random walks across the
// map, diagonal steps included), then one edit alerts every one of them: a wall across the map
// (fillRect) or a class's cost raised (setCost); it is undone and the paths watched again.
//   node tests/bench/js/watch-alerts.mjs [--paths 16000] [--rounds 5] [--root <tree>]
// `--root` times another tree's build (a checkout with js/ and dist/), to compare side by side.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadTree, median, positiveInteger } from './common.mjs';
import { random } from '../../e2e/pages/worker-maps.js';

const { values: args } = parseArgs({
  options: {
    paths: { type: 'string', default: '16000' },
    rounds: { type: 'string', default: '5' },
    root: { type: 'string', default: resolve(import.meta.dirname, '..', '..', '..') },
  },
});
const pathCount = positiveInteger('--paths', args.paths);
const rounds = positiveInteger('--rounds', args.rounds);
const tilepath = await loadTree(args.root);
const { PathWorker } = await import(pathToFileURL(join(args.root, 'js', 'worker-node.js')).href);

const width = 128;
const height = 128;
const next = random(33);
/** A walk from the left edge to the right one, each step one column right and -1, 0 or +1 row. */
function walk() {
  const path = new Int32Array(width * 2);
  let y = 8 + Math.floor(next() * (height - 16));
  for (let x = 0; x < width; x++) {
    path[2 * x] = x;
    path[2 * x + 1] = y;
    y = Math.min(height - 1, Math.max(0, y + Math.floor(next() * 3) - 1));
  }
  return path;
}
const paths = Array.from({ length: pathCount }, walk);

async function time(target, name) {
  const perPath = { wall: [], cost: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [kind, alertAll, undo] of [
      [
        'wall',
        () => target.fillRect(width / 2, 0, 1, height, 1),
        () => target.fillRect(width / 2, 0, 1, height, 0),
      ],
      ['cost', () => target.setCost(0, 2), () => target.setCost(0, 1)],
    ]) {
      let alerted = 0;
      for (const path of paths) target.watchPath(path, () => alerted++);
      // CPU time of this thread's process: the figure a loaded machine's wall clock blurs least.
      const cpu = process.cpuUsage();
      alertAll();
      const used = process.cpuUsage(cpu);
      const ms = (used.user + used.system) / 1000;
      if (alerted !== pathCount)
        throw new Error(`${name} ${kind}: ${alerted} of ${pathCount} alerted`);
      perPath[kind].push((ms * 1000) / pathCount);
      undo();
    }
  }
  for (const kind of ['wall', 'cost']) {
    const us = median(perPath[kind]);
    console.log(
      `${name}, ${kind === 'wall' ? 'fillRect wall across every path' : 'setCost raising the class of every cell'}: ` +
        `${us.toFixed(2)} µs of CPU per alerted path (edit ${((us * pathCount) / 1000).toFixed(1)} ms), median of ${rounds}`,
    );
  }
}

console.log(
  `${pathCount} watched paths of ${width} cells on ${width}x${height}, tree ${args.root}`,
);
const grid = tilepath.createGrid(width, height);
await time(grid, 'Grid');
grid.dispose();
const pw = await PathWorker.create({ width, height });
try {
  await time(pw, 'PathWorker');
} finally {
  pw.terminate();
}
