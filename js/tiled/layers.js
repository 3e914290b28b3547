// Finding a layer by name, path or index, and reading a tile layer's GIDs (finite, or infinite
// chunks placed on their bounding box). Every size is checked against the grid limits first.

import { decodeBlock } from './layer-data.js';
import { checkGridSize, MAX_CELLS, MAX_SIDE } from './limits.js';

/** The layer `wanted` names (name at any depth, "Group/Layer" path, "/Top" or tile-layer index). */
const KIND_NAMES = {
  tilelayer: 'a tile layer',
  objectgroup: 'an object layer',
  group: 'a group',
  imagelayer: 'an image layer',
};

export function findLayer(model, wanted, { what = 'options.layer', objects = false } = {}) {
  const readable = (l) => l.kind === 'tilelayer' || (objects && l.kind === 'objectgroup');
  if (typeof wanted === 'number') {
    const tileLayers = model.layers.filter((l) => l.kind === 'tilelayer');
    if (!Number.isInteger(wanted) || wanted < 0 || wanted >= tileLayers.length) {
      throw new RangeError(
        `layer index ${wanted} is out of range: the map has ${tileLayers.length} tile layers`,
      );
    }
    return tileLayers[wanted];
  }
  if (typeof wanted !== 'string') {
    throw new TypeError(
      `${what} must be a layer name (or "Group/Layer" path) or a tile layer index`,
    );
  }
  // A name matches at any depth; "Group/Layer" also names a layer by its path, "/Layer" a
  // top-level one. A name may hold slashes itself (Tiled's automapping maps have "//comments").
  const path = wanted.startsWith('/') ? wanted.slice(1) : wanted;
  const matches = model.layers.filter(
    (l) => l.name === wanted || (wanted.includes('/') && l.path === path),
  );
  const shown = (l) => JSON.stringify(l.path.includes('/') ? l.path : `/${l.path}`);
  const names = model.layers.filter(readable).map((l) => JSON.stringify(l.path));
  if (matches.length === 0) {
    throw new RangeError(
      `no layer named ${JSON.stringify(wanted)}; ${objects ? 'tile and object' : 'tile'} layers: ${names.join(', ') || 'none'}`,
    );
  }
  if (matches.length > 1) {
    const paths = matches.map(shown);
    if (new Set(paths).size === paths.length) {
      throw new RangeError(
        `${matches.length} layers are named ${JSON.stringify(wanted)}: name one by its path (${paths.join(', ')})`,
      );
    }
    const tileLayers = model.layers.filter((l) => l.kind === 'tilelayer');
    const indices = matches.map((l) => tileLayers.indexOf(l));
    throw new RangeError(
      `${matches.length} layers are named ${JSON.stringify(wanted)} and no path tells them apart ` +
        `(${paths.join(', ')}): rename one in Tiled` +
        (indices.every((i) => i >= 0)
          ? `, or give its index among the tile layers (${indices.join(', ')})`
          : ''),
    );
  }
  const layer = matches[0];
  if (!readable(layer)) {
    const kind = Object.hasOwn(KIND_NAMES, layer.kind) ? KIND_NAMES[layer.kind] : `a ${layer.kind}`;
    throw new TypeError(
      `layer ${JSON.stringify(wanted)} is ${kind}, not a tile ${objects ? 'or object ' : ''}layer` +
        (layer.kind === 'objectgroup' ? ': read its shapes with readTiledMap' : ''),
    );
  }
  return layer;
}

const hasTile = (gids) => {
  for (let i = 0; i < gids.length; i++) if (gids[i] !== 0) return true;
  return false;
};

/**
 * The GIDs of a tile layer: { width, height, offsetX, offsetY, gids }, or { empty: true } for an
 * infinite layer with no tile at all (no chunks, or only empty ones). An infinite layer is
 * cropped to the chunks that hold tiles; if they lie further apart than a grid can be, it is
 * refused before the grid is allocated.
 */
export function layerGids(layer) {
  const where = `layer ${JSON.stringify(layer.path)}`;
  if (!layer.chunks) {
    checkGridSize(layer.width, layer.height, where);
    const { width, height } = layer;
    return {
      width,
      height,
      offsetX: 0,
      offsetY: 0,
      gids: decodeBlock(layer.block, width * height, where),
    };
  }
  let claimed = 0;
  for (const c of layer.chunks) {
    checkGridSize(c.width, c.height, `${where}, chunk at ${c.x},${c.y}`);
    claimed += c.width * c.height;
    if (claimed > MAX_CELLS) {
      throw new RangeError(
        `${where}: its chunks hold more than the grid limit of ${MAX_CELLS} cells`,
      );
    }
  }
  const decoded = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of layer.chunks) {
    const gids = decodeBlock(c, c.width * c.height, `${where}, chunk at ${c.x},${c.y}`);
    if (!hasTile(gids)) continue;
    decoded.push({ c, gids });
    minX = Math.min(minX, c.x);
    minY = Math.min(minY, c.y);
    maxX = Math.max(maxX, c.x + c.width);
    maxY = Math.max(maxY, c.y + c.height);
  }
  if (decoded.length === 0) return { empty: true };
  const width = maxX - minX;
  const height = maxY - minY;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_CELLS) {
    // A sparse infinite map is refused rather than read as a mostly empty giant grid.
    throw new RangeError(
      `${where}: its chunks span ${width} x ${height} tiles (${minX},${minY} to ` +
        `${maxX - 1},${maxY - 1}), more than a grid can hold (${MAX_SIDE} per side, ` +
        `${MAX_CELLS} cells): move the chunks closer together or split the map`,
    );
  }
  const gids = new Uint32Array(width * height);
  for (const { c, gids: chunk } of decoded) {
    for (let row = 0; row < c.height; row++) {
      gids.set(
        chunk.subarray(row * c.width, (row + 1) * c.width),
        (c.y - minY + row) * width + (c.x - minX),
      );
    }
  }
  return { width, height, offsetX: minX, offsetY: minY, gids };
}

/**
 * Every layer of a map model, groups included and flattened in document order: { name, path,
 * kind, visible } plus width and height for tile layers (an infinite layer's: the bounds of its
 * chunks, with offsetX/offsetY, no data decoded) and the number of objects of object layers.
 */
export function listLayers(model) {
  return model.layers.map((layer) => {
    const entry = { name: layer.name, path: layer.path, kind: layer.kind, visible: layer.visible };
    if (layer.kind === 'objectgroup') return { ...entry, objects: layer.objects.length };
    if (layer.kind !== 'tilelayer') return entry;
    if (!layer.chunks) return { ...entry, width: layer.width, height: layer.height };
    if (layer.chunks.length === 0) return { ...entry, width: 0, height: 0, offsetX: 0, offsetY: 0 };
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const c of layer.chunks) {
      [minX, minY] = [Math.min(minX, c.x), Math.min(minY, c.y)];
      [maxX, maxY] = [Math.max(maxX, c.x + c.width), Math.max(maxY, c.y + c.height)];
    }
    return { ...entry, width: maxX - minX, height: maxY - minY, offsetX: minX, offsetY: minY };
  });
}
