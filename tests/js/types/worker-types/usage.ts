// Typed usage of the path workers: one function written against PathWorkerApi runs on a
// PathWorker and on an InThreadPathWorker. Checked by `tsc --noEmit`
// (tests/js/types/worker-types.test.mjs); it is never run.
import { createPathfinder } from 'tilepath';
import {
  InThreadPathWorker,
  PathWorker,
  type PathWorkerApi,
  type WorkerPathResult,
} from 'tilepath/worker';
import { createWeChatPathWorker, InThreadPathWorker as WeChatInThread } from 'tilepath/wechat';

/** Game code that does not care where paths are computed. */
export async function walkLevel(paths: PathWorkerApi, nextLevel: Uint8Array): Promise<number> {
  paths.setCell(1, 1, 1);
  paths.setCells([2, 3], [1, 0]);
  paths.fillRect(0, 0, 2, 2, 0);
  paths.setCost(2, 3.5);
  const before: number = paths.get(1, 1) + paths.getCost(2);
  const copy: Uint8Array = paths.cells();
  paths.setAll(nextLevel);
  const controller = new AbortController();
  const r: WorkerPathResult = await paths.findPath(0, 0, 5, 5, {
    diagonal: 'noCorners',
    signal: controller.signal,
  });
  const crowd = await paths.findPaths([{ sx: 0, sy: 0, gx: 3, gy: 3 }], { algorithm: 'jps' });
  const field = await paths.flowField([5, 5, 0, 9], {
    diagonal: 'noCorners',
    signal: controller.signal,
  });
  const range = await paths.reachable(1, 1, { maxCost: 6 });
  const open: boolean = await paths.canReach(0, 0, 5, 5, { diagonal: 'always' });
  const next = field.nextStep(1, 1);
  paths.flush();
  const counted: number = paths.stats.inFlight + paths.stats.queued;
  const where: boolean = paths.inThread;
  paths.terminate();
  return (
    before +
    copy.length +
    r.workerMs +
    crowd.length +
    counted +
    Number(where) +
    range.pathTo(2, 2).length +
    Number(open) +
    (next ? next.x : 0)
  );
}

export async function both(cells: ArrayBuffer): Promise<number> {
  const worker = await PathWorker.create({ width: 8, height: 8, cells, costs: { 2: 3 } });
  const inThread = await InThreadPathWorker.create({
    width: 8,
    height: 8,
    costs: [1, 0, 3],
    loadPathfinder: () => createPathfinder(),
  });
  const sameClass: typeof InThreadPathWorker = WeChatInThread;
  void sameClass;
  const restarts: number = worker.stats.restarts;
  const answered: number = inThread.stats.requestsAnswered;
  return (
    (await walkLevel(worker, new Uint8Array(64))) +
    (await walkLevel(inThread, new Uint8Array(64))) +
    restarts +
    answered
  );
}

export async function weChat(): Promise<PathWorkerApi> {
  const pw = await createWeChatPathWorker({ width: 8, height: 8, wasmPath: 'tilepath/t.wasm' });
  await PathWorker.create({
    width: 8,
    height: 8,
    loadOptions: {
      wasmPath: 'tilepath/tilepath.wasm',
      wasmBinary: new Uint8Array(8),
      bigMaps: true,
    },
  });
  await PathWorker.create({
    width: 8,
    height: 8,
    // @ts-expect-error a function cannot cross to the worker
    loadOptions: { locateFile: (path: string) => path },
  });
  return pw;
}

export async function stats(worker: PathWorker, inThread: InThreadPathWorker): Promise<number> {
  const memory: number = worker.stats.wasmMemoryBytes + inThread.stats.wasmMemoryBytes;
  const ignored: number = worker.stats.repliesIgnored;
  const from: PathWorkerApi = Math.random() < 0.5 ? worker : inThread;
  return memory + ignored + from.stats.queued;
}

/** A crowd on a pool of workers with a path cache, re-planning only the units a wall blocks. */
export async function crowd(): Promise<number> {
  const paths = await PathWorker.create({
    width: 64,
    height: 64,
    workers: 2,
    cache: 256,
    readyTimeout: 5000,
  });
  const result: WorkerPathResult = await paths.findPath(0, 0, 10, 10);
  const fromCache: boolean = result.cached === true;
  const watch = paths.watchPath(result.path, (alert) => {
    const first: number = alert.index + alert.x + alert.y + alert.cells.length;
    void first;
  });
  watch.stop();
  const stillWatching: boolean = watch.active;
  const perWorker = paths.stats.workers ?? [];
  const hits: number = paths.stats.cacheHits + perWorker.length;
  const threads = paths.workers.length;
  await InThreadPathWorker.create({
    width: 4,
    height: 4,
    // @ts-expect-error the in-thread worker has no pool
    workers: 2,
    loadPathfinder: createPathfinder,
  });
  return hits + threads + Number(fromCache) + Number(stillWatching);
}
