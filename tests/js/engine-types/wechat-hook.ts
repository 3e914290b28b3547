// A hand-written instantiateWasm hook (tilepath's LoadOptions) calling WeChat's own
// WXWebAssembly, as minigame-api-typings declares it. Checked by `tsc --noEmit`
// (tests/js/engine-types.test.mjs); it is never run.
import { createPathfinder } from 'tilepath';

export async function aHookWithTheRealWXWebAssembly(): Promise<void> {
  await createPathfinder({
    instantiateWasm(imports, receive) {
      WXWebAssembly.instantiate('tilepath/tilepath.wasm', imports).then((instance) =>
        receive(instance),
      );
      return {};
    },
  });
}
