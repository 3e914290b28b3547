// Loading the wasm in WeChat: WXWebAssembly.instantiate takes a path inside the code package,
// never bytes, so Emscripten's own loader cannot be used; its instantiateWasm hook can.

/** The package path of the .wasm, outside the workers folder (which keeps only .js files). */
export const DEFAULT_WASM_PATH = 'tilepath/tilepath.wasm';
/** The same for the build with the big-map features (bigMaps: true). */
export const DEFAULT_BIG_MAPS_WASM_PATH = 'tilepath/tilepath-bigmaps.wasm';

function wxWebAssembly() {
  const api =
    globalThis.WXWebAssembly ?? (typeof WXWebAssembly === 'undefined' ? undefined : WXWebAssembly);
  if (!api || typeof api.instantiate !== 'function') {
    throw new TypeError(
      'WXWebAssembly is not available here (WeChat base library 2.13+ on the main thread, 2.15+ in workers)',
    );
  }
  return api;
}

/**
 * WeChat has WXWebAssembly but no WebAssembly global, and Emscripten's glue checks for it and
 * uses WebAssembly.RuntimeError. Point the global at WXWebAssembly (what the glue needs of it:
 * Memory, Table, the error types); the module itself is instantiated through the hook below.
 */
export function ensureWebAssemblyGlobal(api = wxWebAssembly()) {
  if (typeof globalThis.WebAssembly === 'object' && globalThis.WebAssembly)
    return globalThis.WebAssembly;
  const errorType = (name) =>
    api[name] ??
    class extends Error {
      constructor(message) {
        super(message);
        this.name = name;
      }
    };
  // Only what Emscripten's glue uses; WeChat has no Exception/Tag/compile.
  globalThis.WebAssembly = /** @type {typeof WebAssembly} */ (
    /** @type {unknown} */ ({
      Memory: api.Memory,
      Table: api.Table,
      Global: api.Global,
      Module: api.Module,
      Instance: api.Instance,
      instantiate: (path, imports) => api.instantiate(path, imports),
      RuntimeError: errorType('RuntimeError'),
      CompileError: errorType('CompileError'),
      LinkError: errorType('LinkError'),
    })
  );
  return globalThis.WebAssembly;
}

/**
 * Loads the pathfinder with WXWebAssembly. `createPathfinder` is tilepath's (passed in, so that
 * this file does not decide which build is bundled). Rejects with the path in the message when
 * the file is missing or fails to instantiate, instead of waiting forever.
 */
export function loadPathfinderWithWx(
  createPathfinder,
  {
    bigMaps = false,
    wasmPath = bigMaps ? DEFAULT_BIG_MAPS_WASM_PATH : DEFAULT_WASM_PATH,
    ...loadOptions
  } = {},
) {
  if (typeof wasmPath !== 'string' || wasmPath === '') {
    throw new TypeError(
      `wasmPath must be a path inside the mini-game package, got ${String(wasmPath)}`,
    );
  }
  const api = wxWebAssembly();
  ensureWebAssemblyGlobal(api);
  let fail;
  const failed = new Promise((resolve, reject) => {
    fail = reject;
  });
  const instantiateWasm = (imports, receive) => {
    api.instantiate(wasmPath, imports).then(
      (result) => receive(result.instance, result.module),
      (error) =>
        fail(
          new Error(`WXWebAssembly.instantiate('${wasmPath}') failed: ${error?.message ?? error}`),
        ),
    );
    return {}; // Emscripten: exports arrive later, through receive
  };
  // locateFile keeps the glue from building a URL from import.meta.url (WeChat has no URL).
  return Promise.race([
    createPathfinder({ ...loadOptions, bigMaps, instantiateWasm, locateFile: (file) => file }),
    failed,
  ]);
}
