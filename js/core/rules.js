// Entry rules and links (cpp/include/tilepath/movement_rules.hpp): their arguments checked the
// same way in-thread and in the worker client, and the list of links a grid keeps on the JS
// side (grid.links() answers from it without a call into wasm or a message to a worker).
import { SHAPES } from '../../dist/contract.mjs';
import { checkClass, checkCoordinates, checkInteger, describe, refuseMisspelt } from './checks.js';
import { shapeDirections } from './shape.js';

/**
 * The direction names entry rules take on a grid of this shape, by the core's step number.
 * @param {import('../index.js').GridShape} shape
 * @returns {readonly string[]}
 */
export function entryDirections(shape) {
  return shapeDirections(shape) ?? SHAPES.directions.square;
}

/**
 * setEntry's arguments, checked: the class, and the directions as one comma-separated list of
 * names (null: any direction).
 * @param {unknown} cls
 * @param {unknown} directions an array of names, one "right,down" string, or null
 * @param {import('../index.js').GridShape} shape
 * @returns {{ cls: number, names: string | null }}
 */
export function readEntry(cls, directions, shape) {
  checkClass(cls);
  if (directions === null) return { cls: /** @type {number} */ (cls), names: null };
  const list =
    typeof directions === 'string'
      ? directions.split(',').map((d) => d.trim())
      : Array.isArray(directions)
        ? directions
        : null;
  if (list === null || list.length === 0) {
    throw new TypeError(
      `directions must be an array of direction names, a "right,down" string, or null (any), got ${describe(directions)}`,
    );
  }
  const valid = entryDirections(shape);
  for (const name of list) {
    if (typeof name !== 'string' || !valid.includes(name)) {
      const error = typeof name === 'string' ? RangeError : TypeError;
      throw new error(
        `entry direction ${typeof name === 'string' ? `'${name}'` : describe(name)} is not one of ${shape.orientation} grids' directions: ${valid.map((d) => `'${d}'`).join(', ')}`,
      );
    }
  }
  return { cls: /** @type {number} */ (cls), names: [...new Set(list)].join(',') };
}

const LINK_OPTIONS = ['cost', 'oneWay', 'id'];

/**
 * @typedef {{ id: number, ax: number, ay: number, bx: number, by: number, cost: number,
 *   oneWay: boolean }} LinkRecord
 */

/**
 * addLink's arguments, checked (the id is the caller's to add).
 * @param {number} width
 * @param {number} height
 * @param {unknown[]} args ax, ay, bx, by, options
 * @returns {Omit<LinkRecord, 'id'> & { id?: number }}
 */
export function readLink(width, height, [ax, ay, bx, by, options]) {
  checkCoordinates(width, height, ax, ay, 'ax', 'ay');
  checkCoordinates(width, height, bx, by, 'bx', 'by');
  if (options === null || typeof options !== 'object') {
    throw new TypeError(
      `link options must be an object like { cost: 1 }, got ${describe(options)}`,
    );
  }
  const fields = /** @type {{ cost?: unknown, oneWay?: unknown }} */ (options);
  refuseMisspelt(fields, LINK_OPTIONS, 'addLink');
  const {
    cost,
    oneWay = false,
    id,
  } = /** @type {{ cost?: unknown, oneWay?: unknown, id?: unknown }} */ (fields);
  if (typeof cost !== 'number') {
    throw new TypeError(`link cost must be a number >= 0, got ${describe(cost)}`);
  }
  if (!(cost >= 0) || !Number.isFinite(cost)) {
    throw new RangeError(`link cost must be a finite number >= 0, got ${describe(cost)}`);
  }
  if (typeof oneWay !== 'boolean') {
    throw new TypeError(`link oneWay must be true or false, got ${describe(oneWay)}`);
  }
  if (id !== undefined) checkInteger('link id', id, 1, 2 ** 31 - 1);
  return {
    ...(id === undefined ? {} : { id: /** @type {number} */ (id) }),
    ax: /** @type {number} */ (ax),
    ay: /** @type {number} */ (ay),
    bx: /** @type {number} */ (bx),
    by: /** @type {number} */ (by),
    cost,
    oneWay,
  };
}

/**
 * The links of one grid on the JS side, and the ids: allocated here, 1, 2, 3, ... in the order
 * links are added, so that a worker replaying the edits after a crash makes the same ones.
 */
export class LinkBook {
  /** @type {Map<number, LinkRecord>} */
  #links = new Map();
  #next = 1;

  /**
   * @param {Omit<LinkRecord, 'id'> & { id?: number }} link
   * @returns {LinkRecord} the link with its id: the one asked for (refused when taken), else the
   *   next (not yet kept: see keep)
   */
  name(link) {
    if (link.id !== undefined && this.#links.has(link.id)) {
      throw new RangeError(`link id ${link.id} is taken`);
    }
    const { id = this.#next, ...rest } = link;
    return { id, ...rest };
  }

  /** @param {LinkRecord} link */
  keep(link) {
    this.#links.set(link.id, link);
    this.#next = Math.max(this.#next, link.id + 1);
  }

  /**
   * The id, checked: a link this grid has.
   * @param {unknown} id
   */
  check(id) {
    checkInteger('link id', id, 1, Number.MAX_SAFE_INTEGER);
    if (!this.#links.has(/** @type {number} */ (id))) {
      throw new RangeError(`no link has id ${id} (removed already, or never added)`);
    }
    return /** @type {number} */ (id);
  }

  /** @param {number} id */
  drop(id) {
    this.#links.delete(id);
  }

  /**
   * Whether some link steps from cell index `from` to `to` on a grid `width` cells wide.
   * @param {number} from
   * @param {number} to
   * @param {number} width
   */
  joins(from, to, width) {
    for (const l of this.#links.values()) {
      const a = l.ay * width + l.ax;
      const b = l.by * width + l.bx;
      if ((a === from && b === to) || (!l.oneWay && a === to && b === from)) return true;
    }
    return false;
  }

  /**
   * The links a loaded grid holds (readSavedRules), and the id its next link gets.
   * @param {readonly LinkRecord[]} links
   * @param {number} nextId
   */
  adopt(links, nextId) {
    for (const link of links) this.keep(link);
    this.#next = Math.max(this.#next, nextId);
  }

  /** @returns {LinkRecord[]} copies, in the order they were added */
  list() {
    return [...this.#links.values()].map((l) => ({ ...l }));
  }
}

/**
 * A saved grid's rules (core/saved.js readSavedRules) as the edits that would set them: each
 * entry mask as the shape's direction names, then each link.
 * @param {ReturnType<typeof import('./saved.js').readSavedRules>} saved
 * @param {import('../index.js').GridShape} shape
 * @returns {RuleEdit[]}
 */
export function savedRuleEdits({ entry, links }, shape) {
  const directions = entryDirections(shape);
  return [
    ...entry.map(([cls, mask]) => {
      const names = directions.filter((_, step) => mask & (1 << step)).join(',');
      return /** @type {RuleEdit} */ ({ kind: 'entry', cls, names });
    }),
    ...links.map((link) => /** @type {RuleEdit} */ ({ kind: 'link', link })),
  ];
}

/**
 * Sets the entry rules and adds the links of a map read from Tiled (readTiledMap's `entry`,
 * { [class]: "right,down" }, and `links`, [{ ax, ay, bx, by, cost, oneWay }]) on a Grid or a
 * PathWorker. Each is checked as setEntry / addLink check it.
 * @param {import('../index.js').MovementRules} target
 * @param {{ entry?: unknown, links?: unknown }} rules
 */
export function applyRules(target, { entry, links } = {}) {
  if (entry !== undefined && entry !== null) {
    if (typeof entry !== 'object') {
      throw new TypeError(
        `entry must be an object { [class]: directions }, got ${describe(entry)}`,
      );
    }
    for (const [cls, directions] of Object.entries(entry)) {
      target.setEntry(Number(cls), /** @type {string} */ (directions));
    }
  }
  if (links !== undefined && links !== null) {
    if (!Array.isArray(links)) {
      throw new TypeError(
        `links must be an array of { ax, ay, bx, by, cost, oneWay? }, got ${describe(links)}`,
      );
    }
    for (const { ax, ay, bx, by, ...options } of links) target.addLink(ax, ay, bx, by, options);
  }
  return target;
}

/**
 * An entry rule or link edit as it travels to a worker and is replayed there:
 * { kind: 'entry', cls, names } (names null: any direction), { kind: 'link', link } or
 * { kind: 'unlink', id }.
 * @typedef {{ kind: 'entry', cls: number, names: string | null }
 *   | { kind: 'link', link: LinkRecord } | { kind: 'unlink', id: number }} RuleEdit
 */

/**
 * Applies rule edits, in order, to a grid (core/grid.js, or anything with its three methods).
 * @param {import('../index.js').MovementRules} grid
 * @param {readonly RuleEdit[]} edits
 */
export function applyRuleEdits(grid, edits) {
  for (const edit of edits) {
    if (edit.kind === 'entry') grid.setEntry(edit.cls, edit.names);
    else if (edit.kind === 'link') {
      const { ax, ay, bx, by, cost, oneWay, id } = edit.link;
      grid.addLink(ax, ay, bx, by, { cost, oneWay, id });
    } else grid.removeLink(edit.id);
  }
}

/**
 * The rules a list of edits leaves, as the shortest list of edits that sets them (for a new
 * worker's start): every entry rule, then every link, in the order they were made.
 * @param {readonly RuleEdit[]} edits
 * @returns {RuleEdit[]}
 */
export function foldRuleEdits(edits) {
  /** @type {Map<number, string | null>} */
  const entry = new Map();
  /** @type {Map<number, LinkRecord>} */
  const links = new Map();
  for (const edit of edits) {
    if (edit.kind === 'entry') entry.set(edit.cls, edit.names);
    else if (edit.kind === 'link') links.set(edit.link.id, edit.link);
    else links.delete(edit.id);
  }
  return [
    ...[...entry].map(([cls, names]) => /** @type {RuleEdit} */ ({ kind: 'entry', cls, names })),
    ...[...links.values()].map((link) => /** @type {RuleEdit} */ ({ kind: 'link', link })),
  ];
}

/**
 * Throws a TypeError naming what is wrong with a message's list of rule edits (the worker checks
 * what it receives; the client made them with readEntry / readLink).
 * @param {string} label
 * @param {unknown} edits
 */
export function checkRuleEdits(label, edits) {
  if (edits === undefined || edits === null) return;
  if (!Array.isArray(edits))
    throw new TypeError(`${label} must be an array, got ${describe(edits)}`);
  edits.forEach((edit, k) => {
    const ok =
      edit !== null &&
      typeof edit === 'object' &&
      ((edit.kind === 'entry' &&
        Number.isInteger(edit.cls) &&
        (edit.names === null || typeof edit.names === 'string')) ||
        (edit.kind === 'link' && edit.link !== null && typeof edit.link === 'object') ||
        (edit.kind === 'unlink' && Number.isInteger(edit.id)));
    if (!ok) throw new TypeError(`${label}[${k}] is not a rule edit, got ${describe(edit)}`);
  });
}
