// One-way tiles (tile property `entry`) and links (objects with `link = true`) read from Tiled
// maps, on every orientation, and applied by createGrid and applyRules (docs/links.md).
// Run: node --test tests/js/tiled/tiled-links.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { InThreadPathWorker } from '../../../js/worker-node.js';
import { applyRules, readTiledMap, tileSpace } from '../../../js/tiled.js';

const tp = await createPathfinder();
const prop = (name, value) => ({
  name,
  type: typeof value === 'boolean' ? 'bool' : typeof value === 'number' ? 'float' : 'string',
  value,
});

/** A 6 x 3 map: a floor of tile 1 (plain), a row of conveyor tiles (2, entry "right"), links. */
function map(orientation, objects, extra = {}) {
  const width = 6;
  const height = 3;
  const data = new Array(width * height).fill(1);
  for (let x = 1; x < 5; x++) data[width + x] = 2;
  return {
    width,
    height,
    tilewidth: 32,
    tileheight: orientation === 'orthogonal' ? 32 : 16,
    orientation,
    ...extra,
    layers: [
      { type: 'tilelayer', name: 'Ground', width, height, data },
      { type: 'objectgroup', name: 'Links', objects },
    ],
    tilesets: [
      {
        firstgid: 1,
        name: 'ground',
        tilecount: 2,
        tiles: [
          { id: 0, properties: [prop('blocked', false)] },
          { id: 1, properties: [prop('entry', 'right'), prop('cost', 0.5)] },
        ],
      },
    ],
  };
}

test('the tile property entry gives a one-way class, and a polyline with link = true a link', () => {
  const level = readTiledMap(
    map('orthogonal', [
      {
        id: 1,
        x: 16,
        y: 80,
        polyline: [
          { x: 0, y: 0 },
          { x: 40, y: -20 },
          { x: 160, y: 0 },
        ],
        properties: [prop('link', true), prop('cost', 2), prop('oneWay', true)],
      },
      { id: 2, name: 'gate', x: 8, y: 8, point: true, properties: [prop('link', true)] },
      { id: 3, name: 'gate', x: 180, y: 8, point: true, properties: [prop('link', true)] },
    ]),
    { layers: ['Ground', 'Links'] },
  );
  const conveyor = level.cells[6 + 1];
  assert.deepEqual(level.entry, { [conveyor]: 'right' });
  assert.equal(level.costs[conveyor], 0.5);
  assert.deepEqual(level.links, [
    { ax: 0, ay: 2, bx: 5, by: 2, cost: 2, oneWay: true },
    { ax: 0, ay: 0, bx: 5, by: 0, cost: 1, oneWay: false },
  ]);
  // Links paint nothing: the floor under them is still floor.
  assert.equal(level.cells[0], 0);
  const grid = tp.createGrid(level.width, level.height, level);
  try {
    for (const [cls, cost] of Object.entries(level.costs)) grid.setCost(Number(cls), cost);
    assert.equal(grid.links().length, 2);
    const east = grid.findPath(0, 1, 5, 1);
    assert.equal(east.cost, 3, 'along the belt: 4 x 0.5 and 1');
    // Westwards the belt is refused: round by the top row, or by the gate.
    const west = grid.findPath(5, 1, 0, 1);
    assert.ok(
      !west.path.some(
        (v, k) => k % 2 === 1 && v === 1 && west.path[k - 1] > 0 && west.path[k - 1] < 5,
      ),
    );
    assert.deepEqual([...grid.findPath(5, 0, 0, 0).path], [5, 0, 0, 0], 'the gate, both ways');
  } finally {
    grid.dispose();
  }
});

test('link ends are the cells coords.js places under them, on every orientation', () => {
  const shapes = [
    ['isometric', {}],
    ['staggered', { staggeraxis: 'y', staggerindex: 'odd' }],
    ['hexagonal', { staggeraxis: 'x', staggerindex: 'even', hexsidelength: 16 }],
  ];
  for (const [orientation, extra] of shapes) {
    const m = map(orientation, [], extra);
    const space = tileSpace({
      orientation,
      tileWidth: 32,
      tileHeight: 16,
      width: 6,
      height: 3,
      ...(extra.staggeraxis
        ? { staggerAxis: extra.staggeraxis, staggerIndex: extra.staggerindex }
        : {}),
      ...(extra.hexsidelength ? { hexSideLength: extra.hexsidelength } : {}),
    });
    // Isometric objects are in tile-height units along the map's axes; the others in pixels.
    const at = (x, y) =>
      orientation === 'isometric' ? { x: x * 16 + 4, y: y * 16 + 4 } : space.cellToWorld(x, y);
    const a = at(0, 0);
    const b = at(5, 2);
    m.layers[1].objects = [
      {
        id: 1,
        x: a.x,
        y: a.y,
        polyline: [
          { x: 0, y: 0 },
          { x: b.x - a.x, y: b.y - a.y },
        ],
        properties: [prop('link', true)],
      },
    ];
    const level = readTiledMap(m, { layers: ['Ground', 'Links'] });
    assert.deepEqual(
      level.links,
      [{ ax: 0, ay: 0, bx: 5, by: 2, cost: 1, oneWay: false }],
      orientation,
    );
  }
});

test('bad link objects and entry properties are refused naming the object', () => {
  const bad = (objects) => () =>
    readTiledMap(map('orthogonal', objects), { layers: ['Ground', 'Links'] });
  assert.throws(
    bad([{ id: 7, x: 8, y: 8, width: 8, height: 8, properties: [prop('link', true)] }]),
    {
      message: /object 7: a link must be a polyline .* got a rectangle/,
    },
  );
  assert.throws(
    bad([{ id: 8, name: 'lonely', x: 8, y: 8, point: true, properties: [prop('link', true)] }]),
    {
      message: /object 8 \("lonely"\): a link point has no other point of its name/,
    },
  );
  assert.throws(
    bad([
      {
        id: 9,
        x: 8,
        y: 8,
        polyline: [
          { x: 0, y: 0 },
          { x: 900, y: 0 },
        ],
        properties: [prop('link', true)],
      },
    ]),
    { message: /object 9: the link's end at pixel \(908, 8\) lies outside the grid/ },
  );
  assert.throws(
    bad([
      {
        id: 10,
        x: 8,
        y: 8,
        polyline: [
          { x: 0, y: 0 },
          { x: 40, y: 0 },
        ],
        properties: [prop('link', true), prop('cost', -1)],
      },
    ]),
    { message: /object 10: property cost of a link must be a finite number >= 0, got -1/ },
  );
  const m = map('orthogonal', []);
  m.tilesets[0].tiles[1].properties = [prop('entry', 'sideways')];
  const level = readTiledMap(m, { layers: ['Ground'] });
  assert.throws(() => tp.createGrid(level.width, level.height, level), {
    message: /entry direction 'sideways' is not one of orthogonal grids' directions/,
  });
  assert.equal(tp.liveGrids?.() ?? 0, 0);
});

test('applyRules gives a PathWorker the entry rules and links of a level', async () => {
  const level = readTiledMap(
    map('orthogonal', [
      {
        id: 1,
        name: 'g',
        x: 8,
        y: 8,
        point: true,
        properties: [prop('link', true), prop('cost', 0)],
      },
      { id: 2, name: 'g', x: 180, y: 72, point: true, properties: [prop('link', true)] },
    ]),
    { layers: ['Ground', 'Links'] },
  );
  const pw = await InThreadPathWorker.create({
    width: level.width,
    height: level.height,
    cells: level.cells,
    costs: level.costs,
    loadPathfinder: () => createPathfinder(),
  });
  try {
    applyRules(pw, level);
    assert.deepEqual(pw.links(), [{ id: 1, ax: 0, ay: 0, bx: 5, by: 2, cost: 0, oneWay: false }]);
    const r = await pw.findPath(0, 0, 5, 2);
    assert.equal(r.cost, 0);
    assert.deepEqual([...r.links], [0]);
    assert.throws(() => applyRules({}, level), TypeError);
  } finally {
    pw.terminate();
  }
});
