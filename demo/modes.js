// The tabs (path, step by step, agents, tower defence, tactics) and which mode is on. Each mode answers the same
// calls: enter, leave, mapChanged, rerun (something its search depends on changed), frame(dt),
// scene(s) (what to draw) and describeCell(x, y) (its words on the hovered cell); the modes that
// take clicks on the map also answer click(cell, shift).

export class ModeSwitch {
  /**
   * @param {Record<string, object>} modes by tab name
   * @param {import('./view.js').MapView} view
   * @param {() => void} onChange after a switch
   */
  constructor(modes, view, onChange) {
    this.modes = modes;
    this.view = view;
    this.onChange = onChange;
    this.name = null;
    this.tabs = [...document.querySelectorAll('.modes button')];
    for (const tab of this.tabs) tab.addEventListener('click', () => this.set(tab.dataset.mode));
  }

  get current() {
    return this.modes[this.name];
  }

  set(name) {
    if (!(name in this.modes)) throw new RangeError(`unknown demo mode "${name}"`);
    this.current?.leave();
    this.name = name;
    for (const tab of this.tabs)
      tab.setAttribute('aria-selected', String(tab.dataset.mode === name));
    this.view.overlay?.clear(); // each mode paints the overlay its own way
    this.current.enter();
    this.onChange();
    this.view.needsDraw = true;
  }

  mapChanged(map) {
    for (const mode of Object.values(this.modes)) mode.mapChanged(map);
  }
}
