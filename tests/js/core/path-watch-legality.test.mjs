// Stale-path alerts against an independent path checker: after random edits, every watched path
// that a fresh check finds illegal (a step that is no move any more, a wall on a diagonal step's
// side cell included) or dearer (a cell it covers costs more) was alerted, and no other path
// was. Square grids (unit sizes 1 and 2), staggered and hexagonal ones, under each corner rule.
// Run: node --test tests/js/core/path-watch-legality.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { SHAPES, moves } from '../support/shape-reference.mjs';

const tilepath = await createPathfinder();

/**
 * The checker's own rules. Square grids: a unit of `size` stands on the size x size cells from
 * its position; a position is open when all of them are passable; a step moves one cell on
 * each axis at most, and a diagonal one needs its two side positions open (noCorners), one of
 * them (oneObstacle) or none (always). Other shapes: the shape reference's moves.
 * Returns the cost of `path` on `map`, or Infinity when a step is no move.
 */
function pathCost(map, rule, size, path) {
  const { width, height } = map;
  const passable = (x, y) =>
    x >= 0 && y >= 0 && x < width && y < height && map.cost(map.cells[y * width + x]) > 0;
  let total = 0;
  for (let k = 2; k < path.length; k += 2) {
    const [px, py, x, y] = [path[k - 2], path[k - 1], path[k], path[k + 1]];
    if (map.shape.orientation !== 'orthogonal') {
      const move = moves(map, rule, px, py).find(([mx, my]) => mx === x && my === y);
      if (!move) return Infinity;
      total += move[2] * map.cost(map.cells[y * width + x]);
      continue;
    }
    let dearest = 0;
    const open = (ux, uy) => {
      for (let j = 0; j < size; j++)
        for (let i = 0; i < size; i++) if (!passable(ux + i, uy + j)) return false;
      return true;
    };
    if (!open(x, y) || Math.abs(x - px) > 1 || Math.abs(y - py) > 1) return Infinity;
    for (let j = 0; j < size; j++)
      for (let i = 0; i < size; i++)
        dearest = Math.max(dearest, map.cost(map.cells[(y + j) * width + x + i]));
    const diagonal = x !== px && y !== py;
    if (diagonal) {
      const sides = [open(x, py), open(px, y)];
      const allowed =
        rule === 'always' ||
        (rule === 'oneObstacle' && (sides[0] || sides[1])) ||
        (rule === 'noCorners' && sides[0] && sides[1]);
      if (!allowed) return Infinity;
    }
    total += (diagonal ? Math.SQRT2 : 1) * dearest;
  }
  return total;
}

/** The cells a unit of `size` covers along `path`, as indices. */
function covered(width, size, path) {
  const cells = [];
  for (let k = 0; k < path.length; k += 2)
    for (let j = 0; j < size; j++)
      for (let i = 0; i < size; i++) cells.push((path[k + 1] + j) * width + path[k] + i);
  return cells;
}

function run(shape, rule, size, seed) {
  const next = random(seed);
  const pick = (n) => Math.floor(next() * n);
  const width = 24;
  const height = 24;
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) {
    const r = next();
    cells[i] = r < 0.2 ? 1 : r < 0.3 ? 2 : r < 0.4 ? 3 : 0;
  }
  const grid = tilepath.createGrid(width, height, { cells, ...shape });
  const table = { 0: 1, 1: Infinity, 2: 1, 3: 3 };
  grid.setCost(2, 1);
  grid.setCost(3, 3);
  const map = () => ({
    width,
    height,
    shape: grid.shape,
    cells: grid.cells(),
    cost: (cls) => (Number.isFinite(table[cls]) ? table[cls] : 0),
  });
  const options = { diagonal: rule, ...(size > 1 ? { unitSize: size } : {}) };
  // noCorners is watchPath's default: the code before the fix ran these without the option.
  const watchOptions = {
    ...(rule === 'noCorners' ? {} : { diagonal: rule }),
    ...(size > 1 ? { unitSize: size } : {}),
  };
  const counts = { alerts: 0, bySidesOnly: 0, checked: 0 };
  let watches = [];
  const watchMore = () => {
    for (let tries = 0; watches.length < 30 && tries < 200; tries++) {
      const [sx, sy, gx, gy] = [pick(width), pick(height), pick(width), pick(height)];
      let result;
      try {
        result = grid.findPath(sx, sy, gx, gy, options);
      } catch {
        continue; // a unit that does not fit there
      }
      if (result.status !== 'found' || result.path.length < 6) continue;
      const now = map();
      // The checker agrees with the search it checks before any edit.
      assert.ok(Math.abs(pathCost(now, rule, size, result.path) - result.cost) < 1e-6);
      const watch = { path: result.path, alerted: false };
      watch.costs = covered(width, size, result.path).map(
        (i) => now.cost(now.cells[i]) || Infinity,
      );
      watch.handle = grid.watchPath(result.path, () => (watch.alerted = true), watchOptions);
      watches.push(watch);
    }
  };
  watchMore();
  for (let step = 0; step < 150; step++) {
    const r = next();
    if (r < 0.7 && watches.length) {
      // Mostly walls beside a watched path: where side cells are.
      const { path } = watches[pick(watches.length)];
      const k = 2 * pick(path.length / 2);
      const [x, y] = [path[k] + pick(3 + size) - 1, path[k + 1] + pick(3 + size) - 1];
      if (x >= 0 && y >= 0 && x < width && y < height) grid.setCell(x, y, 1);
    } else if (r < 0.8) {
      grid.setCell(pick(width), pick(height), [0, 2, 3][pick(3)]);
    } else if (r < 0.9) {
      const cls = 2 + pick(2);
      table[cls] = [1, 2, 5, Infinity][pick(4)];
      grid.setCost(cls, table[cls]);
    } else {
      grid.fillRect(pick(width), pick(height), 1 + pick(2), 1 + pick(2), 1);
    }
    const now = map();
    for (const watch of watches) {
      const legal = Number.isFinite(pathCost(now, rule, size, watch.path));
      // Dearer than before this edit (an edit that makes a cell cheaper alerts nobody).
      const costs = covered(width, size, watch.path).map((i) => now.cost(now.cells[i]) || Infinity);
      const dearer = costs.some((cost, k) => cost > watch.costs[k]);
      watch.costs = costs;
      const label = `${JSON.stringify(shape)} ${rule} size ${size}, step ${step}, path ${watch.path}`;
      counts.checked++;
      if (!legal || dearer)
        assert.ok(watch.alerted, `${label}: made ${legal ? 'dearer' : 'illegal'} without an alert`);
      else assert.ok(!watch.alerted, `${label}: alerted, though still legal and no dearer`);
      if (watch.alerted) {
        counts.alerts++;
        if (!legal && !dearer) counts.bySidesOnly++;
      }
    }
    watches = watches.filter((watch) => !watch.alerted);
    watchMore();
  }
  grid.dispose();
  return counts;
}

const cases = [
  ...['noCorners', 'oneObstacle', 'always'].flatMap((rule) => [
    [{ orientation: 'orthogonal' }, rule, 1],
    [{ orientation: 'orthogonal' }, rule, 2],
  ]),
  ...SHAPES.flatMap((shape) =>
    ['noCorners', 'oneObstacle', 'always'].map((rule) => [shape, rule, 1]),
  ),
];

test('an edit alerts exactly the watched paths it makes illegal or dearer, side cells of diagonal steps included', () => {
  const total = { alerts: 0, bySidesOnly: 0, checked: 0 };
  const sideOnly = new Map();
  cases.forEach(([shape, rule, size], i) => {
    const counts = run(shape, rule, size, 1600 + i);
    for (const key in total) total[key] += counts[key];
    const name = `${shape.orientation} ${rule}`;
    sideOnly.set(name, (sideOnly.get(name) ?? 0) + counts.bySidesOnly);
  });
  // Refuses to pass vacuously: many alerts, and walls on side cells alone made paths illegal
  // under each rule that reads them, on square and staggered grids.
  assert.ok(total.checked > 20000, `only ${total.checked} paths checked`);
  assert.ok(total.alerts > 1000, `only ${total.alerts} alerts`);
  for (const orientation of ['orthogonal', 'staggered']) {
    for (const rule of ['noCorners', 'oneObstacle']) {
      const seen = sideOnly.get(`${orientation} ${rule}`);
      assert.ok(seen > 30, `${orientation} ${rule}: only ${seen} paths made illegal by side cells`);
    }
  }
});
