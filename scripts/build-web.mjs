// `npm run build:web`: Vite's build of both entries into dist/web, then the stamp that lets
// `npm start` reuse it (scripts/build-stamp.mjs). Arguments go to `vite build`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { fingerprint, root, writeStamp } from './build-stamp.mjs';

/**
 * Runs `vite build` in a child process; resolves when it succeeded, rejects otherwise.
 * @param {{ args?: string[], env?: NodeJS.ProcessEnv, onChild?: (child: import('node:child_process').ChildProcess) => void }} [options]
 */
export function buildWeb(options = {}) {
  const print = fingerprint('web');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...(options.args ?? [])],
      { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ...options.env } },
    );
    options.onChild?.(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        writeStamp('web', print);
        resolve(undefined);
      } else reject(new Error(`the web build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb({ args: process.argv.slice(2) }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
