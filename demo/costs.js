// The terrain cost sliders and the cost table they stand for. The table belongs to the page, not
// to an engine: each new map's engine starts from it, and each change is handed to onChange.

import { TERRAIN, GROUND } from './terrain.js';

export class CostPanel {
  /**
   * @param {HTMLElement} box where the sliders go
   * @param {(cls: number, cost: number, before: number) => void} onChange a slider moved
   */
  constructor(box, onChange) {
    /** @type {Map<number, number>} class -> cost (0 or Infinity = blocked) */
    this.costs = new Map(TERRAIN.map((t) => [t.id, t.cost]));
    this.onChange = onChange;
    this.sliders = new Map();
    for (const t of TERRAIN) box.append(this.buildRow(t));
  }

  buildRow(t) {
    const row = document.createElement('label');
    row.className = 'row cost-row';
    const name = document.createElement('span');
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = t.color;
    name.append(swatch, t.name);
    const range = document.createElement('input');
    range.type = 'range';
    range.min = '0';
    range.max = '8';
    range.step = '0.25';
    range.value = String(t.cost);
    range.disabled = !t.editable;
    range.id = `cost-${t.id}`;
    range.setAttribute('aria-label', `${t.name} cost`);
    const out = document.createElement('output');
    const show = () => (out.textContent = Number(range.value) === 0 ? 'blocked' : range.value);
    show();
    range.addEventListener('input', () => {
      show();
      const before = this.costOf(t.id);
      const cost = Number(range.value);
      this.costs.set(t.id, cost);
      this.onChange(t.id, cost, before);
    });
    this.sliders.set(t.id, { range, show });
    row.append(name, range, out);
    return row;
  }

  /** Movement cost of a class, 0 when blocked; classes never set follow the package's default. */
  costOf(cls) {
    const c = this.costs.get(cls);
    if (c !== undefined) return c === Infinity ? 0 : c;
    return cls === GROUND ? 1 : 0;
  }

  /**
   * Costs a map file brings for its classes. Only shown on the sliders: the map's engine is
   * created from this table afterwards, so there is nothing to forward.
   */
  useMapCosts(pairs) {
    for (const [cls, cost] of pairs) {
      this.costs.set(cls, cost);
      const slider = this.sliders.get(cls);
      if (slider) {
        slider.range.value = String(cost === Infinity ? 0 : cost);
        slider.show();
      }
    }
  }
}
