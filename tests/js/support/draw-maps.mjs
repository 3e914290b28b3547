// Map files drawn as strings, for the tests that feed files to the demo's readers (in Node and
// in the browser): a Moving AI .map, and a one-layer Tiled map written both as .tmj and .tmx.

/** A Moving AI .map whose rows are drawn as strings ('.' free, '@' a wall, any .map character). */
export function movingAiText(rows) {
  return `type octile\nheight ${rows.length}\nwidth ${rows[0].length}\nmap\n${rows.join('\n')}\n`;
}

/**
 * A Tiled map with one tile layer drawn as strings, each character a GID given by `gids`, and
 * one tileset (first GID 1) whose tiles have the given properties (bool, int or float).
 * `external`: the tileset lives in that file instead (returned as `tsx`), as Tiled writes it.
 * @param {string[]} rows
 * @param {{ layer?: string, gids: { [char: string]: number },
 *   tiles?: { [id: number]: { [property: string]: boolean | number } },
 *   external?: string }} options
 * @returns {{ tmj: string, tmx: string, tsx: string | null }}
 */
export function tiledMap(rows, { layer = 'Ground', gids, tiles = {}, external = null }) {
  const width = rows[0].length;
  const height = rows.length;
  const data = rows.flatMap((row) => [...row].map((c) => gids[c]));
  const tilecount = Math.max(1, ...Object.values(gids));
  const type = (v) => (typeof v === 'boolean' ? 'bool' : Number.isInteger(v) ? 'int' : 'float');
  const jsonTileset = {
    name: 'terrain',
    tilewidth: 16,
    tileheight: 16,
    tilecount,
    columns: tilecount,
    tiles: Object.entries(tiles).map(([id, props]) => ({
      id: Number(id),
      properties: Object.entries(props).map(([name, value]) => ({
        name,
        type: type(value),
        value,
      })),
    })),
  };
  const xmlTiles = Object.entries(tiles)
    .map(
      ([id, props]) =>
        `  <tile id="${id}"><properties>` +
        Object.entries(props)
          .map(([n, v]) => `<property name="${n}" type="${type(v)}" value="${v}"/>`)
          .join('') +
        '</properties></tile>\n',
    )
    .join('');
  const xmlTileset = (attributes) =>
    `<tileset ${attributes}name="terrain" tilewidth="16" tileheight="16" ` +
    `tilecount="${tilecount}" columns="${tilecount}">\n${xmlTiles}</tileset>`;
  const header = {
    type: 'map',
    version: '1.10',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    width,
    height,
    tilewidth: 16,
    tileheight: 16,
    infinite: false,
  };
  const tmj = JSON.stringify({
    ...header,
    layers: [
      { type: 'tilelayer', id: 1, name: layer, width, height, x: 0, y: 0, visible: true, data },
    ],
    tilesets: [external ? { firstgid: 1, source: external } : { firstgid: 1, ...jsonTileset }],
  });
  const csv = rows.map((row) => [...row].map((c) => gids[c]).join(',')).join(',\n');
  const tmx =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<map version="1.10" orientation="orthogonal" renderorder="right-down" width="${width}" ` +
    `height="${height}" tilewidth="16" tileheight="16" infinite="0">\n` +
    (external
      ? `<tileset firstgid="1" source="${external}"/>\n`
      : `${xmlTileset('firstgid="1" ')}\n`) +
    `<layer id="1" name="${layer}" width="${width}" height="${height}">\n` +
    `<data encoding="csv">\n${csv}\n</data>\n` +
    '</layer>\n</map>\n';
  const tsx = external ? `<?xml version="1.0" encoding="UTF-8"?>\n${xmlTileset('')}\n` : null;
  return { tmj, tmx, tsx };
}
