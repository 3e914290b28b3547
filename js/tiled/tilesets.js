// Tilesets into one model, and the lookup from a GID to its tile: { id, tileset, properties, type }.

import { jsonProperties, xmlProperties } from './properties.js';
import { childNamed, childrenNamed } from './elements.js';
import { jsonObject, xmlObject } from './map-objects.js';
import {
  decimalAttribute,
  integerAttribute,
  jsonInteger,
  jsonNumber,
  requiredInteger,
} from './values.js';

/** At most this many collision shapes in one tileset (a hostile file cannot make it more). */
export const MAX_TILE_SHAPES = 100000;

/** Counts the shapes of a tileset's tiles against MAX_TILE_SHAPES. */
function shapeCounter(at) {
  let count = 0;
  return (shapes) => {
    count += shapes.length;
    if (count > MAX_TILE_SHAPES) {
      throw new RangeError(`${at}: more than ${MAX_TILE_SHAPES} collision shapes in its tiles`);
    }
    return shapes;
  };
}

/**
 * The model of one tileset: { name, tilecount, imageCollection, properties, tiles: Map<id, tile> }.
 * An image collection (one image per tile, no tileset image) may have gaps in its tile ids, so
 * its GIDs are resolved by the ids it lists, not by tilecount.
 */
export function jsonTileset(ts, where = 'tileset') {
  if (ts === null || typeof ts !== 'object' || Array.isArray(ts)) {
    throw new TypeError(`${where} must be an object`);
  }
  const name = typeof ts.name === 'string' ? ts.name : '';
  const at = `tileset ${JSON.stringify(name)}`;
  const tiles = new Map();
  const counted = shapeCounter(at);
  if (Array.isArray(ts.tiles)) {
    for (const t of ts.tiles) {
      if (t === null || typeof t !== 'object')
        throw new TypeError(`${at}: a tile must be an object`);
      const id = requiredInteger(t.id, `${at}: tile id`);
      // Shapes drawn in Tiled's Collision Editor: an object layer inside the tile.
      const group = t.objectgroup;
      if (group !== undefined && (group === null || !Array.isArray(group.objects ?? []))) {
        throw new TypeError(`${at}, tile ${id}: objectgroup must be { objects: [...] }`);
      }
      tiles.set(id, {
        properties: jsonProperties(t.properties, `${at}, tile ${id}`),
        type: t.class ?? t.type ?? '',
        shapes: group
          ? counted((group.objects ?? []).map((o) => jsonObject(o, `${at}, tile ${id}`)))
          : undefined,
        imageHeight: jsonNumber(t.imageheight, `${at}, tile ${id}: imageheight`, undefined),
      });
    }
  }
  if (ts.tileproperties && typeof ts.tileproperties === 'object') {
    for (const [id, props] of Object.entries(ts.tileproperties)) {
      if (!/^(0|[1-9][0-9]*)$/.test(id)) {
        throw new TypeError(`${at}: tileproperties key ${JSON.stringify(id)} is not a tile id`);
      }
      const key = Number(id);
      const tile = tiles.get(key) ?? {
        properties: Object.create(null),
        type: '',
        shapes: undefined,
        imageHeight: undefined,
      };
      Object.assign(tile.properties, props);
      tiles.set(key, tile);
    }
  }
  return {
    name,
    tilecount: jsonInteger(ts.tilecount, `${at}: tilecount`),
    imageCollection: ts.image === undefined && ts.columns === 0,
    properties: jsonProperties(ts.properties, at),
    tiles,
    tileWidth: jsonNumber(ts.tilewidth, `${at}: tilewidth`, undefined),
    tileHeight: jsonNumber(ts.tileheight, `${at}: tileheight`, undefined),
    usesShapes: [...tiles.values()].some((t) => t.shapes?.length > 0),
  };
}

export function xmlTileset(element) {
  const name = element.attributes.name ?? '';
  const at = `tileset ${JSON.stringify(name)}`;
  const tiles = new Map();
  const counted = shapeCounter(at);
  for (const t of childrenNamed(element, 'tile')) {
    const id = integerAttribute(t, 'id', `${at}, <tile>`);
    if (id === undefined) throw new TypeError(`${at}: a <tile> has no id`);
    // Shapes drawn in Tiled's Collision Editor: an <objectgroup> inside the <tile>.
    const group = childNamed(t, 'objectgroup');
    const image = childNamed(t, 'image');
    tiles.set(id, {
      properties: xmlProperties(t, `${at}, tile ${id}`),
      type: t.attributes.class ?? t.attributes.type ?? '',
      shapes: group
        ? counted(childrenNamed(group, 'object').map((o) => xmlObject(o, `${at}, tile ${id}`)))
        : undefined,
      imageHeight: image ? decimalAttribute(image, 'height', `${at}, tile ${id}`) : undefined,
    });
  }
  return {
    name,
    tilecount: integerAttribute(element, 'tilecount', at),
    imageCollection:
      !childNamed(element, 'image') && integerAttribute(element, 'columns', at) === 0,
    properties: xmlProperties(element, at),
    tiles,
    tileWidth: decimalAttribute(element, 'tilewidth', at),
    tileHeight: decimalAttribute(element, 'tileheight', at),
    usesShapes: [...tiles.values()].some((t) => t.shapes?.length > 0),
  };
}

export const baseName = (path) => String(path).split(/[\\/]/).pop();

/**
 * Resolves a GID (flags already masked) to its tileset and tile data. `given` holds the contents
 * of external tilesets keyed by source or file name; `parseSource(value, key)` reads one.
 */
export function createTileLookup(tilesets, given, parseSource) {
  const sorted = tilesets
    .map((ts, index) => {
      if (!Number.isInteger(ts.firstgid) || ts.firstgid < 1) {
        throw new TypeError(`tileset ${index} has an invalid firstgid: ${ts.firstgid}`);
      }
      let data = ts.data;
      let provided = ts.source === undefined;
      if (ts.source !== undefined) {
        const key = [ts.source, baseName(ts.source)].find((k) => Object.hasOwn(given, k));
        if (key !== undefined) {
          data = given[key] === null ? null : parseSource(given[key], key);
          provided = true;
        }
      }
      return { firstgid: ts.firstgid, source: ts.source, data, provided };
    })
    .sort((p, q) => p.firstgid - q.firstgid);
  const cache = new Map();
  return function lookup(gid) {
    let hit = cache.get(gid);
    if (hit) return hit;
    let ts;
    for (const candidate of sorted) {
      if (candidate.firstgid <= gid) ts = candidate;
      else break;
    }
    if (!ts) {
      throw new RangeError(`tile GID ${gid} belongs to no tileset (map has ${sorted.length})`);
    }
    const id = gid - ts.firstgid;
    const tile = ts.data?.tiles.get(id);
    if (ts.data?.imageCollection && !tile) {
      throw new RangeError(
        `tile GID ${gid} is tile ${id} of the image collection ${JSON.stringify(ts.data.name)} ` +
          `(firstgid ${ts.firstgid}), which has no tile ${id} (its tiles: ${[...ts.data.tiles.keys()].sort((p, q) => p - q).join(', ')})`,
      );
    }
    if (
      ts.data &&
      !ts.data.imageCollection &&
      Number.isInteger(ts.data.tilecount) &&
      id >= ts.data.tilecount
    ) {
      throw new RangeError(
        `tile GID ${gid} is past the end of tileset ${JSON.stringify(ts.data.name)} ` +
          `(firstgid ${ts.firstgid}, ${ts.data.tilecount} tiles)`,
      );
    }
    if (!ts.provided) {
      throw new TypeError(
        `tile GID ${gid} is in the external tileset ${JSON.stringify(ts.source)}: pass its ` +
          `contents as options.tilesets[${JSON.stringify(baseName(ts.source))}] (parsed .tsj, ` +
          'or the text of the .tsj/.tsx), or null to read it without tile properties',
      );
    }
    hit = {
      id,
      tileset: ts.data
        ? { name: ts.data.name, firstgid: ts.firstgid, properties: ts.data.properties }
        : { name: baseName(ts.source), firstgid: ts.firstgid, properties: Object.create(null) },
      properties: tile ? tile.properties : Object.create(null),
      type: tile ? tile.type : '',
      // What the collision shapes need (read.js): absent for a tileset read without contents.
      collisionShapes: ts.data?.usesShapes
        ? {
            shapes: tile?.shapes ?? [],
            tileWidth: ts.data.tileWidth,
            tileHeight: tile?.imageHeight ?? ts.data.tileHeight,
          }
        : undefined,
    };
    cache.set(gid, hit);
    return hit;
  };
}
