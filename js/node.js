// tilepath for Node: the single-file build carries the wasm inside it, so nothing is
// fetched or read from disk (Node 20's global fetch cannot load file paths).
import factory from '../dist/tilepath-single.mjs';
import { makeLoader } from './core/grid.js';

export const createPathfinder = makeLoader(factory);
export { DIRECTIONS } from './core/fields.js';
export { PathScheduler } from './core/scheduler.js';
