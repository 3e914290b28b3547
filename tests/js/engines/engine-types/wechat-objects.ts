// WeChat's own `wx`, `wx.createWorker(...)` Worker and `WXWebAssembly` (declared by
// minigame-api-typings) handed to tilepath/wechat and tilepath/worker. Checked by
// `tsc --noEmit` (tests/js/engines/engine-types.test.mjs); it is never run.
import { createPathfinder } from 'tilepath';
import { PathWorker, type WorkerLike } from 'tilepath/worker';
import {
  createWeChatPathWorker,
  DEFAULT_BIG_MAPS_WASM_PATH,
  loadPathfinderWithWx,
  wechatWorker,
  type WxLike,
} from 'tilepath/wechat';

const cells = new Uint8Array(16 * 16);

export function theRealWx(): WxLike {
  return wx;
}

export async function thePathfinderThroughWXWebAssembly(): Promise<void> {
  await loadPathfinderWithWx(createPathfinder, { wasmPath: 'tilepath/tilepath.wasm' });
  await loadPathfinderWithWx(createPathfinder, {
    bigMaps: true,
    wasmPath: DEFAULT_BIG_MAPS_WASM_PATH,
  });
}

export async function aWorkerThroughTheRealWx(): Promise<void> {
  const pw = await PathWorker.create({
    width: 16,
    height: 16,
    cells,
    worker: () => wechatWorker('workers/tilepath/index.js', { wx, experimental: true }),
  });
  pw.terminate();
  const either = await createWeChatPathWorker({ width: 16, height: 16, cells, wx, bigMaps: true });
  either.terminate();
}

// What wechatWorker gets back from wx.createWorker, and what worker.d.ts promises to carry.
export function theRealWorkerObject(): [ReturnType<WxLike['createWorker']>, WorkerLike] {
  const worker: WechatMinigame.Worker = wx.createWorker('workers/tilepath/index.js', {
    useExperimentalWorker: true,
  });
  return [worker, worker];
}
