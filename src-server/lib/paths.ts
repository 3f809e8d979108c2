import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json), found from this file whether it runs from
 * source (tsx, vitest) or from the bundle in dist/server. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Could not find the project root (package.json)');
    dir = parent;
  }
}

export const projectRoot = findRoot();
export const migrationsDir = join(projectRoot, 'src-server', 'db', 'migrations');
/** The database's functions, one file each, applied after the migrations (db/apply-functions.ts). */
export const functionsDir = join(projectRoot, 'src-server', 'db', 'functions');
export const webDistDir = join(projectRoot, 'dist', 'web');
