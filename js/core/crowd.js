// A crowd over a grid (grid.createCrowd): a thin wrapper of the core's Crowd (cpp/wasm/crowd.cpp).
// Types are checked here (TypeError); ranges by the core, whose message becomes a RangeError.
// Positions and velocities are copied out of the heap at each call: views are never kept.
import { describe, OPTION_VALUES, refuseMisspelt } from './checks.js';

/** @typedef {import('../../dist/tilepath.mjs').TilepathModule} TilepathModule */
/** @typedef {import('../../dist/tilepath.mjs').NativeGrid} NativeGrid */
/** @typedef {import('../../dist/tilepath.mjs').NativeCrowd} NativeCrowd */
/** @typedef {import('../../dist/tilepath.mjs').CrowdCodes} CrowdCodes */
/** @typedef {import('../index.js').CrowdOptions} CrowdOptions */
/** @typedef {import('../index.js').AgentOptions} AgentOptions */
/** @typedef {import('../index.js').AgentState} AgentState */

/** The names of crowd.state(id), by the core's code (kAgentStateNames). */
export const AGENT_STATES = /** @type {const} */ (['moving', 'arrived', 'stuck', 'unreachable']);

/** The options createCrowd takes, in the order the core's constructor does. */
export const CROWD_OPTIONS = /** @type {const} */ ([
  'maxAgents',
  'diagonal',
  'timeHorizon',
  'obstacleHorizon',
  'neighbourDistance',
  'maxNeighbours',
  'maxSubstep',
  'stuckTime',
  'maxReplansPerStep',
]);
const AGENT_OPTIONS = ['x', 'y', 'radius', 'maxSpeed', 'maxAcceleration', 'unitSize', 'profile'];

/** @type {WeakMap<object, Record<string, number>>} */
const defaultsOf = new WeakMap();

/**
 * The core's defaults (Crowd.defaultOptions), read once per module.
 * @param {TilepathModule} m
 */
export function crowdDefaults(m) {
  let defaults = defaultsOf.get(m);
  if (defaults === undefined) {
    const words = m.Crowd.defaultOptions().split(' ');
    defaults = {};
    for (let k = 0; k + 1 < words.length; k += 2) defaults[words[k]] = Number(words[k + 1]);
    defaultsOf.set(m, defaults);
  }
  return defaults;
}

/**
 * @param {string} name
 * @param {unknown} value
 * @returns {number}
 */
function numberArgument(name, value) {
  if (typeof value !== 'number')
    throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  return value;
}

/**
 * @param {string} name
 * @param {unknown} value
 */
function integerArgument(name, value) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${describe(value)}`);
  }
  return value;
}

/**
 * createCrowd's options as the core's constructor takes them (types checked; ranges are the
 * core's: Crowd.checkOptions).
 * @param {TilepathModule} m
 * @param {CrowdOptions | undefined} options
 * @returns {number[]}
 */
export function readCrowdOptions(m, options) {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new TypeError(`createCrowd options must be an object, got ${describe(options)}`);
  }
  const given = /** @type {Record<string, unknown>} */ (options ?? {});
  refuseMisspelt(given, CROWD_OPTIONS, 'createCrowd');
  for (const key of Object.keys(given)) {
    if (!(/** @type {readonly string[]} */ (CROWD_OPTIONS).includes(key))) {
      throw new TypeError(
        `createCrowd: unknown option '${key}' (known: ${CROWD_OPTIONS.join(', ')})`,
      );
    }
  }
  const defaults = crowdDefaults(m);
  const codes = CROWD_OPTIONS.map((name) => {
    const value = given[name];
    if (value === undefined) return defaults[name];
    if (name === 'diagonal') {
      const code = OPTION_VALUES.diagonal.indexOf(/** @type {never} */ (value));
      if (code < 0) {
        throw new RangeError(
          `diagonal must be one of ${OPTION_VALUES.diagonal.join(', ')}, got ${describe(value)}`,
        );
      }
      return code;
    }
    if (name === 'maxAgents' || name === 'maxNeighbours' || name === 'maxReplansPerStep') {
      return integerArgument(name, value);
    }
    return numberArgument(name, value);
  });
  const error = m.Crowd.checkOptions(.../** @type {CrowdCodes} */ (codes));
  if (error) throw new RangeError(error);
  return codes;
}

/**
 * The one place an agent's movement profile is read: its own (`profile`, a grid's profile name,
 * checked by the grid when the agent is added), or the crowd's (createCrowd({ profile })).
 * @param {unknown} profile the agent's
 * @param {string} crowdProfile the crowd's
 * @returns {string}
 */
export function planningProfile(profile, crowdProfile) {
  if (profile === undefined) return crowdProfile;
  if (typeof profile !== 'string') {
    throw new TypeError(`profile must be a profile's name (a string), got ${describe(profile)}`);
  }
  return profile;
}

/**
 * addAgent's argument as the core's numbers: x, y, radius (0 = default), maxSpeed,
 * maxAcceleration, unitSize.
 * @param {unknown} agent
 * @param {string} [crowdProfile] the profile the crowd plans for ('default' when left out)
 * @returns {[number, number, number, number, number, number]}
 */
export function readAgent(agent, crowdProfile = 'default') {
  if (agent === null || typeof agent !== 'object') {
    throw new TypeError(`addAgent takes { x, y, ... }, got ${describe(agent)}`);
  }
  const given = /** @type {Record<string, unknown>} */ (agent);
  refuseMisspelt(given, AGENT_OPTIONS, 'addAgent', 'field');
  const x = numberArgument('x', given.x);
  const y = numberArgument('y', given.y);
  let radius = 0;
  if (given.radius !== undefined) {
    radius = numberArgument('radius', given.radius);
    if (!(radius > 0)) throw new RangeError(`radius ${radius} must be above 0`);
  }
  const speed = given.maxSpeed === undefined ? 4 : numberArgument('maxSpeed', given.maxSpeed);
  const acceleration =
    given.maxAcceleration === undefined
      ? 20
      : numberArgument('maxAcceleration', given.maxAcceleration);
  const unitSize = given.unitSize === undefined ? 1 : integerArgument('unitSize', given.unitSize);
  planningProfile(given.profile, crowdProfile);
  return [x, y, radius, speed, acceleration, unitSize];
}

/** @typedef {import('../index.js').Crowd} CrowdApi */

/** @implements {CrowdApi} */
export class Crowd {
  /** @type {TilepathModule} */
  #module;
  /** @type {NativeCrowd | null} */
  #native;
  /** @type {() => void} */
  #forget;

  /** @type {string} */
  #profile;
  /** @type {NativeGrid} */
  #grid;
  /** @type {(name: string) => number} */
  #slotOf;
  /** @type {Map<string, number>} profile name -> the core's lane (0: the crowd's profile) */
  #lanes = new Map();

  /**
   * @param {TilepathModule} module
   * @param {NativeGrid} grid
   * @param {number[]} codes readCrowdOptions' answer
   * @param {{ name: string, slot: number }} profile what the crowd plans for by default
   * @param {() => void} forget told when the crowd is disposed
   * @param {(name: string) => number} slotOf a profile's slot on the grid (throws for an
   *   unknown name, naming it)
   */
  constructor(module, grid, codes, profile, forget, slotOf) {
    this.#module = module;
    this.#grid = grid;
    this.#slotOf = slotOf;
    const cells = grid.cellsObject(profile.slot);
    if (cells === 0) throw new RangeError(grid.lastQueryError());
    this.#native = new module.Crowd(
      cells,
      grid.footprintsObject(profile.slot),
      .../** @type {CrowdCodes} */ (codes),
    );
    this.#profile = profile.name;
    this.#lanes.set(profile.name, 0);
    this.#forget = forget;
  }

  /**
   * The core's lane of a profile, made on its first agent.
   * @param {string} name
   */
  #lane(name) {
    const known = this.#lanes.get(name);
    if (known !== undefined) return known;
    const native = this.#live();
    const slot = this.#slotOf(name);
    const cells = this.#grid.cellsObject(slot);
    if (cells === 0) throw new RangeError(this.#grid.lastQueryError());
    const lane = native.addLane(cells, this.#grid.footprintsObject(slot));
    if (lane < 0) throw new RangeError(native.lastError());
    this.#lanes.set(name, lane);
    return lane;
  }

  /**
   * Whether an agent of the crowd moves under the profile (or it is the crowd's own). For the
   * grid's deleteProfile.
   * @internal
   * @param {string} name
   */
  usesProfile(name) {
    if (name === this.#profile) return true;
    const lane = this.#lanes.get(name);
    return lane !== undefined && this.#native !== null && this.#native.laneAgents(lane) > 0;
  }

  /**
   * Forgets the lane of a profile no agent uses (before the grid deletes the profile).
   * @internal
   * @param {string} name
   */
  releaseProfile(name) {
    const lane = this.#lanes.get(name);
    if (lane === undefined || lane === 0 || this.#native === null) return;
    const error = this.#native.removeLane(lane);
    if (error) throw new RangeError(error);
    this.#lanes.delete(name);
  }

  /** The movement profile the crowd plans for ('default': the grid's own costs). */
  get profile() {
    return this.#profile;
  }

  #live() {
    if (this.#native === null) {
      throw new TypeError(
        'crowd was disposed (or its grid was): create a new one with createCrowd()',
      );
    }
    return this.#native;
  }

  /** @param {string} error */
  static #check(error) {
    if (error) throw new RangeError(error);
  }

  get disposed() {
    return this.#native === null;
  }

  /** Agents in the crowd. */
  get agentCount() {
    return this.#live().agentCount();
  }

  /** Ids are below this; positions() and velocities() hold 2 numbers for each. */
  get slots() {
    return this.#live().slots();
  }

  /** @param {AgentOptions} agent */
  addAgent(agent) {
    const native = this.#live();
    const numbers = readAgent(agent, this.#profile);
    const profile = planningProfile(
      /** @type {{ profile?: unknown }} */ (agent).profile,
      this.#profile,
    );
    const id = native.addAgent(...numbers, this.#lane(profile));
    if (id < 0) throw new RangeError(native.lastError());
    return id;
  }

  /** @param {number} id */
  removeAgent(id) {
    Crowd.#check(this.#live().removeAgent(integerArgument('id', id)));
  }

  /**
   * @param {number} id
   * @param {number} x
   * @param {number} y
   */
  setTarget(id, x, y) {
    const native = this.#live();
    Crowd.#check(
      native.setTarget(integerArgument('id', id), numberArgument('x', x), numberArgument('y', y)),
    );
  }

  /**
   * @param {ArrayLike<number>} ids
   * @param {number} x
   * @param {number} y
   */
  setGroupTarget(ids, x, y) {
    const native = this.#live();
    if (ids === null || typeof ids !== 'object' || typeof ids.length !== 'number') {
      throw new TypeError(`setGroupTarget takes an array of ids, got ${describe(ids)}`);
    }
    numberArgument('x', x);
    numberArgument('y', y);
    const count = ids.length;
    for (let k = 0; k < count; k++) integerArgument(`ids[${k}]`, ids[k]);
    const at = native.reserveIds(count) >> 2;
    this.#module.HEAP32.set(Int32Array.from(ids), at);
    Crowd.#check(native.setGroupTarget(count, x, y));
  }

  /** @param {number} id */
  stop(id) {
    Crowd.#check(this.#live().stop(integerArgument('id', id)));
  }

  /**
   * Moves the agent there at once (velocity zero); it keeps its target.
   * @param {number} id
   * @param {number} x
   * @param {number} y
   */
  setAgentPosition(id, x, y) {
    const native = this.#live();
    Crowd.#check(
      native.setPosition(integerArgument('id', id), numberArgument('x', x), numberArgument('y', y)),
    );
  }

  /**
   * @param {number} id
   * @param {number} x
   * @param {number} y
   */
  teleport(id, x, y) {
    this.setAgentPosition(id, x, y);
  }

  /**
   * @param {number} id
   * @param {number} speed
   */
  setAgentMaxSpeed(id, speed) {
    const native = this.#live();
    Crowd.#check(native.setMaxSpeed(integerArgument('id', id), numberArgument('maxSpeed', speed)));
  }

  /**
   * @param {number} id
   * @param {number} radius
   */
  setAgentRadius(id, radius) {
    const native = this.#live();
    Crowd.#check(native.setRadius(integerArgument('id', id), numberArgument('radius', radius)));
  }

  /** @param {number} dt seconds */
  step(dt) {
    const native = this.#live();
    Crowd.#check(native.step(numberArgument('dt', dt)));
  }

  /** [x0, y0, x1, y1, ...] by id, a fresh copy; removed agents' slots are NaN. */
  positions() {
    const native = this.#live();
    const at = native.positionsAddress() >> 2;
    return this.#module.HEAPF32.slice(at, at + 2 * native.slots());
  }

  velocities() {
    const native = this.#live();
    const at = native.velocitiesAddress() >> 2;
    return this.#module.HEAPF32.slice(at, at + 2 * native.slots());
  }

  /**
   * @param {number} id
   * @returns {AgentState}
   */
  state(id) {
    const native = this.#live();
    const code = native.state(integerArgument('id', id));
    if (code < 0) throw new RangeError(`agent id ${id} is not an agent of this crowd`);
    return AGENT_STATES[code];
  }

  /** Searches run for agents' own paths and group flow fields built so far. */
  stats() {
    const native = this.#live();
    return { plans: native.plans(), fields: native.fields() };
  }

  dispose() {
    if (this.#native === null) return;
    this.#native.delete();
    this.#native = null;
    this.#forget();
  }
}
