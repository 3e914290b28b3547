// The static server of js/tools/serve.mjs: MIME types, no way out of the root, the redirect to
// the demo, and the Moving AI folder with its index. No browser: plain HTTP requests.
// Run: node --test tests/js/demo/serve.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { movingAiFolder, movingAiIndex, repoRoot, startServer } from '../../../js/tools/serve.mjs';
import { MOVING_AI_MAPS } from '../support/movingai-list.mjs';

/** A raw GET: the path is sent exactly as given, not normalised as fetch() would. */
function get(port, path) {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

async function site() {
  const dir = await mkdtemp(join(tmpdir(), 'tilepath-serve-'));
  const root = join(dir, 'repo');
  const maps = join(dir, 'maps');
  await mkdir(join(root, 'demo'), { recursive: true });
  await mkdir(maps);
  await writeFile(join(dir, 'secret.txt'), 'outside the root');
  await writeFile(join(root, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
  await writeFile(join(root, 'app.mjs'), 'export default 1;');
  await writeFile(join(root, 'core.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  await writeFile(join(root, 'data.json'), '{}');
  await writeFile(join(maps, 'tiny.map'), 'type octile\nheight 2\nwidth 3\nmap\n..@\n...\n');
  await writeFile(join(maps, 'tiny.map.scen'), 'version 1\n');
  await writeFile(join(maps, 'notes.txt'), 'not a map');
  return { dir, root, maps };
}

test('serves files with their MIME types, / redirects to /demo/, a folder to its index.html', async () => {
  const { dir, root, maps } = await site();
  const server = await startServer({ root, movingai: maps, port: 0 });
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await get(server.port, '/');
    assert.equal(home.status, 302);
    assert.equal(home.headers.location, '/demo/');
    assert.equal((await get(server.port, '/demo')).headers.location, '/demo/');
    const demo = await get(server.port, '/demo/');
    assert.equal(demo.status, 200);
    assert.match(demo.headers['content-type'], /^text\/html/);
    assert.match((await get(server.port, '/app.mjs')).headers['content-type'], /^text\/javascript/);
    assert.equal(
      (await get(server.port, '/core.wasm')).headers['content-type'],
      'application/wasm',
    );
    assert.match(
      (await get(server.port, '/data.json')).headers['content-type'],
      /^application\/json/,
    );
    assert.equal((await get(server.port, '/missing.js')).status, 404);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('no path leads out of the root, however it is encoded', async () => {
  const { dir, root, maps } = await site();
  const server = await startServer({ root, movingai: maps, port: 0 });
  try {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/demo/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/movingai/..%2f..%2fsecret.txt',
      '/movingai/%2e%2e/secret.txt',
      '/%00',
    ]) {
      const response = await get(server.port, path);
      assert.ok([403, 404].includes(response.status), `${path}: ${response.status}`);
      assert.doesNotMatch(response.body.toString(), /outside the root/, path);
    }
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('/movingai/ serves the maps folder, and index.json lists its .map files', async () => {
  const { dir, root, maps } = await site();
  const server = await startServer({ root, movingai: maps, port: 0 });
  try {
    const index = JSON.parse((await get(server.port, '/movingai/index.json')).body);
    assert.deepEqual(index, {
      maps: [
        {
          name: 'tiny.map',
          url: '/movingai/tiny.map',
          scenario: '/movingai/tiny.map.scen',
          width: 3,
          height: 2,
        },
      ],
    });
    const map = await get(server.port, '/movingai/tiny.map');
    assert.equal(map.status, 200);
    assert.match(map.body.toString(), /^type octile/);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('a missing maps folder gives an empty list that says where it looked', async () => {
  const { dir, root } = await site();
  const server = await startServer({ root, movingai: join(dir, 'nowhere'), port: 0 });
  try {
    const index = JSON.parse((await get(server.port, '/movingai/index.json')).body);
    assert.deepEqual(index, {
      maps: [],
      message:
        `Moving AI maps not found at ${join(dir, 'nowhere')}. ` +
        'Set TILEPATH_MOVINGAI to the folder holding the .map and .map.scen files.',
    });
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('two servers on port 0 get different free ports, and close() frees them', async () => {
  const { dir, root, maps } = await site();
  const a = await startServer({ root, movingai: maps, port: 0 });
  const b = await startServer({ root, movingai: maps, port: 0 });
  assert.notEqual(a.port, b.port);
  await a.close();
  await b.close();
  await assert.rejects(get(a.port, '/'), { code: 'ECONNREFUSED' });
  await rm(dir, { recursive: true, force: true });
});

test('with no TILEPATH_MOVINGAI the maps come from tests/data/movingai: all eight, with scenarios', async () => {
  const saved = process.env.TILEPATH_MOVINGAI;
  delete process.env.TILEPATH_MOVINGAI;
  try {
    const folder = join(repoRoot, 'tests', 'data', 'movingai');
    assert.equal(movingAiFolder(), folder);
    const index = await movingAiIndex();
    assert.deepEqual(index, {
      maps: MOVING_AI_MAPS.map(({ name, width, height }) => ({
        name,
        url: `/movingai/${name}`,
        scenario: `/movingai/${name}.scen`,
        width,
        height,
      })),
    });
  } finally {
    if (saved !== undefined) process.env.TILEPATH_MOVINGAI = saved;
  }
});
