// The main thread's record of a PathWorker's grid. It holds the cells and costs as the game last
// set them (so reads need no round trip), the edits not posted yet, and the updates posted but
// not yet confirmed by the worker, each with what it overwrote. From these it rebuilds the grid
// as it was before any unconfirmed update: a new worker starts from that and the updates are
// replayed, so every request still sees exactly the edits made before it.
//
// It knows nothing of messages or workers: an update is a plain record the client posts.

import { foldRuleEdits, LinkBook } from '../core/rules.js';

/** Appends numbers to a growable typed array (edits are queued one by one). */
class NumberQueue {
  constructor(Type) {
    this.Type = Type;
    this.data = new Type(64);
    this.length = 0;
  }
  push(value) {
    if (this.length === this.data.length) {
      const bigger = new this.Type(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  view() {
    return this.data.subarray(0, this.length);
  }
  take() {
    const taken = this.data.slice(0, this.length);
    this.length = 0;
    return taken;
  }
}

/**
 * An update, as taken from the log:
 *   seq           1, 2, 3... in posting order
 *   indices       Uint32Array: each changed cell, in the order it was changed
 *   values        Uint8Array: its new class
 *   previous      Uint8Array: the class it had before
 *   costs         Float64Array: (class, cost) pairs, in order
 *   costPrevious  Float64Array: each class's cost before, NaN where it had the default
 *   rules         entry rule and link edits (core/rules.js RuleEdit), applied before the
 *                 update's cells: a rule edit made after cell edits or requests starts a new
 *                 update (the client flushes first), so the order of everything is kept
 *   requests      whatever the client attached (the log only keeps it)
 *   overwritten   Uint8Array, only in an update made by load(): every cell before it
 *   profile       only in an update made by setProfileTable(): { name, table } (table: the
 *                 profile's 256 costs, null once deleted); profileBefore: its table before, or
 *                 undefined when it did not exist
 */
export class EditLog {
  #cells; // current: every edit applied, posted or not
  #costs = new Map(); // class -> cost, every setCost ever made (absent: the core's default)
  /** @type {Map<string, Float64Array>} */
  #profiles = new Map(); // the movement profiles other than 'default': name -> its 256 costs

  // Edits since the last take().
  #indices = new NumberQueue(Uint32Array);
  #values = new NumberQueue(Uint8Array);
  #previous = new NumberQueue(Uint8Array);
  #costEdits = []; // class, cost, previous cost (NaN for the default) triples

  #updates = []; // taken and not yet confirmed, oldest first
  #seq = 0;

  // Entry rules and links: the edits since the last take(), the edits of every confirmed update
  // (folded: what a new worker starts from), and the links as they are now, with their ids.
  #ruleEdits = [];
  #settledRules = [];
  links = new LinkBook();
  /** @type {Map<number, string[]>} class -> the directions it may be entered by, as now */
  entry = new Map();

  /** A log of a grid of `cellCount` cells, all class 0, with the default cost table. */
  constructor(cellCount) {
    this.#cells = new Uint8Array(cellCount);
  }

  /**
   * Starting state, before anything is posted: `bytes` (copied), (class, cost) pairs, the
   * profiles' [name, table] entries, and the rule edits the worker starts with (a saved grid's,
   * settled: a replacement worker is given them) with the id the next link gets.
   */
  reset(bytes, costPairs = [], profiles = [], rules = [], nextLinkId = 1) {
    if (bytes) this.#cells.set(bytes);
    this.#costs = new Map(costPairs);
    this.#profiles = new Map(profiles);
    this.#settledRules = [...rules];
    const links = [];
    for (const edit of rules) {
      if (edit.kind === 'link') links.push(edit.link);
      else if (edit.kind === 'entry' && edit.names !== null)
        this.entry.set(edit.cls, edit.names.split(','));
    }
    this.links.adopt(links, nextLinkId);
  }

  /** A profile's 256 costs (Infinity where blocked), or undefined; do not change it. */
  profileTable(name) {
    return this.#profiles.get(name);
  }

  /** The profiles other than 'default', in the order they were added, with their tables. */
  profileEntries() {
    return [...this.#profiles];
  }

  /**
   * Sets a profile's whole table (null: deletes it), as an update of its own, taken at once
   * (as load(): edits made before must have been taken first).
   */
  setProfileTable(name, table) {
    if (this.pendingCells || this.pendingCosts) {
      throw new Error('EditLog.setProfileTable: take() the edits made before it first');
    }
    const profileBefore = this.#profiles.get(name);
    if (table) this.#profiles.set(name, table);
    else this.#profiles.delete(name);
    const update = this.take();
    update.profile = { name, table };
    update.profileBefore = profileBefore;
    return update;
  }

  get cellCount() {
    return this.#cells.length;
  }

  cell(index) {
    return this.#cells[index];
  }

  /** A copy of the current cells. */
  cells() {
    return this.#cells.slice();
  }

  /** The cost set for `cls`, or undefined when it still has the core's default. */
  cost(cls) {
    return this.#costs.get(cls);
  }

  /** The current (class, cost) pairs, for a new worker's starting table. */
  costPairs() {
    return [...this.#costs];
  }

  /** Sets one cell; false (and nothing recorded) when it already had that class. */
  write(index, cls) {
    const previous = this.#cells[index];
    if (previous === cls) return false;
    this.#cells[index] = cls;
    this.#indices.push(index);
    this.#values.push(cls);
    this.#previous.push(previous);
    return true;
  }

  /** Sets a class's cost; false when it already had exactly that cost set. */
  setCost(cls, cost) {
    const previous = this.#costs.has(cls) ? this.#costs.get(cls) : NaN;
    if (previous === cost) return false;
    this.#costs.set(cls, cost);
    this.#costEdits.push(cls, cost, previous);
    return true;
  }

  /** Cell edits and cost edits made since the last take(): what a request made now must see. */
  get pendingCells() {
    return this.#indices.length;
  }
  get pendingCosts() {
    return this.#costEdits.length / 3;
  }
  get pendingRules() {
    return this.#ruleEdits.length;
  }

  /** Records an entry rule or link edit (core/rules.js RuleEdit), its arguments checked. */
  editRules(edit) {
    if (edit.kind === 'link') this.links.keep(edit.link);
    if (edit.kind === 'unlink') this.links.drop(edit.id);
    if (edit.kind === 'entry') {
      if (edit.names === null) this.entry.delete(edit.cls);
      else this.entry.set(edit.cls, edit.names.split(','));
    }
    this.#ruleEdits.push(edit);
  }

  /** The edits since the last take(), as the next update; it stays in the log until confirmed. */
  take(requests = []) {
    const count = this.#costEdits.length / 3;
    const costs = new Float64Array(count * 2);
    const costPrevious = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      costs[i * 2] = this.#costEdits[i * 3];
      costs[i * 2 + 1] = this.#costEdits[i * 3 + 1];
      costPrevious[i] = this.#costEdits[i * 3 + 2];
    }
    this.#costEdits = [];
    const update = {
      seq: ++this.#seq,
      indices: this.#indices.take(),
      values: this.#values.take(),
      previous: this.#previous.take(),
      costs,
      costPrevious,
      rules: this.#ruleEdits,
      requests,
    };
    this.#ruleEdits = [];
    this.#updates.push(update);
    return update;
  }

  /**
   * Replaces every cell (a new level) as an update of its own, taken at once: edits made before
   * must have been taken first, so that the requests made before it see the old cells.
   */
  load(bytes) {
    if (this.pendingCells || this.pendingCosts || this.pendingRules) {
      throw new Error('EditLog.load: take() the edits made before it first');
    }
    const overwritten = this.#cells;
    this.#cells = Uint8Array.from(bytes);
    const update = this.take();
    update.overwritten = overwritten; // the old array itself: nothing else holds it now
    return update;
  }

  /** The cells an update made by load() put in place (for posting it again to a new worker). */
  loadedCells(k) {
    const update = this.#updates[k];
    if (!update?.overwritten) throw new Error(`EditLog: unconfirmed update ${k} is not a load`);
    return this.stateBefore(k + 1).cells; // a load update holds nothing after its cells
  }

  /** The seq of the last update taken (0 before the first). */
  get lastSeq() {
    return this.#seq;
  }

  /** Updates taken and not yet confirmed, oldest first (do not change the list). */
  get unconfirmed() {
    return this.#updates;
  }

  /**
   * The worker has fully handled every update up to `seq`: forget them, oldest first, stopping
   * at the first one `isSettled(update)` says is still needed. A seq never taken is refused
   * (false): confirming it would lose updates a new worker must replay.
   * @param {number} seq
   * @param {(update: any) => boolean} [isSettled]
   */
  confirm(seq, isSettled = () => true) {
    if (!Number.isInteger(seq) || seq > this.#seq) return false;
    while (this.#updates.length && this.#updates[0].seq <= seq && isSettled(this.#updates[0])) {
      const { rules } = this.#updates.shift();
      if (rules.length) this.#settledRules = foldRuleEdits([...this.#settledRules, ...rules]);
    }
    return true;
  }

  /**
   * The cells, costs and profiles ([name, table] pairs) as they were before unconfirmed update `k` (0: before all of them;
   * unconfirmed.length: after every update taken, without the edits since the last take()).
   */
  stateBefore(k = 0) {
    const cells = this.#cells.slice();
    const costs = new Map(this.#costs);
    const profiles = new Map(this.#profiles);
    const undo = (indices, previous, costPairs, costPrevious) => {
      for (let i = indices.length - 1; i >= 0; i--) cells[indices[i]] = previous[i];
      for (let i = costPrevious.length - 1; i >= 0; i--) {
        if (Number.isNaN(costPrevious[i])) costs.delete(costPairs[i * 2]);
        else costs.set(costPairs[i * 2], costPrevious[i]);
      }
    };
    const pendingCosts = [];
    const pendingPrevious = [];
    for (let i = 0; i < this.#costEdits.length; i += 3) {
      pendingCosts.push(this.#costEdits[i], this.#costEdits[i + 1]);
      pendingPrevious.push(this.#costEdits[i + 2]);
    }
    undo(this.#indices.view(), this.#previous.view(), pendingCosts, pendingPrevious);
    for (let u = this.#updates.length - 1; u >= k; u--) {
      const { indices, previous, costs: pairs, costPrevious, overwritten } = this.#updates[u];
      undo(indices, previous, pairs, costPrevious);
      if (overwritten) cells.set(overwritten);
      const { profile, profileBefore } = this.#updates[u];
      if (profile && profileBefore) profiles.set(profile.name, profileBefore);
      else if (profile) profiles.delete(profile.name);
    }
    const rules = foldRuleEdits([
      ...this.#settledRules,
      ...this.#updates.slice(0, k).flatMap((update) => update.rules),
    ]);
    return { cells, costs, profiles: [...profiles], rules };
  }

  /** Forgets every unconfirmed update (their requests were given up); returns the state after them. */
  dropUnconfirmed() {
    const state = this.stateBefore(this.#updates.length);
    this.#updates = [];
    this.#settledRules = state.rules;
    return state;
  }

  /** Forgets every unconfirmed update (the worker is gone for good). */
  clear() {
    this.#updates = [];
  }
}
