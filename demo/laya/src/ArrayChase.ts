// The same chase for games that keep their map in a 2D array (array[y][x], 0 = floor, 1 = wall)
// instead of a Tiled map: the grid is read from the array and kept in step with it.
import { PathWorker } from 'tilepath/worker';
import { readArray2D, bindArray2D } from 'tilepath/laya';
import { tileSpace } from 'tilepath/tiled';

export async function createArrayPathing(level: number[][], tileSize: number) {
  const grid = readArray2D(level);
  const pathWorker = await PathWorker.create({
    width: grid.width,
    height: grid.height,
    cells: grid.cells,
  });
  // tiles.set(x, y, 1) writes level[y][x] and sends the worker one delta.
  const tiles = bindArray2D(level, pathWorker, { initialize: false });
  const space = tileSpace({
    tileWidth: tileSize,
    tileHeight: tileSize,
    width: grid.width,
    height: grid.height,
  });
  return { pathWorker, tiles, space };
}
