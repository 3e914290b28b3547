// Maps for the demo: four generators (seeded, so a map can be shared by name and seed) and a
// reader for Moving AI `.map` files. A map is { name, width, height, cells: Uint8Array }.

import { GROUND, WALL, ROAD, FOREST, SWAMP, WATER } from './terrain.js';
import { ShapeLayout } from './shape-draw.js';

export const GENERATORS = {
  terrain: { label: 'Open field (terrain costs)', make: makeTerrain },
  rooms: { label: 'Rooms and doors', make: makeRooms },
  maze: { label: 'Maze', make: makeMaze },
  random: { label: 'Random obstacles', make: makeRandom },
  dungeon: {
    label: 'Dungeon, two floors (stairs, teleporter)',
    make: makeDungeon,
    links: dungeonLinks,
  },
};

/** xorshift32: tiny, seedable, and good enough to scatter walls. */
export function makeRandom32(seed) {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n) };
}

/**
 * A generated map of size x size cells. With a `shape` (see shape-draw.js generatedShape), a
 * hexagonal or staggered map of as many cells, about as wide as it is high.
 */
export function generateMap(kind, size, seed = 1, shape = null) {
  const generator = GENERATORS[kind];
  if (!generator) throw new RangeError(`unknown map generator "${kind}"`);
  if (!Number.isInteger(size) || size < 16 || size > 4096) {
    throw new RangeError(`map size must be an integer in 16..4096, got ${size}`);
  }
  let width = size;
  let height = size;
  // 2:1 diamonds in shifted rows step a whole tile along a row but a quarter down: a quarter
  // as many columns as rows make the map about square. (Shifted columns step half a tile both
  // ways.)
  if (shape?.orientation === 'staggered' && shape.staggerAxis === 'y') {
    [width, height] = [size / 2, size * 2];
  }
  let cells = generator.make(width, height, makeRandom32(seed));
  // Open fields are drawn on a square grid of the map's shape, then read at each tile's centre,
  // so that lakes stay round on staggered maps, whatever the spacing of their rows or columns.
  if (shape?.orientation === 'staggered' && kind === 'terrain') {
    cells = resample(generator.make(size, size, makeRandom32(seed)), size, {
      width,
      height,
      shape,
    });
  }
  const map = { name: `${kind}-${size}-${seed}`, width, height, cells };
  // Links between cells (stairs, teleporters: docs/links.md), added to the grids with the map.
  if (generator.links) map.links = generator.links(map);
  if (shape) {
    map.name += `-${shape.orientation}-${shape.staggerAxis}-${shape.staggerIndex}`;
    map.shape = shape;
  }
  return map;
}

/** The cells of a size x size map read at the centres of the tiles of `shaped`. */
function resample(square, size, shaped) {
  const layout = new ShapeLayout(shaped);
  const { width, height } = shaped;
  const cells = new Uint8Array(width * height);
  const kx = size / layout.extentX;
  const ky = size / layout.extentY;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = layout.centre(x, y);
      const sx = Math.min(size - 1, Math.floor(c.x * kx));
      const sy = Math.min(size - 1, Math.floor(c.y * ky));
      cells[y * width + x] = square[sy * size + sx];
    }
  }
  return cells;
}

// --- Moving AI .map -------------------------------------------------------------------------

/**
 * Reads the Moving AI format: `type octile`, `height H`, `width W`, `map`, then H rows of W
 * characters. `.`, `G` and `S` are passable (class 0), every other character a wall (class 1).
 */
export function parseMovingAiMap(text, name = 'map') {
  if (typeof text !== 'string') throw new TypeError(`${name}: expected the file's text`);
  const lines = text.split(/\r?\n/);
  const header = {};
  let row = 0;
  for (; row < lines.length && row < 8; row++) {
    const line = lines[row].trim();
    if (line === 'map') break;
    const match = /^(type|height|width)\s+(\S+)$/.exec(line);
    if (!match)
      throw new TypeError(
        `${name}: line ${row + 1} "${line.slice(0, 40)}" is not a .map header line`,
      );
    header[match[1]] = match[2];
  }
  if (lines[row]?.trim() !== 'map') throw new TypeError(`${name}: no "map" line after the header`);
  const width = Number(header.width);
  const height = Number(header.height);
  for (const [key, value] of [
    ['width', width],
    ['height', height],
  ]) {
    if (!Number.isInteger(value) || value < 1 || value > 8192) {
      throw new RangeError(`${name}: ${key} "${header[key]}" is not an integer in 1..8192`);
    }
  }
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const line = lines[row + 1 + y];
    if (!line || line.length < width) {
      const what = line ? `${line.length} characters` : 'missing';
      throw new RangeError(`${name}: row ${y} is ${what}, expected ${width}`);
    }
    for (let x = 0; x < width; x++) {
      const c = line.charCodeAt(x);
      // '.', 'G', 'S'
      cells[y * width + x] = c === 46 || c === 71 || c === 83 ? GROUND : WALL;
    }
  }
  return { name, width, height, cells };
}

/** Writes a map back in the same format (walls as '@', everything passable as '.'). */
export function formatMovingAiMap({ width, height, cells }) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    let line = '';
    for (let x = 0; x < width; x++) line += cells[y * width + x] === WALL ? '@' : '.';
    rows.push(line);
  }
  return `type octile\nheight ${height}\nwidth ${width}\nmap\n${rows.join('\n')}\n`;
}

// --- start and goal suggestions ---------------------------------------------------------------

/** The walkable (class != WALL, != WATER) cell nearest to (x, y), searched in growing rings. */
export function nearestOpenCell(map, x, y) {
  const { width, height, cells } = map;
  const open = (cx, cy) =>
    cx >= 0 && cy >= 0 && cx < width && cy < height && !isBlockedByDefault(cells[cy * width + cx]);
  const limit = Math.max(width, height);
  for (let r = 0; r < limit; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        if (open(x + dx, y + dy)) return { x: x + dx, y: y + dy };
      }
    }
  }
  return null;
}

function isBlockedByDefault(cls) {
  return cls === WALL || cls === WATER || cls > WATER;
}

/** Start near the bottom-left and goal near the top-right: a long path to look at. */
export function suggestEndpoints(map) {
  const m = Math.max(1, Math.round(Math.min(map.width, map.height) * 0.08));
  const start = nearestOpenCell(map, m, map.height - 1 - m) || { x: 0, y: 0 };
  const goal = nearestOpenCell(map, map.width - 1 - m, m) || { x: map.width - 1, y: 0 };
  return { start, goal };
}

// --- generators -------------------------------------------------------------------------------

/**
 * Two floors of a dungeon laid side by side: the left half upstairs, the right half downstairs,
 * each its own rooms and doors, with solid rock between them. Only the links cross (see
 * dungeonLinks): stairs, and a teleporter.
 */
function makeDungeon(width, height, rng) {
  const half = Math.floor(width / 2);
  const cells = new Uint8Array(width * height).fill(WALL);
  for (const [x0, w] of [
    [0, half],
    [half, width - half],
  ]) {
    const floor = makeRooms(w, height, rng);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < w; x++) cells[y * width + x0 + x] = floor[y * w + x];
  }
  return cells;
}

/**
 * The dungeon's links, as addLink takes them: stairs both ways between the floors near the top
 * (cost 4: a flight of steps), and a one-way teleporter from upstairs' bottom corner to
 * downstairs' far corner (cost 1).
 */
function dungeonLinks(map) {
  const half = Math.floor(map.width / 2);
  const m = Math.max(2, Math.round(map.height * 0.1));
  // The open cell nearest (x, y) among columns x0..x1 (one floor).
  const near = (x, y, x0, x1) => {
    let best = null;
    let bestD = Infinity;
    for (let cy = 0; cy < map.height; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        if (isBlockedByDefault(map.cells[cy * map.width + cx])) continue;
        const d = Math.hypot(cx - x, cy - y);
        if (d < bestD) [best, bestD] = [{ x: cx, y: cy }, d];
      }
    }
    return best;
  };
  const up = near(half - 3, m, 0, half - 1);
  const down = near(half + 2, m, half, map.width - 1);
  const gate = near(half - 3, map.height - 1 - m, 0, half - 1);
  const exit = near(map.width - 1 - m, map.height - 1 - m, half, map.width - 1);
  const links = [];
  if (up && down)
    links.push({ ax: up.x, ay: up.y, bx: down.x, by: down.y, cost: 4, oneWay: false });
  if (gate && exit)
    links.push({ ax: gate.x, ay: gate.y, bx: exit.x, by: exit.y, cost: 1, oneWay: true });
  return links;
}

/** Rolling grass with lakes, swamps and forests, crossed by roads that bridge the water. */
function makeTerrain(width, height, rng) {
  const cells = new Uint8Array(width * height);
  const scale = Math.max(width, height);
  const wet = valueNoise(width, height, rng, [scale / 5, scale / 11, scale / 24], [1, 0.5, 0.25]);
  const wood = valueNoise(width, height, rng, [scale / 7, scale / 16], [1, 0.45]);
  for (let i = 0; i < cells.length; i++) {
    const w = wet[i];
    if (w > 0.74) cells[i] = WATER;
    else if (w > 0.64) cells[i] = SWAMP;
    else if (wood[i] > 0.66) cells[i] = FOREST;
    else if (wood[i] < 0.16) cells[i] = WALL; // rocky outcrops
  }
  // Roads: a few gently wandering lines from edge to edge, two cells wide.
  const roads = 2 + Math.round(scale / 256);
  for (let r = 0; r < roads; r++) {
    const horizontal = r % 2 === 0;
    let along = 0;
    let across = (0.2 + 0.6 * rng.next()) * (horizontal ? height : width);
    let drift = 0;
    const length = horizontal ? width : height;
    const limit = horizontal ? height : width;
    for (; along < length; along++) {
      drift = Math.max(-0.8, Math.min(0.8, drift + (rng.next() - 0.5) * 0.25));
      across = Math.max(2, Math.min(limit - 3, across + drift));
      for (let t = 0; t < 2; t++) {
        const a = Math.round(across) + t;
        const i = horizontal ? a * width + along : along * width + a;
        cells[i] = ROAD;
      }
    }
  }
  return cells;
}

/** Sum of bilinear-smoothed random lattices, normalised to 0..1. */
function valueNoise(width, height, rng, periods, amplitudes) {
  const out = new Float32Array(width * height);
  let total = 0;
  periods.forEach((periodRaw, k) => {
    const period = Math.max(2, periodRaw);
    const gw = Math.ceil(width / period) + 2;
    const gh = Math.ceil(height / period) + 2;
    const lattice = new Float32Array(gw * gh);
    for (let i = 0; i < lattice.length; i++) lattice[i] = rng.next();
    const amp = amplitudes[k];
    total += amp;
    for (let y = 0; y < height; y++) {
      const fy = y / period;
      const y0 = Math.floor(fy);
      const ty = smooth(fy - y0);
      for (let x = 0; x < width; x++) {
        const fx = x / period;
        const x0 = Math.floor(fx);
        const tx = smooth(fx - x0);
        const a = lattice[y0 * gw + x0];
        const b = lattice[y0 * gw + x0 + 1];
        const c = lattice[(y0 + 1) * gw + x0];
        const d = lattice[(y0 + 1) * gw + x0 + 1];
        out[y * width + x] += amp * (a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty);
      }
    }
  });
  // Stretch to 0..1 so the thresholds above mean the same at every size.
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of out) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = hi - lo || total;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] - lo) / span;
  return out;
}

function smooth(t) {
  return t * t * (3 - 2 * t);
}

/**
 * Recursive division: split the floor with a wall holding one or two doors, and recurse on both
 * sides. A wall never lands in front of a door of its parent, so every room stays reachable.
 */
function makeRooms(width, height, rng) {
  const cells = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    cells[x] = WALL;
    cells[(height - 1) * width + x] = WALL;
  }
  for (let y = 0; y < height; y++) {
    cells[y * width] = WALL;
    cells[y * width + width - 1] = WALL;
  }
  const minRoom = Math.max(5, Math.round(Math.min(width, height) / 24));
  const door = Math.max(1, Math.round(minRoom / 4));
  const stack = [[1, 1, width - 2, height - 2]];
  while (stack.length) {
    const [x0, y0, x1, y1] = stack.pop();
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const canSplitX = w >= minRoom * 2 + 1;
    const canSplitY = h >= minRoom * 2 + 1;
    if (!canSplitX && !canSplitY) continue;
    // Stop early now and then so rooms vary in size.
    if (w < minRoom * 4 && h < minRoom * 4 && rng.next() < 0.25) continue;
    const vertical = canSplitX && (!canSplitY || w > h || (w === h && rng.next() < 0.5));
    if (vertical) {
      const wx = pickWallLine(x0 + minRoom, x1 - minRoom, rng, (c) => {
        return cells[(y0 - 1) * width + c] === WALL && cells[(y1 + 1) * width + c] === WALL;
      });
      if (wx < 0) continue;
      for (let y = y0; y <= y1; y++) cells[y * width + wx] = WALL;
      cutDoors(h, door, rng, (t) => (cells[(y0 + t) * width + wx] = GROUND));
      stack.push([x0, y0, wx - 1, y1], [wx + 1, y0, x1, y1]);
    } else {
      const wy = pickWallLine(y0 + minRoom, y1 - minRoom, rng, (r) => {
        return cells[r * width + x0 - 1] === WALL && cells[r * width + x1 + 1] === WALL;
      });
      if (wy < 0) continue;
      for (let x = x0; x <= x1; x++) cells[wy * width + x] = WALL;
      cutDoors(w, door, rng, (t) => (cells[wy * width + x0 + t] = GROUND));
      stack.push([x0, y0, x1, wy - 1], [x0, wy + 1, x1, y1]);
    }
  }
  return cells;
}

function pickWallLine(lo, hi, rng, allowed) {
  if (hi < lo) return -1;
  const first = lo + rng.int(hi - lo + 1);
  for (let k = 0; k <= hi - lo; k++) {
    const c = lo + ((first - lo + k) % (hi - lo + 1));
    if (allowed(c)) return c;
  }
  return -1;
}

function cutDoors(length, door, rng, open) {
  const count = rng.next() < 0.35 ? 2 : 1;
  for (let d = 0; d < count; d++) {
    const at = rng.int(Math.max(1, length - door + 1));
    for (let t = 0; t < door && at + t < length; t++) open(at + t);
  }
}

/**
 * A maze carved by depth-first search, with corridors wide enough to see at a glance, and a few
 * extra openings so there is more than one way round (a painted wall then makes a detour).
 */
function makeMaze(width, height, rng) {
  const corridor = Math.max(1, Math.round(Math.min(width, height) / 128));
  const pitch = corridor + 1;
  const mw = Math.floor((width - 1) / pitch);
  const mh = Math.floor((height - 1) / pitch);
  const cells = new Uint8Array(width * height).fill(WALL);
  const carve = (x, y, w, h) => {
    for (let yy = y; yy < y + h; yy++) cells.fill(GROUND, yy * width + x, yy * width + x + w);
  };
  const seen = new Uint8Array(mw * mh);
  const stack = [0];
  seen[0] = 1;
  carve(1, 1, corridor, corridor);
  const dirs = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  const link = (a, dx, dy) => {
    const ax = a % mw;
    const ay = (a - ax) / mw;
    // Open the wall between cell a and its neighbour in direction (dx, dy).
    const px = 1 + ax * pitch;
    const py = 1 + ay * pitch;
    if (dx === 1) carve(px + corridor, py, 1, corridor);
    else if (dx === -1) carve(px - 1, py, 1, corridor);
    else if (dy === 1) carve(px, py + corridor, corridor, 1);
    else carve(px, py - 1, corridor, 1);
  };
  while (stack.length) {
    const a = stack[stack.length - 1];
    const ax = a % mw;
    const ay = (a - ax) / mw;
    const options = [];
    for (const [dx, dy] of dirs) {
      const bx = ax + dx;
      const by = ay + dy;
      if (bx >= 0 && by >= 0 && bx < mw && by < mh && !seen[by * mw + bx]) options.push([dx, dy]);
    }
    if (!options.length) {
      stack.pop();
      continue;
    }
    const [dx, dy] = options[rng.int(options.length)];
    const b = (ay + dy) * mw + ax + dx;
    seen[b] = 1;
    link(a, dx, dy);
    carve(1 + (ax + dx) * pitch, 1 + (ay + dy) * pitch, corridor, corridor);
    stack.push(b);
  }
  // Braid: knock through about 4% of the remaining inner walls.
  const extra = Math.round(mw * mh * 0.04);
  for (let k = 0; k < extra; k++) {
    const ax = rng.int(mw - 1);
    const ay = rng.int(mh - 1);
    if (rng.next() < 0.5) link(ay * mw + ax, 1, 0);
    else link(ay * mw + ax, 0, 1);
  }
  return cells;
}

/** Scattered single-cell and small-block obstacles over about a fifth of the map. */
function makeRandom(width, height, rng) {
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) if (rng.next() < 0.16) cells[i] = WALL;
  // Some 2x2..4x4 blocks so it is not pure salt and pepper.
  const blocks = Math.round((width * height) / 90);
  for (let k = 0; k < blocks; k++) {
    const s = 2 + rng.int(3);
    const x = rng.int(width - s);
    const y = rng.int(height - s);
    for (let yy = y; yy < y + s; yy++) cells.fill(WALL, yy * width + x, yy * width + x + s);
  }
  return cells;
}
