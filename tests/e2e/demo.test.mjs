// The demo page in real Chromium: it loads cleanly, what it draws is what the sync API computes,
// painting reaches the worker as small deltas, agents keep the frames coming, and it fits a
// laptop screen and a phone. Screenshots land in test-results/screenshots/demo-*.png.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './harness.mjs';
import { movingAiFolder } from '../../js/tools/serve.mjs';
import { createPathfinder } from '../../js/node.js';

const MAP_NAME = 'den011d.map'; // 247x167: big enough to matter, cells still several pixels wide
const mapFile = join(movingAiFolder(), MAP_NAME);
// Outside CI a checkout without the Moving AI maps skips these two tests, saying why; in CI
// (CI=true) they run and fail loudly, like every other suite that needs the maps.
const haveMaps = existsSync(mapFile) || Boolean(process.env.CI);

/** Moving AI .map -> cells, read here independently of the demo's own reader. */
function readMap(text) {
  const lines = text.split(/\r?\n/);
  const height = Number(/^height (\d+)/m.exec(text)[1]);
  const width = Number(/^width (\d+)/m.exec(text)[1]);
  const first = lines.indexOf('map') + 1;
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      cells[y * width + x] = '.GS'.includes(lines[first + y][x]) ? 0 : 1;
  }
  return { width, height, cells };
}

/**
 * A long problem from the map's scenario file (solvable by construction), though not the
 * longest: the demo shows that one when the map is picked, and the clicks must change something.
 */
function scenario() {
  const rows = readFileSync(`${mapFile}.scen`, 'utf8').trim().split('\n').slice(1);
  const problems = rows.map((row) => {
    const f = row.trim().split(/\s+/);
    return { sx: +f[4], sy: +f[5], gx: +f[6], gy: +f[7], optimal: +f[8] };
  });
  problems.sort((a, b) => a.optimal - b.optimal);
  return problems[Math.floor(problems.length * 0.75)];
}

function pathCells(path) {
  const out = [];
  for (let i = 0; i < path.length; i += 2) out.push(`${path[i]},${path[i + 1]}`);
  return out;
}

describe('demo page', () => {
  let session;
  let page;
  let pathfinder;
  const errors = () => session.errors.filter((e) => !e.includes('favicon'));

  before(async () => {
    session = await launch();
    pathfinder = await createPathfinder();
    page = await session.newPage('/demo/');
    await page.evaluate(() => window.tilepathDemo.ready);
  });

  after(async () => {
    await session?.close();
  });

  async function clickCell(x, y) {
    const p = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    await page.mouse.click(p.x, p.y);
  }

  async function settledResult() {
    await page.evaluate(() => window.tilepathDemo.settled());
    return page.evaluate(() => window.tilepathDemo.last);
  }

  /** The sync API's answer for the page's current cells and the page's last query. */
  async function syncAnswer(last) {
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

  test('loads with a path on screen and no console errors', async () => {
    const last = await settledResult();
    assert.equal(last.status, 'found');
    assert.ok(last.path.length >= 4, 'a path of at least two cells is drawn');
    assert.equal(last.where, 'worker', 'interactive queries run in the PathWorker');
    await session.screenshot(page, 'demo-1280x720-path');
    assert.deepEqual(errors(), []);
  });

  test(
    'a Moving AI map picked in the menu, start and goal set by clicking: the path shown is the sync API path',
    { skip: !haveMaps && `no ${MAP_NAME} in ${movingAiFolder()}` },
    async () => {
      await page.selectOption('#map-select', `mai:${MAP_NAME}`);
      await page.waitForFunction((name) => window.tilepathDemo.map?.name === name, MAP_NAME);
      await page.click('[data-tool="route"]');
      const s = scenario();
      await clickCell(s.sx, s.sy);
      await clickCell(s.gx, s.gy);
      const last = await settledResult();
      assert.deepEqual(
        [last.query.sx, last.query.sy, last.query.gx, last.query.gy],
        [s.sx, s.sy, s.gx, s.gy],
        'the clicks landed on the intended cells',
      );
      // The cells the page searched are the file's cells.
      const fromFile = readMap(readFileSync(mapFile, 'utf8'));
      assert.deepEqual(
        await page.evaluate(() => window.tilepathDemo.cells()),
        Array.from(fromFile.cells),
      );
      const sync = await syncAnswer(last);
      assert.equal(last.status, 'found');
      assert.deepEqual(last.path, sync.path);
      assert.ok(Math.abs(last.cost - sync.cost) < 1e-9);
      // The demo's default options are the Moving AI rules, so the benchmark's length holds.
      assert.equal(last.query.options.diagonal, 'noCorners');
      assert.ok(
        Math.abs(last.cost - s.optimal) < 1e-3,
        `cost ${last.cost} vs optimal ${s.optimal}`,
      );
      await session.screenshot(page, 'demo-movingai-path');
      assert.deepEqual(errors(), []);
    },
  );

  test(
    'painting a wall across the path changes the path, and the stroke reaches the worker as small deltas',
    { skip: !haveMaps && `no ${MAP_NAME}` },
    async () => {
      const before = await settledResult();
      const bytesBefore = (await page.evaluate(() => window.tilepathDemo.workerStats()))
        .bytesPosted;
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
      const pa = await page.evaluate(
        ([x, y]) => window.tilepathDemo.cellToClient(x, y),
        [a.x, a.y],
      );
      const pb = await page.evaluate(
        ([x, y]) => window.tilepathDemo.cellToClient(x, y),
        [b.x, b.y],
      );
      await page.mouse.move(pa.x, pa.y);
      await page.mouse.down();
      await page.mouse.move(pb.x, pb.y, { steps: 12 });
      await page.mouse.up();
      const after = await settledResult();

      const cells = await page.evaluate(() => window.tilepathDemo.cells());
      assert.equal(cells[y * map.width + x], 1, 'the cell the path crossed is now a wall');
      assert.notDeepEqual(after.path, before.path);
      for (const c of pathCells(after.path)) {
        const [cx, cy] = c.split(',').map(Number);
        assert.notEqual(cells[cy * map.width + cx], 1, `new path goes through wall ${c}`);
      }
      assert.deepEqual(after.path, (await syncAnswer(after)).path);
      const posted =
        (await page.evaluate(() => window.tilepathDemo.workerStats())).bytesPosted - bytesBefore;
      assert.ok(
        posted > 0 && posted < (map.width * map.height) / 4,
        `stroke posted ${posted} bytes`,
      );
      await session.screenshot(page, 'demo-wall-painted');
      assert.deepEqual(errors(), []);
    },
  );

  test('every option in the search panel reaches the query, and the path still matches the sync API', async () => {
    await page.click('[data-tool="route"]');
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
      const last = await settledResult();
      const expected = {
        weight: 1,
        maxExpansions: 0,
        partial: false,
        goal: 'exact',
        smooth: false,
        ...want,
      };
      for (const [key, value] of Object.entries(expected)) {
        assert.equal(last.query.options[key], value, `${JSON.stringify(want)}: option ${key}`);
      }
      const sync = await syncAnswer(last);
      assert.equal(last.status, sync.status, JSON.stringify(want));
      assert.deepEqual(last.path, sync.path, JSON.stringify(want));
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
    // Back to the defaults for the tests below.
    await page.selectOption('#opt-algorithm', 'astar');
    await page.selectOption('#opt-goal', 'exact');
    assert.deepEqual(errors(), []);
  });

  test('the wheel zooms around the cursor and a right-drag pans', async () => {
    const last = await settledResult();
    const [x, y] = [last.path[0], last.path[1]];
    const before = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    const zoom0 = await page.evaluate(() => window.tilepathDemo.zoom);
    await page.mouse.move(before.x, before.y);
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(100);
    const zoom1 = await page.evaluate(() => window.tilepathDemo.zoom);
    assert.ok(zoom1 > zoom0 * 1.5, `zoom ${zoom0} -> ${zoom1}`);
    const after = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    assert.ok(
      Math.hypot(after.x - before.x, after.y - before.y) < zoom1,
      'the cell stays under the cursor',
    );
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(before.x + 120, before.y - 60, { steps: 5 });
    await page.mouse.up({ button: 'right' });
    const panned = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    assert.ok(Math.abs(panned.x - after.x - 120) < 1 && Math.abs(panned.y - after.y + 60) < 1);
    await session.screenshot(page, 'demo-zoomed');
    assert.deepEqual(last.path, (await settledResult()).path, 'panning is not painting or routing');
    await page.click('#zoom-fit');
    assert.equal(await page.evaluate(() => window.tilepathDemo.zoom), zoom0);
  });

  test('step mode replays the search one expansion at a time', async () => {
    await page.click('[data-mode="step"]');
    await page.click('#step-reset');
    for (let i = 0; i < 5; i++) await page.click('#step-forward');
    assert.match(await page.textContent('#step-progress'), /^Expansion 5 of [\d,]+/);
    await page.click('#step-end');
    const text = await page.textContent('#step-progress');
    const total = Number(/of ([\d,]+)/.exec(text)[1].replace(/,/g, ''));
    const expanded = Number((await page.textContent('#stat-expanded')).replace(/,/g, ''));
    assert.equal(total, expanded, 'the replay has one step per expanded cell');
    await page.click('#step-reset');
    await page.click('#step-play');
    await page.waitForTimeout(700);
    await session.screenshot(page, 'demo-step-mode');
    assert.deepEqual(errors(), []);
  });

  test('agents mode: units plan in the worker, walk to a clicked target, and frames keep coming', async () => {
    const path = (await settledResult()).path;
    await page.click('[data-mode="agents"]');
    await page.click('[data-tool="route"]');
    const frames0 = await page.evaluate(() => window.tilepathDemo.frames);
    await page.waitForTimeout(3000);
    const frames1 = await page.evaluate(() => window.tilepathDemo.frames);
    const plans = await page.evaluate(() => window.tilepathDemo.agentPlans);
    const counts = await page.evaluate(() => window.tilepathDemo.agentCounts());
    assert.ok(frames1 - frames0 >= 45, `only ${frames1 - frames0} frames in 3 s`);
    assert.ok(plans >= 100, `only ${plans} plans`);
    assert.ok(counts.moving > 0, 'units are walking');
    // Click a target (a cell of the earlier path, so a walkable one): the crowd closes in.
    const [tx, ty] = [path[path.length - 2], path[path.length - 1]];
    await page.setChecked('#agent-wander', false);
    await clickCell(tx, ty);
    const d0 = await page.evaluate(([x, y]) => window.tilepathDemo.agentDistance(x, y), [tx, ty]);
    await page.waitForTimeout(3500);
    const d1 = await page.evaluate(([x, y]) => window.tilepathDemo.agentDistance(x, y), [tx, ty]);
    // Units walk 8 cells a second along winding corridors: the straight-line mean falls slower.
    assert.ok(d1 < d0 - 10, `mean distance to the target ${d0.toFixed(1)} -> ${d1.toFixed(1)}`);
    await session.screenshot(page, 'demo-agents');
    assert.deepEqual(errors(), []);
  });

  test('fits a phone-sized window', async () => {
    const phone = await session.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(session.url('/demo/'));
    await phone.evaluate(() => window.tilepathDemo.ready);
    await phone.evaluate(() => window.tilepathDemo.settled());
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
    await phone.close();
    assert.deepEqual(errors(), []);
  });
});
