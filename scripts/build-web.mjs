// `npm run build:web`: Vite's build of both entries into dist/web and of the public pages' server
// render into dist/server-web, then the stamp that lets
// `npm start` reuse it (scripts/build-stamp.mjs). Arguments go to `vite build`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { fingerprint, root, writeStamp } from './build-stamp.mjs';

/**
 * Runs `vite build` in a child process (the browser build of both entries) and, beside it, the
 * public pages' server render for Node (vite.ssr.config.ts -> dist/server-web, decision 0220);
 * resolves when both succeeded, rejects otherwise.
 * @param {{ args?: string[], env?: NodeJS.ProcessEnv, onChild?: (child: import('node:child_process').ChildProcess) => void }} [options]
 */
export function buildWeb(options = {}) {
  const print = fingerprint('web');
  const vite = (args, what) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', ...options.env },
      });
      options.onChild?.(child);
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (code === 0) resolve(undefined);
        else reject(new Error(`the ${what} build failed (${signal ?? `exit code ${code}`})`));
      });
    });
  const logLevel = options.args?.includes('--logLevel') ? [] : ['--logLevel', 'warn'];
  return Promise.all([
    vite(options.args ?? [], 'web'),
    vite(['--config', 'vite.ssr.config.ts', ...logLevel], 'server render'),
  ]).then(() => writeStamp('web', print));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWeb({ args: process.argv.slice(2) }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
