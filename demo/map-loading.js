// Which map is on screen: the map picker (generated maps, the server's Moving AI maps, a file the
// user opened or dropped), reading each kind, and the line under the picker that describes the
// map, with what to do when none of it can be walked.

import { GENERATORS, generateMap, parseMovingAiMap } from './maps.js';
import { GROUND, TERRAIN } from './terrain.js';
import { formatInt } from './stats.js';
import { $, showError } from './page.js';
import { TiledLayers, fetchReferenced } from './tiled-layers.js';
import { chosenShape } from './shape-panel.js';

/** The files the picker and a drop accept, as the drop hint names them. */
export const MAP_FORMATS = 'a Moving AI .map, or a Tiled map (.tmx, .tmj or .json)';
export const TILESET_FORMATS =
  'its external tilesets (.tsx, .tsj), object templates (.tx, .tj) and tile images';

const TILESET_FILE = /\.(tsx|tsj)$/i;
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|bmp)$/i;
const TEMPLATE_FILE = /\.(tx|tj)$/i;

/** Tiled maps in demo/maps: hexagonal and staggered ones, opened as a file the user picked. */
const TILED_EXAMPLES = [
  ['hex-pointy-odd.tmx', 'Hexagons, odd rows shifted (.tmx)'],
  ['hex-flat-even.tmj', 'Hexagons, even columns shifted (.tmj)'],
  ['staggered-y-odd.tmx', 'Staggered, odd rows shifted (.tmx)'],
  ['staggered-x-even.tmj', 'Staggered, even columns shifted (.tmj)'],
  ['isometric.tmx', 'Isometric (.tmx)'],
];

/** Maps from Tiled's own examples (tests/fixtures/tiled/real), drawn with their tile images. */
const TILED_REAL = [
  ['desert.tmx', 'Desert (orthogonal, external tileset)'],
  ['sewers.tmx', 'Sewers (orthogonal, two layers)'],
  ['rpg/island.tmx', 'Island (orthogonal, three layers)'],
  ['isometric_grass_and_water.tmx', 'Grass and water (isometric)'],
  ['isometric_staggered_grass_and_water.tmx', 'Grass and water (staggered, infinite)'],
  ['hexagonal-mini.tmx', 'Hexagonal mini (hexagonal)'],
  ['test_hexagonal_tile_60x60x30.tmx', 'Hexagonal test tile (columns shifted, turned tiles)'],
  ['sticker-knight/map/sandbox.tmx', 'Sticker Knight (tile objects, templates)'],
];
const TILED_REAL_FOLDER = '../tests/fixtures/tiled/real/';

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
    // A Tiled file read again with other layer choices replaces the map of the file shown.
    this.tiledLayers = new TiledLayers($('tiled-layers'), (map) => this.showFile(map));
    $('map-select').addEventListener('change', () => this.loadSelected());
    $('map-size').addEventListener('change', () => this.loadSelected());
    $('map-shape').addEventListener('change', () => this.loadSelected());
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
    const examples = document.createElement('optgroup');
    examples.label = 'Tiled examples';
    for (const [file, label] of TILED_EXAMPLES) examples.append(new Option(label, `tiled:${file}`));
    select.append(examples);
    const real = document.createElement('optgroup');
    real.label = "Tiled's examples, with tile images";
    for (const [file, label] of TILED_REAL) real.append(new Option(label, `tiled-real:${file}`));
    select.append(real);
    try {
      // Relative to the page, and each map's URL relative to the index: the same under
      // js/tools/serve.mjs (which lists the folder) and in the static site under any path.
      const indexUrl = new URL('../movingai/index.json', import.meta.url);
      const response = await fetch(indexUrl);
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
          option.dataset.url = new URL(m.url, indexUrl).href;
          if (m.scenario) option.dataset.scenario = new URL(m.scenario, indexUrl).href;
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
    $('shape-row').hidden = !key.startsWith('gen:');
    this.tiledLayers.show(key.startsWith('file:') && !!this.file?.map.tiled);
    try {
      let map = null;
      let endpoints = null;
      if (key.startsWith('gen:')) {
        const shape = chosenShape();
        map = generateMap(key.slice(4), Number($('map-size').value), this.seed, shape);
        map.label = `${GENERATORS[key.slice(4)].label}, seed ${this.seed}`;
        if (shape) map.label += `, ${$('map-shape').selectedOptions[0].textContent.toLowerCase()}`;
      } else if (key.startsWith('mai:')) {
        const option = select.selectedOptions[0];
        const response = await fetch(option.dataset.url);
        if (!response.ok)
          throw new Error(`could not load ${option.dataset.url}: HTTP ${response.status}`);
        map = parseMovingAiMap(await response.text(), key.slice(4));
        map.label = `Moving AI: ${key.slice(4)}`;
        if (option.dataset.scenario)
          endpoints = await hardestScenario(option.dataset.scenario, map);
      } else if (key.startsWith('tiled:') || key.startsWith('tiled-real:')) {
        // Read as if the user had opened it: the map shows as "Your file", with its layers, its
        // external tilesets and its tile images, each read relative to the map.
        const [kind, path] = key.split(/:(.*)/);
        const folder = kind === 'tiled' ? 'maps/' : TILED_REAL_FOLDER;
        const url = new URL(folder + path, import.meta.url);
        const response = await fetch(url);
        if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
        const text = await response.text();
        const { tilesets, templates } = await fetchReferenced(text, url);
        const name = path.split('/').pop();
        const file = { name, text, tilesets, templates, baseUrl: url.href };
        if (token === this.loads) await this.readFile(file);
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
      const images = new Map(files.filter((f) => IMAGE_FILE.test(f.name)).map((f) => [f.name, f]));
      const templateFiles = files.filter((f) => TEMPLATE_FILE.test(f.name));
      const mapFiles = files.filter(
        (f) => ![TILESET_FILE, IMAGE_FILE, TEMPLATE_FILE].some((kind) => kind.test(f.name)),
      );
      if (mapFiles.length !== 1) {
        const names = files.map((f) => f.name).join(', ');
        throw new TypeError(
          mapFiles.length
            ? `one map at a time, please: got ${names}`
            : `${names}: tilesets, templates and images alone are not a map; pick or drop them with it`,
        );
      }
      const tilesets = {};
      for (const f of tilesetFiles) tilesets[f.name] = await f.text();
      const templates = {};
      for (const f of templateFiles) templates[f.name] = await f.text();
      const [file] = mapFiles;
      const text = await file.text();
      await this.readFile({ name: file.name, text, tilesets, templates, images });
    } catch (error) {
      showError(error);
    }
  }

  /**
   * Reads a map file (a Tiled map with the layer roles the Tiled layers panel guesses) and shows
   * it. The file shown before stays in the picker if this one cannot be read.
   * @param {{ name: string, text: string, tilesets: { [source: string]: string },
   *   templates?: { [source: string]: string }, baseUrl?: string, images?: Map<string, File> }}
   *   file baseUrl: where a fetched map's images are; images: the image files opened with it
   */
  async readFile(file) {
    const { name, text } = file;
    let map;
    if (/^\s*type\s+/.test(text)) {
      map = parseMovingAiMap(text, name);
    } else if (/^\s*[{<]/.test(text)) {
      map = await this.tiledLayers.open(file);
    } else {
      throw new TypeError(`${name}: not ${MAP_FORMATS} (no "type" header, no JSON or XML)`);
    }
    this.file = file;
    await this.showFile(map);
  }

  /** Puts the open file's map, as last read, in the picker and on screen. */
  async showFile(map) {
    const { name } = this.file;
    map.label = `File: ${name}`;
    this.file = { ...this.file, map };
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
    const why = map.tiled && this.tiledLayers.explainBlocked(map, total);
    if (why) {
      box.append(...why);
      return;
    }
    const names = level.classes.map(([cls]) => TERRAIN[cls]?.name ?? `class ${cls}`);
    const sliders = level.classes.filter(([cls]) => TERRAIN[cls]?.editable);
    box.append(
      `Every cell is ${names.join(' or ')}, and the cost table blocks ` +
        `${names.length > 1 ? 'them all' : 'it'}: ` +
        (sliders.length
          ? `raise the ${sliders.map(([cls]) => TERRAIN[cls].name).join(' or ')} cost ` +
            'above 0 under Terrain costs.'
          : `paint some ${TERRAIN[GROUND].name} to walk on.`) +
        (map.tiled ? ' Or change what the layers mean under Tiled layers.' : ''),
    );
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
