// Searches in slices under a steady stream of edits (issue 33 item 12): a door inside a search's
// explored area, toggled before each of its slices, made it start again at every slice, so long
// searches never finished. Now a task restarts at most once while cheap, then freezes on a copy
// of the grid: every task finishes within a bound, an answer without `outdated` is findPath's on
// the grid as it is, and an outdated one is findPath's on the grid `editsSince` edits earlier,
// with `stillLegal` agreeing with this file's own walk of its path on the grid as it is.
// Run: node --test tests/js/core/scheduler-frozen.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPathfinder, PathScheduler } from '../../../js/node.js';
import { parseMap, parseScenarios } from '../../e2e/pages/worker-maps.js';
import { movingaiDir } from '../support/movingai.mjs';

const pathfinder = await createPathfinder();
// A*: the counts below are of its slices and the cells it marks (the default, auto, runs jump
// points here, whose scans read cells they do not mark, so every door matters to them).
const OPTIONS = { diagonal: 'noCorners', algorithm: 'astar' };
const map = parseMap(readFileSync(join(movingaiDir, '16room_000.map'), 'utf8'));
const problems = parseScenarios(readFileSync(join(movingaiDir, '16room_000.map.scen'), 'utf8'));

/** Whether a path (x, y pairs) can be walked on `cells`: each step to one of the eight
 * neighbours, into an open cell, a diagonal only with both side cells open (noCorners). */
function walkable(cells, width, height, path) {
  const open = (x, y) => x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] === 0;
  for (let k = 2; k + 1 < path.length; k += 2) {
    const [px, py, x, y] = [path[k - 2], path[k - 1], path[k], path[k + 1]];
    const dx = x - px;
    const dy = y - py;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0) || !open(x, y)) return false;
    if (dx !== 0 && dy !== 0 && !(open(px + dx, py) && open(px, py + dy))) return false;
  }
  return true;
}

/** The units: the scenario's longer problems, each with a door on its own way, three cells from
 * its start (inside the area its first slice searches). */
function units(count) {
  const grid = pathfinder.createGrid(map.width, map.height, map.cells);
  const out = [];
  for (let k = problems.length - 1; k >= 0 && out.length < count; k--) {
    const { sx, sy, gx, gy, optimal } = problems[k];
    if (optimal < 60) continue;
    const way = grid.findPath(sx, sy, gx, gy, OPTIONS);
    if (way.status !== 'found' || way.path.length < 10) continue;
    out.push({ sx, sy, gx, gy, door: [way.path[4], way.path[5]] });
  }
  grid.dispose();
  return out;
}

/** The grid's cells after the first `count` door edits of `log`, and findPath on them. */
function answerAfter(log, count, { sx, sy, gx, gy }) {
  const cells = map.cells.slice();
  for (let k = 0; k < count; k++) cells[log[k].index] = log[k].cls;
  const grid = pathfinder.createGrid(map.width, map.height, cells);
  const answer = grid.findPath(sx, sy, gx, gy, OPTIONS);
  grid.dispose();
  return answer;
}

test('60 tasks with a door in their explored area toggled before every slice all finish, current or outdated as they say', () => {
  const grid = pathfinder.createGrid(map.width, map.height, map.cells);
  const all = units(60);
  assert.ok(all.length >= 50, `${all.length} units`);
  const slice = 64;
  // Its cheap attempt (under 4,096 cells), then one search of every cell, in slices.
  const maxSteps = Math.ceil((4096 + map.width * map.height) / slice) + 4;
  const log = []; // every cell edit, in order: the grid of any moment is the map with a prefix
  const counts = { current: 0, outdated: 0, illegal: 0, restarted: 0 };
  for (const unit of all) {
    unit.task = grid.startSearch(unit.sx, unit.sy, unit.gx, unit.gy, OPTIONS);
    unit.closed = false;
    unit.steps = 0;
  }
  let finished = 0;
  for (let round = 0; finished < all.length; round++) {
    assert.ok(round <= maxSteps, `round ${round}: ${all.length - finished} tasks still running`);
    for (const unit of all) {
      if (unit.task.done) continue;
      unit.closed = !unit.closed;
      const [x, y] = unit.door;
      grid.setCell(x, y, unit.closed ? 1 : 0);
      log.push({ index: y * map.width + x, cls: unit.closed ? 1 : 0 });
      unit.steps++;
      if (!unit.task.step(slice)) continue;
      finished++;
      const { result, restarts } = unit.task;
      const where = `unit ${unit.sx},${unit.sy} -> ${unit.gx},${unit.gy}`;
      assert.ok(restarts <= 1, `${where}: ${restarts} restarts`);
      counts.restarted += restarts;
      if (result.outdated !== true) {
        counts.current++;
        assert.equal(result.editsSince, undefined, where);
        const fresh = grid.findPath(unit.sx, unit.sy, unit.gx, unit.gy, OPTIONS);
        assert.equal(result.status, fresh.status, where);
        assert.equal(result.cost, fresh.cost, where);
        continue;
      }
      counts.outdated++;
      assert.ok(result.editsSince > 0 && result.editsSince <= log.length, where);
      const then = answerAfter(log, log.length - result.editsSince, unit);
      assert.equal(result.status, then.status, where);
      assert.equal(result.cost, then.cost, where);
      const legal = walkable(grid.cells(), map.width, map.height, result.path);
      assert.equal(result.stillLegal, legal, `${where}: stillLegal`);
      counts.illegal += legal ? 0 : 1;
    }
  }
  // Outdated answers of both legalities were seen (with 60 doors toggling, a long search's area
  // nearly always holds some other unit's door too: few answers stay current).
  assert.equal(counts.current + counts.outdated, all.length);
  assert.ok(counts.outdated >= 20, JSON.stringify(counts));
  assert.ok(counts.illegal >= 5, JSON.stringify(counts));
  assert.ok(counts.outdated - counts.illegal >= 5, JSON.stringify(counts));
  grid.dispose();
});

test('PathScheduler answers every request while doors in the searched areas toggle every frame', async () => {
  const grid = pathfinder.createGrid(map.width, map.height, map.cells);
  const all = units(60);
  const scheduler = new PathScheduler(grid, { expansionsPerFrame: 4000, sliceExpansions: 256 });
  const log = [];
  const answers = all.map((unit) =>
    scheduler.findPath(unit.sx, unit.sy, unit.gx, unit.gy, OPTIONS).then((result) => {
      // Checked at once, on the grid as it is when the answer is handed back.
      const legal = walkable(grid.cells(), map.width, map.height, result.path);
      if (result.outdated) {
        const then = answerAfter(log, log.length - result.editsSince, unit);
        assert.equal(result.cost, then.cost);
        assert.equal(result.stillLegal, legal);
      } else {
        assert.equal(result.cost, grid.findPath(unit.sx, unit.sy, unit.gx, unit.gy, OPTIONS).cost);
      }
      return result;
    }),
  );
  // Each frame every door toggles: dozens of edits a frame, inside the searched areas.
  const bound = Math.ceil((60 * (4096 + map.width * map.height)) / 4000) + 10;
  let frames = 0;
  while (scheduler.pending > 0) {
    assert.ok(++frames <= bound, `${scheduler.pending} requests still pending after ${frames}`);
    for (const unit of all) {
      unit.closed = !unit.closed;
      const [x, y] = unit.door;
      grid.setCell(x, y, unit.closed ? 1 : 0);
      log.push({ index: y * map.width + x, cls: unit.closed ? 1 : 0 });
    }
    scheduler.update();
    await null;
  }
  const results = await Promise.all(answers);
  assert.equal(results.length, all.length);
  assert.ok(results.filter((r) => r.outdated).length >= 10);
  scheduler.dispose();
  grid.dispose();
});
