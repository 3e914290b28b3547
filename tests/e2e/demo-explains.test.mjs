// The demo says what it shows, in Chromium: why a search found no path (result.reason, checked
// against a flood fill of the test's own), isometric maps drawn as Tiled's diamonds, a tactics
// range that reads at the default zoom in colours no terrain has, whole-map answers with figures
// rather than dashes, and start-up frames told apart on the frame graph.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';
import { movingAiText } from '../js/support/draw-maps.mjs';

// A room sealed by walls on the right (x 12..15), open ground on the left, walls ('@') between.
const ROWS = [
  '................@@@@@@',
  '................@....@',
  '.....@@@@.......@....@',
  '.....@..........@....@',
  '.....@..........@@@@@@',
  '................@.....',
  '......................',
  '..........@@@.........',
];

/** The test's own reading of the map: '.' open, anything else a wall; 8 neighbours, no corner
 * cutting, as the demo's default diagonal rule. */
function reference(rows) {
  const h = rows.length;
  const w = rows[0].length;
  const open = (x, y) => x >= 0 && y >= 0 && x < w && y < h && rows[y][x] === '.';
  const reach = (sx, sy) => {
    const seen = new Set([`${sx},${sy}`]);
    const queue = [[sx, sy]];
    while (queue.length) {
      const [x, y] = queue.shift();
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const nx = x + dx;
          const ny = y + dy;
          if (!open(nx, ny) || seen.has(`${nx},${ny}`)) continue;
          if (dx && dy && !(open(x + dx, y) && open(x, y + dy))) continue;
          seen.add(`${nx},${ny}`);
          queue.push([nx, ny]);
        }
    }
    return seen;
  };
  return { w, h, open, reach };
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

/** Hue in degrees of a CSS #rrggbb colour or an [r, g, b] triple. */
function hueOf(colour) {
  const [r, g, b] = (
    Array.isArray(colour) ? colour : [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16))
  ).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (!d) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('the demo explains what it shows', () => {
  let session;
  before(async () => {
    session = await launch();
  });
  after(async () => {
    await session?.close();
  });

  async function openDemo(t) {
    const page = await session.newPage();
    t.after(() => page.close());
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(session.url('/demo/'));
    await page.evaluate(() => window.tilepathDemo.ready);
    await page.evaluate(() => window.tilepathDemo.settled());
    return page;
  }

  /** The goal dragged to (gx, gy), as a person moves G; the answer shown once it is in. */
  async function moveGoal(page, [gx, gy]) {
    await page.evaluate(() => window.tilepathDemo.settled());
    const { goal } = await page.evaluate(() => window.tilepathDemo.route);
    const at = (x, y) => page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    if (goal.x !== gx || goal.y !== gy) {
      const from = await at(goal.x, goal.y);
      const to = await at(gx, gy);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
    }
    await page.waitForFunction(
      ([gx, gy]) => {
        const q = window.tilepathDemo.last?.query;
        return q && q.gx === gx && q.gy === gy;
      },
      [gx, gy],
    );
    await page.evaluate(() => window.tilepathDemo.settled());
    return page.evaluate(() => window.tilepathDemo.last);
  }

  test('every "no path" says why, as a flood fill of the map says', async (t) => {
    const page = await openDemo(t);
    await dropFiles(page, [{ name: 'sealed.map', text: movingAiText(ROWS) }]);
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'sealed.map');
    await page.evaluate(() => window.tilepathDemo.settled());
    const ref = reference(ROWS);
    const { start: s } = await page.evaluate(() => window.tilepathDemo.route);
    const start = [s.x, s.y];
    assert.ok(ref.open(...start), 'the demo starts on open ground');
    const reached = ref.reach(...start);
    // Every cell as a goal would be many searches: each kind, several times, across the map.
    const goals = [];
    for (let y = 0; y < ref.h; y++)
      for (let x = 0; x < ref.w; x++) {
        const room = x >= 17 && x <= 20 && y >= 1 && y <= 3; // the sealed room, all of it
        if (room || (x * 7 + y * 3) % 5 === 0) goals.push([x, y]);
      }
    const seen = { goalBlocked: 0, unreachable: 0, found: 0 };
    for (const goal of goals) {
      if (goal[0] === start[0] && goal[1] === start[1]) continue;
      const last = await moveGoal(page, goal);
      const expected = !ref.open(...goal)
        ? 'goalBlocked'
        : reached.has(`${goal[0]},${goal[1]}`)
          ? 'found'
          : 'unreachable';
      const where = `goal (${goal})`;
      if (expected === 'found') {
        assert.equal(last.status, 'found', where);
        assert.equal(last.reason, null, where);
        assert.equal(last.shown.reason, '', `${where}: nothing to explain`);
      } else {
        assert.equal(last.status, 'none', where);
        assert.equal(last.reason, expected, where);
        assert.equal(last.shown.status, 'no path', where);
        const words = expected === 'goalBlocked' ? /is a blocked cell/ : /seal the goal .* off/;
        assert.match(last.shown.reason, words, where);
        assert.ok(last.shown.reason.includes(`(${goal[0]}, ${goal[1]})`), `${where} named`);
      }
      seen[expected]++;
    }
    for (const [kind, n] of Object.entries(seen)) assert.ok(n >= 3, `${n} goals ${kind}`);
    await session.screenshot(page, 'demo-reason-unreachable');

    // A budget too small for a reachable goal: 'budget', and with partial the path gets close.
    await page.fill('#opt-budget', '4');
    await page.dispatchEvent('#opt-budget', 'change');
    const far = await moveGoal(page, [10, 6]);
    assert.equal(far.status, 'none');
    assert.equal(far.reason, 'budget');
    assert.match(far.shown.reason, /budget ran out: \d+ cells expanded/);
    await page.check('#opt-partial');
    const partial = await moveGoal(page, [10, 5]);
    assert.equal(partial.status, 'partial');
    assert.equal(partial.reason, 'budget');
    assert.match(partial.shown.reason, /gets as close as it can/);
    await session.screenshot(page, 'demo-reason-budget');
  });

  test('an isometric Tiled map is drawn as diamonds, where Tiled draws them', async (t) => {
    const page = await openDemo(t);
    await page.selectOption('#map-select', 'tiled:isometric.tmx');
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'isometric.tmx');
    await page.evaluate(() => window.tilepathDemo.settled());
    const map = await page.evaluate(() => window.tilepathDemo.map);
    assert.equal(map.shape?.orientation, 'isometric');
    // The tiles alone: no heat map, and the path's cells are left out of the sample below.
    await page.uncheck('#opt-heat');
    await page.evaluate(() => window.tilepathDemo.settled());
    const { path } = await page.evaluate(() => window.tilepathDemo.last);
    // Cells under the path's line, or near S and G (their disks are wider than a tile).
    const onPath = new Set();
    for (let k = 0; k < path.length; k += 2) onPath.add(`${path[k]},${path[k + 1]}`);
    const { start, goal } = await page.evaluate(() => window.tilepathDemo.route);
    for (const m of [start, goal])
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) onPath.add(`${m.x + dx},${m.y + dy}`);
    const at = (x, y) => page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), [x, y]);
    const o = await at(5, 5);
    const right = await at(6, 5);
    const down = await at(5, 6);
    // Tiled: one step in x goes half a tile right and down, one in y half a tile left and down.
    const k = 32 / 64; // tileheight / tilewidth of the example
    assert.ok(right.x - o.x > 2, 'x runs to the right');
    assert.ok(Math.abs((right.y - o.y) / (right.x - o.x) - k) < 0.02, 'and down, at 2:1');
    assert.ok(Math.abs(down.x - o.x + (right.x - o.x)) < 0.5, 'y runs to the left');
    assert.ok(Math.abs(down.y - right.y) < 0.5, 'and down as much');
    // What is drawn at each tile's centre is that tile's class, and the square cell's corner
    // that lies outside the diamond belongs to a neighbour: a diamond, not a square.
    const cells = await page.evaluate(() => window.tilepathDemo.cells());
    const pixels = await page.evaluate(
      (points) => {
        const canvas = document.getElementById('map');
        const box = canvas.getBoundingClientRect();
        const ctx = canvas.getContext('2d');
        const s = canvas.width / box.width;
        return points.map(([x, y]) =>
          Array.from(
            ctx.getImageData(Math.round((x - box.left) * s), Math.round((y - box.top) * s), 1, 1)
              .data,
          ).slice(0, 3),
        );
      },
      await Promise.all(
        Array.from({ length: 64 }, (_, i) => [(i * 7) % 32, (i * 13) % 32]).map(async ([x, y]) => {
          const c = await at(x, y);
          return [c.x, c.y];
        }),
      ),
    );
    const classOf = Array.from(
      { length: 64 },
      (_, i) => cells[((i * 13) % 32) * 32 + ((i * 7) % 32)],
    );
    const colourOf = new Map();
    let agree = 0;
    let sampled = 0;
    for (let i = 0; i < 64; i++) {
      if (onPath.has(`${(i * 7) % 32},${(i * 13) % 32}`)) continue;
      sampled++;
      const key = pixels[i].join();
      if (!colourOf.has(classOf[i])) colourOf.set(classOf[i], key);
      if (colourOf.get(classOf[i]) === key) agree++;
    }
    await session.screenshot(page, 'demo-isometric');
    assert.ok(sampled >= 40, `${sampled} tiles sampled`);
    // (The image is drawn scaled, smoothed: a pixel by a dark neighbour may blend with it.)
    assert.ok(
      agree >= sampled * 0.9,
      `${agree} of ${sampled} tile centres show their class's colour`,
    );
    assert.ok(colourOf.size >= 2, 'the sample holds several classes');
    await session.screenshot(page, 'demo-isometric');
  });

  test('the tactics range fills a good share of the view, in colours that are not water', async (t) => {
    const page = await openDemo(t);
    await page.click('button[data-mode=tactics]');
    await page.waitForFunction(() => window.tilepathDemo.tactics.range() !== null);
    await page.evaluate(() => window.tilepathDemo.tactics.settled());
    const range = await page.evaluate(() => window.tilepathDemo.tactics.range());
    const pts = [];
    for (let k = 0; k < range.cells.length; k += 2)
      pts.push(
        await page.evaluate(
          ([x, y]) => window.tilepathDemo.cellToClient(x, y),
          [range.cells[k], range.cells[k + 1]],
        ),
      );
    const span = Math.max(
      Math.max(...pts.map((p) => p.x)) - Math.min(...pts.map((p) => p.x)),
      Math.max(...pts.map((p) => p.y)) - Math.min(...pts.map((p) => p.y)),
    );
    const canvas = await page.$eval('#map', (c) => c.getBoundingClientRect().height);
    assert.ok(span >= canvas * 0.3, `the range spans ${span} px of a ${canvas} px view`);
    // The shade of a reached cell next to the unit, as drawn: far in hue from the water's blue.
    const { unit } = range;
    const { width } = await page.evaluate(() => window.tilepathDemo.map);
    const near = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]
      .map(([dx, dy]) => [unit.x + dx, unit.y + dy])
      .find(([x, y]) => range.costs[y * width + x] > 0);
    assert.ok(near, 'a reached neighbour of the unit');
    const c = await page.evaluate(([x, y]) => window.tilepathDemo.cellToClient(x, y), near);
    const rgb = await page.evaluate(
      ([x, y]) => {
        const canvas = document.getElementById('map');
        const box = canvas.getBoundingClientRect();
        const s = canvas.width / box.width;
        const d = canvas
          .getContext('2d')
          .getImageData(Math.round((x - box.left) * s), Math.round((y - box.top) * s), 1, 1).data;
        return [d[0], d[1], d[2]];
      },
      [c.x, c.y],
    );
    const water = hueOf('#4d86c4');
    const gap = Math.abs(((hueOf(rgb) - water + 540) % 360) - 180);
    assert.ok(
      180 - gap >= 60,
      `the range's hue ${hueOf(rgb)} is ${180 - gap} degrees from water's`,
    );
    await session.screenshot(page, 'demo-tactics-range');
  });

  test('after a range or a field, the last-search box gives figures, and hovering the unit no zero route', async (t) => {
    const page = await openDemo(t);
    const box = () =>
      page.$$eval('.group.first dl.stats div', (divs) =>
        Object.fromEntries(
          divs.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent]),
        ),
      );
    for (const mode of ['tactics', 'defence']) {
      await page.click(`button[data-mode=${mode}]`);
      const hook = mode === 'tactics' ? 'tactics' : 'defence';
      await page.waitForFunction(
        (hook) =>
          hook === 'tactics'
            ? window.tilepathDemo.tactics.range() !== null
            : window.tilepathDemo.defence.field() !== null,
        hook,
      );
      await page.evaluate((hook) => window.tilepathDemo[hook].settled(), hook);
      await page.waitForFunction(
        () => !/–/.test(document.querySelector('.group.first').textContent),
      );
      const shown = await box();
      for (const [label, value] of Object.entries(shown))
        assert.doesNotMatch(value, /–|^0\.00$|^0 steps/, `${mode}: ${label} ${value}`);
      const cost = Object.entries(shown).find(([l]) => l.startsWith('farthest'));
      assert.ok(cost && Number(cost[1]) > 0, `${mode}: the farthest cell's cost ${cost}`);
      await session.screenshot(page, `demo-${mode}-figures`);
    }
    await page.click('button[data-mode=tactics]');
    await page.evaluate(() => window.tilepathDemo.tactics.settled());
    const { unit } = await page.evaluate(() => window.tilepathDemo.tactics.range());
    const p = await page.evaluate(
      ([x, y]) => window.tilepathDemo.cellToClient(x, y),
      [unit.x, unit.y],
    );
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(() => document.getElementById('cell-info').textContent !== '');
    const shown = await box();
    for (const value of Object.values(shown)) assert.doesNotMatch(value, /^0\.00$|^0 steps/);
  });

  test('start-up frames are grey on the frame graph, explained, and not the worst frame', async (t) => {
    const page = await openDemo(t);
    // Wait for the running demo's own frames to follow the start-up ones (on a slow machine the
    // page can be read while it is still starting).
    await page.waitForFunction(() => window.tilepathDemo.shownFrames().some(([, s]) => !s));
    const frames = await page.evaluate(() => window.tilepathDemo.shownFrames());
    const startUp = frames.filter(([, s]) => s);
    assert.ok(startUp.length > 0, 'the frames of the start-up are on the graph');
    // Start-up comes first: no start-up frame after a frame of the running demo.
    const firstOwn = frames.findIndex(([, s]) => !s);
    assert.ok(firstOwn > 0 && frames.slice(firstOwn).every(([, s]) => !s));
    const note = page.locator('#frame-note');
    assert.equal(await note.isVisible(), true);
    assert.match(await note.textContent(), /starting/);
    // Read in one go: the graph moves on every frame.
    const [shown, worst] = await page.evaluate(() => [
      window.tilepathDemo.shownFrames(),
      window.tilepathDemo.worstFrame(180),
    ]);
    const ownWorst = Math.max(0, ...shown.filter(([, s]) => !s).map(([ms]) => ms));
    assert.ok(Math.abs(worst - ownWorst) < 1e-3, `worst ${worst} is the demo's own ${ownWorst}`);
    await session.screenshot(page, 'demo-start-up');
  });
});
