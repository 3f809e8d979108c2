// `npm test` (the everyday run) and `npm run test:full` (everything, with `--full`), on a 2-core
// machine in as little wall time as the cores allow.
//
// `npm test`: lint and the format check, then typecheck beside the server tests (vitest project
// `server`), while the unit and jsdom tests (projects `shared` and `web`) run from the start on one
// worker. No production build: nothing it runs needs one. The slow server files (project
// `server-slow`, listed in vite.config.ts) and the browser journeys are left to test:full.
//
// `npm run test:full`:
//   1. the production build (the browser journeys run against it), once;
//   2. the same checks as `npm test`, with the slow server files beside the others;
//   3. meanwhile the browser journeys, one test file per vitest process, longest first: one at a
//      time while the checks run (they keep both cores busy), two at a time once they are done
//      (one journey alone leaves a core waiting on pages, servers and argon2).
//
// Each line of output carries its command's name; the closing lines say which commands failed and
// how many tests passed and failed (CI reads the last one). Exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

/** Runs a shell command with prefixed output; resolves to { code, output }. */
function run(name, command, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    const prefix = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        output += chunk.toString();
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${name}] ${rest}\n`);
      });
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      console.log(
        `[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} at ${seconds()} s`,
      );
      resolve({ name, code: code ?? 1, output });
    });
  });
}

const full = process.argv.includes('--full');
const title = full ? 'npm run test:full' : 'npm test';
const results = [];

// 1. The build, once (E2E_SKIP_BUILD=1 then keeps each journey's global setup from building again).
if (full) results.push(await run('build', 'npm run -s build', { NODE_ENV: 'production' }));
const buildFailed = results.some((r) => r.code !== 0);

// The journeys, longest first (measured: each file's share of the lane).
// The longest first, so the short ones fill the end when two run side by side.
const ORDER = [
  'output-safety',
  'investor',
  'admin',
  'corporate',
  'smoke',
  'ventures',
  'kyc',
  'invest',
  'accounts',
];
const files = !full
  ? []
  : readdirSync(join(root, 'tests/e2e'))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.test\.ts$/, ''))
      .sort((a, b) => {
        const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
        return rank(a) - rank(b) || a.localeCompare(b);
      });

let checksDone = false;
const checks = (async () => {
  const lane = async (...commands) => {
    const done = await Promise.all(commands.map(([name, command, env]) => run(name, command, env)));
    results.push(...done);
    return done.every((r) => r.code === 0);
  };
  try {
    if (buildFailed) return;
    await Promise.all([
      (async () => {
        if (!(await lane(['lint', 'npm run -s lint'], ['format', 'npm run -s format:check']))) return;
        const server = full
          ? 'npx vitest run --project server --project server-slow'
          : 'npm run -s test:server';
        await lane(['typecheck', 'npm run -s typecheck'], ['server', server]);
      })(),
      // The jsdom tests are the longest single command on one worker: from the start, so they are
      // not the last thing running.
      lane(['web', 'npm run -s test:web -- --maxWorkers=1']),
    ]);
  } finally {
    checksDone = true;
  }
})();

const journeys = (async () => {
  if (buildFailed) return;
  const queue = [...files];
  let running = 0;
  await new Promise((resolve) => {
    const next = () => {
      if (queue.length === 0 && running === 0) return resolve(undefined);
      while (queue.length > 0 && running < (checksDone ? 2 : 1)) {
        const file = queue.shift();
        running++;
        void run(`e2e ${file}`, `npx vitest run --project e2e tests/e2e/${file}.test.ts`, {
          E2E_SKIP_BUILD: '1',
          E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0',
        }).then((result) => {
          results.push(result);
          running--;
          next();
        });
      }
    };
    next();
    // The checks ending free a core for a second journey.
    void checks.then(next);
  });
})();

await Promise.all([checks, journeys]);

// Vitest's summary line of each vitest command: "Tests  12 passed | 1 failed (13)".
const counted = (chosen) => {
  let passed = 0;
  let failed = 0;
  for (const result of chosen) {
    // eslint-disable-next-line no-control-regex
    const summary = result.output.replace(/\x1b\[[0-9;]*m/g, '').match(/^\s*Tests\s+(.*)$/m)?.[1] ?? '';
    passed += Number(summary.match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(summary.match(/(\d+) failed/)?.[1] ?? 0);
  }
  return `${passed} passed, ${failed} failed`;
};
const failures = results.filter((r) => r.code !== 0).map((r) => r.name);
console.log(`${title}: ${results.length} commands in ${seconds()} s`);
if (full) console.log(`journeys: ${counted(results.filter((r) => r.name.startsWith('e2e ')))}`);
console.log(`tests: ${counted(results)}`);
if (failures.length > 0) {
  // What failed, again at the very end: CI keeps only the tail of a long log, where the failures'
  // own lines (printed minutes earlier, among thousands) are gone. Each FAIL header with the lines
  // after it (the test's name, the error and its diff), at most 60 lines per command.
  for (const result of results.filter((r) => r.code !== 0)) {
    // eslint-disable-next-line no-control-regex
    const lines = result.output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    const digest = [];
    lines.forEach((line, i) => {
      if (/^\s*FAIL\s/.test(line)) digest.push(...lines.slice(i, i + 24).filter((l) => l.trim() !== ''));
    });
    if (digest.length === 0) digest.push(...lines.filter((l) => l.trim() !== '').slice(-15));
    console.error(`--- ${result.name}:`);
    for (const line of digest.slice(0, 60)) console.error(`  ${line.slice(0, 300)}`);
  }
  console.error(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
