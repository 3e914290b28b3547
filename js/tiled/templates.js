// Object templates (.tx XML, .tj JSON): an object placed from a template takes the template's
// fields, and its own win (position, size, name, shape, tile, each property by name), as in Tiled.

import { childNamed } from './elements.js';
import { parseJsonText } from './json-map.js';
import { jsonObject, xmlObject } from './map-objects.js';
import { createTileLookup, baseName, jsonTileset, xmlTileset } from './tilesets.js';
import { integerAttribute, requiredInteger } from './values.js';
import { parseXml } from './xml.js';

/** A template as given (.tx text, .tj text or parsed object) into { object, tilesets }. */
export function parseTemplate(value, key) {
  const where = `options.templates[${JSON.stringify(key)}]`;
  if (typeof value === 'string' && value.trim().startsWith('<')) {
    let document;
    try {
      document = parseXml(value);
    } catch (error) {
      const Type = error instanceof RangeError ? RangeError : TypeError;
      throw new Type(`${where} (TX): ${String(error.message).replace(/^TMX: /, '')}`, {
        cause: error,
      });
    }
    const template = childNamed(document, 'template');
    const object = template && childNamed(template, 'object');
    if (!object) throw new TypeError(`${where}: no <template> with an <object> in it`);
    const tileset = childNamed(template, 'tileset');
    return {
      object: xmlObject(object, where),
      tilesets: tileset
        ? [
            {
              firstgid: integerAttribute(tileset, 'firstgid', `${where}, <tileset>`),
              source: tileset.attributes.source,
              data: tileset.attributes.source === undefined ? xmlTileset(tileset) : undefined,
            },
          ]
        : [],
    };
  }
  const json = typeof value === 'string' ? parseJsonText(value, where) : value;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new TypeError(`${where} must be the text of a .tx/.tj file or a parsed .tj object`);
  }
  if (json.object === null || typeof json.object !== 'object') {
    throw new TypeError(`${where}: a template has an "object"`);
  }
  const ts = json.tileset;
  if (ts !== undefined && (ts === null || typeof ts !== 'object')) {
    throw new TypeError(`${where}: tileset must be { firstgid, source }`);
  }
  return {
    object: jsonObject(json.object, where),
    tilesets: ts
      ? [
          {
            firstgid: requiredInteger(ts.firstgid, `${where}: tileset firstgid`),
            source: ts.source,
            data: ts.source === undefined ? jsonTileset(ts, `${where}: tileset`) : undefined,
          },
        ]
      : [],
  };
}

const FIELDS = ['name', 'x', 'y', 'width', 'height', 'rotation'];

/**
 * Templates read from `given` (keyed by the name the map writes or its file name), each parsed
 * once; `resolve(object, what)` gives the object with its template applied and the tile lookup
 * its gid belongs to (the template's own tileset when the gid comes from the template).
 */
export function createTemplates(given, tilesets, parseTilesetSource) {
  const parsed = new Map();
  const templateOf = (source, what) => {
    const key = [source, baseName(source)].find((k) => Object.hasOwn(given, k));
    if (key === undefined) {
      throw new TypeError(
        `${what} uses the template ${JSON.stringify(source)}: pass its contents as ` +
          `options.templates[${JSON.stringify(baseName(source))}] (the text of the .tx/.tj), ` +
          'or load the map with loadTiledMap, which reads templates itself',
      );
    }
    let hit = parsed.get(key);
    if (!hit) {
      const template = parseTemplate(given[key], key);
      hit = {
        object: template.object,
        lookup: createTileLookup(template.tilesets, tilesets, parseTilesetSource),
      };
      parsed.set(key, hit);
    }
    return hit;
  };
  return function resolve(object, what) {
    if (object.template === undefined) return { object, fromTemplate: false };
    const { object: base, lookup } = templateOf(object.template, what);
    const merged = { ...base, id: object.id, template: undefined };
    for (const field of FIELDS) if (object.own.has(field)) merged[field] = object[field];
    if (object.own.has('shape')) [merged.shape, merged.points] = [object.shape, object.points];
    if (object.own.has('gid')) merged.gid = object.gid;
    merged.properties = Object.assign(Object.create(null), base.properties, object.properties);
    const fromTemplate = !object.own.has('gid') && base.gid !== undefined;
    return { object: merged, fromTemplate, lookup };
  };
}
