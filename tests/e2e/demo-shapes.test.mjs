// The demo on hexagonal and staggered maps in real Chromium: start and goal are clicked at pixel
// positions this test computes from Tiled's layout (its own formulas, not the demo's), the path
// shown is legal step by step under this test's own neighbour rule, costs what the API and a
// Dijkstra written here say, and is drawn over the tiles it names; a wall painted by clicking a
// tile lands on that tile; step mode and the agents run there too. Screenshots land in
// test-results/screenshots/.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';
import { createPathfinder } from '../../js/node.js';

/** The path's colour in path mode (view.js). */
const PATH_RGB = [0x20, 0xd8, 0xff];
const WALL = 1;

// --- the layout and the neighbour rules, written from Tiled's and the definitions -----

/** Centre of tile (x, y) in map pixels, as Tiled's hexagonal renderer places it. */
function tiledCentre(s, x, y) {
  const side = s.orientation === 'hexagonal' ? s.hexSideLength : 0;
  const shiftedParity = s.staggerIndex === 'odd' ? 1 : 0;
  if (s.staggerAxis === 'y') {
    const rowHeight = Math.floor((s.tileHeight - side) / 2) + side;
    const shift = (y & 1) === shiftedParity ? Math.floor(s.tileWidth / 2) : 0;
    return { x: x * s.tileWidth + shift + s.tileWidth / 2, y: y * rowHeight + s.tileHeight / 2 };
  }
  const columnWidth = Math.floor((s.tileWidth - side) / 2) + side;
  const shift = (x & 1) === shiftedParity ? Math.floor(s.tileHeight / 2) : 0;
  return { x: x * columnWidth + s.tileWidth / 2, y: y * s.tileHeight + shift + s.tileHeight / 2 };
}

/**
 * The steps from tile (x, y): [nx, ny, factor, sides] where factor is 1 for a step across an
 * edge and √2 for one across a corner (staggered only), and sides the two edge neighbours beside
 * that corner. Worked in (along, across) so that one rule serves both stagger axes: rows of
 * tiles run along, and the shifted ones sit half a tile further along.
 */
function steps(s, x, y) {
  const byX = s.staggerAxis === 'x';
  const [a, r] = byX ? [y, x] : [x, y]; // index along the row, row number
  const shifted = (r & 1) === (s.staggerIndex === 'odd' ? 1 : 0);
  // In the rows before and after, the two tiles touching this one: a-1, a or a, a+1.
  const lo = shifted ? a : a - 1;
  const cell = (along, row) => (byX ? [row, along] : [along, row]);
  const up = [cell(lo, r - 1), cell(lo + 1, r - 1)];
  const down = [cell(lo, r + 1), cell(lo + 1, r + 1)];
  const out = [...up, ...down].map(([nx, ny]) => [nx, ny, 1, null]);
  if (s.orientation === 'hexagonal') {
    out.push([...cell(a - 1, r), 1, null], [...cell(a + 1, r), 1, null]);
  } else {
    // Diamonds: the corner neighbours, with the two edge neighbours beside each corner.
    out.push([...cell(a - 1, r), Math.SQRT2, [up[0], down[0]]]);
    out.push([...cell(a + 1, r), Math.SQRT2, [up[1], down[1]]]);
    out.push([...cell(a, r - 2), Math.SQRT2, up]);
    out.push([...cell(a, r + 2), Math.SQRT2, down]);
  }
  return out;
}

/** The legal steps from (x, y) on this map under the 'noCorners' rule, with their costs. */
function moves(map, costOf, x, y) {
  const { width, height, shape } = map;
  const open = ([cx, cy]) =>
    cx >= 0 && cy >= 0 && cx < width && cy < height && costOf(map.cells[cy * width + cx]) > 0;
  return steps(shape, x, y)
    .filter(([nx, ny, , sides]) => open([nx, ny]) && (!sides || sides.every(open)))
    .map(([nx, ny, factor]) => [nx, ny, factor * costOf(map.cells[ny * width + nx])]);
}

/** Plain Dijkstra over those moves: the cheapest cost from start to every cell. */
function dijkstra(map, costOf, start) {
  const dist = new Float64Array(map.width * map.height).fill(Infinity);
  const done = new Uint8Array(dist.length);
  dist[start.y * map.width + start.x] = 0;
  const heap = [[0, start.x, start.y]];
  const push = (item) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (heap[p][0] <= heap[i][0]) break;
      [heap[p], heap[i]] = [heap[i], heap[p]];
      i = p;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const m = l + 1 < heap.length && heap[l + 1][0] < heap[l][0] ? l + 1 : l;
        if (l >= heap.length || heap[i][0] <= heap[m][0]) break;
        [heap[m], heap[i]] = [heap[i], heap[m]];
        i = m;
      }
    }
    return top;
  };
  while (heap.length) {
    const [d, x, y] = pop();
    const i = y * map.width + x;
    if (done[i]) continue;
    done[i] = 1;
    for (const [nx, ny, c] of moves(map, costOf, x, y)) {
      const j = ny * map.width + nx;
      if (d + c < dist[j]) {
        dist[j] = d + c;
        push([d + c, nx, ny]);
      }
    }
  }
  return dist;
}

const near = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

describe('demo page on hexagonal and staggered maps', () => {
  let session;
  let pathfinder;
  before(async () => {
    [session, pathfinder] = await Promise.all([launch(), createPathfinder()]);
  });
  after(() => session?.close());

  const errorsOf = (page) => session.errorsOf(page).filter((e) => !e.includes('favicon'));

  async function openDemo(t) {
    const page = await session.newPage();
    t.after(() => page.close());
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(session.url('/demo/'));
    await page.evaluate(() => window.tilepathDemo.ready);
    await page.evaluate(() => window.tilepathDemo.settled());
    return page;
  }

  /** Picks a generated 64² map of this shape ('hexagonal:y:odd', ...). */
  async function pickShape(page, value) {
    await page.selectOption('#map-size', '64');
    await page.selectOption('#map-shape', value);
    const suffix = value.replaceAll(':', '-');
    await page.waitForFunction(
      (suffix) => window.tilepathDemo.map?.name.endsWith(`-64-1-${suffix}`),
      suffix,
    );
    await page.evaluate(() => window.tilepathDemo.settled());
  }

  /** The page's map (cells, shape) and cost table. */
  async function pageMap(page) {
    const map = await page.evaluate(() => window.tilepathDemo.map);
    map.cells = Uint8Array.from(await page.evaluate(() => window.tilepathDemo.cells()));
    const table = new Map(await page.evaluate(() => window.tilepathDemo.costTable()));
    const costOf = (cls) => table.get(cls) ?? (cls === WALL ? 0 : 1);
    return { map, table, costOf };
  }

  /** Page position of tile (x, y)'s centre, from Tiled's layout and the view's placement. */
  async function tileToClient(page, shape, x, y) {
    const { rect, scale } = await page.evaluate(() => ({
      rect: window.tilepathDemo.mapRect(),
      scale: window.tilepathDemo.tileScale,
    }));
    const c = tiledCentre(shape, x, y);
    return { x: rect.x + c.x * scale, y: rect.y + c.y * scale };
  }

  /**
   * Clicks tile (x, y) off its centre, up and left by a fifth of the tile: still inside it, but
   * not on the edge of a tile of a layout that is off by half a tile.
   */
  async function clickTile(page, shape, x, y) {
    const { rect, scale } = await page.evaluate(() => ({
      rect: window.tilepathDemo.mapRect(),
      scale: window.tilepathDemo.tileScale,
    }));
    const c = tiledCentre(shape, x, y);
    const px = c.x - shape.tileWidth * 0.2;
    const py = c.y - shape.tileHeight * 0.15;
    await page.mouse.click(rect.x + px * scale, rect.y + py * scale);
  }

  /** Two open tiles far apart that the reference Dijkstra connects. */
  function farEndpoints(map, costOf) {
    const { width, height } = map;
    const open = (x, y) => costOf(map.cells[y * width + x]) > 0;
    const corner = (fx, fy) => {
      let best = null;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const d = Math.hypot(x / width - fx, y / height - fy);
          if (open(x, y) && (!best || d < best.d)) best = { x, y, d };
        }
      return best;
    };
    const start = corner(0.15, 0.85);
    const dist = dijkstra(map, costOf, start);
    let goal = null;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const d = Math.hypot(x / width - 0.85, y / height - 0.15);
        if (dist[y * width + x] < Infinity && (!goal || d < goal.d)) goal = { x, y, d };
      }
    return { start: { x: start.x, y: start.y }, goal: { x: goal.x, y: goal.y }, dist };
  }

  /** Checks a path step by step: legal moves only, and the cost is the sum of their costs. */
  function checkPath(map, costOf, path, start, goal) {
    assert.deepEqual([path[0], path[1]], [start.x, start.y], 'the path starts at S');
    assert.deepEqual(path.slice(-2), [goal.x, goal.y], 'the path ends at G');
    let cost = 0;
    for (let i = 2; i < path.length; i += 2) {
      const [px, py, x, y] = [path[i - 2], path[i - 1], path[i], path[i + 1]];
      const move = moves(map, costOf, px, py).find(([nx, ny]) => nx === x && ny === y);
      assert.ok(move, `step ${i / 2}: (${px}, ${py}) -> (${x}, ${y}) is not a legal move`);
      cost += move[2];
    }
    return cost;
  }

  /** The share of the path's step midpoints (ends aside) where the canvas shows its colour. */
  async function pathDrawnShare(page, shape, path) {
    const points = [];
    for (let i = 4; i < path.length - 4; i += 2) {
      const a = await tileToClient(page, shape, path[i - 2], path[i - 1]);
      const b = await tileToClient(page, shape, path[i], path[i + 1]);
      points.push({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    }
    const colours = await page.evaluate((points) => {
      const canvas = document.getElementById('map');
      const box = canvas.getBoundingClientRect();
      const k = canvas.width / box.width;
      const ctx = canvas.getContext('2d');
      return points.map((p) => [
        ...ctx.getImageData(Math.round((p.x - box.left) * k), Math.round((p.y - box.top) * k), 1, 1)
          .data,
      ]);
    }, points);
    const hits = colours.filter((c) =>
      c.slice(0, 3).every((v, j) => Math.abs(v - PATH_RGB[j]) < 40),
    );
    return hits.length / Math.max(1, colours.length);
  }

  /** The sync API's answer on a grid of the same shape, cells and costs. */
  function syncAnswer(map, table, query) {
    const { orientation, staggerAxis, staggerIndex } = map.shape;
    const grid = pathfinder.createGrid(map.width, map.height, {
      cells: map.cells,
      orientation,
      staggerAxis,
      staggerIndex,
    });
    try {
      for (const [cls, cost] of table) grid.setCost(cls, cost);
      const r = grid.findPath(query.sx, query.sy, query.gx, query.gy, query.options);
      return { status: r.status, path: Array.from(r.path), cost: r.cost };
    } finally {
      grid.dispose();
    }
  }

  /**
   * On the map shown, of this shape: S and G clicked on two far tiles, and the path shown is
   * legal, of the reference cost and the API's, and drawn over its tiles.
   */
  async function checkClickedRoute(page, [orientation, staggerAxis, staggerIndex], name) {
    const { map, table, costOf } = await pageMap(page);
    assert.deepEqual(
      [map.shape.orientation, map.shape.staggerAxis, map.shape.staggerIndex],
      [orientation, staggerAxis, staggerIndex],
    );
    const { start, goal, dist } = farEndpoints(map, costOf);
    await page.click('[data-tool="route"]');
    await clickTile(page, map.shape, start.x, start.y);
    await clickTile(page, map.shape, goal.x, goal.y);
    await page.evaluate(() => window.tilepathDemo.settled());
    const last = await page.evaluate(() => window.tilepathDemo.last);
    assert.deepEqual(
      [last.query.sx, last.query.sy, last.query.gx, last.query.gy],
      [start.x, start.y, goal.x, goal.y],
      'the clicks picked the tiles under them',
    );
    assert.equal(last.status, 'found');
    const walked = checkPath(map, costOf, last.path, start, goal);
    assert.ok(near(last.cost, walked), `cost ${last.cost} is the sum of its steps ${walked}`);
    const optimal = dist[goal.y * map.width + goal.x];
    assert.ok(near(last.cost, optimal), `cost ${last.cost}, reference Dijkstra ${optimal}`);
    const sync = syncAnswer(map, table, last.query);
    assert.deepEqual({ path: last.path, cost: last.cost }, { path: sync.path, cost: sync.cost });
    const share = await pathDrawnShare(page, map.shape, last.path);
    assert.ok(share > 0.9, `the path is drawn between its tiles' centres (${share})`);
    await session.screenshot(page, `demo-shape-${name}`);
    assert.deepEqual(errorsOf(page), []);
  }

  for (const value of [
    'hexagonal:y:odd',
    'hexagonal:x:even',
    'staggered:y:even',
    'staggered:x:odd',
  ]) {
    test(`${value}: S and G clicked on the tiles, a legal path of the API's cost drawn over them`, async (t) => {
      const page = await openDemo(t);
      await pickShape(page, value);
      await checkClickedRoute(page, value.split(':'), value.replaceAll(':', '-'));
    });
  }

  test('hexagons: a wall painted by clicking a tile of the path lands there, and the path goes round it', async (t) => {
    const page = await openDemo(t);
    await pickShape(page, 'hexagonal:y:even');
    const before = await page.evaluate(() => window.tilepathDemo.last);
    const { map } = await pageMap(page);
    const k = Math.floor(before.path.length / 4) * 2;
    const [x, y] = [before.path[k], before.path[k + 1]];
    await page.click('[data-tool="paint:1"]');
    await clickTile(page, map.shape, x, y);
    await page.evaluate(() => window.tilepathDemo.settled());
    const after = await page.evaluate(() => window.tilepathDemo.last);
    const { map: painted, costOf } = await pageMap(page);
    assert.equal(painted.cells[y * map.width + x], WALL, `tile (${x}, ${y}) is a wall`);
    const changed = painted.cells.reduce((n, c, i) => n + (c !== map.cells[i] ? 1 : 0), 0);
    assert.equal(changed, 1, 'one click paints one tile');
    const start = { x: after.query.sx, y: after.query.sy };
    const goal = { x: after.query.gx, y: after.query.gy };
    const walked = checkPath(painted, costOf, after.path, start, goal);
    assert.ok(near(after.cost, walked));
    const optimal = dijkstra(painted, costOf, start)[goal.y * map.width + goal.x];
    assert.ok(near(after.cost, optimal), `cost ${after.cost}, reference Dijkstra ${optimal}`);
    await session.screenshot(page, 'demo-shape-hex-wall');
    assert.deepEqual(errorsOf(page), []);
  });

  test('the neighbour rule is named, and what the shape does not use is disabled', async (t) => {
    const page = await openDemo(t);
    await page.check('#opt-smooth');
    const state = () =>
      page.evaluate(() => ({
        rule: document.getElementById('neighbour-rule').textContent,
        diagonal: document.getElementById('opt-diagonal').disabled,
        smooth: document.getElementById('opt-smooth').disabled,
        options: { ...window.tilepathDemo.last.query.options },
      }));
    await pickShape(page, 'hexagonal:x:odd');
    let s = await state();
    assert.match(s.rule, /Hexagons \(odd columns shifted\): 6 neighbours/);
    assert.deepEqual([s.diagonal, s.smooth, s.options.smooth], [true, true, false]);
    await pickShape(page, 'staggered:y:odd');
    s = await state();
    assert.match(s.rule, /Staggered diamonds \(odd rows shifted\)/);
    assert.deepEqual([s.diagonal, s.smooth, s.options.smooth], [false, true, false]);
    // Back on squares, the box still ticked smooths the very first search.
    await page.selectOption('#map-shape', 'orthogonal');
    await page.waitForFunction(() => window.tilepathDemo.map?.name === 'terrain-64-1');
    await page.evaluate(() => window.tilepathDemo.settled());
    s = await state();
    assert.match(s.rule, /^Squares/);
    assert.deepEqual([s.diagonal, s.smooth, s.options.smooth], [false, false, true]);
    assert.deepEqual(errorsOf(page), []);
  });

  test('step mode and agents on a staggered map: the replay ends on the path, units walk', async (t) => {
    const page = await openDemo(t);
    await pickShape(page, 'staggered:x:even');
    const last = await page.evaluate(() => window.tilepathDemo.last);
    await page.click('button[data-mode="step"]');
    await page.click('#step-end');
    const text = await page.textContent('#step-progress');
    assert.match(text, new RegExp(`path found, cost ${last.cost.toFixed(2)}`), text);
    await session.screenshot(page, 'demo-shape-staggered-step');
    await page.click('button[data-mode="agents"]');
    await page.waitForFunction(() => window.tilepathDemo.agentCounts()?.moving > 10);
    await session.screenshot(page, 'demo-shape-staggered-agents');
    assert.deepEqual(errorsOf(page), []);
  });

  for (const [file, ...shape] of [
    ['hex-pointy-odd.tmx', 'hexagonal', 'y', 'odd'],
    ['hex-flat-even.tmj', 'hexagonal', 'x', 'even'],
    ['staggered-y-odd.tmx', 'staggered', 'y', 'odd'],
    ['staggered-x-even.tmj', 'staggered', 'x', 'even'],
  ]) {
    test(`Tiled example ${file}: read with its shape, S and G clicked, the path legal and optimal`, async (t) => {
      const page = await openDemo(t);
      await page.selectOption('#map-select', `tiled:${file}`);
      await page.waitForFunction((file) => window.tilepathDemo.map?.name === file, file);
      await page.evaluate(() => window.tilepathDemo.settled());
      await checkClickedRoute(page, shape, file.replace('.', '-'));
    });
  }
});
