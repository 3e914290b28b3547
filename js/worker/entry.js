// The module worker that PathWorker starts in browsers:
//   new Worker(new URL('./entry.js', import.meta.url), { type: 'module' })
// It serves the worker protocol with the in-thread API (index.js, the browser build).
// Node uses worker-node.js instead; other hosts call serveWorker from 'tilepath/worker'.
// Imported statically: a dynamic import made bundlers split the worker into chunks, which Vite's
// default worker format (iife) refuses ("UMD and IIFE output formats are not supported for
// code-splitting builds"); tests/e2e/vite.test.mjs builds demo/vite with that default.

import { createPathfinder } from '../index.js';
import { serveWorker } from './serve.js';

serveWorker(self, (loadOptions) => createPathfinder(loadOptions));
