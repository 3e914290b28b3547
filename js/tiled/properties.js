// Custom properties (JSON and XML) into { name: value } objects with Tiled's types applied. The
// objects have no prototype, so a property named __proto__ or constructor is just a name.

import { boolText, decimalText, integerText, shown } from './values.js';
import { childNamed, childrenNamed } from './elements.js';

/** A property as written in TMX (text) into its typed value. */
function xmlValue(type, text, what) {
  switch (type) {
    case 'int':
    case 'object':
      return integerText(text, what);
    case 'float':
      return decimalText(text, what);
    case 'bool':
      return boolText(text, what);
    default:
      return text;
  }
}

/** A property as written in Tiled JSON: already typed; checked so NaN or "TRUE" cannot slip in. */
function jsonValue(type, value, what) {
  switch (type) {
    case 'int':
    case 'object':
      if (!Number.isSafeInteger(value))
        throw new TypeError(`${what} must be an integer, got ${shown(value)}`);
      return value;
    case 'float':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new TypeError(`${what} must be a finite number, got ${shown(value)}`);
      }
      return value;
    case 'bool':
      if (typeof value !== 'boolean')
        throw new TypeError(`${what} must be true or false, got ${shown(value)}`);
      return value;
    default:
      return value;
  }
}

const plainCopy = (object) => Object.assign(Object.create(null), object);

/** JSON `properties` (a list of { name, type, value }, or Tiled < 1.2's { name: value }). */
export function jsonProperties(list, where) {
  const out = Object.create(null);
  if (!list) return out;
  if (Array.isArray(list)) {
    for (const p of list) {
      const what = `${where}: property ${shown(p?.name)}`;
      if (p === null || typeof p !== 'object' || typeof p.name !== 'string') {
        throw new TypeError(`${where}: a property must be { name, type, value }`);
      }
      out[p.name] =
        p.type === 'class' && p.value && typeof p.value === 'object'
          ? plainCopy(p.value)
          : jsonValue(p.type, p.value, what);
    }
  } else if (typeof list === 'object') {
    // Tiled before 1.2 wrote { name: value } (plus a separate types object, already typed values).
    Object.assign(out, list);
  }
  return out;
}

/** The <properties> of a TMX element. Class properties nest (bounded by the XML depth limit). */
export function xmlProperties(element, where) {
  const out = Object.create(null);
  const holder = element && childNamed(element, 'properties');
  if (!holder) return out;
  for (const p of childrenNamed(holder, 'property')) {
    const { name, type } = p.attributes;
    const what = `${where}: property ${JSON.stringify(name)}`;
    if (name === undefined) throw new TypeError(`${where}: a <property> has no name`);
    if (type === 'class') out[name] = xmlProperties(p, what);
    else out[name] = xmlValue(type, p.attributes.value ?? p.text, what);
  }
  return out;
}
