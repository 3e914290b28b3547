// Map objects (JSON and XML) into one model: { id, name, shape, x, y, width, height, rotation,
// points, gid, template, properties, own }. `own` names the fields the object itself sets, so an
// object template (.tx/.tj) can supply the others (templates.js). Used by object layers, by
// templates and by the collision shapes of tiles (tilesets.js).

import { jsonProperties, xmlProperties } from './properties.js';
import { childNamed } from './elements.js';
import { decimalAttribute, decimalText, integerAttribute, integerText } from './values.js';
import { jsonInteger, jsonNumber } from './values.js';

const NUMBERS = ['x', 'y', 'width', 'height', 'rotation'];

export function jsonObject(o, where) {
  if (o === null || typeof o !== 'object' || Array.isArray(o))
    throw new TypeError(`${where}: an object must be an object`);
  const id = jsonInteger(o.id, `${where}: object id`, 0);
  const at = `${where}, object ${id}`;
  const number = (key, fallback) => jsonNumber(o[key], `${at}: ${key}`, fallback);
  const points = (list, key) => {
    if (!Array.isArray(list)) throw new TypeError(`${at}: ${key} must be an array of { x, y }`);
    return list.map((p, i) => ({
      x: jsonNumber(p?.x, `${at}: ${key}[${i}].x`),
      y: jsonNumber(p?.y, `${at}: ${key}[${i}].y`),
    }));
  };
  let shape = 'rectangle';
  let list;
  if (o.polygon !== undefined) [shape, list] = ['polygon', points(o.polygon, 'polygon')];
  else if (o.polyline !== undefined) [shape, list] = ['polyline', points(o.polyline, 'polyline')];
  else if (o.ellipse === true) shape = 'ellipse';
  else if (o.point === true) shape = 'point';
  else if (o.text !== undefined) shape = 'text';
  const own = new Set(NUMBERS.filter((k) => o[k] !== undefined));
  if (typeof o.name === 'string') own.add('name');
  if (shape !== 'rectangle') own.add('shape');
  if (o.gid !== undefined) own.add('gid');
  if (o.template !== undefined && typeof o.template !== 'string') {
    throw new TypeError(`${at}: template must be a file name, got ${typeof o.template}`);
  }
  return {
    id,
    name: typeof o.name === 'string' ? o.name : '',
    shape,
    x: number('x', 0),
    y: number('y', 0),
    width: number('width', 0),
    height: number('height', 0),
    rotation: number('rotation', 0),
    points: list,
    gid: o.gid === undefined || o.gid === 0 ? undefined : jsonInteger(o.gid, `${at}: gid`),
    template: o.template,
    properties: jsonProperties(o.properties, at),
    own,
  };
}

function xmlPoints(text, what) {
  if (typeof text !== 'string') throw new TypeError(`${what}: points is missing`);
  return text
    .trim()
    .split(/\s+/)
    .map((pair, i) => {
      const [x, y, extra] = pair.split(',');
      if (y === undefined || extra !== undefined) {
        throw new TypeError(`${what}: point ${i} must be "x,y", got ${JSON.stringify(pair)}`);
      }
      return {
        x: decimalText(x, `${what}: point ${i} x`),
        y: decimalText(y, `${what}: point ${i} y`),
      };
    });
}

export function xmlObject(element, where) {
  const id = integerAttribute(element, 'id', `${where}, <object>`, 0);
  const at = `${where}, object ${id}`;
  const number = (key) => decimalAttribute(element, key, at, 0);
  let shape = 'rectangle';
  let points;
  const polygon = childNamed(element, 'polygon');
  const polyline = childNamed(element, 'polyline');
  if (polygon)
    [shape, points] = ['polygon', xmlPoints(polygon.attributes.points, `${at}: polygon`)];
  else if (polyline)
    [shape, points] = ['polyline', xmlPoints(polyline.attributes.points, `${at}: polyline`)];
  else if (childNamed(element, 'ellipse')) shape = 'ellipse';
  else if (childNamed(element, 'point')) shape = 'point';
  else if (childNamed(element, 'text')) shape = 'text';
  const { attributes } = element;
  const own = new Set(NUMBERS.filter((k) => attributes[k] !== undefined));
  if (attributes.name !== undefined) own.add('name');
  if (shape !== 'rectangle') own.add('shape');
  if (attributes.gid !== undefined) own.add('gid');
  const gid = attributes.gid;
  return {
    id,
    name: attributes.name ?? '',
    shape,
    x: number('x'),
    y: number('y'),
    width: number('width'),
    height: number('height'),
    rotation: number('rotation'),
    points,
    gid: gid === undefined || gid === '0' ? undefined : integerText(gid, `${at}: attribute gid`),
    template: attributes.template,
    properties: xmlProperties(element, at),
    own,
  };
}
