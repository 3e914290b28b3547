// A minimal app using tilepath from npm: a Tiled map read with tilepath/tiled, paths found on
// the main thread (tilepath) and in a worker (tilepath/worker), drawn on a canvas.
import { createPathfinder } from 'tilepath';
import { PathWorker } from 'tilepath/worker';
import { readTiledLayer, tileSpaceForLayer } from 'tilepath/tiled';
import arena from './arena.tmj?raw';

const status = document.getElementById('status');
const canvas = document.getElementById('map');
const SCALE = 2;

const layer = readTiledLayer(arena, { layer: 'Ground' });
const space = tileSpaceForLayer(layer);

function draw(path) {
  const ctx = canvas.getContext('2d');
  canvas.width = layer.width * layer.tileWidth * SCALE;
  canvas.height = layer.height * layer.tileHeight * SCALE;
  ctx.scale(SCALE, SCALE);
  const colors = { 0: '#e8e4d8', 1: '#37474f' };
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      ctx.fillStyle = colors[layer.cells[y * layer.width + x]] ?? '#8d6e63';
      ctx.fillRect(x * layer.tileWidth, y * layer.tileHeight, layer.tileWidth, layer.tileHeight);
    }
  }
  ctx.strokeStyle = '#e53935';
  ctx.lineWidth = 3;
  ctx.beginPath();
  space.pathToWorld(path).forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  ctx.stroke();
}

// No top-level await: it keeps the default build targets of Vite 5 happy.
async function main() {
  const pathfinder = await createPathfinder();
  const grid = pathfinder.createGrid(layer.width, layer.height, layer.cells);
  for (const [cls, cost] of Object.entries(layer.costs)) grid.setCost(Number(cls), cost);

  // The worker gets its own copy (create transfers the buffer it is given).
  const worker = await PathWorker.create({
    width: layer.width,
    height: layer.height,
    cells: layer.cells.slice(),
    costs: layer.costs,
  });

  /** Both ways, so a page (or a test) can compare them. */
  async function findPathBoth(sx, sy, gx, gy, options) {
    const inThread = grid.findPath(sx, sy, gx, gy, options);
    const inWorker = await worker.findPath(sx, sy, gx, gy, options);
    const plain = (r) => ({ status: r.status, path: Array.from(r.path), cost: r.cost });
    return { inThread: plain(inThread), inWorker: plain(inWorker) };
  }

  const first = await findPathBoth(0, 0, 11, 0);
  draw(first.inWorker.path);
  status.textContent = `path ${first.inWorker.status}: ${first.inWorker.path.length / 2} cells, cost ${first.inWorker.cost}`;
  window.tilepathDemo = { findPathBoth, ready: true };
}

main().catch((error) => {
  status.textContent = `error: ${error.message}`;
  throw error;
});
