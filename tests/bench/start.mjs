// `npm run bench:start [-- --runs N] [-- --ref COMMIT]`: how long `npm start` takes to be healthy
// (GET /api/health answers 200) on a fresh clone, N times (3 by default):
//   cold: no dist/ and a new DATA_DIR (the builds, initdb, migrations and the demo seed included);
//   warm: the same DATA_DIR again with the builds in place.
// The clone is a copy of the work tree's files (or of COMMIT's, to compare with an earlier state) in
// a temporary folder, with this checkout's node_modules linked in. Each start gets a free PORT and
// is stopped with SIGTERM. It prints min/median/max of each, the parts of a start (the Ready line's
// steps and npm start's build times) and when the background Brotli copies were complete.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const repo = new URL('../..', import.meta.url).pathname;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', '3'));
const ref = arg('--ref', undefined);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// The embedded PostgreSQL runs as the 'postgres' user under root: every folder above it must be
// passable (mkdtemp makes mode 700).
const work = mkdtempSync(join(tmpdir(), 'bench-start-'));
chmodSync(work, 0o755);
const clone = join(work, 'clone');
mkdirSync(clone);
if (ref) {
  execFileSync('sh', ['-c', `git -C "${repo}" archive "${ref}" | tar -x -C "${clone}"`]);
} else {
  const files = execFileSync('git', ['ls-files', '-z', '-co', '--exclude-standard'], { cwd: repo })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(repo, file))) continue; // deleted in the work tree
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(repo, file), join(clone, file));
  }
}
symlinkSync(join(repo, 'node_modules'), join(clone, 'node_modules'));

/** One `npm start`: ms until /api/health answers 200, the JSON lines it printed, and the stop. */
async function start(dataDir, { waitForBrotli = false } = {}) {
  const port = await freePort();
  const lines = [];
  const begun = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk.toString();
    const parts = output.split('\n');
    output = parts.pop() ?? '';
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        // a plain line (build output)
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', (code) => ((exited = true), resolve(code))));

  let healthyMs;
  while (!exited && performance.now() - begun < 300_000) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2000),
      });
      if (answer.status === 200) {
        healthyMs = performance.now() - begun;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  let brotliMs;
  // Only where npm start writes the Brotli copies in the background (not in an older --ref).
  if (waitForBrotli && healthyMs !== undefined && existsSync(join(clone, 'scripts/precompress.mjs'))) {
    const marker = join(clone, 'dist/web/.precompressed');
    while (!existsSync(marker) && performance.now() - begun < 300_000) await sleep(100);
    if (existsSync(marker)) brotliMs = performance.now() - begun;
  }
  // npm does not pass SIGTERM on through its shell: the server's own pid is in DATA_DIR/server.pid.
  const pidFile = join(dataDir, 'server.pid');
  const serverPid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : undefined;
  if (serverPid) process.kill(serverPid, 'SIGTERM');
  else child.kill('SIGTERM');
  const code = await exit;
  if (healthyMs === undefined) {
    throw new Error(
      `npm start never became healthy (exit code ${code}):\n${lines.map((l) => l.msg).join('\n')}`,
    );
  }
  const ready = lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('Ready:'));
  const builds = lines.find((l) => l.msg === 'npm start: builds');
  return { healthyMs, brotliMs, steps: { ...builds, ...ready?.steps, startupMs: ready?.startupMs } };
}

const results = { cold: [], warm: [] };
for (let i = 0; i < runs; i++) {
  rmSync(join(clone, 'dist'), { recursive: true, force: true });
  const dataDir = join(work, `data-${i}`);
  const cold = await start(dataDir, { waitForBrotli: true });
  const warm = await start(dataDir);
  results.cold.push(cold);
  results.warm.push(warm);
  console.log(
    `run ${i + 1}: cold ${(cold.healthyMs / 1000).toFixed(2)} s` +
      (cold.brotliMs ? ` (Brotli copies complete at ${(cold.brotliMs / 1000).toFixed(1)} s)` : '') +
      `, warm ${(warm.healthyMs / 1000).toFixed(2)} s`,
  );
}

const stats = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
};
const row = (name, values, unit = 's') => {
  const s = stats(values);
  if (!s) return;
  const f = (v) => (unit === 's' ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
  console.log(
    `${name.padEnd(34)} min ${f(s.min).padStart(9)}  median ${f(s.median).padStart(9)}  max ${f(s.max).padStart(9)}`,
  );
};

console.log(`\nnpm start to healthy on a fresh clone${ref ? ` of ${ref}` : ''}, ${runs} runs:`);
row(
  'cold (build, initdb, seed)',
  results.cold.map((r) => r.healthyMs),
);
row(
  '  Brotli copies complete',
  results.cold.map((r) => r.brotliMs),
);
row(
  'warm (same DATA_DIR, build kept)',
  results.warm.map((r) => r.healthyMs),
);
for (const kind of ['cold', 'warm']) {
  const names = [...new Set(results[kind].flatMap((r) => Object.keys(r.steps)))].filter(
    (n) => typeof results[kind][0].steps[n] === 'number' && !['level', 'time'].includes(n),
  );
  if (!names.length) continue;
  console.log(`\nparts of a ${kind} start (ms; the server's steps overlap, see src-server/main.ts):`);
  for (const name of names)
    row(
      `  ${name}`,
      results[kind].map((r) => r.steps[name]),
      'ms',
    );
}
rmSync(work, { recursive: true, force: true });
