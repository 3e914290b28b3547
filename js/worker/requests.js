// The requests a PathWorker has made and not yet settled: each one's promise, what it must see
// of the edits flushed with it, the signal that cancels it, and the order in which the worker
// answers them (the order they were posted in, cancelled ones skipped).

import { abortError, MAX_REQUEST_ID } from './protocol.js';

/**
 * Test-only: set `jumpTo` to an id and the next request made by any PathWorker takes it (once;
 * it is then set back to null), so that tests reach MAX_REQUEST_ID without 2^31 requests.
 * @type {{ jumpTo: number | null }}
 */
export const requestIdsForTests = { jumpTo: null };

export class PendingRequests {
  #nextId = 1;
  #wrapped = false; // ids went past MAX_REQUEST_ID and started again at 1
  #pending = new Map(); // id -> request, until it resolves or rejects
  // Requests posted to the current worker, in posting order, and the oldest not yet answered.
  #answerOrder = [];
  #answerNext = 0;
  // The ids of #answerOrder from #answerNext on: the worker may still answer them (a cancelled
  // one too, if it ran before the cancel arrived), so they are not handed out again.
  #awaited = new Set();

  get size() {
    return this.#pending.size;
  }

  has(id) {
    return this.#pending.has(id);
  }

  get(id) {
    return this.#pending.get(id);
  }

  /** True for an id handed out at some time (pending, answered or cancelled since). */
  issued(id) {
    if (!Number.isInteger(id) || id < 1) return false;
    return this.#wrapped ? id <= MAX_REQUEST_ID : id < this.#nextId;
  }

  /**
   * A new id. Ids travel in an Int32Array: after MAX_REQUEST_ID they start again at 1, skipping
   * those still pending or still to be answered, so an answer can never be taken for another's.
   */
  #newId() {
    if (requestIdsForTests.jumpTo !== null) {
      this.#nextId = requestIdsForTests.jumpTo;
      requestIdsForTests.jumpTo = null;
    }
    for (;;) {
      const id = this.#nextId;
      if (id >= MAX_REQUEST_ID) {
        this.#nextId = 1;
        this.#wrapped = true;
      } else this.#nextId = id + 1;
      if (!this.#pending.has(id) && !this.#awaited.has(id)) return id;
    }
  }

  /**
   * New requests for [sx, sy, gx, gy, options] entries, each seeing `cellsBefore` and
   * `costsBefore` edits of its flush. When `signal` aborts, `onAbort(requests)` gets the batch.
   */
  add(list, { cellsBefore, costsBefore }, signal, onAbort) {
    const requests = [];
    const promises = list.map(([sx, sy, gx, gy, options]) => {
      const request = { id: this.#newId(), sx, sy, gx, gy, options, cellsBefore, costsBefore };
      const promise = new Promise((resolve, reject) => {
        request.resolve = resolve;
        request.reject = reject;
      });
      requests.push(request);
      this.#pending.set(request.id, request);
      return promise;
    });
    if (signal) {
      // One listener per call, not per request: a crowd of 1,000 shares one signal. It stays
      // until the last of them settles, so an abort after some answers still rejects the rest.
      const listener = () => onAbort(requests);
      signal.addEventListener('abort', listener, { once: true });
      let unsettled = requests.length;
      const detach = () => {
        if (--unsettled === 0) signal.removeEventListener('abort', listener);
      };
      for (const request of requests) request.detach = detach;
    }
    return { requests, promises };
  }

  resolve(request, answer) {
    this.#pending.delete(request.id);
    request.detach?.();
    request.resolve(answer);
  }

  fail(request, error) {
    this.#pending.delete(request.id);
    request.detach?.();
    request.reject(error);
  }

  failAll(error) {
    for (const request of [...this.#pending.values()]) this.fail(request, error);
  }

  /** Rejects the still pending ones of `requests` with an AbortError; returns them. */
  abort(requests) {
    const aborted = [];
    for (const request of requests) {
      if (!this.#pending.delete(request.id)) continue; // already settled
      request.reject(abortError());
      aborted.push(request);
    }
    return aborted;
  }

  /** `requests` were posted to the current worker, in this order. */
  posted(requests) {
    for (const request of requests) {
      this.#answerOrder.push(request);
      this.#awaited.add(request.id);
    }
  }

  /** A new worker: it answers only what is posted to it from now on. */
  newWorker() {
    this.#answerOrder = [];
    this.#answerNext = 0;
    this.#awaited.clear();
  }

  /** The request the worker must answer next. */
  oldestUnanswered() {
    const order = this.#answerOrder;
    while (this.#answerNext < order.length && !this.#pending.has(order[this.#answerNext].id)) {
      this.#awaited.delete(order[this.#answerNext].id);
      this.#answerNext++;
    }
    if (this.#answerNext > 1024 && this.#answerNext * 2 > order.length) {
      this.#answerOrder = order.slice(this.#answerNext);
      this.#answerNext = 0;
    }
    return this.#answerOrder[this.#answerNext];
  }
}
