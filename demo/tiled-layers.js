// The "Tiled layers" panel: once a Tiled map is open, every tile and object layer with what it
// means for pathfinding (floor, walls, collision objects or ignored), guessed from the layers'
// names and their objects' properties. A change reads the map again with readTiledMap.

import { showError, showToast } from './page.js';

/** What a layer can mean, as the chooser names it. Object layers: collision or ignore. */
export const ROLES = {
  floor: 'floor',
  walls: 'walls',
  collision: 'collision objects',
  ignore: 'ignore',
};

const FLOOR_NAME = /ground|floor|terrain/i;
const WALL_NAME = /wall|collision|collide|block|solid|obstacle/i;
const BLOCKING_PROPERTIES = ['blocked', 'collides'];
const fileName = (path) => String(path).split(/[\\/]/).pop();
// The ground of a map made of objects only (not "parallax background").
const SOLID_OBJECTS_NAME = /\b(ground|floors?|platforms?|terrain)\b/i;

/**
 * The role each layer starts with: floor and walls tile layers and collision object layers by
 * name (or, for objects, by a blocked/collides property); if none matched, the first tile layer
 * as walls, or on a map of objects only (a platformer's), the first object layer named ground,
 * floor, platforms or terrain as collision objects.
 * @param {{ kind: string, name: string, objects?: object[] }[]} layers tile and object layers
 */
export function defaultRoles(layers) {
  const roles = layers.map((l) => {
    if (l.kind === 'tilelayer') {
      if (FLOOR_NAME.test(l.name)) return 'floor';
      return WALL_NAME.test(l.name) ? 'walls' : 'ignore';
    }
    const flagged = l.objects.some((o) =>
      BLOCKING_PROPERTIES.some((p) => Object.hasOwn(o.properties ?? {}, p)),
    );
    return WALL_NAME.test(l.name) || flagged ? 'collision' : 'ignore';
  });
  if (roles.every((r) => r === 'ignore')) {
    const first = layers.findIndex((l) => l.kind === 'tilelayer');
    const solid = layers.findIndex(
      (l) => l.kind === 'objectgroup' && SOLID_OBJECTS_NAME.test(l.name),
    );
    if (first >= 0) roles[first] = 'walls';
    else if (solid >= 0) roles[solid] = 'collision';
  }
  return roles;
}

/** readTiledMap's `layers` for these roles, in the map's drawing order (bottom first). */
export function layersOption(layers, roles) {
  const out = [];
  layers.forEach((l, i) => {
    // "/path" names exactly this layer, even if a layer in a group has the same name.
    const layer = `/${l.path}`;
    if (roles[i] === 'floor' || roles[i] === 'walls') out.push({ layer, tiles: roles[i] });
    else if (roles[i] === 'collision') out.push({ layer });
  });
  return out;
}

export class TiledLayers {
  /**
   * @param {HTMLElement} box the panel, hidden until a Tiled map is open
   * @param {(map: object) => Promise<void>} onRead show the map read with the new choices
   */
  constructor(box, onRead) {
    this.box = box;
    this.list = box.querySelector('.layer-list');
    this.onRead = onRead;
    this.file = null; // { name, text, tilesets }
    this.layers = []; // tile and object layers: { path, name, kind, objects?, count }
    this.roles = [];
    this.art = { tiles: null, error: null }; // the open map's tile images (tile-art.js)
  }

  /** Shows the panel while the open Tiled map is the one on screen. */
  show(visible) {
    this.box.hidden = !visible || !this.file;
  }

  /**
   * Lists the layers of a Tiled map, chooses their roles and reads it.
   * @param {{ name: string, text: string, tilesets: { [source: string]: string } }} file
   */
  async open(file) {
    const { parseMap, layerGids, tiled } = await tiledModules();
    const model = parseMap(file.text);
    const layers = model.layers
      .filter((l) => l.kind === 'tilelayer' || l.kind === 'objectgroup')
      .map((l) => ({ ...l, count: countOf(l, layerGids) }));
    const roles = defaultRoles(layers);
    const map = readMap(tiled, file, layers, roles, model);
    this.art = { tiles: null, error: null };
    try {
      const { loadTileArt } = await import('./tile-art.js'); // imports js/tiled: loaded as it is
      this.art.tiles = await loadTileArt(file, model);
    } catch (error) {
      this.art.error = error.message; // drawn with class colours, and the page says why
    }
    withArt(map, this.art);
    this.file = file;
    this.tiled = tiled;
    this.model = model;
    this.layers = layers;
    this.roles = roles;
    this.render();
    showToast(`Read ${file.name}: ${summary(layers, roles)}`, 'info', 3000);
    return map;
  }

  /** Gives a layer another role and shows the map read again. */
  async choose(path, role) {
    const i = this.layers.findIndex((l) => l.path === path);
    if (i < 0) return;
    const roles = this.roles.slice();
    roles[i] = role;
    try {
      const map = withArt(readMap(this.tiled, this.file, this.layers, roles, this.model), this.art);
      this.roles = roles;
      showToast(`Read ${this.file.name}: ${summary(this.layers, roles)}`, 'info', 3000);
      await this.onRead(map);
    } catch (error) {
      showError(error);
    }
    this.render(); // a choice that could not be read goes back to what is shown
  }

  render() {
    const rows = this.layers.map((l, i) => {
      const row = document.createElement('label');
      row.className = 'layer-row';
      const name = document.createElement('span');
      name.className = 'layer-name';
      name.textContent = l.path;
      name.title = l.path;
      const count = document.createElement('small');
      count.textContent =
        l.kind === 'tilelayer'
          ? `${l.count ?? '?'} tiles`
          : `${l.objects.length} object${l.objects.length === 1 ? '' : 's'}`;
      const select = document.createElement('select');
      select.dataset.layer = l.path;
      const choices =
        l.kind === 'tilelayer' ? ['floor', 'walls', 'ignore'] : ['collision', 'ignore'];
      for (const role of choices) select.append(new Option(ROLES[role], role));
      select.value = this.roles[i];
      select.addEventListener('change', () => this.choose(l.path, select.value));
      row.append(name, count, select);
      return row;
    });
    this.list.replaceChildren(...rows);
  }

  /**
   * Why every cell of this Tiled map is blocked, with a button that changes the layer choice
   * that would fix it; null when no layer choice explains it.
   */
  explainBlocked(map, total) {
    const chosen = this.layers.map((l, i) => ({ ...l, role: this.roles[i] }));
    const full = chosen.find((l) => l.role === 'walls' && l.count === total);
    const floors = chosen.filter((l) => l.role === 'floor');
    if (full && !floors.length) {
      return [
        `Every cell of layer “${full.path}” holds a tile, and read as walls a tile without a ` +
          'blocked, cost or pathClass property is a wall. If this is a floor layer (a tile is ' +
          'floor, an empty cell is void), choose floor for it under Tiled layers: ',
        this.button(full.path, 'floor', `read “${full.path}” as floor`),
        '. Or give its walkable tiles blocked = false in Tiled.',
      ];
    }
    if (floors.length && floors.every((l) => l.count === 0)) {
      const [empty] = floors;
      return [
        `Layer “${empty.path}” has no tiles, and with a floor layer chosen an empty cell is ` +
          'void: choose walls for it under Tiled layers, ',
        this.button(empty.path, 'walls', 'read it as walls'),
        '.',
      ];
    }
    return null;
  }

  button(path, role, label) {
    const button = document.createElement('button');
    button.className = 'link';
    button.textContent = label;
    button.addEventListener('click', () => this.choose(path, role));
    return button;
  }
}

/**
 * The external tilesets and object templates a fetched Tiled map names, each fetched relative to
 * the file naming it, by the name that file gives it (what readTiledMap's options.tilesets and
 * options.templates take; a template's tileset is looked up by its file name too).
 */
export async function fetchReferenced(text, url) {
  const { parseMap, parseTemplate } = await tiledModules();
  const get = async (name, base) => {
    const at = new URL(name, base);
    const response = await fetch(at);
    if (!response.ok) throw new Error(`could not load ${at}: HTTP ${response.status}`);
    return response.text();
  };
  const model = parseMap(text);
  const tilesets = {};
  const templates = {};
  for (const { source } of model.tilesets)
    if (source !== undefined) tilesets[source] = await get(source, url);
  for (const layer of model.layers) {
    for (const { template } of layer.objects ?? []) {
      if (template === undefined || template in templates) continue;
      templates[template] = await get(template, url);
      for (const { source } of parseTemplate(templates[template], template).tilesets) {
        const known = Object.keys(tilesets).map(fileName);
        if (source !== undefined && !known.includes(fileName(source)))
          tilesets[source] = await get(source, new URL(template, url));
      }
    }
  }
  return { tilesets, templates };
}

/** The map with its tile images, and why they are missing if they are. */
function withArt(map, art) {
  map.art = art.tiles;
  map.artError = art.error;
  return map;
}

/** tilepath/tiled, and the parts of it that list a map's layers. */
async function tiledModules() {
  try {
    const [tiled, { parseMap }, { layerGids }, { parseTemplate }] = await Promise.all([
      import('../js/tiled.js'),
      import('../js/tiled/map.js'),
      import('../js/tiled/layers.js'),
      import('../js/tiled/templates.js'),
    ]);
    return { tiled, parseMap, layerGids, parseTemplate };
  } catch (error) {
    throw new Error(`Tiled maps need js/tiled.js: ${error.message}`);
  }
}

/** The tiles a tile layer holds, or null when its data cannot be read (reading it says why). */
function countOf(layer, layerGids) {
  if (layer.kind !== 'tilelayer') return null;
  try {
    const read = layerGids(layer);
    if (read.empty) return 0;
    let n = 0;
    for (const gid of read.gids) if (gid !== 0) n++;
    return n;
  } catch {
    return null;
  }
}

function summary(layers, roles) {
  const used = layers
    .map((l, i) => roles[i] !== 'ignore' && `“${l.path}” as ${ROLES[roles[i]]}`)
    .filter(Boolean);
  return used.join(', ') || 'no layer';
}

/** The map read with readTiledMap for these roles, as the demo shows maps. */
function readMap(tiled, file, layers, roles, model) {
  const { name, text, tilesets, templates = {} } = file;
  const chosen = layersOption(layers, roles);
  if (!chosen.length) {
    throw new RangeError('choose floor, walls or collision objects for at least one layer');
  }
  let read;
  try {
    read = tiled.readTiledMap(text, { layers: chosen, tilesets, templates });
  } catch (error) {
    if (/uses the template/.test(error.message)) {
      throw new Error(
        `${name} places objects from templates (.tx, .tj): pick or drop them together with the map ` +
          `(${error.message})`,
      );
    }
    // The reader names its option; a demo user gives a tileset by picking its file.
    const missing = model.tilesets
      .map((t) => t.source)
      .filter((s) => s && !(fileName(s) in tilesets));
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
  map.tiled = true;
  // Where the tile images go (tile-art.js): the tile size, and an infinite map's first cell.
  map.tileWidth = read.tileWidth;
  map.tileHeight = read.tileHeight;
  map.offsetX = read.offsetX ?? 0;
  map.offsetY = read.offsetY ?? 0;
  // Hexagonal and staggered maps are searched and drawn as such (the grid's stagger index, with
  // the tile size, places every tile where Tiled draws it).
  if (read.orientation === 'hexagonal' || read.orientation === 'staggered') {
    const { orientation, staggerAxis, staggerIndex, tileWidth, tileHeight } = read;
    map.shape = { orientation, staggerAxis, staggerIndex, tileWidth, tileHeight };
    if (orientation === 'hexagonal') map.shape.hexSideLength = read.hexSideLength;
  } else if (read.orientation === 'isometric') {
    // Searched as the square grid it is, drawn as Tiled draws it: diamonds (isDrawnAsTiles).
    map.shape = {
      orientation: 'isometric',
      tileWidth: read.tileWidth,
      tileHeight: read.tileHeight,
    };
  }
  return map;
}

/**
 * What the page says under the map picker about a Tiled map's tiles: what they are drawn with,
 * and which images are missing and why (those tiles show their class colours).
 * @param {{ art: import('./tile-art.js').TileArt | null, artError: string | null }} map
 * @param {{ drawn: number, undrawn: number, unplaced: number } | null} placed what the view
 *   drew (view.js placeArt)
 */
export function tileArtNote(map, placed) {
  const art = map.art;
  if (map.artError)
    return `The tile images could not be read (${map.artError}): drawn with class colours.`;
  const missing = art?.missing ?? [];
  const why = missing
    .slice(0, 3)
    .map((m) => `${m.source}: ${m.why}`)
    .join('; ');
  const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
  if (!placed) {
    if (missing.length)
      return `The tile images are missing (${why}${more}): drawn with class colours. Open or drop them with the map.`;
    return "This map's tilesets name no image: drawn with class colours.";
  }
  const images = art.tilesets
    .flatMap((ts) => [ts.image, ...ts.tiles.values()])
    .filter((i) => i?.bitmap)
    .map((i) => fileName(i.source));
  const names = images.length > 3 ? `${images.length} images` : images.join(', ');
  let note = `Tiles drawn with their images (${names}); classes shows what paths see.`;
  const some = [
    placed.undrawn && `${placed.undrawn} tiles (they show their class colours)`,
    placed.unplaced && `${placed.unplaced} tile objects (not drawn)`,
  ].filter(Boolean);
  if (some.length) note += ` No image for ${some.join(' and ')}: ${why}${more}.`;
  return note;
}
