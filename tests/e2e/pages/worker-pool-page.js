// Drives a pool of two PathWorkers with a path cache in the page and compares it with the sync
// API in the same page, with edits in between; watches paths and checks which ones are alerted.
// tests/e2e/worker-pool.test.mjs opens this page and reads `window.poolReport`.

import { createPathfinder } from '/js/index.js';
import { PathWorker } from '/js/worker.js';
import { comparable, parseMap, parseScenarios, random } from './worker-maps.js';

async function run() {
  const index = await (await fetch('/movingai/index.json')).json();
  const entry = index.maps.find((m) => m.width === 512 && m.height === 512);
  if (!entry) throw new Error(`no 512x512 Moving AI map served: ${index.message ?? 'none listed'}`);
  const map = parseMap(await (await fetch(entry.url)).text());
  const scenarios = parseScenarios(await (await fetch(entry.scenario)).text());
  const tilepath = await createPathfinder();
  const sync = tilepath.createGrid(map.width, map.height, map.cells);
  const pool = await PathWorker.create({ ...map, cells: map.cells.slice(), workers: 2, cache: 64 });
  const report = { map: entry.name, compared: 0, mismatches: [], cached: 0, alerts: 0 };
  const next = random(99);
  const asked = scenarios.slice(-40); // the longest problems, each asked several times
  const checks = [];
  const watched = [];
  for (let i = 0; i < 400; i++) {
    if (i % 20 === 0) {
      const x = Math.floor(next() * map.width);
      const y = Math.floor(next() * map.height);
      pool.setCell(x, y, 1);
      sync.set(x, y, 1);
    }
    const { sx, sy, gx, gy } = asked[Math.floor(next() * asked.length)];
    const options = { diagonal: 'noCorners' };
    const expected = sync.findPath(sx, sy, gx, gy, options);
    checks.push(
      pool.findPath(sx, sy, gx, gy, options).then((result) => {
        report.compared++;
        if (result.cached) report.cached++;
        // A cached answer costs what a fresh one does; the path may be another as cheap.
        const same = result.cached
          ? result.status === expected.status && result.cost === expected.cost
          : JSON.stringify(comparable(result)) === JSON.stringify(comparable(expected));
        if (!same && report.mismatches.length < 10) report.mismatches.push({ i, sx, sy, gx, gy });
      }),
    );
  }
  await Promise.all(checks);
  // Alerts: one wall on each of 10 watched routes, and 10 walls on no watched route.
  for (const { sx, sy, gx, gy } of asked.slice(0, 10)) {
    const { path } = await pool.findPath(sx, sy, gx, gy, { diagonal: 'noCorners' });
    if (path.length >= 6) watched.push(path);
  }
  const onRoute = new Set();
  for (const path of watched)
    for (let k = 0; k < path.length; k += 2) onRoute.add(path[k + 1] * map.width + path[k]);
  watched.forEach((path) => pool.watchPath(path, () => report.alerts++));
  let offRoute = 0;
  while (offRoute < 10) {
    const i = Math.floor(next() * map.cells.length);
    if (onRoute.has(i) || map.cells[i] !== 0) continue;
    pool.setCell(i % map.width, Math.floor(i / map.width), 1);
    offRoute++;
  }
  report.alertsFromOffRoute = report.alerts;
  for (const path of watched) pool.setCell(path[4], path[5], 1);
  report.watched = watched.length;
  report.stats = pool.stats;
  report.workers = pool.workers.length;
  pool.terminate();
  sync.dispose();
  return report;
}

const statusLine = document.getElementById('status');
run().then(
  (report) => {
    window.poolReport = report;
    statusLine.textContent = `done: ${report.compared} results, ${report.mismatches.length} mismatches`;
    document.getElementById('report').textContent = JSON.stringify(report, null, 2);
  },
  (error) => {
    window.poolReport = { error: `${error.name}: ${error.message}` };
    statusLine.textContent = `failed: ${error.message}`;
    statusLine.className = 'fail';
  },
);
