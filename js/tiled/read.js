// The public reader: one tile layer of a Tiled map into a tilepath grid.

import { createTileClassifier, checkTilesMeaning } from './classify.js';
import { findLayer, layerGids } from './layers.js';
import { parseMap, parseTilesetSource } from './map.js';
import { createTileLookup } from './tilesets.js';

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
  return {
    width,
    height,
    cells: classifier.classesOf(gids),
    costs: classifier.costs,
    offsetX,
    offsetY,
    orientation: model.orientation,
    tileWidth: model.tileWidth,
    tileHeight: model.tileHeight,
    gids,
  };
}

/** Applies the costs readTiledLayer found (class -> cost) to a Grid or a PathWorker. */
export function applyCosts(target, costs) {
  if (!target || typeof target.setCost !== 'function') {
    throw new TypeError(
      'applyCosts(target, costs): target must have setCost (a Grid or a PathWorker)',
    );
  }
  const entries = costs instanceof Map ? costs.entries() : Object.entries(costs ?? {});
  for (const [cls, cost] of entries) target.setCost(Number(cls), cost);
  return target;
}

/** The tile lookup of a parsed map, for adapters that classify tiles later. */
export function tileInfoOfMap(map, tilesets = {}) {
  return createTileLookup(parseMap(map).tilesets, checkTilesets(tilesets), parseTilesetSource);
}
