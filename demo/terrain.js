// The tile classes the demo paints with, their colours and their default movement costs.
// Class numbers follow the package's default table: 0 walkable at cost 1, 1 a wall. The others
// show what a cost table is for: a road is cheaper than grass, a swamp dearer, water blocked
// until you give it a cost (a bridge, a boat).

export const GROUND = 0;
export const WALL = 1;
export const ROAD = 2;
export const FOREST = 3;
export const SWAMP = 4;
export const WATER = 5;

/** @type {{ id: number, name: string, color: string, cost: number, editable: boolean }[]} */
export const TERRAIN = [
  { id: GROUND, name: 'Ground', color: '#e6e0cf', cost: 1, editable: true },
  { id: WALL, name: 'Wall', color: '#2a2f3b', cost: 0, editable: false },
  { id: ROAD, name: 'Road', color: '#d2a55e', cost: 0.5, editable: true },
  { id: FOREST, name: 'Forest', color: '#5f9a5a', cost: 2, editable: true },
  { id: SWAMP, name: 'Swamp', color: '#8c8a4f', cost: 4, editable: true },
  { id: WATER, name: 'Water', color: '#4d86c4', cost: 0, editable: true },
];

/** Colour of any class, including ones a loaded file uses that the demo has no name for. */
export function classColor(cls) {
  const known = TERRAIN[cls];
  if (known) return known.color;
  // Unknown classes get a stable hue so different classes stay distinguishable.
  return `hsl(${(cls * 47) % 360} 45% 55%)`;
}

/** RGBA words (little-endian ABGR, for a Uint32Array over ImageData) for all 256 classes. */
export function paletteWords() {
  const probe = makeCanvas(1, 1);
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  const words = new Uint32Array(256);
  for (let cls = 0; cls < 256; cls++) {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = classColor(cls);
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    words[cls] = ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return words;
}

function makeCanvas(width, height) {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * Kinds of units, each a movement profile over the same classes (docs/profiles.md): the path
 * panel's "Unit" selector searches with one. Walkers use the sliders' table ('default').
 * Boats sail water only; cavalry rides roads fast and avoids forest and swamp.
 */
export const UNIT_KINDS = [
  { id: 'walker', profile: null },
  { id: 'boat', profile: { [GROUND]: 0, [WATER]: 1 } },
  {
    id: 'cavalry',
    profile: { [GROUND]: 1, [ROAD]: 0.25, [FOREST]: 8, [SWAMP]: 8 },
  },
];

/** The cost table the demo starts from, as [class, cost] pairs. */
export function defaultCosts() {
  return TERRAIN.map((t) => [t.id, t.cost]);
}
