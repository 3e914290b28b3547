// A crowd on a map with one-way classes and links, with rule edits between steps, run the same
// way in-thread, through a PathWorker and an InThreadPathWorker (tests/js/core/crowd.test.mjs,
// tests/js/worker/crowd-worker.test.mjs). The rules are kept here beside the grid's, and after
// every step each agent's change of cell is checked against them: the same cell, a neighbour
// whose class's entry rule takes that step's direction, or the far end of a link it may take.

const DIRECTIONS = ['right', 'left', 'down', 'up', 'downRight', 'downLeft', 'upRight', 'upLeft'];
/** @param {number} dx @param {number} dy */
const direction = (dx, dy) => DIRECTIONS[[7, 3, 6, 1, -1, 0, 5, 2, 4][3 * (dy + 1) + (dx + 1)]];

export const RULES_WIDTH = 30;
export const RULES_HEIGHT = 20;

function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    return s / 4294967296;
  };
}

/** The map's cells: walls (1), ground (0) and one-way classes 2 to 4. */
export function rulesCells(seed = 29) {
  const next = random(seed);
  const cells = new Uint8Array(RULES_WIDTH * RULES_HEIGHT);
  for (let i = 0; i < cells.length; i++) {
    const r = next();
    cells[i] = r < 0.12 ? 1 : r < 0.34 ? 2 + Math.floor(next() * 3) : 0;
  }
  return cells;
}

/**
 * Runs the scenario. `map` is the grid or the worker (setCost, setEntry, addLink, removeLink,
 * setCell), `cells` its cells as rulesCells gave them, `crowd` a crowd on it (in-thread or a
 * worker's: every call is awaited), `step(dt)` its step resolving with the positions.
 * Returns what was seen.
 * @param {any} map
 * @param {Uint8Array} cells
 * @param {any} crowd
 * @param {(dt: number) => Promise<Float32Array>} step
 */
export async function rulesScenario(map, cells, crowd, step, seed = 7) {
  const next = random(seed);
  const cellsNow = Uint8Array.from(cells);
  /** @type {Map<number, string[] | null>} */
  const entry = new Map();
  /** @type {{ id: number, a: number, b: number, oneWay: boolean }[]} */
  const links = [];
  const open = () => {
    for (;;) {
      const c = Math.floor(next() * cellsNow.length);
      if (cellsNow[c] !== 1) return c;
    }
  };
  const setEntry = (cls, names) => {
    map.setEntry(cls, names);
    entry.set(cls, names);
  };
  const addLink = (a, b, oneWay) => {
    const w = RULES_WIDTH;
    const id = map.addLink(a % w, Math.floor(a / w), b % w, Math.floor(b / w), { cost: 1, oneWay });
    links.push({ id, a, b, oneWay });
  };
  const linked = (from, to) =>
    links.some((l) => (l.a === from && l.b === to) || (!l.oneWay && l.b === from && l.a === to));
  const allowed = (from, to) => {
    if (from === to) return true;
    if (cellsNow[to] === 1) return false;
    if (linked(from, to)) return true;
    const dx = (to % RULES_WIDTH) - (from % RULES_WIDTH);
    const dy = Math.floor(to / RULES_WIDTH) - Math.floor(from / RULES_WIDTH);
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return false;
    const rule = entry.get(cellsNow[to]);
    return rule === undefined || rule === null || rule.includes(direction(dx, dy));
  };
  // Whether straight steps (the crowd's plans on a grid with entry rules) and links lead from
  // one cell to the other: a BFS.
  const reaches = (from, to) => {
    const seenCells = new Uint8Array(cellsNow.length);
    const queue = [from];
    seenCells[from] = 1;
    for (let k = 0; k < queue.length; k++) {
      const c = queue[k];
      if (c === to) return true;
      const x = c % RULES_WIDTH;
      const y = Math.floor(c / RULES_WIDTH);
      const around = [];
      if (x + 1 < RULES_WIDTH) around.push(c + 1);
      if (x > 0) around.push(c - 1);
      if (y + 1 < RULES_HEIGHT) around.push(c + RULES_WIDTH);
      if (y > 0) around.push(c - RULES_WIDTH);
      for (const l of links) {
        if (l.a === c) around.push(l.b);
        if (!l.oneWay && l.b === c) around.push(l.a);
      }
      for (const n of around) {
        if (!seenCells[n] && allowed(c, n)) {
          seenCells[n] = 1;
          queue.push(n);
        }
      }
    }
    return false;
  };
  const cellOf = (positions, id) =>
    Math.floor(positions[2 * id + 1]) * RULES_WIDTH + Math.floor(positions[2 * id]);

  for (let cls = 2; cls <= 4; cls++) map.setCost(cls, 1);
  setEntry(2, ['right']); // a belt
  setEntry(3, ['down', 'downLeft', 'downRight']); // a ledge
  setEntry(4, ['up', 'left']);
  for (let k = 0; k < 4; k++) addLink(open(), open(), k % 2 === 1);

  const ids = [];
  while (ids.length < 40) {
    const c = open();
    const x = (c % RULES_WIDTH) + 0.5;
    const y = Math.floor(c / RULES_WIDTH) + 0.5;
    const radius = 0.25 + (ids.length % 5) * 0.05;
    ids.push(await crowd.addAgent({ x, y, radius, maxSpeed: 2 + (ids.length % 3) }));
  }
  const target = async (id) => {
    const g = open();
    await crowd.setTarget(id, (g % RULES_WIDTH) + 0.5, Math.floor(g / RULES_WIDTH) + 0.5);
    return g;
  };
  let positions = await step(1 / 60);
  const before = ids.map((id) => cellOf(positions, id));
  const seen = { frames: 0, jumps: 0, violations: /** @type {string[]} */ ([]), positions };
  const check = (frame) => {
    for (const id of ids) {
      const now = cellOf(positions, id);
      if (now !== before[id] && linked(before[id], now)) seen.jumps++;
      if (!allowed(before[id], now) && seen.violations.length < 5) {
        seen.violations.push(`frame ${frame}: agent ${id} from cell ${before[id]} to ${now}`);
      }
      before[id] = now;
    }
    seen.frames++;
  };
  for (let frame = 0; frame < 1200; frame++) {
    if (frame % 200 === 0) {
      for (const id of ids) await target(id);
      const g = open();
      // A third of them as one group: they crowd round its target and jostle.
      await crowd.setGroupTarget(
        ids.slice(0, 14),
        (g % RULES_WIDTH) + 0.5,
        Math.floor(g / RULES_WIDTH) + 0.5,
      );
    }
    if (frame % 50 === 25) {
      const kind = Math.floor(next() * 5);
      if (kind === 0) {
        const names = DIRECTIONS.filter(() => next() < 0.4);
        setEntry(2 + Math.floor(next() * 3), names.length === 0 ? null : names);
      } else if (kind === 1) {
        addLink(open(), open(), next() < 0.5);
      } else if (kind === 2 && links.length > 0) {
        const [gone] = links.splice(Math.floor(next() * links.length), 1);
        map.removeLink(gone.id);
      } else {
        const c = open();
        const cls = next() < 0.25 ? 0 : 2 + Math.floor(next() * 3);
        map.setCell(c % RULES_WIDTH, Math.floor(c / RULES_WIDTH), cls);
        cellsNow[c] = cls;
      }
    }
    positions = await step(1 / 60);
    check(frame);
  }
  // No more edits: fresh targets, and 60 s to reach them.
  const expected = [];
  for (const id of ids) {
    const g = await target(id);
    expected.push(reaches(before[id], g) ? 'arrived' : 'unreachable');
  }
  for (let frame = 0; frame < 3600; frame++) {
    positions = await step(1 / 60);
    check(1200 + frame);
  }
  seen.positions = positions;
  seen.expected = expected;
  seen.states = [];
  for (const id of ids) seen.states.push(await crowd.state(id));
  return seen;
}

/**
 * The scenario on an in-thread grid of `tilepath` (createPathfinder's): the grid (still live),
 * its crowd, the cells and what was seen.
 * @param {any} tilepath
 */
export async function rulesInThread(tilepath) {
  const cells = rulesCells();
  const grid = tilepath.createGrid(RULES_WIDTH, RULES_HEIGHT, cells);
  const crowd = grid.createCrowd({ maxAgents: 64 });
  const seen = await rulesScenario(grid, cells, crowd, async (dt) => {
    crowd.step(dt);
    return crowd.positions();
  });
  return { grid, crowd, cells, seen };
}
