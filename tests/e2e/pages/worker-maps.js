// Moving AI map and scenario parsing for the worker tests and benchmarks, in Node and in pages.
// No Node built-ins: the caller reads the text (fs in Node, fetch in a page).

/** `.map` text -> { width, height, cells } with '.', 'G', 'S' passable (class 0), rest class 1. */
export function parseMap(text) {
  const lines = text.split(/\r?\n/);
  const height = Number(/^height\s+(\d+)/m.exec(text)?.[1]);
  const width = Number(/^width\s+(\d+)/m.exec(text)?.[1]);
  const start = lines.findIndex((line) => line.trim() === 'map') + 1;
  if (!width || !height || start === 0) throw new Error('not a Moving AI .map file');
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = lines[start + y] ?? '';
    for (let x = 0; x < width; x++) {
      const ch = row[x];
      cells[y * width + x] = ch === '.' || ch === 'G' || ch === 'S' ? 0 : 1;
    }
  }
  return { width, height, cells };
}

/** `.scen` text -> [{ sx, sy, gx, gy, optimal }]. */
export function parseScenarios(text) {
  const scenarios = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    // Tab-separated in most sets, space-separated in some (the Baldur's Gate maps).
    const fields = line.trim().split(/\s+/);
    if (fields.length < 9) continue;
    const [sx, sy, gx, gy, optimal] = fields.slice(4, 9).map(Number);
    scenarios.push({ sx, sy, gx, gy, optimal });
  }
  return scenarios;
}

/** Small maps drawn as strings: '#' is class 1 (a wall), a digit is that class, else class 0. */
export function drawMap(rows) {
  const height = rows.length;
  const width = rows[0].length;
  const cells = new Uint8Array(width * height);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      const ch = row[x];
      cells[y * width + x] = ch === '#' ? 1 : ch >= '0' && ch <= '9' ? Number(ch) : 0;
    }
  });
  return { width, height, cells };
}

/** A deterministic pseudo-random generator (mulberry32), so a failing run can be replayed. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fields of a result that must match between the worker and the sync API. */
export function comparable(result) {
  return {
    status: result.status,
    path: Array.from(result.path),
    cost: result.cost,
    expanded: result.expanded,
    goal: result.goal,
  };
}

/** `count` short requests on free cells: a cell and the one 3 steps to its right, all free. */
export function shortPairs(map, count, next) {
  const pairs = [];
  while (pairs.length < count) {
    const x = Math.floor(next() * (map.width - 4));
    const y = Math.floor(next() * map.height);
    const i = y * map.width + x;
    if (!map.cells[i] && !map.cells[i + 1] && !map.cells[i + 2] && !map.cells[i + 3]) {
      pairs.push([x, y, x + 3, y]);
    }
  }
  return pairs;
}

/** Median, 95th percentile and mean of a list of timings. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    median: quantile(0.5),
    p95: quantile(0.95),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
  };
}
