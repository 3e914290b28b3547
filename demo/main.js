// The tilepath demo page. Imports the package the way a user without a bundler would, wires the
// map view, the controls and the three modes (path, step by step, agents) together.

import { createPathfinder } from '../js/index.js';
import { PathWorker } from '../js/worker.js';
import { TERRAIN, GROUND, paletteWords, classColor } from './terrain.js';
import { GENERATORS, generateMap, parseMovingAiMap, suggestEndpoints } from './maps.js';
import { MapView, heatRamp, heatGradientCss, rgbaWord } from './view.js';
import { SearchEngine } from './engine.js';
import { StepReplay, OPEN, CLOSED } from './stepper.js';
import { AgentCrowd } from './agents.js';
import { FrameGraph, RateCounter, formatBytes, formatMs, formatInt } from './stats.js';

const $ = (id) => document.getElementById(id);

const OPEN_WORD = rgbaWord(120, 230, 60, 225);
const CLOSED_WORD = rgbaWord(255, 130, 80, 150);
const HEAT = heatRamp(165);

const app = {
  pathfinder: null,
  palette: null,
  mode: 'path',
  tool: 'route',
  brush: 1,
  map: null,
  mapKey: 'gen:terrain',
  seed: 1,
  engine: null,
  loads: 0, // map loads started, so a slow one cannot replace a later one
  start: null,
  goal: null,
  nextEndpoint: 'start',
  costs: new Map(TERRAIN.map((t) => [t.id, t.cost])),
  onMain: false,
  heat: true,
  /** The last answered path query: what the page shows (and what the e2e test reads). */
  last: null,
  query: { dirty: false, inFlight: false, waiters: [] },
  heatOrder: null, // expansion number of each cell in the last search, -1 if not expanded
  step: { replay: null, result: null, playing: false, carry: 0, speedChosen: false },
  agents: null,
  agentBatches: 0,
  agentPlans: 0,
  hover: null,
  dragging: false, // a paint stroke or an S/G drag is in progress
  requests: new RateCounter(),
  graph: null,
  view: null,
};

// --- boot -----------------------------------------------------------------------------------

async function boot() {
  app.view = new MapView($('map'));
  app.graph = new FrameGraph($('frame-graph'));
  app.palette = paletteWords();
  buildTools();
  buildCosts();
  bindInputs();
  bindPointer();
  bindFileDrop();
  requestAnimationFrame(frame);

  showToast('Loading the WebAssembly module…', 'info');
  app.pathfinder = await createPathfinder();
  hideToast();
  buildOptionSelects(app.pathfinder.optionValues);
  await listMaps();
  await loadSelectedMap();
  setMode('path');
}

// --- controls --------------------------------------------------------------------------------

function buildTools() {
  const tools = [
    { id: 'route', label: 'Route', icon: '⚑', title: 'Click to set start and goal; drag S or G' },
    { id: 'pan', label: 'Pan', icon: '✥', title: 'Drag to move the view' },
    ...TERRAIN.map((t) => ({
      id: `paint:${t.id}`,
      label: t.name,
      color: t.color,
      title: `Paint ${t.name}`,
    })),
  ];
  const box = $('tools');
  for (const tool of tools) {
    const button = document.createElement('button');
    button.setAttribute('role', 'radio');
    button.dataset.tool = tool.id;
    button.title = tool.title;
    if (tool.color) {
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = tool.color;
      button.append(swatch);
    } else {
      const icon = document.createElement('span');
      icon.textContent = tool.icon;
      button.append(icon);
    }
    button.append(tool.label);
    button.addEventListener('click', () => setTool(tool.id));
    box.append(button);
  }
  setTool('route');
}

function setTool(id) {
  app.tool = id;
  for (const b of $('tools').children)
    b.setAttribute('aria-checked', String(b.dataset.tool === id));
  updateHint();
}

function buildCosts() {
  const box = $('costs');
  for (const t of TERRAIN) {
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
      setCost(t.id, Number(range.value));
    });
    row.append(name, range, out);
    box.append(row);
  }
}

function setCost(cls, cost) {
  const before = app.costs.get(cls) ?? (cls === 0 ? 1 : 0);
  app.costs.set(cls, cost);
  app.engine?.setCost(cls, cost);
  // A class opening or closing changes where units can walk: all of them look again.
  if (app.agents && (before === 0) !== (cost === 0)) app.agents.cellsChanged([], true);
  if (app.map) describeMap();
  rerun();
}

function costOf(cls) {
  const c = app.costs.get(cls);
  if (c !== undefined) return c === Infinity ? 0 : c;
  return cls === GROUND ? 1 : 0;
}

function buildOptionSelects(values) {
  const fill = (id, list, labels = {}) => {
    const select = $(id);
    select.replaceChildren();
    for (const v of list) select.append(new Option(labels[v] ?? v, v));
  };
  fill('opt-algorithm', values.algorithm, {
    astar: 'A*',
    bfs: 'Breadth-first (BFS)',
    dijkstra: 'Dijkstra',
    jps: 'Jump point search (JPS)',
  });
  fill('opt-diagonal', values.diagonal, {
    never: 'Never (4 neighbours)',
    noCorners: 'No corner cutting',
    oneObstacle: 'Past one obstacle',
    always: 'Always',
  });
  fill('opt-heuristic', ['auto', ...values.heuristic], { auto: 'Default for diagonals' });
  fill('opt-goal', values.goal, {
    exact: 'Exact cell',
    adjacent: 'Next to it (doors, NPCs)',
    nearest: 'Nearest reachable',
  });
  $('opt-diagonal').value = 'noCorners';
}

/** The search options the panel describes, in the package's option names. */
function searchOptions() {
  const options = {
    algorithm: $('opt-algorithm').value,
    diagonal: $('opt-diagonal').value,
    weight: Number($('opt-weight').value),
    maxExpansions: Math.max(0, Math.floor(Number($('opt-budget').value) || 0)),
    partial: $('opt-partial').checked,
    goal: $('opt-goal').value,
    smooth: $('opt-smooth').checked,
  };
  const heuristic = $('opt-heuristic').value;
  if (heuristic !== 'auto') options.heuristic = heuristic;
  return options;
}

function bindInputs() {
  for (const button of document.querySelectorAll('.modes button')) {
    button.addEventListener('click', () => setMode(button.dataset.mode));
  }
  const outputs = [
    ['opt-weight', (v) => `×${Number(v).toFixed(1)}`],
    ['brush', (v) => `${v}×${v}`],
    ['agent-count', (v) => v],
    ['agent-batch', (v) => v],
    ['step-speed', (v) => `${formatInt(stepRate(Number(v)))}/s`],
  ];
  for (const [id, format] of outputs) {
    const input = $(id);
    const out = $(`${id}-out`);
    const show = () => (out.textContent = format(input.value));
    input.addEventListener('input', show);
    show();
  }
  for (const id of ['opt-algorithm', 'opt-diagonal', 'opt-heuristic', 'opt-goal']) {
    $(id).addEventListener('change', rerun);
  }
  for (const id of ['opt-weight', 'opt-budget']) $(id).addEventListener('input', rerun);
  for (const id of ['opt-partial', 'opt-smooth']) $(id).addEventListener('change', rerun);
  $('opt-heat').addEventListener('change', () => {
    app.heat = $('opt-heat').checked;
    if (!app.heat && app.mode === 'path') app.view.overlay.clear();
    rerun();
  });
  $('brush').addEventListener('input', () => (app.brush = Number($('brush').value)));
  $('on-main').addEventListener('change', () => {
    app.onMain = $('on-main').checked;
    rerun();
  });
  $('map-select').addEventListener('change', () => loadSelectedMap());
  $('map-size').addEventListener('change', () => loadSelectedMap());
  $('map-new').addEventListener('click', () => {
    app.seed = (app.seed % 9973) + 1;
    loadSelectedMap();
  });
  $('map-file').addEventListener('change', async () => {
    const file = $('map-file').files[0];
    if (file) await loadFile(file);
    $('map-file').value = '';
  });
  $('zoom-in').addEventListener('click', () => zoomCenter(1.5));
  $('zoom-out').addEventListener('click', () => zoomCenter(1 / 1.5));
  $('zoom-fit').addEventListener('click', () => app.view.fit());

  $('step-speed').addEventListener('pointerdown', () => (app.step.speedChosen = true));
  $('step-speed').addEventListener('keydown', () => (app.step.speedChosen = true));
  $('step-play').addEventListener('click', () => setPlaying(!app.step.playing));
  $('step-forward').addEventListener('click', () => stepBy(1));
  $('step-back').addEventListener('click', () => stepBy(-1));
  $('step-reset').addEventListener('click', () => {
    setPlaying(false);
    app.step.replay?.seek(0);
    stepChanged();
  });
  $('step-end').addEventListener('click', () => {
    setPlaying(false);
    app.step.replay?.seek(app.step.replay.total);
    stepChanged();
  });

  $('agent-count').addEventListener('input', () =>
    app.agents?.resize(Number($('agent-count').value)),
  );
  $('agent-wander').addEventListener('change', () => {
    if (app.agents) app.agents.wander = $('agent-wander').checked;
  });

  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)
      return;
    if (event.key === 'f') app.view.fit();
    if (app.mode !== 'step') return;
    if (event.key === ' ') {
      event.preventDefault();
      setPlaying(!app.step.playing);
    } else if (event.key === 'ArrowRight') stepBy(1);
    else if (event.key === 'ArrowLeft') stepBy(-1);
  });
}

function zoomCenter(factor) {
  app.view.zoomAt(factor, app.view.cssWidth / 2, app.view.cssHeight / 2);
}

function setMode(mode) {
  app.mode = mode;
  for (const b of document.querySelectorAll('.modes button')) {
    b.setAttribute('aria-selected', String(b.dataset.mode === mode));
  }
  $('group-step').hidden = mode !== 'step';
  $('group-agents').hidden = mode !== 'agents';
  setPlaying(false);
  app.view.overlay?.clear();
  if (mode === 'agents') startAgents();
  else app.agents = null;
  if (mode === 'step') buildStep();
  else app.step.replay = null;
  if (mode === 'path') {
    if (app.last) paintHeat(app.last.result);
    rerun();
  }
  updateLegend();
  updateHint();
  app.view.needsDraw = true;
}

function updateHint() {
  const tool = app.tool;
  const touch = matchMedia('(pointer: coarse)').matches;
  const painting = tool.startsWith('paint:');
  const name = painting ? TERRAIN[Number(tool.slice(6))].name : '';
  let text;
  if (app.mode === 'agents') {
    text = painting
      ? `Paint ${name} in the units' way: the ones whose route it touches re-plan through the worker.`
      : 'Click the map to send every unit there. Tick “Search on the main thread” and watch the frame graph.';
  } else if (app.mode === 'step') {
    text =
      'Press Play (or Space) to watch the search expand cell by cell: green cells are on the open ' +
      'list, orange ones closed. Hover a cell for its g, h and f.';
    if (app.map && app.map.width * app.map.height > 128 * 128) {
      text += ' Tip: a 64² map is easier to follow.';
    }
  } else if (painting) {
    text = `Drag to paint ${name}. Each stroke reaches the worker as a small delta, and the path updates as you paint.`;
  } else if (tool === 'pan') {
    text = touch ? 'Drag to pan, pinch to zoom.' : 'Drag to pan, scroll to zoom.';
  } else if (app.nextEndpoint === 'start') {
    text =
      'Click to place the start (S), then the goal (G). Drag S or G to watch the path follow. ' +
      (touch ? 'Pinch to zoom, two fingers to pan.' : 'Scroll to zoom, right-drag to pan.');
  } else text = 'Now click to place the goal (G).';
  $('hint').textContent = text;
}

function updateLegend() {
  const items = [];
  const line = (color, label, dashed = false) =>
    `<span class="item"><span class="line${dashed ? ' dashed' : ''}" style="background:${color}"></span>${label}</span>`;
  const dot = (color, label) =>
    `<span class="item"><span class="dot" style="background:${color}"></span>${label}</span>`;
  const box = (color, label) =>
    `<span class="item"><span class="swatch" style="background:${color}"></span>${label}</span>`;
  for (const [cls, count] of app.mapClasses ?? []) {
    if (!count) continue;
    const t = TERRAIN[cls];
    const cost = costOf(cls);
    items.push(
      box(classColor(cls), `${t ? t.name : `class ${cls}`} ${cost ? `×${cost}` : '(blocked)'}`),
    );
  }
  if (app.mode === 'agents') {
    items.push(
      dot('#ff7a00', 'walking'),
      dot('#ffffff', 'waiting / planning'),
      dot('#f0483e', 'target'),
    );
  } else {
    items.push(dot('#2fbf4a', 'start'), dot('#f0483e', 'goal'));
    if (app.mode === 'step') {
      items.push(
        box('rgb(120 230 60)', 'open'),
        box('rgb(255 130 80)', 'closed'),
        line('#ff3df2', 'best route to the expanded cell'),
      );
    } else {
      if ($('opt-smooth').checked) {
        items.push(line('#ff3df2', 'smoothed path'), line('#c8d0e0', 'raw path', true));
      } else items.push(line('#20d8ff', 'path'));
      if (app.heat) {
        items.push(
          `<span class="item">expanded: first<span class="ramp" style="background:${heatGradientCss()}"></span>last</span>`,
        );
      }
    }
  }
  $('legend').innerHTML = items.join('');
}

// --- maps ------------------------------------------------------------------------------------

async function listMaps() {
  const select = $('map-select');
  const generated = document.createElement('optgroup');
  generated.label = 'Generated';
  for (const [key, g] of Object.entries(GENERATORS))
    generated.append(new Option(g.label, `gen:${key}`));
  select.append(generated);
  try {
    const response = await fetch('/movingai/index.json');
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const index = await response.json();
    if (index.maps?.length) {
      const group = document.createElement('optgroup');
      group.label = 'Moving AI benchmarks';
      for (const m of index.maps) {
        const option = new Option(
          `${m.name.replace(/\.map$/, '')} (${m.width}×${m.height})`,
          `mai:${m.name}`,
        );
        option.dataset.url = m.url;
        if (m.scenario) option.dataset.scenario = m.scenario;
        group.append(option);
      }
      select.append(group);
    } else if (index.message) {
      $('map-info').textContent = index.message;
    }
  } catch (error) {
    // Served by something other than js/tools/serve.mjs: the generated maps still work.
    console.warn(`Moving AI maps unavailable: ${error.message}`);
  }
  select.value = app.mapKey;
}

async function loadSelectedMap() {
  const select = $('map-select');
  const key = select.value;
  app.mapKey = key;
  $('generator-row').hidden = !key.startsWith('gen:');
  try {
    if (key.startsWith('gen:')) {
      const map = generateMap(key.slice(4), Number($('map-size').value), app.seed);
      map.label = `${GENERATORS[key.slice(4)].label}, seed ${app.seed}`;
      await useMap(map);
    } else if (key.startsWith('mai:')) {
      const option = select.selectedOptions[0];
      const response = await fetch(option.dataset.url);
      if (!response.ok)
        throw new Error(`could not load ${option.dataset.url}: HTTP ${response.status}`);
      const map = parseMovingAiMap(await response.text(), key.slice(4));
      map.label = `Moving AI: ${key.slice(4)}`;
      const endpoints = option.dataset.scenario
        ? await hardestScenario(option.dataset.scenario, map)
        : null;
      await useMap(map, endpoints);
    } else if (key.startsWith('file:') && app.fileMap) {
      await useMap(app.fileMap);
    }
  } catch (error) {
    showError(error);
  }
}

/** The longest problem of a .scen file: a long route to look at, known to be solvable. */
async function hardestScenario(url, map) {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    let best = null;
    // `version 1`, then: bucket map width height startX startY goalX goalY optimalLength,
    // separated by tabs or spaces depending on who wrote the file.
    for (const line of (await response.text()).split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 9) continue;
      const [sx, sy, gx, gy] = f.slice(4, 8).map(Number);
      const length = Number(f[8]);
      const inside =
        [sx, gx].every((v) => v >= 0 && v < map.width) &&
        [sy, gy].every((v) => v >= 0 && v < map.height);
      if (inside && (!best || length > best.length))
        best = { start: { x: sx, y: sy }, goal: { x: gx, y: gy }, length };
    }
    return best;
  } catch (error) {
    console.warn(`scenario ${url} unreadable, using corners: ${error.message}`);
    return null;
  }
}

async function loadFile(file) {
  try {
    const text = await file.text();
    let map;
    if (/^\s*type\s+/.test(text)) {
      map = parseMovingAiMap(text, file.name);
    } else if (/^\s*[{<]/.test(text)) {
      map = await readTiled(text, file.name);
    } else {
      throw new TypeError(
        `${file.name}: not a Moving AI .map (no "type" header) nor Tiled JSON/TMX`,
      );
    }
    map.label = `File: ${file.name}`;
    app.fileMap = map;
    const select = $('map-select');
    let option = select.querySelector('option[value^="file:"]');
    if (!option) {
      const group = document.createElement('optgroup');
      group.label = 'Your file';
      option = new Option('', '');
      group.append(option);
      select.append(group);
    }
    option.value = `file:${file.name}`;
    option.textContent = `${file.name} (${map.width}×${map.height})`;
    select.value = option.value;
    await loadSelectedMap();
  } catch (error) {
    showError(error);
  }
}

/** Tiled JSON or TMX through tilepath/tiled; picks a collision-looking layer, else the first. */
async function readTiled(text, name) {
  let tiled;
  try {
    tiled = await import('../js/tiled.js');
  } catch (error) {
    throw new Error(`Tiled maps need js/tiled.js and its dependency fflate: ${error.message}`);
  }
  const names = [];
  if (text.trim().startsWith('{')) {
    const walk = (layers, prefix) => {
      for (const l of layers ?? []) {
        const path = prefix ? `${prefix}/${l.name}` : l.name;
        if (l.type === 'tilelayer') names.push(path);
        if (l.type === 'group') walk(l.layers, path);
      }
    };
    walk(JSON.parse(text).layers, '');
  } else {
    for (const m of text.matchAll(/<layer\b[^>]*\bname="([^"]*)"/g)) names.push(m[1]);
  }
  const preferred = names.find((n) => /collision|collide|wall|obstacle|block|solid/i.test(n));
  const layer = preferred ?? 0;
  const read = tiled.readTiledLayer(text, { layer });
  const map = { name, width: read.width, height: read.height, cells: read.cells };
  // Tile properties may give classes their own costs: use them for this map.
  const entries = read.costs instanceof Map ? [...read.costs] : Object.entries(read.costs ?? {});
  map.costs = entries.map(([cls, cost]) => [Number(cls), cost]);
  showToast(
    `Read layer ${JSON.stringify(preferred ?? names[0] ?? 'first')} of ${name}`,
    'info',
    3000,
  );
  return map;
}

async function useMap(map, endpoints = null) {
  for (const [cls, cost] of map.costs ?? []) {
    app.costs.set(cls, cost);
    const range = $(`cost-${cls}`);
    if (range) {
      range.value = String(cost === Infinity ? 0 : cost);
      range.dispatchEvent(new Event('input'));
    }
  }
  const token = ++app.loads;
  const engine = await SearchEngine.create(app.pathfinder, PathWorker, map, app.costs);
  if (token !== app.loads) {
    engine.dispose(); // another map was picked while this one was starting
    return;
  }
  if (engine.workerError) {
    showError(
      new Error(`worker unavailable, searching on the main thread: ${engine.workerError.message}`),
    );
  }
  app.engine?.dispose();
  app.engine = engine;
  app.map = map;
  app.heatOrder = new Int32Array(map.width * map.height).fill(-1);
  app.view.setMap(map, app.palette);
  const { start, goal } = endpoints ?? suggestEndpoints(map);
  app.start = start;
  app.goal = goal;
  app.nextEndpoint = 'start';
  app.last = null;
  countClasses();
  describeMap();
  updateLegend();
  updateHint();
  if (app.mode === 'agents') startAgents();
  if (app.mode === 'step') buildStep();
  rerun();
}

function countClasses() {
  const counts = new Uint32Array(256);
  for (const c of app.map.cells) counts[c]++;
  app.mapClasses = [...counts.entries()].filter(([, n]) => n > 0);
}

function describeMap() {
  const { width, height, label } = app.map;
  const total = width * height;
  const blocked = app.mapClasses.reduce((sum, [cls, n]) => sum + (costOf(cls) ? 0 : n), 0);
  $('map-info').textContent =
    `${label ?? app.map.name}: ${width}×${height}, ${formatInt(total)} cells, ` +
    `${((blocked / total) * 100).toFixed(1)}% blocked.`;
}

function bindFileDrop() {
  const overlay = $('drop-overlay');
  let depth = 0;
  document.addEventListener('dragenter', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    depth++;
    overlay.hidden = false;
  });
  document.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (!depth) overlay.hidden = true;
  });
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    depth = 0;
    overlay.hidden = true;
    const file = event.dataTransfer?.files[0];
    if (file) loadFile(file);
  });
}

// --- path mode -------------------------------------------------------------------------------

/** Something the search depends on changed: run it again in the current mode. */
function rerun() {
  updateOptionNote();
  if (!app.map) return;
  if (app.mode === 'path') {
    app.query.dirty = true;
    pumpQuery();
  } else if (app.mode === 'step') buildStep();
  updateLegend();
}

// One query in flight at a time; edits made meanwhile coalesce into the next one, so dragging
// the goal across a 1024x1024 map never piles up stale requests.
async function pumpQuery() {
  const q = app.query;
  if (!app.engine || app.mode !== 'path') q.dirty = false; // the other modes search their own way
  if (q.inFlight || !q.dirty) {
    if (!q.inFlight) settleWaiters();
    return;
  }
  q.dirty = false;
  q.inFlight = true;
  const engine = app.engine;
  const { start, goal } = app;
  // A trace of a huge search is megabytes: while a drag is going on, skip it unless the last
  // search was small, and trace once more when the drag ends.
  const light = !app.last || app.last.result.expanded < 60000;
  const options = { ...searchOptions(), trace: app.heat && (!app.dragging || light) };
  try {
    const { result, ms, where } = await engine.findPath(
      start.x,
      start.y,
      goal.x,
      goal.y,
      options,
      app.onMain,
    );
    app.requests.add(1);
    if (engine === app.engine) {
      const query = { sx: start.x, sy: start.y, gx: goal.x, gy: goal.y, options };
      app.last = { query, result, ms, where };
      showResult();
    }
  } catch (error) {
    showError(error);
  } finally {
    q.inFlight = false;
    if (app.query.dirty) pumpQuery();
    else settleWaiters();
  }
}

function settleWaiters() {
  const waiters = app.query.waiters.splice(0);
  for (const resolve of waiters) resolve();
}

function showResult() {
  if (app.mode !== 'path') return; // answered after the user switched modes
  const { result } = app.last;
  paintHeat(result);
  showQueryStats(result, app.last.ms, app.last.where);
  app.view.needsDraw = true;
}

function showQueryStats(result, ms, where) {
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
  updateHud();
}

function paintHeat(result) {
  const overlay = app.view.overlay;
  const order = app.heatOrder;
  order.fill(-1);
  overlay.words.fill(0);
  const cells = result?.expandedCells;
  if (app.heat && cells) {
    const n = cells.length / 2;
    const width = app.map.width;
    for (let k = 0; k < n; k++) {
      const i = cells[k * 2 + 1] * width + cells[k * 2];
      order[i] = k;
      overlay.words[i] = HEAT[Math.floor((k / Math.max(1, n - 1)) * 255)];
    }
  }
  overlay.markAllDirty();
  app.view.needsDraw = true;
}

function updateOptionNote() {
  const algorithm = $('opt-algorithm').value;
  const diagonal = $('opt-diagonal').value;
  const uniform = (app.mapClasses ?? []).every(([cls]) => costOf(cls) === 0 || costOf(cls) === 1);
  let note = '';
  if (algorithm === 'bfs')
    note = 'BFS searches as if every passable cell cost 1; the cost shown uses the table.';
  else if (algorithm === 'jps' && (diagonal !== 'noCorners' || !uniform)) {
    note = 'JPS needs “No corner cutting” and uniform costs; here it quietly runs A*.';
  } else if (algorithm === 'dijkstra')
    note = 'Dijkstra ignores the heuristic: compare the expanded count with A*.';
  else if (Number($('opt-weight').value) > 1)
    note = 'Weighted A*: fewer cells expanded, cost at most weight × optimal.';
  $('opt-note').textContent = note;
}

// --- step mode -------------------------------------------------------------------------------

function buildStep() {
  if (!app.map || !app.engine) return;
  const wasPlaying = app.step.playing;
  const overlay = app.view.overlay;
  overlay.clear();
  let result;
  try {
    const options = { ...searchOptions(), trace: true };
    const { result: r, ms } = app.engine.findPathHere(
      app.start.x,
      app.start.y,
      app.goal.x,
      app.goal.y,
      options,
    );
    result = r;
    showQueryStats(result, ms, 'main');
  } catch (error) {
    showError(error);
    return;
  }
  app.step.result = result;
  app.step.replay = new StepReplay(result.traceEvents, app.map.width, app.map.height, (i, state) =>
    overlay.set(i, state === OPEN ? OPEN_WORD : state === CLOSED ? CLOSED_WORD : 0),
  );
  app.step.carry = 0;
  if (!app.step.speedChosen) {
    // Until the user picks a speed, a replay takes about 15 seconds (at least 8 expansions/s).
    const slider = (Math.log10(Math.max(8, app.step.replay.total / 15)) / 4.3) * 100;
    $('step-speed').value = String(Math.round(Math.min(100, Math.max(0, slider))));
    $('step-speed').dispatchEvent(new Event('input'));
  }
  setPlaying(wasPlaying);
  stepChanged();
}

function stepRate(slider) {
  // 1 to ~20,000 expansions per second on a log scale.
  return Math.round(Math.pow(10, (slider / 100) * 4.3));
}

function setPlaying(playing) {
  const replay = app.step.replay;
  if (playing && replay?.finished) replay.seek(0);
  app.step.playing = playing && !!replay;
  $('step-play').textContent = app.step.playing ? 'Pause' : '▶ Play';
}

function stepBy(n) {
  const replay = app.step.replay;
  if (!replay) return;
  setPlaying(false);
  if (n > 0) replay.forward(n);
  else replay.seek(replay.done + n);
  stepChanged();
}

function advanceStep(dt) {
  const replay = app.step.replay;
  app.step.carry += (dt / 1000) * stepRate(Number($('step-speed').value));
  const n = Math.floor(app.step.carry);
  if (n < 1) return;
  app.step.carry -= n;
  replay.forward(n);
  if (replay.finished) setPlaying(false);
  stepChanged();
}

function stepChanged() {
  const replay = app.step.replay;
  if (!replay) return;
  const result = app.step.result;
  let text = `Expansion ${formatInt(replay.done)} of ${formatInt(replay.total)}`;
  if (replay.finished) {
    text +=
      result.status === 'found'
        ? ` · path found, cost ${result.cost.toFixed(2)}`
        : ` · ${result.status}`;
  }
  $('step-progress').textContent = text;
  app.view.needsDraw = true;
  showCellInfo();
}

// --- agents mode -----------------------------------------------------------------------------

function startAgents() {
  if (!app.map) return;
  app.agents = new AgentCrowd(app.map, costOf, Number($('agent-count').value));
  app.agents.wander = $('agent-wander').checked;
  app.agentBatches = 0;
}

function agentOptions() {
  const { algorithm, diagonal, heuristic, weight } = searchOptions();
  // Units walk cell by cell, and a unit clicked onto a wall should still get as close as it can.
  const options = { algorithm, diagonal, weight, goal: 'nearest' };
  if (heuristic) options.heuristic = heuristic;
  return options;
}

function planAgents() {
  const crowd = app.agents;
  // At most two batches in the worker at once: requests stay fresh and latency stays low.
  if (!app.onMain && app.agentBatches >= 2) return;
  const { list, who } = crowd.takeRequests(Number($('agent-batch').value), agentOptions());
  if (!list.length) return;
  app.requests.add(list.length);
  app.agentPlans += list.length;
  if (app.onMain) {
    const { results, lastMs } = engineFindPathsSync(list);
    crowd.receive(who, results);
    showAgentResult(results, lastMs);
    return;
  }
  app.agentBatches++;
  const engine = app.engine;
  engine
    .findPaths(list, false)
    .then((results) => {
      if (crowd !== app.agents) return;
      crowd.receive(who, results);
      showAgentResult(results);
    })
    .catch((error) => {
      if (crowd === app.agents) crowd.receive(who, []);
      if (engine === app.engine) showError(error);
    })
    .finally(() => app.agentBatches--);
}

/** In agents mode the "last search" box shows the newest plan of a batch. */
function showAgentResult(results, mainMs) {
  const r = results[results.length - 1];
  if (!r) return;
  showQueryStats(r, mainMs ?? r.workerMs, mainMs === undefined ? 'worker' : 'main');
}

/** The batch on this thread, one search after another: what the frame has to wait for. */
function engineFindPathsSync(list) {
  const results = [];
  let lastMs = 0;
  try {
    for (const q of list) {
      const { result, ms } = app.engine.findPathHere(q.sx, q.sy, q.gx, q.gy, q.options);
      results.push(result);
      lastMs = ms;
    }
  } catch (error) {
    showError(error);
  }
  return { results, lastMs };
}

// --- painting and pointer input ----------------------------------------------------------------

function bindPointer() {
  const canvas = $('map');
  const pointers = new Map();
  let gesture = null; // { kind: 'pan' | 'paint' | 'drag-start' | 'drag-goal' | 'pinch', ... }

  const local = (event) => {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const p = local(event);
      app.view.zoomAt(Math.pow(1.0015, -event.deltaY), p.x, p.y);
    },
    { passive: false },
  );

  canvas.addEventListener('pointerdown', (event) => {
    if (!app.map) return;
    canvas.setPointerCapture(event.pointerId);
    const p = local(event);
    pointers.set(event.pointerId, p);
    if (pointers.size === 2) {
      // Second finger: whatever the first one started becomes a pinch.
      endStroke();
      if (app.dragging) {
        app.dragging = false;
        rerun();
      }
      const [a, b] = [...pointers.values()];
      gesture = { kind: 'pinch', distance: Math.hypot(a.x - b.x, a.y - b.y), mid: midpoint(a, b) };
      return;
    }
    if (pointers.size > 2) return;
    const cell = app.view.cellAt(p.x, p.y);
    if (event.button === 1 || event.button === 2 || app.tool === 'pan') {
      gesture = { kind: 'pan', last: p };
      canvas.classList.add('panning');
    } else if (app.tool.startsWith('paint:')) {
      gesture = { kind: 'paint', cls: Number(app.tool.slice(6)), last: cell };
      app.dragging = true;
      paintLine(cell, cell, gesture.cls);
    } else if (app.mode === 'agents') {
      if (app.view.inside(cell.x, cell.y)) app.agents?.sendAll(cell.x, cell.y);
      gesture = null;
    } else {
      gesture = routePointerDown(p, cell);
      app.dragging = !!gesture;
    }
  });

  canvas.addEventListener('pointermove', (event) => {
    const p = local(event);
    if (pointers.has(event.pointerId)) pointers.set(event.pointerId, p);
    const cell = app.view.cellAt(p.x, p.y);
    setHover(cell);
    if (!gesture) return;
    if (gesture.kind === 'pinch' && pointers.size >= 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = midpoint(a, b);
      app.view.panBy(mid.x - gesture.mid.x, mid.y - gesture.mid.y);
      app.view.zoomAt(distance / gesture.distance, mid.x, mid.y);
      gesture.distance = distance;
      gesture.mid = mid;
    } else if (gesture.kind === 'pan') {
      app.view.panBy(p.x - gesture.last.x, p.y - gesture.last.y);
      gesture.last = p;
    } else if (gesture.kind === 'paint') {
      paintLine(gesture.last, cell, gesture.cls);
      gesture.last = cell;
    } else if (gesture.kind === 'drag-start' || gesture.kind === 'drag-goal') {
      if (!app.view.inside(cell.x, cell.y)) return;
      const key = gesture.kind === 'drag-start' ? 'start' : 'goal';
      if (app[key].x === cell.x && app[key].y === cell.y) return;
      app[key] = cell;
      gesture.moved = true;
      if (app.mode === 'path') rerun();
      app.view.needsDraw = true;
    }
  });

  const end = (event) => {
    pointers.delete(event.pointerId);
    canvas.classList.remove('panning');
    if (!gesture) return;
    if (gesture.kind === 'pinch') {
      // Lifting one finger of a pinch must not start painting with the other.
      if (pointers.size === 0) gesture = null;
      return;
    }
    if (gesture.kind === 'paint') endStroke();
    if (app.dragging) {
      app.dragging = false;
      rerun(); // with the trace that may have been skipped during the drag
    }
    gesture = null;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('pointerleave', () => setHover(null));
}

function midpoint(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Route tool: grab S or G if the press is on one, else place the next endpoint. */
function routePointerDown(p, cell) {
  const near = (c) => {
    if (!c) return Infinity;
    const centre = app.view.cellCenter(c.x, c.y);
    return Math.hypot(centre.x - p.x, centre.y - p.y);
  };
  const grab = Math.max(12, app.view.zoom * 0.8);
  const ds = near(app.start);
  const dg = near(app.goal);
  if (Math.min(ds, dg) <= grab) return { kind: ds <= dg ? 'drag-start' : 'drag-goal' };
  if (!app.view.inside(cell.x, cell.y)) return null;
  if (app.nextEndpoint === 'start') {
    app.start = cell;
    app.nextEndpoint = 'goal';
  } else {
    app.goal = cell;
    app.nextEndpoint = 'start';
  }
  updateHint();
  rerun();
  app.view.needsDraw = true;
  return null;
}

let stroke = null; // cells changed by the current stroke, for the step-mode rebuild at its end

/** Paint a 4-connected line of brush squares from cell a to cell b. */
function paintLine(a, b, cls) {
  const { width, height, cells } = app.map;
  const changed = [];
  let anyOpened = false;
  const half = Math.floor((app.brush - 1) / 2);
  const dab = (cx, cy) => {
    for (let y = cy - half; y < cy - half + app.brush; y++) {
      if (y < 0 || y >= height) continue;
      for (let x = cx - half; x < cx - half + app.brush; x++) {
        if (x < 0 || x >= width) continue;
        const i = y * width + x;
        if (cells[i] === cls) continue;
        if (!costOf(cells[i]) && costOf(cls)) anyOpened = true;
        cells[i] = cls;
        changed.push(i);
      }
    }
  };
  // Step in x or in y, never both at once: a diagonal stroke then leaves no gap that a diagonal
  // move could slip through, whatever the corner rule.
  const sx = Math.sign(b.x - a.x);
  const sy = Math.sign(b.y - a.y);
  const nx = Math.abs(b.x - a.x);
  const ny = Math.abs(b.y - a.y);
  let x = a.x;
  let y = a.y;
  dab(x, y);
  for (let ix = 0, iy = 0; ix < nx || iy < ny;) {
    if ((0.5 + ix) / nx < (0.5 + iy) / ny) {
      x += sx;
      ix++;
    } else {
      y += sy;
      iy++;
    }
    dab(x, y);
  }
  if (!changed.length) return;
  // One setCells per pointer event: the PathWorker posts them as a single small delta message.
  app.engine.setCells(Uint32Array.from(changed), cls);
  app.view.repaintCells(changed);
  app.agents?.cellsChanged(changed, anyOpened);
  stroke = stroke ?? { count: 0 };
  stroke.count += changed.length;
  if (app.mode === 'path') rerun();
}

function endStroke() {
  if (!stroke) return;
  stroke = null;
  countClasses();
  describeMap();
  updateLegend();
  updateOptionNote();
}

function setHover(cell) {
  const same = app.hover && cell && app.hover.x === cell.x && app.hover.y === cell.y;
  if (same || (!app.hover && !cell)) return;
  app.hover = cell;
  app.view.needsDraw = true;
  showCellInfo();
}

function showCellInfo() {
  const cell = app.hover;
  const box = $('cell-info');
  if (!cell || !app.map || !app.view.inside(cell.x, cell.y)) {
    box.textContent = '';
    return;
  }
  const cls = app.map.cells[cell.y * app.map.width + cell.x];
  const name = TERRAIN[cls]?.name ?? `class ${cls}`;
  const cost = costOf(cls);
  let text = `(${cell.x}, ${cell.y}) ${name}, ${cost ? `cost ${cost}` : 'blocked'}`;
  if (app.mode === 'step' && app.step.replay) {
    const info = app.step.replay.cellInfo(cell.x, cell.y);
    if (info.state !== 'unseen') {
      text += ` · ${info.state}: g ${info.g.toFixed(2)}, h ${info.h.toFixed(2)}, f ${info.f.toFixed(2)}`;
    }
  } else if (app.mode === 'path' && app.heatOrder) {
    const k = app.heatOrder[cell.y * app.map.width + cell.x];
    if (k >= 0) text += ` · expanded ${formatInt(k + 1)}th`;
  }
  box.textContent = text;
}

// --- frame loop and HUD ------------------------------------------------------------------------

let lastHud = 0;

function frame(stamp) {
  const dt = app.graph.tick(stamp);
  if (app.mode === 'agents' && app.agents && app.engine) {
    planAgents();
    app.agents.update(Math.min(dt, 100) / 1000);
  }
  if (app.mode === 'step' && app.step.playing) advanceStep(dt);
  const animating = app.mode === 'agents';
  if (app.view.needsDraw || animating) {
    app.view.needsDraw = false;
    app.view.draw(scene());
  }
  app.graph.draw();
  if (stamp - lastHud > 250) {
    lastHud = stamp;
    updateHud();
  }
  requestAnimationFrame(frame);
}

function scene() {
  const s = { hover: app.hover, brush: app.tool.startsWith('paint:') ? app.brush : 1 };
  if (app.mode === 'agents' && app.agents) {
    s.agents = app.agents;
    return s;
  }
  s.start = app.start;
  s.goal = app.goal;
  if (app.mode === 'path' && app.last) {
    const r = app.last.result;
    s.path = r.path;
    s.rawPath = r.rawPath;
    s.smoothed = !!app.last.query.options.smooth && !!r.rawPath;
  } else if (app.mode === 'step' && app.step.replay) {
    const replay = app.step.replay;
    if (replay.finished && app.step.result.status !== 'none')
      s.path = app.step.result.rawPath ?? app.step.result.path;
    else s.step = { current: replay.currentCell(), trail: replay.trail() };
  }
  return s;
}

function updateHud() {
  const dt = app.graph.lastFrame();
  $('stat-rps').textContent = formatInt(app.requests.perSecond());
  const ws = app.engine?.workerStats() ?? { bytesPosted: 0, inFlight: 0 };
  $('stat-bytes').textContent = formatBytes(ws.bytesPosted);
  $('stat-inflight').textContent = formatInt(ws.inFlight);
  $('stat-frame').textContent = formatMs(dt);
  const worst = app.graph.worst(60);
  const worstBox = $('stat-worst');
  worstBox.textContent = formatMs(worst);
  worstBox.style.color = worst <= 20 ? '' : worst <= 34 ? 'var(--warn)' : 'var(--bad)';
  if (app.mode === 'agents' && app.agents) {
    const c = app.agents.counts();
    $('agent-summary').textContent =
      `${formatInt(c.moving)} walking, ${formatInt(c.waiting)} waiting for a plan, ${formatInt(c.idle)} idle · ` +
      `${formatInt(app.agentPlans)} plans so far`;
  }
}

// --- messages --------------------------------------------------------------------------------

let toastTimer = 0;

function showToast(text, kind = 'error', ms = 0) {
  const toast = $('toast');
  toast.textContent = text;
  toast.className = `toast ${kind}`;
  toast.hidden = false;
  clearTimeout(toastTimer);
  if (ms) toastTimer = setTimeout(hideToast, ms);
}

function hideToast() {
  $('toast').hidden = true;
}

function showError(error) {
  console.warn(error);
  showToast(error.message ?? String(error), 'error', 6000);
}

// --- test hook -------------------------------------------------------------------------------

// The browser test reads what the page shows from here, and clicks cells by their coordinates.
window.tilepathDemo = {
  get last() {
    if (!app.last) return null;
    const { query, result, ms, where } = app.last;
    return {
      query: { ...query, options: { ...query.options } },
      status: result.status,
      path: Array.from(result.path),
      rawPath: result.rawPath ? Array.from(result.rawPath) : null,
      cost: result.cost,
      expanded: result.expanded,
      ms,
      where,
    };
  },
  get mode() {
    return app.mode;
  },
  get map() {
    return app.map && { name: app.map.name, width: app.map.width, height: app.map.height };
  },
  get frames() {
    return app.graph.frames;
  },
  get agentPlans() {
    return app.agentPlans;
  },
  worstFrame: (n) => app.graph.worst(n),
  /** Resolves when no path query is waiting or running. */
  settled() {
    if (!app.query.inFlight && !app.query.dirty) return Promise.resolve();
    return new Promise((resolve) => app.query.waiters.push(resolve));
  },
  /** Page coordinates of a cell's centre. */
  cellToClient(x, y) {
    const rect = $('map').getBoundingClientRect();
    const c = app.view.cellCenter(x, y);
    return { x: rect.left + c.x, y: rect.top + c.y };
  },
  cells: () => Array.from(app.map.cells),
  costTable: () => app.engine.costTable(),
  workerStats: () => app.engine?.workerStats(),
  agentCounts: () => app.agents?.counts() ?? null,
  /** Mean distance in cells from the units to (x, y). */
  agentDistance(x, y) {
    const crowd = app.agents;
    if (!crowd) return null;
    let sum = 0;
    for (let a = 0; a < crowd.count; a++) {
      sum += Math.hypot(crowd.positions[a * 2] - x, crowd.positions[a * 2 + 1] - y);
    }
    return sum / crowd.count;
  },
  get zoom() {
    return app.view.zoom;
  },
  ready: null,
};

window.tilepathDemo.ready = boot().catch((error) => {
  showToast(`The demo could not start: ${error.message}`);
  throw error;
});
