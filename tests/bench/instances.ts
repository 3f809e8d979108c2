/**
 * One instance against three, side by side (issue 29): `npm run build && npm run bench:instances [seconds] [runs]`.
 * Not part of any test run.
 *
 * It starts its own embedded PostgreSQL with the investing bench's data (2,000 investors, 200 open
 * ventures: tests/bench/invest-fixture.ts), then for 1 and for 3 production servers on that one
 * database runs two loads at 8 connections in all, spread evenly over the instances (one HTTP client
 * per instance, as a load balancer that costs nothing would spread them):
 *   - investing: POST /api/investments, each request from another investor with its own key;
 *   - listing: GET /api/ventures, pages 1-5 of the public list, newest first, by return, and open only.
 * Each load runs `runs` times (3 by default); it prints min/median/max of the rate and the median
 * p99, and after everything the ledger's invariant violations (must be 0).
 *
 * On this 2-core machine every instance, PostgreSQL and the clients share the same two cores, so
 * three instances cannot go faster than one: what the figures show is the cost of the extra processes
 * (context switches, three pools of connections). On separate machines the instances' CPU adds up
 * and PostgreSQL's own capacity (tests/bench/invest.ts's pgbench yardstick) becomes the limit.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../src-server/db/client';
import { startEmbeddedPostgres } from '../../src-server/embedded-postgres/supervisor';
import { startServer, type RunningServer } from '../e2e/harness';
import { findInvariantViolations } from '../server/invariants';
import { load, luaString, wrkInstalled, type Load, type RequestPlan } from './http-load';
import { fillInvestBench } from './invest-fixture';

const seconds = Number(process.argv[2] ?? 8);
const runs = Number(process.argv[3] ?? 3);
const CONNECTIONS = 8;

const dir = mkdtempSync(join(tmpdir(), 'cf-bench-instances-'));
chmodSync(dir, 0o755);
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'platform' });
const database = createDatabase(pgServer.url);
const servers: RunningServer[] = [];

function investing(cookies: string[], ventureIds: string[], instance: number): RequestPlan {
  // Each instance's client numbers its requests apart (keys stay unique across clients and runs).
  const prefix = `bench-${instance}-${Date.now()}-`;
  return {
    method: 'POST',
    luaPrelude: [
      `local cookies = {${cookies.map(luaString).join(',')}}`,
      `local ventures = {${ventureIds.map(luaString).join(',')}}`,
    ].join('\n'),
    lua: `return "/api/investments", {
      ["content-type"] = "application/json",
      ["cookie"] = cookies[n % #cookies + 1],
      ["idempotency-key"] = ${luaString(prefix)} .. n,
    }, string.format('{"ventureId":"%s","amount":%.2f}', ventures[n % #ventures + 1], (5000 + n % 5000) / 100)`,
    js: (n) => ({
      path: '/api/investments',
      headers: {
        'content-type': 'application/json',
        cookie: cookies[n % cookies.length]!,
        'idempotency-key': `${prefix}${n}`,
      },
      body: JSON.stringify({
        ventureId: ventureIds[n % ventureIds.length],
        amount: (5_000 + (n % 5_000)) / 100,
      }),
    }),
  };
}

const LIST_QUERIES = [1, 2, 3, 4, 5].flatMap((page) =>
  ['', '&sortBy=expectedReturn', '&lifecycleStatus=new'].map((extra) => `page=${page}${extra}`),
);
const listing: RequestPlan = {
  method: 'GET',
  luaPrelude: `local queries = {${LIST_QUERIES.map(luaString).join(',')}}`,
  lua: 'return "/api/ventures?" .. queries[n % #queries + 1], {}, nil',
  js: (n) => ({ path: `/api/ventures?${LIST_QUERIES[n % LIST_QUERIES.length]}` }),
};

/** The load spread over the running instances; the rate is the sum, p99 the worst. */
async function spread(plan: (instance: number) => RequestPlan): Promise<Load> {
  const share = (i: number) =>
    Math.floor(CONNECTIONS / servers.length) + (i < CONNECTIONS % servers.length ? 1 : 0);
  const results = await Promise.all(
    servers.map((server, i) => load(server.url, plan(i), { connections: share(i), seconds })),
  );
  for (const r of results)
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return {
    client: results[0]!.client,
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    total: results.reduce((sum, r) => sum + r.total, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    non2xx: 0,
    errors: 0,
    clientCpuSeconds: results.reduce((sum, r) => sum + r.clientCpuSeconds, 0),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summary = (loads: Load[]) => {
  const rates = loads.map((l) => l.rps);
  return `${Math.min(...rates)
    .toFixed(0)
    .padStart(5)} / ${median(rates).toFixed(0).padStart(5)} / ${Math.max(...rates)
    .toFixed(0)
    .padStart(5)} per s   p99 ${median(loads.map((l) => l.p99))
    .toFixed(1)
    .padStart(5)} ms`;
};

try {
  console.log('filling: 2,000 investors, 200 ventures...');
  const { cookies, ventureIds } = await fillInvestBench(database, { investors: 2_000, ventures: 200 });
  const rows: string[] = [];
  for (const count of [1, 3]) {
    while (servers.length < count)
      servers.push(
        await startServer({
          dataDir: mkdtempSync(join(dir, 'data-')),
          env: {
            DATABASE_URL: pgServer.url,
            KYC_ENCRYPTION_KEY: '7f'.repeat(32),
            SEED_DEMO: 'false',
            LOG_LEVEL: 'info', // the harness waits for the Ready line
            // Three instances share the cluster's connections: 8 each is more than the load uses.
            DATABASE_POOL_SIZE: String(count === 1 ? 20 : 8),
          },
        }),
      );
    const invested: Load[] = [];
    const listed: Load[] = [];
    for (let run = 0; run < runs; run += 1) {
      invested.push(await spread((i) => investing(cookies, ventureIds, i + 10 * run + 100 * count)));
      listed.push(await spread(() => listing));
    }
    rows.push(`${count} instance${count > 1 ? 's' : ' '}  investing ${summary(invested)}`);
    rows.push(`${count} instance${count > 1 ? 's' : ' '}  listing   ${summary(listed)}`);
  }
  console.log(
    `\n${seconds} s per run, ${runs} runs, ${CONNECTIONS} connections in all, client ${wrkInstalled() ? 'wrk' : 'autocannon'}; rate min / median / max`,
  );
  for (const row of rows) console.log(row);
  const check = new pg.Pool({ connectionString: pgServer.url, max: 1 });
  try {
    const violations = await findInvariantViolations(check);
    console.log(`invariant violations: ${violations.length}`);
    for (const v of violations) console.log(`  ${v}`);
  } finally {
    await check.end();
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.close();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
