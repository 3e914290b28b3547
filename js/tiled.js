// tilepath/tiled: Tiled maps (.tmj/.json and .tmx) into the grids tilepath searches
// ({ width, height, cells }, one class byte per cell, row-major, y down).
//
// The reader lives in js/tiled/, one job per file:
//   xml.js, elements.js      TMX/TSX text into elements (no recursion, depth-limited)
//   values.js                strict numbers and booleans
//   properties.js            custom properties, typed, as null-prototype objects
//   tilesets.js              tilesets and the GID -> tile lookup
//   json-map.js, tmx-map.js  both formats into one map model; map.js picks one
//   limits.js                the grid limits every size is checked against
//   layer-data.js, inflate.js  layer encodings, inflate bounded by the expected size
//   layers.js                finding a layer, a tile layer's GIDs (infinite chunks placed)
//   classify.js              tile properties into classes (the adapters import this, and Laya
//                            json-map.js, never the XML reader or inflate)
//   objects.js               object shapes into the cells they cover
//   links.js                 link objects (polylines, named point pairs) into links
//   read.js                  readTiledLayer, readTiledMap, applyCosts, applyProfiles, applyRules
// This file is the package entry point.

export {
  FLIPPED_HORIZONTALLY,
  FLIPPED_VERTICALLY,
  FLIPPED_DIAGONALLY,
  ROTATED_HEXAGONAL_120,
  GID_MASK,
  DEFAULT_TILE_CLASS,
  createTileClassifier,
} from './tiled/classify.js';
export {
  readTiledLayer,
  readTiledMap,
  listTiledLayers,
  applyCosts,
  applyProfiles,
  applyRules,
  tileInfoOfMap,
} from './tiled/read.js';
export { loadTiledMap } from './tiled/load.js';
export { tileSpace, tileSpaceForLayer } from './tiled/coords.js';
