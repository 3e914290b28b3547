// The DOM's own AbortSignal and Worker handed to tilepath (tsconfig.web.json). Never run.
import { createPathfinder } from 'tilepath';
import { PathWorker } from 'tilepath/worker';

export async function cancelled(): Promise<void> {
  const controller = new AbortController();
  const pw = await PathWorker.create({
    width: 2,
    height: 2,
    worker: () => new Worker(new URL('tilepath/worker', import.meta.url), { type: 'module' }),
  });
  await pw.findPath(0, 0, 1, 1, { signal: controller.signal });
  const grid = (await createPathfinder()).createGrid(2, 2);
  grid.findPath(0, 0, 1, 1);
}
