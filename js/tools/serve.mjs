// Static HTTP server for the demo and the browser tests. No dependencies: node:http only.
//
//   node js/tools/serve.mjs            serves the repo on PORT (default 8080, next free port if busy;
//                                      PORT=0: any free port)
//   import { startServer } from './serve.mjs'; const s = await startServer({ port: 0 });
//
// The Moving AI maps (tests/data/movingai, or the folder TILEPATH_MOVINGAI names) are served
// read-only at /movingai/, with /movingai/index.json listing the .map files:
//   { "maps": [{ "name": "arena.map", "url": "/movingai/arena.map",
//                "scenario": "/movingai/arena.map.scen" | null, "width": 49, "height": 49 }],
//     "message"?: "why the list is empty" }

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The Moving AI folder: env TILEPATH_MOVINGAI, or tests/data/movingai in the repo. */
export function movingAiFolder() {
  return resolve(process.env.TILEPATH_MOVINGAI || join(repoRoot, 'tests', 'data', 'movingai'));
}

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'text/plain; charset=utf-8',
  '.scen': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.tmx': 'application/xml; charset=utf-8',
  '.tmj': 'application/json; charset=utf-8',
  '.tsx': 'application/xml; charset=utf-8',
};

export function mimeType(filePath) {
  return MIME_TYPES[extname(filePath).toLowerCase()] || 'application/octet-stream';
}

/**
 * Maps a URL path onto a file under `base`, or returns null when it would leave `base`
 * (`..`, encoded `%2e%2e`, backslashes, NUL bytes).
 */
export function resolveInside(base, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const full = resolve(base, '.' + (decoded.startsWith('/') ? decoded : '/' + decoded));
  if (full !== base && !full.startsWith(base.endsWith(sep) ? base : base + sep)) return null;
  return full;
}

// Reads only the 4-line header of a .map file, so listing a folder of large maps stays cheap.
async function readMapHeader(file) {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const width = Number(/^width\s+(\d+)/m.exec(text)?.[1]);
    const height = Number(/^height\s+(\d+)/m.exec(text)?.[1]);
    return { width: width || null, height: height || null };
  } finally {
    await handle.close();
  }
}

export async function movingAiIndex(folder = movingAiFolder()) {
  let names;
  try {
    names = await readdir(folder);
  } catch {
    return {
      maps: [],
      message:
        `Moving AI maps not found at ${folder}. ` +
        'Set TILEPATH_MOVINGAI to the folder holding the .map and .map.scen files.',
    };
  }
  const present = new Set(names);
  const maps = [];
  for (const name of names.filter((n) => n.endsWith('.map')).sort()) {
    const { width, height } = await readMapHeader(join(folder, name));
    maps.push({
      name,
      url: '/movingai/' + encodeURIComponent(name),
      scenario: present.has(name + '.scen')
        ? '/movingai/' + encodeURIComponent(name + '.scen')
        : null,
      width,
      height,
    });
  }
  return maps.length ? { maps } : { maps, message: `No .map files in ${folder}.` };
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

async function sendFile(req, res, file, pathname) {
  let info;
  try {
    info = await stat(file);
  } catch {
    return send(res, 404, `Not found: ${pathname}\n`);
  }
  if (info.isDirectory()) {
    // Relative URLs inside an index.html resolve against the folder only with the slash.
    if (!pathname.endsWith('/')) return send(res, 301, '', { Location: pathname + '/' });
    return sendFile(req, res, join(file, 'index.html'), pathname + 'index.html');
  }
  if (!info.isFile()) return send(res, 404, `Not found: ${pathname}\n`);
  res.writeHead(200, {
    'Content-Type': mimeType(file),
    'Content-Length': info.size,
    // A dev server: always serve what is on disk, so a rebuilt dist/ is picked up on reload.
    'Cache-Control': 'no-store',
  });
  if (req.method === 'HEAD') return res.end();
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * Starts the server. Resolves once it is listening; `port: 0` picks any free port.
 * `movingai`: the maps folder served at /movingai/; `headers`: added to every response.
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export function startServer({
  root = repoRoot,
  port = process.env.PORT ? Number(process.env.PORT) : 8080,
  host = '127.0.0.1',
  movingai = movingAiFolder(),
  headers = {},
} = {}) {
  const base = resolve(root);
  const mapsBase = resolve(movingai);
  const server = createServer(async (req, res) => {
    // Extra headers on every response, e.g. COOP/COEP for cross-origin isolation (precise timers).
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return send(res, 405, 'Only GET and HEAD\n', { Allow: 'GET, HEAD' });
      }
      const { pathname } = new URL(req.url, 'http://localhost');
      if (pathname === '/') return send(res, 302, '', { Location: '/demo/' });
      // Browsers ask for it on every page; a 404 would show up as a console error in every test.
      if (
        pathname === '/favicon.ico' &&
        !(await stat(join(base, 'favicon.ico')).catch(() => null))
      ) {
        return send(res, 204, '');
      }
      if (
        pathname === '/movingai' ||
        pathname === '/movingai/' ||
        pathname === '/movingai/index.json'
      ) {
        const index = await movingAiIndex(mapsBase);
        return send(res, 200, JSON.stringify(index, null, 2), {
          'Content-Type': MIME_TYPES['.json'],
          'Cache-Control': 'no-store',
        });
      }
      const [folder, rest] = pathname.startsWith('/movingai/')
        ? [mapsBase, pathname.slice('/movingai'.length)]
        : [base, pathname];
      const file = resolveInside(folder, rest);
      if (!file) return send(res, 403, `Forbidden: ${pathname}\n`);
      await sendFile(req, res, file, pathname);
    } catch (error) {
      if (!res.headersSent) send(res, 500, `Server error: ${error.message}\n`);
      else res.destroy();
    }
  });
  // Keep-alive sockets would hold close() open until they time out.
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = server.address().port;
      // Browsers under test get the literal address: 'localhost' may resolve to ::1 first.
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      resolvePromise({
        url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${actual}`,
        port: actual,
        server,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

async function main() {
  const first = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(first) || first < 0 || first > 65535) {
    throw new RangeError(
      `PORT must be an integer in 0..65535, got ${JSON.stringify(process.env.PORT)}`,
    );
  }
  // Port 0 asks the system for a free port: one attempt is enough.
  const attempts = first === 0 ? 1 : 20;
  for (let port = first; port < first + attempts; port++) {
    try {
      const { port: actual } = await startServer({ port });
      const index = await movingAiIndex();
      if (index.message) console.warn(index.message);
      else console.log(`Moving AI maps: ${index.maps.length} from ${movingAiFolder()}`);
      console.log(`tilepath demo: http://localhost:${actual}/demo/`);
      return;
    } catch (error) {
      if (error.code !== 'EADDRINUSE') throw error;
      console.warn(`port ${port} is busy, trying ${port + 1}`);
    }
  }
  throw new Error(`no free port in ${first}..${first + attempts - 1}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
