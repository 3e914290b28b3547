// tilepath/laya: grids from LayaAir 3 Tiled maps (Laya.TiledMap / Laya.MapLayer) and from the
// 2D arrays many Laya games keep their maps in.
//
// Written against LayaAir 3.2 (layabox/LayaAir, src/layaAir/laya/map/TiledMap.ts and MapLayer.ts;
// 3.3 moved them unchanged to laya/legacy/tiledmap/):
//   TiledMap.getLayerByName(name): MapLayer | null, getLayerByIndex(i), numColumnsTile,
//   numRowsTile, tileWidth, tileHeight, width, height, orientation ('orthogonal', 'isometric',
//   'staggered', 'hexagonal')
//   MapLayer.layerName, getTileData(tileX, tileY): the raw GID from the Tiled JSON (0 outside),
//   getScreenPositionByTilePos(tileX, tileY, point)
// Laya's MapLayer has no method to change a tile, so games change their own data and tell the
// binding (refresh / resync); 2D arrays get a binding that does both in one call.
// Laya 2D node space is y down, like Tiled: no flip here.

import { GID_MASK } from '../tiled/classify.js';
import { jsonMapModel, jsonTileLookup, parseJsonText } from '../tiled/json-map.js';
import { engineTileSpace, tileSpace } from '../tiled/coords.js';
import { checkCoordinates, describe } from '../core/checks.js';
import {
  bindLayerGids,
  checkTarget,
  gidsOfLayer,
  initializeTarget,
  readLayerGrid,
} from './common.js';

function checkMap(map) {
  if (!map || typeof map.getLayerByName !== 'function') {
    throw new TypeError('expected a Laya.TiledMap (with getLayerByName), created and loaded');
  }
  const width = map.numColumnsTile;
  const height = map.numRowsTile;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new TypeError("the TiledMap has no size yet: read it in createMap's completeHandler");
  }
  return { width, height };
}

function layerOf(map, name, json) {
  if (typeof name !== 'string') throw new TypeError('options.layer must be a layer name');
  const layer = map.getLayerByName(name);
  if (!layer) {
    const names = [];
    for (let i = 0; map.getLayerByIndex?.(i); i++)
      names.push(JSON.stringify(map.getLayerByIndex(i).layerName));
    throw new RangeError(
      `the TiledMap has no layer named ${JSON.stringify(name)} (layers: ${names.join(', ') || 'none'})` +
        hiddenLayerHint(name, json),
    );
  }
  return layer;
}

/** Why Laya may lack a layer: it builds only visible ones. Said for sure when the JSON is given. */
function hiddenLayerHint(name, json) {
  if (json === undefined) {
    return (
      ': LayaAir builds only visible layers; if it is hidden in Tiled, make it visible or pass ' +
      "the map's JSON as options.json to check"
    );
  }
  let layers;
  try {
    layers = jsonMapModel(jsonOf(json)).layers;
  } catch {
    return ''; // a JSON that does not read says nothing about the layer; other calls report it
  }
  const hidden = layers.find((l) => l.name === name && !l.visible);
  if (!hidden) return '';
  return (
    `: the map has a layer ${JSON.stringify(hidden.path)}, hidden in Tiled, and LayaAir builds ` +
    'only visible layers: make it visible (at opacity 0 if it must not show), or read it from ' +
    'the JSON with readTiledMap(json, { layers }), which reads hidden layers too'
  );
}

/** Tile properties come from the Tiled JSON itself (Laya keeps only old-style tileproperties). */
function classifierOptions(options) {
  const tileInfo = options.json ? jsonTileLookup(options.json, options.tilesets) : undefined;
  return { classOf: options.classOf, tiles: options.tiles, tileInfo };
}

const readGids = (layer, width, height) =>
  gidsOfLayer(width, height, (x, y) => layer.getTileData(x, y));

/**
 * Reads a layer of a loaded Laya.TiledMap into { width, height, cells, costs }.
 * options: { layer, classOf?, json? (the Tiled JSON the map was created from, for tile
 * properties), tilesets? (external tilesets, as in readTiledLayer) }.
 */
export function readLayaLayer(map, options = {}) {
  const { width, height } = checkMap(map);
  const layer = layerOf(map, options.layer, options.json);
  const grid = readLayerGrid(
    width,
    height,
    readGids(layer, width, height),
    classifierOptions(options),
  );
  // The shape createGrid and PathWorker.create take: the neighbours as Laya draws the map.
  const orientation = map.orientation ?? 'orthogonal';
  if (orientation !== 'staggered' && orientation !== 'hexagonal') return grid;
  return { ...grid, orientation, ...layaStagger(orientation, options) };
}

/**
 * Keeps `target` (Grid or PathWorker) in step with a Laya map layer. MapLayer cannot be told
 * to change a tile, so after the game changes its tile data it calls refresh(x, y) for a cell
 * or resync() for the whole layer; only cells whose class changed are sent.
 */
export function bindLayaLayer(map, target, options = {}) {
  const { width, height } = checkMap(map);
  const layer = layerOf(map, options.layer, options.json);
  const mirror = bindLayerGids({
    target,
    width,
    height,
    what: 'the map',
    gids: readGids(layer, width, height),
    gidAt: (x, y) => layer.getTileData(x, y),
    classifierOptions: classifierOptions(options),
    initialize: options.initialize,
  });
  return {
    get costs() {
      return mirror.costs;
    },
    refresh(x, y) {
      checkCoordinates(width, height, x, y);
      mirror.refresh(x, y);
    },
    resync: mirror.resync,
  };
}

/**
 * Laya's staggered and hexagonal layout (MapLayer.getScreenPositionByTilePos and
 * drawTileTexture): whatever the map says, odd rows sit half a tile right (Tiled's staggeraxis y,
 * staggerindex odd), and hexagon rows are 2/3 of a tile apart (the hexagon of a hexsidelength of
 * tileHeight / 3). A map with another stagger is drawn by Laya unlike Tiled and unlike the grid
 * read from it, so it is refused when its JSON is given.
 */
function layaStaggeredSpace(map, orientation, options, width, height) {
  return engineTileSpace({
    orientation,
    ...layaStagger(orientation, options),
    ...(orientation === 'hexagonal' ? { hexSideLength: map.tileHeight / 3 } : {}),
    tileWidth: map.tileWidth,
    tileHeight: map.tileHeight,
    width,
    height,
    originX: options.originX ?? 0,
    originY: options.originY ?? 0,
  });
}

/** The stagger Laya draws a staggered or hexagonal map with; a map saying another is refused. */
function layaStagger(orientation, options) {
  const json = options.json === undefined ? undefined : jsonOf(options.json);
  if (json) {
    const axis = json.staggeraxis ?? 'y';
    const index = json.staggerindex ?? 'odd';
    if (axis !== 'y' || index !== 'odd') {
      throw new RangeError(
        `LayaAir draws ${orientation} maps with staggeraxis y and staggerindex odd whatever the ` +
          `map says; this map has staggeraxis ${axis}, staggerindex ${index}: Laya would draw it ` +
          'unlike Tiled and unlike the grid read from it',
      );
    }
  }
  return { staggerAxis: 'y', staggerIndex: 'odd' };
}

function jsonOf(json) {
  const source = typeof json === 'string' ? parseJsonText(json, 'options.json') : json;
  if (source === null || typeof source !== 'object') {
    throw new TypeError('options.json must be the parsed Tiled JSON object or its text');
  }
  return source;
}

/**
 * Cell <-> pixel conversions in the map's own space (children of a MapLayer, y down), laid out
 * as Laya draws it. Note Laya centres isometric maps on numColumnsTile * tileWidth / 2 where
 * Tiled uses numRowsTile: the two agree on square maps only; this follows Laya. Staggered and
 * hexagonal maps: see layaStaggeredSpace.
 */
export function layaTileSpace(map, options = {}) {
  const { width, height } = checkMap(map);
  const orientation = map.orientation ?? 'orthogonal';
  if (orientation === 'staggered' || orientation === 'hexagonal') {
    return layaStaggeredSpace(map, orientation, options, width, height);
  }
  if (orientation !== 'orthogonal' && orientation !== 'isometric') {
    throw new RangeError(
      `the map's orientation ${describe(orientation)} is none of orthogonal, isometric, ` +
        'staggered, hexagonal',
    );
  }
  const shift = orientation === 'isometric' ? ((width - height) * map.tileWidth) / 2 : 0;
  return tileSpace({
    orientation,
    tileWidth: map.tileWidth,
    tileHeight: map.tileHeight,
    width,
    height,
    originX: (options.originX ?? 0) + shift,
    originY: options.originY ?? 0,
  });
}

// --- 2D arrays -------------------------------------------------------------------------------

function defaultValueClass(value) {
  if (typeof value === 'boolean') {
    throw new TypeError('a 2D array of booleans needs a classOf (is true walkable or blocked?)');
  }
  return value;
}

function shapeOf(rows, order) {
  if (
    !Array.isArray(rows) ||
    rows.length === 0 ||
    !rows.every((r) => r && typeof r.length === 'number')
  ) {
    throw new TypeError('expected a non-empty array of arrays');
  }
  const inner = rows[0].length;
  rows.forEach((r, i) => {
    if (r.length !== inner)
      throw new RangeError(
        `row ${i} has ${r.length} entries, row 0 has ${inner}: the array must be rectangular`,
      );
  });
  if (inner === 0) throw new RangeError('the inner arrays are empty');
  if (order === 'rows') return { width: inner, height: rows.length };
  if (order === 'columns') return { width: rows.length, height: inner };
  throw new RangeError(
    `order must be 'rows' (array[y][x]) or 'columns' (array[x][y]), got ${describe(order)}`,
  );
}

function classOfValue(classOf, value, x, y) {
  const cls = classOf(value, x, y);
  if (!Number.isInteger(cls) || cls < 0 || cls > 255) {
    // TypeError for what is no integer at all (NaN, "1"), RangeError for one out of 0..255.
    const Type = Number.isInteger(cls) ? RangeError : TypeError;
    throw new Type(
      `cell ${x}, ${y}: value ${describe(value)} gives class ${describe(cls)}; a class is an integer 0..255`,
    );
  }
  return cls;
}

/**
 * A 2D array (array[y][x] by default, or array[x][y] with order: 'columns') into
 * { width, height, cells }. By default each value is the class (0 = free, 1 = wall);
 * classOf(value, x, y) maps anything else.
 */
export function readArray2D(rows, options = {}) {
  const { order = 'rows', classOf = defaultValueClass } = options;
  const { width, height } = shapeOf(rows, order);
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = order === 'rows' ? rows[y][x] : rows[x][y];
      cells[y * width + x] = classOfValue(classOf, value, x, y);
    }
  }
  return { width, height, cells };
}

/**
 * Binds a 2D array to a Grid or PathWorker: set(x, y, value) writes the array and the grid
 * together; resync() sends whatever changed in the array since (only differing cells).
 */
export function bindArray2D(rows, target, options = {}) {
  const { order = 'rows', classOf = defaultValueClass } = options;
  const { width, height } = shapeOf(rows, order);
  const set = checkTarget(target, width, height, 'the map');
  const mirror = readArray2D(rows, { order, classOf }).cells;
  if (options.initialize !== false) initializeTarget(target, set, mirror, width, null);
  const at = (x, y) => (order === 'rows' ? rows[y][x] : rows[x][y]);
  const checkCell = (x, y) => {
    checkCoordinates(width, height, x, y);
  };
  const push = (x, y) => {
    const cls = classOfValue(classOf, at(x, y), x, y);
    if (mirror[y * width + x] !== cls) {
      mirror[y * width + x] = cls;
      set(x, y, cls);
    }
  };
  return {
    width,
    height,
    get(x, y) {
      checkCell(x, y);
      return at(x, y);
    },
    set(x, y, value) {
      checkCell(x, y);
      classOfValue(classOf, value, x, y); // refuse before writing anything
      if (order === 'rows') rows[y][x] = value;
      else rows[x][y] = value;
      push(x, y);
    },
    resync() {
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) push(x, y);
    },
  };
}

export { GID_MASK };
