// A game's use of every entry point, type-checked once per host's own declarations (the
// tsconfig.*.json beside it; tests/js/types/host-types.test.mjs): the WeChat typings on ES2020 alone,
// the DOM lib, and Node's types. Never run.
import { createPathfinder, type PathResult } from 'tilepath';
import { PathWorker, InThreadPathWorker, type WorkerLike } from 'tilepath/worker';
import { readTiledLayer } from 'tilepath/tiled';
import { readCocosLayer } from 'tilepath/cocos';
import { readArray2D } from 'tilepath/laya';
import { createWeChatPathWorker } from 'tilepath/wechat';

/** What a host's own cancel signal must fit: here one the game makes itself. */
const neverAborted = {
  aborted: false,
  reason: undefined,
  addEventListener(_type: 'abort', _listener: () => void, _options?: { once?: boolean }) {},
  removeEventListener(_type: 'abort', _listener: () => void) {},
};

export async function walk(worker: () => WorkerLike): Promise<PathResult> {
  const tp = await createPathfinder();
  const level = readArray2D([
    [0, 1],
    [0, 0],
  ]);
  const grid = tp.createGrid(level.width, level.height, level.cells);
  grid.findPath(0, 0, 1, 1);
  const pw = await PathWorker.create({ width: 2, height: 2, cells: level.cells, worker });
  return pw.findPath(0, 0, 1, 1, { signal: neverAborted });
}
export const entryPoints = [
  InThreadPathWorker.create,
  readTiledLayer,
  readCocosLayer,
  createWeChatPathWorker,
];
