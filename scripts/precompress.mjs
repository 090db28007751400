// Brotli and gzip copies of the built web app's text files (docs/decisions/0013-compressed-delivery.md),
// written next to each file as `.br` and `.gz`. The server sends them (@fastify/static's preCompressed) to
// browsers that accept them, so a first visit downloads a fraction of the bytes, compressed once at the
// highest level instead of on every request. Run by the Vite build (vite.config.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Pictures and fonts (woff2) are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, the saved bytes do not pay for the extra request headers and lookups. */
export const MIN_BYTES = 1024;

async function* filesIn(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` for each text file of `dir`; answers how many files. */
export async function precompressFolder(dir) {
  let count = 0;
  for await (const file of filesIn(dir)) {
    if (!TEXT.test(file)) continue;
    const data = await fs.readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller would only cost the browser time.
    if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}
