// The `tilepath/worker` entry: its code lives in js/worker/client.js.
export * from './worker/client.js';
