// Minifies Emscripten's glue in place (CMake runs it after linking dist/tilepath.mjs and
// dist/tilepath-single.mjs). Emscripten 3.1.6 only strips its whitespace without the closure
// compiler; esbuild (installed with vite) also shortens its local names. Properties are kept as
// they are: everything read through Module["..."] or by js/core/grid.js keeps its name.
//   node js/tools/minify-glue.mjs FILE...
import { readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

for (const file of process.argv.slice(2)) {
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    loader: 'js',
    format: 'esm',
    minify: true,
    target: 'es2020', // the glue reads import.meta.url: es2017 would replace it by an empty object
    legalComments: 'none',
  });
  writeFileSync(file, code);
}
