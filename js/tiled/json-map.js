// Tiled JSON (.tmj/.json) into the map model shared with TMX:
//   { orientation, width, height, tileWidth, tileHeight, infinite, tilesets, layers }
// plus staggerAxis, staggerIndex (staggered and hexagonal maps) and hexSideLength (hexagonal)
// where layers is the flat list of every layer in document order, groups included, each with
// its "Group/Name" path. Groups are walked with an explicit stack: any depth is fine.

import { jsonObject } from './map-objects.js';
import { mapShape } from './shape.js';
import { createTileLookup, jsonTileset } from './tilesets.js';
import { jsonInteger, jsonNumber, requiredInteger, shown } from './values.js';

function jsonLayer(layer, path, infinite) {
  const where = `layer ${JSON.stringify(path)}`;
  const kind = layer.type;
  if (kind === 'objectgroup') {
    if (!Array.isArray(layer.objects ?? []))
      throw new TypeError(`${where}: objects must be an array`);
    return { kind, objects: (layer.objects ?? []).map((o) => jsonObject(o, where)) };
  }
  if (kind !== 'tilelayer') return { kind };
  const base = { encoding: layer.encoding, compression: layer.compression || undefined };
  // Tiled writes chunks for every layer of an infinite map; plain data is read as it is.
  if (layer.chunks === undefined && (!infinite || layer.data !== undefined)) {
    return {
      kind,
      width: jsonInteger(layer.width, `${where}: width`),
      height: jsonInteger(layer.height, `${where}: height`),
      block: { ...base, data: layer.data },
    };
  }
  const chunks = layer.chunks ?? [];
  if (!Array.isArray(chunks)) throw new TypeError(`${where}: chunks must be an array`);
  return {
    kind,
    chunks: chunks.map((c, i) => {
      const at = `${where}, chunk ${i}`;
      if (c === null || typeof c !== 'object') throw new TypeError(`${at} must be an object`);
      return {
        ...base,
        x: requiredInteger(c.x, `${at}: x`),
        y: requiredInteger(c.y, `${at}: y`),
        width: requiredInteger(c.width, `${at}: width`),
        height: requiredInteger(c.height, `${at}: height`),
        data: c.data,
      };
    }),
  };
}

/** The flat layer list, groups walked with an explicit stack (document order kept). */
function jsonLayers(top, infinite) {
  const out = [];
  const stack = [{ list: top, parent: '', next: 0, visible: true }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next >= frame.list.length) {
      stack.pop();
      continue;
    }
    const layer = frame.list[frame.next++];
    if (layer === null || typeof layer !== 'object') {
      throw new TypeError(`a layer in ${JSON.stringify(frame.parent || '/')} is not an object`);
    }
    const name = typeof layer.name === 'string' ? layer.name : '';
    const path = frame.parent ? `${frame.parent}/${name}` : name;
    // Shown in Tiled (and built by engines that skip hidden layers) when it and its groups are.
    const visible = frame.visible && layer.visible !== false;
    if (layer.type === 'group') {
      out.push({ name, path, kind: 'group', visible });
      if (layer.layers !== undefined && !Array.isArray(layer.layers)) {
        throw new TypeError(`group ${JSON.stringify(path)}: layers must be an array`);
      }
      stack.push({ list: layer.layers ?? [], parent: path, next: 0, visible });
      continue;
    }
    out.push({ name, path, visible, ...jsonLayer(layer, path, infinite) });
  }
  return out;
}

/** The tilesets of a JSON map: embedded ones read, external ones by source. */
export function jsonMapTilesets(source) {
  if (source.tilesets !== undefined && !Array.isArray(source.tilesets)) {
    throw new TypeError('map: tilesets must be an array');
  }
  return (source.tilesets ?? []).map((ts, i) => {
    if (ts === null || typeof ts !== 'object')
      throw new TypeError(`tileset ${i} must be an object`);
    return {
      firstgid: requiredInteger(ts.firstgid, `tileset ${i}: firstgid`),
      source: ts.source,
      data: ts.source === undefined ? jsonTileset(ts, `tileset ${i}`) : undefined,
    };
  });
}

/** A parsed Tiled JSON map (object) into the model. */
export function jsonMapModel(source) {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) {
    throw new TypeError('map must be a Tiled JSON object, or the text of a .tmj/.json/.tmx file');
  }
  if (!Array.isArray(source.layers)) {
    throw new TypeError('map is not a Tiled map: it has no "layers" array');
  }
  if (source.infinite !== undefined && typeof source.infinite !== 'boolean') {
    throw new TypeError(`map: infinite must be true or false, got ${shown(source.infinite)}`);
  }
  const infinite = source.infinite === true;
  return {
    ...mapShape(
      source,
      jsonInteger(source.hexsidelength, 'map: hexsidelength'),
      (n) => `map: ${n}`,
    ),
    width: jsonInteger(source.width, 'map: width'),
    height: jsonInteger(source.height, 'map: height'),
    tileWidth: jsonNumber(source.tilewidth, 'map: tilewidth'),
    tileHeight: jsonNumber(source.tileheight, 'map: tileheight'),
    infinite,
    tilesets: jsonMapTilesets(source),
    layers: jsonLayers(source.layers, infinite),
  };
}

/** Map text that is not XML: JSON, or a clear error. */
export function parseJsonText(text, what = 'map') {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TypeError(`${what} is neither TMX (XML) nor Tiled JSON: ${error.message}`);
  }
}

/**
 * The tile lookup of a Tiled JSON map and its external JSON tilesets, without the XML reader:
 * what an engine that loads Tiled JSON itself (LayaAir) needs to classify its tiles.
 */
export function jsonTileLookup(json, tilesets = {}) {
  const source = typeof json === 'string' ? parseJsonText(json) : json;
  if (source === null || typeof source !== 'object') {
    throw new TypeError('the map JSON must be the parsed Tiled JSON object or its text');
  }
  if (tilesets === null || typeof tilesets !== 'object') {
    throw new TypeError('options.tilesets must be an object: { "walls.tsj": contents }');
  }
  return createTileLookup(jsonMapTilesets(source), tilesets, (value, key) => {
    const where = `options.tilesets[${JSON.stringify(key)}]`;
    if (typeof value === 'string') {
      if (value.trim().startsWith('<')) {
        throw new TypeError(`${where} is TSX (XML): a Tiled JSON map takes JSON tilesets (.tsj)`);
      }
      return jsonTileset(parseJsonText(value, where), where);
    }
    if (value !== null && typeof value === 'object') return jsonTileset(value, where);
    throw new TypeError(`${where} must be an object or a string`);
  });
}
