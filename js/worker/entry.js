// The module worker that PathWorker starts in browsers:
//   new Worker(new URL('./entry.js', import.meta.url), { type: 'module' })
// It serves the worker protocol with the in-thread API (index.js, the browser build).
// Node uses worker-node.js instead; other hosts call serveWorker from 'tilepath/worker'.

import { serveWorker } from './serve.js';

serveWorker(self, (loadOptions) =>
  import('../index.js').then(({ createPathfinder }) => createPathfinder(loadOptions)),
);
