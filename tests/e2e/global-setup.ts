import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The end-to-end tests run against the production build: build it once per run. Every server's data
 * folder of the run (tempDataDir in harness.ts: its PostgreSQL cluster, uploads and keys, about
 * 50 MB each) is made inside one folder of the run, removed when the run ends: 28 of them were left
 * in /tmp after each test:full.
 */
export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'cf-e2e-run-'));
  // As root, the embedded PostgreSQL runs as 'postgres', who must be able to enter it.
  chmodSync(root, 0o755);
  // Read by the test files' processes, which start after this.
  process.env.E2E_TMP_ROOT = root;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite produce a development build.
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  return () => rmSync(root, { recursive: true, force: true });
}
