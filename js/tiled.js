// tilepath/tiled: turns a Tiled tile layer into the grid tilepath searches
// ({ width, height, cells }, one class byte per cell, row-major, y down).
//
// Reads both Tiled formats (JSON .tmj/.json and XML .tmx), every layer encoding Tiled writes
// (CSV, base64 raw / zlib / gzip; zstd is refused with a clear message), infinite maps stored as
// chunks, and tile properties from tilesets (the convention is documented in tiled.d.ts).
// Synchronous on purpose: decompression uses fflate's sync inflate, which also runs in WeChat
// mini-games where DecompressionStream does not exist.

import { gunzipSync, unzlibSync } from 'fflate';

export { tileSpace, tileSpaceForLayer } from './coords.js';

/** Tiled stores flips and rotations in the top 4 bits of a GID. */
export const FLIPPED_HORIZONTALLY = 0x80000000;
export const FLIPPED_VERTICALLY = 0x40000000;
export const FLIPPED_DIAGONALLY = 0x20000000;
export const ROTATED_HEXAGONAL_120 = 0x10000000;
export const GID_MASK = 0x0fffffff;

/** The class the default convention gives to a tile that says nothing (any tile = wall). */
export const DEFAULT_TILE_CLASS = 1;

// ---------------------------------------------------------------------------------------------
// Minimal XML reader for TMX/TSX. Tiled's XML is plain (elements, attributes, text, comments, an
// XML declaration); no DTDs. Node and WeChat have no DOMParser, so this is needed everywhere.

const XML_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    if (!(name in XML_ENTITIES)) throw new TypeError(`TMX: unknown XML entity ${whole}`);
    return XML_ENTITIES[name];
  });
}

function parseXml(source) {
  const root = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  const attribute = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) stack[stack.length - 1].text += decodeXmlText(source.slice(i, textEnd));
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) throw new TypeError('TMX: unterminated comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) throw new TypeError('TMX: unterminated <? ... ?>');
      i = end + 2;
      continue;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end === -1) throw new TypeError('TMX: unterminated CDATA section');
      stack[stack.length - 1].text += source.slice(lt + 9, end);
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!', lt)) {
      throw new TypeError('TMX: DOCTYPE and other declarations are not supported');
    }
    tag.lastIndex = lt;
    const m = tag.exec(source);
    if (!m) {
      const line = source.slice(0, lt).split('\n').length;
      throw new TypeError(`TMX: malformed tag at line ${line}: ${source.slice(lt, lt + 40)}`);
    }
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open.name !== name || stack.length === 0) {
        throw new TypeError(`TMX: </${name}> does not close <${open.name}>`);
      }
    } else {
      const element = { name, attributes: {}, children: [], text: '' };
      for (const a of attrText.matchAll(attribute)) {
        element.attributes[a[1]] = decodeXmlText(a[2] ?? a[3]);
      }
      stack[stack.length - 1].children.push(element);
      if (!selfClosing) stack.push(element);
    }
    i = lt + m[0].length;
  }
  if (stack.length !== 1) {
    throw new TypeError(`TMX: the file ends inside <${stack[stack.length - 1].name}> (truncated?)`);
  }
  return root;
}

const childrenNamed = (element, name) => element.children.filter((c) => c.name === name);
const childNamed = (element, name) => element.children.find((c) => c.name === name);

// ---------------------------------------------------------------------------------------------
// Decoding helpers

const BASE64 = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
}

function decodeBase64(text, where) {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0) {
    throw new TypeError(
      `${where}: base64 data has ${clean.length} characters, not a multiple of 4 (truncated?)`,
    );
  }
  let padding = 0;
  if (clean.endsWith('==')) padding = 2;
  else if (clean.endsWith('=')) padding = 1;
  const out = new Uint8Array((clean.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    let quad = 0;
    for (let k = 0; k < 4; k++) {
      const c = clean.charCodeAt(i + k);
      let v = c < 128 ? BASE64[c] : -1;
      if (c === 61 /* = */ && i + k >= clean.length - padding) v = 0;
      if (v < 0) {
        throw new TypeError(`${where}: invalid base64 character ${JSON.stringify(clean[i + k])}`);
      }
      quad = (quad << 6) | v;
    }
    out[o++] = (quad >>> 16) & 255;
    if (o < out.length) out[o++] = (quad >>> 8) & 255;
    if (o < out.length) out[o++] = quad & 255;
  }
  return out;
}

function inflate(bytes, compression, where) {
  try {
    return compression === 'zlib' ? unzlibSync(bytes) : gunzipSync(bytes);
  } catch (error) {
    throw new TypeError(`${where}: ${compression} data cannot be decompressed (${error.message})`);
  }
}

function gidsFromBytes(bytes, count, where) {
  if (bytes.length !== count * 4) {
    throw new RangeError(
      `${where}: expected ${count} tiles (${count * 4} bytes), got ${bytes.length} bytes`,
    );
  }
  const gids = new Uint32Array(count);
  for (let i = 0, b = 0; i < count; i++, b += 4) {
    gids[i] = (bytes[b] | (bytes[b + 1] << 8) | (bytes[b + 2] << 16) | (bytes[b + 3] << 24)) >>> 0;
  }
  return gids;
}

function checkedGid(value, where, index) {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new TypeError(`${where}: tile ${index} is not a valid GID: ${JSON.stringify(value)}`);
  }
  return value;
}

function gidsFromCsv(text, count, where) {
  const trimmed = text.trim();
  const parts = trimmed === '' ? [] : trimmed.split(',');
  if (parts.length !== count) {
    throw new RangeError(`${where}: expected ${count} CSV tiles, got ${parts.length}`);
  }
  const gids = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const part = parts[i].trim();
    if (!/^\d+$/.test(part)) {
      throw new TypeError(`${where}: CSV tile ${i} is not a GID: ${JSON.stringify(part)}`);
    }
    gids[i] = checkedGid(Number(part), where, i);
  }
  return gids;
}

/** One block of tile data (a finite layer's data, or one chunk) into GIDs. */
function decodeBlock(block, count, where) {
  const { encoding, compression, data, xmlTiles } = block;
  if (compression === 'zstd') {
    throw new TypeError(
      `${where}: zstd-compressed layer data is not supported; in Tiled choose the layer format ` +
        'CSV, Base64 (uncompressed), Base64 (zlib compressed) or Base64 (gzip compressed)',
    );
  }
  if (compression && compression !== 'zlib' && compression !== 'gzip') {
    throw new TypeError(`${where}: unknown compression ${JSON.stringify(compression)}`);
  }
  if (encoding === 'base64') {
    if (typeof data !== 'string') throw new TypeError(`${where}: base64 data must be a string`);
    let bytes = decodeBase64(data, where);
    if (compression) bytes = inflate(bytes, compression, where);
    return gidsFromBytes(bytes, count, where);
  }
  if (compression) {
    throw new TypeError(`${where}: compression ${compression} needs base64 encoding`);
  }
  if (xmlTiles) return gidsFromArray(xmlTiles, count, where);
  if (encoding === 'csv' || encoding === undefined || encoding === null) {
    if (Array.isArray(data)) return gidsFromArray(data, count, where);
    if (typeof data === 'string') return gidsFromCsv(data, count, where);
    throw new TypeError(`${where}: layer has no tile data`);
  }
  throw new TypeError(
    `${where}: unknown encoding ${JSON.stringify(encoding)} (expected csv or base64)`,
  );
}

function gidsFromArray(array, count, where) {
  if (array.length !== count) {
    throw new RangeError(`${where}: expected ${count} tiles, got ${array.length}`);
  }
  const gids = new Uint32Array(count);
  for (let i = 0; i < count; i++) gids[i] = checkedGid(array[i], where, i);
  return gids;
}

// ---------------------------------------------------------------------------------------------
// Properties (JSON and XML) into plain { name: value } objects with Tiled's types applied.

function typedValue(type, value) {
  switch (type) {
    case 'int':
      return typeof value === 'number' ? value : parseInt(value, 10);
    case 'float':
      return typeof value === 'number' ? value : parseFloat(value);
    case 'bool':
      return typeof value === 'boolean' ? value : value === 'true';
    case 'object':
      return typeof value === 'number' ? value : parseInt(value, 10);
    default:
      return value;
  }
}

function jsonProperties(list) {
  const out = {};
  if (!list) return out;
  if (Array.isArray(list)) {
    for (const p of list) {
      out[p.name] =
        p.type === 'class' && p.value && typeof p.value === 'object'
          ? { ...p.value }
          : typedValue(p.type, p.value);
    }
  } else if (typeof list === 'object') {
    // Tiled before 1.2 wrote { name: value } (plus a separate types object, already typed values).
    Object.assign(out, list);
  }
  return out;
}

function xmlProperties(element) {
  const out = {};
  const holder = element && childNamed(element, 'properties');
  if (!holder) return out;
  for (const p of childrenNamed(holder, 'property')) {
    const { name, type } = p.attributes;
    if (type === 'class') out[name] = xmlProperties(p);
    else out[name] = typedValue(type, p.attributes.value ?? p.text);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Normalised model shared by the two formats.

function jsonTileset(ts) {
  const tiles = new Map();
  if (Array.isArray(ts.tiles)) {
    for (const t of ts.tiles) {
      tiles.set(t.id, { properties: jsonProperties(t.properties), type: t.class ?? t.type ?? '' });
    }
  }
  if (ts.tileproperties && typeof ts.tileproperties === 'object') {
    for (const [id, props] of Object.entries(ts.tileproperties)) {
      const key = Number(id);
      const tile = tiles.get(key) ?? { properties: {}, type: '' };
      Object.assign(tile.properties, props);
      tiles.set(key, tile);
    }
  }
  return {
    name: ts.name ?? '',
    tilecount: ts.tilecount,
    properties: jsonProperties(ts.properties),
    tiles,
  };
}

function xmlTileset(element) {
  const tiles = new Map();
  for (const t of childrenNamed(element, 'tile')) {
    tiles.set(Number(t.attributes.id), {
      properties: xmlProperties(t),
      type: t.attributes.class ?? t.attributes.type ?? '',
    });
  }
  const count = element.attributes.tilecount;
  return {
    name: element.attributes.name ?? '',
    tilecount: count === undefined ? undefined : Number(count),
    properties: xmlProperties(element),
    tiles,
  };
}

/** A tileset given by the caller for an external reference: parsed JSON, JSON text or TSX text. */
function parseTilesetSource(value, source) {
  if (value === null) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('<')) {
      const tileset = childNamed(parseXml(text), 'tileset');
      if (!tileset) throw new TypeError(`tileset ${source}: no <tileset> element`);
      return xmlTileset(tileset);
    }
    return jsonTileset(JSON.parse(text));
  }
  if (typeof value === 'object') return jsonTileset(value);
  throw new TypeError(`options.tilesets[${JSON.stringify(source)}] must be an object or a string`);
}

function jsonLayers(list, parentPath, out) {
  for (const layer of list ?? []) {
    const path = parentPath ? `${parentPath}/${layer.name}` : layer.name;
    if (layer.type === 'group') {
      out.push({ name: layer.name, path, kind: 'group' });
      jsonLayers(layer.layers, path, out);
      continue;
    }
    if (layer.type !== 'tilelayer') {
      out.push({ name: layer.name, path, kind: layer.type });
      continue;
    }
    const base = { encoding: layer.encoding, compression: layer.compression || undefined };
    out.push({
      name: layer.name,
      path,
      kind: 'tilelayer',
      width: layer.width,
      height: layer.height,
      block: layer.chunks ? undefined : { ...base, data: layer.data },
      chunks: layer.chunks?.map((c) => ({
        ...base,
        x: c.x,
        y: c.y,
        width: c.width,
        height: c.height,
        data: c.data,
      })),
    });
  }
  return out;
}

function xmlData(dataElement) {
  const { encoding, compression } = dataElement.attributes;
  const block = (element) => {
    const tiles = childrenNamed(element, 'tile');
    return {
      encoding,
      compression: compression || undefined,
      data: element.text,
      xmlTiles:
        encoding === undefined
          ? tiles.map((t) => (t.attributes.gid === undefined ? 0 : Number(t.attributes.gid)))
          : undefined,
    };
  };
  const chunks = childrenNamed(dataElement, 'chunk');
  if (chunks.length === 0) return { block: block(dataElement) };
  return {
    chunks: chunks.map((c) => ({
      ...block(c),
      x: Number(c.attributes.x),
      y: Number(c.attributes.y),
      width: Number(c.attributes.width),
      height: Number(c.attributes.height),
    })),
  };
}

function xmlLayers(element, parentPath, out) {
  for (const child of element.children) {
    const name = child.attributes.name ?? '';
    const path = parentPath ? `${parentPath}/${name}` : name;
    if (child.name === 'group') {
      out.push({ name, path, kind: 'group' });
      xmlLayers(child, path, out);
    } else if (child.name === 'layer') {
      const data = childNamed(child, 'data');
      out.push({
        name,
        path,
        kind: 'tilelayer',
        width: Number(child.attributes.width),
        height: Number(child.attributes.height),
        ...(data ? xmlData(data) : { block: { data: undefined } }),
      });
    } else if (child.name === 'objectgroup' || child.name === 'imagelayer') {
      out.push({ name, path, kind: child.name });
    }
  }
  return out;
}

function parseMap(map) {
  let source = map;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    const bytes =
      source instanceof ArrayBuffer
        ? new Uint8Array(source)
        : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    source = new TextDecoder().decode(bytes);
  }
  if (typeof source === 'string') {
    const text = source.trim();
    if (text.startsWith('<')) return parseTmx(text);
    try {
      source = JSON.parse(text);
    } catch (error) {
      throw new TypeError(`map is neither TMX (XML) nor Tiled JSON: ${error.message}`);
    }
  }
  if (source === null || typeof source !== 'object' || Array.isArray(source)) {
    throw new TypeError('map must be a Tiled JSON object, or the text of a .tmj/.json/.tmx file');
  }
  if (!Array.isArray(source.layers)) {
    throw new TypeError('map is not a Tiled map: it has no "layers" array');
  }
  return {
    orientation: source.orientation ?? 'orthogonal',
    width: source.width,
    height: source.height,
    tileWidth: source.tilewidth,
    tileHeight: source.tileheight,
    infinite: Boolean(source.infinite),
    tilesets: (source.tilesets ?? []).map((ts) => ({
      firstgid: ts.firstgid,
      source: ts.source,
      data: ts.source === undefined ? jsonTileset(ts) : undefined,
    })),
    layers: jsonLayers(source.layers, '', []),
  };
}

function parseTmx(text) {
  const map = childNamed(parseXml(text), 'map');
  if (!map) throw new TypeError('TMX: no <map> element');
  const a = map.attributes;
  return {
    orientation: a.orientation ?? 'orthogonal',
    width: Number(a.width),
    height: Number(a.height),
    tileWidth: Number(a.tilewidth),
    tileHeight: Number(a.tileheight),
    infinite: a.infinite === '1',
    tilesets: childrenNamed(map, 'tileset').map((ts) => ({
      firstgid: Number(ts.attributes.firstgid),
      source: ts.attributes.source,
      data: ts.attributes.source === undefined ? xmlTileset(ts) : undefined,
    })),
    layers: xmlLayers(map, '', []),
  };
}

// ---------------------------------------------------------------------------------------------
// Tile lookup and classification

function baseName(path) {
  return String(path).split(/[\\/]/).pop();
}

/** Resolves a GID (flags already masked) to its tileset and tile data. */
function createTileLookup(tilesets, given = {}) {
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
          data = parseTilesetSource(given[key], key);
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
    if (ts.data && Number.isInteger(ts.data.tilecount) && id >= ts.data.tilecount) {
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
    const tile = ts.data?.tiles.get(id);
    hit = {
      id,
      tileset: ts.data
        ? { name: ts.data.name, firstgid: ts.firstgid, properties: ts.data.properties }
        : { name: baseName(ts.source), firstgid: ts.firstgid, properties: {} },
      properties: tile ? tile.properties : {},
      type: tile ? tile.type : '',
    };
    cache.set(gid, hit);
    return hit;
  };
}

function conventionOf(gid, info) {
  const pick = (key) => {
    if (info.properties[key] !== undefined) return info.properties[key];
    return info.tileset?.properties?.[key];
  };
  const pathClass = pick('pathClass');
  const blocked = pick('blocked');
  const cost = pick('cost');
  if (
    pathClass !== undefined &&
    (!Number.isInteger(pathClass) || pathClass < 0 || pathClass > 255)
  ) {
    throw new RangeError(
      `tile GID ${gid}: property pathClass must be an integer 0..255, got ${JSON.stringify(pathClass)}`,
    );
  }
  if (blocked !== undefined && typeof blocked !== 'boolean') {
    throw new TypeError(
      `tile GID ${gid}: property blocked must be a bool, got ${JSON.stringify(blocked)}`,
    );
  }
  if (cost !== undefined && (typeof cost !== 'number' || !(cost > 0) || !Number.isFinite(cost))) {
    throw new RangeError(
      `tile GID ${gid}: property cost must be a number > 0 (use blocked for walls), got ${JSON.stringify(cost)}`,
    );
  }
  if (pathClass !== undefined) return { cls: pathClass, cost };
  if (blocked === true) return { cls: DEFAULT_TILE_CLASS };
  if (cost !== undefined) return cost === 1 ? { cls: 0 } : { cost };
  if (blocked === false) return { cls: 0 };
  return { cls: DEFAULT_TILE_CLASS };
}

/**
 * Maps raw GIDs (flags included) to cell classes, caching per GID. Used by readTiledLayer and by
 * the Cocos/Laya adapters, which keep one alive to classify tiles the game places later.
 * @param {{ classOf?: Function, tileInfo?: (gid: number) => object, onCost?: (cls: number, cost: number) => void }} options
 */
export function createTileClassifier({ classOf, tileInfo, onCost } = {}) {
  if (classOf !== undefined && typeof classOf !== 'function') {
    throw new TypeError('classOf must be a function (gid, properties, tile) => class 0..255');
  }
  const info = tileInfo ?? ((gid) => ({ id: gid, tileset: null, properties: {}, type: '' }));
  const classes = new Map(); // masked gid -> class
  const costs = new Map(); // class -> cost (from the default convention)
  const costClass = new Map(); // cost -> class allocated for it
  const reserved = new Set([0, DEFAULT_TILE_CLASS]); // classes claimed by pathClass or a cost

  const record = (gid, cls, cost) => {
    if (cost !== undefined) {
      const known = costs.get(cls);
      if (known !== undefined && known !== cost) {
        throw new RangeError(
          `tile GID ${gid}: class ${cls} already has cost ${known}, this tile says ${cost}`,
        );
      }
      if (known === undefined) {
        costs.set(cls, cost);
        costClass.set(cost, cls);
        onCost?.(cls, cost);
      }
    }
    reserved.add(cls);
  };

  const allocate = (gid, cost) => {
    let cls = costClass.get(cost);
    if (cls !== undefined) return cls;
    for (cls = 2; cls < 256 && reserved.has(cls); cls++);
    if (cls === 256)
      throw new RangeError(`tile GID ${gid}: no class left for cost ${cost} (256 classes)`);
    record(gid, cls, cost);
    return cls;
  };

  const classify = (gid) => {
    const tile = { gid, ...info(gid) };
    if (classOf) {
      const cls = classOf(gid, tile.properties, tile);
      if (!Number.isInteger(cls) || cls < 0 || cls > 255) {
        throw new RangeError(
          `classOf(${gid}) returned ${String(cls)}; a class is an integer 0..255`,
        );
      }
      return cls;
    }
    const rule = conventionOf(gid, tile);
    if (rule.cls === undefined) return allocate(gid, rule.cost);
    if (rule.cost !== undefined) record(gid, rule.cls, rule.cost);
    else reserved.add(rule.cls);
    return rule.cls;
  };

  const emptyClass = () => {
    if (classOf) {
      const cls = classOf(0, {}, { gid: 0, id: -1, tileset: null, properties: {}, type: '' });
      if (!Number.isInteger(cls) || cls < 0 || cls > 255) {
        throw new RangeError(`classOf(0) returned ${String(cls)}; a class is an integer 0..255`);
      }
      return cls;
    }
    return 0;
  };

  return {
    /** Class of a raw GID (flip bits are ignored). */
    classOf(rawGid) {
      const gid = (rawGid & GID_MASK) >>> 0;
      let cls = classes.get(gid);
      if (cls === undefined) {
        cls = gid === 0 ? emptyClass() : classify(gid);
        classes.set(gid, cls);
      }
      return cls;
    },
    /**
     * Classify the distinct GIDs of a layer up front so that cost classes are numbered by
     * ascending cost, whatever the order the tiles appear in.
     */
    prepare(gids) {
      const distinct = [...new Set(Array.from(gids, (g) => (g & GID_MASK) >>> 0))].sort(
        (p, q) => p - q,
      );
      if (!classOf) {
        // Explicit classes first, so allocated cost classes avoid them.
        const costOnly = [];
        for (const gid of distinct) {
          if (gid === 0) continue;
          const rule = conventionOf(gid, { gid, ...info(gid) });
          if (rule.cls === undefined) costOnly.push([gid, rule.cost]);
          else this.classOf(gid);
        }
        costOnly.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
        for (const [gid] of costOnly) this.classOf(gid);
      }
      for (const gid of distinct) this.classOf(gid);
    },
    /** Costs the tile properties gave, { [class]: cost }: the shape PathWorker.create takes. */
    get costs() {
      return Object.fromEntries(costs);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The public reader

function findLayer(model, wanted) {
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
      'options.layer must be a layer name (or "Group/Layer" path) or a tile layer index',
    );
  }
  // "Group/Layer" names a layer by its path, "/Layer" a top-level one; a plain name matches at any depth.
  const path = wanted.startsWith('/') ? wanted.slice(1) : wanted;
  const matches = wanted.includes('/')
    ? model.layers.filter((l) => l.path === path)
    : model.layers.filter((l) => l.name === wanted);
  const shown = (l) => JSON.stringify(l.path.includes('/') ? l.path : `/${l.path}`);
  const names = model.layers
    .filter((l) => l.kind === 'tilelayer')
    .map((l) => JSON.stringify(l.path));
  if (matches.length === 0) {
    throw new RangeError(
      `no layer named ${JSON.stringify(wanted)}; tile layers: ${names.join(', ') || 'none'}`,
    );
  }
  if (matches.length > 1) {
    throw new RangeError(
      `${matches.length} layers are named ${JSON.stringify(wanted)}: name one by its path (${matches.map(shown).join(', ')})`,
    );
  }
  const layer = matches[0];
  if (layer.kind !== 'tilelayer') {
    throw new TypeError(`layer ${JSON.stringify(wanted)} is a ${layer.kind}, not a tile layer`);
  }
  return layer;
}

function positiveInt(value, what) {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`${what} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/** Reads the GIDs of a layer: { width, height, offsetX, offsetY, gids }. */
function layerGids(layer) {
  const where = `layer ${JSON.stringify(layer.path)}`;
  if (!layer.chunks) {
    const width = positiveInt(layer.width, `${where}: width`);
    const height = positiveInt(layer.height, `${where}: height`);
    return {
      width,
      height,
      offsetX: 0,
      offsetY: 0,
      gids: decodeBlock(layer.block, width * height, where),
    };
  }
  if (layer.chunks.length === 0) throw new RangeError(`${where}: infinite layer has no chunks`);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of layer.chunks) {
    if (![c.x, c.y].every(Number.isInteger)) {
      throw new TypeError(`${where}: chunk at ${c.x},${c.y} has a non-integer position`);
    }
    positiveInt(c.width, `${where}: chunk ${c.x},${c.y} width`);
    positiveInt(c.height, `${where}: chunk ${c.x},${c.y} height`);
    minX = Math.min(minX, c.x);
    minY = Math.min(minY, c.y);
    maxX = Math.max(maxX, c.x + c.width);
    maxY = Math.max(maxY, c.y + c.height);
  }
  const width = maxX - minX;
  const height = maxY - minY;
  const gids = new Uint32Array(width * height);
  for (const c of layer.chunks) {
    const chunk = decodeBlock(c, c.width * c.height, `${where}, chunk at ${c.x},${c.y}`);
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
 * Reads one tile layer of a Tiled map into a tilepath grid. See tiled.d.ts for the options and
 * the tile property convention.
 */
export function readTiledLayer(map, options) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(
      'readTiledLayer(map, { layer, classOf?, tilesets? }): options are required',
    );
  }
  const { layer: wanted, classOf, tilesets = {} } = options;
  for (const key of Object.keys(options)) {
    if (!['layer', 'classOf', 'tilesets'].includes(key)) {
      throw new TypeError(`readTiledLayer: unknown option ${JSON.stringify(key)}`);
    }
  }
  if (tilesets === null || typeof tilesets !== 'object') {
    throw new TypeError('options.tilesets must be an object: { "walls.tsx": contents }');
  }
  const model = parseMap(map);
  const layer = findLayer(model, wanted);
  const { width, height, offsetX, offsetY, gids } = layerGids(layer);
  const classifier = createTileClassifier({
    classOf,
    tileInfo: createTileLookup(model.tilesets, tilesets),
  });
  classifier.prepare(gids);
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < gids.length; i++) cells[i] = classifier.classOf(gids[i]);
  return {
    width,
    height,
    cells,
    costs: classifier.costs,
    offsetX,
    offsetY,
    orientation: model.orientation,
    tileWidth: model.tileWidth,
    tileHeight: model.tileHeight,
    gids,
  };
}

/** Applies the costs readTiledLayer found (class -> cost) to a Grid or a PathWorker. */
export function applyCosts(target, costs) {
  if (!target || typeof target.setCost !== 'function') {
    throw new TypeError(
      'applyCosts(target, costs): target must have setCost (a Grid or a PathWorker)',
    );
  }
  const entries = costs instanceof Map ? costs.entries() : Object.entries(costs ?? {});
  for (const [cls, cost] of entries) target.setCost(Number(cls), cost);
  return target;
}

/** The tile lookup of a parsed map, for adapters that classify tiles later (Laya with its JSON). */
export function tileInfoOfMap(map, tilesets = {}) {
  return createTileLookup(parseMap(map).tilesets, tilesets);
}
