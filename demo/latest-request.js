// One request in flight at a time, always for the newest state: asks made while one runs
// coalesce into a single next one, so dragging the goal or painting a wall stroke by stroke
// never piles up stale paths or fields in the worker.

export class LatestRequest {
  /** @param {() => Promise<void>} run asks once and shows the answer (its errors are its own) */
  constructor(run) {
    this.run = run;
    this.dirty = false;
    this.inFlight = false;
    this.waiters = [];
  }

  /** Something the answer depends on changed: ask again, now or after the current one. */
  ask() {
    this.dirty = true;
    this.pump();
  }

  /** Resolves when nothing is waiting or running. */
  settled() {
    if (!this.inFlight && !this.dirty) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async pump() {
    if (this.inFlight) return;
    while (this.dirty) {
      this.dirty = false;
      this.inFlight = true;
      try {
        await this.run();
      } finally {
        this.inFlight = false;
      }
    }
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
