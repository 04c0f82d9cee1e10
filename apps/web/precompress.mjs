// After `vite build`: a brotli and a gzip copy beside every text asset over a kilobyte, made once at
// their highest levels, so the server sends them by Accept-Encoding without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot folders (the build's manifests, the server's renderer) are read by the server, never sent.
    if (entry.isDirectory() && entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for (const path of files(new URL('./dist', import.meta.url).pathname)) {
  if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
  const content = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files (.br, .gz)`);
