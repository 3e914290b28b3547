// The engine's own cc.TiledMap / cc.TiledLayer objects (declared by @cocos/creator-types) handed to
// every function of tilepath/cocos. Checked by `tsc --noEmit` (tests/js/engines/engine-types.test.mjs);
// it is never run.
import { TiledLayer, TiledMap } from 'cc';
import { createPathfinder } from 'tilepath';
import { PathWorker } from 'tilepath/worker';
import { bindCocosLayer, cocosTileSpace, readCocosLayer } from 'tilepath/cocos';

export async function fromTheMap(map: TiledMap): Promise<void> {
  const walls = readCocosLayer(map, { layer: 'Walls', tiles: 'walls' });
  const tp = await createPathfinder();
  const grid = tp.createGrid(walls.width, walls.height, walls.cells);
  const binding = bindCocosLayer(map, grid, { layer: 'Walls', initialize: false });
  const space = cocosTileSpace(map, { layer: 'Walls' });
  const cell = space.worldToCell(0, 0);
  grid.findPath(cell.x, cell.y, 0, 0);
  binding.resync();
  binding.unbind();
}

export async function fromALayer(map: TiledMap, layer: TiledLayer): Promise<void> {
  const floor = readCocosLayer(layer, { map, tiles: 'floor' });
  const fromLayerAlone = readCocosLayer(layer);
  const pw = await PathWorker.create({
    width: floor.width,
    height: floor.height,
    cells: floor.cells,
  });
  const binding = bindCocosLayer(layer, pw, { map });
  const space = cocosTileSpace(layer, { tileSize: map.getTileSize() });
  void fromLayerAlone;
  void space;
  binding.unbind();
  pw.terminate();
}

export function everyLayer(map: TiledMap): number {
  let cells = 0;
  for (const layer of map.getLayers()) cells += readCocosLayer(layer, { map }).cells.length;
  return cells;
}
