// tilepath/cocos: grids from Cocos Creator 3.8 tile maps (cc.TiledMap / cc.TiledLayer), paths
// turned into node positions, and the grid kept in sync when the game changes tiles.
//
// Written against cocos-engine v3.8.5, cocos/tiledmap/tiled-map.ts and tiled-layer.ts:
//   TiledMap.getLayer(name): TiledLayer | null, getMapSize(): Size, getTileSize(): Size,
//   getMapOrientation(): Orientation (ORTHO 0, HEX 1, ISO 2), getPropertiesForGID(gid)
//   TiledLayer.tiles: GID array (index x + width * y, y down, flip bits included), layerSize,
//   getLayerName(), getTileGIDAt(x, y), setTileGIDAt(gid, x, y, flags?),
//   setTilesGIDAt(gids, beginCol, beginRow, totalCols), getPositionAt(x, y),
//   leftDownToCenterX / leftDownToCenterY, node (UITransform: width, height, anchorX, anchorY)
// Nothing here imports 'cc': the objects are used through those members only.

import { GID_MASK, createTileClassifier } from './tiled.js';
import { tileSpace } from './coords.js';

// cc.TiledMap.Orientation values.
const ORIENTATION_NAMES = { 0: 'orthogonal', 1: 'hexagonal', 2: 'isometric' };

function isMap(object) {
  return object && typeof object.getLayer === 'function' && typeof object.getMapSize === 'function';
}

function isLayer(object) {
  return object && typeof object.getTileGIDAt === 'function';
}

/** Accepts (map, { layer: 'Name' }) or a TiledLayer (with an optional map for properties). */
function resolve(mapOrLayer, options = {}) {
  if (isMap(mapOrLayer)) {
    const { layer: name } = options;
    if (typeof name !== 'string') {
      throw new TypeError('options.layer must be the name of a layer of the TiledMap');
    }
    const layer = mapOrLayer.getLayer(name);
    if (!layer) {
      const names = (mapOrLayer.getLayers?.() ?? []).map((l) => JSON.stringify(l.getLayerName()));
      throw new RangeError(
        `the TiledMap has no layer named ${JSON.stringify(name)} (layers: ${names.join(', ') || 'none'})`,
      );
    }
    return { map: mapOrLayer, layer };
  }
  if (isLayer(mapOrLayer)) {
    if (options.map !== undefined && !isMap(options.map)) {
      throw new TypeError('options.map must be the cc.TiledMap the layer belongs to');
    }
    return { map: options.map ?? null, layer: mapOrLayer };
  }
  throw new TypeError('expected a cc.TiledMap (with options.layer) or a cc.TiledLayer');
}

function sizeOf(map, layer) {
  const size = layer.layerSize ?? map?.getMapSize();
  if (
    !size ||
    !Number.isInteger(size.width) ||
    !Number.isInteger(size.height) ||
    size.width <= 0 ||
    size.height <= 0
  ) {
    throw new TypeError('the TiledLayer has no valid layerSize (is the map loaded?)');
  }
  return { width: size.width, height: size.height };
}

function classifierFor(map, classOf, onCost) {
  const tileInfo = (gid) => ({
    id: gid,
    tileset: null,
    properties: map?.getPropertiesForGID?.(gid) ?? {},
    type: '',
  });
  return createTileClassifier({ classOf, tileInfo, onCost });
}

/** GIDs of the whole layer, row-major: the public `tiles` array when present (fast path). */
function readGids(layer, width, height) {
  const count = width * height;
  const gids = new Uint32Array(count);
  const tiles = layer.tiles;
  if (tiles && tiles.length === count) {
    for (let i = 0; i < count; i++) gids[i] = tiles[i] >>> 0;
  } else {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) gids[y * width + x] = (layer.getTileGIDAt(x, y) ?? 0) >>> 0;
    }
  }
  return gids;
}

/**
 * Reads a Cocos tile layer into { width, height, cells, costs } for createGrid / PathWorker.create.
 * Tile properties come from TiledMap.getPropertiesForGID, with the convention of tilepath/tiled.
 */
export function readCocosLayer(mapOrLayer, options = {}) {
  const { map, layer } = resolve(mapOrLayer, options);
  const { width, height } = sizeOf(map, layer);
  const classifier = classifierFor(map, options.classOf);
  const gids = readGids(layer, width, height);
  classifier.prepare(gids);
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < gids.length; i++) cells[i] = classifier.classOf(gids[i]);
  return { width, height, cells, costs: classifier.costs };
}

function orientationOf(map, layer) {
  const value = layer.getLayerOrientation?.() ?? map?.getMapOrientation?.();
  const name = ORIENTATION_NAMES[value];
  if (name !== 'orthogonal' && name !== 'isometric') {
    throw new RangeError(
      `only orthogonal and isometric maps are supported, this one is ${name ?? value}`,
    );
  }
  return name;
}

/**
 * Cell <-> node-space conversions for a Cocos tile layer: y up, origin at the node's anchor, the
 * same positions TiledLayer.getPositionAt gives (plus half a tile: cellToWorld gives centres).
 * Node positions are local to the layer node (and to the map node: layers sit at its origin).
 */
export function cocosTileSpace(mapOrLayer, options = {}) {
  const { map, layer } = resolve(mapOrLayer, options);
  const { width, height } = sizeOf(map, layer);
  const tileSize = map?.getTileSize?.() ?? options.tileSize;
  if (!tileSize)
    throw new TypeError('pass the TiledMap (or options.tileSize) to know the tile size');
  const orientation = orientationOf(map, layer);
  const pixelHeight =
    orientation === 'isometric'
      ? ((width + height) * tileSize.height) / 2
      : height * tileSize.height;
  // Where the layer's bottom-left corner is, relative to its anchor: UITransform when reachable,
  // else the layer's own leftDownToCenter (which Cocos keeps in sync with the anchor).
  const transform = layer.node?.getComponent?.('cc.UITransform');
  const left = transform ? transform.width * transform.anchorX : (layer.leftDownToCenterX ?? 0);
  const bottom = transform ? transform.height * transform.anchorY : (layer.leftDownToCenterY ?? 0);
  return tileSpace({
    orientation,
    tileWidth: tileSize.width,
    tileHeight: tileSize.height,
    width,
    height,
    yUp: true,
    originX: -left,
    originY: pixelHeight - bottom,
  });
}

function editorOf(target) {
  if (target && typeof target.setCell === 'function')
    return (x, y, cls) => target.setCell(x, y, cls);
  if (target && typeof target.set === 'function') return (x, y, cls) => target.set(x, y, cls);
  throw new TypeError('target must be a tilepath Grid (set) or PathWorker (setCell)');
}

/**
 * Keeps `target` (a Grid or a PathWorker) in step with a Cocos tile layer: the layer's
 * setTileGIDAt and setTilesGIDAt are wrapped on this instance so every tile the game places
 * becomes a cell edit (one per changed cell; a PathWorker batches them into one message).
 * New cost classes found on the way are given to target.setCost first.
 * Returns { unbind(), resync(), costs }.
 */
export function bindCocosLayer(mapOrLayer, target, options = {}) {
  const { map, layer } = resolve(mapOrLayer, options);
  const { width, height } = sizeOf(map, layer);
  const set = editorOf(target);
  if (
    (target.width !== undefined && target.width !== width) ||
    (target.height !== undefined && target.height !== height)
  ) {
    throw new RangeError(
      `target is ${target.width}x${target.height}, the layer is ${width}x${height}`,
    );
  }
  if (typeof target.setCost !== 'function') throw new TypeError('target must have setCost');
  // Costs found while reading the layer go out with the initial state; later ones as they appear.
  let live = false;
  const classifier = classifierFor(
    map,
    options.classOf,
    (cls, cost) => live && target.setCost(cls, cost),
  );
  const mirror = new Uint8Array(width * height);
  const gids = readGids(layer, width, height);
  classifier.prepare(gids);
  for (let i = 0; i < gids.length; i++) mirror[i] = classifier.classOf(gids[i]);
  if (options.initialize !== false) {
    for (const [cls, cost] of Object.entries(classifier.costs)) target.setCost(Number(cls), cost);
    for (let i = 0; i < mirror.length; i++) {
      if (target.get?.(i % width, (i / width) | 0) !== mirror[i])
        set(i % width, (i / width) | 0, mirror[i]);
    }
  }
  live = true;

  // What the layer holds after a change is the truth (Cocos drops GIDs it has no texture for
  // and ignores ones below the first firstgid), so each touched cell is read back from it.
  const refresh = (x, y) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const cls = classifier.classOf((layer.getTileGIDAt(x, y) ?? 0) >>> 0);
    const i = y * width + x;
    if (mirror[i] !== cls) {
      mirror[i] = cls;
      set(x, y, cls);
    }
  };

  const ownSetTile = Object.hasOwn(layer, 'setTileGIDAt') ? layer.setTileGIDAt : undefined;
  const ownSetTiles = Object.hasOwn(layer, 'setTilesGIDAt') ? layer.setTilesGIDAt : undefined;
  const originalSetTile = layer.setTileGIDAt;
  const originalSetTiles = layer.setTilesGIDAt;
  layer.setTileGIDAt = function setTileGIDAt(gid, x, y, flags) {
    const result = originalSetTile.call(this, gid, x, y, flags);
    refresh(Math.floor(x), Math.floor(y));
    return result;
  };
  if (typeof originalSetTiles === 'function') {
    layer.setTilesGIDAt = function setTilesGIDAt(gids, beginCol, beginRow, totalCols) {
      const result = originalSetTiles.call(this, gids, beginCol, beginRow, totalCols);
      if (gids && gids.length && totalCols > 0) {
        // Same walk as the engine: rows from beginRow, totalCols columns each, until gids run out.
        const col0 = Math.max(0, beginCol);
        const row0 = Math.max(0, beginRow);
        for (let k = 0; k < gids.length; k++)
          refresh(col0 + (k % totalCols), row0 + Math.floor(k / totalCols));
      }
      return result;
    };
  }

  let bound = true;
  return {
    get costs() {
      return classifier.costs;
    },
    /** Re-reads every tile (after changes made behind the layer's back) and sends the differences. */
    resync() {
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) refresh(x, y);
    },
    /** Restores the layer's own methods. */
    unbind() {
      if (!bound) return;
      bound = false;
      if (ownSetTile) layer.setTileGIDAt = ownSetTile;
      else delete layer.setTileGIDAt;
      if (ownSetTiles) layer.setTilesGIDAt = ownSetTiles;
      else if (typeof originalSetTiles === 'function') delete layer.setTilesGIDAt;
    },
  };
}

export { GID_MASK };
