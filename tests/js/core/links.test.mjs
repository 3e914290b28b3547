// Entry rules and links through wasm (createGrid), InThreadPathWorker and a PathWorker, against a
// reference Dijkstra of this file (its own neighbours, direction names and link steps) on random
// maps with random edits between queries, and after a worker is lost; bad input; a Moving AI map.
// Run: node --test tests/js/core/links.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker, PathWorker } from '../../../js/worker-node.js';
import { random } from '../../e2e/pages/worker-maps.js';
import { recordingWorkers, nextTask } from '../support/workers.mjs';
import { loadMap, loadScenario } from '../support/movingai.mjs';

const tilepath = await createPathfinder();

// --- the reference (square grids, y down) ------------------------------------------------------

const NAMES = {
  '1,0': 'right',
  '-1,0': 'left',
  '0,1': 'down',
  '0,-1': 'up',
  '1,1': 'downRight',
  '-1,1': 'downLeft',
  '1,-1': 'upRight',
  '-1,-1': 'upLeft',
};

/** The state the reference searches: cells, costs, entry rules (class -> Set), links (id -> link). */
function model(width, height, cells) {
  return {
    width,
    height,
    cells: cells.slice(),
    costs: new Map([[0, 1]]),
    entry: new Map(),
    links: new Map(),
  };
}

function costOf(m, cls) {
  const c = m.costs.get(cls) ?? 0;
  return c === Infinity ? 0 : c;
}

function steps(m, i, diagonal) {
  const { width, height } = m;
  const x = i % width;
  const y = (i - x) / width;
  const open = (cx, cy) =>
    cx >= 0 && cy >= 0 && cx < width && cy < height && costOf(m, m.cells[cy * width + cx]) > 0;
  const out = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if ((!dx && !dy) || !open(x + dx, y + dy)) continue;
      if (dx && dy) {
        const a = open(x + dx, y);
        const b = open(x, y + dy);
        const ok =
          diagonal === 'always'
            ? true
            : diagonal === 'oneObstacle'
              ? a || b
              : diagonal === 'noCorners'
                ? a && b
                : false;
        if (!ok) continue;
      }
      const to = (y + dy) * width + x + dx;
      const allowed = m.entry.get(m.cells[to]);
      if (allowed && !allowed.has(NAMES[`${dx},${dy}`])) continue;
      out.push({ to, cost: (dx && dy ? Math.SQRT2 : 1) * costOf(m, m.cells[to]), link: false });
    }
  }
  for (const l of m.links.values()) {
    const a = l.ay * width + l.ax;
    const b = l.by * width + l.bx;
    if (a === i && open(l.bx, l.by)) out.push({ to: b, cost: l.cost, link: true });
    if (!l.oneWay && b === i && open(l.ax, l.ay)) out.push({ to: a, cost: l.cost, link: true });
  }
  return out;
}

function dijkstra(m, start, diagonal) {
  const dist = new Float64Array(m.width * m.height).fill(Infinity);
  dist[start] = 0;
  const open = [[0, start]];
  while (open.length) {
    let best = 0;
    for (let k = 1; k < open.length; k++) if (open[k][0] < open[best][0]) best = k;
    const [d, c] = open.splice(best, 1)[0];
    if (d > dist[c]) continue;
    for (const s of steps(m, c, diagonal)) {
      if (d + s.cost < dist[s.to]) open.push([(dist[s.to] = d + s.cost), s.to]);
    }
  }
  return dist;
}

/** The path's cost when every step is legal (link steps exactly at result.links), else throws. */
function walked(m, path, links, diagonal) {
  const linkAt = new Set(links ?? []);
  let cost = 0;
  for (let k = 1; k < path.length / 2; k++) {
    const from = path[2 * k - 1] * m.width + path[2 * k - 2];
    const to = path[2 * k + 1] * m.width + path[2 * k];
    const link = linkAt.has(k - 1);
    const options = steps(m, from, diagonal).filter((s) => s.to === to && s.link === link);
    if (!options.length)
      throw new Error(`illegal ${link ? 'link ' : ''}step ${k}: ${from} -> ${to}`);
    cost += Math.min(...options.map((s) => s.cost));
  }
  return cost;
}

const near = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

// --- the same random edits on a model and on any number of grids ------------------------------

function randomEdits(next, m, targets) {
  const { width, height } = m;
  const pick = (n) => Math.floor(next() * n);
  const kind = pick(5);
  if (kind === 0) {
    const x = pick(width);
    const y = pick(height);
    const cls = pick(4);
    m.cells[y * width + x] = cls;
    for (const t of targets) t.setCell(x, y, cls);
  } else if (kind === 1) {
    const cost = 1 + pick(4);
    m.costs.set(2, cost);
    for (const t of targets) t.setCost(2, cost);
  } else if (kind === 2) {
    const cls = 2 + pick(2);
    const names = Object.values(NAMES).filter(() => next() < 0.35);
    const directions = names.length ? names : null;
    if (directions) m.entry.set(cls, new Set(directions));
    else m.entry.delete(cls);
    for (const t of targets) t.setEntry(cls, directions);
  } else if (kind === 3 || m.links.size === 0) {
    const link = {
      ax: pick(width),
      ay: pick(height),
      bx: pick(width),
      by: pick(height),
      cost: pick(8) / 2,
      oneWay: next() < 0.5,
    };
    const ids = targets.map((t) =>
      t.addLink(link.ax, link.ay, link.bx, link.by, { cost: link.cost, oneWay: link.oneWay }),
    );
    assert.ok(
      ids.every((id) => id === ids[0]),
      `every layer gives link id ${ids[0]}: ${ids}`,
    );
    m.links.set(ids[0], link);
  } else {
    const id = [...m.links.keys()][pick(m.links.size)];
    m.links.delete(id);
    for (const t of targets) t.removeLink(id);
  }
}

function randomMap(next, width, height) {
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++)
    cells[i] = next() < 0.2 ? 1 : next() < 0.6 ? 0 : 2 + Math.floor(next() * 2);
  return cells;
}

// --- tests ---------------------------------------------------------------------------------------

test('a one-way row, a teleporter and result.links through the wasm grid', () => {
  const grid = tilepath.createGrid(5, 3, {
    cells: Uint8Array.from([1, 1, 1, 1, 1, 0, 2, 2, 2, 0, 1, 1, 1, 1, 1]),
  });
  try {
    grid.setCost(2, 1);
    grid.setEntry(2, ['right']);
    assert.equal(grid.findPath(0, 1, 4, 1).status, 'found');
    assert.equal(grid.findPath(4, 1, 0, 1).status, 'none');
    assert.equal(grid.canReach(4, 1, 0, 1), false);
    assert.equal(grid.canReach(0, 1, 4, 1), true);
    const id = grid.addLink(4, 1, 0, 1, { cost: 2 });
    assert.equal(id, 1);
    const back = grid.findPath(4, 1, 0, 1);
    assert.deepEqual([...back.path], [4, 1, 0, 1]);
    assert.deepEqual([...back.links], [0]);
    assert.equal(back.cost, 2);
    assert.equal(grid.canReach(4, 1, 0, 1), true);
    assert.equal(grid.findPath(4, 1, 0, 1, { algorithm: 'jps' }).algorithm, 'astar');
    assert.deepEqual(grid.links(), [{ id: 1, ax: 4, ay: 1, bx: 0, by: 1, cost: 2, oneWay: false }]);
    // Fields and ranges take the link as one step.
    const field = grid.flowField([[0, 1]]);
    assert.deepEqual(field.nextStep(4, 1), { x: 0, y: 1, link: true });
    assert.deepEqual([...field.pathFrom(4, 1)], [4, 1, 0, 1]);
    assert.equal(grid.reachable(4, 1, { maxCost: 2 }).costAt(0, 1), 2);
    assert.deepEqual([...grid.reachable(4, 1).pathTo(1, 1)], [4, 1, 0, 1, 1, 1]);
    grid.removeLink(id);
    assert.equal(grid.findPath(4, 1, 0, 1).status, 'none');
    assert.deepEqual(grid.links(), []);
    grid.setEntry(2, null);
    assert.equal(grid.findPath(4, 1, 0, 1).status, 'found');
  } finally {
    grid.dispose();
  }
});

test('bad entry rules and links are refused naming the value, and change nothing', async () => {
  const grid = tilepath.createGrid(4, 4);
  const worker = await InThreadPathWorker.create({
    width: 4,
    height: 4,
    loadPathfinder: () => createPathfinder(),
  });
  const hex = tilepath.createGrid(4, 4, { orientation: 'hexagonal' });
  try {
    for (const target of [grid, worker]) {
      assert.throws(() => target.setEntry(0, ['right', 'sideways']), {
        name: 'RangeError',
        message:
          /entry direction 'sideways' is not one of orthogonal grids' directions: 'right', 'left', 'down', 'up', 'downRight'/,
      });
      assert.throws(() => target.setEntry(256, ['right']), {
        name: 'RangeError',
        message: /class must be from 0 to 255, got 256/,
      });
      assert.throws(() => target.setEntry(0, 'right'.length), TypeError);
      assert.throws(() => target.addLink(4, 0, 1, 1, { cost: 1 }), {
        name: 'RangeError',
        message: 'ax must be from 0 to 3, got 4',
      });
      assert.throws(() => target.addLink(0, 0, 1, -1, { cost: 1 }), {
        name: 'RangeError',
        message: 'by must be from 0 to 3, got -1',
      });
      for (const cost of [-1, NaN, Infinity])
        assert.throws(() => target.addLink(0, 0, 1, 1, { cost }), {
          name: 'RangeError',
          message: new RegExp(`link cost must be a finite number >= 0, got ${cost}`),
        });
      assert.throws(() => target.addLink(0, 0, 1, 1, { cots: 1 }), {
        name: 'TypeError',
        message: /did you mean 'cost'/,
      });
      assert.throws(() => target.addLink(0, 0, 1, 1), TypeError);
      assert.throws(() => target.removeLink(1), {
        name: 'RangeError',
        message: /no link has id 1/,
      });
      const id = target.addLink(0, 0, 3, 3, { cost: 0 });
      target.removeLink(id);
      assert.throws(() => target.removeLink(id), {
        name: 'RangeError',
        message: new RegExp(`no link has id ${id}`),
      });
      assert.deepEqual(target.links(), []);
    }
    assert.throws(() => hex.setEntry(0, ['right']), {
      name: 'RangeError',
      message: /'east', 'west', 'northeast'/,
    });
    hex.setEntry(0, 'east, northwest');
    // Units bigger than a tile are refused on a grid with rules.
    grid.addLink(0, 0, 2, 2, { cost: 1 });
    assert.throws(() => grid.findPath(0, 0, 2, 1, { unitSize: 2 }), {
      message: /unitSize 2 is not supported on a grid with entry rules or links/,
    });
    assert.throws(() => grid.flowField([[1, 1]], { unitSize: 2 }), { message: /unitSize 2/ });
  } finally {
    grid.dispose();
    hex.dispose();
    worker.terminate();
  }
});

test('the wasm grid, InThreadPathWorker and a PathWorker match the reference under random edits, and after the worker is lost', async () => {
  const next = random(29);
  const width = 20;
  const height = 14;
  const workers = recordingWorkers();
  let found = 0;
  let viaLinks = 0;
  for (let map = 0; map < 4; map++) {
    const cells = randomMap(next, width, height);
    const m = model(width, height, cells);
    const grid = tilepath.createGrid(width, height, cells);
    const inThread = await InThreadPathWorker.create({
      width,
      height,
      cells: cells.slice(),
      loadPathfinder: () => createPathfinder(),
    });
    const pw = await PathWorker.create({
      width,
      height,
      cells: cells.slice(),
      worker: workers.start,
      cache: 64,
    });
    try {
      const targets = [grid, inThread, pw];
      for (const t of targets) (t.setCost(2, 2), t.setCost(3, 1.5));
      m.costs.set(2, 2);
      m.costs.set(3, 1.5);
      for (let query = 0; query < 40; query++) {
        randomEdits(next, m, targets);
        const sx = Math.floor(next() * width);
        const sy = Math.floor(next() * height);
        const gx = Math.floor(next() * width);
        const gy = Math.floor(next() * height);
        const diagonal = ['never', 'noCorners', 'oneObstacle', 'always'][query % 4];
        const algorithm = ['astar', 'dijkstra', 'jps', 'bfs'][Math.floor(query / 4) % 4];
        const options = { diagonal, algorithm };
        const dist = dijkstra(m, sy * width + sx, diagonal);
        const best =
          sx === gx && sy === gy
            ? 0
            : costOf(m, m.cells[gy * width + gx]) > 0
              ? dist[gy * width + gx]
              : Infinity;
        // A worker lost mid-stream: its replacement is rebuilt from the edit log.
        const pending = [
          grid.findPath(sx, sy, gx, gy, options),
          inThread.findPath(sx, sy, gx, gy, options),
          pw.findPath(sx, sy, gx, gy, options),
        ];
        if (query === 20) {
          await nextTask();
          workers.threads.at(-1).terminate();
        }
        const answers = await Promise.all(pending);
        for (const [k, r] of answers.entries()) {
          const where = `map ${map} query ${query} layer ${k} ${sx},${sy} -> ${gx},${gy} ${JSON.stringify(options)}`;
          assert.equal(r.status === 'found', best < Infinity, where);
          if (r.status !== 'found') continue;
          const cost = walked(m, r.path, r.links, diagonal);
          assert.ok(near(cost, r.cost), `${where}: reported ${r.cost}, walked ${cost}`);
          if (r.algorithm !== 'bfs')
            assert.ok(near(cost, best), `${where}: ${cost}, optimum ${best}`);
          assert.notEqual(r.algorithm, 'jps', where);
          found++;
          if (r.links) viaLinks++;
        }
        assert.deepEqual(answers[2].path, answers[0].path, 'the worker gives the in-thread path');
        assert.equal(
          await pw.canReach(sx, sy, gx, gy, { diagonal }),
          best < Infinity || (sx === gx && sy === gy),
        );
      }
      assert.deepEqual(pw.links(), grid.links());
      assert.deepEqual(inThread.links(), grid.links());
    } finally {
      grid.dispose();
      inThread.terminate();
      pw.terminate();
    }
  }
  assert.ok(found > 300, `found ${found}`);
  assert.ok(viaLinks > 20, `via links ${viaLinks}`);
  assert.ok(workers.threads.length >= 8, 'each lost worker was replaced');
});

test('A* equals Dijkstra with links on a Moving AI map', async () => {
  const map = loadMap('den011d.map');
  const problems = loadScenario('den011d.map');
  const grid = tilepath.createGrid(map.width, map.height, map.cells);
  try {
    const next = random(7);
    const open = [];
    for (let i = 0; i < map.cells.length; i++)
      if (grid.getCost(map.cells[i]) !== Infinity) open.push(i);
    for (let k = 0; k < 10; k++) {
      const a = open[Math.floor(next() * open.length)];
      const b = open[Math.floor(next() * open.length)];
      grid.addLink(
        a % map.width,
        Math.floor(a / map.width),
        b % map.width,
        Math.floor(b / map.width),
        { cost: 3, oneWay: k % 2 === 0 },
      );
    }
    let viaLinks = 0;
    for (let p = 0; p < problems.length; p += 25) {
      const { startX, startY, goalX, goalY } = problems[p];
      const a = grid.findPath(startX, startY, goalX, goalY, { diagonal: 'noCorners' });
      const d = grid.findPath(startX, startY, goalX, goalY, {
        diagonal: 'noCorners',
        algorithm: 'dijkstra',
      });
      assert.equal(a.status, d.status);
      assert.ok(near(a.cost, d.cost), `problem ${p}: A* ${a.cost}, Dijkstra ${d.cost}`);
      if (a.links) viaLinks++;
    }
    assert.ok(viaLinks > 5, `via links ${viaLinks}`);
  } finally {
    grid.dispose();
  }
});

test('a request sees exactly the rule edits made before it, in the same task too', async () => {
  const cells = Uint8Array.from([0, 1, 0]);
  for (const create of [
    () => PathWorker.create({ width: 3, height: 1, cells: cells.slice() }),
    () =>
      InThreadPathWorker.create({
        width: 3,
        height: 1,
        cells: cells.slice(),
        loadPathfinder: () => createPathfinder(),
      }),
  ]) {
    const pw = await create();
    try {
      const before = pw.findPath(0, 0, 2, 0);
      pw.setCell(1, 0, 1); // a cell edit, then a rule edit, in one task
      const id = pw.addLink(0, 0, 2, 0, { cost: 5 });
      const after = pw.findPath(0, 0, 2, 0);
      pw.setEntry(0, ['left']);
      const oneWay = pw.findPath(0, 0, 2, 0);
      pw.setEntry(0, null);
      pw.removeLink(id);
      const removed = pw.findPath(0, 0, 2, 0);
      assert.equal((await before).status, 'none');
      assert.deepEqual([...(await after).links], [0]);
      assert.equal((await oneWay).cost, 5, 'links ignore entry rules: a link is its own step');
      assert.equal((await removed).status, 'none');
    } finally {
      pw.terminate();
    }
  }
});

test('watched paths are alerted when their link is removed or an entry rule refuses a step', async () => {
  for (const create of [
    async () => tilepath.createGrid(12, 3),
    () => PathWorker.create({ width: 12, height: 3 }),
    () => PathWorker.create({ width: 12, height: 3, workers: 2 }), // a pool
  ]) {
    const grid = await create();
    try {
      grid.fillRect(6, 0, 1, 3, 1);
      const id = grid.addLink(5, 1, 7, 1, { cost: 1 });
      const r = await grid.findPath(0, 1, 11, 1);
      assert.deepEqual([...r.links], [5]);
      const alerts = [];
      grid.watchPath(r.path, (alert) => alerts.push(alert), { links: r.links, diagonal: 'never' });
      const straight = await grid.findPath(0, 0, 5, 0);
      grid.watchPath(straight.path, (alert) => alerts.push(alert), { diagonal: 'never' });
      assert.throws(() => grid.watchPath(r.path, () => {}), { message: /is not next to point 5/ });
      // A second link between the same cells: removing the first leaves the path legal.
      const spare = grid.addLink(7, 1, 5, 1, { cost: 1 });
      grid.removeLink(id);
      assert.deepEqual(alerts, []);
      grid.removeLink(spare);
      assert.deepEqual(
        alerts.map((a) => [a.index, a.x, a.y]),
        [[6, 7, 1]],
      );
      // Class 0 entered only downwards: the straight path's first step right is refused.
      grid.setEntry(0, ['down']);
      assert.deepEqual(
        alerts.map((a) => [a.index, a.x, a.y]),
        [
          [6, 7, 1],
          [1, 1, 0],
        ],
      );
      // A cell turned to a one-way class the path enters from a forbidden side.
      grid.setEntry(0, null);
      const third = await grid.findPath(0, 2, 5, 2);
      grid.watchPath(third.path, (alert) => alerts.push(alert), { diagonal: 'never' });
      grid.setCost(2, 1);
      grid.setEntry(2, ['left']);
      grid.setCell(3, 2, 2);
      assert.deepEqual(alerts.at(-1), { index: 3, x: 3, y: 2, cells: alerts.at(-1).cells });
    } finally {
      if (grid.dispose) grid.dispose();
      else grid.terminate();
    }
  }
});
