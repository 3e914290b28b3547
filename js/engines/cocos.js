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
//   Hexagonal maps: TiledLayer._staggerAxis (X 0, Y 1), _staggerIndex (ODD 0, EVEN 1),
//   _hexSideLength, as init() copies them from the map info (protected, but plain fields).
// Nothing here imports 'cc': the objects are used through those members only.

import { GID_MASK } from '../tiled/classify.js';
import { engineTileSpace, tileSpace } from '../tiled/coords.js';
import { bindLayerGids, gidsOfLayer, readLayerGrid } from './common.js';

// cc.TiledMap.Orientation values. Cocos reads no 'staggered' maps (its TMX parser logs an error
// and lays them out as orthogonal), so there is no value for them.
const ORIENTATION_NAMES = { 0: 'orthogonal', 1: 'hexagonal', 2: 'isometric' };
// cc.TiledMap.StaggerAxis and StaggerIndex values.
const STAGGER_AXES = { 0: 'x', 1: 'y' };
const STAGGER_INDICES = { 0: 'odd', 1: 'even' };

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

/** Classifier options: tile properties from TiledMap.getPropertiesForGID. */
function classifierOptions(map, options) {
  const tileInfo = (gid) => ({
    id: gid,
    tileset: null,
    properties: map?.getPropertiesForGID?.(gid) ?? {},
    type: '',
  });
  return { classOf: options.classOf, tiles: options.tiles, tileInfo };
}

/** GIDs of the whole layer, row-major: the public `tiles` array when present (fast path). */
function readGids(layer, width, height) {
  const tiles = layer.tiles;
  if (tiles && tiles.length === width * height) return Uint32Array.from(tiles, (g) => g >>> 0);
  return gidsOfLayer(width, height, (x, y) => layer.getTileGIDAt(x, y));
}

/**
 * Reads a Cocos tile layer into { width, height, cells, costs } for createGrid / PathWorker.create.
 * Tile properties come from TiledMap.getPropertiesForGID, with the convention of tilepath/tiled.
 */
export function readCocosLayer(mapOrLayer, options = {}) {
  const { map, layer } = resolve(mapOrLayer, options);
  const { width, height } = sizeOf(map, layer);
  const grid = readLayerGrid(
    width,
    height,
    readGids(layer, width, height),
    classifierOptions(map, options),
  );
  // A hexagonal layer carries its shape, for createGrid and PathWorker.create to search it with
  // hexagon neighbours (Cocos keeps Tiled's stagger; it only moves the drawing).
  const says = layer.getLayerOrientation?.() ?? map?.getMapOrientation?.();
  if (says === undefined || orientationOf(map, layer) !== 'hexagonal') return grid;
  const { staggerAxis, staggerIndex } = hexShapeOf(layer, options);
  return { ...grid, orientation: 'hexagonal', staggerAxis, staggerIndex };
}

function orientationOf(map, layer) {
  const value = layer.getLayerOrientation?.() ?? map?.getMapOrientation?.();
  const name = ORIENTATION_NAMES[value];
  if (name === undefined) {
    throw new RangeError(
      `the layer's orientation ${String(value)} is none of Cocos' ORTHO (0), HEX (1), ISO (2)`,
    );
  }
  return name;
}

/** A hexagonal layer's stagger, from options or from the layer as Cocos' init() set it. */
function hexShapeOf(layer, options) {
  const staggerAxis = options.staggerAxis ?? STAGGER_AXES[layer._staggerAxis];
  const staggerIndex = options.staggerIndex ?? STAGGER_INDICES[layer._staggerIndex];
  const hexSideLength = options.hexSideLength ?? layer._hexSideLength;
  if (staggerAxis === undefined || staggerIndex === undefined || hexSideLength === undefined) {
    throw new TypeError(
      'this hexagonal TiledLayer does not say its stagger (_staggerAxis, _staggerIndex, ' +
        '_hexSideLength): pass options.staggerAxis, staggerIndex and hexSideLength',
    );
  }
  return { staggerAxis, staggerIndex, hexSideLength };
}

/**
 * Cocos' hexagonal layout (TiledLayer._positionForHexAt and the vertices it renders): Tiled's,
 * with exact half tiles, rows counted from the bottom, and with staggerIndex 'even' the odd rows
 * (columns) moved back half a tile instead of the even ones moved on, so the whole map sits half a
 * tile left (axis y) or up (axis x) of where Tiled puts it.
 */
function cocosHexSpace(layer, options, tileSize, width, height, left, bottom) {
  const shape = hexShapeOf(layer, options);
  const tw = tileSize.width;
  const th = tileSize.height;
  const even = shape.staggerIndex === 'even';
  const byY = shape.staggerAxis === 'y';
  const rowStep = byY ? (th + shape.hexSideLength) / 2 : th;
  return engineTileSpace({
    orientation: 'hexagonal',
    ...shape,
    tileWidth: tw,
    tileHeight: th,
    width,
    height,
    yUp: true,
    originX: -left - (even && byY ? tw / 2 : 0),
    originY: (height - 1) * rowStep + th - bottom + (even && !byY ? th / 2 : 0),
  });
}

/**
 * Cell <-> node-space conversions for a Cocos tile layer: y up, origin at the node's anchor, the
 * same positions TiledLayer.getPositionAt gives (plus half a tile: cellToWorld gives centres).
 * Node positions are local to the layer node (and to the map node: layers sit at its origin).
 * Hexagonal layers are laid out as Cocos draws them (see cocosHexSpace); options.staggerAxis,
 * staggerIndex and hexSideLength override what the layer says.
 */
export function cocosTileSpace(mapOrLayer, options = {}) {
  const { map, layer } = resolve(mapOrLayer, options);
  const { width, height } = sizeOf(map, layer);
  const tileSize = map?.getTileSize?.() ?? options.tileSize;
  if (!tileSize)
    throw new TypeError('pass the TiledMap (or options.tileSize) to know the tile size');
  const orientation = orientationOf(map, layer);
  // Where the layer's bottom-left corner is, relative to its anchor: UITransform when reachable,
  // else the layer's own leftDownToCenter (which Cocos keeps in sync with the anchor).
  const transform = layer.node?.getComponent?.('cc.UITransform');
  const left = transform ? transform.width * transform.anchorX : (layer.leftDownToCenterX ?? 0);
  const bottom = transform ? transform.height * transform.anchorY : (layer.leftDownToCenterY ?? 0);
  if (orientation === 'hexagonal') {
    return cocosHexSpace(layer, options, tileSize, width, height, left, bottom);
  }
  const pixelHeight =
    orientation === 'isometric'
      ? ((width + height) * tileSize.height) / 2
      : height * tileSize.height;
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
  const mirror = bindLayerGids({
    target,
    width,
    height,
    what: 'the layer',
    gids: readGids(layer, width, height),
    gidAt: (x, y) => layer.getTileGIDAt(x, y),
    classifierOptions: classifierOptions(map, options),
    initialize: options.initialize,
  });
  // What the layer holds after a change is the truth (Cocos drops GIDs it has no texture for
  // and ignores ones below the first firstgid), so each touched cell is read back from it.
  const refresh = (x, y) => {
    if (x >= 0 && y >= 0 && x < width && y < height) mirror.refresh(x, y);
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
      return mirror.costs;
    },
    /** Re-reads every tile (after changes made behind the layer's back) and sends the differences. */
    resync: mirror.resync,
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
