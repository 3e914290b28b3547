// The settings tilepath needs:
// - worker.format 'es': its worker is an ES module worker that loads the wasm glue with a
//   dynamic import, which the default worker format (iife) cannot bundle under rollup ("UMD and
//   IIFE output formats are not supported for code-splitting builds", seen with Vite 5 and 7).
//   Vite 8 (rolldown) copes either way.
// - optimizeDeps.exclude: the dev server (`vite`) pre-bundles dependencies into
//   node_modules/.vite/deps, where tilepath's new URL('./worker-entry.js', import.meta.url) and
//   new URL('tilepath.wasm', import.meta.url) find nothing; left out, they resolve inside the
//   package. `vite build` does not need it.
// No imports here, so the demo builds with whichever Vite is installed.
export default {
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['tilepath'] },
};
