// `npm start`: reuses each build whose sources did not change (the stamps of scripts/build-stamp.mjs),
// rebuilds the others, and runs the server. On a first start the steps overlap: Vite builds the web
// entries in a child process while the server is bundled (esbuild, a second) and starts
// (PostgreSQL's initdb, migrations, the demo seed); the server listens once the web build is done.
// That build writes the gzip copies of the web files; the Brotli ones (quality 11, the slowest part)
// are written in the background after the server listens, at a low priority, and are sent from
// the moment each is complete.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { isFresh, root } from './build-stamp.mjs';
import { DONE_MARKER } from './precompress.mjs';

process.env.NODE_ENV ??= 'production';
const ms = (since) => Math.round(performance.now() - since);
const timings = {};

const children = new Set();
const track = (child) => {
  children.add(child);
  child.on('exit', () => children.delete(child));
};
// The server leaves with process.exit(): a build or compression still running goes with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

// A signal while the server is being bundled (main() has its own handlers from its first moment).
const stopBuilding = () => process.exit(1);
process.once('SIGINT', stopBuilding);
process.once('SIGTERM', stopBuilding);

let begun = performance.now();
const webFresh = isFresh('web');
const serverFresh = isFresh('server');
timings.checkBuildsMs = ms(begun);

let webReady;
if (!webFresh) {
  console.log('Building the web entries (first start, or sources changed) while the server starts...');
  const { buildWeb } = await import('./build-web.mjs');
  const webBegun = performance.now();
  webReady = buildWeb({
    args: ['--logLevel', 'warn'],
    env: { PRECOMPRESS: 'gzip', SOURCEMAP: '0' },
    onChild: track,
  }).then(() => {
    timings.webBuildMs = ms(webBegun);
  });
  // Awaited by the server; a failure ends the start there (with Vite's own message above it).
  webReady.catch(() => undefined);
}
if (!serverFresh) {
  console.log('Building the server...');
  begun = performance.now();
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  timings.serverBuildMs = ms(begun);
}

const { main } = await import(join(root, 'dist/server/main.mjs'));
process.off('SIGINT', stopBuilding);
process.off('SIGTERM', stopBuilding);
await main({ webReady });

const webDir = join(root, 'dist/web');
if (existsSync(join(webDir, 'index.html')) && !existsSync(join(webDir, DONE_MARKER))) {
  const child = spawn(process.execPath, [join(root, 'scripts/precompress.mjs'), webDir, '--brotli'], {
    stdio: 'ignore',
  });
  try {
    setPriority(child.pid, 19);
  } catch {
    // not allowed here: it runs at the normal priority
  }
  track(child);
  timings.brotli = 'in the background';
}
console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'npm start: builds', ...timings }));
