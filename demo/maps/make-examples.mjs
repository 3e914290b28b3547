// Writes the demo's Tiled example maps (demo/maps/*.tmx, *.tmj): hexagonal and staggered maps of
// every stagger axis, in both of Tiled's formats, and an isometric one (diamonds on a square
// grid), each one "Ground" layer of the demo's open-field terrain whose tiles carry the property convention of tilepath/tiled (pathClass and cost, blocked
// rock). Written for tilepath: no third-party data. Run: node demo/maps/make-examples.mjs
import { writeFileSync } from 'node:fs';
import { generateMap } from '../maps.js';
const out = new URL('./', import.meta.url);
const TILES = [
  { id: 0, type: 'grass', props: [['pathClass', 'int', 0]] },
  { id: 1, type: 'rock', props: [['blocked', 'bool', true]] },
  {
    id: 2,
    type: 'road',
    props: [
      ['pathClass', 'int', 2],
      ['cost', 'float', 0.5],
    ],
  },
  {
    id: 3,
    type: 'forest',
    props: [
      ['pathClass', 'int', 3],
      ['cost', 'float', 2],
    ],
  },
  {
    id: 4,
    type: 'swamp',
    props: [
      ['pathClass', 'int', 4],
      ['cost', 'float', 4],
    ],
  },
  { id: 5, type: 'water', props: [['pathClass', 'int', 5]] },
];
function grid(w, h, seed) {
  const size = Math.max(w, h, 16);
  const m = generateMap('terrain', size, seed);
  const gids = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) gids.push(m.cells[y * size + x] + 1);
  return gids;
}
function tmx(file, shape, w, h, seed) {
  const g = grid(w, h, seed);
  const attrs = Object.entries(shape)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
  const rows = [];
  for (let y = 0; y < h; y++)
    rows.push(g.slice(y * w, y * w + w).join(',') + (y < h - 1 ? ',' : ''));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.10" tiledversion="1.10.2" ${attrs} renderorder="right-down" width="${w}" height="${h}" infinite="0" nextlayerid="2" nextobjectid="1">`,
    ` <tileset firstgid="1" name="terrain" tilewidth="${shape.tilewidth}" tileheight="${shape.tileheight}" tilecount="6" columns="0">`,
    '  <grid orientation="orthogonal" width="1" height="1"/>',
    ...TILES.flatMap((t) => [
      `  <tile id="${t.id}" type="${t.type}">`,
      '   <properties>',
      ...t.props.map(([n, ty, v]) => `    <property name="${n}" type="${ty}" value="${v}"/>`),
      '   </properties>',
      '  </tile>',
    ]),
    ' </tileset>',
    ` <layer id="1" name="Ground" width="${w}" height="${h}">`,
    '  <data encoding="csv">',
    ...rows,
    '</data>',
    ' </layer>',
    '</map>',
    '',
  ];
  writeFileSync(new URL(file, out), lines.join('\n'));
}
function tmj(file, shape, w, h, seed) {
  const map = {
    compressionlevel: -1,
    height: h,
    width: w,
    infinite: false,
    ...shape,
    layers: [
      {
        data: grid(w, h, seed),
        height: h,
        width: w,
        id: 1,
        name: 'Ground',
        opacity: 1,
        type: 'tilelayer',
        visible: true,
        x: 0,
        y: 0,
      },
    ],
    nextlayerid: 2,
    nextobjectid: 1,
    renderorder: 'right-down',
    tiledversion: '1.10.2',
    type: 'map',
    version: '1.10',
    tilesets: [
      {
        firstgid: 1,
        name: 'terrain',
        tilewidth: shape.tilewidth,
        tileheight: shape.tileheight,
        tilecount: 6,
        columns: 0,
        margin: 0,
        spacing: 0,
        grid: { orientation: 'orthogonal', width: 1, height: 1 },
        tiles: TILES.map((t) => ({
          id: t.id,
          type: t.type,
          properties: t.props.map(([name, type, value]) => ({ name, type, value })),
        })),
      },
    ],
  };
  writeFileSync(new URL(file, out), JSON.stringify(map, null, 1) + '\n');
}
tmx(
  'hex-pointy-odd.tmx',
  {
    orientation: 'hexagonal',
    tilewidth: 28,
    tileheight: 24,
    hexsidelength: 12,
    staggeraxis: 'y',
    staggerindex: 'odd',
  },
  40,
  32,
  11,
);
tmj(
  'hex-flat-even.tmj',
  {
    orientation: 'hexagonal',
    tilewidth: 60,
    tileheight: 52,
    hexsidelength: 30,
    staggeraxis: 'x',
    staggerindex: 'even',
  },
  36,
  30,
  12,
);
tmx(
  'staggered-y-odd.tmx',
  {
    orientation: 'staggered',
    tilewidth: 64,
    tileheight: 32,
    staggeraxis: 'y',
    staggerindex: 'odd',
  },
  24,
  48,
  13,
);
tmj(
  'staggered-x-even.tmj',
  {
    orientation: 'staggered',
    tilewidth: 64,
    tileheight: 32,
    staggeraxis: 'x',
    staggerindex: 'even',
  },
  48,
  24,
  14,
);
tmx('isometric.tmx', { orientation: 'isometric', tilewidth: 64, tileheight: 32 }, 32, 32, 15);
