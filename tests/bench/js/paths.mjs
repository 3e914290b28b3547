// Checks an answer from any library on its own terms: that it is a real path on the map under
// the movement rule, and what it costs. Libraries answer either every cell (A*) or only the turn
// points (JPS, l1-path-finder), so each leg between two listed points must be a straight or
// diagonal line, and every cell along it is checked.

const SQRT2 = Math.SQRT2;

/**
 * @param {{width:number,height:number,cells:Uint8Array}} map  class 0 = free
 * @param {ArrayLike<number>|null} flat  x0, y0, x1, y1, ...
 * @param {{startX:number,startY:number,goalX:number,goalY:number}} problem
 * @param {'noCorners'|'never'} rule
 * @returns {{valid: true, cost: number} | {valid: false, reason: string}}
 */
export function checkPath(map, flat, problem, rule) {
  if (!flat || flat.length < 2) return { valid: false, reason: 'no path' };
  const { width, height, cells } = map;
  const free = (x, y) => x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] === 0;
  if (flat[0] !== problem.startX || flat[1] !== problem.startY) {
    return { valid: false, reason: `starts at (${flat[0]},${flat[1]})` };
  }
  const n = flat.length;
  if (flat[n - 2] !== problem.goalX || flat[n - 1] !== problem.goalY) {
    return { valid: false, reason: `ends at (${flat[n - 2]},${flat[n - 1]})` };
  }
  if (!free(flat[0], flat[1])) return { valid: false, reason: 'start is blocked' };
  let cost = 0;
  for (let i = 2; i < n; i += 2) {
    let x = flat[i - 2];
    let y = flat[i - 1];
    const dx = flat[i] - x;
    const dy = flat[i + 1] - y;
    const ax = Math.abs(dx);
    const ay = Math.abs(dy);
    if (ax !== 0 && ay !== 0 && ax !== ay) {
      return { valid: false, reason: `leg (${x},${y})->(${flat[i]},${flat[i + 1]}) is not a line` };
    }
    const diagonal = ax !== 0 && ay !== 0;
    if (diagonal && rule === 'never') {
      return { valid: false, reason: `diagonal step at (${x},${y}) in a 4-neighbour search` };
    }
    const sx = Math.sign(dx);
    const sy = Math.sign(dy);
    for (let k = Math.max(ax, ay); k > 0; k--) {
      // noCorners: a diagonal step needs both cells beside it free.
      if (diagonal && !(free(x + sx, y) && free(x, y + sy))) {
        return { valid: false, reason: `diagonal step at (${x},${y}) cuts a corner` };
      }
      x += sx;
      y += sy;
      if (!free(x, y)) return { valid: false, reason: `steps on blocked (${x},${y})` };
      cost += diagonal ? SQRT2 : 1;
    }
  }
  return { valid: true, cost };
}
