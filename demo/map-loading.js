// Which map is on screen: the map picker (generated maps, the server's Moving AI maps, a file the
// user opened or dropped), reading each kind, and the line under the picker that describes it.

import { GENERATORS, generateMap, parseMovingAiMap } from './maps.js';
import { formatInt } from './stats.js';
import { $, showError, showToast } from './page.js';

export class MapLoader {
  /**
   * @param {(map: object, endpoints: { start, goal } | null) => Promise<void>} onMap
   *   show this map; endpoints: a start and goal known to be connected, when the map has some
   */
  constructor(onMap) {
    this.onMap = onMap;
    this.key = 'gen:terrain';
    this.seed = 1;
    this.loads = 0; // loads started, so a slow fetch cannot replace a later pick
    this.fileMap = null; // the last map file opened
    $('map-select').addEventListener('change', () => this.loadSelected());
    $('map-size').addEventListener('change', () => this.loadSelected());
    $('map-new').addEventListener('click', () => {
      this.seed = (this.seed % 9973) + 1;
      this.loadSelected();
    });
    $('map-file').addEventListener('change', async () => {
      const file = $('map-file').files[0];
      if (file) await this.loadFile(file);
      $('map-file').value = '';
    });
    this.bindDrop();
  }

  /** Fills the picker: the generators, then the Moving AI maps the server lists. */
  async listMaps() {
    const select = $('map-select');
    const generated = document.createElement('optgroup');
    generated.label = 'Generated';
    for (const [key, g] of Object.entries(GENERATORS))
      generated.append(new Option(g.label, `gen:${key}`));
    select.append(generated);
    try {
      const response = await fetch('/movingai/index.json');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const index = await response.json();
      if (index.maps?.length) {
        const group = document.createElement('optgroup');
        group.label = 'Moving AI benchmarks';
        for (const m of index.maps) {
          const option = new Option(
            `${m.name.replace(/\.map$/, '')} (${m.width}×${m.height})`,
            `mai:${m.name}`,
          );
          option.dataset.url = m.url;
          if (m.scenario) option.dataset.scenario = m.scenario;
          group.append(option);
        }
        select.append(group);
      } else if (index.message) {
        $('map-info').textContent = index.message;
      }
    } catch (error) {
      // Served by something other than js/tools/serve.mjs: the generated maps still work.
      console.warn(`Moving AI maps unavailable: ${error.message}`);
    }
    select.value = this.key;
  }

  async loadSelected() {
    const select = $('map-select');
    const key = select.value;
    const token = ++this.loads;
    this.key = key;
    $('generator-row').hidden = !key.startsWith('gen:');
    try {
      let map = null;
      let endpoints = null;
      if (key.startsWith('gen:')) {
        map = generateMap(key.slice(4), Number($('map-size').value), this.seed);
        map.label = `${GENERATORS[key.slice(4)].label}, seed ${this.seed}`;
      } else if (key.startsWith('mai:')) {
        const option = select.selectedOptions[0];
        const response = await fetch(option.dataset.url);
        if (!response.ok)
          throw new Error(`could not load ${option.dataset.url}: HTTP ${response.status}`);
        map = parseMovingAiMap(await response.text(), key.slice(4));
        map.label = `Moving AI: ${key.slice(4)}`;
        if (option.dataset.scenario)
          endpoints = await hardestScenario(option.dataset.scenario, map);
      } else if (key.startsWith('file:') && this.fileMap) {
        map = this.fileMap;
      }
      if (map && token === this.loads) await this.onMap(map, endpoints);
    } catch (error) {
      showError(error);
    }
  }

  async loadFile(file) {
    try {
      const text = await file.text();
      let map;
      if (/^\s*type\s+/.test(text)) {
        map = parseMovingAiMap(text, file.name);
      } else if (/^\s*[{<]/.test(text)) {
        map = await readTiled(text, file.name);
      } else {
        throw new TypeError(
          `${file.name}: not a Moving AI .map (no "type" header) nor Tiled JSON/TMX`,
        );
      }
      map.label = `File: ${file.name}`;
      this.fileMap = map;
      const select = $('map-select');
      let option = select.querySelector('option[value^="file:"]');
      if (!option) {
        const group = document.createElement('optgroup');
        group.label = 'Your file';
        option = new Option('', '');
        group.append(option);
        select.append(group);
      }
      option.value = `file:${file.name}`;
      option.textContent = `${file.name} (${map.width}×${map.height})`;
      select.value = option.value;
      await this.loadSelected();
    } catch (error) {
      showError(error);
    }
  }

  bindDrop() {
    const overlay = $('drop-overlay');
    let depth = 0;
    document.addEventListener('dragenter', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      depth++;
      overlay.hidden = false;
    });
    document.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (!depth) overlay.hidden = true;
    });
    document.addEventListener('dragover', (event) => event.preventDefault());
    document.addEventListener('drop', (event) => {
      event.preventDefault();
      depth = 0;
      overlay.hidden = true;
      const file = event.dataTransfer?.files[0];
      if (file) this.loadFile(file);
    });
  }

  /**
   * The line under the picker: name, size and the share of cells blocked.
   * @param {import('./level.js').Level} level
   */
  describe(level, costOf) {
    const { map } = level;
    const { width, height } = map;
    const total = width * height;
    const blocked = level.blockedCells(costOf);
    $('map-info').textContent =
      `${map.label ?? map.name}: ${width}×${height}, ${formatInt(total)} cells, ` +
      `${((blocked / total) * 100).toFixed(1)}% blocked.`;
  }
}

/** The longest problem of a .scen file: a long route to look at, known to be solvable. */
async function hardestScenario(url, map) {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    let best = null;
    // `version 1`, then: bucket map width height startX startY goalX goalY optimalLength,
    // separated by tabs or spaces depending on who wrote the file.
    for (const line of (await response.text()).split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 9) continue;
      const [sx, sy, gx, gy] = f.slice(4, 8).map(Number);
      const length = Number(f[8]);
      const inside =
        [sx, gx].every((v) => v >= 0 && v < map.width) &&
        [sy, gy].every((v) => v >= 0 && v < map.height);
      if (inside && (!best || length > best.length))
        best = { start: { x: sx, y: sy }, goal: { x: gx, y: gy }, length };
    }
    return best;
  } catch (error) {
    console.warn(`scenario ${url} unreadable, using corners: ${error.message}`);
    return null;
  }
}

/** Tiled JSON or TMX through tilepath/tiled; picks a collision-looking layer, else the first. */
async function readTiled(text, name) {
  let tiled;
  try {
    tiled = await import('../js/tiled.js');
  } catch (error) {
    throw new Error(`Tiled maps need js/tiled.js and its dependency fflate: ${error.message}`);
  }
  const names = [];
  if (text.trim().startsWith('{')) {
    const walk = (layers, prefix) => {
      for (const l of layers ?? []) {
        const path = prefix ? `${prefix}/${l.name}` : l.name;
        if (l.type === 'tilelayer') names.push(path);
        if (l.type === 'group') walk(l.layers, path);
      }
    };
    walk(JSON.parse(text).layers, '');
  } else {
    for (const m of text.matchAll(/<layer\b[^>]*\bname="([^"]*)"/g)) names.push(m[1]);
  }
  const preferred = names.find((n) => /collision|collide|wall|obstacle|block|solid/i.test(n));
  const layer = preferred ?? 0;
  const read = tiled.readTiledLayer(text, { layer });
  const map = { name, width: read.width, height: read.height, cells: read.cells };
  // Tile properties may give classes their own costs: use them for this map.
  const entries = read.costs instanceof Map ? [...read.costs] : Object.entries(read.costs ?? {});
  map.costs = entries.map(([cls, cost]) => [Number(cls), cost]);
  showToast(
    `Read layer ${JSON.stringify(preferred ?? names[0] ?? 'first')} of ${name}`,
    'info',
    3000,
  );
  return map;
}
