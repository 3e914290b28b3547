// WeChat's own wx and worker (minigame-api-typings) handed to tilepath on ES2020 alone, with no
// DOM lib (tsconfig.wechat.json). Never run.
import { PathWorker, type WorkerLike } from 'tilepath/worker';
import { createWeChatPathWorker, wechatWorker } from 'tilepath/wechat';

export async function inAWorker(cells: Uint8Array): Promise<void> {
  const pw = await PathWorker.create({
    width: 16,
    height: 16,
    cells,
    worker: () => wechatWorker('workers/tilepath/index.js', { wx }),
  });
  pw.terminate();
  const either = await createWeChatPathWorker({ width: 16, height: 16, cells, wx });
  either.terminate();
  const real: WorkerLike = wx.createWorker('workers/tilepath/index.js');
  real.postMessage({});
}
