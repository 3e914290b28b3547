// Agents mode: a crowd of units planning their routes in batches through the engine (the worker,
// or this thread when "Search on the main thread" is ticked) while they walk.

import { AgentCrowd } from './agents.js';
import { formatInt } from './stats.js';
import { $, showError, showValue } from './page.js';

export class AgentsMode {
  /**
   * @param {{ level: import('./level.js').Level, panel: import('./search-panel.js').SearchPanel,
   *   hud: import('./hud.js').Hud, costOf(cls: number): number }} parts
   */
  constructor(parts) {
    this.parts = parts;
    this.active = false;
    this.crowd = null;
    this.batches = 0; // batches in the worker now
    this.plans = 0; // plans asked for since the page opened
    showValue($('agent-count'), (v) => v);
    showValue($('agent-batch'), (v) => v);
    $('agent-count').addEventListener('input', () =>
      this.crowd?.resize(Number($('agent-count').value)),
    );
    $('agent-wander').addEventListener('change', () => {
      if (this.crowd) this.crowd.wander = $('agent-wander').checked;
    });
  }

  enter() {
    this.active = true;
    $('group-agents').hidden = false;
    this.startCrowd();
  }

  leave() {
    this.active = false;
    $('group-agents').hidden = true;
    this.crowd?.dispose();
    this.crowd = null;
  }

  mapChanged() {
    if (this.active) this.startCrowd();
  }

  startCrowd() {
    const { level, costOf } = this.parts;
    if (!level.map) return;
    this.crowd?.dispose();
    // Routes are watched on the engine: a painted wall re-plans only the units it blocks.
    const engine = level.engine;
    const watchPath = engine
      ? (path, onBlocked, options) => engine.watchPath(path, onBlocked, options)
      : null;
    this.crowd = new AgentCrowd(level.map, costOf, Number($('agent-count').value), 7, watchPath);
    this.crowd.wander = $('agent-wander').checked;
    this.batches = 0;
  }

  /** The units walk wherever they were going: nothing to search again. */
  rerun() {}

  /** Cells were painted: walls reached the units they block by their alerts; an opened cell
   * makes every unit look again. */
  cellsChanged(indices, anyOpened) {
    this.crowd?.cellsChanged(indices, anyOpened);
  }

  /** A click on the map sends every unit there. */
  click(cell) {
    this.crowd?.sendAll(cell.x, cell.y);
  }

  /** Once per animation frame: ask for the plans due, then walk. */
  frame(dt) {
    if (!this.crowd || !this.parts.level.engine) return;
    this.plan();
    this.crowd.update(Math.min(dt, 100) / 1000);
  }

  plan() {
    const { level, panel, hud } = this.parts;
    const crowd = this.crowd;
    const onMain = panel.onMain;
    // At most two batches in the worker at once: requests stay fresh and latency stays low.
    if (!onMain && this.batches >= 2) return;
    const { list, who } = crowd.takeRequests(Number($('agent-batch').value), panel.agentOptions());
    if (!list.length) return;
    hud.requests.add(list.length);
    this.plans += list.length;
    const engine = level.engine;
    if (onMain) {
      const { results, lastMs } = this.planHere(list);
      crowd.receive(who, results);
      this.showNewest(results, lastMs);
      return;
    }
    this.batches++;
    engine
      .findPaths(list, false)
      .then((results) => {
        if (crowd !== this.crowd) return;
        crowd.receive(who, results);
        this.showNewest(results);
      })
      .catch((error) => {
        if (crowd === this.crowd) crowd.receive(who, []);
        if (engine === level.engine) showError(error);
      })
      .finally(() => this.batches--);
  }

  /** The batch on this thread, one search after another: what the frame has to wait for. */
  planHere(list) {
    const results = [];
    let lastMs = 0;
    try {
      for (const q of list) {
        const { result, ms } = this.parts.level.engine.findPathHere(
          q.sx,
          q.sy,
          q.gx,
          q.gy,
          q.options,
        );
        results.push(result);
        lastMs = ms;
      }
    } catch (error) {
      showError(error);
    }
    return { results, lastMs };
  }

  /** The "last search" box shows the newest plan of a batch. */
  showNewest(results, mainMs) {
    const r = results[results.length - 1];
    if (!r) return;
    const where = mainMs === undefined ? 'worker' : 'main';
    this.parts.hud.showSearch(r, mainMs ?? r.workerMs, where);
  }

  /** The HUD's line on the crowd, or null outside this mode. */
  summary() {
    if (!this.active || !this.crowd) return null;
    const c = this.crowd.counts();
    return (
      `${formatInt(c.moving)} walking, ${formatInt(c.waiting)} waiting for a plan, ${formatInt(c.idle)} idle · ` +
      `${formatInt(this.plans)} plans so far, ${formatInt(this.crowd.alerted)} after a wall on the way`
    );
  }

  scene(s) {
    if (this.crowd) s.agents = this.crowd;
  }

  describeCell() {
    return '';
  }

  /** Mean distance in cells from the units to (x, y), or null without a crowd. */
  meanDistance(x, y) {
    const crowd = this.crowd;
    if (!crowd) return null;
    let sum = 0;
    for (let a = 0; a < crowd.count; a++) {
      sum += Math.hypot(crowd.positions[a * 2] - x, crowd.positions[a * 2 + 1] - y);
    }
    return sum / crowd.count;
  }
}
