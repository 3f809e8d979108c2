/**
 * The HTTP load of the API benches (bench:invest, bench:ventures): `wrk` (a C client, like pgbench)
 * when it is installed (`apt-get install wrk`), else autocannon (npm). On this 2-core machine the
 * client shares the cores with the server and PostgreSQL, so its own CPU is part of what is
 * measured: autocannon spends about as much CPU per request as the server's Fastify handler
 * (0.4-0.6 ms), wrk a tenth of that, which is what pgbench, the yardstick, costs too.
 * BENCH_CLIENT=autocannon picks autocannon even where wrk is installed (to compare the two).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export type Load = {
  client: 'wrk' | 'autocannon';
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU seconds the client spent (wrk's process, or this process for autocannon). */
  clientCpuSeconds: number;
};

/** One request: method, path, headers, body. `n` counts from 1, unique across connections. */
export type RequestPlan = {
  method: 'GET' | 'POST';
  /** Lua for wrk, given `n` (a number unique per request): returns path, headers (a table), body. */
  lua: string;
  /** The same for autocannon. */
  js: (n: number) => { path: string; headers?: Record<string, string>; body?: string };
  /** Lua definitions the `lua` body uses (tables of cookies, ids...). */
  luaPrelude?: string;
};

export function wrkInstalled(): boolean {
  if (process.env.BENCH_CLIENT === 'autocannon') return false;
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

/** A Lua string literal. */
export const luaString = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

export async function load(
  url: string,
  plan: RequestPlan,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<Load> {
  return wrkInstalled() ? wrk(url, plan, connections, seconds) : cannon(url, plan, connections, seconds);
}

async function wrk(url: string, plan: RequestPlan, connections: number, seconds: number): Promise<Load> {
  const threads = 2;
  const dir = mkdtempSync(join(tmpdir(), 'cf-wrk-'));
  const script = join(dir, 'plan.lua');
  // Each wrk thread has its own Lua state: `tid` (set from setup) keeps the numbers of the threads
  // apart (thread t numbers t, t + threads, t + 2 threads...).
  writeFileSync(
    script,
    `${plan.luaPrelude ?? ''}
local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("tid", counter)
  table.insert(threads, thread)
end
local k = 0
function request()
  k = k + 1
  local n = (k - 1) * ${threads} + tid
  local path, headers, body = (function(n) ${plan.lua} end)(n)
  return wrk.format(${luaString(plan.method)}, path, headers, body)
end
function done(summary, latency, requests)
  io.write(string.format("WRK_JSON {\\"requests\\":%d,\\"duration_us\\":%d,\\"status\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"timeout\\":%d,\\"p50_us\\":%d,\\"p99_us\\":%d}\\n",
    summary.requests, summary.duration, summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, latency:percentile(50), latency:percentile(99)))
end
`,
  );
  try {
    // Through bash, whose `times` prints the CPU its children (wrk) used: user and system.
    const child = spawn(
      'bash',
      [
        '-c',
        'wrk "$@" || exit $?; times',
        'bash',
        ...['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '-s', script, url],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`wrk failed (${code}):\n${out}`)),
      );
    });
    // `times`: the shell's own line, then its children's ("0m1.234s 0m0.567s").
    const seconds_ = (text: string) => {
      const [m, s] = text.replace(/s$/, '').split('m');
      return Number(m) * 60 + Number(s);
    };
    const childTimes = out.trim().split('\n').pop()!.trim().split(/\s+/);
    const usage = seconds_(childTimes[0]!) + seconds_(childTimes[1]!);
    const line = /WRK_JSON (\{.*\})/.exec(out)?.[1];
    if (!line) throw new Error(`wrk printed no summary:\n${out}`);
    const r = JSON.parse(line) as Record<string, number>;
    const errors = r.connect! + r.read! + r.write! + r.timeout!;
    return {
      client: 'wrk',
      rps: r.requests! / (r.duration_us! / 1e6),
      total: r.requests!,
      p50: r.p50_us! / 1000,
      p99: r.p99_us! / 1000,
      non2xx: r.status!,
      errors,
      clientCpuSeconds: usage,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function cannon(url: string, plan: RequestPlan, connections: number, seconds: number): Promise<Load> {
  let n = 0;
  const before = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: plan.method,
        setupRequest: (request) => {
          n += 1;
          const { path, headers, body } = plan.js(n);
          return { ...request, method: plan.method, path, headers: headers ?? {}, body };
        },
      },
    ],
  });
  const used = process.cpuUsage(before);
  return {
    client: 'autocannon',
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    clientCpuSeconds: (used.user + used.system) / 1e6,
  };
}
