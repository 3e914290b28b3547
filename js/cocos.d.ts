// Types for `tilepath/cocos`: Cocos Creator 3.8 tile maps (cc.TiledMap, cc.TiledLayer).
// The engine types are described structurally, by the members tilepath uses (cocos-engine
// v3.8.5, cocos/tiledmap/tiled-map.ts and tiled-layer.ts), so the package does not import 'cc'.
// The engine's own cc.TiledMap / cc.TiledLayer (@cocos/creator-types) are checked against them by
// tests/js/engines/engine-types.test.mjs.
import type { ClassOf, TileSpace, TileProperties, TilesMeaning, GID_MASK } from './tiled.js';

export { GID_MASK };

export interface CocosSize {
  width: number;
  height: number;
}

/** The members of cc.TiledLayer that tilepath uses. */
export interface CocosTiledLayer {
  getLayerName(): string;
  readonly layerSize: CocosSize;
  /** GIDs with flip bits, index x + width * y (y down). Read directly when present: fastest. */
  tiles?: ArrayLike<number>;
  getTileGIDAt(x: number, y: number): number | null;
  setTileGIDAt(gid: number, x: number, y: number, flags?: number): void;
  setTilesGIDAt?(gids: number[], beginCol: number, beginRow: number, totalCols: number): void;
  getLayerOrientation?(): number | null;
  readonly leftDownToCenterX?: number;
  readonly leftDownToCenterY?: number;
  node?: {
    getComponent(
      name: string,
    ): { width: number; height: number; anchorX: number; anchorY: number } | null;
  };
}

/** The members of cc.TiledMap that tilepath uses. */
export interface CocosTiledMap {
  getLayer(layerName: string): CocosTiledLayer | null;
  getLayers?(): CocosTiledLayer[];
  getMapSize(): CocosSize;
  getTileSize(): CocosSize;
  /** cc.TiledMap.Orientation: ORTHO 0, HEX 1, ISO 2. */
  getMapOrientation(): number;
  getPropertiesForGID(gid: number): TileProperties | undefined;
}

export interface CocosLayerOptions {
  /** The layer's name, when the first argument is the TiledMap. */
  layer?: string;
  /** The TiledMap, when the first argument is a layer (for tile properties and tile size). */
  map?: CocosTiledMap;
  /** Default: the tilepath/tiled property convention, with properties from getPropertiesForGID. */
  classOf?: ClassOf;
  /** 'walls' (default) or 'floor' (a ground layer: a tile is floor, an empty cell void). */
  tiles?: TilesMeaning;
}

export interface CocosLayerGrid {
  width: number;
  height: number;
  cells: Uint8Array;
  costs: { [cls: number]: number };
  /** Hexagonal layers only: their shape, so that createGrid(width, height, grid) and
   * PathWorker.create({ ...grid }) search them with hexagon neighbours. */
  orientation?: 'hexagonal';
  staggerAxis?: 'x' | 'y';
  staggerIndex?: 'odd' | 'even';
}

export declare function readCocosLayer(
  mapOrLayer: CocosTiledMap | CocosTiledLayer,
  options?: CocosLayerOptions,
): CocosLayerGrid;

/**
 * Cell <-> node position (y up, relative to the layer node's anchor, as getPositionAt).
 * Hexagonal layers follow Cocos' placement: exact half tiles, and with staggerIndex 'even' the
 * map sits half a tile left (axis y) or up (axis x) of Tiled's. The stagger is read from the
 * layer (_staggerAxis, _staggerIndex, _hexSideLength) unless given here.
 */
export declare function cocosTileSpace(
  mapOrLayer: CocosTiledMap | CocosTiledLayer,
  options?: CocosLayerOptions & { tileSize?: CocosSize } & CocosHexOptions,
): TileSpace;

/** The stagger of a hexagonal layer, for cocosTileSpace (overrides what the layer says). */
export interface CocosHexOptions {
  staggerAxis?: 'x' | 'y';
  staggerIndex?: 'odd' | 'even';
  hexSideLength?: number;
}

/** A tilepath Grid (set) or PathWorker (setCell). */
export type GridTarget =
  | {
      set(x: number, y: number, cls: number): void;
      setCost(cls: number, cost: number): void;
      get?(x: number, y: number): number;
      width?: number;
      height?: number;
    }
  | {
      setCell(x: number, y: number, cls: number): void;
      setCost(cls: number, cost: number): void;
      get?(x: number, y: number): number;
      width?: number;
      height?: number;
    };

export interface CocosLayerBinding {
  readonly costs: { [cls: number]: number };
  /** Re-read every tile and send the cells whose class changed. */
  resync(): void;
  /** Give the layer its own setTileGIDAt / setTilesGIDAt back. */
  unbind(): void;
}

/**
 * Wraps the layer's setTileGIDAt / setTilesGIDAt so each tile the game places becomes a cell edit
 * on `target` (read back from the layer, so what Cocos refuses is not sent). With `initialize`
 * (default true) the target is first brought to the layer's state (cells that differ, costs).
 */
export declare function bindCocosLayer(
  mapOrLayer: CocosTiledMap | CocosTiledLayer,
  target: GridTarget,
  options?: CocosLayerOptions & { initialize?: boolean },
): CocosLayerBinding;
