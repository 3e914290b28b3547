// loadTiledMap in a module worker: the map's path is resolved against the worker's own URL.
import { loadTiledMap } from '../../../js/tiled.js';

loadTiledMap('../../fixtures/tiled/collision.tmj', { layers: ['Ground', 'Decor', 'Props'] }).then(
  (grid) => postMessage({ cells: [...grid.cells] }),
  (error) => postMessage({ error: `${error.name}: ${error.message}` }),
);
