// The `tilepath/worker-node` entry: its code lives in js/worker/node.js.
export * from './worker/node.js';
