// tilepath/tiled: Tiled maps (.tmj/.json and .tmx) into the grids tilepath searches
// ({ width, height, cells }, one class byte per cell, row-major, y down).
//
// The reader lives in js/tiled/, one job per file: xml.js (TMX text), values.js (strict numbers
// and booleans), properties.js, tilesets.js, json-map.js and tmx-map.js (both formats into one
// model), layer-data.js and inflate.js (layer encodings, bounded inflate), limits.js, layers.js,
// classify.js (tile properties into classes: what the Cocos and Laya adapters import alone) and
// read.js (the public reader). This file is the package entry point.

export {
  FLIPPED_HORIZONTALLY,
  FLIPPED_VERTICALLY,
  FLIPPED_DIAGONALLY,
  ROTATED_HEXAGONAL_120,
  GID_MASK,
  DEFAULT_TILE_CLASS,
  createTileClassifier,
} from './tiled/classify.js';
export { readTiledLayer, readTiledMap, applyCosts, tileInfoOfMap } from './tiled/read.js';
export { tileSpace, tileSpaceForLayer } from './coords.js';
