// Writes scenarios.txt: small drawn maps with the status and cost every algorithm and corner
// rule must give, as Catch2 (tests/cpp/search/scenarios_test.cpp) and node:test
// (tests/js/core/scenarios.test.mjs) both read them. The expectations come from the plain
// Dijkstra below, written for this table with its own rules and nothing from tilepath; a test
// checks that the committed file is what this script writes.
//
//   node tests/scenarios/generate.mjs               # rewrite scenarios.txt
//   import { scenariosText } from './generate.mjs'   # the same contents, in memory
//
// The file, one block a scenario, blank lines between blocks:
//   name <words>
//   row <cells>          one a map row: '.' class 0, '#' class 1, digits their class
//   costs <class>=<cost> ...   the table (inf = blocked); classes left out keep the default
//                        (class 0 costs 1, every other class is blocked)
//   shape orientation=<name> staggerAxis=<x|y> staggerIndex=<odd|even>   (square maps: none)
//   find <sx> <sy> <gx> <gy>
//   options <name>=<value> ...   as findPath takes them
//   expect <status> <cost>       cost printed as JavaScript prints the double

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SQRT2 = Math.SQRT2;

export const ALGORITHMS = ['astar', 'dijkstra', 'bfs', 'jps'];
export const RULES = ['never', 'noCorners', 'oneObstacle', 'always'];

const classOf = (ch) => (ch === '.' ? 0 : ch === '#' ? 1 : Number(ch));

/** Distance from a position to the goal under a heuristic's formula (how "nearest" is judged). */
function distance(heuristic, dx, dy) {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (heuristic === 'manhattan') return ax + ay;
  if (heuristic === 'chebyshev') return Math.max(ax, ay);
  if (heuristic === 'euclidean') return Math.sqrt(ax * ax + ay * ay);
  return Math.max(ax, ay) + (SQRT2 - 1) * Math.min(ax, ay);
}

/** Square grids: four straight steps, four diagonal ones with the two cells beside them. */
function squareSteps() {
  const out = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      out.push(dx && dy ? [dx, dy, SQRT2, [dx, 0, 0, dy]] : [dx, dy, 1, null]);
    }
  return out;
}

/**
 * Hexagonal and staggered grids, as docs/shapes.md describes them, written for axis y (every
 * other row shifted half a tile right) and turned for axis x (columns shifted down).
 */
function shapeSteps({ orientation, staggerAxis = 'y', staggerIndex = 'odd' }) {
  const shifted = (s) => (s % 2 === 1) === (staggerIndex === 'odd');
  const alongRows = (x, y) => {
    // The two cells sharing a side in the row above (dy -1) or below (+1): [dx of left, right].
    const [l, r] = shifted(y) ? [0, 1] : [-1, 0];
    const edges = [-1, 1].flatMap((dy) => [
      [l, dy, 1, null],
      [r, dy, 1, null],
    ]);
    if (orientation === 'hexagonal') return [[-1, 0, 1, null], [1, 0, 1, null], ...edges];
    // Staggered: the four tiles sharing a corner are diagonal steps between two edge tiles.
    const corners = [
      [1, 0, SQRT2, [r, -1, r, 1]],
      [-1, 0, SQRT2, [l, -1, l, 1]],
      [0, -2, SQRT2, [l, -1, r, -1]],
      [0, 2, SQRT2, [l, 1, r, 1]],
    ];
    return [...edges, ...corners];
  };
  if (staggerAxis === 'y') return alongRows;
  return (x, y) =>
    alongRows(y, x).map(([dy, dx, length, sides]) => [
      dx,
      dy,
      length,
      sides && [sides[1], sides[0], sides[3], sides[2]],
    ]);
}

/**
 * The reference: status and cost of the cheapest path under the scenario's rules.
 * Positions are a unit's top-left tile; a position is open when the n x n tiles it covers are
 * inside the map and passable; a step costs its length times the dearest tile covered at the
 * new position; the start is never checked.
 */
export function expected(s) {
  const rows = s.rows;
  const height = rows.length;
  const width = rows[0].length;
  const costs = new Map([[0, 1]]);
  for (const [cls, cost] of Object.entries(s.costs ?? {})) costs.set(Number(cls), cost);
  const tileCost = (x, y) => {
    const c = costs.get(classOf(rows[y][x])) ?? 0;
    return c > 0 && c !== Infinity ? c : 0;
  };
  const tileOpen = (x, y) => x >= 0 && y >= 0 && x < width && y < height && tileCost(x, y) > 0;
  const o = s.options ?? {};
  const n = o.unitSize ?? 1;
  const rule = o.diagonal ?? 'never';
  const heuristic = o.heuristic ?? (rule === 'never' ? 'manhattan' : 'octile');
  const open = (x, y) => {
    if (x < 0 || y < 0 || x + n > width || y + n > height) return false;
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) if (!tileOpen(x + i, y + j)) return false;
    return true;
  };
  const enter = (x, y) => {
    let c = 0;
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) c = Math.max(c, tileCost(x + i, y + j));
    return c;
  };
  // Whether the corner rule lets a step pass between two side cells (or positions).
  const cornerAllows = (a, b) =>
    rule === 'always' || (rule === 'oneObstacle' && (a || b)) || (rule === 'noCorners' && a && b);

  const [sx, sy, gx, gy] = s.find;
  const goalMode = o.goal ?? 'exact';
  // Adjacent: the footprint touches the goal tile along an edge, or at a corner where its
  // corner tile could step onto the goal under the rule.
  const beside = (x, y) => {
    const last = n - 1;
    const dx = gx < x ? gx - x : gx > x + last ? gx - x - last : 0;
    const dy = gy < y ? gy - y : gy > y + last ? gy - y - last : 0;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx === 0 && dy === 0)) return false;
    if (dx === 0 || dy === 0) return true;
    const cx = dx < 0 ? x : x + last;
    const cy = dy < 0 ? y : y + last;
    return cornerAllows(tileOpen(cx + dx, cy), tileOpen(cx, cy + dy));
  };
  const isTarget = (x, y) => (goalMode === 'adjacent' ? beside(x, y) : x === gx && y === gy);

  // The steps from (x, y): [dx, dy, length, side cells or null for a straight step].
  const steps = s.shape ? shapeSteps(s.shape) : squareSteps;

  // Plain Dijkstra with a sorted array as the queue: these maps have a few dozen cells.
  const cost = new Map();
  const key = (x, y) => y * width + x;
  const queue = [[0, sx, sy]];
  const done = new Set();
  while (queue.length) {
    queue.sort((a, b) => a[0] - b[0]);
    const [g, x, y] = queue.shift();
    if (done.has(key(x, y))) continue;
    done.add(key(x, y));
    cost.set(key(x, y), g);
    for (const [dx, dy, length, sides] of steps(x, y)) {
      if (
        sides &&
        !cornerAllows(open(x + sides[0], y + sides[1]), open(x + sides[2], y + sides[3]))
      )
        continue;
      if (!open(x + dx, y + dy) || done.has(key(x + dx, y + dy))) continue;
      queue.push([g + length * enter(x + dx, y + dy), x + dx, y + dy]);
    }
  }

  // A budget of one expansion settles the start alone (these tables use no other small budget).
  if (o.maxExpansions === 1 && !isTarget(sx, sy))
    return o.partial ? { status: 'partial', cost: 0 } : { status: 'none', cost: 0 };
  let best = Infinity;
  for (const [k, g] of cost)
    if (isTarget(k % width, Math.floor(k / width))) best = Math.min(best, g);
  if (best < Infinity) return { status: 'found', cost: best };
  if (goalMode === 'nearest' || o.partial) {
    // The reached position nearest the goal, the cheaper one on a tie.
    let near = [Infinity, Infinity];
    for (const [k, g] of cost) {
      const d = distance(heuristic, (k % width) - gx, Math.floor(k / width) - gy);
      if (d < near[0] || (d === near[0] && g < near[1])) near = [d, g];
    }
    return { status: goalMode === 'nearest' ? 'found' : 'partial', cost: near[1] };
  }
  return { status: 'none', cost: 0 };
}

// The maps. Each is searched with every algorithm and corner rule, from `find`; `shaped` ones
// on hexagonal and staggered grids too.
const MAPS = [
  { name: 'open room', rows: ['.....', '.....', '.....', '.....'], find: [0, 0, 4, 3] },
  { name: 'same cell', rows: ['...', '...'], find: [1, 1, 1, 1] },
  { name: 'wall with a gap', rows: ['..#..', '..#..', '.....', '..#..'], find: [0, 0, 4, 0] },
  {
    name: 'diagonal squeeze between two walls',
    rows: ['....', '.#..', '..#.', '....'],
    find: [1, 2, 2, 1],
  },
  { name: 'corner cut past one wall', rows: ['.#', '..'], find: [0, 0, 1, 1] },
  { name: 'corner between two walls', rows: ['.#', '#.'], find: [0, 0, 1, 1] },
  { name: 'goal walled in', rows: ['.....', '..###', '..#..', '..###'], find: [0, 0, 3, 2] },
  { name: 'goal blocked', rows: ['....', '..#.', '....'], find: [0, 0, 2, 1] },
  { name: 'start blocked', rows: ['#...', '....', '....'], find: [0, 0, 3, 2] },
  {
    name: 'maze',
    rows: ['.#.....', '.#.###.', '.#...#.', '.###.#.', '.....#.'],
    find: [0, 0, 6, 4],
  },
  {
    name: 'swamp around or through',
    rows: ['.....', '.222.', '.222.', '.222.', '.....'],
    costs: { 2: 5 },
    find: [0, 2, 4, 2],
  },
  {
    name: 'road cheaper than grass',
    rows: ['33333', '.....', '.....'],
    costs: { 0: 2, 3: 1 },
    find: [0, 2, 4, 2],
  },
  {
    name: 'every passable class costs two',
    rows: ['......', '..#...', '..#...', '......'],
    costs: { 0: 2 },
    find: [0, 1, 5, 2],
  },
  {
    name: 'mud and walls',
    rows: ['..4...', '.#4##.', '..4..4', '##4#..', '......'],
    costs: { 4: 3 },
    find: [0, 0, 5, 2],
  },
  {
    name: 'two kinds of ground, both costing 1',
    rows: ['.5.5.', '5#5#5', '.5.5.'],
    costs: { 5: 1 },
    find: [0, 0, 4, 2],
  },
  {
    name: 'a door made passable',
    rows: ['..#..', '..6..', '..#..'],
    costs: { 6: 4 },
    find: [0, 1, 4, 1],
  },
  {
    name: 'wall down a column',
    rows: ['...#...', '...#...', '...#...', '...#...', '.......'],
    find: [0, 1, 6, 1],
    shaped: true,
  },
  {
    name: 'marsh in the middle',
    rows: ['......', '.2222.', '.2#22.', '.2222.', '......'],
    costs: { 2: 3 },
    find: [0, 2, 5, 2],
    shaped: true,
  },
];

// Extra queries on some maps: goal modes, partial paths, heuristics, unit sizes.
const EXTRAS = [
  { map: 'goal blocked', options: { goal: 'adjacent' } },
  { map: 'goal blocked', options: { goal: 'nearest' } },
  { map: 'goal blocked', options: { partial: true } },
  { map: 'goal walled in', options: { goal: 'nearest' } },
  { map: 'goal walled in', options: { partial: true } },
  { map: 'goal walled in', options: { goal: 'adjacent' } },
  { map: 'wall with a gap', options: { goal: 'adjacent' }, find: [0, 0, 2, 1] },
  { map: 'corner cut past one wall', options: { goal: 'adjacent' }, find: [0, 0, 1, 0] },
  { map: 'open room', options: { partial: true, maxExpansions: 1 } },
  { map: 'maze', options: { partial: true, maxExpansions: 1 } },
  { map: 'maze', options: { maxExpansions: 1000 } },
  { map: 'maze', options: { heuristic: 'euclidean' } },
  { map: 'maze', options: { heuristic: 'chebyshev' } },
  { map: 'open room', options: { heuristic: 'octile' } },
  { map: 'mud and walls', options: { goal: 'nearest' }, find: [0, 0, 1, 1] },
];

// Units of 2 and 3 tiles: doorways they fit through or not.
const UNIT_MAPS = [
  {
    name: 'doorway two tiles high',
    rows: [
      '.....#.....',
      '.....#.....',
      '...........',
      '...........',
      '.....#.....',
      '.....#.....',
    ],
    find: [0, 0, 8, 0],
    sizes: [2, 3],
  },
  {
    name: 'unit in a swamp',
    rows: ['......', '..22..', '..22..', '......', '......'],
    costs: { 2: 3 },
    find: [0, 1, 4, 1],
    sizes: [2, 3],
  },
  {
    name: 'unit beside a chest',
    rows: ['......', '......', '......', '.....#'],
    find: [0, 0, 5, 3],
    sizes: [2],
    goal: 'adjacent',
  },
  {
    name: 'unit squeezing past a corner',
    rows: ['......', '......', '..#...', '......', '......'],
    find: [0, 3, 3, 0],
    sizes: [2],
  },
];

// The maps also searched as hexagonal and staggered, under every axis and index.
const SHAPE_MAPS = MAPS.filter((map) => map.shaped);
const SHAPES = ['hexagonal', 'staggered'].flatMap((orientation) =>
  ['y', 'x'].flatMap((staggerAxis) =>
    ['odd', 'even'].map((staggerIndex) => ({ orientation, staggerAxis, staggerIndex })),
  ),
);

/** Every scenario: each map under each algorithm and rule, then the extras and the units. */
export function scenarios() {
  const out = [];
  const add = (map, options, find = map.find, shape = undefined) => {
    const words = [
      shape && Object.values(shape).join(' '),
      ...Object.entries(options).map(([k, v]) => `${k}=${v}`),
    ];
    const name = [map.name, ...words].filter(Boolean).join(' ');
    const s = { name, rows: map.rows, costs: map.costs, shape, find, options };
    out.push({ ...s, expect: expected(s) });
  };
  for (const map of MAPS) {
    for (const algorithm of ALGORITHMS)
      for (const diagonal of RULES) add(map, { algorithm, diagonal });
  }
  for (const extra of EXTRAS) {
    const map = MAPS.find((m) => m.name === extra.map);
    for (const diagonal of ['never', 'noCorners'])
      add(map, { ...extra.options, diagonal }, extra.find ?? map.find);
  }
  for (const map of UNIT_MAPS) {
    for (const unitSize of map.sizes)
      for (const algorithm of ALGORITHMS)
        for (const diagonal of RULES) {
          const options = { algorithm, diagonal, unitSize };
          if (map.goal) options.goal = map.goal;
          add(map, options);
        }
  }
  for (const shape of SHAPES)
    for (const map of SHAPE_MAPS)
      for (const algorithm of ALGORITHMS)
        // Hexagonal grids have no diagonal steps: two rules show the rule is ignored.
        for (const diagonal of shape.orientation === 'hexagonal' ? ['never', 'always'] : RULES)
          add(map, { algorithm, diagonal }, map.find, shape);
  return out;
}

const costText = (c) => (c === Infinity ? 'inf' : String(c));

/** The file's text. */
export function scenariosText() {
  const blocks = scenarios().map((s) => {
    const lines = [`name ${s.name}`, ...s.rows.map((r) => `row ${r}`)];
    if (s.costs) {
      const pairs = Object.entries(s.costs).map(([cls, c]) => `${cls}=${costText(c)}`);
      lines.push(`costs ${pairs.join(' ')}`);
    }
    if (s.shape)
      lines.push(
        `shape ${Object.entries(s.shape)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
      );
    lines.push(`find ${s.find.join(' ')}`);
    const options = Object.entries(s.options).map(([k, v]) => `${k}=${v}`);
    if (options.length) lines.push(`options ${options.join(' ')}`);
    lines.push(`expect ${s.expect.status} ${s.expect.cost}`);
    return lines.join('\n');
  });
  return (
    '# Written by tests/scenarios/generate.mjs (do not edit: change the script and run it).\n\n' +
    blocks.join('\n\n') +
    '\n'
  );
}

/** Reads the file back into scenarios, as the tests do. */
export function parseScenarios(text) {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((l) => l && !l.startsWith('#')))
    .filter((lines) => lines.length)
    .map((lines) => {
      const s = { rows: [], costs: {}, options: {}, shape: {} };
      for (const line of lines) {
        const [word, ...rest] = line.split(' ');
        if (word === 'name') s.name = rest.join(' ');
        else if (word === 'row') s.rows.push(rest[0]);
        else if (word === 'find') s.find = rest.map(Number);
        else if (word === 'expect') s.expect = { status: rest[0], cost: Number(rest[1]) };
        else if (word === 'costs' || word === 'options' || word === 'shape') {
          for (const pair of rest) {
            const [k, v] = pair.split('=');
            const value =
              v === 'inf' ? Infinity : v === 'true' ? true : /^[0-9.]+$/.test(v) ? Number(v) : v;
            s[word][k] = value;
          }
        } else throw new Error(`scenarios.txt: unknown line "${line}"`);
      }
      return s;
    });
}

export const scenariosFile = join(here, 'scenarios.txt');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(scenariosFile, scenariosText());
  console.log(`wrote ${scenarios().length} scenarios to ${scenariosFile}`);
}
