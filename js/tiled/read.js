// The public readers: one tile layer of a Tiled map into a tilepath grid (readTiledLayer), or
// several tile and object layers combined into one (readTiledMap).

import {
  createTileClassifier,
  checkedClass,
  checkTilesMeaning,
  DEFAULT_TILE_CLASS,
  GID_MASK,
  hasRuleProperties,
  saysNothing,
} from './classify.js';
import { checkCollisionMode, paintTileObjectShapes, shapeRole } from './collision.js';
import { findLayer, layerGids, listLayers } from './layers.js';
import { createTemplates } from './templates.js';
import { checkGridSize } from './limits.js';
import { MAX_OBJECT_CELLS, paintObject } from './objects.js';
import { costTable } from '../core/checks.js';
import { isLink, linksOf } from './links.js';
import { applyRules as applyRuleSet } from '../core/rules.js';
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

function checkTilesets(tilesets, name = 'tilesets', example = '"walls.tsx"') {
  if (tilesets === null || typeof tilesets !== 'object') {
    throw new TypeError(`options.${name} must be an object: { ${example}: contents }`);
  }
  return tilesets;
}

/** The map's tile lookup, each tile told what its collision shapes say (`collision`). */
function tileLookup(model, tilesets, mode) {
  const lookup = createTileLookup(model.tilesets, tilesets, parseTilesetSource);
  return withShapes(lookup, model, mode);
}

function withShapes(lookup, model, mode) {
  const cache = new Map();
  return (gid) => {
    let hit = cache.get(gid);
    if (!hit) {
      const tile = lookup(gid);
      hit = { ...tile, collision: shapeRole(tile, model, mode) };
      cache.set(gid, hit);
    }
    return hit;
  };
}

/** The fix for a layer whose every cell holds a tile that says nothing. */
function silentLayerWarning(layer, tiles) {
  return (
    `layer ${JSON.stringify(layer.path)} has a tile in every cell and none of its tiles says ` +
    `whether it blocks, so it reads as all ${tiles === 'floor' ? 'floor' : 'walls'}: draw ` +
    "collision shapes on the wall tiles (Tiled's Collision Editor), or give tiles blocked/cost " +
    // Read as floor already: only the wall layer is left to say.
    `properties, or ${tiles === 'floor' ? '' : "read it with tiles: 'floor' and "}put a wall ` +
    'layer over it'
  );
}

/**
 * Whether every cell of a layer holds a tile and none of them says anything, from the distinct
 * GIDs (ascending, 0 first when present) the classifier saw while classifying the layer.
 */
function isSilentFull(tiles, info) {
  return tiles.length > 0 && tiles[0] !== 0 && tiles.every((gid) => saysNothing(info(gid)));
}

/** What both readers return: the grid, its costs, and where it sits in the map. */
function grid(model, { width, height, offsetX, offsetY }, cells, classifier) {
  const { tileWidth, tileHeight } = model;
  return {
    width,
    height,
    cells,
    costs: classifier.costs,
    profiles: classifier.profiles,
    entry: classifier.entry,
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
    ['layer', 'classOf', 'tilesets', 'tiles', 'collision'],
    'readTiledLayer(map, { layer, tiles?, classOf?, tilesets?, collision? })',
  );
  const { layer: wanted, classOf, tilesets = {} } = options;
  const tiles = checkTilesMeaning(options.tiles);
  const mode = checkCollisionMode(options.collision);
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
  const tileInfo = tileLookup(model, tilesets, mode);
  const classifier = createTileClassifier({ classOf, tiles, tileInfo });
  const cells = classifier.classesOf(gids);
  const silent = !classOf && isSilentFull(classifier.lastTiles, tileInfo);
  const warnings = silent ? [silentLayerWarning(layer, tiles)] : [];
  return { ...grid(model, { width, height, offsetX, offsetY }, cells, classifier), gids, warnings };
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

/**
 * Adds the movement profiles readTiledLayer found ({ name: { [class]: cost } }) to a Grid or a
 * PathWorker, with setProfile. Returns target.
 */
export function applyProfiles(target, profiles) {
  if (!target || typeof target.setProfile !== 'function') {
    throw new TypeError(
      'applyProfiles(target, profiles): target must have setProfile (a Grid or a PathWorker)',
    );
  }
  if (profiles === undefined || profiles === null) return target;
  if (typeof profiles !== 'object') {
    throw new TypeError('applyProfiles(target, profiles): profiles must be { name: costs }');
  }
  // Every table checked before any is set: a bad one is named, and nothing is applied.
  const tables = Object.entries(profiles).map(
    ([name, costs]) => /** @type {const} */ ([name, costTable(costs)]),
  );
  for (const [name, pairs] of tables) target.setProfile(name, new Map(pairs));
  return target;
}

/** Applies the entry rules and links readTiledMap found to a Grid or a PathWorker. */
export function applyRules(target, level) {
  if (!target || typeof target.addLink !== 'function') {
    throw new TypeError(
      'applyRules(target, level): target must have addLink (a Grid or a PathWorker)',
    );
  }
  return applyRuleSet(target, level ?? {});
}

/** Every layer of a map: its path, kind, visibility and size (see tiled.d.ts). */
export function listTiledLayers(map) {
  return listLayers(parseMap(map));
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
    ['layers', 'classOf', 'tilesets', 'templates', 'collision'],
    'readTiledMap(map, { layers, classOf?, tilesets?, templates?, collision? })',
  );
  const { layers, classOf, tilesets = {}, templates = {} } = options;
  const mode = checkCollisionMode(options.collision);
  checkTilesets(templates, 'templates', '"crate.tx"');
  if (!Array.isArray(layers) || layers.length === 0) {
    throw new TypeError(
      "options.layers must be a non-empty array of layer names or { layer, tiles: 'walls' | 'floor' }",
    );
  }
  checkTilesets(tilesets);
  const entries = layers.map(layerEntry);
  const model = parseMap(map);
  const lookup = tileLookup(model, tilesets, mode);
  const classifier = createTileClassifier({ classOf, tileInfo: lookup });
  // A template's tiles, told what their shapes say like the map's, one lookup per template.
  const templateTiles = new WeakMap();
  const resolveTemplate = createTemplates(templates, tilesets, parseTilesetSource);
  const tileOf = (resolved, gid) => {
    if (!resolved.fromTemplate) return lookup(gid);
    let shapes = templateTiles.get(resolved.lookup);
    if (!shapes)
      templateTiles.set(resolved.lookup, (shapes = withShapes(resolved.lookup, model, mode)));
    return shapes(gid);
  };
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
  // Cells a collision shape blocks: a shapeless tile of a later layer (a flower on the grass)
  // leaves them blocked, where a tile with properties repaints them as usual.
  const shaped = { cells: null, size: width * height };
  const warnings = [];
  const links = [];
  for (const [index, { entry, layer, read: early }] of reads.entries()) {
    if (layer.kind === 'tilelayer') {
      const read = early ?? layerGids(layer);
      if (read.empty) continue;
      const roleOf = classOf ? null : roleTable(lookup);
      if (!model.infinite && (read.width !== width || read.height !== height)) {
        throw new RangeError(
          `layer ${JSON.stringify(layer.path)} is ${read.width} x ${read.height}, the map ${width} x ${height}`,
        );
      }
      const dx = read.offsetX - offsetX;
      const dy = read.offsetY - offsetY;
      const aligned = dx === 0 && dy === 0 && read.width === width;
      classifier.classesOf(read.gids, entry.tiles, (i, cls) => {
        let j = i;
        if (!aligned) {
          const x = i % read.width;
          j = (dy + (i - x) / read.width) * width + dx + x;
        }
        const role = roleOf ? roleOf(read.gids[i]) : null;
        if (role !== null) {
          if (role === 'open' && shaped.cells?.[j]) return;
          if (role === 'blocks') (shaped.cells ??= new Uint8Array(shaped.size))[j] = 1;
        } else if (shaped.cells) shaped.cells[j] = 0;
        cells[j] = cls;
      });
      const coveredLater = entry.tiles === 'floor' && index < reads.length - 1;
      if (!classOf && !coveredLater && isSilentFull(classifier.lastTiles, lookup)) {
        warnings.push(silentLayerWarning(layer, entry.tiles));
      }
    } else {
      const context = { model, bounds, cells, classifier, classOf, shaped, tileOf, links };
      paintObjectLayer(layer, entry, context, resolveTemplate);
    }
  }
  return { ...grid(model, bounds, cells, classifier), links, warnings };
}

/** What a tile's shapes say when its properties do not ('blocks' | 'open' | null), by GID. */
function roleTable(lookup) {
  const small = new Int8Array(1 << 16).fill(-1);
  const roles = [null, 'open', 'blocks'];
  const roleOf = (gid) => {
    const info = lookup(gid);
    return hasRuleProperties(info) ? null : info.collision;
  };
  return (raw) => {
    const gid = (raw & GID_MASK) >>> 0;
    if (gid >= small.length) return roleOf(gid);
    if (small[gid] < 0) small[gid] = roles.indexOf(roleOf(gid));
    return roles[small[gid]];
  };
}

function paintObjectLayer(layer, entry, context, resolveTemplate) {
  const { model, bounds, cells, classifier, classOf, shaped, tileOf, links } = context;
  const where = `layer ${JSON.stringify(layer.path)}`;
  // Link objects (links.js) paint nothing: they become the result's links, on every shape.
  const resolved = layer.objects.map((placed) => {
    const named = placed.name ? ` (${JSON.stringify(placed.name)})` : '';
    return resolveTemplate(placed, `${where}, object ${placed.id}${named}`);
  });
  const linkObjects = resolved.map((r) => r.object).filter(isLink);
  if (linkObjects.length) {
    const at = { ...bounds, ...gridShape(model, bounds.offsetX, bounds.offsetY) };
    const shape = { ...at, tileWidth: model.tileWidth, tileHeight: model.tileHeight };
    links.push(
      ...linksOf(linkObjects, { ...shape, isometric: model.orientation === 'isometric' }, where),
    );
    if (linkObjects.length === resolved.length) return;
  }
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
  const count = (n) => {
    painted += n;
    if (painted > MAX_OBJECT_CELLS) {
      throw new RangeError(
        `${where}: its objects cover more than ${MAX_OBJECT_CELLS} cells in all (overlaps counted each time)`,
      );
    }
  };
  const block = (i) => {
    cells[i] = DEFAULT_TILE_CLASS;
    (shaped.cells ??= new Uint8Array(shaped.size))[i] = 1;
  };
  for (const [k, placed] of layer.objects.entries()) {
    const named = placed.name ? ` (${JSON.stringify(placed.name)})` : '';
    const what = `${where}, object ${placed.id}${named}`;
    const { object } = resolved[k];
    if (object.shape === 'text' || isLink(object)) continue;
    let cls;
    if (object.gid !== undefined) {
      const gid = (object.gid & GID_MASK) >>> 0;
      // A gid that came with the template counts in the template's own tilesets.
      const tile = tileOf(resolved[k], gid);
      // The object's own properties win over its tile's, as in Tiled.
      const properties = Object.assign(Object.create(null), tile.properties, object.properties);
      const info = { properties, tileset: tile.tileset };
      if (!classOf && tile.collision && !hasRuleProperties(info)) {
        // The tile's collision shapes, where the object puts them; a shapeless tile blocks nothing.
        if (tile.collision === 'open' && tile.collisionShapes.shapes.length === 0) continue;
        if (model.orientation === 'orthogonal') {
          count(paintTileObjectShapes(object, tile.collisionShapes, grid, block, what));
        } else if (tile.collision === 'blocks') {
          count(paintObject(object, grid, block, what));
        }
        continue;
      }
      cls = classOf
        ? checkedClass(classOf(gid, properties, { gid, ...tile, properties }), `classOf(${gid})`)
        : classifier.classOfProperties(what, properties, entry.tiles, tile.tileset);
    } else {
      cls = classifier.classOfProperties(what, object.properties, entry.tiles);
    }
    count(
      paintObject(
        object,
        grid,
        (i) => {
          cells[i] = cls;
          if (shaped.cells) shaped.cells[i] = 0;
        },
        what,
      ),
    );
  }
}
