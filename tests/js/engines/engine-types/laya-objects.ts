// LayaAir's own Laya.TiledMap / Laya.MapLayer classes, compiled from the engine's TypeScript
// sources (LayaAir publishes no declarations on npm), handed to tilepath/laya. Checked by
// `tsc --noEmit` in tests/js/engines/engine-types.test.mjs when LAYAAIR_SRC names a LayaAir checkout's
// src/layaAir; 'laya-tiledmap/*' maps to laya/map/ (3.0-3.2) or laya/legacy/tiledmap/ (3.3).
import type { TiledMap } from 'laya-tiledmap/TiledMap';
import type { MapLayer } from 'laya-tiledmap/MapLayer';
import type { GridTarget } from 'tilepath/cocos';
import {
  bindLayaLayer,
  layaTileSpace,
  readLayaLayer,
  type LayaMapLayer,
  type LayaTiledMap,
} from 'tilepath/laya';

export function fromTheEngineObjects(map: TiledMap, layer: MapLayer, target: GridTarget): void {
  const asMap: LayaTiledMap = map;
  const asLayer: LayaMapLayer = layer;
  const grid = readLayaLayer(map, { layer: 'Walls', tiles: 'floor' });
  const binding = bindLayaLayer(map, target, { layer: 'Walls', initialize: false });
  const space = layaTileSpace(map);
  binding.refresh(0, 0);
  void [asMap, asLayer, grid, space];
}
