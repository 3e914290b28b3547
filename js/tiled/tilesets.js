// Tilesets into one model, and the lookup from a GID to its tile: { id, tileset, properties, type }.

import { jsonProperties, xmlProperties } from './properties.js';
import { childNamed, childrenNamed } from './elements.js';
import { integerAttribute, jsonInteger, requiredInteger } from './values.js';

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
  if (Array.isArray(ts.tiles)) {
    for (const t of ts.tiles) {
      if (t === null || typeof t !== 'object')
        throw new TypeError(`${at}: a tile must be an object`);
      const id = requiredInteger(t.id, `${at}: tile id`);
      tiles.set(id, {
        properties: jsonProperties(t.properties, `${at}, tile ${id}`),
        type: t.class ?? t.type ?? '',
      });
    }
  }
  if (ts.tileproperties && typeof ts.tileproperties === 'object') {
    for (const [id, props] of Object.entries(ts.tileproperties)) {
      if (!/^(0|[1-9][0-9]*)$/.test(id)) {
        throw new TypeError(`${at}: tileproperties key ${JSON.stringify(id)} is not a tile id`);
      }
      const key = Number(id);
      const tile = tiles.get(key) ?? { properties: Object.create(null), type: '' };
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
  };
}

export function xmlTileset(element) {
  const name = element.attributes.name ?? '';
  const at = `tileset ${JSON.stringify(name)}`;
  const tiles = new Map();
  for (const t of childrenNamed(element, 'tile')) {
    const id = integerAttribute(t, 'id', `${at}, <tile>`);
    if (id === undefined) throw new TypeError(`${at}: a <tile> has no id`);
    tiles.set(id, {
      properties: xmlProperties(t, `${at}, tile ${id}`),
      type: t.attributes.class ?? t.attributes.type ?? '',
    });
  }
  return {
    name,
    tilecount: integerAttribute(element, 'tilecount', at),
    imageCollection:
      !childNamed(element, 'image') && integerAttribute(element, 'columns', at) === 0,
    properties: xmlProperties(element, at),
    tiles,
  };
}

const baseName = (path) => String(path).split(/[\\/]/).pop();

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
    };
    cache.set(gid, hit);
    return hit;
  };
}
