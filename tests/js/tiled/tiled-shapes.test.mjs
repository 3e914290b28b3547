// Staggered and hexagonal Tiled maps: the reader returns their shape (issue 11), in every
// encoding, and a cropped infinite map names the rows or columns that are shifted in the grid.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTiledLayer, readTiledMap } from '../../../js/tiled.js';
import {
  FORMATS,
  GROUND,
  SHAPES,
  HEX_INFINITE_CHUNKS,
  CLASS_OF_CHAR,
  classesOf,
} from '../../fixtures/tiled/generate.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'tiled');
const read = (name) => readFileSync(join(fixtures, name), 'utf8');

/** A Tiled JSON map with one infinite layer of 2x2 chunks, tiles given as GID digit strings. */
function infiniteMap(shape, chunks) {
  return {
    ...shape,
    width: 4,
    height: 4,
    tilewidth: 16,
    tileheight: 16,
    infinite: true,
    tilesets: [{ firstgid: 1, name: 'set', tilecount: 2, tiles: [] }],
    layers: [
      {
        type: 'tilelayer',
        name: 'L',
        chunks: chunks.map(({ x, y, rows }) => ({
          x,
          y,
          width: 2,
          height: 2,
          data: [...rows.join('')].map(Number),
        })),
      },
    ],
  };
}

describe('staggered and hexagonal maps: the shape is read', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    for (const ext of ['tmj', 'tmx']) {
      test(`${name}.${ext}: every encoding gives the cells and the shape`, () => {
        for (const format of FORMATS) {
          const file = `${name}-${format}.${ext}`;
          const layer = readTiledLayer(read(file), { layer: 'Ground' });
          assert.deepEqual(layer.cells, classesOf(GROUND), file);
          assert.equal(layer.orientation, shape.orientation, file);
          assert.equal(layer.staggerAxis, shape.staggeraxis, file);
          assert.equal(layer.staggerIndex, shape.staggerindex, file);
          assert.equal(layer.hexSideLength, shape.hexsidelength, file);
          assert.equal(layer.tileWidth, shape.tilewidth ?? 16, file);
          assert.equal(layer.tileHeight, shape.tileheight ?? 16, file);
          const combined = readTiledMap(read(file), { layers: ['Ground', 'Level/Walls'] });
          assert.equal(combined.staggerIndex, shape.staggerindex, file);
          assert.equal(combined.hexSideLength, shape.hexsidelength, file);
        }
      });
    }
  }

  test('orthogonal and isometric maps carry no stagger fields', () => {
    const layer = readTiledLayer(read('map-csv.tmj'), { layer: 'Ground' });
    assert.equal(layer.orientation, 'orthogonal');
    assert.equal('staggerAxis' in layer, false);
    assert.equal('staggerIndex' in layer, false);
    assert.equal('hexSideLength' in layer, false);
  });

  test("absent stagger attributes take Tiled's defaults: axis y, odd rows, side 0", () => {
    const text = read('hexagonal-y-even-csv.tmx')
      .replace(' hexsidelength="8"', '')
      .replace(' staggeraxis="y" staggerindex="even"', '');
    const layer = readTiledLayer(text, { layer: 'Ground' });
    assert.deepEqual([layer.staggerAxis, layer.staggerIndex, layer.hexSideLength], ['y', 'odd', 0]);
  });

  test('unknown shapes are refused, naming the field and the value', () => {
    const json = JSON.parse(read('staggered-x-even-csv.tmj'));
    const tmx = read('hexagonal-x-odd-csv.tmx');
    const cases = [
      [{ ...json, orientation: 'hexagon' }, /map: orientation must be one of .* got "hexagon"/],
      [{ ...json, staggeraxis: 'z' }, /map: staggeraxis must be one of x, y, got "z"/],
      [{ ...json, staggerindex: 1 }, /map: staggerindex must be one of odd, even, got 1/],
      [
        { ...json, orientation: 'hexagonal', hexsidelength: -2 },
        /map: hexsidelength must not be negative, got -2/,
      ],
      [
        { ...json, orientation: 'hexagonal', hexsidelength: 2.5 },
        /map: hexsidelength must be an integer, got 2.5/,
      ],
      [
        tmx.replace('orientation="hexagonal"', 'orientation="Hexagonal"'),
        /TMX <map>: attribute orientation must be one of .* got "Hexagonal"/,
      ],
      [
        tmx.replace('staggerindex="odd"', 'staggerindex=""'),
        /TMX <map>: attribute staggerindex must be one of odd, even, got ""/,
      ],
      [
        tmx.replace('hexsidelength="6"', 'hexsidelength="6px"'),
        /TMX <map>: attribute hexsidelength must be an integer, got "6px"/,
      ],
    ];
    for (const [map, message] of cases) {
      assert.throws(() => readTiledLayer(map, { layer: 'Ground' }), message);
    }
  });
});

describe('staggered and hexagonal maps: infinite maps cropped at an odd row or column', () => {
  for (const ext of ['tmj', 'tmx']) {
    for (const format of ['csv', 'zlib', 'gzip']) {
      if (ext === 'tmx' && format === 'zlib') continue;
      const file = `infinite-hexagonal-${format}.${ext}`;
      test(`${file}: the grid starts at row -3, so its even rows are the shifted ones`, () => {
        const layer = readTiledLayer(read(file), { layer: 'Ground' });
        assert.deepEqual([layer.offsetX, layer.offsetY], [-3, -3]);
        assert.deepEqual([layer.width, layer.height], [9, 9]);
        // The map shifts its odd rows (staggerindex odd); map row -3 is the grid's row 0.
        assert.equal(layer.staggerIndex, 'even');
        assert.equal(layer.staggerAxis, 'y');
        assert.equal(layer.hexSideLength, 8);
        const expected = new Uint8Array(81);
        for (const chunk of HEX_INFINITE_CHUNKS) {
          chunk.rows.forEach((row, dy) =>
            [...row].forEach((ch, dx) => {
              expected[(chunk.y + 3 + dy) * 9 + chunk.x + 3 + dx] = CLASS_OF_CHAR[ch];
            }),
          );
        }
        assert.deepEqual(layer.cells, expected);
        const combined = readTiledMap(read(file), { layers: ['Ground'] });
        assert.equal(combined.staggerIndex, 'even');
      });
    }
  }

  test('only the stagger axis counts: an odd column flips axis x, an odd row does not', () => {
    const shape = { orientation: 'staggered', staggeraxis: 'x', staggerindex: 'even' };
    const oddColumn = readTiledLayer(infiniteMap(shape, [{ x: 1, y: 0, rows: ['11', '11'] }]), {
      layer: 'L',
    });
    assert.deepEqual([oddColumn.offsetX, oddColumn.offsetY], [1, 0]);
    assert.equal(oddColumn.staggerIndex, 'odd');
    const oddRow = readTiledLayer(infiniteMap(shape, [{ x: 2, y: -1, rows: ['11', '11'] }]), {
      layer: 'L',
    });
    assert.deepEqual([oddRow.offsetX, oddRow.offsetY], [2, -1]);
    assert.equal(oddRow.staggerIndex, 'even');
    const evenNegative = readTiledLayer(
      infiniteMap({ ...shape, staggeraxis: 'y' }, [{ x: -2, y: -2, rows: ['11', '11'] }]),
      { layer: 'L' },
    );
    assert.equal(evenNegative.staggerIndex, 'even');
  });
});
