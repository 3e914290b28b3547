// `tilepath/worker` under Node: the same PathWorker, on a worker_threads thread.
//
// This file is both the client's module (on the main thread) and the thread's entry: started
// with THREAD_MARK in workerData, it serves the worker protocol with the Node build (node.js),
// so the browser entry (worker-entry.js, which imports index.js) never loads in Node.

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PathWorker as BrowserPathWorker, InThreadPathWorker } from './worker.js';
import { serveWorker } from './worker-serve.js';

const THREAD_MARK = 'tilepath:path-worker';

/**
 * The parent's execArgv without --input-type, which the thread inherits by default and which
 * Node refuses for a thread started from a file ("--input-type can only be used with string
 * input via --eval, --print, or STDIN"): `node --input-type=module -e ...` must work too.
 */
function threadExecArgv() {
  const kept = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--input-type')
      i++; // and its value
    else if (!args[i].startsWith('--input-type=')) kept.push(args[i]);
  }
  return kept;
}

/** Starts a thread serving PathWorker (what create uses when given no `worker`). */
export function startNodeWorker() {
  return new Worker(new URL(import.meta.url), {
    workerData: { [THREAD_MARK]: true },
    execArgv: threadExecArgv(),
  });
}

export class PathWorker extends BrowserPathWorker {
  static defaultWorker = startNodeWorker;
}

export { serveWorker, InThreadPathWorker };

if (!isMainThread && workerData?.[THREAD_MARK]) {
  // Listen at once; the wasm loads when the init message asks for it.
  serveWorker(parentPort, async (loadOptions) => {
    const { createPathfinder } = await import('./node.js');
    return createPathfinder(loadOptions);
  });
}
