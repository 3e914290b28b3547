// tilepath for browsers, workers and bundlers: the wasm sits next to dist/tilepath.mjs and
// is fetched from there (Emscripten resolves it with import.meta.url).
import factory from '../dist/tilepath.mjs';
import { makeLoader } from './core.js';

export const createPathfinder = makeLoader(factory);
export { DIRECTIONS } from './fields.js';
export { PathScheduler } from './path-scheduler.js';
