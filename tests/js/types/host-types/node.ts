// Node's own AbortSignal and worker_threads Worker handed to tilepath (tsconfig.node.json).
// Never run.
import { Worker } from 'node:worker_threads';
import { PathWorker } from 'tilepath/worker';

export async function cancelled(script: URL): Promise<void> {
  const controller = new AbortController();
  const pw = await PathWorker.create({ width: 2, height: 2, worker: () => new Worker(script) });
  await pw.findPath(0, 0, 1, 1, { signal: AbortSignal.timeout(1000) });
  await pw.findPath(0, 0, 1, 1, { signal: controller.signal });
}
