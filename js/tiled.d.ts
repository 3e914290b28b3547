// Types for `tilepath/tiled`: Tiled maps (.tmj/.json and .tmx) into tilepath grids, and the
// cell <-> world helpers (also used by tilepath/cocos and tilepath/laya).
import type { MovementRules } from './index.js';

/** Tiled's flag bits on a GID (flips and rotations); GID_MASK keeps the tile id. */
export declare const FLIPPED_HORIZONTALLY: 0x80000000;
export declare const FLIPPED_VERTICALLY: 0x40000000;
export declare const FLIPPED_DIAGONALLY: 0x20000000;
export declare const ROTATED_HEXAGONAL_120: 0x10000000;
export declare const GID_MASK: 0x0fffffff;
/** The class a tile gets when its properties say nothing: 1 (blocked under the default costs). */
export declare const DEFAULT_TILE_CLASS: 1;

/** A tile property value as Tiled types it (int/float -> number, bool -> boolean, class -> object). */
export type TilePropertyValue = string | number | boolean | { [member: string]: TilePropertyValue };
export type TileProperties = { [name: string]: TilePropertyValue };

/** What classOf is told about a tile. */
export interface TileInfo {
  /** The GID with the flip bits masked off (0 = empty). */
  gid: number;
  /** The tile's id inside its tileset (-1 for the empty GID 0). */
  id: number;
  /** null for GID 0, and where the engine gives no tileset (Cocos). */
  tileset: { name: string; firstgid: number; properties: TileProperties } | null;
  properties: TileProperties;
  /** The tile's class (Tiled 1.9+) or type (older), '' when unset. */
  type: string;
  /**
   * What the tile's Collision Editor shapes say (see CollisionMode): 'blocks' (a shape covers
   * the centre of its cell), 'open' (its tileset has shapes, none of this tile's covers the
   * centre), null (no shapes in its tileset, or collision: 'ignore'). Absent where the engine
   * gives no tileset data (Cocos, Laya).
   */
  collision?: 'blocks' | 'open' | null;
}

/**
 * Shapes drawn on tiles with Tiled's Collision Editor (an objectgroup inside a tileset's tile):
 * 'shapes' (default) reads them, 'ignore' leaves them out. The rule, the same as for object
 * layers: a shape blocks the cells whose centre it covers, edge included. A tile layer's tile
 * blocks its cell when a shape covers the cell's centre (a tile image taller than the map's
 * tiles hangs from the cell's bottom-left corner); a tile object blocks the cells under its
 * shapes as the object places, scales and rotates them. In a tileset where any tile has shapes,
 * a tile without any is open (floor). A tile's blocked/collides/cost/pathClass properties win
 * over its shapes. Combining layers, a shapeless tile on a later layer (a flower) leaves a cell
 * that shapes blocked as it was; a tile with properties repaints it as usual.
 */
export type CollisionMode = 'shapes' | 'ignore';

/**
 * Chooses the class (integer 0..255) of a tile. Called once per distinct GID (flip bits masked),
 * including once with gid 0 for empty cells: it must be a pure function of its arguments.
 */
export type ClassOf = (gid: number, properties: TileProperties, tile: TileInfo) => number;

export interface ReadTiledLayerOptions {
  /** The layer's name (at any depth; a name holding slashes, like "//comments", too), a path
   * through groups ("Level/Walls"; "/Walls" for a top-level one), or the index among tile
   * layers in document order. */
  layer: string | number;
  /**
   * Default: the tile property convention.
   * - GID 0 (empty): class 0.
   * - `pathClass` (int 0..255): that class. With a `cost` too, the class gets that cost.
   * - `blocked` (bool): true -> class 1 (wall), false -> class 0 (free). `collides` (bool, the
   *   name Phaser uses) means the same; `blocked` wins when a tile has both.
   * - `cost` (float > 0): 1 -> class 0; any other cost gets its own class from 2 up, numbered
   *   by increasing cost (skipping classes taken by pathClass), reported in `costs`.
   * - none of these, in a tileset with Collision Editor shapes: class 1 when the tile's shapes
   *   cover its cell's centre, class 0 otherwise (see CollisionMode).
   * - none of these: class 1 (class 0 with `tiles: 'floor'`).
   * A tile's own property wins over the same property set on its tileset.
   */
  classOf?: ClassOf;
  /**
   * What a tile without blocked/collides/cost/pathClass properties means: 'walls' (default: a
   * tile is a wall, class 1; an empty cell is free, class 0) or 'floor' (a ground layer: a tile
   * is floor, class 0; an empty cell is void, class 1).
   */
  tiles?: TilesMeaning;
  /** External tilesets (<tileset source="walls.tsx"/>), keyed by their source or its file name:
   * the parsed .tsj object, the text of a .tsj or .tsx, or null to read it without properties. */
  tilesets?: { [source: string]: object | string | null };
  collision?: CollisionMode;
}

export type TilesMeaning = 'walls' | 'floor';

/** What readTiledLayer and readTiledMap return. */
export interface TiledMapGrid {
  width: number;
  height: number;
  /** One class per cell, row-major (index y * width + x): createGrid / PathWorker.create input. */
  cells: Uint8Array;
  /** Costs the tile and object properties gave, { [class]: cost }: pass to
   * PathWorker.create({ costs }) or applyCosts(grid, costs). Empty with a custom classOf. */
  costs: { [cls: number]: number };
  /** The movement profiles the tiles' `cost.NAME` / `blocked.NAME` properties gave, each a table
   * over `costs` (Infinity = blocked): pass to applyProfiles(grid or worker, profiles). Empty
   * without such properties, and with a custom classOf. */
  profiles: { [name: string]: { [cls: number]: number } };
  /** Entry rules the tile property `entry` gave ("right,down": the directions a step may move
   * to enter the tile), { [class]: "right,down" }; each such tile has a class of its own (cost 1
   * unless its `cost` says otherwise). createGrid(width, height, level) sets them; for a
   * PathWorker, applyRules(pw, level). docs/links.md. */
  entry: { [cls: number]: string };
  /** readTiledMap only: the links drawn on the object layers it read, a polyline with the
   * property `link = true` from its first point's cell to its last's, or two point objects with
   * `link = true` and one name; properties `cost` (default 1) and `oneWay` (default false).
   * createGrid(width, height, level) adds them; for a PathWorker, applyRules(pw, level). */
  links?: { ax: number; ay: number; bx: number; by: number; cost: number; oneWay: boolean }[];
  /** Map tile of cell (0, 0): 0, 0 except for infinite maps, whose chunks may start below 0. */
  offsetX: number;
  offsetY: number;
  orientation: TiledOrientation;
  /**
   * Staggered and hexagonal maps only (absent otherwise), with Tiled's meaning: axis 'y' shifts
   * every other row half a tile right, axis 'x' every other column half a tile down, and the
   * index says which ones. It describes this grid, whose cell (0, 0) is map tile (offsetX,
   * offsetY): an infinite map cropped at an odd row (axis y) or column (axis x) has the map's
   * index flipped here. createGrid(layer.width, layer.height, layer) and PathWorker.create({
   * ...layer }) take the cells and these fields, and search with the map's neighbours.
   */
  staggerAxis?: 'x' | 'y';
  staggerIndex?: 'odd' | 'even';
  /** Hexagonal maps only: the length in pixels of the hexagon's flat sides (0 if absent). */
  hexSideLength?: number;
  tileWidth: number;
  tileHeight: number;
  /**
   * What may make this grid not what you meant, in words naming the fix: today a tile layer
   * with a tile in every cell whose tiles say nothing (no blocked/collides/cost/pathClass, no
   * collision shapes), which reads as all walls (or all floor with tiles: 'floor'; not said of
   * a 'floor' layer that readTiledMap paints other layers over). Empty when all is well.
   */
  warnings: string[];
}

/** Tiled's map orientations; any other value in a map is refused. */
export type TiledOrientation = 'orthogonal' | 'isometric' | 'staggered' | 'hexagonal';

export interface TiledLayerGrid extends TiledMapGrid {
  /** The raw GIDs, flip bits included, row-major. */
  gids: Uint32Array;
}

/**
 * Reads one tile layer. `map`: a parsed Tiled JSON map, or the text (or bytes) of a .tmj/.json
 * or .tmx file. Every encoding Tiled writes is read (CSV, base64, base64+zlib, base64+gzip, the
 * old XML <tile> list) except zstd, which throws saying so. Infinite maps are cropped to the
 * bounds of the chunks that hold tiles (an infinite layer with no tile at all throws, and so do
 * chunks further apart than a grid can be). Sizes are checked against the grid limits (16384
 * per side, 16,777,216 cells) before anything is allocated, and compressed data is inflated no
 * further than the size the layer claims. Throws TypeError/RangeError naming the problem:
 * missing layer, truncated base64, wrong data size, unknown encoding, GID outside every
 * tileset, an attribute that is not a plain number ("0x1", " 2 ") or bool ("TRUE")...
 */
export declare function readTiledLayer(
  map: object | string | ArrayBuffer | Uint8Array,
  options: ReadTiledLayerOptions,
): TiledLayerGrid;

/** One layer of readTiledMap: its name (or path, or tile-layer index), or { layer, tiles }. */
export type TiledMapLayer = string | number | { layer: string | number; tiles?: TilesMeaning };

export interface ReadTiledMapOptions {
  /**
   * Tile layers and object layers, painted in this order, each over the ones before (list them
   * as Tiled draws them: ground first). Where a tile layer has a tile, the cell takes that
   * tile's class; where an object layer's shape covers a cell, the cell takes the object's class;
   * empty cells and uncovered cells leave the cell as it was. Cells start void (class 1) when a
   * tile layer is read with `tiles: 'floor'`, free (class 0) otherwise.
   *
   * Objects: a cell is covered by a rectangle, ellipse, polygon or tile object when the shape
   * covers the cell's centre (its edge included), rotation applied; by a polyline (or a
   * rectangle/ellipse with no width or height) when the line passes through the cell (touching
   * an edge at an end does not count); by a point when the point is in it. Text objects cover
   * nothing. On isometric maps positions are Tiled's tile-space pixels (tileHeight per tile on
   * both axes) and a tile object covers the tile whose bottom corner its anchor is. Objects are
   * classed by their properties like tiles (blocked, collides, cost, pathClass; a tile object's
   * own properties win over its tile's); an object without any is a wall (floor with
   * `tiles: 'floor'`). An object placed from a template (.tx/.tj) takes the template's fields
   * and its own win (position, size, name, shape, tile, each property by name); pass the
   * templates as `templates`, or use loadTiledMap. Object layers on staggered and hexagonal maps
   * are refused.
   */
  layers: TiledMapLayer[];
  /** Called for tiles and tile objects (not for empty cells or shapes). */
  classOf?: ClassOf;
  /** External tilesets, of the map and of its templates (keyed as each file names them). */
  tilesets?: ReadTiledLayerOptions['tilesets'];
  /** Object templates, keyed by the name the map's objects give (or its file name): the text of
   * the .tx/.tj, or the parsed .tj. */
  templates?: { [source: string]: object | string };
  collision?: CollisionMode;
}

/** A URL (the WHATWG URL object; typed by shape so that hosts without the DOM lib, such as
 * WeChat's typings, compile). */
export interface TiledFileUrl {
  readonly href: string;
  readonly protocol: string;
  readonly pathname: string;
}

export interface LoadTiledMapOptions extends Omit<ReadTiledMapOptions, 'layers'> {
  /** The layers to combine, as readTiledMap takes them (then loadTiledMap returns its result). */
  layers?: TiledMapLayer[];
  /** Or one tile layer, as readTiledLayer takes it (then its result, with `gids`). */
  layer?: string | number;
  tiles?: TilesMeaning;
  /**
   * Reads one file (the map, a tileset, a template) for hosts without fetch or a file system
   * (WeChat: wx.getFileSystemManager().readFile), or for files kept elsewhere. Default: fs for
   * file: URLs and paths in Node, fetch otherwise.
   */
  read?: (
    url: TiledFileUrl,
  ) => Promise<string | ArrayBuffer | Uint8Array> | string | ArrayBuffer | Uint8Array;
}

/**
 * Reads a map and every external tileset (.tsx, .tsj) and object template (.tx, .tj) it names,
 * each relative to the file that names it (a "../" path climbs out of the map's folder, as in
 * Tiled), then reads it with readTiledMap (options.layers) or readTiledLayer (options.layer).
 * `source`: a path (Node: relative to the working folder) or a URL (browser and worker: fetched;
 * a relative path is resolved against the page). Rejects with an error naming the file that
 * cannot be read, and refuses a map naming more than 1000 files, a tileset that is the map
 * itself, or a template placed from a template. Tilesets and templates given in options are
 * used as given and not read.
 */
export declare function loadTiledMap(
  source: string | TiledFileUrl,
  options: LoadTiledMapOptions & { layer: string | number; layers?: undefined },
): Promise<TiledLayerGrid>;
export declare function loadTiledMap(
  source: string | TiledFileUrl,
  options: LoadTiledMapOptions & { layers: TiledMapLayer[] },
): Promise<TiledMapGrid>;

/** One layer of listTiledLayers. */
export interface TiledLayerInfo {
  /** Its own name, and its path through groups ("Level/Walls"), as readTiledMap takes them. */
  name: string;
  path: string;
  kind: 'tilelayer' | 'objectgroup' | 'imagelayer' | 'group';
  /** Shown in Tiled: its own visibility and every enclosing group's. LayaAir builds only these. */
  visible: boolean;
  /** Tile layers: size in tiles (an infinite one's: the bounds of its chunks). */
  width?: number;
  height?: number;
  /** Infinite tile layers: the map tile of the chunks' top-left corner. */
  offsetX?: number;
  offsetY?: number;
  /** Object layers: the number of objects. */
  objects?: number;
}

/** Every layer of a map (.tmx or .tmj text, bytes, or parsed JSON), groups flattened in
 * document order, each with its kind, size and visibility. Reads no layer data. */
export declare function listTiledLayers(
  map: object | string | ArrayBuffer | Uint8Array,
): TiledLayerInfo[];

/**
 * Several tile and object layers combined into one grid: a floor layer, wall layers, collision
 * shapes. Same map input and errors as readTiledLayer.
 */
export declare function readTiledMap(
  map: object | string | ArrayBuffer | Uint8Array,
  options: ReadTiledMapOptions,
): TiledMapGrid;

/** Sets the entry rules and adds the links of a level read by readTiledMap (its `entry` and
 * `links`) on a Grid or a PathWorker. Returns target. */
export declare function applyRules<T extends MovementRules>(
  target: T,
  level: { entry?: { [cls: number]: string }; links?: TiledMapGrid['links'] },
): T;

/** Calls target.setCost(class, cost) for each entry. Returns target. */
export declare function applyCosts<T extends { setCost(cls: number, cost: number): unknown }>(
  target: T,
  costs: { [cls: number]: number } | Map<number, number>,
): T;

/** Calls target.setProfile(name, costs) for each profile (checked whole first). Returns target. */
export declare function applyProfiles<
  T extends {
    setProfile(name: string, costs: { [cls: number]: number } | Map<number, number>): unknown;
  },
>(target: T, profiles: { [name: string]: { [cls: number]: number } }): T;

export interface TileClassifier {
  /** Class of a raw GID (flip bits ignored), cached per GID. */
  classOf(rawGid: number, tiles?: TilesMeaning): number;
  /** Classify these GIDs now, so cost classes are numbered by cost, not by order of appearance. */
  prepare(gids: ArrayLike<number>, tiles?: TilesMeaning): void;
  /** The classes of a layer's GIDs, one per cell. */
  classesOf(gids: ArrayLike<number>, tiles?: TilesMeaning): Uint8Array;
  /** The class the convention gives to something with these properties (a map object). */
  classOfProperties(what: string, properties: TileProperties, tiles?: TilesMeaning): number;
  readonly costs: { [cls: number]: number };
  /** The movement profiles' tables the properties gave (see TiledMapGrid.profiles). */
  readonly profiles: { [name: string]: { [cls: number]: number } };
  /** Entry rules the tile property `entry` gave, { [class]: "right,down" }. */
  readonly entry: { [cls: number]: string };
}

/** The classifier behind readTiledLayer and the engine adapters. */
export declare function createTileClassifier(options?: {
  classOf?: ClassOf;
  tileInfo?: (gid: number) => Omit<TileInfo, 'gid'>;
  /** Told of each new cost class as it is created. */
  onCost?: (cls: number, cost: number) => void;
  /** Told of each new one-way class (tile property `entry`) as it is created. */
  onEntry?: (cls: number, entry: string) => void;
  /** The default meaning of a tile without properties. Default 'walls'. */
  tiles?: TilesMeaning;
}): TileClassifier;

/** Tile lookup of a map (for classifying tiles of an engine's copy of it). */
export declare function tileInfoOfMap(
  map: object | string,
  tilesets?: ReadTiledLayerOptions['tilesets'],
): (gid: number) => Omit<TileInfo, 'gid'>;

export interface Point {
  x: number;
  y: number;
}

export interface TileSpaceOptions {
  /**
   * Default 'orthogonal'. A cell's world position is the centre of its tile as Tiled draws it:
   * the square, the diamond (isometric, staggered) or the hexagon; worldToCell gives the tile
   * whose shape holds the point (a point on a slanted edge goes to the lower tile, one on a
   * straight side to the tile right of it or below it).
   */
  orientation?: TiledOrientation;
  /**
   * Staggered and hexagonal maps (default 'y' and 'odd', as Tiled). staggerIndex is that of the
   * grid, whose cell (0, 0) is map tile (offsetX, offsetY): what readTiledLayer returns.
   */
  staggerAxis?: 'x' | 'y';
  staggerIndex?: 'odd' | 'even';
  /** Hexagonal maps: Tiled's hexsidelength in pixels, 0 to the tile's size across the axis. */
  hexSideLength?: number;
  /** Pixels; whole numbers on staggered and hexagonal maps (half sizes round down, as in Tiled). */
  tileWidth: number;
  tileHeight: number;
  /** Grid size in cells. */
  width: number;
  height: number;
  /** World y grows upwards (Cocos Creator node space). Default false (Tiled, LayaAir 2D: y down). */
  yUp?: boolean;
  /** Where map pixel (0, 0), the top-left corner of the map's bounds, is in world space. */
  originX?: number;
  originY?: number;
  /** Map tile of cell (0, 0) (infinite maps). Default 0. */
  offsetX?: number;
  offsetY?: number;
}

export interface TileSpace
  extends
    Readonly<Required<Omit<TileSpaceOptions, 'staggerAxis' | 'staggerIndex' | 'hexSideLength'>>>,
    Readonly<Pick<TileSpaceOptions, 'staggerAxis' | 'staggerIndex' | 'hexSideLength'>> {
  /** World position of the centre of a cell (fractional cells allowed on orthogonal and
   * isometric maps; staggered and hexagonal cells must be whole). */
  cellToWorld(x: number, y: number, out?: Point): Point;
  /** The cell under a world point; may be outside the grid (check with contains). */
  worldToCell(x: number, y: number, out?: Point): Point;
  contains(x: number, y: number): boolean;
  /** Centres of a path's cells (x0, y0, x1, y1, ... as findPath returns it). */
  pathToWorld(path: ArrayLike<number>): Point[];
}

export declare function tileSpace(options: TileSpaceOptions): TileSpace;
/** The tile space of a layer read by readTiledLayer (its orientation, tile size, offset). */
export declare function tileSpaceForLayer(
  layer: Pick<TiledLayerGrid, 'width' | 'height' | 'orientation' | 'tileWidth' | 'tileHeight'> &
    Partial<
      Pick<TiledLayerGrid, 'offsetX' | 'offsetY' | 'staggerAxis' | 'staggerIndex' | 'hexSideLength'>
    >,
  options?: Partial<TileSpaceOptions>,
): TileSpace;
