// The WeChat path, in Node, with a fake `wx`:
// - wx.createWorker(path) starts the built classic script (dist/wechat/workers/tilepath/index.js)
//   on a worker thread that looks like a WeChat worker: a global `worker` with onMessage /
//   postMessage, WXWebAssembly.instantiate(path, imports) reading from the package folder, and no
//   WebAssembly, fetch, URL, importScripts or module loader;
// - every message is COPIED, and by default copied the strictest way: as JSON text, refusing
//   anything JSON cannot carry (typed arrays, NaN, Infinity) instead of silently mangling it.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { mkdtemp, rm, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  encodeMessage,
  decodeMessage,
  wechatWorker,
  createWeChatPathWorker,
  InThreadPathWorker,
} from '../../../js/wechat.js';
import { buildWeChat } from '../../../js/tools/build-wechat.mjs';
import { createPathfinder } from '../../../js/node.js';

// What runs on the fake worker thread before the script: make the global look like WeChat's.
const WORKER_BOOT = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const vm = require('node:vm');
const { root, script, copy } = workerData;
const NativeWasm = WebAssembly;
for (const name of ['WebAssembly', 'fetch', 'URL', 'importScripts', 'XMLHttpRequest', 'MessageChannel']) {
  delete globalThis[name];
}
const instantiated = [];
globalThis.WXWebAssembly = {
  Memory: NativeWasm.Memory,
  Table: NativeWasm.Table,
  Global: NativeWasm.Global,
  instantiate(path, imports) {
    instantiated.push(path);
    parentPort.postMessage({ fake: 'instantiate', path });
    let bytes;
    try { bytes = readFileSync(join(root, path)); } catch (error) { return Promise.reject(new Error('no such file: ' + path)); }
    return NativeWasm.instantiate(bytes, imports);
  },
};
let listener = null;
globalThis.worker = {
  onMessage(fn) { listener = fn; },
  postMessage(message) { parentPort.postMessage({ fake: 'message', data: copy === 'json' ? JSON.stringify(message) : message }); },
};
parentPort.on('message', (data) => listener && listener(copy === 'json' ? JSON.parse(data) : data));
vm.runInThisContext(readFileSync(join(root, script), 'utf8'), { filename: script });
`;

function jsonSafe(value, path = 'message') {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}: JSON cannot carry it`);
    return;
  }
  if (typeof value !== 'object') throw new TypeError(`${path} is a ${typeof value}`);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    throw new TypeError(`${path} is a ${value.constructor.name}: a copying host may not keep it`);
  }
  for (const [key, item] of Object.entries(value)) jsonSafe(item, `${path}.${key}`);
}

/** A fake `wx` whose workers run the package's worker script and copy every message. */
function fakeWx(root, { copy = 'json', maxWorkers = 1 } = {}) {
  const wx = { created: [], instantiated: [], live: 0, workers: [] };
  wx.createWorker = (scriptPath, options) => {
    if (wx.live >= maxWorkers) throw new Error('createWorker:fail exceed max worker count');
    wx.created.push({ scriptPath, options });
    wx.live++;
    const thread = new Worker(WORKER_BOOT, {
      eval: true,
      workerData: { root, script: scriptPath, copy },
    });
    let onMessage = null;
    let onKilled = null;
    let alive = true;
    thread.on('message', (m) => {
      if (m.fake === 'instantiate') wx.instantiated.push(m.path);
      else if (m.fake === 'message') onMessage?.(copy === 'json' ? JSON.parse(m.data) : m.data);
    });
    thread.on('error', (error) => {
      wx.errors = [...(wx.errors ?? []), error];
    });
    const handle = {
      postMessage(message) {
        if (copy === 'json') {
          jsonSafe(message);
          thread.postMessage(JSON.stringify(message));
        } else {
          thread.postMessage(structuredClone(message));
        }
      },
      onMessage(fn) {
        onMessage = fn;
      },
      onProcessKilled(fn) {
        onKilled = fn;
      },
      terminate() {
        if (!alive) return;
        alive = false;
        wx.live--;
        thread.terminate();
      },
      // Test hook: what iOS does to an ExperimentalWorker under memory pressure.
      kill() {
        alive = false;
        wx.live--;
        thread.terminate().then(() => onKilled?.());
      },
    };
    wx.workers.push(handle);
    return handle;
  };
  return wx;
}

const MAP = [
  '..........',
  '.########.',
  '.#......#.',
  '.#.####.#.',
  '...#....#.',
  '####.####.',
  '..........',
];
const cellsOf = (rows) => Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0));
const W = MAP[0].length;
const H = MAP.length;

let pkg;
let pathfinder;

before(async () => {
  pkg = await mkdtemp(join(tmpdir(), 'tilepath-wechat-'));
  await buildWeChat({ outDir: pkg, quiet: true });
  pathfinder = await createPathfinder();
});

after(async () => {
  if (pkg) await rm(pkg, { recursive: true, force: true });
});

describe('codec', () => {
  test('typed arrays, buffers and non-finite numbers survive a JSON copy', () => {
    const message = {
      type: 'update',
      indices: Uint32Array.of(0, 7, 4294967295),
      values: Uint8Array.of(1, 2, 255),
      costs: Float64Array.of(2, Infinity, 3, 0.5),
      cells: Uint8Array.of(9, 8, 7).buffer,
      nested: [{ path: Int32Array.of(-1, 2) }, NaN, -Infinity, null, 'x'],
    };
    const copied = decodeMessage(JSON.parse(JSON.stringify(encodeMessage(message))));
    assert.deepEqual(copied, message);
    assert.ok(copied.indices instanceof Uint32Array);
    assert.ok(copied.cells instanceof ArrayBuffer);
    jsonSafe(encodeMessage(message));
  });

  test('a view into a larger buffer sends only its own bytes', () => {
    const big = new Uint8Array(100).map((_, i) => i);
    const copied = decodeMessage(
      JSON.parse(JSON.stringify(encodeMessage({ v: big.subarray(10, 13) }))),
    );
    assert.deepEqual([...copied.v], [10, 11, 12]);
  });
});

describe('the worker package', () => {
  test('is a classic script (no import/export, no import.meta), with the wasm outside workers/', async () => {
    const script = await readFile(join(pkg, 'workers', 'tilepath', 'index.js'), 'utf8');
    assert.doesNotMatch(script, /^\s*(import|export)\s/m);
    assert.doesNotMatch(script, /import\.meta/);
    for (const file of ['tilepath.wasm', 'tilepath-bigmaps.wasm']) {
      const wasm = await readFile(join(pkg, 'tilepath', file));
      assert.equal(wasm.subarray(0, 4).toString('latin1'), '\0asm', file);
    }
    assert.deepEqual(JSON.parse(await readFile(join(pkg, 'game.json'), 'utf8')), {
      workers: 'workers',
    });
  });
});

describe('createWeChatPathWorker with a wx worker', () => {
  test('finds the same paths as the in-thread grid, with every message copied as JSON', async () => {
    const wx = fakeWx(pkg);
    const pw = await createWeChatPathWorker({
      wx,
      width: W,
      height: H,
      cells: cellsOf(MAP),
      onFallback: (r) => assert.fail(r),
    });
    try {
      assert.equal(pw.inThread, false, 'a real PathWorker, not the fallback');
      assert.deepEqual(wx.created, [
        { scriptPath: 'workers/tilepath/index.js', options: undefined },
      ]);
      assert.deepEqual(wx.instantiated, ['tilepath/tilepath.wasm']);
      const grid = pathfinder.createGrid(W, H, cellsOf(MAP));
      const expected = grid.findPath(0, 0, 4, 2);
      const result = await pw.findPath(0, 0, 4, 2);
      assert.equal(result.status, 'found');
      assert.deepEqual(result.path, expected.path);
      assert.ok(result.path instanceof Int32Array);
      assert.equal(result.cost, expected.cost);

      // An edit made before a request is seen by it: close the gap at (4, 5).
      pw.setCell(4, 5, 1);
      grid.set(4, 5, 1);
      const [blocked, diagonal] = await pw.findPaths([
        { sx: 0, sy: 6, gx: 4, gy: 2 },
        { sx: 0, sy: 6, gx: 4, gy: 2, options: { diagonal: 'noCorners' } },
      ]);
      assert.deepEqual(blocked.path, grid.findPath(0, 6, 4, 2).path);
      assert.deepEqual(diagonal.path, grid.findPath(0, 6, 4, 2, { diagonal: 'noCorners' }).path);
      // Costs cross too (Infinity = blocked is not JSON: the codec carries it).
      pw.setCost(1, Infinity);
      pw.setCost(2, 3);
      pw.fillRect(0, 0, 3, 1, 2);
      grid.setCost(2, 3);
      grid.fillRect(0, 0, 3, 1, 2);
      assert.equal((await pw.findPath(0, 0, 9, 0)).cost, grid.findPath(0, 0, 9, 0).cost);
      grid.dispose();
    } finally {
      pw.terminate();
    }
  });

  test('bigMaps: true loads tilepath-bigmaps.wasm from its default path; the default build refuses hpa', async () => {
    const answers = {};
    for (const bigMaps of [false, true]) {
      const wx = fakeWx(pkg);
      const level = { width: W, height: H, cells: cellsOf(MAP) };
      const pw = await createWeChatPathWorker({ wx, bigMaps, ...level, onFallback: assert.fail });
      try {
        answers[bigMaps] = {
          instantiated: wx.instantiated,
          hpa: await pw.findPath(0, 0, 4, 2, { algorithm: 'hpa' }).then(
            (r) => r.cost,
            (error) => error.message,
          ),
        };
      } finally {
        pw.terminate();
      }
    }
    assert.deepEqual(answers.true.instantiated, ['tilepath/tilepath-bigmaps.wasm']);
    assert.deepEqual(answers.false.instantiated, ['tilepath/tilepath.wasm']);
    const grid = pathfinder.createGrid(W, H, cellsOf(MAP));
    assert.equal(answers.true.hpa, grid.findPath(0, 0, 4, 2, { algorithm: 'hpa' }).cost);
    grid.dispose();
    assert.match(answers.false.hpa, /^algorithm 'hpa' is one of the big-map features/);
  });

  test('binary: clone sends typed arrays as they are to a structured-clone host', async () => {
    const wx = fakeWx(pkg, { copy: 'clone' });
    const pw = await createWeChatPathWorker({
      wx,
      binary: 'clone',
      width: W,
      height: H,
      cells: cellsOf(MAP),
    });
    try {
      const result = await pw.findPath(0, 0, 4, 2);
      assert.equal(result.status, 'found');
      assert.ok(
        result.path instanceof Int32Array,
        'the worker encodes its replies: they are decoded',
      );
    } finally {
      pw.terminate();
    }
  });

  test('a message the worker cannot decode is refused, and the worker keeps serving', async () => {
    const wx = fakeWx(pkg);
    const pw = await createWeChatPathWorker({ wx, width: W, height: H, cells: cellsOf(MAP) });
    try {
      const before = pw.stats.repliesIgnored;
      // Straight to the wx worker, past PathWorker: a tagged value the codec does not know.
      wx.workers[0].postMessage({
        type: 'update',
        seq: 1,
        indices: { $tilepath: 'Bogus', base64: 'AAAA' },
      });
      const result = await pw.findPath(0, 0, 4, 2);
      assert.equal(result.status, 'found');
      while (pw.stats.repliesIgnored === before)
        await new Promise((resolve) => setTimeout(resolve, 5));
      assert.equal(pw.stats.repliesIgnored, before + 1, 'the refusal names no update of ours');
      assert.deepEqual(wx.errors ?? [], [], 'the worker thread did not fail');
    } finally {
      pw.terminate();
    }
  });

  test('experimental workers are asked for, and a worker killed by the system is replaced', async () => {
    const wx = fakeWx(pkg);
    const pw = await createWeChatPathWorker({
      wx,
      experimental: true,
      width: W,
      height: H,
      cells: cellsOf(MAP),
    });
    try {
      assert.deepEqual(wx.created[0].options, { useExperimentalWorker: true });
      pw.setCell(4, 5, 1);
      const before = await pw.findPath(0, 6, 4, 2);
      wx.workers[0].kill();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const after = await pw.findPath(0, 6, 4, 2);
      assert.deepEqual(after.path, before.path, 'the new worker got the grid with the edit');
      assert.equal(wx.created.length, 2);
    } finally {
      pw.terminate();
    }
  });
});

describe('createWeChatPathWorker falls back to in-thread', () => {
  const loadPathfinder = () => createPathfinder();

  test('when there is no wx.createWorker (LayaNative)', async () => {
    const reasons = [];
    const pw = await createWeChatPathWorker({
      wx: {},
      loadPathfinder,
      onFallback: (r) => reasons.push(r),
      width: W,
      height: H,
      cells: cellsOf(MAP),
    });
    assert.ok(pw instanceof InThreadPathWorker);
    assert.match(reasons[0], /no wx.createWorker/);
    const grid = pathfinder.createGrid(W, H, cellsOf(MAP));
    assert.deepEqual((await pw.findPath(0, 0, 4, 2)).path, grid.findPath(0, 0, 4, 2).path);
    pw.setCell(4, 5, 1);
    grid.set(4, 5, 1);
    const request = pw.findPath(0, 6, 4, 2);
    pw.setCell(4, 5, 0); // an edit after the request is not seen by it
    assert.deepEqual((await request).path, grid.findPath(0, 6, 4, 2).path);
    assert.throws(() => pw.findPath(0, 0, W, 0), RangeError);
    assert.throws(() => pw.setCell(W, 0, 1), RangeError);
    assert.throws(() => pw.setCost(1, -2), RangeError);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(pw.findPath(0, 0, 1, 0, { signal: controller.signal }), {
      name: 'AbortError',
    });
    grid.dispose();
    pw.terminate();
    assert.equal(pw.terminated, true);
  });

  test('when the game already uses its one worker', async () => {
    const wx = fakeWx(pkg, { maxWorkers: 0 });
    const reasons = [];
    const pw = await createWeChatPathWorker({
      wx,
      loadPathfinder,
      onFallback: (r) => reasons.push(r),
      width: W,
      height: H,
      cells: cellsOf(MAP),
    });
    assert.ok(pw instanceof InThreadPathWorker);
    assert.match(reasons[0], /exceed max worker count/);
    assert.equal((await pw.findPath(0, 0, 4, 2)).status, 'found');
    pw.terminate();
  });

  test('when the worker cannot load the wasm (wrong wasmPath), naming the path', async () => {
    const wx = fakeWx(pkg);
    const reasons = [];
    const pw = await createWeChatPathWorker({
      wx,
      wasmPath: 'nowhere/tilepath.wasm',
      loadPathfinder,
      onFallback: (r) => reasons.push(r),
      width: W,
      height: H,
      cells: cellsOf(MAP),
    });
    assert.ok(pw instanceof InThreadPathWorker);
    assert.match(reasons[0], /WXWebAssembly.instantiate\('nowhere\/tilepath.wasm'\) failed/);
    assert.equal(wx.live, 0, 'the failed worker was terminated');
    pw.terminate();
    await assert.rejects(
      createWeChatPathWorker({
        wx: fakeWx(pkg),
        wasmPath: 'nowhere.wasm',
        inThread: false,
        width: 2,
        height: 2,
      }),
      /no tilepath worker: .*nowhere.wasm/,
    );
    // bigMaps: true pointed at the small build: told so, not answered later with a refusal.
    await assert.rejects(
      createWeChatPathWorker({
        wx: fakeWx(pkg),
        bigMaps: true,
        wasmPath: 'tilepath/tilepath.wasm',
        inThread: false,
        width: 2,
        height: 2,
      }),
      {
        message:
          'no tilepath worker: createPathfinder({ bigMaps: true }) loaded the module ' +
          'options.instantiateWasm gave, which is tilepath.wasm, the build without the big-map ' +
          "features: give it the package's tilepath-bigmaps.wasm (its bytes, its URL, or on " +
          'WeChat its wasmPath)',
      },
    );
  });

  test('when the worker script never answers (readyTimeout)', async () => {
    const silent = { createWorker: () => ({ postMessage() {}, onMessage() {}, terminate() {} }) };
    const reasons = [];
    const pw = await createWeChatPathWorker({
      wx: silent,
      readyTimeout: 50,
      loadPathfinder,
      onFallback: (r) => reasons.push(r),
      width: W,
      height: H,
    });
    assert.ok(pw instanceof InThreadPathWorker);
    assert.match(reasons[0], /did not say it was ready within 50 ms/);
    pw.terminate();
  });

  test('a readyTimeout that is no number of milliseconds is refused, not fallen back from', async () => {
    const silent = { createWorker: () => ({ postMessage() {}, onMessage() {}, terminate() {} }) };
    const reasons = [];
    const make = (readyTimeout) =>
      createWeChatPathWorker({
        wx: silent,
        readyTimeout,
        loadPathfinder,
        onFallback: (r) => reasons.push(r),
        width: W,
        height: H,
      });
    await assert.rejects(make('50'), {
      name: 'TypeError',
      message: /readyTimeout must be milliseconds .*got "50"/,
    });
    await assert.rejects(make(-1), { name: 'RangeError', message: /got -1/ });
    assert.deepEqual(reasons, []);
  });
});

describe('wechatWorker', () => {
  test('refuses hosts without wx.createWorker and unknown binary modes', () => {
    assert.throws(() => wechatWorker('w.js', { wx: {} }), /wx.createWorker is not available/);
    assert.throws(
      () => wechatWorker('w.js', { wx: { createWorker() {} }, binary: 'raw' }),
      /binary must be 'encode' or 'clone'/,
    );
    // A value that is no string is named in plain words (JSON.stringify threw on a BigInt).
    assert.throws(() => wechatWorker('w.js', { wx: { createWorker() {} }, binary: 1n }), {
      name: 'RangeError',
      message: "binary must be 'encode' or 'clone', got 1n",
    });
  });
});

describe('createWeChatPathWorker options', () => {
  test('a misspelt option is refused, naming the one meant; inThread given no string is named', async () => {
    const silent = { createWorker: () => ({ postMessage() {}, onMessage() {}, terminate() {} }) };
    for (const [extra, meant] of [
      [{ workerScrpt: 'workers/path.js' }, 'workerScript'],
      [{ readytimeout: 50 }, 'readyTimeout'],
      [{ inthread: true }, 'inThread'],
      [{ wokers: 2 }, 'workers'],
      [{ msPerFrme: 2 }, 'msPerFrame'],
    ]) {
      const key = Object.keys(extra)[0];
      await assert.rejects(createWeChatPathWorker({ wx: silent, width: W, height: H, ...extra }), {
        name: 'TypeError',
        message: `createWeChatPathWorker: unknown option '${key}' (did you mean '${meant}'?)`,
      });
    }
    await assert.rejects(createWeChatPathWorker({ width: W, height: H, inThread: () => true }), {
      name: 'RangeError',
      message: "inThread must be 'auto', true or false, got a function",
    });
  });
});
