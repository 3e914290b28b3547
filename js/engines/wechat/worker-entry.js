// Source of the WeChat worker script. js/tools/build-wechat.mjs bundles it (with the protocol,
// the in-thread API and the Emscripten glue) into one classic script for the mini-game's
// workers folder: dist/wechat/workers/tilepath/index.js.
//
// WeChat gives a worker a global `worker` (onMessage / postMessage). Messages are copied, so the
// codec makes them JSON-safe; outgoing ones are always encoded and the main thread decodes.

import { serveWorker } from '../../worker/serve.js';
import { createPathfinder } from '../../index.js';
import { decodeIncoming, encodeMessage } from './codec.js';
import { loadPathfinderWithWx } from './instantiate.js';

/* global worker */
const endpoint = {
  postMessage(message) {
    worker.postMessage(encodeMessage(message));
  },
  onMessage(listener) {
    worker.onMessage((message) => listener(decodeIncoming(message)));
  },
};

serveWorker(endpoint, (loadOptions) => loadPathfinderWithWx(createPathfinder, loadOptions ?? {}));
