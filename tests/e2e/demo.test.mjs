// The demo page in real Chromium: it loads cleanly, what it draws is what the sync API computes,
// painting reaches the worker as small deltas, agents keep the frames coming, and it fits a
// laptop screen and a phone. Each test opens its own page (one browser for all) and waits on
// what the page reports, never a fixed time. Screenshots land in test-results/screenshots/.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './harness.mjs';
import { createPathfinder } from '../../js/node.js';
import { repoRoot } from '../../js/tools/serve.mjs';
import { loadMap, loadScenario, matchesOptimal } from '../js/support/movingai.mjs';
import { MOVING_AI_MAPS } from '../js/support/movingai-list.mjs';
import { movingAiText, tiledMap } from '../js/support/draw-maps.mjs';
import { readTiledMap } from '../../js/tiled.js';
import { UNIT_KINDS, WATER } from '../../demo/terrain.js';

/** The search options the current mode does not use. */
const UNUSED_OPTIONS = '#group-search :is(input, select):disabled';

const MAP_NAME = 'den011d.map'; // 247x167: big enough to matter, cells still several pixels wide

/**
 * A long problem from the map's scenario file (solvable by construction), though not the
 * longest: the demo shows that one when the map is picked, and the clicks must change something.
 */
function scenario() {
  const problems = loadScenario(MAP_NAME).sort((a, b) => a.optimal - b.optimal);
  return problems[Math.floor(problems.length * 0.75)];
}

/** Classes of a map drawn as strings, by character. */
function classesOf(rows, classOf) {
  return rows.flatMap((row) => [...row].map((c) => classOf[c]));
}

/** Drops files on the page as a person dragging them from a file manager would. */
async function dropFiles(page, files) {
  await page.evaluate((files) => {
    const data = new DataTransfer();
    for (const f of files) data.items.add(new File([f.text], f.name));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      const init = { dataTransfer: data, bubbles: true, cancelable: true };
      document.dispatchEvent(new DragEvent(type, init));
    }
  }, files);
}

function pathCells(path) {
  const out = [];
  for (let i = 0; i < path.length; i += 2) out.push([path[i], path[i + 1]]);
  return out;
}

describe('demo page', () => {
  let session;
  let pathfinder;

  before(async () => {
    session = await launch();
    pathfinder = await createPathfinder();
  });

  after(async () => {
    await session?.close();
  });

  /** A fresh demo page of its own, closed when the test ends, ready and settled. */
  async function openDemo(t, viewport = { width: 1280, height: 720 }) {
    const page = await session.newPage();
    t.after(() => page.close());
    await page.setViewportSize(viewport);
    await page.goto(session.url('/demo/'));
    await page.evaluate(() => window.tilepathDemo.ready);
    await page.evaluate(() => window.tilepathDemo.settled());
    return page;
  }

  /** The page's console and page errors, the favicon request aside. */
  const errorsOf = (page) => session.errorsOf(page).filter((e) => !e.includes('favicon'));

  async function clickCell(page, x, y) {
    const p = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    await page.mouse.click(p.x, p.y);
  }

  async function settledResult(page) {
    await page.evaluate(() => window.tilepathDemo.settled());
    return page.evaluate(() => window.tilepathDemo.last);
  }

  async function pickMap(page, name) {
    await page.selectOption('#map-select', `mai:${name}`);
    await page.waitForFunction((name) => window.tilepathDemo.map?.name === name, name);
    return settledResult(page);
  }

  /** A grid of the sync API holding the page's cells and cost table now. */
  async function pageGrid(page) {
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const cells = Uint8Array.from(await page.evaluate(() => window.tilepathDemo.cells()));
    const grid = pathfinder.createGrid(map.width, map.height, cells);
    // The same cost table: it scales the heuristic, so it decides ties between equal paths.
    for (const [cls, cost] of await page.evaluate(() => window.tilepathDemo.costTable())) {
      grid.setCost(cls, cost);
    }
    // The unit kinds' movement profiles, as the page gives its grids (demo/engine.js).
    for (const { id, profile } of UNIT_KINDS) if (profile) grid.setProfile(id, profile);
    return grid;
  }

  /** The sync API's answer for the page's current cells and the page's last query. */
  async function syncAnswer(page, last) {
    const grid = await pageGrid(page);
    try {
      const { sx, sy, gx, gy, options } = last.query;
      const r = grid.findPath(sx, sy, gx, gy, options);
      return { status: r.status, path: Array.from(r.path), cost: r.cost };
    } finally {
      grid.dispose();
    }
  }

  test('loads with a path on screen and no console errors', async (t) => {
    const page = await openDemo(t);
    const last = await settledResult(page);
    assert.equal(last.status, 'found');
    assert.ok(last.path.length >= 4, 'a path of at least two cells is drawn');
    assert.equal(last.where, 'worker', 'interactive queries run in the PathWorker');
    assert.deepEqual(await syncAnswer(page, last), {
      status: last.status,
      path: last.path,
      cost: last.cost,
    });
    await session.screenshot(page, 'demo-1280x720-path');
    assert.deepEqual(errorsOf(page), []);
  });

  test('a Moving AI map picked in the menu, start and goal set by clicking: the path shown is the sync API path', async (t) => {
    const page = await openDemo(t);
    await pickMap(page, MAP_NAME);
    await page.click('[data-tool="route"]');
    const s = scenario();
    await clickCell(page, s.startX, s.startY);
    await clickCell(page, s.goalX, s.goalY);
    const last = await settledResult(page);
    assert.deepEqual(
      [last.query.sx, last.query.sy, last.query.gx, last.query.gy],
      [s.startX, s.startY, s.goalX, s.goalY],
      'the clicks landed on the intended cells',
    );
    // The cells the page searched are the file's cells.
    assert.deepEqual(
      await page.evaluate(() => window.tilepathDemo.cells()),
      Array.from(loadMap(MAP_NAME).cells),
    );
    const sync = await syncAnswer(page, last);
    assert.equal(last.status, 'found');
    assert.deepEqual({ path: last.path, cost: last.cost }, { path: sync.path, cost: sync.cost });
    // The demo's default options are the Moving AI rules, so the benchmark's length holds.
    assert.equal(last.query.options.diagonal, 'noCorners');
    assert.ok(matchesOptimal(last.cost, s), `cost ${last.cost} vs optimal ${s.optimal}`);
    await session.screenshot(page, 'demo-movingai-path');
    assert.deepEqual(errorsOf(page), []);
  });

  test('painting a wall across the path changes the path, and the stroke reaches the worker as small deltas', async (t) => {
    const page = await openDemo(t);
    const before = await pickMap(page, MAP_NAME);
    const bytesBefore = (await page.evaluate(() => window.tilepathDemo.workerStats())).bytesPosted;
    const n = before.path.length / 2;
    const k = Math.floor(n / 2);
    const [x, y] = [before.path[k * 2], before.path[k * 2 + 1]];
    const dx = Math.sign(before.path[k * 2 + 2] - before.path[k * 2 - 2]);
    const dy = Math.sign(before.path[k * 2 + 3] - before.path[k * 2 - 1]);
    // Perpendicular to the direction of travel, 6 cells each side.
    const [px, py] = [-dy, dx];
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const clamp = (v, hi) => Math.max(0, Math.min(hi - 1, v));
    const a = { x: clamp(x - px * 6, map.width), y: clamp(y - py * 6, map.height) };
    const b = { x: clamp(x + px * 6, map.width), y: clamp(y + py * 6, map.height) };

    await page.click('[data-tool="paint:1"]');
    const toClient = (c) =>
      page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [c.x, c.y]);
    const pa = await toClient(a);
    const pb = await toClient(b);
    await page.mouse.move(pa.x, pa.y);
    await page.mouse.down();
    await page.mouse.move(pb.x, pb.y, { steps: 12 });
    await page.mouse.up();
    const after = await settledResult(page);

    const cells = await page.evaluate(() => window.tilepathDemo.cells());
    assert.equal(cells[y * map.width + x], 1, 'the cell the path crossed is now a wall');
    assert.notDeepEqual(after.path, before.path);
    const walls = pathCells(after.path).filter(([cx, cy]) => cells[cy * map.width + cx] === 1);
    assert.deepEqual(walls, [], 'the new path goes through no wall');
    assert.deepEqual(after.path, (await syncAnswer(page, after)).path);
    const posted =
      (await page.evaluate(() => window.tilepathDemo.workerStats())).bytesPosted - bytesBefore;
    assert.ok(posted > 0 && posted < (map.width * map.height) / 4, `stroke posted ${posted} bytes`);
    await session.screenshot(page, 'demo-wall-painted');
    assert.deepEqual(errorsOf(page), []);
  });

  test('every option in the search panel reaches the query, and the path still matches the sync API', async (t) => {
    const page = await openDemo(t);
    const settings = [
      { algorithm: 'jps', diagonal: 'noCorners' },
      { algorithm: 'dijkstra', diagonal: 'never' },
      { algorithm: 'astar', diagonal: 'always', heuristic: 'euclidean', weight: 2 },
      { algorithm: 'bfs', diagonal: 'oneObstacle', smooth: true },
      { algorithm: 'astar', diagonal: 'noCorners', maxExpansions: 300, partial: true },
      { algorithm: 'astar', diagonal: 'noCorners', goal: 'nearest' },
    ];
    for (const want of settings) {
      await page.selectOption('#opt-algorithm', want.algorithm);
      await page.selectOption('#opt-diagonal', want.diagonal);
      await page.selectOption('#opt-heuristic', want.heuristic ?? 'auto');
      await page.selectOption('#opt-goal', want.goal ?? 'exact');
      await page.$eval(
        '#opt-weight',
        (el, v) => {
          el.value = String(v);
          el.dispatchEvent(new Event('input'));
        },
        want.weight ?? 1,
      );
      await page.fill('#opt-budget', String(want.maxExpansions ?? 0));
      await page.setChecked('#opt-partial', !!want.partial);
      await page.setChecked('#opt-smooth', !!want.smooth);
      const last = await settledResult(page);
      // The whole options object: nothing the panel did not set, nothing it set lost.
      assert.deepEqual(
        last.query.options,
        {
          weight: 1,
          maxExpansions: 0,
          partial: false,
          goal: 'exact',
          smooth: false,
          trace: true, // for the heat map
          ...want,
        },
        JSON.stringify(want),
      );
      const sync = await syncAnswer(page, last);
      assert.deepEqual(
        { status: last.status, path: last.path },
        { status: sync.status, path: sync.path },
        JSON.stringify(want),
      );
      if (want.maxExpansions) {
        assert.equal(last.status, 'partial', 'a 300-cell budget cannot cross this map');
        assert.ok(last.expanded <= 300);
      }
      if (want.smooth) {
        assert.ok(last.rawPath && last.rawPath.length >= last.path.length);
        await session.screenshot(page, 'demo-smoothed-path');
      }
      if (want.partial) await session.screenshot(page, 'demo-partial-path');
    }
    assert.deepEqual(errorsOf(page), []);
  });

  test('hpa in path mode: the sync API path, A* timed beside it, the hierarchy drawn, a painted wall repaired', async (t) => {
    const page = await openDemo(t);
    const before = await pickMap(page, MAP_NAME);
    // A 2 x 2 unit was chosen with A*: hpa plans for one-tile units, so the control greys out.
    await page.selectOption('#opt-unit', '2');
    assert.equal((await settledResult(page)).query.options.unitSize, 2);
    await page.selectOption('#opt-algorithm', 'hpa');
    const last = await settledResult(page);
    assert.equal(last.query.options.algorithm, 'hpa');
    assert.equal(last.query.options.unitSize, undefined);
    for (const id of ['opt-unit', 'opt-budget', 'opt-partial', 'opt-goal', 'opt-weight'])
      assert.ok(await page.isDisabled(`#${id}`), `#${id} is disabled while hpa is chosen`);
    assert.equal(last.query.options.trace, false, 'hpa keeps no trace: no heat map');
    assert.equal(last.status, 'found');
    assert.deepEqual(last.path, (await syncAnswer(page, last)).path);
    assert.ok(last.cost <= before.cost * 1.05, `hpa ${last.cost} vs A* ${before.cost}`);
    assert.match(await page.textContent('#hpa-note'), /hpa .* · A\* .*cells/);
    await page.setChecked('#opt-hierarchy', true);
    // A wall across the path, painted: the next hpa answer reports the old path's repair.
    const n = last.path.length / 2;
    const k = Math.floor(n / 2);
    const [x, y] = [last.path[k * 2], last.path[k * 2 + 1]];
    await page.click('[data-tool="paint:1"]');
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const clamp = (v, hi) => Math.max(0, Math.min(hi - 1, v));
    const ends = [
      { x: clamp(x - 3, map.width), y: clamp(y - 3, map.height) },
      { x: clamp(x + 3, map.width), y: clamp(y + 3, map.height) },
    ];
    const [pa, pb] = await Promise.all(
      ends.map((c) =>
        page.evaluate(([cx, cy]) => window.tilepathDemo.cellToClient(cx, cy), [c.x, c.y]),
      ),
    );
    await page.mouse.move(pa.x, pa.y);
    await page.mouse.down();
    await page.mouse.move(pb.x, pb.y, { steps: 8 });
    await page.mouse.up();
    const after = await settledResult(page);
    const cells = await page.evaluate(() => window.tilepathDemo.cells());
    // The stroke's line (4-connected, so no diagonal slips through) holds the old path's cell
    // (x, y): the old path is broken, whichever pointer events the stroke came in.
    assert.equal(cells[y * map.width + x], 1, 'the cell the old path crossed is now a wall');
    const walls = pathCells(after.path).filter(([cx, cy]) => cells[cy * map.width + cx] === 1);
    assert.deepEqual(walls, [], 'the new hpa path goes through no wall');
    assert.match(await page.textContent('#hpa-note'), /repairPath: (local|full), /);
    await session.screenshot(page, 'demo-hpa-hierarchy');
    assert.deepEqual(errorsOf(page), []);
  });

  test('the wheel zooms around the cursor and a right-drag pans', async (t) => {
    const page = await openDemo(t);
    const last = await settledResult(page);
    const [x, y] = [last.path[0], last.path[1]];
    const cellToClient = () =>
      page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    const before = await cellToClient();
    const zoom0 = await page.evaluate(() => window.tilepathDemo.zoom);
    await page.mouse.move(before.x, before.y);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction((z) => window.tilepathDemo.zoom > z * 1.5, zoom0);
    const zoom1 = await page.evaluate(() => window.tilepathDemo.zoom);
    const after = await cellToClient();
    assert.ok(
      Math.hypot(after.x - before.x, after.y - before.y) < zoom1,
      'the cell stays under the cursor',
    );
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(before.x + 120, before.y - 60, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    const panned = await cellToClient();
    assert.ok(Math.abs(panned.x - after.x - 120) < 1 && Math.abs(panned.y - after.y + 60) < 1);
    await session.screenshot(page, 'demo-zoomed');
    const unchanged = (await settledResult(page)).path;
    assert.deepEqual(last.path, unchanged, 'panning is not painting or routing');
    await page.click('#zoom-fit');
    assert.equal(await page.evaluate(() => window.tilepathDemo.zoom), zoom0);
    assert.deepEqual(errorsOf(page), []);
  });

  test('step mode replays the search one expansion at a time', async (t) => {
    const page = await openDemo(t);
    await pickMap(page, MAP_NAME);
    await page.click('[data-mode="step"]');
    await page.click('#step-end');
    const expanded = await page.textContent('#stat-expanded');
    const cost = await page.textContent('#stat-cost');
    // One replay step per expanded cell, and at the end the search's own result.
    assert.equal(
      await page.textContent('#step-progress'),
      `Expansion ${expanded} of ${expanded} · path found, cost ${cost}`,
    );
    await page.click('#step-reset');
    for (let i = 0; i < 5; i++) await page.click('#step-forward');
    assert.equal(await page.textContent('#step-progress'), `Expansion 5 of ${expanded}`);
    await page.click('#step-back');
    assert.equal(await page.textContent('#step-progress'), `Expansion 4 of ${expanded}`);
    await page.click('#step-reset');
    await page.click('#step-play');
    // Playing moves on by itself.
    await page.waitForFunction(() => {
      const m = /^Expansion ([\d,]+) of/.exec(document.getElementById('step-progress').textContent);
      return m && Number(m[1].replace(/,/g, '')) >= 20;
    });
    await session.screenshot(page, 'demo-step-mode');
    assert.deepEqual(errorsOf(page), []);
  });

  test('agents mode: units plan in the worker, walk to a clicked target, and frames keep coming', async (t) => {
    const page = await openDemo(t);
    const path = (await settledResult(page)).path;
    await page.click('[data-mode="agents"]');
    await page.click('[data-tool="route"]');
    // Units plan with the algorithm, diagonals, heuristic and weight (and each its own size and
    // kind): the rest is greyed out.
    const greyed = await page.$$eval(UNUSED_OPTIONS, (list) => list.map((el) => el.id));
    assert.deepEqual(greyed, [
      'opt-budget',
      'opt-goal',
      'opt-kind',
      'opt-unit',
      'opt-partial',
      'opt-smooth',
      'opt-heat',
    ]);
    const frames0 = await page.evaluate(() => window.tilepathDemo.frames);
    const bytes0 = (await page.evaluate(() => window.tilepathDemo.workerStats())).bytesPosted;
    // The page keeps drawing frames while the crowd plans: 45 more of them, 100 plans, some
    // units walking.
    await page.waitForFunction(
      (frames0) => {
        const d = window.tilepathDemo;
        return d.frames >= frames0 + 45 && d.agentPlans >= 100 && d.agentCounts().moving > 0;
      },
      frames0,
      { timeout: 120_000 },
    );
    const bytes1 = (await page.evaluate(() => window.tilepathDemo.workerStats())).bytesPosted;
    assert.ok(bytes1 > bytes0, 'the plans were asked of the worker');
    assert.equal(await page.textContent('#stat-where'), 'in worker');
    // Click a target (the end of the earlier path, so a walkable cell): the crowd closes in.
    const [tx, ty] = [path[path.length - 2], path[path.length - 1]];
    await page.setChecked('#agent-wander', false);
    await clickCell(page, tx, ty);
    const distance = () =>
      page.evaluate(([x, y]) => window.tilepathDemo.agentDistance(x, y), [tx, ty]);
    const d0 = await distance();
    await page.waitForFunction(
      ([x, y, d0]) => window.tilepathDemo.agentDistance(x, y) < d0 - 10,
      [tx, ty, d0],
      { timeout: 120_000 },
    );
    await session.screenshot(page, 'demo-agents');
    assert.ok((await distance()) < d0 - 10);
    assert.deepEqual(errorsOf(page), []);
  });

  test('the unit-size control plans for a big unit: the path shown is the sync API path for that size', async (t) => {
    const page = await openDemo(t);
    const one = await settledResult(page);
    await page.selectOption('#opt-unit', '3');
    const last = await settledResult(page);
    assert.equal(last.query.options.unitSize, 3);
    assert.equal(last.status, 'found');
    assert.deepEqual(await syncAnswer(page, last), {
      status: last.status,
      path: last.path,
      cost: last.cost,
    });
    // A 3 x 3 unit keeps out of gaps a single tile slips through: its route costs more here.
    assert.ok(last.cost > one.cost, `${last.cost} > ${one.cost}`);
    assert.match(await page.textContent('#opt-note'), /3 × 3 unit/);
    await session.screenshot(page, 'demo-unit-size-3');
    assert.deepEqual(errorsOf(page), []);
  });

  test('the unit selector plans for a boat and for cavalry on the same map, each by its own costs', async (t) => {
    const page = await openDemo(t);
    const walker = await settledResult(page);
    await page.selectOption('#opt-kind', 'cavalry');
    const cavalry = await settledResult(page);
    assert.equal(cavalry.query.options.profile, 'cavalry');
    assert.equal(cavalry.status, 'found');
    assert.deepEqual(await syncAnswer(page, cavalry), {
      status: cavalry.status,
      path: cavalry.path,
      cost: cavalry.cost,
    });
    assert.notEqual(cavalry.cost, walker.cost, 'horses pay other costs than walkers');
    // A boat: start and goal at the two ends of the biggest lake (its own flood fill here).
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const cells = await page.evaluate(() => window.tilepathDemo.cells());
    const seen = new Uint8Array(cells.length);
    let lake = [];
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] !== WATER || seen[i]) continue;
      const part = [i];
      seen[i] = 1;
      for (let k = 0; k < part.length; k++) {
        const [x, y] = [part[k] % map.width, Math.floor(part[k] / map.width)];
        for (const [nx, ny] of [
          [x + 1, y],
          [x - 1, y],
          [x, y + 1],
          [x, y - 1],
        ]) {
          const j = ny * map.width + nx;
          if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
          if (cells[j] === WATER && !seen[j]) (part.push(j), (seen[j] = 1));
        }
      }
      if (part.length > lake.length) lake = part;
    }
    assert.ok(lake.length > 20, 'the demo map has a lake');
    const [from, to] = [lake[0], lake.at(-1)];
    await page.click('[data-tool="route"]');
    await clickCell(page, from % map.width, Math.floor(from / map.width));
    await clickCell(page, to % map.width, Math.floor(to / map.width));
    await page.selectOption('#opt-kind', 'boat');
    const boat = await settledResult(page);
    assert.equal(boat.query.options.profile, 'boat');
    assert.equal(boat.status, 'found');
    assert.deepEqual(await syncAnswer(page, boat), {
      status: boat.status,
      path: boat.path,
      cost: boat.cost,
    });
    for (let k = 0; k < boat.path.length; k += 2)
      assert.equal(
        cells[boat.path[k + 1] * map.width + boat.path[k]],
        WATER,
        'a boat stays afloat',
      );
    await session.screenshot(page, 'demo-unit-boat');
    await page.selectOption('#opt-kind', 'walker');
    const ashore = await settledResult(page);
    assert.equal(ashore.query.options.profile, undefined);
    assert.deepEqual(errorsOf(page), []);
  });

  test('fits a phone-sized window', async (t) => {
    const phone = await openDemo(t, { width: 390, height: 844 });
    const layout = await phone.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      canvas: document.getElementById('map').getBoundingClientRect().toJSON(),
    }));
    assert.ok(layout.scrollWidth <= 390, `page is ${layout.scrollWidth}px wide`);
    assert.ok(
      layout.canvas.width >= 380 && layout.canvas.height >= 300,
      JSON.stringify(layout.canvas),
    );
    await session.screenshot(phone, 'demo-390x844');
    assert.deepEqual(errorsOf(phone), []);
  });

  /** The route, the last query's endpoints, and whether each marker's disk lies on the map. */
  async function markers(page) {
    return page.evaluate(() => {
      const d = window.tilepathDemo;
      const { start, goal } = d.route;
      const rect = d.mapRect();
      const onMap = (cell) => {
        const disk = d.markerDisk(cell.x, cell.y);
        const centre = d.cellToClient(cell.x, cell.y);
        const inside =
          disk.x - disk.r >= rect.x - 0.5 &&
          disk.y - disk.r >= rect.y - 0.5 &&
          disk.x + disk.r <= rect.x + rect.width + 0.5 &&
          disk.y + disk.r <= rect.y + rect.height + 0.5;
        // Moved in from the edge, the disk stays on its cell: the cell's centre is within the
        // disk's bounding square (in a corner it may sit just outside the disk itself).
        const covers =
          Math.abs(disk.x - centre.x) <= disk.r && Math.abs(disk.y - centre.y) <= disk.r;
        return inside && covers;
      };
      const { width, height } = d.map;
      const inMap = (c) => c.x >= 0 && c.y >= 0 && c.x < width && c.y < height;
      const q = d.last.query;
      return {
        cellsInMap: inMap(start) && inMap(goal),
        disksOnMap: onMap(start) && onMap(goal),
        queried: q.sx === start.x && q.sy === start.y && q.gx === goal.x && q.gy === goal.y,
      };
    });
  }

  test('start and goal markers stay inside the map: on every map change, and when dragged past its edge', async (t) => {
    const page = await openDemo(t);
    const inside = { cellsInMap: true, disksOnMap: true, queried: true };
    assert.deepEqual(await markers(page), inside, 'the first map');
    await page.selectOption('#map-size', '64');
    await page.waitForFunction(() => window.tilepathDemo.map.width === 64);
    await settledResult(page);
    assert.deepEqual(await markers(page), inside, 'a smaller generated map');
    for (const name of ['arena.map', 'den011d.map', 'brc202d.map']) {
      await pickMap(page, name);
      assert.deepEqual(await markers(page), inside, name);
    }
    // Drag G from its cell to beyond the map's top-right corner: it stops on the corner cell.
    const { goal } = await page.evaluate(() => window.tilepathDemo.route);
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const from = await page.evaluate(
      ([x, y]) => window.tilepathDemo.markerDisk(x, y),
      [goal.x, goal.y],
    );
    const rect = await page.evaluate(() => window.tilepathDemo.mapRect());
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width + 30, rect.y - 30, { steps: 8 });
    await page.mouse.up();
    await settledResult(page);
    assert.deepEqual((await page.evaluate(() => window.tilepathDemo.route)).goal, {
      x: map.width - 1,
      y: 0,
    });
    assert.deepEqual(await markers(page), inside, 'after the drag');
    await session.screenshot(page, 'demo-marker-in-corner');
    assert.deepEqual(errorsOf(page), []);
  });

  test('the drop hint and the file picker name every format accepted, and a file of each loads', async (t) => {
    const page = await openDemo(t);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'x.map'));
      document.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
    });
    assert.equal(await page.isVisible('#drop-overlay'), true);
    assert.equal(
      (await page.textContent('#drop-overlay')).trim(),
      'Drop a Moving AI .map, or a Tiled map (.tmx, .tmj or .json), ' +
        'with its external tilesets (.tsx, .tsj), object templates (.tx, .tj) and tile images',
    );
    await page.evaluate(() => document.dispatchEvent(new DragEvent('dragleave')));
    assert.equal(await page.isVisible('#drop-overlay'), false);
    assert.equal(
      (await page.textContent('#file-formats')).replace(/\s+/g, ' ').trim(),
      'A Moving AI .map, or a Tiled map (.tmx, .tmj or .json) with its external tilesets ' +
        '(.tsx, .tsj), object templates (.tx, .tj) and tile images: open them together, or ' +
        'drop them anywhere on the page.',
    );
    const accept = (await page.getAttribute('#map-file', 'accept')).split(',');
    for (const extension of ['.map', '.tmx', '.tmj', '.json', '.tsx', '.tsj', '.tx', '.png']) {
      assert.ok(accept.includes(extension), `the file picker accepts ${extension}`);
    }

    // One small level drawn as strings, written in each format: '#' a wall, '.' floor.
    // prettier-ignore
    const rows = [
      '..#.....',
      '..#..#..',
      '.....#..',
    ];
    const expected = classesOf(rows, { '.': 0, '#': 1 });
    // A walls layer: an empty cell is free; tile 0 has no properties, so it reads as a wall.
    const walls = { layer: 'Walls', gids: { '.': 0, '#': 1 } };
    const tiled = tiledMap(rows, walls);
    // The same with its tileset in terrain.tsx, where tile 0 says blocked = true.
    const external = tiledMap(rows, {
      ...walls,
      tiles: { 0: { blocked: true } },
      external: 'terrain.tsx',
    });
    const drops = [
      [{ name: 'level.map', text: movingAiText(rows.map((r) => r.replace(/#/g, '@'))) }],
      [{ name: 'level.tmx', text: tiled.tmx }],
      [{ name: 'level.tmj', text: tiled.tmj }],
      [{ name: 'level.json', text: tiled.tmj }],
      [
        { name: 'with-tileset.tmx', text: external.tmx },
        { name: 'terrain.tsx', text: external.tsx },
      ],
      [
        { name: 'terrain.tsx', text: external.tsx },
        { name: 'with-tileset.tmj', text: external.tmj },
      ],
    ];
    for (const files of drops) {
      const name = files.find((f) => !f.name.endsWith('.tsx')).name;
      await dropFiles(page, files);
      await page.waitForFunction((name) => window.tilepathDemo.map?.name === name, name);
      const last = await settledResult(page);
      assert.deepEqual(await page.evaluate(() => window.tilepathDemo.cells()), expected, name);
      assert.equal(last.status, 'found', name);
    }
    await session.screenshot(page, 'demo-dropped-tiled');
    // A map whose tileset was left behind says which file to add. The toast may still show the
    // last map's 'Read with-tileset.tmj: ...' (3 s) when this drop is made: waiting for a toast
    // to show was met at once by that one, and its text was read before this error replaced it
    // (on a loaded machine). So the wait is for this drop's own message.
    await dropFiles(page, [{ name: 'alone.tmx', text: external.tmx }]);
    const toast = await page.waitForFunction(() => {
      const shown = document.getElementById('toast');
      return !shown.hidden && shown.textContent.startsWith('alone.tmx') && shown.textContent;
    });
    assert.equal(
      await toast.jsonValue(),
      'alone.tmx uses the external tileset terrain.tsx: pick or drop it together with the map',
    );
    assert.equal((await page.evaluate(() => window.tilepathDemo.map)).name, 'with-tileset.tmj');
    assert.deepEqual(
      errorsOf(page).filter((e) => !e.includes('alone.tmx')),
      [],
      'nothing but the expected warning',
    );
  });

  test('a Tiled floor layer that reads as all blocked says why, and reading it as floor fixes it', async (t) => {
    const page = await openDemo(t);
    // A ground layer as designers draw it, under Tiled's default name (so nothing says it is a
    // floor): every cell a grass tile (no properties), rocks that say blocked = true. Read as
    // walls (what an unrecognised layer defaults to), every cell is blocked.
    // prettier-ignore
    const rows = [
      'gggggggg',
      'ggrrgggg',
      'gggggrgg',
      'gggggggg',
    ];
    const floor = tiledMap(rows, {
      layer: 'Tile Layer 1',
      gids: { g: 1, r: 2 },
      tiles: { 1: { blocked: true } },
    });
    for (const [name, text] of [
      ['floor.tmj', floor.tmj],
      ['floor.tmx', floor.tmx],
    ]) {
      await dropFiles(page, [{ name, text }]);
      await page.waitForFunction((name) => window.tilepathDemo.map?.name === name, name);
      await page.waitForSelector('#map-problem', { state: 'visible' });
      assert.equal(
        await page.textContent('#map-problem'),
        'Every cell of layer “Tile Layer 1” holds a tile, and read as walls a tile without a ' +
          'blocked, cost or pathClass property is a wall. If this is a floor layer (a tile is ' +
          'floor, an empty cell is void), choose floor for it under Tiled layers: read ' +
          '“Tile Layer 1” as floor. Or give its walkable tiles blocked = false in Tiled.',
      );
      assert.equal(
        await page.inputValue('#tiled-layers select[data-layer="Tile Layer 1"]'),
        'walls',
      );
      assert.equal((await settledResult(page)).status, 'none');
      if (name.endsWith('.tmj')) await session.screenshot(page, 'demo-all-blocked');
      await page.click('#map-problem button');
      await page.waitForSelector('#map-problem', { state: 'hidden' });
      await settledResult(page);
      assert.deepEqual(
        await page.evaluate(() => window.tilepathDemo.cells()),
        classesOf(rows, { g: 0, r: 1 }),
        name,
      );
      assert.equal((await settledResult(page)).status, 'found', name);
      // The button made the same choice the layer chooser shows.
      assert.equal(
        await page.inputValue('#tiled-layers select[data-layer="Tile Layer 1"]'),
        'floor',
      );
    }
    assert.deepEqual(errorsOf(page), []);
  });

  test('a Tiled map opens with each layer read as its name says, and choosing another meaning reads it again', async (t) => {
    const page = await openDemo(t);
    const layerChoices = () =>
      page.$$eval('#tiled-layers select', (all) => all.map((s) => [s.dataset.layer, s.value]));
    /** Waits for the page to show `want` (a change reloads the grid), then compares. */
    async function expectCells(want, what) {
      await page
        .waitForFunction((want) => window.tilepathDemo.cells().join() === want, want.join(), {
          timeout: 60_000, // a reload on a loaded machine can take more than the 5 s this had
        })
        .catch(() => {});
      assert.deepEqual(await page.evaluate(() => window.tilepathDemo.cells()), want, what);
    }
    for (const name of ['courtyard.tmx', 'courtyard.tmj']) {
      const text = readFileSync(join(repoRoot, 'tests/fixtures/tiled', name), 'utf8');
      const cellsFor = (layers) => Array.from(readTiledMap(text, { layers }).cells);
      await dropFiles(page, [{ name, text }]);
      await page.waitForFunction((name) => window.tilepathDemo.map?.name === name, name);
      assert.equal(await page.isVisible('#tiled-layers'), true);
      // 'Ground' by its name a floor, 'Walls' walls, the object layer 'Collision' collision.
      assert.deepEqual(await layerChoices(), [
        ['Ground', 'floor'],
        ['Walls', 'walls'],
        ['Collision', 'collision'],
      ]);
      const all = [{ layer: 'Ground', tiles: 'floor' }, 'Walls', 'Collision'];
      await expectCells(cellsFor(all), `${name}: the three layers`);
      // The puddle object's cost = 4 reaches the cost table as its own class.
      const costs = new Map(await page.evaluate(() => window.tilepathDemo.costTable()));
      const { costs: wanted } = readTiledMap(text, { layers: all });
      for (const [cls, cost] of Object.entries(wanted)) assert.equal(costs.get(Number(cls)), cost);

      await page.selectOption('#tiled-layers select[data-layer="Collision"]', 'ignore');
      const noObjects = cellsFor([{ layer: 'Ground', tiles: 'floor' }, 'Walls']);
      assert.notDeepEqual(noObjects, cellsFor(all), 'the objects block some cells');
      await expectCells(noObjects, `${name}: collision objects ignored`);
      if (name.endsWith('.tmx')) {
        await page.$eval('#tiled-layers', (el) => el.scrollIntoView({ block: 'center' }));
        await session.screenshot(page, 'demo-tiled-layers');
      }
      await page.selectOption('#tiled-layers select[data-layer="Ground"]', 'ignore');
      await expectCells(cellsFor(['Walls']), `${name}: walls alone`);
      const { route } = await page.evaluate(() => window.tilepathDemo);
      for (const end of [route.start, route.goal]) assert.ok(end.x < 10 && end.y < 8);
      assert.equal((await settledResult(page)).status, 'found', name);
    }
    await page.selectOption('#map-select', 'gen:terrain');
    await page.waitForFunction(() => window.tilepathDemo.map?.name !== 'courtyard.tmj');
    assert.equal(await page.isVisible('#tiled-layers'), false);
    assert.deepEqual(errorsOf(page), []);
  });

  test('layers inside groups are listed by path, and object properties mark a collision layer', async (t) => {
    const page = await openDemo(t);
    // prettier-ignore
    const rows = [
      'ffffff',
      'ff..ff',
      'ffffff',
    ];
    const drawn = JSON.parse(tiledMap(rows, { layer: 'Floor', gids: { f: 1, '.': 0 } }).tmj);
    const [floor] = drawn.layers;
    const box = (id, x, properties = []) => ({ id, x, y: 0, width: 16, height: 16, properties });
    const blocked = [{ name: 'blocked', type: 'bool', value: true }];
    drawn.layers = [
      { type: 'group', id: 2, name: 'Level 1', layers: [floor] },
      { type: 'tilelayer', id: 3, name: 'Decor', width: 6, height: 3, data: Array(18).fill(1) },
      // Named like nothing, but its object says blocked: a collision layer.
      { type: 'objectgroup', id: 4, name: 'Props', objects: [box(1, 0, blocked)] },
      // Neither name nor properties: ignored.
      { type: 'objectgroup', id: 5, name: 'Spawns', objects: [box(2, 80)] },
    ];
    const text = JSON.stringify(drawn);
    await dropFiles(page, [{ name: 'grouped.tmj', text }]);
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'grouped.tmj');
    assert.deepEqual(
      await page.$$eval('#tiled-layers select', (all) =>
        all.map((s) => [s.dataset.layer, s.value]),
      ),
      [
        ['Level 1/Floor', 'floor'],
        ['Decor', 'ignore'],
        ['Props', 'collision'],
        ['Spawns', 'ignore'],
      ],
    );
    const want = readTiledMap(text, {
      layers: [{ layer: 'Level 1/Floor', tiles: 'floor' }, 'Props'],
    });
    assert.deepEqual(
      await page.evaluate(() => window.tilepathDemo.cells()),
      Array.from(want.cells),
    );
    // prettier-ignore
    assert.deepEqual(Array.from(want.cells), classesOf([
      '100000',
      '001100',
      '000000',
    ], { 0: 0, 1: 1 }));
    assert.deepEqual(errorsOf(page), []);
  });

  test('a map the cost table blocks entirely says which cost to raise', async (t) => {
    const page = await openDemo(t);
    await pickMap(page, 'arena.map');
    const setGroundCost = (cost) =>
      page.$eval(
        '#cost-0',
        (el, cost) => {
          el.value = String(cost);
          el.dispatchEvent(new Event('input'));
        },
        cost,
      );
    await setGroundCost(0);
    assert.equal(
      await page.textContent('#map-problem'),
      'Every cell is Ground or Wall, and the cost table blocks them all: raise the Ground cost ' +
        'above 0 under Terrain costs.',
    );
    assert.equal((await settledResult(page)).status, 'none');
    await setGroundCost(1);
    assert.equal(await page.isVisible('#map-problem'), false);
    assert.equal((await settledResult(page)).status, 'found');
    assert.deepEqual(errorsOf(page), []);
  });

  test('the search options are visible without scrolling at 1280x720, in every mode', async (t) => {
    const page = await openDemo(t);
    for (const mode of ['path', 'step', 'agents', 'defence', 'crowd', 'tactics']) {
      await page.click(`[data-mode="${mode}"]`);
      const hidden = await page.evaluate(() => {
        const out = [];
        for (const el of document.querySelectorAll('#group-search select, #group-search input')) {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          const seen =
            r.width > 0 &&
            r.top >= 0 &&
            r.left >= 0 &&
            r.bottom <= innerHeight &&
            r.right <= innerWidth &&
            el.closest('label').contains(document.elementFromPoint(x, y));
          if (!seen) out.push(el.id);
        }
        return out;
      });
      assert.deepEqual(hidden, [], `${mode} mode: controls out of sight`);
      const disabled = await page.$$eval(UNUSED_OPTIONS, (list) => list.length);
      const greyed = { agents: 7, defence: 10, crowd: 10, tactics: 10 }[mode] ?? 0;
      assert.equal(disabled, greyed, `${mode} mode: options greyed out`);
      await session.screenshot(page, `demo-1280x720-${mode}`);
    }
    assert.deepEqual(errorsOf(page), []);
  });

  /** pageGrid's grid, disposed when the test ends. */
  async function syncGrid(t, page) {
    const grid = await pageGrid(page);
    t.after(() => grid.dispose());
    return grid;
  }

  /** Costs as the test hook sends them: Infinity (not JSON) as null. */
  const hookCosts = (costs) => Array.from(costs, (c) => (c === Infinity ? null : c));

  async function defenceField(page) {
    await page.evaluate(() => window.tilepathDemo.defence.settled());
    return page.evaluate(() => window.tilepathDemo.defence.field());
  }

  async function tacticsRange(page) {
    await page.evaluate(() => window.tilepathDemo.tactics.settled());
    return page.evaluate(() => window.tilepathDemo.tactics.range());
  }

  /** Drags a 1-cell brush of class `cls` from cell a to cell b. */
  async function paintLine(page, cls, a, b) {
    await page.click(`[data-tool="paint:${cls}"]`);
    const pa = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [a.x, a.y]);
    const pb = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [b.x, b.y]);
    await page.mouse.move(pa.x, pa.y);
    await page.mouse.down();
    await page.mouse.move(pb.x, pb.y, { steps: 12 });
    await page.mouse.up();
    await page.click('[data-tool="route"]');
  }

  /** Wheel-zooms the view around a cell until a cell is at least `pixels` wide. */
  async function zoomOnto(page, cell, pixels) {
    while ((await page.evaluate(() => window.tilepathDemo.zoom)) < pixels) {
      const p = await page.evaluate(
        ([x, y]) => window.tilepathDemo.cellToClient(x, y),
        [cell.x, cell.y],
      );
      await page.mouse.move(p.x, p.y);
      await page.mouse.wheel(0, -400);
    }
  }

  test('crowd: 1,200 units, big ones among them, pour to the goal as discs, never in a wall, and the frame graph shows the step', async (t) => {
    const page = await openDemo(t);
    await pickMap(page, MAP_NAME);
    await page.click('[data-mode="crowd"]');
    await page.waitForFunction(() => window.tilepathDemo.crowd.steps() > 30);
    const units = await page.evaluate(() => window.tilepathDemo.crowd.units());
    assert.ok(units >= 1000, `${units} units`);
    assert.ok((await page.evaluate(() => window.tilepathDemo.crowd.bigUnits())) > 50);
    await page.waitForFunction(() => window.tilepathDemo.crowd.counts().arrived > 100, null, {
      timeout: 60_000,
    });
    const cells = await page.evaluate(() => window.tilepathDemo.cells());
    const width = (await page.evaluate(() => window.tilepathDemo.map)).width;
    const positions = await page.evaluate(() => window.tilepathDemo.crowd.positions());
    for (let id = 0; id < positions.length / 2; id++) {
      const x = Math.floor(positions[2 * id]);
      const y = Math.floor(positions[2 * id + 1]);
      assert.equal(cells[y * width + x], 0, `unit ${id} stands in a wall`);
    }
    assert.ok((await page.evaluate(() => window.tilepathDemo.crowd.workShown())) > 10);
    const stepMs = await page.evaluate(() => window.tilepathDemo.crowd.medianStepMs());
    assert.ok(stepMs > 0 && stepMs < 50, `step ${stepMs} ms`);
    await session.screenshot(page, 'demo-crowd');
    // A wave from the far corner walks on.
    await page.click('#crowd-wave');
    await page.waitForFunction(() => window.tilepathDemo.crowd.steps() > 120);
    assert.ok((await page.evaluate(() => window.tilepathDemo.crowd.counts().moving)) > 100);
    t.diagnostic(`${units} units, median step ${stepMs.toFixed(2)} ms`);
    await session.screenshot(page, 'demo-crowd-wave');
    assert.deepEqual(errorsOf(page), []);
  });

  test('tower defence: the field to the clicked exits is the sync API field, units walk down it, and a painted wall changes it', async (t) => {
    const page = await openDemo(t);
    await pickMap(page, MAP_NAME);
    await page.click('[data-mode="defence"]');
    const s = scenario();
    await clickCell(page, s.startX, s.startY);
    await page.keyboard.down('Shift');
    await clickCell(page, s.goalX, s.goalY);
    await page.keyboard.up('Shift');
    const goals = [
      [s.startX, s.startY],
      [s.goalX, s.goalY],
    ];
    let field = await defenceField(page);
    assert.deepEqual(
      field.exits.map((e) => [e.x, e.y]),
      goals,
      'a click set the exit, a shift-click added one',
    );
    assert.equal(field.where, 'worker', 'the field is computed in the PathWorker');
    assert.equal(field.options.diagonal, 'noCorners', "the search panel's diagonal rule");
    let grid = await syncGrid(t, page);
    let sync = grid.flowField(goals, { diagonal: 'noCorners' });
    assert.deepEqual(field.costs, hookCosts(sync.costs));
    assert.deepEqual(field.directions, Array.from(sync.directions));
    assert.ok(field.costs.filter((c) => c !== null).length > 1000, 'the field covers the map');

    // The diagonal rule of the search panel reaches the field.
    await page.selectOption('#opt-diagonal', 'always');
    field = await defenceField(page);
    assert.equal(field.options.diagonal, 'always');
    sync = grid.flowField(goals, { diagonal: 'always' });
    assert.deepEqual(field.directions, Array.from(sync.directions));
    assert.deepEqual(field.costs, hookCosts(sync.costs));

    // The wave walks down the field: the mean cost to an exit from the walking units falls.
    await page.waitForFunction(() => window.tilepathDemo.defence.counts()?.walking > 100);
    const cost0 = await page.evaluate(() => window.tilepathDemo.defence.meanCost());
    await page.waitForFunction(
      (cost0) => window.tilepathDemo.defence.meanCost() < cost0 - 10,
      cost0,
      { timeout: 120_000 },
    );

    // A wall across the way from the farthest cell to its exit: the worker computes a new field.
    const map = await page.evaluate(() => window.tilepathDemo.map);
    let far = -1;
    for (let i = 0; i < sync.costs.length; i++) {
      if (sync.costs[i] !== Infinity && (far < 0 || sync.costs[i] > sync.costs[far])) far = i;
    }
    const way = sync.pathFrom(far % map.width, Math.floor(far / map.width));
    const k = Math.floor(way.length / 4) * 2; // a cell halfway along (x, y pairs)
    const [x, y] = [way[k], way[k + 1]];
    const fields = await page.evaluate(() => window.tilepathDemo.defence.fields);
    const clamp = (v, hi) => Math.max(0, Math.min(hi - 1, v));
    await paintLine(
      page,
      1,
      { x: clamp(x - 4, map.width), y: clamp(y - 4, map.height) },
      { x: clamp(x + 4, map.width), y: clamp(y + 4, map.height) },
    );
    await page.waitForFunction((n) => window.tilepathDemo.defence.fields > n, fields);
    const after = await defenceField(page);
    assert.notDeepEqual(after.costs, field.costs, 'the wall changed the field');
    grid = await syncGrid(t, page);
    sync = grid.flowField(goals, { diagonal: 'always' });
    assert.deepEqual(after.costs, hookCosts(sync.costs));
    assert.deepEqual(after.directions, Array.from(sync.directions));
    // "Search on the main thread" computes the same field here.
    await page.setChecked('#on-main', true);
    await page.waitForFunction(() => window.tilepathDemo.defence.field()?.where === 'main');
    assert.deepEqual((await defenceField(page)).costs, after.costs);
    await page.setChecked('#on-main', false);

    // The screenshot: the stream of units reaching an exit, and the field's arrows.
    await zoomOnto(page, { x: s.goalX, y: s.goalY }, 10);
    await page.waitForFunction(() => window.tilepathDemo.defence.counts()?.arrived >= 20, null, {
      timeout: 120_000,
    });
    await session.screenshot(page, 'demo-defence');
    assert.deepEqual(errorsOf(page), []);
  });

  test('tactics: the range of the clicked unit is the sync API range, hovering shows the route and its cost, painting terrain changes it', async (t) => {
    const page = await openDemo(t);
    await pickMap(page, MAP_NAME);
    await page.click('[data-mode="tactics"]');
    // The mode closes in on its first range: once it has, the whole map again ('f' fits it),
    // for the unit's new cell to be on screen.
    await page.evaluate(() => window.tilepathDemo.tactics.settled());
    await page.keyboard.press('f');
    const s = scenario();
    await clickCell(page, s.goalX, s.goalY);
    await page.$eval('#tactics-points', (input) => {
      input.value = '14';
      input.dispatchEvent(new Event('input'));
    });
    let range = await tacticsRange(page);
    assert.deepEqual(range.unit, { x: s.goalX, y: s.goalY }, 'a click placed the unit');
    assert.deepEqual(range.options, { diagonal: 'noCorners', maxCost: 14 });
    assert.equal(range.where, 'worker', 'the range is computed in the PathWorker');
    let grid = await syncGrid(t, page);
    let sync = grid.reachable(s.goalX, s.goalY, range.options);
    assert.deepEqual(range.costs, hookCosts(sync.costs));
    assert.deepEqual(range.cells, Array.from(sync.cells));
    assert.ok(range.cells.length / 2 > 100, `${range.cells.length / 2} cells in range`);

    // Hover the dearest cell in range: its route and cost are the sync API's.
    await zoomOnto(page, range.unit, 12);
    const n = range.cells.length;
    const end = { x: range.cells[n - 2], y: range.cells[n - 1] };
    const p = await page.evaluate(
      ([x, y]) => window.tilepathDemo.cellToClient(x, y),
      [end.x, end.y],
    );
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(
      ([x, y]) => {
        const h = window.tilepathDemo.tactics.hovered;
        return h && h.x === x && h.y === y;
      },
      [end.x, end.y],
    );
    const hovered = await page.evaluate(() => window.tilepathDemo.tactics.hovered);
    assert.deepEqual(hovered.path, Array.from(sync.pathTo(end.x, end.y)));
    assert.equal(hovered.cost, sync.costAt(end.x, end.y));
    assert.ok(hovered.cost <= 14 && hovered.cost > 7, `the route costs ${hovered.cost}`);
    assert.equal(await page.textContent('#stat-cost'), hovered.cost.toFixed(2));
    await session.screenshot(page, 'demo-tactics');

    // Swamp (cost 4) painted around the unit: the range shrinks, still the sync API's.
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const clamp = (v, hi) => Math.max(0, Math.min(hi - 1, v));
    const ranges = await page.evaluate(() => window.tilepathDemo.tactics.ranges);
    const ux = s.goalX;
    const uy = s.goalY;
    await paintLine(
      page,
      4,
      { x: clamp(ux - 6, map.width), y: clamp(uy + 2, map.height) },
      { x: clamp(ux + 6, map.width), y: clamp(uy + 2, map.height) },
    );
    await page.waitForFunction((n) => window.tilepathDemo.tactics.ranges > n, ranges);
    const before = range;
    range = await tacticsRange(page);
    assert.notDeepEqual(range.costs, before.costs, 'the swamp changed the range');
    grid = await syncGrid(t, page);
    sync = grid.reachable(s.goalX, s.goalY, range.options);
    assert.deepEqual(range.costs, hookCosts(sync.costs));
    assert.deepEqual(range.cells, Array.from(sync.cells));
    assert.deepEqual(errorsOf(page), []);
  });

  test('served by `npm run demo` with no environment variable, the map picker lists the eight Moving AI maps', async (t) => {
    const env = { ...process.env, PORT: '0' };
    delete env.TILEPATH_MOVINGAI;
    const server = spawn(process.execPath, [join(repoRoot, 'js', 'tools', 'serve.mjs')], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    t.after(() => server.kill());
    let output = '';
    const url = await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        output += chunk;
        const m = /tilepath demo: http:\/\/localhost:(\d+)\/demo\//.exec(output);
        if (m) resolve(`http://127.0.0.1:${m[1]}/demo/`);
      });
      server.on('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${output}`)));
    });
    assert.equal(
      output.split('\n')[0],
      `Moving AI maps: 8 from ${join(repoRoot, 'tests', 'data', 'movingai')}`,
    );
    const page = await session.newPage();
    t.after(() => page.close());
    await page.goto(url);
    await page.evaluate(() => window.tilepathDemo.ready);
    const listed = await page.$$eval(
      '#map-select optgroup[label="Moving AI benchmarks"] option',
      (options) => options.map((o) => [o.value, o.textContent]),
    );
    assert.deepEqual(
      listed,
      MOVING_AI_MAPS.map(({ name, width, height }) => [
        `mai:${name}`,
        `${name.replace(/\.map$/, '')} (${width}×${height})`,
      ]),
    );
    assert.deepEqual(errorsOf(page), []);
  });
});
