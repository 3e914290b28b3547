// Moving AI maps for the JS tests and benchmarks: read from TILEPATH_MOVINGAI (default
// tests/data/movingai in the repo).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const movingaiDir =
  process.env.TILEPATH_MOVINGAI || join(repoRoot, 'tests', 'data', 'movingai');

/** The .map files present; throws (not skips) when the folder is missing. */
export function mapNames() {
  if (!existsSync(movingaiDir)) {
    throw new Error(`Moving AI data not found at ${movingaiDir} (set TILEPATH_MOVINGAI)`);
  }
  return readdirSync(movingaiDir)
    .filter((f) => f.endsWith('.map'))
    .sort();
}

/** `.`, `G`, `S` -> class 0 (walkable); everything else -> class 1 (wall). */
export function loadMap(name) {
  const lines = readFileSync(join(movingaiDir, name), 'utf8').split(/\r?\n/);
  let width = 0;
  let height = 0;
  let row = 0;
  for (; row < lines.length; row++) {
    const [key, value] = lines[row].trim().split(/\s+/);
    if (key === 'height') height = Number(value);
    else if (key === 'width') width = Number(value);
    else if (key === 'map') break;
  }
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const line = lines[row + 1 + y];
    for (let x = 0; x < width; x++) {
      const c = line[x];
      cells[y * width + x] = c === '.' || c === 'G' || c === 'S' ? 0 : 1;
    }
  }
  return { width, height, cells };
}

/** Problems of `<name>.scen`, with the rounding of each printed optimal length. */
export function loadScenario(name) {
  return readFileSync(join(movingaiDir, `${name}.scen`), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l && !l.startsWith('version'))
    .map((l) => {
      const f = l.split(/\s+/);
      const decimals = f[8].includes('.') ? f[8].length - f[8].indexOf('.') - 1 : 0;
      return {
        startX: Number(f[4]),
        startY: Number(f[5]),
        goalX: Number(f[6]),
        goalY: Number(f[7]),
        optimal: Number(f[8]),
        printedError: 0.5 * 10 ** -decimals,
      };
    });
}

/** Same rule as the C++ CLI: 1e-3 relative, or the rounding of the printed length. */
export function matchesOptimal(cost, problem) {
  const tolerance = Math.max(1e-3 * Math.max(1, problem.optimal), problem.printedError + 1e-9);
  return Math.abs(cost - problem.optimal) <= tolerance;
}
