// TMX/TSX (Tiled's XML) into the map model of json-map.js.

import { xmlObject } from './map-objects.js';
import { mapShape } from './shape.js';
import { xmlTileset } from './tilesets.js';
import { decimalAttribute, integerAttribute } from './values.js';
import { childNamed, childrenNamed } from './elements.js';
import { parseXml } from './xml.js';

function xmlData(dataElement, infinite, where) {
  const { encoding, compression } = dataElement.attributes;
  const block = (element, at) => ({
    encoding,
    compression: compression || undefined,
    data: element.text,
    xmlTiles:
      encoding === undefined
        ? childrenNamed(element, 'tile').map((t) => integerAttribute(t, 'gid', `${at}, <tile>`, 0))
        : undefined,
  });
  const chunks = childrenNamed(dataElement, 'chunk');
  if (!infinite && chunks.length === 0) return { block: block(dataElement, where) };
  return {
    chunks: chunks.map((c, i) => {
      const at = `${where}, chunk ${i}`;
      const attribute = (name) => {
        const value = integerAttribute(c, name, at);
        if (value === undefined) throw new TypeError(`${at}: attribute ${name} is missing`);
        return value;
      };
      return {
        ...block(c, at),
        x: attribute('x'),
        y: attribute('y'),
        width: attribute('width'),
        height: attribute('height'),
      };
    }),
  };
}

/** The flat layer list, groups walked with an explicit stack (document order kept). */
function xmlLayers(mapElement, infinite) {
  const out = [];
  const stack = [{ element: mapElement, parent: '', next: 0, visible: true }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next >= frame.element.children.length) {
      stack.pop();
      continue;
    }
    const child = frame.element.children[frame.next++];
    const name = child.attributes.name ?? '';
    const path = frame.parent ? `${frame.parent}/${name}` : name;
    const where = `layer ${JSON.stringify(path)}`;
    const visible = frame.visible && child.attributes.visible !== '0';
    if (child.name === 'group') {
      out.push({ name, path, kind: 'group', visible });
      stack.push({ element: child, parent: path, next: 0, visible });
    } else if (child.name === 'layer') {
      const data = childNamed(child, 'data');
      out.push({
        name,
        path,
        visible,
        kind: 'tilelayer',
        width: integerAttribute(child, 'width', where),
        height: integerAttribute(child, 'height', where),
        ...(data ? xmlData(data, infinite, where) : { block: { data: undefined } }),
      });
    } else if (child.name === 'objectgroup') {
      const objects = childrenNamed(child, 'object').map((o) => xmlObject(o, where));
      out.push({ name, path, visible, kind: 'objectgroup', objects });
    } else if (child.name === 'imagelayer') {
      out.push({ name, path, visible, kind: 'imagelayer' });
    }
  }
  return out;
}

/** TMX text into the map model. */
export function tmxMapModel(text) {
  const map = childNamed(parseXml(text), 'map');
  if (!map) throw new TypeError('TMX: no <map> element');
  const infiniteText = map.attributes.infinite;
  if (infiniteText !== undefined && infiniteText !== '0' && infiniteText !== '1') {
    throw new TypeError(
      `TMX: <map> attribute infinite must be 0 or 1, got ${JSON.stringify(infiniteText)}`,
    );
  }
  const infinite = infiniteText === '1';
  return {
    ...mapShape(
      map.attributes,
      integerAttribute(map, 'hexsidelength', 'TMX <map>'),
      (n) => `TMX <map>: attribute ${n}`,
    ),
    width: integerAttribute(map, 'width', 'TMX <map>'),
    height: integerAttribute(map, 'height', 'TMX <map>'),
    tileWidth: decimalAttribute(map, 'tilewidth', 'TMX <map>'),
    tileHeight: decimalAttribute(map, 'tileheight', 'TMX <map>'),
    infinite,
    tilesets: childrenNamed(map, 'tileset').map((ts, i) => ({
      firstgid: integerAttribute(ts, 'firstgid', `TMX <tileset> ${i}`),
      source: ts.attributes.source,
      data: ts.attributes.source === undefined ? xmlTileset(ts) : undefined,
    })),
    layers: xmlLayers(map, infinite),
  };
}

/** TSX text (an external tileset) into the tileset model. */
export function tsxTileset(text, source) {
  // The XML reader's errors speak of TMX: say which tileset it was, or the map gets the blame.
  const where = `options.tilesets[${JSON.stringify(source)}] (TSX)`;
  let document;
  try {
    document = parseXml(text);
  } catch (error) {
    const Type = error instanceof RangeError ? RangeError : TypeError;
    throw new Type(`${where}: ${String(error.message).replace(/^TMX: /, '')}`, { cause: error });
  }
  const tileset = childNamed(document, 'tileset');
  if (!tileset) throw new TypeError(`${where}: no <tileset> element`);
  return xmlTileset(tileset);
}
