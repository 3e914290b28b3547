// The tilepath demo page. Imports the package the way a user without a bundler would, and wires
// the parts together: each module below owns its own state, and this file only says who tells
// whom when something changes.

import { createPathfinder } from '../js/index.js';
import { PathWorker } from '../js/worker.js';
import { paletteWords } from './terrain.js';
import { suggestEndpoints } from './maps.js';
import { MapView } from './view.js';
import { $, hideToast, showError, showToast } from './page.js';
import { CostPanel } from './costs.js';
import { SearchPanel } from './search-panel.js';
import { ToolPanel } from './tools.js';
import { Level } from './level.js';
import { Route } from './route.js';
import { MapLoader } from './map-loading.js';
import { Hud, showCellInfo, showHint, showLegend } from './hud.js';
import { Painter } from './painting.js';
import { PointerInput } from './pointer.js';
import { PathMode } from './path-mode.js';
import { StepMode } from './step-mode.js';
import { AgentsMode } from './agents-mode.js';
import { DefenceMode } from './defence-mode.js';
import { CrowdMode } from './crowd-mode.js';
import { TacticsMode } from './tactics-mode.js';
import { BigMaps } from './big-maps.js';
import { ModeSwitch } from './modes.js';
import { installTestHook } from './test-hook.js';
import { showNeighbourRule } from './shape-panel.js';
import { tileArtNote } from './tiled-layers.js';

const view = new MapView($('map'));
const palette = paletteWords();
const level = new Level(PathWorker);
const route = new Route();
const tools = new ToolPanel(showState);
const costs = new CostPanel($('costs'), (cls, cost, before) => {
  level.engine?.setCost(cls, cost);
  // A class opening or closing changes where units can walk: all of them look again.
  if ((before === 0) !== (cost === 0)) agents.cellsChanged([], true);
  if (level.map) loader.describe(level, costOf);
  rerun();
});
const costOf = (cls) => costs.costOf(cls);
const panel = new SearchPanel({
  onChange: rerun,
  onHeatChange: (heat) => {
    if (!heat && modes.name === 'path') view.overlay?.clear();
    rerun();
  },
  onWhereChange: rerun,
});
const hud = new Hud({
  workerStats: () => level.engine?.workerStats() ?? { bytesPosted: 0, inFlight: 0 },
  summary: () => agents.summary(),
});
const painter = new Painter({
  level,
  view,
  costOf,
  onCells: (changed, anyOpened) => {
    agents.cellsChanged(changed, anyOpened);
    // The field and range modes ask the worker again (coalesced); step mode at the stroke's end.
    if (modes.name !== 'step' && modes.name !== 'agents') rerun();
  },
  onStrokeEnd: () => {
    loader.describe(level, costOf);
    showState();
  },
});
const pointer = new PointerInput($('map'), {
  view,
  tools,
  route,
  painter,
  hasMap: () => !!level.map,
  mode: () => modes.name,
  onRoute: routeMoved,
  onDragEnd: rerun,
  onClick: (cell, shift) => modes.current.click(cell, shift),
  onHover: () => {
    view.needsDraw = true;
    showCell();
  },
});
const bigMaps = new BigMaps({ level, view }, (map) => useMap(map));
const path = new PathMode({
  level,
  route,
  view,
  panel,
  hud,
  dragging: () => pointer.dragging,
  bigMaps,
});
const step = new StepMode({ level, route, view, panel, hud, onStep: showCell });
const agents = new AgentsMode({ level, panel, hud, costOf });
const defence = new DefenceMode({ level, route, view, panel, hud, costOf });
const tactics = new TacticsMode({ level, route, view, panel, hud });
const crowd = new CrowdMode({ level, route, view, hud, costOf });
const modes = new ModeSwitch({ path, step, agents, defence, crowd, tactics }, view, showState);
const loader = new MapLoader(useMap);

$('zoom-in').addEventListener('click', () => zoomCenter(1.5));
$('zoom-out').addEventListener('click', () => zoomCenter(1 / 1.5));
$('zoom-fit').addEventListener('click', () => view.fit());
$('map-draw').addEventListener('change', () => {
  view.artShown = $('map-draw').value === 'tiles';
  view.needsDraw = true;
});
window.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === 'f') view.fit();
});

function zoomCenter(factor) {
  view.zoomAt(factor, view.cssWidth / 2, view.cssHeight / 2);
}

/** Something a search depends on changed: the current mode searches again. */
function rerun() {
  showState();
  if (level.map) modes.current?.rerun();
}

/** S or G moved: a click searches again at once; a drag only in path mode (step: at its end). */
function routeMoved() {
  showState();
  view.needsDraw = true;
  if (modes.name === 'path' || !pointer.dragging) modes.current.rerun();
}

async function useMap(map, endpoints) {
  costs.useMapCosts(map.costs ?? []);
  if (!(await level.use(map, costs.costs))) return; // another map was picked meanwhile
  if (level.engine.workerError) {
    const reason = level.engine.workerError.message;
    showError(new Error(`worker unavailable, searching on the main thread: ${reason}`));
  }
  view.setMap(map, palette);
  showTileArt(map);
  route.reset(map.width, map.height, endpoints ?? suggestEndpoints(map));
  loader.describe(level, costOf);
  showState(); // the controls this map's shape does not use are disabled before it is searched
  modes.mapChanged(map);
  bigMaps.mapChanged();
  showState();
}

/** A Tiled map: the tiles / classes switch, and what the tiles are drawn with. */
function showTileArt(map) {
  $('tile-art').hidden = !map.tiled;
  if (!map.tiled) return;
  $('map-draw').disabled = !view.art;
  $('map-draw').value = view.tilesShown ? 'tiles' : 'classes';
  $('tile-art-info').textContent = tileArtNote(map, view.art);
}

/** The words that follow the state: the options note, the legend and the hint. */
function showState() {
  panel.showFor(modes.name, level.uniformCosts(costOf));
  showNeighbourRule(level.map);
  showLegend({
    classes: level.classes,
    costOf,
    mode: modes.name,
    smooth: panel.smooth,
    heat: panel.heat,
  });
  showHint({
    mode: modes.name,
    tool: tools.tool,
    next: route.next,
    cells: level.map ? level.map.width * level.map.height : 0,
  });
}

function showCell() {
  const cell = pointer.hover;
  const inside = cell && level.inside(cell.x, cell.y);
  const text = inside ? modes.current.describeCell(cell.x, cell.y) : '';
  showCellInfo(cell, level.map, costOf, text);
}

function frame(stamp) {
  const dt = hud.frame(stamp);
  if (level.map) modes.current?.frame(dt);
  if (view.needsDraw || ['agents', 'defence', 'crowd'].includes(modes.name)) {
    view.needsDraw = false;
    const scene = { hover: pointer.hover, brush: tools.brushSize };
    modes.current?.scene(scene);
    view.draw(scene);
  }
  requestAnimationFrame(frame);
}

async function boot() {
  requestAnimationFrame(frame);
  showToast('Loading the WebAssembly module…', 'info');
  // The demo shows the big-map features (hpa, repairPath), so it loads the build that has them.
  level.pathfinder = await createPathfinder({ bigMaps: true });
  hideToast();
  panel.fill(level.pathfinder.optionValues);
  await loader.listMaps();
  await loader.loadSelected();
  modes.set('path');
  // Start-up ends once the first path is shown and drawn: the frame after that draw is the
  // first whose time is the demo's own (FrameGraph: start-up frames are grey).
  await path.settled();
  for (let k = 0; k < 2; k++) await new Promise((done) => requestAnimationFrame(done));
  hud.graph.starting = false;
}

const ready = boot().catch((error) => {
  showToast(`The demo could not start: ${error.message}`);
  throw error;
});
installTestHook({ level, route, view, modes, hud }, ready);
