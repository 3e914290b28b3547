// The demo's two-floor dungeon in real Chromium: the floors are joined only by links (stairs
// and a one-way teleporter), so the path shown from upstairs to downstairs takes one. It is
// legal step by step under this test's own rule (neighbour steps onto open cells, link steps
// exactly where the map has a link), costs what a Dijkstra written here says, and its link step is
// drawn as an arc (the path's colour at the arc's middle, far from the straight line). The
// screenshot lands in test-results/screenshots/demo-links.png.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';

const PATH_RGB = [0x20, 0xd8, 0xff];

/** Cheapest cost from `start` to every cell: the neighbours onto open cells (a diagonal under
 * noCorners needs both side cells open), a step paying its length times the cell's cost, and
 * the links. */
function dijkstra(map, open, costAt, start) {
  const { width, height, links } = map;
  const dist = new Float64Array(width * height).fill(Infinity);
  dist[start] = 0;
  const queue = [[0, start]];
  while (queue.length) {
    let best = 0;
    for (let k = 1; k < queue.length; k++) if (queue[k][0] < queue[best][0]) best = k;
    const [d, c] = queue.splice(best, 1)[0];
    if (d > dist[c]) continue;
    const x = c % width;
    const y = (c - x) / width;
    const next = [];
    const free = (cx, cy) =>
      cx >= 0 && cy >= 0 && cx < width && cy < height && open(cy * width + cx);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if ((!dx && !dy) || !free(x + dx, y + dy)) continue;
        if (dx && dy && !(free(x + dx, y) && free(x, y + dy))) continue;
        const n = (y + dy) * width + x + dx;
        next.push([n, (dx && dy ? Math.SQRT2 : 1) * costAt(n)]);
      }
    }
    for (const l of links) {
      if (l.ay * width + l.ax === c) next.push([l.by * width + l.bx, l.cost]);
      if (!l.oneWay && l.by * width + l.bx === c) next.push([l.ay * width + l.ax, l.cost]);
    }
    for (const [n, cost] of next) if (d + cost < dist[n]) queue.push([(dist[n] = d + cost), n]);
  }
  return dist;
}

describe('demo: a two-floor dungeon with stairs and a teleporter', () => {
  let session;
  before(async () => {
    session = await launch();
  });
  after(async () => {
    await session?.close();
  });

  test('the path from upstairs to downstairs takes a link, is optimal and legal, and its link is drawn as an arc', async (t) => {
    const page = await session.newPage();
    t.after(() => page.close());
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(session.url('/demo/'));
    await page.evaluate(() => window.tilepathDemo.ready);
    await page.selectOption('#map-size', '64');
    await page.selectOption('#map-select', 'gen:dungeon');
    await page.waitForFunction(() => window.tilepathDemo.map?.name.startsWith('dungeon'));
    await page.evaluate(() => window.tilepathDemo.settled());
    const map = await page.evaluate(() => window.tilepathDemo.map);
    const cells = await page.evaluate(() => window.tilepathDemo.cells());
    const table = new Map(await page.evaluate(() => window.tilepathDemo.costTable()));
    const open = (i) => (table.get(cells[i]) ?? 0) > 0;
    assert.equal(map.links.length, 2, 'stairs and a teleporter');
    const half = Math.floor(map.width / 2);
    // Nothing walks from one floor to the other: every link joins the two halves.
    for (const l of map.links) assert.ok(l.ax < half && l.bx >= half, JSON.stringify(l));

    const last = await page.evaluate(() => window.tilepathDemo.last);
    const { sx, sy, gx, gy, options } = last.query;
    assert.ok(sx < half && gx >= half, 'start upstairs, goal downstairs');
    assert.equal(last.status, 'found');
    assert.equal(options.diagonal, 'noCorners', "the demo's default corner rule");
    const { path, links } = last;
    assert.ok(links.length >= 1, 'the path takes a link');
    // Legal step by step.
    let cost = 0;
    for (let k = 0; k + 1 < path.length / 2; k++) {
      const [x0, y0, x1, y1] = path.slice(2 * k, 2 * k + 4);
      if (links.includes(k)) {
        const link = map.links.find(
          (l) =>
            (l.ax === x0 && l.ay === y0 && l.bx === x1 && l.by === y1) ||
            (!l.oneWay && l.bx === x0 && l.by === y0 && l.ax === x1 && l.ay === y1),
        );
        assert.ok(link, `step ${k} (${x0},${y0}) -> (${x1},${y1}) is a link's`);
        cost += link.cost;
      } else {
        const [dx, dy] = [x1 - x0, y1 - y0];
        assert.ok(Math.max(Math.abs(dx), Math.abs(dy)) === 1, `step ${k} is to a neighbour`);
        assert.ok(open(y1 * map.width + x1), `step ${k} enters an open cell`);
        if (dx && dy) {
          const sides = open(y0 * map.width + x1) && open(y1 * map.width + x0);
          assert.ok(sides, `step ${k} cuts no corner`);
        }
        cost += (dx && dy ? Math.SQRT2 : 1) * table.get(cells[y1 * map.width + x1]);
      }
    }
    assert.ok(Math.abs(cost - last.cost) < 1e-6, `walked ${cost}, shown ${last.cost}`);
    const costAt = (i) => table.get(cells[i]);
    const best = dijkstra(map, open, costAt, sy * map.width + sx)[gy * map.width + gx];
    assert.ok(Math.abs(best - last.cost) < 1e-6, `optimum ${best}, shown ${last.cost}`);

    // The link step drawn as an arc: the path's colour at the arc's middle.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
    const k = links[0];
    const [x0, y0, x1, y1] = path.slice(2 * k, 2 * k + 4);
    const middle = await page.evaluate(
      ([x0, y0, x1, y1]) => window.tilepathDemo.arcToClient(x0, y0, x1, y1),
      [x0, y0, x1, y1],
    );
    const colour = await page.evaluate((p) => {
      const canvas = document.getElementById('map');
      const box = canvas.getBoundingClientRect();
      const s = canvas.width / box.width;
      const ctx = canvas.getContext('2d');
      return [
        ...ctx.getImageData(Math.round((p.x - box.left) * s), Math.round((p.y - box.top) * s), 1, 1)
          .data,
      ];
    }, middle);
    assert.ok(
      colour.slice(0, 3).every((v, j) => Math.abs(v - PATH_RGB[j]) < 40),
      `the arc's middle shows the path's colour, got rgb(${colour.slice(0, 3)})`,
    );
    await session.screenshot(page, 'demo-links');
    assert.deepEqual(
      session.errorsOf(page).filter((e) => !e.includes('favicon')),
      [],
    );
  });
});
