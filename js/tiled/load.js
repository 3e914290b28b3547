// loadTiledMap: a map read from a path (Node) or a URL (browser, worker, Node) with every
// external tileset and object template it names, each resolved relative to the file naming it,
// as Tiled does (a "../" path is followed, like in Tiled). Then readTiledMap or readTiledLayer.

import { parseMap } from './map.js';
import { parseTemplate } from './templates.js';
import { readTiledLayer, readTiledMap } from './read.js';
import { shown } from './values.js';

/** At most this many files (map, tilesets, templates) read for one map. */
export const MAX_LOADED_FILES = 1000;

const host = /** @type {any} */ (globalThis);
const inNode = typeof host.process?.versions?.node === 'string';

/** A Node built-in, without a static import that would break browser bundles. */
async function nodeModule(name) {
  if (typeof host.process?.getBuiltinModule === 'function')
    return host.process.getBuiltinModule(name);
  const specifier = name;
  return import(/* @vite-ignore */ /* webpackIgnore: true */ specifier);
}

/** The map's URL: a URL as given, or a path (relative to the working folder in Node). */
async function mapUrl(source) {
  if (source instanceof URL) return source;
  if (typeof source?.href === 'string') return new URL(source.href); // a URL from another realm
  if (typeof source !== 'string' || source === '') {
    throw new TypeError(`loadTiledMap: source must be a path or a URL, got ${shown(source)}`);
  }
  // A scheme of two letters or more ("C:\maps" is a Windows path, not a URL).
  if (/^[a-z][a-z0-9+.-]+:/i.test(source)) return new URL(source);
  if (inNode) {
    const { pathToFileURL } = await nodeModule('node:url');
    return pathToFileURL(source);
  }
  const base = host.location?.href;
  if (!base) {
    throw new TypeError(
      `loadTiledMap: ${JSON.stringify(source)} is relative and there is no page to resolve it against: pass a URL`,
    );
  }
  return new URL(source, base);
}

/** Reads one file: fs for file: URLs in Node, fetch for the rest. */
async function defaultRead(url) {
  if (url.protocol === 'file:' && inNode) {
    const { readFile } = await nodeModule('node:fs/promises');
    return readFile(url);
  }
  if (typeof host.fetch !== 'function') {
    throw new TypeError('this host has no fetch: pass options.read(url) that returns the file');
  }
  const response = await host.fetch(url.href);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  return response.arrayBuffer();
}

const asText = (value) => {
  if (typeof value === 'string') return value;
  if (value instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(value));
  if (ArrayBuffer.isView(value)) {
    return new TextDecoder().decode(
      new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
    );
  }
  throw new TypeError(`options.read returned ${shown(value)}: expected text or bytes`);
};

/**
 * Reads a Tiled map and what it names, then reads it with readTiledMap (options.layers) or
 * readTiledLayer (options.layer). See tiled.d.ts (LoadTiledMapOptions).
 */
export async function loadTiledMap(source, options) {
  if (options === null || typeof options !== 'object') {
    throw new TypeError('loadTiledMap(source, { layers }): options are required');
  }
  const { read = defaultRead, ...rest } = options;
  if (typeof read !== 'function') {
    throw new TypeError(
      `options.read must be a function (url) => text or bytes, got ${shown(read)}`,
    );
  }
  const root = await mapUrl(source);
  const files = new Map(); // href -> text
  const load = async (url, what) => {
    const known = files.get(url.href);
    if (known !== undefined) return known;
    if (files.size >= MAX_LOADED_FILES) {
      throw new RangeError(
        `loadTiledMap: ${root.href} names more than ${MAX_LOADED_FILES} files (tilesets and templates)`,
      );
    }
    let text;
    try {
      text = asText(await read(url));
    } catch (error) {
      throw new Error(
        `loadTiledMap: cannot read ${what} at ${url.href}: ${error?.message ?? error}`,
        {
          cause: error,
        },
      );
    }
    files.set(url.href, text);
    return text;
  };
  const mapText = await load(root, 'the map');
  const model = parseMap(mapText);
  // Tilesets keyed as the file naming them writes them (readTiledMap looks them up so).
  const tilesets = { ...(rest.tilesets ?? {}) };
  const origin = new Map(); // key -> href, to catch one name meaning two files
  const addTileset = async (sourceName, base, owner) => {
    if (typeof sourceName !== 'string' || sourceName === '') {
      throw new TypeError(
        `${owner}: a tileset source must be a file name, got ${shown(sourceName)}`,
      );
    }
    const url = new URL(sourceName, base);
    if (url.href === root.href) {
      throw new RangeError(
        `${owner} names the map itself as its tileset ${JSON.stringify(sourceName)}: a cycle`,
      );
    }
    const seen = origin.get(sourceName);
    if (seen !== undefined && seen !== url.href) {
      throw new RangeError(
        `the tileset name ${JSON.stringify(sourceName)} means ${seen} in one file and ${url.href} in ${owner}: rename one`,
      );
    }
    origin.set(sourceName, url.href);
    if (Object.hasOwn(rest.tilesets ?? {}, sourceName)) return;
    tilesets[sourceName] = await load(
      url,
      `the tileset ${JSON.stringify(sourceName)} named by ${owner}`,
    );
  };
  for (const ts of model.tilesets) {
    if (ts.source !== undefined) await addTileset(ts.source, root, 'the map');
  }
  const templates = { ...(rest.templates ?? {}) };
  for (const layer of model.layers) {
    if (layer.kind !== 'objectgroup') continue;
    for (const object of layer.objects) {
      const name = object.template;
      if (name === undefined || Object.hasOwn(templates, name)) continue;
      const url = new URL(name, root);
      const what = `the template ${JSON.stringify(name)} (object ${object.id} of layer ${JSON.stringify(layer.path)})`;
      if (url.href === root.href) throw new RangeError(`${what} is the map itself: a cycle`);
      const text = await load(url, what);
      const template = parseTemplate(text, name);
      if (template.object.template !== undefined) {
        const inner = new URL(template.object.template, url).href;
        throw new RangeError(
          `${what} places its object from the template ${JSON.stringify(template.object.template)}` +
            `${inner === url.href ? ' (itself: a cycle)' : ''}: Tiled templates do not nest`,
        );
      }
      for (const ts of template.tilesets) {
        if (ts.source !== undefined)
          await addTileset(ts.source, url, `the template ${JSON.stringify(name)}`);
      }
      templates[name] = text;
    }
  }
  const { layer, layers, ...others } = rest;
  if (layers !== undefined) {
    return readTiledMap(mapText, { ...others, layers, tilesets, templates });
  }
  if (layer !== undefined) {
    const { collision, tiles, classOf } = others;
    return readTiledLayer(mapText, { layer, tiles, classOf, collision, tilesets });
  }
  const names = model.layers
    .filter((l) => l.kind === 'tilelayer' || l.kind === 'objectgroup')
    .map((l) => JSON.stringify(l.path));
  throw new TypeError(
    `loadTiledMap: say which layers to read with options.layers (or options.layer); ` +
      `this map's tile and object layers: ${names.join(', ') || 'none'}`,
  );
}
