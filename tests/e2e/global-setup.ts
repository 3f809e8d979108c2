import { spawnSync } from 'node:child_process';

/** The end-to-end tests run against the production build: build it once per run. */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would make Vite produce a development build.
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build failed');
}
