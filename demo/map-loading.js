// Which map is on screen: the map picker (generated maps, the server's Moving AI maps, a file the
// user opened or dropped), reading each kind, and the line under the picker that describes the
// map, with what to do when none of it can be walked.

import { GENERATORS, generateMap, parseMovingAiMap } from './maps.js';
import { GROUND, TERRAIN } from './terrain.js';
import { formatInt } from './stats.js';
import { $, showError, showToast } from './page.js';

/** The files the picker and a drop accept, as the drop hint names them. */
export const MAP_FORMATS = 'a Moving AI .map, or a Tiled map (.tmx, .tmj or .json)';
export const TILESET_FORMATS = 'its external tilesets (.tsx, .tsj)';

const TILESET_FILE = /\.(tsx|tsj)$/i;

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
    this.file = null; // the last file opened: { name, text, tilesets, map }
    $('map-select').addEventListener('change', () => this.loadSelected());
    $('map-size').addEventListener('change', () => this.loadSelected());
    $('map-new').addEventListener('click', () => {
      this.seed = (this.seed % 9973) + 1;
      this.loadSelected();
    });
    $('map-file').addEventListener('change', async () => {
      const files = [...$('map-file').files];
      if (files.length) await this.loadFiles(files);
      $('map-file').value = '';
    });
    $('drop-text').textContent = `Drop ${MAP_FORMATS}, with ${TILESET_FORMATS}`;
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
      } else if (key.startsWith('file:') && this.file) {
        map = this.file.map;
      }
      if (map && token === this.loads) await this.onMap(map, endpoints);
    } catch (error) {
      showError(error);
    }
  }

  /**
   * Files the user opened or dropped: one map, and the external tilesets a Tiled map names.
   * @param {File[]} files
   */
  async loadFiles(files) {
    try {
      const tilesetFiles = files.filter((f) => TILESET_FILE.test(f.name));
      const mapFiles = files.filter((f) => !TILESET_FILE.test(f.name));
      if (mapFiles.length !== 1) {
        const names = files.map((f) => f.name).join(', ');
        throw new TypeError(
          mapFiles.length
            ? `one map at a time, please: got ${names}`
            : `${names}: a tileset alone is not a map; pick or drop it with its map`,
        );
      }
      const tilesets = {};
      for (const f of tilesetFiles) tilesets[f.name] = await f.text();
      const [file] = mapFiles;
      await this.readFile({ name: file.name, text: await file.text(), tilesets }, 'walls');
    } catch (error) {
      showError(error);
    }
  }

  /**
   * Reads a map file, a Tiled layer as `tiles` 'walls' (a tile is a wall unless its properties
   * say otherwise) or 'floor' (a tile is floor, an empty cell a wall), and shows it. The file
   * shown before stays in the picker if this one cannot be read.
   * @param {{ name: string, text: string, tilesets: { [source: string]: string } }} file
   */
  async readFile(file, tiles) {
    const { name, text, tilesets } = file;
    let map;
    if (/^\s*type\s+/.test(text)) {
      map = parseMovingAiMap(text, name);
    } else if (/^\s*[{<]/.test(text)) {
      map = await readTiled(text, name, tilesets, tiles);
    } else {
      throw new TypeError(`${name}: not ${MAP_FORMATS} (no "type" header, no JSON or XML)`);
    }
    map.label = `File: ${name}`;
    this.file = { ...file, map };
    const select = $('map-select');
    let option = select.querySelector('option[value^="file:"]');
    if (!option) {
      const group = document.createElement('optgroup');
      group.label = 'Your file';
      option = new Option('', '');
      group.append(option);
      select.append(group);
    }
    option.value = `file:${name}`;
    option.textContent = `${name} (${map.width}×${map.height})`;
    select.value = option.value;
    await this.loadSelected();
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
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length) this.loadFiles(files);
    });
  }

  /**
   * The line under the picker: size and share blocked, and when every cell is blocked, why and
   * what would fix it.
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
    const box = $('map-problem');
    box.replaceChildren();
    box.hidden = blocked < total;
    if (box.hidden) return;
    const tiled = map.tiled;
    if (tiled?.tiles === 'walls' && tiled.tileCells === total) {
      box.append(
        `Every cell of layer “${tiled.layer}” holds a tile, and a tile without a blocked, ` +
          'cost or pathClass property reads as a wall. If this is a floor layer (a tile is ' +
          'floor, an empty cell is void), ',
        this.rereadButton('floor', `read “${tiled.layer}” as floor`),
        '. Or give its walkable tiles blocked = false in Tiled.',
      );
    } else if (tiled?.tiles === 'floor' && tiled.tileCells === 0) {
      box.append(
        `Layer “${tiled.layer}” has no tiles, and read as floor an empty cell is a wall: `,
        this.rereadButton('walls', 'read it as walls'),
        '.',
      );
    } else {
      const names = level.classes.map(([cls]) => TERRAIN[cls]?.name ?? `class ${cls}`);
      const sliders = level.classes.filter(([cls]) => TERRAIN[cls]?.editable);
      box.append(
        `Every cell is ${names.join(' or ')}, and the cost table blocks ` +
          `${names.length > 1 ? 'them all' : 'it'}: ` +
          (sliders.length
            ? `raise the ${sliders.map(([cls]) => TERRAIN[cls].name).join(' or ')} cost ` +
              'above 0 under Terrain costs.'
            : `paint some ${TERRAIN[GROUND].name} to walk on.`),
      );
    }
  }

  rereadButton(tiles, label) {
    const button = document.createElement('button');
    button.className = 'link';
    button.textContent = label;
    button.addEventListener('click', () => this.readFile(this.file, tiles).catch(showError));
    return button;
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

/**
 * A Tiled map (JSON or TMX) through tilepath/tiled: a collision-looking layer if there is one,
 * else the first tile layer.
 */
async function readTiled(text, name, tilesets, tiles) {
  let tiled;
  try {
    tiled = await import('../js/tiled.js');
  } catch (error) {
    throw new Error(`Tiled maps need js/tiled.js: ${error.message}`);
  }
  const names = [];
  const sources = []; // external tilesets the map names
  if (text.trim().startsWith('{')) {
    const json = JSON.parse(text);
    const walk = (layers, prefix) => {
      for (const l of layers ?? []) {
        const path = prefix ? `${prefix}/${l.name}` : l.name;
        if (l.type === 'tilelayer') names.push(path);
        if (l.type === 'group') walk(l.layers, path);
      }
    };
    walk(json.layers, '');
    for (const t of json.tilesets ?? []) if (t.source) sources.push(t.source);
  } else {
    for (const m of text.matchAll(/<layer\b[^>]*\bname="([^"]*)"/g)) names.push(m[1]);
    for (const m of text.matchAll(/<tileset\b[^>]*\bsource="([^"]*)"/g)) sources.push(m[1]);
  }
  const preferred = names.find((n) => /collision|collide|wall|obstacle|block|solid/i.test(n));
  const layer = preferred ?? names[0] ?? 0;
  // 'floor': a tile is walkable unless its properties say it blocks; an empty cell is void.
  const options = { layer, tilesets, tiles: tiles === 'floor' ? 'floor' : 'walls' };
  let read;
  try {
    read = tiled.readTiledLayer(text, options);
  } catch (error) {
    // The reader names its option; a demo user gives a tileset by picking its file.
    const missing = sources.filter((s) => !(s.split(/[\\/]/).pop() in tilesets));
    if (!missing.length) throw error;
    throw new Error(
      `${name} uses the external tileset ${missing.join(', ')}: pick or drop ` +
        `${missing.length > 1 ? 'them' : 'it'} together with the map`,
    );
  }
  const map = { name, width: read.width, height: read.height, cells: read.cells };
  // Tile properties may give classes their own costs: use them for this map.
  const entries = read.costs instanceof Map ? [...read.costs] : Object.entries(read.costs ?? {});
  map.costs = entries.map(([cls, cost]) => [Number(cls), cost]);
  const layerName = typeof layer === 'string' ? layer : 'first';
  map.tiled = { layer: layerName, tiles, tileCells: read.gids.filter((g) => g !== 0).length };
  showToast(
    `Read layer ${JSON.stringify(layerName)} of ${name}` +
      (tiles === 'floor' ? ' as floor' : ''),
    'info',
    3000,
  );
  return map;
}
