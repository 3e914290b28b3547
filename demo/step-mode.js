// Step mode: the route's search run once on this thread with a trace, then replayed one
// expansion at a time (open cells green, closed orange) with play, pause and single steps.

import { StepReplay, OPEN, CLOSED } from './stepper.js';
import { rgbaWord } from './view.js';
import { formatInt } from './stats.js';
import { $, showError, showValue } from './page.js';

const OPEN_WORD = rgbaWord(120, 230, 60, 225);
const CLOSED_WORD = rgbaWord(255, 130, 80, 150);

/** Slider 0..100 to 1..~20,000 expansions per second, on a log scale. */
export function stepRate(slider) {
  return Math.round(Math.pow(10, (slider / 100) * 4.3));
}

export class StepMode {
  /**
   * @param {{ level: import('./level.js').Level, route: import('./route.js').Route,
   *   view: import('./view.js').MapView, panel: import('./search-panel.js').SearchPanel,
   *   hud: import('./hud.js').Hud, onStep(): void }} parts onStep: the replay moved
   */
  constructor(parts) {
    this.parts = parts;
    this.active = false;
    this.replay = null;
    this.result = null;
    this.playing = false;
    this.carry = 0; // expansions owed by the frames so far, below one
    this.speedChosen = false; // until the user picks a speed, each replay gets one
    const speed = $('step-speed');
    showValue(speed, (v) => `${formatInt(stepRate(Number(v)))}/s`);
    speed.addEventListener('pointerdown', () => (this.speedChosen = true));
    speed.addEventListener('keydown', () => (this.speedChosen = true));
    $('step-play').addEventListener('click', () => this.setPlaying(!this.playing));
    $('step-forward').addEventListener('click', () => this.stepBy(1));
    $('step-back').addEventListener('click', () => this.stepBy(-1));
    $('step-reset').addEventListener('click', () => this.seek(0));
    $('step-end').addEventListener('click', () => this.seek(Infinity));
    window.addEventListener('keydown', (event) => {
      if (!this.active) return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)
        return;
      if (event.key === ' ') {
        event.preventDefault();
        this.setPlaying(!this.playing);
      } else if (event.key === 'ArrowRight') this.stepBy(1);
      else if (event.key === 'ArrowLeft') this.stepBy(-1);
    });
  }

  enter() {
    this.active = true;
    $('group-step').hidden = false;
    this.rerun();
  }

  leave() {
    this.active = false;
    $('group-step').hidden = true;
    this.setPlaying(false);
    this.replay = null;
  }

  mapChanged() {
    if (this.active) this.rerun();
  }

  /** Search again (the route, the options or the cells changed) and replay from the start. */
  rerun() {
    const { level, route, view, panel, hud } = this.parts;
    if (!level.map || !level.engine) return;
    const wasPlaying = this.playing;
    const overlay = view.overlay;
    overlay.clear();
    let result;
    try {
      const chosen = panel.options();
      // hpa keeps no trace to replay: the step-by-step view replays A* for it.
      const algorithm = chosen.algorithm === 'hpa' ? 'astar' : chosen.algorithm;
      const options = { ...chosen, algorithm, trace: true };
      const { start, goal } = route;
      const found = level.engine.findPathHere(start.x, start.y, goal.x, goal.y, options);
      result = found.result;
      hud.showSearch(result, found.ms, 'main');
    } catch (error) {
      showError(error);
      return;
    }
    const { width, height } = level.map;
    this.result = result;
    this.replay = new StepReplay(result.traceEvents, width, height, (i, state) =>
      overlay.set(i, state === OPEN ? OPEN_WORD : state === CLOSED ? CLOSED_WORD : 0),
    );
    this.carry = 0;
    if (!this.speedChosen) {
      // A replay takes about 15 seconds (at least 8 expansions/s).
      const slider = (Math.log10(Math.max(8, this.replay.total / 15)) / 4.3) * 100;
      $('step-speed').value = String(Math.round(Math.min(100, Math.max(0, slider))));
      $('step-speed').dispatchEvent(new Event('input'));
    }
    this.setPlaying(wasPlaying);
    this.changed();
  }

  setPlaying(playing) {
    if (playing && this.replay?.finished) this.replay.seek(0);
    this.playing = playing && !!this.replay;
    $('step-play').textContent = this.playing ? 'Pause' : '▶ Play';
  }

  stepBy(n) {
    const replay = this.replay;
    if (!replay) return;
    this.setPlaying(false);
    if (n > 0) replay.forward(n);
    else replay.seek(replay.done + n);
    this.changed();
  }

  /** To expansion `done` (Infinity: the end). */
  seek(done) {
    this.setPlaying(false);
    if (!this.replay) return;
    this.replay.seek(done);
    this.changed();
  }

  /** Once per animation frame: play on at the chosen speed. */
  frame(dt) {
    if (!this.playing) return;
    const replay = this.replay;
    this.carry += (dt / 1000) * stepRate(Number($('step-speed').value));
    const n = Math.floor(this.carry);
    if (n < 1) return;
    this.carry -= n;
    replay.forward(n);
    if (replay.finished) this.setPlaying(false);
    this.changed();
  }

  changed() {
    const replay = this.replay;
    if (!replay) return;
    const result = this.result;
    let text = `Expansion ${formatInt(replay.done)} of ${formatInt(replay.total)}`;
    if (replay.finished) {
      text +=
        result.status === 'found'
          ? ` · path found, cost ${result.cost.toFixed(2)}`
          : ` · ${result.status}`;
    }
    $('step-progress').textContent = text;
    this.parts.view.needsDraw = true;
    this.parts.onStep();
  }

  /** The markers, and the replay so far (or the path once it is over). */
  scene(s) {
    s.start = this.parts.route.start;
    s.goal = this.parts.route.goal;
    const replay = this.replay;
    if (!replay) return;
    if (replay.finished && this.result.status !== 'none')
      s.path = this.result.rawPath ?? this.result.path;
    else s.step = { current: replay.currentCell(), trail: replay.trail() };
  }

  /** The hovered cell's g, h and f at this point of the replay. */
  describeCell(x, y) {
    const info = this.replay?.cellInfo(x, y);
    if (!info || info.state === 'unseen') return '';
    return ` · ${info.state}: g ${info.g.toFixed(2)}, h ${info.h.toFixed(2)}, f ${info.f.toFixed(2)}`;
  }
}
