// A pool of PathWorkers (PathWorker.create({ workers: n })): each member runs its own worker with
// its own copy of the grid. Every edit goes to every member, in the order it was made, and each
// request to one member; since a member sees its edits and requests in the caller's order, a
// request sees exactly the edits made before it, whichever member answers it.

import { cacheKey } from './cache.js';
import { snapshotCodes } from '../core/checks.js';
import { ProfileWatches } from '../core/watch.js';
import * as surface from './surface.js';

/** PathWorker's hook for a pool's watches: the member given them tells them of its edits. */
export const HOLD_WATCHES = Symbol('tilepath.holdWatches');
/** A member's entry rule of a class (null: any), for the pool's watches. */
export const ENTRY_OF = Symbol('tilepath.entryOf');

/** A copy of caller-given cells for one more member (each member's buffer moves to its worker). */
function copyOfCells(bytes) {
  return bytes === undefined ? undefined : bytes.slice();
}

/** Requests with the same start, goal and options go to the same member, to find its cache. */
function memberOfKey(key, count) {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return (hash >>> 0) % count;
}

export class PathWorkerPool extends surface.WorkerSurface {
  /**
   * Starts `count` PathWorkers of class `PathWorkerClass` from `options` (already checked, with
   * `bytes` the caller's cells as a view). The caller's buffer goes to the last one; the others
   * get copies. If any cannot start, the others are stopped and the error is thrown.
   */
  static async start(PathWorkerClass, options, bytes, count) {
    const members = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        PathWorkerClass.create({
          ...options,
          workers: 1,
          // A saved grid holds its cells: each member loads its own copy of the bytes.
          ...(options.saved !== undefined
            ? {}
            : { cells: i === count - 1 ? options.cells : copyOfCells(bytes) }),
        }),
      ),
    );
    const failed = members.find((member) => member.status === 'rejected');
    if (failed) {
      for (const member of members) if (member.status === 'fulfilled') member.value.terminate();
      throw failed.reason;
    }
    return new PathWorkerPool(
      members.map((member) => /** @type {PromiseFulfilledResult<any>} */ (member).value),
      options.cache ?? 0,
    );
  }

  #members;
  #routeByKey; // with a cache, a repeated request goes where its answer is kept
  #reader; // the member reads and watches use: one that got every edit (see #reading)
  /** @type {ProfileWatches | null} */
  #watches = null; // the pool's own, held by #reader (see #edit)
  #watchesHeldBy = null;
  #terminated = false; // by terminate() (not by losing every member)

  constructor(members, cache) {
    super();
    this.#members = members;
    this.#routeByKey = cache > 0;
    this.#reader = members[0];
  }

  get width() {
    return this.#members[0].width;
  }
  get height() {
    return this.#members[0].height;
  }
  get shape() {
    return this.#members[0].shape;
  }
  get inThread() {
    return false;
  }
  get terminated() {
    return this.#members.every((member) => member.terminated);
  }
  /** The first member's worker object (see `workers` for all of them). */
  get worker() {
    return this.#members[0].worker;
  }
  get workers() {
    return this.#members.map((member) => member.worker);
  }

  /** The members' stats added up, and each member's own in `workers`. */
  get stats() {
    const workers = this.#members.map((member) => member.stats);
    /** @type {Record<string, any>} */
    const total = {};
    for (const stats of workers) {
      for (const [name, value] of Object.entries(stats)) total[name] = (total[name] ?? 0) + value;
    }
    return { ...total, workers };
  }

  /**
   * The first member still running: it has every edit, as every running member has. A member
   * that gave up gets no more edits, so its copy goes stale; once all have stopped, the last
   * one read or edited is the one with every edit.
   */
  #reading() {
    const open = this.#members.find((member) => !member.terminated);
    if (open) this.#reader = open;
    return this.#reader;
  }

  // Reads: every running member holds the same cells.
  get(x, y) {
    return this.#reading().get(x, y);
  }
  getCost(cls, profile) {
    return this.#reading().getCost(cls, profile);
  }
  profiles() {
    return this.#reading().profiles();
  }
  cells() {
    return this.#reading().cells();
  }

  // Edits go to every member. The reader holds the path watches: it hears of an edit last, so
  // that a unit re-planning from its onBlocked asks members that all have the edit already.
  #edit(apply) {
    const open = this.#open();
    this.#holdWatches();
    for (let i = open.length - 1; i >= 0; i--) apply(open[i]);
  }

  /** The watches move to the reader when the member holding them gave up. */
  #holdWatches() {
    const reader = this.#reading();
    if (!this.#watches || this.#watchesHeldBy === reader) return;
    reader[HOLD_WATCHES](this.#watches);
    this.#watchesHeldBy = reader;
  }
  // Edits, checked by worker/surface.js, made by every member's backend.
  [surface.CELL](x, y, cls) {
    this.#edit((member) => member[surface.CELL](x, y, cls));
  }
  [surface.CELLS](deltas) {
    this.#edit((member) => member[surface.CELLS](deltas));
  }
  [surface.RECT](x, y, w, h, cls) {
    this.#edit((member) => member[surface.RECT](x, y, w, h, cls));
  }
  [surface.COST](cls, cost, profile) {
    this.#edit((member) => member[surface.COST](cls, cost, profile));
  }
  [surface.PROFILE](name, pairs, table) {
    this.#edit((member) => member[surface.PROFILE](name, pairs, table));
  }
  [surface.UNPROFILE](name) {
    this.#edit((member) => member[surface.UNPROFILE](name));
  }
  [surface.ENTRY](cls, names) {
    this.#edit((member) => member[surface.ENTRY](cls, names));
  }
  // Every member allocates link ids in the same order from the same edits: one id for all.
  [surface.LINK](link) {
    let id = 0;
    this.#edit((member) => {
      id = member[surface.LINK](link);
    });
    return id;
  }
  [surface.UNLINK](id) {
    this.#edit((member) => member[surface.UNLINK](id));
  }
  links() {
    return this.#reading().links();
  }
  [surface.ALL](bytes) {
    const open = this.#open();
    this.#holdWatches();
    // As create: the caller's buffer moves to one member, the others get copies.
    for (let i = open.length - 1; i >= 0; i--)
      open[i][surface.ALL](i === 0 ? bytes : bytes.slice());
  }
  /** watchPath's backend (worker/surface.js): the pool's own watches, read from the reader. */
  [surface.WATCH](path, onBlocked, watchOptions) {
    const { width } = this;
    this.#watches ??= new ProfileWatches(
      width,
      this.height,
      (index) => this.#reading().get(index % width, Math.floor(index / width)),
      (cls, profile) => this.#reading().getCost(cls, profile),
      this.shape,
      (cls) => this.#reading()[ENTRY_OF](cls),
    );
    this.#holdWatches();
    return this.#watches.watch(path, onBlocked, watchOptions);
  }
  flush() {
    for (const member of this.#members) member.flush();
  }

  // --- requests: the backend of worker/surface.js, which checks them (once: a member's backend
  // is handed the checked request) and shapes the answers ---------------------------------

  [surface.OPEN]() {
    this.#open();
  }

  /**
   * Checked findPath requests spread over the members (with a cache, each where its answer is
   * kept): one promise each, in the order asked.
   */
  [surface.SEARCH](list, signal) {
    const open = this.#open();
    if (list.length === 1) return this.#memberFor(open, list[0])[surface.SEARCH](list, signal);
    const shares = new Map(); // member -> positions in `list`
    list.forEach((request, position) => {
      const member = this.#routeByKey
        ? this.#memberFor(open, request)
        : open[Math.floor((position * open.length) / list.length)];
      if (!shares.has(member)) shares.set(member, []);
      shares.get(member).push(position);
    });
    const results = new Array(list.length);
    for (const [member, positions] of shares) {
      const answers = member[surface.SEARCH](
        positions.map((p) => list[p]),
        signal,
      );
      positions.forEach((p, k) => (results[p] = answers[k]));
    }
    return results;
  }

  /** crowd id -> the member it lives in (its state is that worker's). */
  #crowds = new Map();

  /**
   * A checked query, answered by the least busy member (each holds the whole grid, edits
   * included). A crowd lives in one member, the least busy when it was made: every call of it
   * goes to that member.
   */
  [surface.QUERY](request, signal, onProgress) {
    const snapshot = request[4];
    let member;
    if (snapshot.query === 'crowd') {
      member = this.#crowds.get(snapshot.crowd);
      if (!member) {
        member = this.#leastBusy(this.#open());
        this.#crowds.set(snapshot.crowd, member);
      }
      member[surface.OPEN](); // its member gave up: the crowd is gone with it
      if (snapshot.op === 'dispose') this.#crowds.delete(snapshot.crowd);
    } else {
      member = this.#leastBusy(this.#open());
    }
    return member[surface.QUERY](request, signal, onProgress);
  }

  /**
   * prepare's backend: prepare on every member (each has its own grid); onProgress hears the
   * members' mean fraction, and the answer is the slowest member's report.
   */
  [surface.PREPARE](what, options, onProgress) {
    const members = this.#open();
    const { onProgress: _, ...rest } = options ?? {};
    const fractions = members.map(() => 0);
    return Promise.all(
      members.map((member, i) =>
        member.prepare(what, {
          ...rest,
          onProgress: (fraction, part) => {
            fractions[i] = fraction;
            onProgress?.(fractions.reduce((a, b) => a + b, 0) / members.length, part);
          },
        }),
      ),
    ).then((reports) => reports.reduce((slowest, r) => (r.ms > slowest.ms ? r : slowest)));
  }

  #memberFor(open, [sx, sy, gx, gy, options]) {
    const key = this.#routeByKey ? cacheKey(sx, sy, gx, gy, snapshotCodes(options)) : null;
    if (key !== null) return open[memberOfKey(key, open.length)];
    return this.#leastBusy(open);
  }

  /** The least busy member; results do not depend on which one answers. */
  #leastBusy(open) {
    let best = open[0];
    for (const member of open) if (member.stats.inFlight < best.stats.inFlight) best = member;
    return best;
  }

  /** The members still running; a member that gave up for good is left out from then on. */
  #open() {
    if (this.#terminated) throw new Error('PathWorker: terminated');
    const open = this.#members.filter((member) => !member.terminated);
    if (!open.length) throw new Error('PathWorker: every worker of the pool was terminated');
    return open;
  }

  /** Rejects every pending request and stops every worker. */
  terminate() {
    this.#terminated = true;
    for (const member of this.#members) member.terminate();
  }
}
