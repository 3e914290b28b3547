// Typed usage of every public entry point, the way a Cocos/Laya/Vite game would write it.
// Checked by `tsc --noEmit` (tests/js/types/types.test.mjs); it is never run.
import {
  createPathfinder,
  DIRECTIONS,
  type FlowField,
  type MovementRange,
  type PathResult,
  type SearchOptions,
  type Grid,
  type Direction,
  type GridShape,
  PathScheduler,
  type SchedulerFrame,
  type SearchTask,
  type AgentState,
  type Crowd,
} from 'tilepath';
import { PathWorker, type WorkerPathResult } from 'tilepath/worker';
import {
  readTiledLayer,
  tileSpace,
  applyCosts,
  loadTiledMap,
  listTiledLayers,
  type TiledLayerInfo,
} from 'tilepath/tiled';
import { readCocosLayer, bindCocosLayer, type CocosTiledLayer } from 'tilepath/cocos';
import { readArray2D } from 'tilepath/laya';

export async function inThread(): Promise<number> {
  const tp = await createPathfinder({ locateFile: (path) => `/assets/${path}` });
  const grid: Grid = tp.createGrid(64, 64, new Uint8Array(64 * 64));
  grid.setCell(3, 4, 1);
  grid.set(3, 5, 1);
  grid.setCost(2, 3.5);
  grid.fillRect(0, 0, 4, 4, 1);
  grid.setCells([1, 2, 3], 0);
  const options: SearchOptions = {
    diagonal: 'noCorners',
    algorithm: 'jps',
    smooth: true,
    goal: 'adjacent',
  };
  const r: PathResult = grid.findPath(0, 0, 63, 63, options);
  if (r.status === 'found' && r.goal) {
    const facing: string = r.goal.facing;
    void facing;
  }
  const values: readonly string[] = tp.optionValues.diagonal;
  void values;
  const task: SearchTask = grid.startSearch(0, 0, 63, 63, { diagonal: 'always' });
  while (!task.step(500));
  const later: PathResult | null = task.result;
  const scheduler = new PathScheduler(grid, { msPerFrame: 2, maxActive: 4 });
  const answer: Promise<PathResult> = scheduler.findPath(0, 0, 9, 9, {
    signal: new AbortController().signal,
  });
  const frame: SchedulerFrame = scheduler.update();
  void [later, answer, frame.expansions, scheduler.lastFrame.queued];
  scheduler.dispose();
  grid.dispose();
  return r.path[0] + r.cost + r.expanded;
}

export async function inWorker(cells: ArrayBuffer, signal: AbortSignal): Promise<Int32Array> {
  const pw = await PathWorker.create({ width: 64, height: 64, cells });
  pw.setCell(1, 1, 1);
  pw.setCost(2, Infinity);
  const r: WorkerPathResult = await pw.findPath(0, 0, 10, 10, { diagonal: 'always', signal });
  const crowd = await pw.findPaths([{ sx: 0, sy: 0, gx: 5, gy: 5 }]);
  pw.terminate();
  return crowd.length > 0 ? crowd[0].path : r.path;
}

export function fromTiled(json: object): number {
  const layer = readTiledLayer(json, { layer: 'Walls' });
  const space = tileSpace({
    tileWidth: 32,
    tileHeight: 32,
    width: layer.width,
    height: layer.height,
    yUp: true,
  });
  const p = space.cellToWorld(1, 2);
  void p.x;
  return layer.cells.length;
}

// A staggered or hexagonal layer builds a grid of its shape, in-thread and in a worker.
export async function shapedFromTiled(json: object): Promise<string> {
  const layer = readTiledLayer(json, { layer: 'Ground' });
  const tp = await createPathfinder();
  const grid: Grid = tp.createGrid(layer.width, layer.height, layer);
  const hex = tp.createGrid(8, 8, { orientation: 'hexagonal', staggerAxis: 'x' });
  const r = hex.findPath(0, 0, 7, 7, { goal: 'adjacent' });
  // The build with the big-map features, which says so.
  const big = await createPathfinder({ bigMaps: true });
  const hasThem: boolean = big.bigMaps && !tp.bigMaps;
  if (!hasThem) return 'one build';
  const facing: Direction = r.goal?.facing ?? 'none';
  const shape: GridShape = grid.shape;
  return `${facing} ${shape.orientation} ${shape.staggerAxis} ${shape.staggerIndex}`;
}

export function fromCocos(layer: CocosTiledLayer, grid: Grid): void {
  const { cells, width, height, costs } = readCocosLayer(layer);
  applyCosts(grid, costs);
  const binding = bindCocosLayer(layer, grid);
  binding.unbind();
  void cells;
  void width;
  void height;
}

export function fromArray(rows: number[][]): Uint8Array {
  return readArray2D(rows).cells;
}

export async function crowdsAndTactics(
  grid: Grid,
  pw: PathWorker,
  signal: AbortSignal,
): Promise<number> {
  const field: FlowField = grid.flowField(
    [
      [0, 0],
      [9, 9],
    ],
    { diagonal: 'noCorners', maxCost: 50 },
  );
  const step = field.nextStep(3, 4);
  const [dx, dy] = DIRECTIONS[field.directions[0]];
  const range: MovementRange = grid.reachable(2, 2, { maxCost: 6 });
  const route: Int32Array = range.pathTo(3, 3);
  const same: boolean = grid.canReach(0, 0, 5, 5, { diagonal: 'always' });
  const far: FlowField = await pw.flowField(new Int32Array([1, 1]), { signal });
  const moves: MovementRange = await pw.reachable(0, 0, { maxCost: 4, signal });
  const open: boolean = await pw.canReach(0, 0, 1, 1);
  // @ts-expect-error: canReach has no budget (it answers in O(1) without searching)
  grid.canReach(0, 0, 1, 1, { maxCost: 3 });
  // @ts-expect-error: a field is not a search: it takes no algorithm
  grid.flowField([0, 0], { algorithm: 'jps' });
  return (
    (step?.x ?? 0) +
    dx +
    dy +
    route.length +
    far.costs[0] +
    moves.cells.length +
    Number(same && open)
  );
}

export async function loadLevel(url: URL): Promise<number> {
  const level = await loadTiledMap(url, {
    layers: [{ layer: 'Ground', tiles: 'floor' }, 'Walls', 'Collision'],
    collision: 'shapes',
  });
  const walls = await loadTiledMap('maps/level.tmx', {
    layer: 'Walls',
    read: async (file) => (await fetch(file.href)).arrayBuffer(),
  });
  const gids: Uint32Array = walls.gids;
  const warned: string[] = level.warnings;
  const hidden: TiledLayerInfo[] = listTiledLayers('<map/>').filter((l) => !l.visible);
  // @ts-expect-error: collision shapes are read or ignored, nothing else
  await loadTiledMap(url, { layers: ['Ground'], collision: 'centre' });
  return level.cells.length + gids.length + warned.length + hidden.length;
}

// @ts-expect-error: diagonal names are checked by the type too
export const wrong: SearchOptions = { diagonal: 'sometimes' };

/** A crowd in-thread and through a worker: the same calls, values and promises. */
export async function moveCrowd(grid: Grid, paths: PathWorker): Promise<number> {
  const crowd: Crowd = grid.createCrowd({ maxAgents: 100, diagonal: 'never' });
  const id: number = crowd.addAgent({ x: 1.5, y: 1.5, radius: 0.3, unitSize: 1 });
  crowd.setGroupTarget([id], 5.5, 5.5);
  crowd.step(1 / 60);
  const state: AgentState = crowd.state(id);
  const positions: Float32Array = crowd.positions();
  const boats: Crowd = grid.createCrowd({ profile: 'boat' });
  const profile: string = boats.profile;
  boats.addAgent({ x: 1, y: 1, profile });
  // @ts-expect-error: a profile is a name
  grid.createCrowd({ profile: 2 });
  const remote = await paths.createCrowd();
  const other: number = await remote.addAgent({ x: 2.5, y: 2.5 });
  const after: Float32Array = await remote.step(1 / 60);
  const farState: AgentState = await remote.state(other);
  return positions.length + after.length + Number(state === farState);
}
