// `npm run test:faults`: the fault scripts of tests/faults (kill -9 of the server, of the embedded
// PostgreSQL, PostgreSQL stopped and started, SMTP down, pool exhaustion, SIGTERM draining), each against the
// production server in a process of its own. Builds the server first (FAULTS_SKIP_BUILD=1 to use
// dist/server as it is), runs the files one at a time, then prints each fault's figures. Exits
// non-zero when a test failed or a fault reported no figures. Arguments go to vitest (a file name
// runs that fault alone).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

if (process.env.FAULTS_SKIP_BUILD !== '1') {
  const { buildServer } = await import('../../scripts/build-server.mjs');
  await buildServer();
  console.log(`== test:faults: server built in ${seconds()} s`);
}

const dir = mkdtempSync(join(tmpdir(), 'cf-faults-'));
const reportFile = join(dir, 'figures.jsonl');
const args = process.argv.slice(2);
const code = await new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/faults/vitest.config.ts', ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FAULTS_REPORT: reportFile } },
  );
  child.on('close', (exitCode) => resolve(exitCode ?? 1));
});

const figures = existsSync(reportFile)
  ? readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(dir, { recursive: true, force: true });

const units = (key) => (/Ms$/.test(key) ? ' ms' : '');
console.log(
  '\n== Fault figures (latencies and times in ms; acked = answered 2xx, then found in the database)',
);
for (const { fault, ...values } of figures) {
  console.log(`\n  ${fault}`);
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) console.log(`    ${key.padEnd(24)} ${value}${units(key)}`);
  }
}

const files = readdirSync(join(root, 'tests/faults')).filter((f) => f.endsWith('.test.ts'));
const missing = args.length === 0 && figures.length < files.length;
if (missing) console.log(`\n== ${files.length - figures.length} fault(s) reported no figures`);
const failed = code !== 0 || missing;
console.log(`\n== test:faults ${failed ? 'FAILED' : 'passed'} in ${seconds()} s`);
process.exit(failed ? 1 : 0);
