// `npm run dev`: Vite with hot reload for both entries, plus the API restarted on every change.
// Open the Vite address printed below; it proxies /api and /uploads to the API.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const children = [];

function start(name, command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the dev loop`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', 'npx', ['tsx', 'watch', '--clear-screen=false', 'src-server/server.ts'], {
  PORT: apiPort,
  // The browser talks to Vite, so Vite's origin is the app's public origin in development.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${vitePort}`,
});
start('vite', 'npx', ['vite', '--port', vitePort, '--strictPort'], { API_PORT: apiPort });
