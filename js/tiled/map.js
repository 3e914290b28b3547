// A map as the caller gives it (parsed JSON, .tmj/.json/.tmx text or bytes) into the model, and
// an external tileset as given (parsed .tsj, its text, or .tsx text) into a tileset.

import { jsonMapModel, parseJsonText } from './json-map.js';
import { jsonTileset } from './tilesets.js';
import { tmxMapModel, tsxTileset } from './tmx-map.js';

export function parseMap(map) {
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
    if (text.startsWith('<')) return tmxMapModel(text);
    source = parseJsonText(text);
  }
  return jsonMapModel(source);
}

/** An external tileset given by the caller: parsed JSON, JSON text or TSX text. */
export function parseTilesetSource(value, source) {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('<')) return tsxTileset(text, source);
    return jsonTileset(parseJsonText(text, `tileset ${source}`), `tileset ${source}`);
  }
  if (value !== null && typeof value === 'object') return jsonTileset(value, `tileset ${source}`);
  throw new TypeError(`options.tilesets[${JSON.stringify(source)}] must be an object or a string`);
}
