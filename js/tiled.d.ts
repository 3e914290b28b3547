// Types for `tilepath/tiled`: Tiled maps (.tmj/.json and .tmx) into tilepath grids, and the
// cell <-> world helpers (also used by tilepath/cocos and tilepath/laya).

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
}

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
   * `tiles: 'floor'`). Objects that use a template (.tx) are refused, and so are object layers
   * on staggered and hexagonal maps.
   */
  layers: TiledMapLayer[];
  /** Called for tiles and tile objects (not for empty cells or shapes). */
  classOf?: ClassOf;
  tilesets?: ReadTiledLayerOptions['tilesets'];
}

/**
 * Several tile and object layers combined into one grid: a floor layer, wall layers, collision
 * shapes. Same map input and errors as readTiledLayer.
 */
export declare function readTiledMap(
  map: object | string | ArrayBuffer | Uint8Array,
  options: ReadTiledMapOptions,
): TiledMapGrid;

/** Calls target.setCost(class, cost) for each entry. Returns target. */
export declare function applyCosts<T extends { setCost(cls: number, cost: number): unknown }>(
  target: T,
  costs: { [cls: number]: number } | Map<number, number>,
): T;

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
}

/** The classifier behind readTiledLayer and the engine adapters. */
export declare function createTileClassifier(options?: {
  classOf?: ClassOf;
  tileInfo?: (gid: number) => Omit<TileInfo, 'gid'>;
  /** Told of each new cost class as it is created. */
  onCost?: (cls: number, cost: number) => void;
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
