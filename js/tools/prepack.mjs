// npm pack / npm publish: refuse to pack without the built files. What must exist is read from
// package.json's "files" (its dist/ entries), so the list lives in one place.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const missing = files.filter((f) => f.startsWith('dist/') && !existsSync(join(root, f)));
if (missing.length > 0) {
  console.error(
    `tilepath: ${missing.join(', ')} missing: run npm run build before packing (the wasm is built, not committed)`,
  );
  process.exit(1);
}
