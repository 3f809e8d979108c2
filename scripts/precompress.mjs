// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web build that is at
// least 1 KiB, kept only when smaller; the server sends them with @fastify/static's `preCompressed`
// (src-server/plugins/web.ts), so nothing is compressed per request. Used by the build
// (vite.config.ts, precompress()) and by `npm start`, which writes the gzip copies with the build
// and the Brotli ones (quality 11: seconds of work) in the background once the server listens:
// `node scripts/precompress.mjs DIR --brotli`. Each copy is written to a temporary name and renamed,
// so the server never sends half a file; DIR/.precompressed marks a finished run.
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|ico|webmanifest)$/;
export const DONE_MARKER = '.precompressed';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function files(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? files(path) : Promise.resolve(COMPRESSIBLE.test(path) ? [path] : []);
    }),
  );
  return nested.flat();
}

async function writeAtomically(path, bytes) {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/**
 * Compresses the text files of `dir` (`brotli` and `gzip` say which copies to write), a few files
 * at a time on zlib's worker threads; the largest first, so that they do not finish last alone.
 * @param {string} dir
 * @param {{ brotli?: boolean, gzip?: boolean }} [options]
 * @returns {Promise<void>}
 */
export async function precompressDir(dir, options = {}) {
  const { brotli: withBrotli = true, gzip: withGzip = true } = options;
  const sized = await Promise.all(
    (await files(dir)).map(async (path) => ({ path, size: (await stat(path)).size })),
  );
  const queue = sized.filter((f) => f.size >= 1024).sort((a, b) => b.size - a.size);
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const source = await readFile(file.path);
      const [br, gzipped] = await Promise.all([
        withBrotli
          ? brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            })
          : undefined,
        withGzip ? gz(source, { level: 9 }) : undefined,
      ]);
      if (br && br.length < source.length) await writeAtomically(`${file.path}.br`, br);
      if (gzipped && gzipped.length < source.length) await writeAtomically(`${file.path}.gz`, gzipped);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  if (withBrotli && withGzip) await writeFile(join(dir, DONE_MARKER), '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precompress.mjs DIR [--brotli | --gzip]');
    process.exit(2);
  }
  const only = process.argv[3];
  await precompressDir(resolve(dir), { brotli: only !== '--gzip', gzip: only !== '--brotli' });
  if (only === '--brotli') await writeFile(join(resolve(dir), DONE_MARKER), '');
}
