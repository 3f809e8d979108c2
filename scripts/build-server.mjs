// Bundles the server and its command-line tools into dist/server (packages stay external).
// `main.mjs` exports main() for `npm start` (scripts/start.mjs); the heavy half of a start
// (src-server/startup.ts) is a chunk of its own, loaded while PostgreSQL starts.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fingerprint, root, writeStamp } from './build-stamp.mjs';

export async function buildServer() {
  const print = fingerprint('server');
  // Old chunks (their names carry a hash) would pile up.
  rmSync(`${root}dist/server`, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: 'src-server/server.ts',
      main: 'src-server/main.ts',
      'create-admin': 'src-server/cli/create-admin.ts',
    },
    absWorkingDir: root,
    outdir: 'dist/server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // What `npm start` compares with the sources to reuse this build (scripts/build-stamp.mjs).
  writeStamp('server', print);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
