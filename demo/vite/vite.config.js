// The one setting tilepath needs: its worker is an ES module worker that loads the wasm glue
// with a dynamic import, which the default worker format (iife) cannot bundle under rollup
// ("UMD and IIFE output formats are not supported for code-splitting builds", seen with
// Vite 5 and 7). Vite 8 (rolldown) copes either way. No imports here, so the demo builds with
// whichever Vite is installed.
export default {
  worker: { format: 'es' },
};
