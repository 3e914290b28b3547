// The demo page in real Chromium: it loads cleanly, what it draws is what the sync API computes,
// painting reaches the worker as small deltas, agents keep the frames coming, and it fits a
// laptop screen and a phone. Each test opens its own page (one browser for all) and waits on
// what the page reports, never a fixed time. Screenshots land in test-results/screenshots/.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';
import { createPathfinder } from '../../js/node.js';
import { loadMap, loadScenario, matchesOptimal } from '../js/support/movingai.mjs';

const MAP_NAME = 'den011d.map'; // 247x167: big enough to matter, cells still several pixels wide

/**
 * A long problem from the map's scenario file (solvable by construction), though not the
 * longest: the demo shows that one when the map is picked, and the clicks must change something.
 */
function scenario() {
  const problems = loadScenario(MAP_NAME).sort((a, b) => a.optimal - b.optimal);
  return problems[Math.floor(problems.length * 0.75)];
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

  /** The sync API's answer for the page's current cells and the page's last query. */
  async function syncAnswer(page, last) {
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const cells = Uint8Array.from(await page.evaluate(() => window.tilepathDemo.cells()));
    const grid = pathfinder.createGrid(map.width, map.height, cells);
    // The same cost table: it scales the heuristic, so it decides ties between equal paths.
    for (const [cls, cost] of await page.evaluate(() => window.tilepathDemo.costTable())) {
      grid.setCost(cls, cost);
    }
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
      { timeout: 20_000 },
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
      { timeout: 20_000 },
    );
    await session.screenshot(page, 'demo-agents');
    assert.ok((await distance()) < d0 - 10);
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
});
