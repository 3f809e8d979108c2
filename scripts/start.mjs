// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(join(p, name));
    } else if (s.mtimeMs > newest) newest = s.mtimeMs;
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

function mtime(path) {
  const p = join(root, path);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}

function run(script, ...args) {
  const result = spawnSync('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const config = ['package.json', 'package-lock.json', 'tsconfig.json'];
const webSources = [
  'src-public',
  'src-backoffice',
  'src-shared',
  'public',
  'index.html',
  'backoffice.html',
  'vite.config.ts',
  ...config,
];
const serverSources = ['src-server', 'src-shared', 'scripts/build-server.mjs', ...config];

if (mtime('dist/web/backoffice.html') < newestMtime(webSources)) {
  console.log('Building the web entries (first start, or sources changed)...');
  run('build:web', '--logLevel', 'warn');
}
if (mtime('dist/server/server.mjs') < newestMtime(serverSources)) {
  console.log('Building the server...');
  run('build:server');
}

process.env.NODE_ENV ??= 'production';
await import(join(root, 'dist/server/server.mjs'));
