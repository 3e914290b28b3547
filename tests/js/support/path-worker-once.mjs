// One PathWorker findPath, printed: a script for tests that start node with their own flags.
import { PathWorker } from '../../../js/worker-node.js';

const pw = await PathWorker.create({ width: 4, height: 4 });
console.log((await pw.findPath(0, 0, 3, 3)).status);
pw.terminate();
