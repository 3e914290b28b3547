// One PathWorker's hold on one worker-like object: posting to it, hearing from it until it is
// closed, noticing when it is lost (even when someone else terminates it), ending it, and
// keeping a Node thread from holding the process open while idle. A lost worker's connection is
// closed and a new one made for its replacement, so nothing from the old one is heard again.

import { listen, messageBytes } from './protocol.js';

const OWN_TERMINATE = Symbol('tilepath.ownTerminate');

export class WorkerConnection {
  #open = true;

  /**
   * Listens to `worker` at once. `onMessage(message)` gets what it sends, `onLost(reason)` is
   * called when it errors, exits or is terminated from outside; neither after close().
   */
  constructor(worker, { onMessage, onLost }) {
    this.worker = worker;
    listen(
      worker,
      (message) => this.#open && onMessage(message),
      (reason) => this.#open && onLost(reason),
    );
    this.#watchTerminate(onLost);
  }

  /** Posts a message; returns its estimated size in bytes (see messageBytes). */
  post(message, transfer) {
    const bytes = messageBytes(message); // before the transfer empties the buffers
    this.worker.postMessage(message, transfer);
    return bytes;
  }

  /** Node: a busy worker thread keeps the process alive, an idle one must not. */
  ref(busy) {
    const { worker } = this;
    if (typeof worker.ref !== 'function') return;
    if (busy) worker.ref();
    else worker.unref?.();
  }

  /** Stops hearing from the worker and ends it. */
  close() {
    this.#open = false;
    const { worker } = this;
    try {
      (worker[OWN_TERMINATE] ?? worker.terminate)?.call(worker);
    } catch {
      // It is gone either way.
    }
  }

  // A DOM Worker says nothing when someone calls terminate() on it; wrap the call so that a
  // termination from outside is noticed and recovered from like any other loss.
  #watchTerminate(onLost) {
    const { worker } = this;
    const terminate = worker[OWN_TERMINATE] ?? worker.terminate;
    if (typeof terminate !== 'function' || typeof worker.on === 'function') return; // Node: 'exit'
    const connection = this;
    worker.terminate = function terminateFromOutside(...args) {
      const result = terminate.apply(this, args);
      if (connection.#open) {
        queueMicrotask(() => connection.#open && onLost('terminated from outside'));
      }
      return result;
    };
    worker[OWN_TERMINATE] = terminate;
  }
}
