#!/usr/bin/env node
// tilepath: the package's command line.
//   tilepath prepare MAP OUT [--hpa] [--diagonal RULE] [--unit-sizes 1,2] [--labels]
//                    [--layer NAME | --layers A,B,...]
// reads a Tiled map (.tmx, .tmj, .json: its layer NAME, by default the first tile layer, or the
// layers A, B, ... stacked as readTiledMap stacks them, link objects included) with its costs,
// movement profiles, entry rules and links, or a Moving AI map (.map); builds what queries would
// build on first use, and writes the saved grid (grid.save()) to OUT, for a game to ship with its
// assets and load with tp.loadGrid(bytes).
import { readFile, writeFile } from 'node:fs/promises';
import { createPathfinder } from '../node.js';
import { applyCosts, applyProfiles, listTiledLayers, loadTiledMap } from '../tiled.js';

const USAGE = `usage: tilepath prepare MAP OUT [--hpa] [--diagonal RULE] [--unit-sizes N,N...]
                        [--labels] [--layer NAME | --layers A,B,...]
  MAP            a Tiled map (.tmx, .tmj, .json) or a Moving AI map (.map)
  OUT            the saved grid to write (load it with tp.loadGrid(bytes))
  --hpa          build hpa's hierarchy (needs an orthogonal or isometric map)
  --diagonal R   the rule hpa and the labels are built for: never (the queries' default),
                 noCorners, oneObstacle, always
  --unit-sizes   the unit sizes whose positions to build, e.g. 1,2,3
  --labels       build the reachability labels (of the cells, and of each unit size given)
  --layer NAME   the Tiled tile layer to read (default: the first one)
  --layers A,B   the Tiled layers to stack (tile layers and object layers: collision shapes,
                 link objects), as readTiledMap's layers
The map's costs, movement profiles (cost.NAME), entry rules (entry) and links are saved with it.
`;

function fail(message, code = 2) {
  process.stderr.write(`tilepath: ${message}\n${code === 2 ? USAGE : ''}`);
  process.exit(code);
}

/** A Moving AI map: '.', 'G' and 'S' are passable (class 0), every other tile a wall (1). */
function readMovingAiMap(text, file) {
  const lines = text.split(/\r?\n/);
  const header = {};
  let at = 0;
  for (; at < lines.length && lines[at].trim() !== 'map'; at++) {
    const [key, value] = lines[at].trim().split(/\s+/);
    if (key) header[key] = value;
  }
  const width = Number(header.width);
  const height = Number(header.height);
  if (at === lines.length || !Number.isInteger(width) || !Number.isInteger(height)) {
    throw new Error(`${file}: not a Moving AI map (no width, height and 'map' lines)`);
  }
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = lines[at + 1 + y] ?? '';
    if (row.length < width)
      throw new Error(`${file}: row ${y} has ${row.length} tiles, not ${width}`);
    for (let x = 0; x < width; x++) cells[y * width + x] = '.GS'.includes(row[x]) ? 0 : 1;
  }
  return { width, height, cells };
}

/** The command's options, checked. */
function readArguments(args) {
  const [command, map, out, ...rest] = args;
  if (command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (command !== 'prepare') fail(command ? `unknown command '${command}'` : 'no command');
  if (!map || !out || map.startsWith('--') || out.startsWith('--'))
    fail('prepare needs MAP and OUT');
  const options = {
    hpa: false,
    labels: false,
    unitSizes: [],
    diagonal: undefined,
    layer: undefined,
    layers: undefined,
  };
  for (let k = 0; k < rest.length; k++) {
    const flag = rest[k];
    const value = () => {
      const v = rest[++k];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    if (flag === '--hpa') options.hpa = true;
    else if (flag === '--labels') options.labels = true;
    else if (flag === '--diagonal') options.diagonal = value();
    else if (flag === '--layer') options.layer = value();
    else if (flag === '--layers') options.layers = value().split(',');
    else if (flag === '--unit-sizes') {
      options.unitSizes = value()
        .split(',')
        .map((n) =>
          /^\d+$/.test(n) ? Number(n) : fail(`--unit-sizes: '${n}' is not a unit size`),
        );
    } else fail(`unknown option '${flag}'`);
  }
  if (options.layer !== undefined && options.layers !== undefined)
    fail('give --layer or --layers, not both');
  return { map, out, ...options };
}

const args = readArguments(process.argv.slice(2));
try {
  let grid;
  const tp = await createPathfinder({ bigMaps: true });
  if (args.map.endsWith('.map')) {
    const { width, height, cells } = readMovingAiMap(await readFile(args.map, 'utf8'), args.map);
    grid = tp.createGrid(width, height, cells);
  } else {
    let layer = args.layer;
    if (layer === undefined && args.layers === undefined) {
      const text = await readFile(args.map, 'utf8');
      const first = listTiledLayers(
        text.trimStart().startsWith('<') ? text : JSON.parse(text),
      ).find((info) => info.kind === 'tilelayer');
      if (!first) throw new Error(`${args.map}: no tile layer to read`);
      layer = first.path;
    }
    const read = await loadTiledMap(args.map, args.layers ? { layers: args.layers } : { layer });
    // createGrid sets the entry rules and links the map holds.
    grid = applyCosts(tp.createGrid(read.width, read.height, read), read.costs);
    applyProfiles(grid, read.profiles);
  }
  const started = performance.now();
  const diagonal = args.diagonal === undefined ? undefined : { diagonal: args.diagonal };
  const what = {
    ...(args.hpa ? { hpa: diagonal ?? true } : {}),
    ...(args.labels ? { labels: diagonal ?? true } : {}),
    ...(args.unitSizes.length ? { unitSizes: args.unitSizes } : {}),
  };
  const report = Object.keys(what).length ? await grid.prepare(what) : { built: [] };
  const bytes = grid.save();
  await writeFile(args.out, bytes);
  const built = report.built.length ? report.built.join(', ') : 'nothing beyond the cells';
  process.stdout.write(
    `tilepath: ${args.out}: a ${grid.width} x ${grid.height} grid, ${bytes.length} bytes, with ` +
      `${built} (${Math.round(performance.now() - started)} ms)\n`,
  );
} catch (error) {
  fail(error?.message ?? String(error), 1);
}
