// The last answers a path worker gave (PathWorker.create({ cache: n }) and InThreadPathWorker's),
// so that a request repeated with the same start, goal and options is answered without a search.
// It knows nothing of messages: its owner tells it about every edit BEFORE applying it.
//
// What an edit drops, and why that keeps every cached answer as good as a fresh search's:
// - A cell made dearer or blocked: only the answers that depend on it. A 'found' answer of an
//   optimal search depends on the cells of its path (the raw path when smoothed, with the cells
//   along each smoothed segment), the side cells of its diagonal steps (the corner rule), and
//   its start and goal: an edit elsewhere can only make other paths dearer, so the answer stays
//   a cheapest one. A 'none' answer depends on nothing here: walls never open a way.
// - Answers that depend on the whole search, not only its path, are dropped by any change:
//   a search with a budget (maxExpansions), a weighted one (weight > 1), a 'partial' answer.
// - A cell made cheaper or opened, a cost lowered, or a new level (setAll): every answer, since
//   any of them might now have a cheaper path.
// Requests with `trace` are never cached: their answer is the record of the search itself.

/** The cache key of a request, or null when it is not to be cached. */
export function cacheKey(sx, sy, gx, gy, options) {
  if (options?.trace) return null;
  const { signal, ...rest } = options ?? {};
  const names = Object.keys(rest).sort();
  return `${sx},${sy},${gx},${gy}|${names.map((name) => `${name}=${rest[name]}`).join(',')}`;
}

function copyResult(result) {
  const copy = { ...result };
  for (const key of ['path', 'rawPath']) if (copy[key]) copy[key] = copy[key].slice();
  if (copy.goal) copy.goal = { ...copy.goal };
  return copy;
}

export class PathCache {
  #capacity;
  #width;
  #height;
  #entries = new Map(); // key -> { result, cells }, least recently used first
  #byCell = new Map(); // cell index -> Set of keys that depend on it
  #anyChange = new Set(); // keys dropped by whatever edit
  hits = 0;
  misses = 0;

  constructor(capacity, width, height) {
    this.#capacity = capacity;
    this.#width = width;
    this.#height = height;
  }

  get size() {
    return this.#entries.size;
  }

  /** A copy of the cached answer for `key` (marked `cached: true`), or undefined. */
  get(key) {
    const entry = key === null ? undefined : this.#entries.get(key);
    if (!entry) {
      if (key !== null) this.misses++;
      return undefined;
    }
    this.#entries.delete(key); // most recently used goes last
    this.#entries.set(key, entry);
    this.hits++;
    return { ...copyResult(entry.result), cached: true };
  }

  /** Keeps a copy of `result`, the answer to request (sx, sy, gx, gy, options) under `key`. */
  put(key, result, sx, sy, gx, gy, options) {
    if (key === null || this.#capacity === 0) return;
    this.#drop(key);
    if (this.#entries.size >= this.#capacity) this.#drop(this.#entries.keys().next().value);
    const wholeSearch =
      result.status === 'partial' ||
      (options?.maxExpansions ?? 0) > 0 ||
      (options?.weight ?? 1) > 1;
    const cells = wholeSearch
      ? null
      : this.#dependsOn(result, sx, sy, gx, gy, options?.unitSize ?? 1, options?.goal);
    this.#entries.set(key, { result: copyResult(result), cells });
    if (!cells) this.#anyChange.add(key);
    else for (const index of cells) this.#index(index).add(key);
  }

  #index(index) {
    let keys = this.#byCell.get(index);
    if (!keys) this.#byCell.set(index, (keys = new Set()));
    return keys;
  }

  #drop(key) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#anyChange.delete(key);
    for (const index of entry.cells ?? []) {
      const keys = this.#byCell.get(index);
      keys?.delete(key);
      if (keys?.size === 0) this.#byCell.delete(index);
    }
  }

  clear() {
    this.#entries.clear();
    this.#byCell.clear();
    this.#anyChange.clear();
  }

  /**
   * The cells a 'found' or 'none' answer depends on (see the top of this file). A unit of
   * `size` > 1 depends on the whole footprint of each position it stands on or passes beside.
   */
  #dependsOn(result, sx, sy, gx, gy, size, goalMode) {
    const width = this.#width;
    const height = this.#height;
    const cells = new Set([sy * width + sx, gy * width + gx]);
    if (result.status === 'none') return cells;
    const addCell = (x, y) => {
      if (x >= 0 && y >= 0 && x < width && y < height) cells.add(y * width + x);
    };
    const add = (x, y) => {
      for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) addCell(x + i, y + j);
    };
    // An adjacent goal is reached by touching it, at a corner only as the cells beside allow.
    if (goalMode === 'adjacent' && result.goal) {
      const { x: ex, y: ey } = result.goal;
      for (let y = ey - 1; y <= ey + size; y++)
        for (let x = ex - 1; x <= ex + size; x++) addCell(x, y);
    }
    const steps = result.rawPath ?? result.path;
    for (let k = 0; k < steps.length; k += 2) {
      add(steps[k], steps[k + 1]);
      if (k >= 2 && steps[k] !== steps[k - 2] && steps[k + 1] !== steps[k - 1]) {
        add(steps[k], steps[k - 1]); // the two side cells of a diagonal step
        add(steps[k - 2], steps[k + 1]);
      }
    }
    if (result.rawPath) {
      // Each smoothed segment's line of sight read the cells along it: take them and their
      // neighbours, whichever corner convention the line test uses.
      const { path } = result;
      for (let k = 2; k < path.length; k += 2) {
        const [x0, y0, x1, y1] = [path[k - 2], path[k - 1], path[k], path[k + 1]];
        const samples = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 4));
        for (let s = 0; s <= samples; s++) {
          const x = Math.round(x0 + ((x1 - x0) * s) / samples);
          const y = Math.round(y0 + ((y1 - y0) * s) / samples);
          for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) add(x + dx, y + dy);
        }
      }
    }
    return cells;
  }

  /**
   * Cells `indices[from..to)` are about to get `values[...]`. `classAt(index)` reads a cell as it
   * is before the edit, `costOf(cls)` a class's cost (Infinity: blocked).
   */
  cellsEdited(indices, values, from, to, classAt, costOf) {
    if (!this.#entries.size) return;
    const pending = new Map(); // a cell named twice in the edit: its class after the first
    for (let k = from; k < to; k++) {
      const index = indices[k];
      const before = costOf(pending.has(index) ? pending.get(index) : classAt(index));
      const after = costOf(values[k]);
      pending.set(index, values[k]);
      if (after < before) return this.clear();
      if (after > before) this.#raised(this.#byCell.get(index));
    }
  }

  /** Class `cls` is about to cost `after` instead of `before`; `classAt` reads the cells now. */
  costEdited(cls, before, after, classAt) {
    if (!this.#entries.size || before === after) return;
    if (after < before) return this.clear();
    const hit = [];
    for (const [key, entry] of this.#entries) {
      if (entry.cells && [...entry.cells].some((index) => classAt(index) === cls)) hit.push(key);
    }
    this.#raised(hit);
  }

  #raised(keys) {
    for (const key of [...(keys ?? []), ...this.#anyChange]) this.#drop(key);
  }
}
