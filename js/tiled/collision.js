// Shapes drawn on tiles with Tiled's Collision Editor (an object layer inside a tileset's tile).
// The rule, the same as for object layers: a shape blocks the cells whose centre it covers. On a
// tile layer that is the tile's own cell (Tiled draws a tile larger than the map's tiles from the
// cell's bottom-left corner, upwards); on a tile object, every cell under the shapes as the object
// places, scales and rotates them. In a tileset where some tile has shapes, a tile without any is
// open: the designer drew the walls, everything else is floor.

import { paintObject, rotate } from './objects.js';
import { shown } from './values.js';

export const COLLISION_MODES = ['shapes', 'ignore'];

/** Checks `collision: 'shapes' | 'ignore'`. */
export function checkCollisionMode(value, where = 'options.collision') {
  if (value === undefined) return 'shapes';
  if (!COLLISION_MODES.includes(value)) {
    throw new TypeError(
      `${where} must be 'shapes' (a tile's collision shapes block the cells whose centre they ` +
        `cover) or 'ignore', got ${shown(value)}`,
    );
  }
  return value;
}

/**
 * What a tile's collision shapes say: 'blocks' (a shape covers the centre of the tile's cell),
 * 'open' (its tileset uses shapes, and none of this tile's covers the centre), or null (no shapes
 * in its tileset, or collision: 'ignore').
 */
export function shapeRole(tile, model, mode) {
  if (mode === 'ignore' || !tile.collisionShapes) return null;
  const { shapes, tileHeight } = tile.collisionShapes;
  const unitX = model.tileWidth;
  const unitY = model.tileHeight;
  if (shapes.length === 0 || !(unitX > 0 && unitY > 0)) return 'open';
  const imageHeight = tileHeight > 0 ? tileHeight : unitY;
  // One cell, placed in the tile image's pixels: its bottom-left corner is the image's.
  const cell = {
    width: 1,
    height: 1,
    offsetX: 0,
    offsetY: (imageHeight - unitY) / unitY,
    unitX,
    unitY,
    isometric: false,
  };
  let covered = false;
  for (const shape of shapes) {
    paintObject({ ...shape, gid: undefined }, cell, () => (covered = true), 'a collision shape');
    if (covered) return 'blocks';
  }
  return 'open';
}

const ELLIPSE_SIDES = 32;

/** A shape's outline in the tile image's pixels (its own rotation applied), and whether closed. */
function outline(shape) {
  const { width: w, height: h } = shape;
  let local;
  let closed = true;
  switch (shape.shape) {
    case 'polygon':
      local = shape.points;
      break;
    case 'polyline':
      [local, closed] = [shape.points, false];
      break;
    case 'point':
      [local, closed] = [[{ x: 0, y: 0 }], false];
      break;
    case 'ellipse':
      local = Array.from({ length: ELLIPSE_SIDES }, (_, i) => {
        const a = (2 * Math.PI * i) / ELLIPSE_SIDES;
        return { x: (w / 2) * (1 + Math.cos(a)), y: (h / 2) * (1 + Math.sin(a)) };
      });
      break;
    case 'text':
      return null;
    default:
      local = [
        { x: 0, y: 0 },
        { x: w, y: 0 },
        { x: w, y: h },
        { x: 0, y: h },
      ];
      closed = w > 0 && h > 0;
  }
  return { points: local.map((p) => rotate(shape, p.x, p.y)), closed };
}

/**
 * Paints the collision shapes of the tile of a tile object (orthogonal maps): each shape is
 * scaled from the tile's size to the object's, rotated with it about its bottom-left anchor.
 * Returns the cells painted.
 */
export function paintTileObjectShapes(object, collision, grid, paint, where) {
  const tileWidth = collision.tileWidth > 0 ? collision.tileWidth : grid.unitX;
  const tileHeight = collision.tileHeight > 0 ? collision.tileHeight : grid.unitY;
  const scaleX = (object.width || tileWidth) / tileWidth;
  const scaleY = (object.height || tileHeight) / tileHeight;
  let painted = 0;
  for (const shape of collision.shapes) {
    const line = outline(shape);
    if (!line) continue;
    const points = line.points.map((p) =>
      rotate(object, p.x * scaleX, (p.y - tileHeight) * scaleY),
    );
    const placed =
      points.length === 1
        ? { shape: 'point', x: points[0].x, y: points[0].y, rotation: 0 }
        : { shape: line.closed ? 'polygon' : 'polyline', x: 0, y: 0, rotation: 0, points };
    painted += paintObject(placed, grid, paint, where);
  }
  return painted;
}
