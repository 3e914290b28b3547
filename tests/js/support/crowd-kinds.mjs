// Boats and walkers in one crowd (tests/js/core/crowd.test.mjs, tests/js/worker/
// crowd-worker.test.mjs): land (0), a lake (2) for boats only, a ford (3) both cross; boats sail
// south as a group, walkers east each on its own path, and they meet on the ford. At frame 600 a
// causeway of land is built across the lake. Every frame each boat is checked to be on water or
// the ford, from the classes as painted here.
import assert from 'node:assert/strict';

export const KINDS_WIDTH = 40;
export const KINDS_HEIGHT = 30;

/** Paints the map and the boats' profile on a grid or a worker. @param {any} map */
export function paintKinds(map) {
  map.fillRect(10, 5, 20, 20, 2);
  map.fillRect(10, 13, 20, 4, 3);
  map.setCost(3, 1);
  map.setProfile('boat', { 0: 0, 2: 1, 3: 1 });
}

/** The class of (x, y) at `frame`, as painted. */
function classAt(x, y, frame) {
  if (x < 10 || x >= 30 || y < 5 || y >= 25) return 0;
  if (y >= 13 && y < 17) return 3;
  if (y === 20 && frame >= 600) return 0;
  return 2;
}

/**
 * Runs the scene on `map` (painted by paintKinds) and its crowd; `step(dt)` resolves with the
 * positions. Returns the closest a boat's and a walker's discs came (cells, negative: overlap),
 * the last positions, every agent's state (boats first) and the boats' ids.
 * @param {any} map
 * @param {any} crowd
 * @param {(dt: number) => Promise<Float32Array>} step
 */
export async function kindsScene(map, crowd, step) {
  const boats = [];
  const walkers = [];
  for (let i = 0; i < 10; i++) {
    boats.push(await crowd.addAgent({ x: 15.5 + i, y: 6.5 + (i % 2), profile: 'boat' }));
    walkers.push(await crowd.addAgent({ x: 7.5 + (i % 2), y: 13.3 + i * 0.3 }));
  }
  await crowd.setGroupTarget(boats, 20.5, 23.5);
  for (const [k, id] of walkers.entries()) await crowd.setTarget(id, 37.5, 13.5 + k * 0.3);
  let closest = Infinity;
  let positions;
  for (let frame = 0; frame < 60 * 40; frame++) {
    if (frame === 600) map.fillRect(10, 20, 20, 1, 0);
    positions = await step(1 / 60);
    for (const b of boats) {
      const cls = classAt(Math.floor(positions[2 * b]), Math.floor(positions[2 * b + 1]), frame);
      assert.ok(cls === 2 || cls === 3, `boat ${b} on class ${cls} at frame ${frame}`);
      for (const w of walkers) {
        const dx = positions[2 * b] - positions[2 * w];
        const dy = positions[2 * b + 1] - positions[2 * w + 1];
        closest = Math.min(closest, Math.hypot(dx, dy) - 0.8); // both of radius 0.4
      }
    }
    for (const w of walkers) {
      const cls = classAt(Math.floor(positions[2 * w]), Math.floor(positions[2 * w + 1]), frame);
      assert.ok(cls === 0 || cls === 3, `walker ${w} on class ${cls} at frame ${frame}`);
    }
  }
  const states = [];
  for (const id of [...boats, ...walkers]) states.push(await crowd.state(id));
  return { closest, positions, states, boats };
}
