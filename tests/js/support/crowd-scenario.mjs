// The crowd determinism scenario, as tests/cpp/crowd/crowd_test.cpp (determinismScenarioHash)
// runs it natively: the same map, agents, edits and step sizes, so that in-thread wasm and the
// worker must give the hash the native build checks.

/** FNV-1a over the positions' float bytes: what the native test computes. */
export const DETERMINISM_HASH = 3250973697; // since issue 31 (the default search runs jps)

/** @param {Float32Array} positions */
export function positionsHash(positions) {
  const bytes = new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength);
  let h = 2166136261;
  for (const b of bytes) h = Math.imul(h ^ b, 16777619) >>> 0;
  return h;
}

/**
 * Runs the scenario on a fresh 64 x 48 grid (or PathWorker) and its crowd (in-thread or a worker
 * proxy: `step` awaits what it returns). Returns the last positions.
 * @param {{ setCell(x: number, y: number, cls: number): unknown, fillRect(x: number, y: number, w: number, h: number, cls: number): unknown }} grid
 * @param {any} crowd
 * @param {(crowd: any, dt: number) => unknown} step
 */
export async function determinismScenario(grid, crowd, step) {
  for (let y = 0; y < 48; y++)
    for (let x = 0; x < 64; x++)
      if ((x * 7 + y * 13) % 23 === 0 && x % 5 !== 0) grid.setCell(x, y, 1);
  let seed = 12345;
  const next = () => {
    seed = (seed ^ (seed << 13)) >>> 0;
    seed = (seed ^ (seed >>> 17)) >>> 0;
    seed = (seed ^ (seed << 5)) >>> 0;
    return seed;
  };
  const group = [];
  let count = 0;
  while (count < 150) {
    const x = (next() % 6400) / 100;
    const y = (next() % 4800) / 100;
    const unitSize = next() % 10 === 0 ? 2 : 1;
    const radius = unitSize * 0.3 + (next() % 10) / 100;
    const maxSpeed = 2 + (next() % 30) / 10;
    let id;
    try {
      id = await crowd.addAgent({ x, y, radius, maxSpeed, unitSize });
    } catch {
      continue; // in a wall, as natively
    }
    count++;
    if (id % 2 === 0) {
      group.push(id);
    } else {
      await crowd.setTarget(id, (next() % 6400) / 100, (next() % 4800) / 100);
    }
  }
  await crowd.setGroupTarget(group, 40.5, 20.5);
  let positions;
  for (let k = 0; k < 1000; k++) {
    if (k === 300) grid.fillRect(30, 10, 2, 20, 1);
    if (k === 600) grid.fillRect(30, 10, 2, 20, 0);
    positions = await step(crowd, k === 500 ? 0.2 : k % 2 ? 1 / 60 : 1 / 30);
  }
  return positions ?? (await crowd.positions());
}
