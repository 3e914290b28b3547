// The public readers: one tile layer of a Tiled map into a tilepath grid (readTiledLayer), or
// several tile and object layers combined into one (readTiledMap).

import {
  createTileClassifier,
  checkedClass,
  checkTilesMeaning,
  DEFAULT_TILE_CLASS,
  GID_MASK,
} from './classify.js';
import { findLayer, layerGids } from './layers.js';
import { checkGridSize } from './limits.js';
import { MAX_OBJECT_CELLS, paintObject } from './objects.js';
import { costTable } from '../worker-options.js';
import { parseMap, parseTilesetSource } from './map.js';
import { gridShape } from './shape.js';
import { createTileLookup } from './tilesets.js';
import { shown } from './values.js';

function checkOptions(options, allowed, call) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${call}: options are required`);
  }
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${call.split('(')[0]}: unknown option ${JSON.stringify(key)}`);
    }
  }
}

function checkTilesets(tilesets) {
  if (tilesets === null || typeof tilesets !== 'object') {
    throw new TypeError('options.tilesets must be an object: { "walls.tsx": contents }');
  }
  return tilesets;
}

/** What both readers return: the grid, its costs, and where it sits in the map. */
function grid(model, { width, height, offsetX, offsetY }, cells, classifier) {
  const { tileWidth, tileHeight } = model;
  return {
    width,
    height,
    cells,
    costs: classifier.costs,
    offsetX,
    offsetY,
    ...gridShape(model, offsetX, offsetY),
    tileWidth,
    tileHeight,
  };
}

/**
 * Reads one tile layer of a Tiled map into a tilepath grid. See tiled.d.ts for the options and
 * the tile property convention.
 */
export function readTiledLayer(map, options) {
  checkOptions(
    options,
    ['layer', 'classOf', 'tilesets', 'tiles'],
    'readTiledLayer(map, { layer, tiles?, classOf?, tilesets? })',
  );
  const { layer: wanted, classOf, tilesets = {} } = options;
  const tiles = checkTilesMeaning(options.tiles);
  checkTilesets(tilesets);
  const model = parseMap(map);
  const layer = findLayer(model, wanted);
  const read = layerGids(layer);
  if (read.empty) {
    throw new RangeError(
      `layer ${JSON.stringify(layer.path)} of this infinite map has no tiles (no chunks, or only ` +
        'empty ones): there is no grid to read',
    );
  }
  const { width, height, offsetX, offsetY, gids } = read;
  const classifier = createTileClassifier({
    classOf,
    tiles,
    tileInfo: createTileLookup(model.tilesets, tilesets, parseTilesetSource),
  });
  const cells = classifier.classesOf(gids);
  return { ...grid(model, { width, height, offsetX, offsetY }, cells, classifier), gids };
}

/** Applies the costs readTiledLayer found (class -> cost) to a Grid or a PathWorker. */
export function applyCosts(target, costs) {
  if (!target || typeof target.setCost !== 'function') {
    throw new TypeError(
      'applyCosts(target, costs): target must have setCost (a Grid or a PathWorker)',
    );
  }
  if (costs === undefined || costs === null) return target;
  // Checked whole first, as PathWorker.create checks its costs: a bad entry is named, and
  // nothing of a refused table is applied.
  for (const [cls, cost] of costTable(costs)) target.setCost(cls, cost);
  return target;
}

/** The tile lookup of a parsed map, for adapters that classify tiles later. */
export function tileInfoOfMap(map, tilesets = {}) {
  return createTileLookup(parseMap(map).tilesets, checkTilesets(tilesets), parseTilesetSource);
}

/** One entry of readTiledMap's `layers`: 'Name' or { layer, tiles? }. */
function layerEntry(entry, index) {
  const what = `options.layers[${index}]`;
  if (typeof entry === 'string' || typeof entry === 'number')
    return { layer: entry, tiles: 'walls', what };
  if (entry === null || typeof entry !== 'object') {
    throw new TypeError(`${what} must be a layer name or { layer, tiles? }, got ${shown(entry)}`);
  }
  for (const key of Object.keys(entry)) {
    if (key !== 'layer' && key !== 'tiles') {
      throw new TypeError(`${what}: unknown key ${JSON.stringify(key)} (expected layer, tiles)`);
    }
  }
  return { layer: entry.layer, tiles: checkTilesMeaning(entry.tiles, `${what}.tiles`), what };
}

/** The grid's size and offset: the map's, or for an infinite map the tiles' bounding box. */
function mapBounds(model, reads) {
  if (!model.infinite) {
    checkGridSize(model.width, model.height, 'map');
    return { width: model.width, height: model.height, offsetX: 0, offsetY: 0 };
  }
  const parts = reads.filter((r) => r.read && !r.read.empty).map((r) => r.read);
  if (parts.length === 0) {
    throw new RangeError(
      'the chosen tile layers of this infinite map hold no tiles: there is no grid to read ' +
        '(object layers alone do not say how big the map is)',
    );
  }
  const minX = Math.min(...parts.map((p) => p.offsetX));
  const minY = Math.min(...parts.map((p) => p.offsetY));
  const width = Math.max(...parts.map((p) => p.offsetX + p.width)) - minX;
  const height = Math.max(...parts.map((p) => p.offsetY + p.height)) - minY;
  checkGridSize(width, height, 'the chosen layers together');
  return { width, height, offsetX: minX, offsetY: minY };
}

/**
 * Combines tile layers and object layers into one grid: see tiled.d.ts (ReadTiledMapOptions)
 * for the rule. Layers are painted in the order given, each over the ones before.
 */
export function readTiledMap(map, options) {
  checkOptions(
    options,
    ['layers', 'classOf', 'tilesets'],
    'readTiledMap(map, { layers, classOf?, tilesets? })',
  );
  const { layers, classOf, tilesets = {} } = options;
  if (!Array.isArray(layers) || layers.length === 0) {
    throw new TypeError(
      "options.layers must be a non-empty array of layer names or { layer, tiles: 'walls' | 'floor' }",
    );
  }
  checkTilesets(tilesets);
  const entries = layers.map(layerEntry);
  const model = parseMap(map);
  const lookup = createTileLookup(model.tilesets, tilesets, parseTilesetSource);
  const classifier = createTileClassifier({ classOf, tileInfo: lookup });
  // An infinite map's size comes from its layers' tiles, so those are read up front; a finite
  // map's layers are read one at a time as they are painted.
  const reads = entries.map((entry) => {
    const layer = findLayer(model, entry.layer, { what: `${entry.what}.layer`, objects: true });
    const upFront = model.infinite && layer.kind === 'tilelayer';
    return { entry, layer, read: upFront ? layerGids(layer) : null };
  });
  const bounds = mapBounds(model, reads);
  const { width, height, offsetX, offsetY } = bounds;
  const hasFloor = entries.some(
    (e, i) => e.tiles === 'floor' && reads[i].layer.kind === 'tilelayer',
  );
  const cells = new Uint8Array(width * height).fill(hasFloor ? DEFAULT_TILE_CLASS : 0);
  for (const { entry, layer, read: early } of reads) {
    if (layer.kind === 'tilelayer') {
      const read = early ?? layerGids(layer);
      if (read.empty) continue;
      if (!model.infinite && (read.width !== width || read.height !== height)) {
        throw new RangeError(
          `layer ${JSON.stringify(layer.path)} is ${read.width} x ${read.height}, the map ${width} x ${height}`,
        );
      }
      const dx = read.offsetX - offsetX;
      const dy = read.offsetY - offsetY;
      const aligned = dx === 0 && dy === 0 && read.width === width;
      classifier.classesOf(read.gids, entry.tiles, (i, cls) => {
        if (aligned) cells[i] = cls;
        else {
          const x = i % read.width;
          cells[(dy + (i - x) / read.width) * width + dx + x] = cls;
        }
      });
    } else {
      paintObjectLayer(model, layer, entry, bounds, cells, classifier, lookup, classOf);
    }
  }
  return grid(model, bounds, cells, classifier);
}

function paintObjectLayer(model, layer, entry, bounds, cells, classifier, lookup, classOf) {
  const where = `layer ${JSON.stringify(layer.path)}`;
  let units;
  if (model.orientation === 'orthogonal')
    units = { unitX: model.tileWidth, unitY: model.tileHeight };
  else if (model.orientation === 'isometric')
    units = { unitX: model.tileHeight, unitY: model.tileHeight };
  else {
    throw new RangeError(
      `${where}: objects are read on orthogonal and isometric maps, this one is ${model.orientation}`,
    );
  }
  if (!(units.unitX > 0 && units.unitY > 0)) {
    throw new TypeError(`${where}: the map has no tile size (tilewidth, tileheight)`);
  }
  const grid = { ...bounds, ...units, isometric: model.orientation === 'isometric' };
  let painted = 0;
  for (const object of layer.objects) {
    const what = `${where}, object ${object.id}${object.name ? ` (${JSON.stringify(object.name)})` : ''}`;
    if (object.template !== undefined) {
      throw new TypeError(
        `${what} uses the template ${shown(object.template)}, which tilepath/tiled does not ` +
          'read: detach it in Tiled (Detach Template), or leave this layer out',
      );
    }
    if (object.shape === 'text') continue;
    let cls;
    if (object.gid !== undefined) {
      const gid = (object.gid & GID_MASK) >>> 0;
      const tile = lookup(gid);
      // The object's own properties win over its tile's, as in Tiled.
      const properties = Object.assign(Object.create(null), tile.properties, object.properties);
      cls = classOf
        ? checkedClass(classOf(gid, properties, { gid, ...tile, properties }), `classOf(${gid})`)
        : classifier.classOfProperties(what, properties, entry.tiles, tile.tileset);
    } else {
      cls = classifier.classOfProperties(what, object.properties, entry.tiles);
    }
    painted += paintObject(object, grid, (i) => (cells[i] = cls), what);
    if (painted > MAX_OBJECT_CELLS) {
      throw new RangeError(
        `${where}: its objects cover more than ${MAX_OBJECT_CELLS} cells in all (overlaps counted each time)`,
      );
    }
  }
}
