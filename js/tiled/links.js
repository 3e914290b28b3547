// Links drawn in Tiled (docs/links.md): on an object layer, a polyline with the property
// `link = true` joins the cells under its first and last points; two point objects with
// `link = true` and the same name join the cells under them. `cost` (default 1) and `oneWay`
// (default false) are properties of the object (of the first point of a pair). Pixel positions
// become cells as coords.js places tiles (isometric maps: Tiled's object units along the axes).

import { tileSpaceForLayer } from './coords.js';
import { shown } from './values.js';

/** Whether a map object is a link (its property `link` is true). */
export const isLink = (object) => object.properties?.link === true;

/**
 * The cell under a point of an object, in map pixels (object units on isometric maps), or a
 * RangeError naming the object when it lies outside the grid.
 */
function cellOf(space, grid, x, y, what) {
  let cx;
  let cy;
  if (grid.isometric) {
    cx = Math.floor(x / grid.tileHeight) - grid.offsetX;
    cy = Math.floor(y / grid.tileHeight) - grid.offsetY;
  } else {
    ({ x: cx, y: cy } = space.worldToCell(x, y));
  }
  if (!(cx >= 0 && cy >= 0 && cx < grid.width && cy < grid.height)) {
    throw new RangeError(`${what}: the link's end at pixel (${x}, ${y}) lies outside the grid`);
  }
  return [cx, cy];
}

/**
 * The links of an object layer's link objects, as addLink's arguments.
 * @param {any[]} objects resolved map objects (templates applied) with `link = true`
 * @param {any} grid the grid read so far: width, height, offsetX, offsetY, the shape and tile size
 * @param {string} where names the layer in errors
 */
export function linksOf(objects, grid, where) {
  const space = grid.isometric ? null : tileSpaceForLayer(grid);
  const links = [];
  const points = new Map(); // name -> the first point object of a pair
  for (const object of objects) {
    const what = `${where}, object ${object.id}${object.name ? ` (${JSON.stringify(object.name)})` : ''}`;
    const { cost = 1, oneWay = false } = object.properties;
    if (typeof cost !== 'number' || !(cost >= 0) || !Number.isFinite(cost)) {
      throw new RangeError(
        `${what}: property cost of a link must be a finite number >= 0, got ${shown(cost)}`,
      );
    }
    if (typeof oneWay !== 'boolean') {
      throw new TypeError(`${what}: property oneWay must be a bool, got ${shown(oneWay)}`);
    }
    let a;
    let b;
    if (object.shape === 'polyline' && object.points?.length >= 2) {
      const first = object.points[0];
      const last = object.points[object.points.length - 1];
      a = cellOf(space, grid, object.x + first.x, object.y + first.y, what);
      b = cellOf(space, grid, object.x + last.x, object.y + last.y, what);
    } else if (object.shape === 'point') {
      const other = points.get(object.name);
      if (!object.name)
        throw new TypeError(`${what}: a link point needs a name, shared with its other end`);
      if (!other) {
        points.set(object.name, { object, what });
        continue;
      }
      points.delete(object.name);
      a = cellOf(space, grid, other.object.x, other.object.y, other.what);
      b = cellOf(space, grid, object.x, object.y, what);
      const first = other.object.properties;
      links.push({
        ax: a[0],
        ay: a[1],
        bx: b[0],
        by: b[1],
        cost: first.cost ?? cost,
        oneWay: first.oneWay ?? oneWay,
      });
      continue;
    } else {
      throw new TypeError(
        `${what}: a link must be a polyline (its first and last points) or a named point, got a ${object.shape}`,
      );
    }
    links.push({ ax: a[0], ay: a[1], bx: b[0], by: b[1], cost, oneWay });
  }
  for (const { what } of points.values()) {
    throw new RangeError(`${what}: a link point has no other point of its name on the layer`);
  }
  return links;
}
