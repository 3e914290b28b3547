// What the page says about its state: the last search's numbers, the main thread's frame graph
// and counters, the legend, the hovered cell and the hint above the controls. These functions
// only show; the modes and the panels own what they show.

import { TERRAIN, classColor } from './terrain.js';
import { heatGradientCss } from './view.js';
import { FrameGraph, RateCounter, formatBytes, formatMs, formatInt } from './stats.js';
import { $ } from './page.js';
import { RANGE_FAR, RANGE_NEAR } from './tactics-mode.js';

export class Hud {
  /**
   * @param {{ workerStats(): { bytesPosted: number, inFlight: number },
   *   summary(): string | null }} sources the engine's counters, and a mode's line of text
   */
  constructor(sources) {
    this.sources = sources;
    this.graph = new FrameGraph($('frame-graph'));
    this.requests = new RateCounter(); // path requests answered, for the "requests /s" figure
    this.shownAt = 0;
  }

  /** Once per animation frame: returns the frame time in ms, and refreshes 4 times a second. */
  frame(stamp) {
    const dt = this.graph.tick(stamp);
    this.graph.draw();
    if (stamp - this.shownAt > 250) {
      this.shownAt = stamp;
      this.showCounters();
    }
    return dt;
  }

  showCounters() {
    $('stat-rps').textContent = formatInt(this.requests.perSecond());
    const ws = this.sources.workerStats();
    $('stat-bytes').textContent = formatBytes(ws.bytesPosted);
    $('stat-inflight').textContent = formatInt(ws.inFlight);
    $('stat-frame').textContent = formatMs(this.graph.lastFrame());
    const worst = this.graph.worst(60);
    const worstBox = $('stat-worst');
    worstBox.textContent = formatMs(worst);
    worstBox.style.color = worst <= 20 ? '' : worst <= 34 ? 'var(--warn)' : 'var(--bad)';
    $('frame-note').hidden = !this.graph.showsStartUp();
    const summary = this.sources.summary();
    if (summary !== null) $('agent-summary').textContent = summary;
  }

  /** The "last search" box. `where`: 'worker' or 'main'; `goal`: the cell asked for, if one. */
  showSearch(result, ms, where, goal = null) {
    labelRows('path cost', 'length', 'ends at');
    $('stat-ms').textContent = formatMs(ms);
    $('stat-where').textContent = where === 'worker' ? 'in worker' : 'on main thread';
    $('stat-expanded').textContent = formatInt(result.expanded);
    $('stat-cost').textContent = result.status === 'none' ? '–' : result.cost.toFixed(2);
    const steps = Math.max(0, (result.rawPath ?? result.path).length / 2 - 1);
    $('stat-length').textContent = result.status === 'none' ? '–' : formatInt(steps);
    // Where the unit would stop, and which way it would face (goal modes adjacent and nearest).
    const end = result.goal;
    $('stat-end').textContent = end
      ? `(${end.x}, ${end.y})${end.facing && end.facing !== 'none' ? `, facing ${end.facing}` : ''}`
      : '–';
    const status = $('stat-status');
    status.textContent =
      result.status === 'found' ? 'found' : result.status === 'partial' ? 'partial' : 'no path';
    status.className = `status ${result.status}`;
    $('stat-reason').textContent = result.reason ? explainReason(result, goal) : '';
    this.showCounters();
  }

  /**
   * The "last search" box for a flow field or a movement range: one whole-map search, no single
   * path. From the worker, `ms` is the round trip (queueing and the arrays' transfer included).
   */
  showWholeMap(ms, where, reached, far) {
    $('stat-ms').textContent = formatMs(ms);
    $('stat-where').textContent = where === 'worker' ? 'worker round trip' : 'on main thread';
    $('stat-expanded').textContent = formatInt(reached);
    // No single path: the rows give the dearest cell reached, and the route from (or to) it.
    labelRows(far?.costLabel ?? 'dearest cell', 'its route', 'dearest at');
    $('stat-cost').textContent = far ? far.cost.toFixed(2) : '–';
    $('stat-length').textContent = far ? formatInt(far.steps) : '–';
    $('stat-end').textContent = far ? `(${far.x}, ${far.y})` : '–';
    const status = $('stat-status');
    status.textContent = reached ? 'found' : 'no path';
    status.className = `status ${reached ? 'found' : 'none'}`;
    $('stat-reason').textContent = reached ? '' : 'Nothing is reachable from here.';
  }

  /** The route hovered in tactics mode: its cost and steps in the "last search" box. */
  showRoute(cost, steps, x, y) {
    labelRows('route cost', 'length', 'ends at');
    $('stat-cost').textContent = cost.toFixed(2);
    $('stat-length').textContent = formatInt(steps);
    $('stat-end').textContent = `(${x}, ${y})`;
  }
}

/** The names of the "last search" rows that change meaning with what was searched. */
function labelRows(cost, length, end) {
  $('stat-cost-label').textContent = cost;
  $('stat-length-label').textContent = length;
  $('stat-end-label').textContent = end;
}

/** Why a search found no path (or only part of one), in a player's words: result.reason. */
export function explainReason(result, goalCell = null) {
  const { reason } = result;
  const goal = goalCell ? ` (${goalCell.x}, ${goalCell.y})` : '';
  const partly = result.status === 'partial' ? ' The path shown gets as close as it can.' : '';
  if (reason === 'goalBlocked')
    return (
      `The goal${goal} is a blocked cell: no search runs. Pick an open cell, or set the goal ` +
      'mode to adjacent or nearest.' +
      partly
    );
  if (reason === 'unreachable')
    return `Walls seal the goal${goal} off from the start: every cell the start can reach was searched.${partly}`;
  if (reason === 'budget')
    return `The budget ran out: ${formatInt(result.expanded)} cells expanded (max expansions) before the goal was reached.${partly}`;
  return `No path: ${reason}.`;
}

/**
 * The legend: the map's classes with their costs, then what the current mode draws.
 * @param {{ classes: [number, number][], costOf(cls: number): number, mode: string,
 *   smooth: boolean, heat: boolean }} state
 */
export function showLegend({ classes, costOf, mode, smooth, heat }) {
  const items = [];
  const line = (color, label, dashed = false, wide = false) =>
    `<span class="item${wide ? ' wide' : ''}"><span class="line${dashed ? ' dashed' : ''}" style="background:${color}"></span>${label}</span>`;
  const dot = (color, label) =>
    `<span class="item"><span class="dot" style="background:${color}"></span>${label}</span>`;
  const box = (color, label) =>
    `<span class="item"><span class="swatch" style="background:${color}"></span>${label}</span>`;
  for (const [cls, count] of classes) {
    if (!count) continue;
    const t = TERRAIN[cls];
    const cost = costOf(cls);
    items.push(
      box(classColor(cls), `${t ? t.name : `class ${cls}`} ${cost ? `×${cost}` : '(blocked)'}`),
    );
  }
  if (mode === 'defence') {
    items.push(
      `<span class="item wide">cost to exit: far<span class="ramp" style="background:${heatGradientCss()}"></span>near</span>`,
      dot('#ff7a00', 'walking'),
      dot('#ffffff', 'cut off'),
      dot('#f0483e', 'exit (E)'),
    );
  } else if (mode === 'tactics') {
    items.push(
      `<span class="item wide">reached: cheap<span class="ramp" style="background:linear-gradient(90deg, rgb(${RANGE_NEAR.join(' ')}), rgb(${RANGE_FAR.join(' ')}))"></span>all points</span>`,
      dot('#2fbf4a', 'unit (U)'),
      line('#ffd23f', 'route to the hovered cell', false, true),
    );
  } else if (mode === 'agents') {
    items.push(
      dot('#ff7a00', 'walking'),
      dot('#ffffff', 'waiting / planning'),
      dot('#f0483e', 'target'),
    );
  } else {
    items.push(dot('#2fbf4a', 'start'), dot('#f0483e', 'goal'));
    if (mode === 'step') {
      items.push(
        box('rgb(120 230 60)', 'open'),
        box('rgb(255 130 80)', 'closed'),
        line('#ff3df2', 'best route to the expanded cell', false, true),
      );
    } else {
      if (smooth) {
        items.push(line('#ff3df2', 'smoothed path'), line('#c8d0e0', 'raw path', true));
      } else items.push(line('#20d8ff', 'path'));
      if (heat) {
        items.push(
          `<span class="item wide">expanded: first<span class="ramp" style="background:${heatGradientCss()}"></span>last</span>`,
        );
      }
    }
  }
  $('legend').innerHTML = items.join('');
}

/**
 * The hint above the controls: what a click or a drag does now.
 * @param {{ mode: string, tool: string, next: 'start' | 'goal', cells: number }} state
 *   next: the endpoint a click places; cells: the map's cell count
 */
export function showHint({ mode, tool, next, cells }) {
  const touch = matchMedia('(pointer: coarse)').matches;
  const painting = tool.startsWith('paint:');
  const name = painting ? TERRAIN[Number(tool.slice(6))].name : '';
  let text;
  if (mode === 'defence') {
    text = painting
      ? `Paint ${name}: the worker computes a new field and the units follow it from their next cell.`
      : 'Click to set the exit, shift-click to add one. Every unit steps along the flow field: no unit searches. Zoom in for the arrows.';
  } else if (mode === 'tactics') {
    text = painting
      ? `Paint ${name}: the unit's range is computed again in the worker.`
      : 'Click to place the unit and set its movement points. Hover a lit cell for the route there and its cost.';
  } else if (mode === 'crowd') {
    text = painting
      ? `Paint ${name} as towers: the crowd's shared field is rebuilt and units on the paint are pushed out.`
      : 'Click to send the crowd there. Pour: a group through the map to the goal; Wave: from the far corner. The frame graph shows each step in blue.';
  } else if (mode === 'agents') {
    text = painting
      ? `Paint ${name} in the units' way: the ones whose route it touches re-plan through the worker.`
      : 'Click the map to send every unit there. Tick “Search on the main thread” and watch the frame graph.';
  } else if (mode === 'step') {
    text =
      'Press Play (or Space) to watch the search expand cell by cell: green cells are on the open ' +
      'list, orange ones closed. Hover a cell for its g, h and f.';
    if (cells > 128 * 128) text += ' Tip: a 64² map is easier to follow.';
  } else if (painting) {
    text = `Drag to paint ${name}. Each stroke reaches the worker as a small delta, and the path updates as you paint.`;
  } else if (tool === 'pan') {
    text = touch ? 'Drag to pan, pinch to zoom.' : 'Drag to pan, scroll to zoom.';
  } else if (next === 'start') {
    text =
      'Click to place the start (S), then the goal (G). Drag S or G to watch the path follow. ' +
      (touch ? 'Pinch to zoom, two fingers to pan.' : 'Scroll to zoom, right-drag to pan.');
  } else text = 'Now click to place the goal (G).';
  $('hint').textContent = text;
}

/**
 * The hovered cell's box: position, terrain and cost, and what the mode knows of it.
 * @param {string} modeText the mode's words on the cell ('' when it has none)
 */
export function showCellInfo(cell, map, costOf, modeText) {
  const box = $('cell-info');
  if (!cell || !map || cell.x < 0 || cell.y < 0 || cell.x >= map.width || cell.y >= map.height) {
    box.textContent = '';
    return;
  }
  const cls = map.cells[cell.y * map.width + cell.x];
  const name = TERRAIN[cls]?.name ?? `class ${cls}`;
  const cost = costOf(cls);
  const costText = cost ? `cost ${cost}` : 'blocked';
  box.textContent = `(${cell.x}, ${cell.y}) ${name}, ${costText}${modeText}`;
}
