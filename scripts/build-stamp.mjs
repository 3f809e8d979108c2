// Which build is stale: a build writes a stamp (dist/web/.sources, dist/server/.sources) holding a
// fingerprint of its sources taken when it started: every file's and folder's path, size and
// modification time (a folder's time changes when a file in it is added, removed or renamed). A start
// rebuilds only when the fingerprint differs: a changed, new or deleted source, another checkout,
// or another install (node_modules/.package-lock.json). Reading it takes milliseconds; no file's
// content is read.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

const config = ['package.json', 'package-lock.json', 'tsconfig.json', 'node_modules/.package-lock.json'];
export const SOURCES = {
  web: [
    'src-public',
    'src-backoffice',
    'src-shared',
    'public',
    'index.html',
    'backoffice.html',
    'vite.config.ts',
    'vite.ssr.config.ts',
    'scripts/precompress.mjs',
    'scripts/build-web.mjs',
    ...config,
  ],
  server: ['src-server', 'src-shared', 'scripts/build-server.mjs', ...config],
};
export const OUT = { web: 'dist/web', server: 'dist/server' };
// A file each build must have made (a stamp beside a half-deleted folder is not enough).
const MADE = { web: ['backoffice.html', '../server-web/entry-server.mjs'], server: ['main.mjs'] };
const STAMP = '.sources';

/** @param {'web' | 'server'} kind */
export function fingerprint(kind) {
  const hash = createHash('sha256');
  const visit = (path) => {
    let s;
    try {
      s = statSync(path);
    } catch {
      return; // a missing optional source
    }
    hash.update(`${relative(root, path)}\0${s.size}\0${s.mtimeMs}\n`);
    if (s.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') visit(join(path, name));
    }
  };
  for (const p of SOURCES[kind]) visit(join(root, p));
  return hash.digest('hex');
}

/** @param {'web' | 'server'} kind @param {string} print */
export function isFresh(kind, print = fingerprint(kind)) {
  const stamp = join(root, OUT[kind], STAMP);
  return (
    existsSync(stamp) &&
    MADE[kind].every((file) => existsSync(join(root, OUT[kind], file))) &&
    readFileSync(stamp, 'utf8').trim() === print
  );
}

/** Records that OUT[kind] was built from the sources as they were at `print` (taken before the build). */
export function writeStamp(kind, print) {
  mkdirSync(join(root, OUT[kind]), { recursive: true });
  writeFileSync(join(root, OUT[kind], STAMP), `${print}\n`);
}
