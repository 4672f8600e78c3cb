// Build step: writes .br and .gz beside every text file of the build, so the server
// (@fastify/static with preCompressed) sends compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this, the compressed copy saves less than the headers it costs.
const minBytes = 1024;

export function precompress(dir: string, skip: (file: string) => boolean = () => false): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    // .vite holds the manifest, read by tests and never served.
    if (entry === '.vite') continue;
    if (statSync(path).isDirectory()) {
      precompress(path, skip);
      continue;
    }
    if (!compressible.test(entry) || skip(path)) continue;
    const content = readFileSync(path);
    if (content.length < minBytes) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  }
}
