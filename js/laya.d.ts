// Types for `tilepath/laya`: LayaAir 3 Tiled maps (Laya.TiledMap / Laya.MapLayer, in
// laya/map/ up to 3.2 and laya/legacy/tiledmap/ in 3.3) and 2D arrays. The engine types are
// described by the members tilepath uses, so the package does not import Laya; the engine's own
// classes are checked against them from its sources (tests/js/engines/engine-types.test.mjs, LAYAAIR_SRC).
import type { ClassOf, TileSpace, ReadTiledLayerOptions, TilesMeaning, GID_MASK } from './tiled.js';
import type { GridTarget } from './cocos.js';

export { GID_MASK, GridTarget };

/** The members of Laya.MapLayer that tilepath uses. */
export interface LayaMapLayer {
  layerName: string;
  /** The raw GID (flip bits included); 0 outside the map. */
  getTileData(tileX: number, tileY: number): number;
}

/** The members of Laya.TiledMap that tilepath uses (after createMap's completeHandler). */
export interface LayaTiledMap {
  getLayerByName(layerName: string): LayaMapLayer | null;
  getLayerByIndex?(index: number): LayaMapLayer | null;
  readonly numColumnsTile: number;
  readonly numRowsTile: number;
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** 'orthogonal' | 'isometric' | 'staggered' | 'hexagonal' */
  readonly orientation: string;
}

export interface LayaLayerOptions {
  layer: string;
  classOf?: ClassOf;
  /** 'walls' (default) or 'floor' (a ground layer: a tile is floor, an empty cell void). */
  tiles?: TilesMeaning;
  /** The Tiled JSON the map was created from: tile properties are read from it (external
   * tilesets in `tilesets` as parsed .tsj or its text: Laya loads Tiled JSON, not TSX). */
  json?: object | string;
  tilesets?: ReadTiledLayerOptions['tilesets'];
}

export declare function readLayaLayer(
  map: LayaTiledMap,
  options: LayaLayerOptions,
): {
  width: number;
  height: number;
  cells: Uint8Array;
  costs: { [cls: number]: number };
  /** Staggered and hexagonal maps: their shape as Laya draws them (axis y, odd rows shifted), so
   * that createGrid(width, height, grid) and PathWorker.create({ ...grid }) search them so. */
  orientation?: 'staggered' | 'hexagonal';
  staggerAxis?: 'y';
  staggerIndex?: 'odd';
};

export interface LayaLayerBinding {
  readonly costs: { [cls: number]: number };
  /** Re-read one tile (after the game changed it) and send it if its class changed. */
  refresh(x: number, y: number): void;
  /** Re-read every tile and send the cells whose class changed. */
  resync(): void;
}

/** MapLayer has no setter: the game changes its data, then calls refresh or resync. */
export declare function bindLayaLayer(
  map: LayaTiledMap,
  target: GridTarget,
  options: LayaLayerOptions & { initialize?: boolean },
): LayaLayerBinding;

/**
 * Cell <-> pixel in the map's space (children of a MapLayer), y down, laid out as Laya draws.
 * Staggered and hexagonal maps: Laya shifts the odd rows half a tile right whatever the map's
 * stagger, and puts hexagon rows 2/3 of a tile apart; with `json` (the Tiled JSON) a map with
 * another stagger is refused.
 */
export declare function layaTileSpace(
  map: LayaTiledMap,
  options?: { originX?: number; originY?: number } & LayaShapeOptions,
): TileSpace;

/** For layaTileSpace: the Tiled JSON the map was created from (parsed or text). */
export interface LayaShapeOptions {
  json?: object | string;
}

export interface Array2DOptions<T> {
  /** 'rows': array[y][x] (default); 'columns': array[x][y]. */
  order?: 'rows' | 'columns';
  /** Class (0..255) of a value. Default: the value itself (0 = free, 1 = wall). */
  classOf?: (value: T, x: number, y: number) => number;
}

export declare function readArray2D<T = number>(
  array: ArrayLike<ArrayLike<T>>,
  options?: Array2DOptions<T>,
): { width: number; height: number; cells: Uint8Array };

export interface Array2DBinding<T> {
  readonly width: number;
  readonly height: number;
  get(x: number, y: number): T;
  /** Writes the array and sends the cell's new class if it changed. */
  set(x: number, y: number, value: T): void;
  /** Sends every cell whose class changed since (after writes behind the binding's back). */
  resync(): void;
}

export declare function bindArray2D<T = number>(
  array: T[][],
  target: GridTarget,
  options?: Array2DOptions<T> & { initialize?: boolean },
): Array2DBinding<T>;
