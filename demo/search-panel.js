// The search options panel: its selects are filled from the option values the package declares,
// and it answers with options in the package's own names. It also holds the two switches about
// where and how searches are shown: the heat map and "search on the main thread".

import { $, showValue } from './page.js';

const LABELS = {
  algorithm: {
    astar: 'A*',
    bfs: 'Breadth-first (BFS)',
    dijkstra: 'Dijkstra',
    jps: 'Jump point search (JPS)',
    hpa: 'Hierarchical (HPA*, big maps)',
    auto: 'Auto (the package default: JPS where exact, else A*)',
  },
  diagonal: {
    never: 'Never (4 neighbours)',
    noCorners: 'No corner cutting',
    oneObstacle: 'Past one obstacle',
    always: 'Always',
  },
  heuristic: { auto: 'Default for diagonals' },
  goal: {
    exact: 'Exact cell',
    adjacent: 'Next to it (doors, NPCs)',
    nearest: 'Nearest reachable',
  },
};

export class SearchPanel {
  /**
   * @param {{ onChange(): void, onHeatChange(heat: boolean): void, onWhereChange(): void }} handlers
   *   onChange: an option the search reads changed
   */
  constructor({ onChange, onHeatChange, onWhereChange }) {
    showValue($('opt-weight'), (v) => `×${Number(v).toFixed(1)}`);
    for (const id of [
      'opt-algorithm',
      'opt-diagonal',
      'opt-heuristic',
      'opt-goal',
      'opt-unit',
      'opt-kind',
    ])
      $(id).addEventListener('change', onChange);
    for (const id of ['opt-weight', 'opt-budget']) $(id).addEventListener('input', onChange);
    for (const id of ['opt-partial', 'opt-smooth']) $(id).addEventListener('change', onChange);
    $('opt-heat').addEventListener('change', () => onHeatChange(this.heat));
    $('on-main').addEventListener('change', onWhereChange);
  }

  /** @param {{ algorithm: string[], diagonal: string[], heuristic: string[], goal: string[] }} values */
  fill(values) {
    const fill = (id, list, labels) => {
      const select = $(id);
      select.replaceChildren();
      for (const v of list) select.append(new Option(labels[v] ?? v, v));
    };
    fill('opt-algorithm', values.algorithm, LABELS.algorithm);
    fill('opt-diagonal', values.diagonal, LABELS.diagonal);
    fill('opt-heuristic', ['auto', ...values.heuristic], LABELS.heuristic);
    fill('opt-goal', values.goal, LABELS.goal);
    $('opt-diagonal').value = 'noCorners';
  }

  /** The search options the panel describes, in the package's option names. */
  options() {
    const options = {
      algorithm: $('opt-algorithm').value,
      diagonal: $('opt-diagonal').value,
      weight: Number($('opt-weight').value),
      maxExpansions: Math.max(0, Math.floor(Number($('opt-budget').value) || 0)),
      partial: $('opt-partial').checked,
      goal: $('opt-goal').value,
      // Off where the map's shape has no smoothing (the box is then disabled).
      smooth: $('opt-smooth').checked && !$('opt-smooth').disabled,
    };
    const heuristic = $('opt-heuristic').value;
    if (heuristic !== 'auto') options.heuristic = heuristic;
    // hpa takes exact goals for units of one tile, without a budget, partial paths or a weight
    // (it refuses them).
    if (options.algorithm === 'hpa')
      Object.assign(options, { weight: 1, maxExpansions: 0, partial: false, goal: 'exact' });
    else if (this.unitSize > 1) options.unitSize = this.unitSize;
    // A boat or cavalry searches by its own movement profile (terrain.js UNIT_KINDS).
    const kind = $('opt-kind').value;
    if (kind !== 'walker' && !$('opt-kind').disabled) options.profile = kind;
    return options;
  }

  /** The side of the unit the path panel plans for (the start and goal are its top-left tile). */
  get unitSize() {
    return $('opt-unit').disabled ? 1 : Number($('opt-unit').value) || 1;
  }

  /** Units walk cell by cell, and a unit sent onto a wall should still get as close as it can. */
  agentOptions() {
    const { algorithm, diagonal, heuristic, weight } = this.options();
    // Units ask for the nearest reachable cell, which hpa does not answer: they plan with A*.
    const options = { algorithm: algorithm === 'hpa' ? 'astar' : algorithm, diagonal, weight };
    options.goal = 'nearest';
    if (heuristic) options.heuristic = heuristic;
    return options;
  }

  get heat() {
    return $('opt-heat').checked;
  }

  get smooth() {
    return $('opt-smooth').checked;
  }

  /** Search on this thread instead of the worker. */
  get onMain() {
    return $('on-main').checked;
  }

  /**
   * Greys out what the mode does not use, and a line under the options on what the chosen
   * algorithm does with this map's costs.
   */
  showFor(mode, uniformCosts) {
    // Units plan with the options agentOptions() keeps; nothing draws a heat map meanwhile.
    const agents = mode === 'agents';
    // A field or a range is one Dijkstra over the map: only the diagonal rule applies (a crowd
    // plans with its own options).
    const whole = mode === 'defence' || mode === 'tactics' || mode === 'crowd';
    for (const id of [
      'opt-budget',
      'opt-goal',
      'opt-partial',
      'opt-smooth',
      'opt-heat',
      'opt-unit',
      'opt-kind',
    ]) {
      $(id).disabled = agents || whole;
      $(id)
        .closest('label')
        .classList.toggle('unused', agents || whole);
    }
    for (const id of ['opt-algorithm', 'opt-heuristic', 'opt-weight']) {
      $(id).disabled = whole;
      $(id).closest('label').classList.toggle('unused', whole);
    }
    const algorithm = $('opt-algorithm').value;
    // hpa plans for one-tile units, to the exact goal, in one go: what it refuses is greyed out.
    if (algorithm === 'hpa' && !agents && !whole) {
      for (const id of [
        'opt-budget',
        'opt-goal',
        'opt-partial',
        'opt-heat',
        'opt-unit',
        'opt-weight',
      ]) {
        $(id).disabled = true;
        $(id).closest('label').classList.add('unused');
      }
    }
    const diagonal = $('opt-diagonal').value;
    let note = '';
    if (whole)
      note =
        'Fields and ranges are one Dijkstra over the whole map with the terrain costs: only ' +
        'the diagonal rule applies.';
    else if (agents)
      note =
        'Units plan with the algorithm, diagonals, heuristic and weight above, and walk to ' +
        'the nearest cell they can reach. Squares are 2 × 2 and 3 × 3 units: they plan with ' +
        'their own unitSize and only go where they fit.';
    else if (this.unitSize > 1)
      note =
        `A ${this.unitSize} × ${this.unitSize} unit: S and G are its top-left tile, it only goes ` +
        'where all its tiles fit, and each step costs the dearest tile under it.';
    else if (algorithm === 'bfs')
      note = 'BFS searches as if every passable cell cost 1; the cost shown uses the table.';
    else if (algorithm === 'jps' && (diagonal !== 'noCorners' || !uniformCosts)) {
      note = 'JPS needs “No corner cutting” and uniform costs; here it quietly runs A*.';
    } else if (algorithm === 'hpa')
      note =
        'HPA*: near-optimal, for long queries on big maps (try a 2048 open field); the first ' +
        'query builds the hierarchy. Budget, partial, goal modes, weight and the heat map do not ' +
        'apply; A* runs beside it for comparison.';
    else if (algorithm === 'dijkstra')
      note = 'Dijkstra ignores the heuristic: compare the expanded count with A*.';
    else if (Number($('opt-weight').value) > 1)
      note = 'Weighted A*: fewer cells expanded, cost at most weight × optimal.';
    $('opt-note').textContent = note;
  }
}
