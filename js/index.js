// tilepath for browsers, workers and bundlers: the wasm sits next to dist/tilepath.mjs and
// is fetched from there (Emscripten resolves it with import.meta.url). The same glue loads
// tilepath-bigmaps.wasm, the build with the big-map features, for createPathfinder({ bigMaps:
// true }); the URL below is written out so that bundlers emit that file too.
import factory from '../dist/tilepath.mjs';
import { makeLoader } from './core/grid.js';

export const createPathfinder = makeLoader(factory, {
  bigMapsUrl: () => new URL('../dist/tilepath-bigmaps.wasm', import.meta.url).href,
});
export { DIRECTIONS } from './core/fields.js';
export { PathScheduler } from './core/scheduler.js';
