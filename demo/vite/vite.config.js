// The setting tilepath needs: optimizeDeps.exclude. The dev server (`vite`) pre-bundles
// dependencies into node_modules/.vite/deps, where tilepath's new URL('./worker/entry.js',
// import.meta.url) and new URL('tilepath.wasm', import.meta.url) find nothing; left out, they
// resolve inside the package. `vite build` does not need it. The worker bundles in Vite's
// default worker format (iife) as well as in 'es': its entry imports everything statically.
// No imports here, so the demo builds with whichever Vite is installed.
export default {
  optimizeDeps: { exclude: ['tilepath'] },
};
