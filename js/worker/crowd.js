// Crowds through a PathWorker or InThreadPathWorker: each call of the proxy is a query request
// (worker/fields.js) with `query: 'crowd'`, so it rides in the same update message as the edits
// made before it and sees exactly those; a step is one request out and one answer back, its
// positions transferred. The worker keeps the crowds of each grid here, by the client's number.
// A worker that died and was replaced has lost its crowds: their calls reject, saying so.
import { describe } from '../core/checks.js';
import { readAgent } from '../core/crowd.js';

/** @typedef {'create' | 'addAgent' | 'removeAgent' | 'setTarget' | 'setGroupTarget' | 'stop' |
 *   'setAgentPosition' | 'setAgentMaxSpeed' | 'setAgentRadius' | 'step' | 'positions' |
 *   'velocities' | 'state' | 'agentCount' | 'dispose'} CrowdOp */

const OPS = new Set([
  'create',
  'addAgent',
  'removeAgent',
  'setTarget',
  'setGroupTarget',
  'stop',
  'setAgentPosition',
  'setAgentMaxSpeed',
  'setAgentRadius',
  'step',
  'positions',
  'velocities',
  'state',
  'agentCount',
  'dispose',
]);

/**
 * The request of one crowd call (the client's side): its arguments' types checked here, their
 * ranges by the core in the worker (the promise rejects with its RangeError).
 * @param {unknown[]} args [op, crowd number, the method's arguments]
 */
export function crowdRequest(args) {
  const [op, crowd, given] = /** @type {[CrowdOp, number, unknown[]]} */ (args);
  const list = [...given];
  if (op === 'addAgent') {
    // The agent's profile goes along as given: the crowd in the worker knows its own and judges.
    const profile = /** @type {{ profile?: unknown } | null} */ (list[0])?.profile;
    list[0] = [...readAgent(list[0], typeof profile === 'string' ? profile : undefined), profile];
  }
  if (op === 'setGroupTarget') {
    const ids = list[0];
    if (
      ids === null ||
      typeof ids !== 'object' ||
      typeof (/** @type {any} */ (ids).length) !== 'number'
    ) {
      throw new TypeError(`setGroupTarget takes an array of ids, got ${describe(ids)}`);
    }
    list[0] = Array.from(/** @type {ArrayLike<number>} */ (ids));
  }
  if (
    op === 'create' &&
    list[0] !== undefined &&
    (list[0] === null || typeof list[0] !== 'object')
  ) {
    throw new TypeError(`createCrowd options must be an object, got ${describe(list[0])}`);
  }
  if (op === 'create' && list[0]) list[0] = { .../** @type {object} */ (list[0]) };
  for (const value of list.slice(
    op === 'create' || op === 'addAgent' || op === 'setGroupTarget' ? 1 : 0,
  )) {
    if (typeof value !== 'number')
      throw new TypeError(`${op}: expected numbers, got ${describe(value)}`);
  }
  /** @type {[number, number, number, number, Record<string, unknown>]} */
  const request = [0, 0, 0, 0, { query: 'crowd', op, crowd, args: list }];
  return { request, signal: null };
}

/** @type {WeakMap<object, Map<number, import('../index.js').Crowd>>} */
const crowdsOf = new WeakMap();

/**
 * The worker's side: runs one crowd call on `grid` (the sync API's).
 * @param {import('../index.js').Grid} grid
 * @param {Record<string, unknown>} snapshot
 */
export function answerCrowd(grid, snapshot) {
  const {
    op,
    crowd: number,
    args,
  } = /** @type {{ op: CrowdOp, crowd: number, args: any[] }} */ (snapshot);
  if (!OPS.has(op)) throw new TypeError(`unknown crowd call ${describe(op)}`);
  let crowds = crowdsOf.get(grid);
  if (crowds === undefined) crowdsOf.set(grid, (crowds = new Map()));
  if (op === 'create') {
    crowds.set(number, grid.createCrowd(args[0]));
    return {};
  }
  const crowd = crowds.get(number);
  if (crowd === undefined || crowd.disposed) {
    throw new TypeError(
      `crowd ${number} is not in this worker: its createCrowd was refused, it was disposed, ` +
        'or it was lost with a worker that was replaced (create it again with createCrowd)',
    );
  }
  switch (op) {
    case 'addAgent': {
      const [x, y, radius, maxSpeed, maxAcceleration, unitSize, profile] = args[0];
      return {
        value: crowd.addAgent({
          x,
          y,
          ...(radius ? { radius } : {}),
          maxSpeed,
          maxAcceleration,
          unitSize,
          ...(profile !== undefined ? { profile } : {}),
        }),
      };
    }
    case 'step':
      crowd.step(args[0]);
      return { positions: crowd.positions() };
    case 'positions':
      return { positions: crowd.positions() };
    case 'velocities':
      return { velocities: crowd.velocities() };
    case 'state':
      return { value: crowd.state(args[0]) };
    case 'agentCount':
      return { value: crowd.agentCount };
    case 'dispose':
      crowd.dispose();
      crowds.delete(number);
      return {};
    default:
      /** @type {any} */ (crowd)[op](...args);
      return {};
  }
}

/**
 * Whether a reply is a crowd call's answer: a Float32Array of positions or velocities, or a
 * plain value.
 * @param {Record<string, any>} answer
 */
export function isCrowdAnswer(answer) {
  for (const key of ['positions', 'velocities']) {
    if (key in answer && !(answer[key] instanceof Float32Array && answer[key].length % 2 === 0))
      return false;
  }
  return !('value' in answer) || ['number', 'string'].includes(typeof answer.value);
}

/** What the caller's promise resolves with. @param {Record<string, any>} answer */
export function crowdResult(answer) {
  return answer.positions ?? answer.velocities ?? answer.value;
}

let crowdNumbers = 0;

/** The calls createCrowd's promise takes before it settles. */
const CROWD_CALLS = [
  'addAgent',
  'removeAgent',
  'setTarget',
  'setGroupTarget',
  'stop',
  'setAgentPosition',
  'teleport',
  'setAgentMaxSpeed',
  'setAgentRadius',
  'step',
  'positions',
  'velocities',
  'state',
  'agentCount',
  'dispose',
];

/** @typedef {import('../worker.js').WorkerCrowd} WorkerCrowdApi */

/**
 * A crowd in the worker, its methods as promises in call order (pw.createCrowd resolves with
 * one once the worker has made it, and takes its calls before that).
 * @implements {WorkerCrowdApi}
 */
export class WorkerCrowd {
  /** @type {(op: CrowdOp, crowd: number, args: unknown[]) => Promise<any>} */
  #send;
  #number;
  #disposed = false;

  /**
   * @param {(op: CrowdOp, crowd: number, args: unknown[]) => Promise<any>} send
   * @param {number} number
   */
  constructor(send, number) {
    this.#send = send;
    this.#number = number;
  }

  /**
   * pw.createCrowd: a promise of the crowd (rejected when the worker refuses the options) that
   * also takes the crowd's calls at once, sent after its creation, in order.
   * @param {(op: CrowdOp, crowd: number, args: unknown[]) => Promise<any>} send a worker's query
   * @param {import('../index.js').CrowdOptions} [options]
   */
  static create(send, options) {
    const number = ++crowdNumbers;
    const crowd = new WorkerCrowd(send, number);
    const created = /** @type {Promise<WorkerCrowd> & Record<string, unknown>} */ (
      send('create', number, [options]).then(() => crowd)
    );
    // A caller who only makes calls on it hears of a refusal from them (they reject saying the
    // crowd is not there): the creation's own rejection is not left unhandled.
    created.catch(() => {});
    for (const name of CROWD_CALLS) {
      created[name] = (/** @type {unknown[]} */ ...args) =>
        /** @type {any} */ (crowd)[name](...args);
    }
    return /** @type {Promise<WorkerCrowd> & Omit<WorkerCrowd, 'disposed'>} */ (
      /** @type {unknown} */ (created)
    );
  }

  /**
   * @param {CrowdOp} op
   * @param {unknown[]} args
   */
  #call(op, args) {
    if (this.#disposed)
      return Promise.reject(
        new TypeError('crowd was disposed: create a new one with createCrowd()'),
      );
    return this.#send(op, this.#number, args);
  }

  get disposed() {
    return this.#disposed;
  }

  /** @param {import('../index.js').AgentOptions} agent */
  addAgent(agent) {
    return this.#call('addAgent', [agent]);
  }

  /** @param {number} id */
  removeAgent(id) {
    return this.#call('removeAgent', [id]);
  }

  /** @param {number} id @param {number} x @param {number} y */
  setTarget(id, x, y) {
    return this.#call('setTarget', [id, x, y]);
  }

  /** @param {ArrayLike<number>} ids @param {number} x @param {number} y */
  setGroupTarget(ids, x, y) {
    return this.#call('setGroupTarget', [ids, x, y]);
  }

  /** @param {number} id */
  stop(id) {
    return this.#call('stop', [id]);
  }

  /** @param {number} id @param {number} x @param {number} y */
  setAgentPosition(id, x, y) {
    return this.#call('setAgentPosition', [id, x, y]);
  }

  /** @param {number} id @param {number} x @param {number} y */
  teleport(id, x, y) {
    return this.#call('setAgentPosition', [id, x, y]);
  }

  /** @param {number} id @param {number} speed */
  setAgentMaxSpeed(id, speed) {
    return this.#call('setAgentMaxSpeed', [id, speed]);
  }

  /** @param {number} id @param {number} radius */
  setAgentRadius(id, radius) {
    return this.#call('setAgentRadius', [id, radius]);
  }

  /**
   * One step; resolves with the positions after it (transferred, one message each way).
   * @param {number} dt
   */
  step(dt) {
    return this.#call('step', [dt]);
  }

  positions() {
    return this.#call('positions', []);
  }

  velocities() {
    return this.#call('velocities', []);
  }

  /** @param {number} id */
  state(id) {
    return this.#call('state', [id]);
  }

  agentCount() {
    return this.#call('agentCount', []);
  }

  dispose() {
    if (this.#disposed) return Promise.resolve();
    const done = this.#call('dispose', []);
    this.#disposed = true;
    return done;
  }
}
