// `tilepath/worker` under Node: the same PathWorker, on a worker_threads thread.
//
// This file is both the client's module (on the main thread) and the thread's entry: started
// with THREAD_MARK in workerData, it serves the worker protocol with the Node build (node.js),
// so the browser entry (worker/entry.js, which imports index.js) never loads in Node.

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PathWorker as BrowserPathWorker, InThreadPathWorker } from '../worker.js';
import { serveWorker } from './serve.js';

const THREAD_MARK = 'tilepath:path-worker';

/**
 * The parent's execArgv without --input-type (and its value), which Node refuses for a thread
 * started from a file ("--input-type can only be used with string input via --eval, --print,
 * or STDIN"): `node --input-type=module -e ...` must work too. Null when there is none: the
 * thread then inherits the parent's options as Node does by default.
 */
function withoutInputType(args) {
  if (!args.some((arg) => arg === '--input-type' || arg.startsWith('--input-type='))) return null;
  const kept = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--input-type')
      i++; // and its value
    else if (!args[i].startsWith('--input-type=')) kept.push(args[i]);
  }
  return kept;
}

/**
 * The flags Node named in an ERR_WORKER_INVALID_EXEC_ARGV ("...flags: --expose-gc, --title=x").
 * V8 and process-wide flags (--max-old-space-size, --expose-gc, --stack-size, --title) are
 * refused in a thread's own execArgv, though they already apply to the whole process.
 */
function refusedFlags(error) {
  const list = String(error?.message ?? '').split(': ')[1] ?? '';
  return new Set(list.split(', ').filter(Boolean));
}

/** Starts a thread serving PathWorker (what create uses when given no `worker`). */
export function startNodeWorker() {
  const url = new URL(import.meta.url);
  const workerData = { [THREAD_MARK]: true };
  const execArgv = withoutInputType(process.execArgv);
  // Inheriting is never refused; only a list given explicitly is checked by Node.
  if (!execArgv) return new Worker(url, { workerData });
  // Refused: again without the flags Node named, and failing that with none (the
  // process-wide ones apply to the thread anyway).
  let args = execArgv;
  for (let attempt = 0; ; attempt++) {
    try {
      return new Worker(url, { workerData, execArgv: args });
    } catch (error) {
      if (/** @type {any} */ (error)?.code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || attempt === 2)
        throw error;
      const refused = refusedFlags(error);
      args = attempt === 0 ? args.filter((arg) => !refused.has(arg)) : [];
    }
  }
}

export class PathWorker extends BrowserPathWorker {
  static defaultWorker = startNodeWorker;
}

export { serveWorker, InThreadPathWorker };

if (!isMainThread && workerData?.[THREAD_MARK]) {
  // Listen at once; the wasm loads when the init message asks for it.
  serveWorker(parentPort, async (loadOptions) => {
    const { createPathfinder } = await import('../node.js');
    return createPathfinder(loadOptions);
  });
}
