// The search's neighbours on staggered and hexagonal grids are the tiles drawn around each tile:
// Tiled's layout (tileSpace, js/tiled/coords.js) for every stagger axis and index, and LayaAir's
// (layaTileSpace) for the grid readLayaLayer returns. Cocos' is in cocos-shapes.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPathfinder } from '../../../js/node.js';
import { tileSpace } from '../../../js/tiled.js';
import { layaTileSpace, readLayaLayer } from '../../../js/laya.js';
import { assertNeighboursAreNearest } from '../support/drawn-neighbours.mjs';

const tp = await createPathfinder();

// Tile sizes where each ring of neighbours is drawn nearer than the next: square diamonds, and
// hexagons close to regular ones.
const LAYOUT = {
  staggered: { tileWidth: 32, tileHeight: 32 },
  hexagonalY: { tileWidth: 28, tileHeight: 32, hexSideLength: 16 },
  hexagonalX: { tileWidth: 32, tileHeight: 28, hexSideLength: 16 },
};
// One step: on staggered maps the four edge-sharing tiles, or all eight with the corner ones.
const STEPS = {
  hexagonal: [{ maxCost: 1, count: 6 }],
  staggered: [
    { maxCost: 1, count: 4 },
    { diagonal: 'always', maxCost: Math.SQRT2, count: 8 },
  ],
};

for (const orientation of ['staggered', 'hexagonal']) {
  for (const staggerAxis of ['x', 'y']) {
    for (const staggerIndex of ['odd', 'even']) {
      test(`${orientation} ${staggerAxis} ${staggerIndex}: one step reaches the tiles Tiled draws nearest`, () => {
        const shape = { orientation, staggerAxis, staggerIndex };
        const layout =
          orientation === 'staggered'
            ? LAYOUT.staggered
            : LAYOUT[`hexagonal${staggerAxis.toUpperCase()}`];
        const grid = tp.createGrid(7, 8, shape);
        const space = tileSpace({ ...shape, ...layout, width: 7, height: 8 });
        try {
          for (const step of STEPS[orientation]) assertNeighboursAreNearest(grid, space, step);
        } finally {
          grid.dispose();
        }
      });
    }
  }
}

for (const orientation of ['staggered', 'hexagonal']) {
  test(`LayaAir ${orientation}: readLayaLayer's grid steps to the tiles Laya draws nearest`, () => {
    const map = {
      orientation,
      numColumnsTile: 7,
      numRowsTile: 8,
      tileWidth: orientation === 'staggered' ? 32 : 28,
      tileHeight: orientation === 'staggered' ? 32 : 30,
      getLayerByName: () => ({ getTileData: () => 0 }),
    };
    const read = readLayaLayer(map, { layer: 'Ground' });
    assert.deepEqual(
      [read.orientation, read.staggerAxis, read.staggerIndex],
      [orientation, 'y', 'odd'],
    );
    const grid = tp.createGrid(read.width, read.height, read);
    try {
      for (const step of STEPS[orientation])
        assertNeighboursAreNearest(grid, layaTileSpace(map), step);
    } finally {
      grid.dispose();
    }
  });
}
