// What flowField and reachable return, in-thread and through a PathWorker alike: the arrays the
// core filled, and the walks along them (next step, whole route), done in JS so that a unit asks
// them without a call into wasm or a message to a worker.
import { FIELD_STEPS, LINK_STEP } from '../../dist/contract.mjs';
import { checkCoordinates } from './checks.js';

/**
 * [dx, dy] of each direction code (y down); code 0, [0, 0], is no step: a goal, the range's
 * start, or a cell not reached. Codes 1 to 8 run clockwise from east: east, down-right, down,
 * down-left, west, up-left, up, up-right. Codes 9 to 12 are staggered maps' diagonal steps that
 * skip a row or column: [0, 2], [0, -2], [2, 0], [-2, 0]. On grids with links, code LINK_STEP
 * (13) is a link's step: the field's `linkTo` (the range's `linkFrom`) holds the cell it leads to.
 * @type {readonly (readonly [number, number])[]}
 */
export const DIRECTIONS = Object.freeze([
  Object.freeze(/** @type {[number, number]} */ ([0, 0])),
  ...FIELD_STEPS.map(([dx, dy]) => Object.freeze(/** @type {[number, number]} */ ([dx, dy]))),
]);

/**
 * Follows direction codes from cell `i`; the cells as x, y pairs (an empty list when `i` was
 * not reached). `limit` guards against a loop, which a field never holds.
 * @param {Uint8Array} codes
 * @param {Float32Array} costs
 * @param {number} width
 * @param {number} i
 * @param {Int32Array | null} links the cell each link step leads to (null: no links)
 */
function walk(codes, costs, width, i, links) {
  if (costs[i] === Infinity) return new Int32Array(0);
  /** @type {number[]} */
  const cells = [];
  for (let limit = codes.length; limit >= 0; limit--) {
    const x = i % width;
    const y = (i - x) / width;
    cells.push(x, y);
    const code = codes[i];
    if (code === 0) return Int32Array.from(cells);
    if (code === LINK_STEP && links !== null) {
      i = links[i];
      continue;
    }
    const [dx, dy] = DIRECTIONS[code];
    i = (y + dy) * width + x + dx;
  }
  throw new Error('a field loops: the core broke its promise');
}

/** @typedef {import('../index.js').FlowField} FlowFieldApi */
/** @typedef {import('../index.js').MovementRange} MovementRangeApi */

/** @implements {FlowFieldApi} */
export class FlowField {
  /**
   * @param {number} width
   * @param {number} height
   * @param {Float32Array} costs
   * @param {Uint8Array} directions
   * @param {Int32Array | null} [linkTo] on grids with links: where each link step leads
   */
  constructor(width, height, costs, directions, linkTo = null) {
    this.width = width;
    this.height = height;
    this.costs = costs;
    this.directions = directions;
    this.linkTo = linkTo;
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  costAt(x, y) {
    checkCoordinates(this.width, this.height, x, y);
    return this.costs[y * this.width + x];
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  nextStep(x, y) {
    checkCoordinates(this.width, this.height, x, y);
    const code = this.directions[y * this.width + x];
    if (code === 0) return null;
    if (code === LINK_STEP && this.linkTo !== null) {
      const to = this.linkTo[y * this.width + x];
      return {
        x: to % this.width,
        y: Math.floor(to / this.width),
        link: /** @type {true} */ (true),
      };
    }
    const [dx, dy] = DIRECTIONS[code];
    return { x: x + dx, y: y + dy };
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  pathFrom(x, y) {
    checkCoordinates(this.width, this.height, x, y);
    return walk(this.directions, this.costs, this.width, y * this.width + x, this.linkTo);
  }
}

/** @implements {MovementRangeApi} */
export class MovementRange {
  /**
   * @param {number} width
   * @param {number} height
   * @param {number} startX
   * @param {number} startY
   * @param {Float32Array} costs
   * @param {Uint8Array} cameFrom
   * @param {Int32Array} cells
   * @param {Int32Array | null} [linkFrom] on grids with links: where each link step came from
   */
  constructor(width, height, startX, startY, costs, cameFrom, cells, linkFrom = null) {
    this.linkFrom = linkFrom;
    this.width = width;
    this.height = height;
    this.startX = startX;
    this.startY = startY;
    this.costs = costs;
    this.cameFrom = cameFrom;
    this.cells = cells;
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  costAt(x, y) {
    checkCoordinates(this.width, this.height, x, y);
    return this.costs[y * this.width + x];
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  pathTo(x, y) {
    checkCoordinates(this.width, this.height, x, y);
    const back = walk(this.cameFrom, this.costs, this.width, y * this.width + x, this.linkFrom);
    const path = new Int32Array(back.length);
    for (let k = 0; k < back.length; k += 2) {
      path[k] = back[back.length - 2 - k];
      path[k + 1] = back[back.length - 1 - k];
    }
    return path;
  }
}
