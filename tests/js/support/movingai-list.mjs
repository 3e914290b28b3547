// The eight Moving AI maps committed in tests/data/movingai, with their sizes: what the demo's
// server must list on a fresh clone, with nothing set in the environment.
export const MOVING_AI_MAPS = [
  { name: '16room_000.map', width: 512, height: 512 },
  { name: 'AR0011SR.map', width: 512, height: 512 },
  { name: 'arena.map', width: 49, height: 49 },
  { name: 'brc202d.map', width: 530, height: 481 },
  { name: 'den011d.map', width: 247, height: 167 },
  { name: 'lak303d.map', width: 194, height: 194 },
  { name: 'maze512-1-0.map', width: 512, height: 512 },
  { name: 'random512-10-0.map', width: 512, height: 512 },
];
