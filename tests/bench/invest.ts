/**
 * Benchmark of POST /api/investments (issues "Money" and 16). Not part of `npm test`.
 *   npm run build && npm run bench:invest [seconds]
 * It starts its own embedded PostgreSQL, creates 2,000 verified investors with big balances and a
 * session each, and 200 open ventures with targets so large they never fill, starts the production
 * server on it and drives POST /api/investments at 8 connections (wrk where installed, else
 * autocannon: tests/bench/http-load.ts), every request
 * from another investor and with its own Idempotency-Key. In the same run, two pgbench yardsticks at
 * 8 clients: a custom script (`-f`, prepared) sending the statement the server sends for one
 * investment (`place_investment_for_session(...)`: the session of a random seeded investor, a random
 * venture, a unique key) on the
 * server's database, and the built-in tpcb-like transaction on a separate database of the same
 * cluster. Prints the three rates, p50 and p99, the ratios API / custom and API / tpcb-like, and the
 * ledger invariants' violations after the run (must be 0).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../src-server/db/client';
import { startEmbeddedPostgres } from '../../src-server/embedded-postgres/supervisor';
import { PLACE_INVESTMENT_FOR_SESSION } from '../../src-server/modules/investments/service';
import { startServer } from '../e2e/harness';
import { fillInvestBench, sessionToken, ventureId } from './invest-fixture';
import { load, luaString } from './http-load';
import { formatProbe, serverProbe } from './probe';
import { findInvariantViolations } from '../server/invariants';

const seconds = Number(process.argv[2] ?? 10);
const CONNECTIONS = 8;
const INVESTORS = 2_000;
const VENTURES = 200;
const PGBENCH_SCALE = 10; // ten branches: 8 clients do not all queue on one branch row

const dir = mkdtempSync(join(tmpdir(), 'cf-bench-invest-'));
chmodSync(dir, 0o755);
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'platform' });
// The server and pgbench reach PostgreSQL the same way: over its Unix socket, or with BENCH_PG_TCP=1
// over TCP (127.0.0.1), as before decision 0210.
const overTcp = process.env.BENCH_PG_TCP === '1' || pgServer.socketDir === undefined;
const pgUrl = overTcp ? pgServer.tcpUrl : pgServer.url;
const database = createDatabase(pgUrl);
const probe = serverProbe(dir);
let server: Awaited<ReturnType<typeof startServer>> | undefined;

/** CPU seconds the server process has used so far (Linux /proc; NaN elsewhere). */
function serverCpuSeconds(): number {
  try {
    const fields = readFileSync(`/proc/${server!.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function run(command: string, args: string[]): string {
  const url = new URL(pgServer.tcpUrl);
  const host = overTcp ? url.hostname : pgServer.socketDir!;
  const result = spawnSync(command, [...args, '-h', host, '-p', url.port, '-U', url.username], {
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
}

async function api(cookies: string[], ventureIds: string[]) {
  // Request n: investor n's session (round the list), venture n (round the list), EUR 50.00 to
  // EUR 99.99 with cents, its own Idempotency-Key.
  const result = await load(
    server!.url,
    {
      method: 'POST',
      luaPrelude: [
        `local cookies = {${cookies.map(luaString).join(',')}}`,
        `local ventures = {${ventureIds.map(luaString).join(',')}}`,
      ].join('\n'),
      lua: `return "/api/investments", {
        ["content-type"] = "application/json",
        ["cookie"] = cookies[n % #cookies + 1],
        ["idempotency-key"] = "bench-api-" .. n,
      }, string.format('{"ventureId":"%s","amount":%.2f}', ventures[n % #ventures + 1], (5000 + n % 5000) / 100)`,
      js: (n) => ({
        path: '/api/investments',
        headers: {
          'content-type': 'application/json',
          cookie: cookies[n % cookies.length]!,
          'idempotency-key': `bench-api-${n}`,
        },
        body: JSON.stringify({
          ventureId: ventureIds[n % ventureIds.length],
          amount: (5_000 + (n % 5_000)) / 100,
        }),
      }),
    },
    { connections: CONNECTIONS, seconds },
  );
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`API errors (${result.client}): ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** A pgbench run at CONNECTIONS clients: its rate and its per-transaction latencies (-l log). */
function pgbench(database: string, extra: string[] = []) {
  const logDir = mkdtempSync(join(dir, 'pgbench-'));
  chmodSync(logDir, 0o777);
  const out = run('pgbench', [
    '-c',
    String(CONNECTIONS),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-l',
    '--log-prefix',
    join(logDir, 'log'),
    ...extra,
    database,
  ]);
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  const latencies: number[] = [];
  for (const name of readdirSync(logDir)) {
    for (const line of readFileSync(join(logDir, name), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    rps: tps,
    transactions,
    failed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/** pgbench's built-in tpcb-like transaction on its own database. */
function tpcbLike() {
  run('psql', ['-q', '-d', 'postgres', '-c', 'CREATE DATABASE pgbench']);
  run('pgbench', ['-i', '-q', '-s', String(PGBENCH_SCALE), 'pgbench']);
  return pgbench('pgbench');
}

/**
 * The server's statement for one investment as a pgbench script, on the server's database: the same
 * SELECT (PLACE_INVESTMENT_FOR_SESSION.text), prepared, with the session of a random seeded investor
 * (its token's hash, which the server computes in Node, computed here by PostgreSQL), a random
 * venture, an amount of EUR 50.00 to EUR 99.99 and a key unique per client and transaction. The ids
 * are built from the random numbers in the arguments (pgbench variables are numbers), the time is
 * the transaction's.
 */
function custom() {
  const script = join(dir, 'invest.sql');
  const statement = PLACE_INVESTMENT_FOR_SESSION.text;
  const call = statement.replace(
    /\$1, \$2, \$3, \$4, \$5, \$6, \$7/,
    [
      `encode(sha256(convert_to('${sessionToken(0).slice(0, -1)}' || :investor, 'UTF8')), 'hex')`,
      `('${ventureId('').slice(0, -12)}' || lpad(:venture::text, 12, '0'))::uuid`,
      ':amount',
      'now()',
      "'pgbench-' || :client_id || '-' || :nonce",
      "'pgbench-request'",
      'false',
    ].join(', '),
  );
  if (call === statement) throw new Error(`unexpected statement: ${statement}`);
  writeFileSync(
    script,
    [
      `\\set investor random(1, ${INVESTORS})`,
      `\\set venture random(1, ${VENTURES})`,
      '\\set amount random(5000, 9999)',
      '\\set nonce random(1, 9000000000000000000)',
      `${call};`,
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o644);
  return pgbench(new URL(pgServer.tcpUrl).pathname.slice(1), ['-n', '-M', 'prepared', '-f', script]);
}

try {
  console.log(`filling: ${INVESTORS} investors, ${VENTURES} ventures...`);
  const { cookies, ventureIds } = await fillInvestBench(database, {
    investors: INVESTORS,
    ventures: VENTURES,
  });
  server = await startServer({
    dataDir: join(dir, 'data'),
    env: {
      DATABASE_URL: pgUrl,
      KYC_ENCRYPTION_KEY: '7f'.repeat(32),
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...probe.env,
    },
    // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
    nodeArgs: [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...probe.nodeArgs],
  });
  // Warm-up: a second of traffic the figures do not count.
  const warm = await fetch(`${server.url}/api/investments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[0]! },
    body: JSON.stringify({ ventureId: ventureIds[0], amount: 50 }),
  });
  if (warm.status !== 201)
    throw new Error(`warm-up investment answered ${warm.status}: ${await warm.text()}`);

  await probe.take(server.process.pid); // the event loop and GC window starts here
  const cpuBefore = serverCpuSeconds();
  const a = await api(cookies, ventureIds);
  const cpuMs = ((serverCpuSeconds() - cpuBefore) * 1000) / a.total;
  const figures = await probe.take(server.process.pid);
  const clientMs = (a.clientCpuSeconds * 1000) / a.total;
  await server.stop();
  server = undefined;
  const c = custom();
  const b = tpcbLike();
  const fmt = (r: { rps: number; p50: number; p99: number }) =>
    `${r.rps.toFixed(0).padStart(6)} /s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`;
  console.log(
    `${seconds} s each, ${CONNECTIONS} connections / clients; HTTP client ${a.client}; PostgreSQL over ${overTcp ? 'TCP' : 'its Unix socket'}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(`API     POST /api/investments        ${fmt(a)}  (${a.total} investments)`);
  console.log(
    `pgbench the same statement (custom)  ${fmt(c)}  (${c.transactions} transactions, ${c.failed} failed)`,
  );
  console.log(`pgbench tpcb-like (scale ${PGBENCH_SCALE})         ${fmt(b)}`);
  console.log(
    `ratio API / custom ${(a.rps / c.rps).toFixed(2)}   API / tpcb-like ${(a.rps / b.rps).toFixed(2)}   custom / tpcb-like ${(c.rps / b.rps).toFixed(2)}`,
  );
  console.log(
    `CPU per investment: server process ${cpuMs.toFixed(2)} ms, HTTP client (${a.client}) ${clientMs.toFixed(2)} ms`,
  );
  console.log(formatProbe(figures));

  const check = new pg.Pool({ connectionString: pgUrl, max: 1 });
  check.on('error', () => undefined);
  try {
    const violations = await findInvariantViolations(check);
    const { rows } = await check.query<{ n: string; funded: string; invested: string; scripted: string }>(
      `SELECT (SELECT count(*) FROM investments) AS n,
              (SELECT sum(amount_funded_cents) FROM ventures) AS funded,
              (SELECT sum(amount_cents) FROM investments) AS invested,
              (SELECT count(*) FROM idempotency_keys WHERE key LIKE 'pgbench-%' AND status_code = 201) AS scripted`,
    );
    console.log(
      `invariant violations: ${violations.length}; investments stored: ${rows[0]!.n} (by the script: ${rows[0]!.scripted} of ${c.transactions}); amountFunded = sum of investments: ${rows[0]!.funded === rows[0]!.invested}`,
    );
    for (const v of violations) console.log(`  ${v}`);
  } finally {
    await check.end();
  }
} finally {
  await server?.stop();
  await database.close();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
