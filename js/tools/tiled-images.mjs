// Takes the pictures of docs/tiled.md ("Say which tiles are walls"): the three ways to mark walls
// in Tiled, each shown on one of Tiled's own example maps (tests/fixtures/tiled/real) as the demo
// draws it, its tile images beside the classes tilepath reads from it (what paths see), with the
// path the demo finds. Serves the repo as `npm run demo` does and drives the demo in Debian's
// headless Chromium (playwright-core). Run after `node js/tools/build.mjs --demo`:
//   node js/tools/tiled-images.mjs [--out docs/images]
//
//   tiled-collision-shapes.png  desert.tmx, its tileset given Collision Editor shapes over the
//                               brick of every tile (from the tileset's own Wang corners)
//   tiled-properties.png        desert.tmx, its tileset given blocked = true on brick tiles and
//                               cost properties on cobblestone (0.5) and dirt (2)
//   tiled-wall-layer.png        rpg/island.tmx: layer Ground as floor, layer Fringe as walls
import { readFile } from 'node:fs/promises';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { withChromium } from './chromium.mjs';
import { repoRoot } from './serve.mjs';

const { values } = parseArgs({
  options: { out: { type: 'string', default: join(repoRoot, 'docs/images') } },
});
const REAL = join(repoRoot, 'tests/fixtures/tiled/real');

// desert.tsx's Wang colours (1-based, as its wangid lists them) and the corners of a corner set.
const BRICK = 2;
const COBBLESTONE = 3;
const DIRT = 4;
const CORNERS = [
  [1, 16, 0], // top-right quadrant: wangid index, x, y in the 32 x 32 tile
  [3, 16, 16], // bottom-right
  [5, 0, 16], // bottom-left
  [7, 0, 0], // top-left
];

/** desert.tsx's tiles: id -> the Wang colours of its four corners, as CORNERS orders them. */
function desertCorners(tsx) {
  const corners = new Map();
  for (const [, id, wangid] of tsx.matchAll(/<wangtile tileid="(\d+)" wangid="([\d,]+)"\/>/g)) {
    const w = wangid.split(',').map(Number);
    corners.set(
      Number(id),
      CORNERS.map(([i]) => w[i]),
    );
  }
  return corners;
}

/** desert.tsx with `inner(id, corners)` written into each tile it returns text for. */
function desertWith(tsx, inner) {
  const extra = [...desertCorners(tsx)]
    .map(([id, corners]) => [id, inner(id, corners)])
    .filter(([, text]) => text);
  // The tileset's own <tile> elements (probabilities) are replaced by ones that keep them.
  const own = new Map(
    [...tsx.matchAll(/<tile id="(\d+)"([^/>]*)\/>/g)].map(([, id, rest]) => [Number(id), rest]),
  );
  const tiles = extra
    .map(([id, text]) => `  <tile id="${id}"${own.get(id) ?? ''}>\n${text}  </tile>\n`)
    .join('');
  const kept = [...own].filter(([id]) => !extra.some(([e]) => e === id));
  return tsx
    .replace(/ *<tile id="\d+"[^/>]*\/>\n/g, '')
    .replace(
      /( *<wangsets>)/,
      kept.map(([id, rest]) => ` <tile id="${id}"${rest}/>\n`).join('') + tiles + '$1',
    );
}

/**
 * Collision Editor shapes over the brick of each tile: a quadrant per brick corner, except on a
 * tile with one brick corner only, where the brick is a smaller square in that corner (it does
 * not cover the tile's centre, so the cell stays open: docs/tiled.md, collision shapes).
 */
const withShapes = (tsx) =>
  desertWith(tsx, (id, corners) => {
    const bricks = CORNERS.filter((_, k) => corners[k] === BRICK);
    const side = bricks.length === 1 ? 10 : 16;
    const rects = bricks.map(([, x, y], k) => {
      const [sx, sy] = [x ? 32 - side : 0, y ? 32 - side : 0];
      return `    <object id="${k + 1}" x="${sx}" y="${sy}" width="${side}" height="${side}"/>\n`;
    });
    return rects.length
      ? `   <objectgroup draworder="index" id="2">\n${rects.join('')}   </objectgroup>\n`
      : '';
  });

/** Custom properties: brick blocks, cobblestone is a road, dirt is slow. */
const withProperties = (tsx) =>
  desertWith(tsx, (id, corners) => {
    let property = null;
    if (corners.includes(BRICK)) property = '<property name="blocked" type="bool" value="true"/>';
    else if (corners.every((c) => c === COBBLESTONE))
      property = '<property name="cost" type="float" value="0.5"/>';
    else if (corners.includes(DIRT)) property = '<property name="cost" type="float" value="2"/>';
    return property ? `   <properties>\n    ${property}\n   </properties>\n` : '';
  });

await withChromium({ viewport: { width: 1180, height: 760 } }, async (context, serverUrl) => {
  const page = await context.newPage();
  await page.goto(`${serverUrl}/demo/`);
  await page.evaluate(() => window.tilepathDemo.ready);
  await page.uncheck('#opt-heat'); // the tiles and classes only, and the path over them

  /** The map as drawn, tiles then classes: two PNGs of the map's rectangle. */
  const shots = async () => {
    await page.evaluate(() => window.tilepathDemo.settled());
    await page.waitForTimeout(300); // a few frames
    const r = await page.evaluate(() => window.tilepathDemo.mapRect());
    const clip = { x: r.x, y: r.y, width: r.width, height: r.height };
    await page.selectOption('#map-draw', 'tiles');
    await page.waitForTimeout(100);
    const tiles = await page.screenshot({ clip });
    await page.selectOption('#map-draw', 'classes');
    await page.waitForTimeout(100);
    const classes = await page.screenshot({ clip });
    await page.selectOption('#map-draw', 'tiles');
    return [tiles, classes];
  };
  const openFiles = async (tsx) => {
    await page.setInputFiles('#map-file', [
      {
        name: 'desert.tmx',
        mimeType: 'application/xml',
        buffer: await readFile(join(REAL, 'desert.tmx')),
      },
      { name: 'desert.tsx', mimeType: 'application/xml', buffer: Buffer.from(tsx) },
      {
        name: 'tmw_desert_spacing.png',
        mimeType: 'image/png',
        buffer: await readFile(join(REAL, 'tmw_desert_spacing.png')),
      },
    ]);
    await page.waitForFunction(() => window.tilepathDemo.tileArt?.drawn > 0);
  };

  const tsx = await readFile(join(REAL, 'desert.tsx'), 'utf8');
  const pictures = [];
  await openFiles(withShapes(tsx));
  // The demo reads a lone ground layer as floor; the shapes then say where the walls are.
  pictures.push([
    'tiled-collision-shapes.png',
    'desert.tmx: rectangles drawn in the Collision Editor over the brick of each tile',
    await shots(),
  ]);
  await openFiles(withProperties(tsx));
  pictures.push([
    'tiled-properties.png',
    'desert.tmx: blocked = true on brick tiles, cost = 0.5 on cobblestone, cost = 2 on dirt',
    await shots(),
  ]);
  await page.selectOption('#map-select', 'tiled-real:rpg/island.tmx');
  await page.waitForFunction(() => window.tilepathDemo.map?.name === 'island.tmx');
  await page.selectOption('#tiled-layers select[data-layer="Fringe"]', 'walls');
  // Read again with Fringe as walls: some of the map is blocked now.
  await page.waitForFunction(
    () => !/ 0\.0% blocked/.test(document.getElementById('map-info').textContent),
  );
  await page.evaluate(() => window.tilepathDemo.settled());
  // A route across the island (the sea is floor too: the Ground layer holds it).
  for (const [x, y] of [
    [10, 32],
    [47, 27],
  ]) {
    const at = await page.evaluate(([cx, cy]) => window.tilepathDemo.cellToClient(cx, cy), [x, y]);
    await page.mouse.click(at.x, at.y);
  }
  pictures.push([
    'tiled-wall-layer.png',
    'rpg/island.tmx: layer Ground read as floor, layer Fringe (rocks, trees) as walls over it',
    await shots(),
  ]);

  // Each picture: the tiles and the classes side by side, with a caption under each.
  mkdirSync(values.out, { recursive: true });
  const sheet = await context.newPage();
  for (const [name, title, [tiles, classes]] of pictures) {
    const img = (png) => `data:image/png;base64,${png.toString('base64')}`;
    await sheet.setContent(
      `<body style="margin:0;background:#151922;color:#e8ecf4;font:14px system-ui,sans-serif">
       <div id="sheet" style="display:inline-block;padding:10px">
        <div style="margin:0 0 8px">${title}</div>
        <div style="display:flex;gap:10px">
         <figure style="margin:0"><img src="${img(tiles)}" style="width:420px;display:block">
          <figcaption style="margin-top:4px">the tiles, as Tiled draws them</figcaption></figure>
         <figure style="margin:0"><img src="${img(classes)}" style="width:420px;display:block">
          <figcaption style="margin-top:4px">what paths see: walls dark, costs coloured</figcaption></figure>
        </div></div></body>`,
    );
    const file = join(values.out, name);
    await sheet.locator('#sheet').screenshot({ path: file });
    console.log(`wrote ${file} (${statSync(file).size} bytes)`);
  }
});
