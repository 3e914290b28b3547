// Flow fields, movement ranges, canReach and repairPath through a PathWorker (or
// InThreadPathWorker). Each
// travels as a request of the update it was made in, so it sees exactly the edits made before
// it, is cancelled and replayed like findPath; its options snapshot carries `query` (which one),
// its options as the codes they were checked into (`codes`: the worker does not check them
// again), and, for a field, `goals` (for a repair, `path` and `fromIndex`). Both sides use this file: the client builds the request and turns
// the answer into a result, the worker answers it with the sync API's grid.

import { DIRECTIONS, FlowField, MovementRange } from '../core/fields.js';
import { isCellList, isResult } from './protocol.js';
import {
  checkCoordinates,
  codedOptions,
  describe,
  readFieldOptions,
  readGoals,
  readReachOptions,
  readRepairOptions,
} from '../core/checks.js';
import { readRepairPath } from '../core/repair.js';
import { answerCrowd, crowdRequest, crowdResult, isCrowdAnswer } from './crowd.js';
import { readPrepareOptions, readPrepareTargets } from '../core/prepare.js';

/** @typedef {'flowField' | 'reachable' | 'canReach' | 'repairPath' | 'abstractGraph' | 'crowd' | 'prepare' | 'save'} QueryKind */
/** @typedef {[number, number, number, number, Record<string, unknown>]} QueryRequest */

/**
 * Checks a query's arguments as the sync API does (options first, then cells) and returns the
 * request entry to enqueue, and the signal of its options.
 * @param {QueryKind} query
 * @param {number} width
 * @param {number} height
 * @param {unknown[]} args the method's arguments
 * @returns {{ request: QueryRequest, signal: import('../core/checks.js').SignalLike | null }}
 */
export function queryRequest(query, width, height, args) {
  if (query === 'crowd') return crowdRequest(args); // worker/crowd.js
  if (query === 'flowField') {
    const [goals, options] = args;
    const read = readFieldOptions(options);
    const flat = readGoals(goals, width, height);
    const snapshot = { query, goals: Array.from(flat), codes: read.codes };
    return { request: [flat[0], flat[1], flat[0], flat[1], snapshot], signal: read.signal ?? null };
  }
  if (query === 'reachable') {
    const [sx, sy, options] = args;
    const read = readFieldOptions(options);
    const [x, y] = checkCoordinates(width, height, sx, sy, 'startX', 'startY');
    return { request: [x, y, x, y, { query, codes: read.codes }], signal: read.signal ?? null };
  }
  if (query === 'repairPath') {
    const [path, fromIndex, options] = args;
    const read = readRepairOptions(options);
    const cells = readRepairPath(path, fromIndex, width, height);
    const from = 2 * /** @type {number} */ (fromIndex);
    const snapshot = { query, path: Array.from(cells), fromIndex, codes: read.codes };
    /** @type {QueryRequest} */
    const request = [
      cells[from],
      cells[from + 1],
      cells[cells.length - 2],
      cells[cells.length - 1],
      snapshot,
    ];
    return { request, signal: read.signal ?? null };
  }
  if (query === 'prepare') {
    // What to build travels; onProgress stays with the caller (progress messages reach it).
    const [what, options] = args;
    readPrepareTargets(what);
    const { signal } = readPrepareOptions(options);
    const { hpa, unitSizes, labels } = /** @type {Record<string, unknown>} */ (what);
    const snapshot = { query, what: JSON.parse(JSON.stringify({ hpa, unitSizes, labels })) };
    return { request: [0, 0, 0, 0, snapshot], signal: signal ?? null };
  }
  if (query === 'save') return { request: [0, 0, 0, 0, { query }], signal: null };
  if (query === 'abstractGraph') {
    const read = readReachOptions(args[0]);
    return { request: [0, 0, 0, 0, { query, codes: read.codes }], signal: read.signal ?? null };
  }
  const [sx, sy, gx, gy, options] = args;
  const read = readReachOptions(options);
  const [x0, y0] = checkCoordinates(width, height, sx, sy, 'startX', 'startY');
  const [x1, y1] = checkCoordinates(width, height, gx, gy, 'goalX', 'goalY');
  return { request: [x0, y0, x1, y1, { query, codes: read.codes }], signal: read.signal ?? null };
}

/**
 * The worker's side: answers a query request with the sync API's grid; the answer's arrays are
 * its own (to be transferred). Throws, as the grid does, on anything malformed.
 * @param {import('../index.js').Grid} grid
 * @param {ArrayLike<number>} ends sx, sy, gx, gy
 * @param {Record<string, unknown>} options
 */
export function answerQuery(grid, ends, options) {
  const { query, goals, codes, ...rest } = options;
  if (query === 'crowd') return answerCrowd(grid, rest);
  if (query === 'save') return { saved: grid.save() };
  // The options' codes, checked and encoded where the query was asked (queryRequest): taken as
  // they are (the core checks every code).
  const coded = codedOptions(/** @type {import('../core/checks.js').OptionCodes} */ (codes));
  if (query === 'flowField') {
    const field = grid.flowField(/** @type {ArrayLike<number>} */ (goals), coded);
    return { costs: field.costs, directions: field.directions };
  }
  if (query === 'reachable') {
    const range = grid.reachable(ends[0], ends[1], coded);
    return { costs: range.costs, cameFrom: range.cameFrom, cells: range.cells };
  }
  if (query === 'canReach')
    return { reachable: grid.canReach(ends[0], ends[1], ends[2], ends[3], coded) };
  if (query === 'abstractGraph') return grid.abstractGraph(coded);
  if (query === 'repairPath') {
    const { path, fromIndex } = rest;
    return grid.repairPath(
      /** @type {ArrayLike<number>} */ (path),
      /** @type {number} */ (fromIndex),
      coded,
    );
  }
  throw new TypeError(`unknown query ${describe(query)}`);
}

/** The keys of an answer whose arrays are transferred back. */
export const QUERY_ARRAYS = [
  'costs',
  'directions',
  'cameFrom',
  'cells',
  'nodes',
  'edges',
  'positions',
  'velocities',
  'saved',
];

// Per direction code (fields.js), its step; codes that are no direction are marked in NOT_A_STEP.
const STEP_X = new Int8Array(256);
const STEP_Y = new Int8Array(256);
const NOT_A_STEP = new Uint8Array(256).fill(1);
DIRECTIONS.forEach(([dx, dy], code) => {
  STEP_X[code] = dx;
  STEP_Y[code] = dy;
  NOT_A_STEP[code] = 0;
});
const LONGEST_STEP = Math.max(...DIRECTIONS.flat().map(Math.abs));

/**
 * Whether `costs` and `codes` are a field's: one cost per cell (a Float32Array, each >= 0 or
 * Infinity) and one direction code per cell (a Uint8Array), each a step that stays on the grid,
 * so that walking them (pathFrom, pathTo) never leaves it. This runs on the main thread over
 * every cell of every field: one branch-free pass, then the border, which alone can step off.
 * @param {unknown} costs
 * @param {unknown} codes
 * @param {number} width
 * @param {number} height
 */
function isField(costs, codes, width, height) {
  const count = width * height;
  if (!(costs instanceof Float32Array) || costs.length !== count) return false;
  if (!(codes instanceof Uint8Array) || codes.length !== count) return false;
  let bad = 0;
  for (let i = 0; i < count; i++) bad |= NOT_A_STEP[codes[i]] | (costs[i] >= 0 ? 0 : 1); // NaN too
  if (bad) return false;
  const stays = (x, y) => {
    const code = codes[y * width + x];
    // Unsigned: a step to -1 is as far off the grid as one to `width`.
    return (x + STEP_X[code]) >>> 0 < width && (y + STEP_Y[code]) >>> 0 < height;
  };
  const m = LONGEST_STEP;
  for (let y = 0; y < height; y++) {
    const wholeRow = y < m || y >= height - m;
    for (let x = 0; x < width; x++) {
      if (x === m && !wholeRow) x = Math.max(m, width - m); // past the row's inside
      if (!stays(x, y)) return false;
    }
  }
  return true;
}

const REPAIRS = new Set(['none', 'local', 'full']);

/**
 * Whether a reply is an answer to this query request on a `width` x `height` grid, every
 * array and code of it within what the sync API returns, as isResult checks a path's.
 * @param {{ options?: Record<string, unknown> | null }} request
 * @param {Record<string, any>} answer
 * @param {number} width
 * @param {number} height
 */
export function isQueryAnswer(request, answer, width, height) {
  const query = request.options?.query;
  const cellCount = width * height;
  if (query === 'canReach') return typeof answer.reachable === 'boolean';
  if (query === 'crowd') return isCrowdAnswer(answer);
  // (Its bytes are checked where they are loaded: loadGrid or create({ saved }).)
  if (query === 'save') return answer.saved instanceof Uint8Array;
  if (query === 'prepare') {
    return (
      Array.isArray(answer.built) &&
      answer.built.every((what) => typeof what === 'string') &&
      Number.isFinite(answer.ms) &&
      Array.isArray(answer.parts) &&
      answer.parts.every((part) => typeof part?.what === 'string' && Number.isFinite(part.ms))
    );
  }
  if (query === 'abstractGraph') {
    return (
      Number.isInteger(answer.clusterSize) &&
      answer.clusterSize >= 1 &&
      isCellList(answer.nodes, width, height) &&
      isCellList(answer.edges, width, height) &&
      answer.edges.length % 4 === 0
    );
  }
  if (query === 'repairPath')
    return isResult(answer, width, height) && REPAIRS.has(answer.repaired);
  if (query === 'flowField') return isField(answer.costs, answer.directions, width, height);
  const { costs, cameFrom, cells } = answer;
  if (!isField(costs, cameFrom, width, height)) return false;
  // The reached cells: on the grid, and no more of them than it has.
  return isCellList(cells, width, height, cellCount);
}

/**
 * The result a query's caller gets from its answer.
 * @param {QueryRequest} request
 * @param {any} answer checked by isQueryAnswer
 * @param {number} width
 * @param {number} height
 */
export function queryResult([sx, sy, , , options], answer, width, height) {
  if (options.query === 'canReach') return /** @type {boolean} */ (answer.reachable);
  if (options.query === 'crowd') return crowdResult(answer);
  if (options.query === 'save') return /** @type {Uint8Array} */ (answer.saved);
  if (options.query === 'prepare') {
    const { built, ms, parts } = answer;
    return { built, ms, parts };
  }
  if (options.query === 'repairPath') return answer; // a RepairResult, with workerMs
  if (options.query === 'abstractGraph') {
    const { clusterSize, nodes, edges } = answer;
    return { clusterSize, nodes, edges };
  }
  if (options.query === 'flowField')
    return new FlowField(width, height, answer.costs, answer.directions);
  return new MovementRange(width, height, sx, sy, answer.costs, answer.cameFrom, answer.cells);
}

/** Whether a request entry is one of these queries (not a path search). */
/** @param {{ options?: Record<string, unknown> | null } | undefined | null} request */
export const isQuery = (request) => typeof request?.options?.query === 'string';
