// Helpers the Node worker tests share: worker threads that record what crosses, and small maps.
import { startNodeWorker } from '../../../js/worker-node.js';
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
