// Helpers the Node worker tests share: worker threads that record what crosses, and small maps.
import { serveWorker, startNodeWorker } from '../../../js/worker-node.js';
import { bytesOf, summarize } from '../../e2e/pages/worker-messages.js';

/**
 * A worker factory that records what is posted to each thread (measured before the transfer
 * empties the buffers) and every message the threads send back.
 */
export function recordingWorkers({ transfer = true } = {}) {
  const posted = [];
  const answers = [];
  const threads = [];
  const start = () => {
    const thread = startNodeWorker();
    const post = thread.postMessage.bind(thread);
    thread.postMessage = (message, list) => {
      posted.push({ type: message.type, bytes: bytesOf(message), message: summarize(message) });
      // A host without a transfer list (WeChat) copies every message.
      post(message, transfer ? list : undefined);
    };
    thread.on('message', (message) => answers.push(message));
    threads.push(thread);
    return thread;
  };
  const resultsReceived = () =>
    answers.filter((m) => m.type === 'results').reduce((n, m) => n + m.results.length, 0);
  return { start, posted, answers, threads, resultsReceived };
}

export const nextTask = () => new Promise((done) => setTimeout(done, 0));

export function openMap(width, height) {
  return { width, height, cells: new Uint8Array(width * height) };
}

export function copyOf(map) {
  return { ...map, cells: map.cells.slice() };
}

/** The error a call throws, as { name, message }, or 'no error'. */
export function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return { name: error.name, message: error.message };
  }
  return 'no error';
}

/**
 * A worker factory serving `pathfinder` on a MessageChannel, whose results can be held back
 * (`hold(true)`) and released, and whose client can be sent made-up replies (`inject`): a
 * hostile or slow worker without timing. `ids` lists every request id posted, in order.
 */
export function heldWorkers(pathfinder) {
  const ids = [];
  const held = [];
  let holding = false;
  let deliver = () => {};
  const start = () => {
    const { port1, port2 } = new MessageChannel();
    serveWorker(port2, async () => pathfinder);
    const listeners = [];
    deliver = (data) => listeners.forEach((listener) => listener({ data }));
    port1.on('message', (data) => {
      if (holding && data?.type === 'results') held.push(data);
      else deliver(data);
    });
    return {
      postMessage(message, transfer) {
        const { requests } = message;
        if (requests) for (let i = 0; i < requests.length; i += 7) ids.push(requests[i]);
        port1.postMessage(message, transfer);
      },
      addEventListener(type, listener) {
        if (type === 'message') listeners.push(listener);
      },
      terminate() {
        port1.close();
        port2.close();
      },
    };
  };
  /** Waits until `count` results are held (the worker has answered them). */
  const answered = async (count) => {
    const results = () => held.reduce((n, message) => n + message.results.length, 0);
    for (let wait = 0; results() < count; wait++) {
      if (wait > 50_000) throw new Error(`the worker answered ${results()} of ${count}`);
      await nextTask();
    }
    return held.flatMap((message) => message.results);
  };
  const release = () => {
    holding = false;
    for (const message of held.splice(0)) deliver(message);
  };
  const hold = (on) => (holding = on);
  return { start, ids, held, answered, release, hold, inject: (message) => deliver(message) };
}
