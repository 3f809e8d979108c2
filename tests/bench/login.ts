/**
 * Times POST /api/auth/login against the production build (npm run build first): the median and
 * p90 of 20 successful logins, of 9 wrong passwords for a known address and of 20 unknown
 * addresses. The last two should be alike: the answer's timing must not tell which addresses exist.
 * Run: npx tsx tests/bench/login.ts
 */
import { startServer, tempDataDir } from '../e2e/harness';

const server = await startServer({ dataDir: tempDataDir() });

async function time(body: object): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

function summary(name: string, runs: { ms: number; status: number }[]) {
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const statuses = [...new Set(runs.map((r) => r.status))].join(',');
  console.log(
    `${name.padEnd(30)} n=${String(runs.length).padStart(2)}  median ${at(0.5).toFixed(1)} ms  p90 ${at(0.9).toFixed(1)} ms  status ${statuses}`,
  );
}

try {
  await time({ email: 'investor@afrivest.test', password: 'demo-password-2026' }); // warm-up
  const ok = [];
  for (let i = 0; i < 20; i++)
    ok.push(await time({ email: 'investor@afrivest.test', password: 'demo-password-2026' }));
  const wrong = [];
  for (let i = 0; i < 9; i++)
    wrong.push(await time({ email: 'investor2@afrivest.test', password: 'wrong-password' }));
  const unknown = [];
  for (let i = 0; i < 20; i++)
    unknown.push(await time({ email: `nobody${i}@example.com`, password: 'wrong-password' }));
  summary('login, right password', ok);
  summary('login, wrong password', wrong);
  summary('login, unknown address', unknown);
} finally {
  await server.stop();
}
