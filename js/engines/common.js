// What the Cocos and Laya adapters share: checking the Grid or PathWorker they feed, reading an
// engine layer's GIDs into classes, and keeping the target in step with the layer afterwards
// (a mirror of the classes, so only cells whose class changed are sent).

import { createTileClassifier } from '../tiled/classify.js';

/** The cell setter of a tilepath Grid (set) or PathWorker (setCell). */
export function editorOf(target) {
  if (target && typeof target.setCell === 'function')
    return (x, y, cls) => target.setCell(x, y, cls);
  if (target && typeof target.set === 'function') return (x, y, cls) => target.set(x, y, cls);
  throw new TypeError('target must be a tilepath Grid (set) or PathWorker (setCell)');
}

/** Checks the target's size against the layer's (`what`: "the layer", "the map"); returns its setter. */
export function checkTarget(target, width, height, what) {
  const set = editorOf(target);
  if (
    (target.width !== undefined && target.width !== width) ||
    (target.height !== undefined && target.height !== height)
  ) {
    throw new RangeError(
      `target is ${target.width}x${target.height}, ${what} is ${width}x${height}`,
    );
  }
  return set;
}

/** Brings the target to the mirror's state: costs (and entry rules) first, then the cells that
 * differ. */
export function initializeTarget(target, set, mirror, width, costs, entry) {
  if (costs) for (const [cls, cost] of Object.entries(costs)) target.setCost(Number(cls), cost);
  if (entry && typeof target.setEntry === 'function')
    for (const [cls, names] of Object.entries(entry)) target.setEntry(Number(cls), names);
  for (let i = 0; i < mirror.length; i++) {
    const x = i % width;
    const y = (i - x) / width;
    if (typeof target.get !== 'function' || target.get(x, y) !== mirror[i]) set(x, y, mirror[i]);
  }
}

/** Row-major GIDs of a layer read one tile at a time through `gidAt(x, y)`. */
export function gidsOfLayer(width, height, gidAt) {
  const gids = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) gids[y * width + x] = (gidAt(x, y) ?? 0) >>> 0;
  }
  return gids;
}

/** { width, height, cells, costs } of a layer's GIDs under the tile convention (or classOf). */
export function readLayerGrid(width, height, gids, classifierOptions) {
  const classifier = createTileClassifier(classifierOptions);
  const cells = classifier.classesOf(gids);
  return { width, height, cells, costs: classifier.costs, entry: classifier.entry };
}

/**
 * Feeds `target` from a layer and keeps it in step. `gids` is the layer now; `gidAt(x, y)` reads
 * one tile later. Costs found while reading go out with the initial state, later ones as tiles
 * with new costs appear. Returns { costs, refresh(x, y), resync() }; refresh takes a cell
 * inside the layer (the adapters check or filter coordinates first).
 */
export function bindLayerGids({
  target,
  width,
  height,
  what,
  gids,
  gidAt,
  classifierOptions,
  initialize,
}) {
  const set = checkTarget(target, width, height, what);
  if (typeof target.setCost !== 'function') throw new TypeError('target must have setCost');
  let live = false;
  const classifier = createTileClassifier({
    ...classifierOptions,
    onCost: (cls, cost) => live && target.setCost(cls, cost),
    onEntry: (cls, names) => live && target.setEntry?.(cls, names),
  });
  const mirror = classifier.classesOf(gids);
  if (initialize !== false)
    initializeTarget(target, set, mirror, width, classifier.costs, classifier.entry);
  live = true;
  const refresh = (x, y) => {
    const cls = classifier.classOf((gidAt(x, y) ?? 0) >>> 0);
    const i = y * width + x;
    if (mirror[i] !== cls) {
      mirror[i] = cls;
      set(x, y, cls);
    }
  };
  return {
    get costs() {
      return classifier.costs;
    },
    refresh,
    resync() {
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) refresh(x, y);
    },
  };
}
