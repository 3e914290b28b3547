// A hand-written instantiateWasm hook (tilepath's LoadOptions) calling WeChat's own
// WXWebAssembly, as minigame-api-typings declares it. Checked by `tsc --noEmit`
// (tests/js/engines/engine-types.test.mjs); it is never run.
import { createPathfinder } from 'tilepath';

export async function aHookWithTheRealWXWebAssembly(): Promise<void> {
  await createPathfinder({
    instantiateWasm(imports, receive) {
      WXWebAssembly.instantiate('tilepath/tilepath.wasm', imports).then((result) => {
        // minigame-api-typings 3.8.20 declares Promise<Instance>; WeChat documents it "like the
        // standard WebAssembly.instantiate", { instance, module }, which tilepath/wechat reads.
        const { instance, module } = result as unknown as {
          instance: WXWebAssembly.Instance;
          module: WXWebAssembly.Module;
        };
        receive(instance, module);
      });
      return {};
    },
  });
}
