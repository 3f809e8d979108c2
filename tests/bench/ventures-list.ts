/**
 * Benchmark of GET /api/ventures on 100,000 ventures (issue 4). Not part of `npm test`.
 *   npm run build && npx tsx tests/bench/ventures-list.ts [seconds]
 * It starts its own embedded PostgreSQL, fills it, starts the production server on it, drives the
 * API with a mix of filter combinations (autocannon, 10 and 50 connections) and, in the same run,
 * pgbench with the very SQL the API runs for those combinations at the same concurrency. Prints
 * requests/s, p50 and p99 of both and the ratio API / pgbench.
 *
 * The API counts a filter set's total once per 30 s (src-server/modules/ventures/count-cache.ts),
 * so each request runs the page's rows query; pgbench runs that query too. For reference it also
 * runs rows and count together, which is what every request cost before the totals were cached.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { publicVentureListQuerySchema } from '../../src-shared/contracts/ventures';
import { createDatabase, runMigrations } from '../../src-server/db/client';
import { startEmbeddedPostgres } from '../../src-server/db/embedded';
import * as schema from '../../src-server/db/schema';
import { listPublicVentures } from '../../src-server/modules/ventures/service';
import { startServer } from '../e2e/harness';

const seconds = Number(process.argv[2] ?? 10);
const COMBINATIONS = [
  '',
  'page=2',
  'ventureType=leasing',
  'riskLevel=high&lifecycleStatus=new',
  'closingIn=7d',
  'minInvestment=500&expectedReturn=15',
  'country=KE&isConvertible=true',
  'search=tag42',
  'sortBy=expectedReturn&order=desc',
  'sortBy=closingDate&order=asc&page=3',
];

const dir = mkdtempSync(join(tmpdir(), 'cf-bench-'));
chmodSync(dir, 0o755);
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'platform' });
const database = createDatabase(pgServer.url);
await runMigrations(database);

console.log('filling 100,000 ventures...');
const owner = await database.pool.query(
  `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at)
   VALUES ('bench@example.com', 'x', 'Bench', 'Owner', 'corporate', now()) RETURNING id`,
);
await database.pool.query(
  `INSERT INTO ventures (title, short_description, long_description, collateral_description, country, venture_type,
     risk_level, min_investment_cents, max_investment_cents, target_amount_cents, expected_return, investment_period,
     closing_date, collateral_value_cents, loan_to_value, tags, is_convertible, lifecycle_status, visibility,
     admin_status, created_by, created_at)
   SELECT 'Venture ' || g, 'Short text ' || md5(g::text), repeat('Long description. ', 20), 'Collateral',
     (ARRAY['KE','NG','GH','RW','SN','ZA','ET','MA'])[1 + g % 8],
     (ARRAY['business','sme','leasing','realestate'])[1 + g % 4]::venture_type,
     (ARRAY['low','medium','high'])[1 + g % 3]::risk_level,
     3000 + (g % 50) * 1000, 1000000, 5000000 + g, 5 + (g % 40), 12,
     now() + ((g % 120) || ' days')::interval, 6000000, 80, ARRAY['tag' || (g % 100), 'bench'], g % 2 = 0,
     (ARRAY['new','coming-soon','funded','repaid'])[1 + g % 4]::lifecycle_status,
     CASE WHEN g % 10 = 0 THEN 'draft' ELSE 'public' END::visibility,
     CASE WHEN g % 7 = 0 THEN 'pending' ELSE 'approved' END::admin_status,
     $1, now() - (g || ' seconds')::interval
   FROM generate_series(1, 100000) g`,
  [owner.rows[0].id],
);
await database.pool.query('VACUUM ANALYZE ventures');

// The SQL the API runs for each combination, captured from the service itself, with its
// parameters written in, for pgbench.
const captured: string[][] = [];
for (const combination of COMBINATIONS) {
  const statements: string[] = [];
  const logging = drizzle(database.pool, {
    schema,
    logger: {
      logQuery(query: string, params: unknown[]) {
        statements.push(
          query.replace(/\$(\d+)/g, (_, n: string) => {
            const value = params[Number(n) - 1];
            if (typeof value === 'number' || typeof value === 'bigint') return String(value);
            if (typeof value === 'boolean') return value ? 'true' : 'false';
            return `'${String(value).replace(/'/g, "''")}'`;
          }),
        );
      },
    },
  });
  const query = publicVentureListQuerySchema.parse(Object.fromEntries(new URLSearchParams(combination)));
  await listPublicVentures(logging, query);
  captured.push(statements);
}
if (process.env.BENCH_EXPLAIN) {
  for (const [i, statements] of captured.entries()) {
    for (const statement of statements) {
      const { rows } = await database.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      const plan = rows.map((r) => r['QUERY PLAN'] as string);
      console.log(
        `${COMBINATIONS[i] || '(none)'}: ${plan.at(-1)} | ${plan.find((l) => /Scan/.test(l))?.trim()}`,
      );
    }
  }
}
function writeScripts(name: string, keep: (statement: string) => boolean) {
  return captured.map((statements, i) => {
    const file = join(dir, `${name}-${i}.sql`);
    const lines = statements.filter(keep).map((s) => `${s.replace(/\s+/g, ' ')};`);
    writeFileSync(file, lines.join('\n') + '\n');
    return file;
  });
}
const isCount = (statement: string) => /^select count\(/i.test(statement.trim());
const rowsScripts = writeScripts('rows', (statement) => !isCount(statement));
const rowsAndCountScripts = writeScripts('rows-and-count', () => true);

// Logging every request would measure the terminal; the harness needs the "Ready" line (info).
const server = await startServer({ dataDir: join(dir, 'data'), env: { DATABASE_URL: pgServer.url } });

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

async function api(connections: number) {
  let i = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/api/ventures?${COMBINATIONS[i++ % COMBINATIONS.length]}`,
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`API errors: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function pgbench(connections: number, scripts: string[]) {
  const url = new URL(pgServer.url);
  const logDir = mkdtempSync(join(dir, 'pgbench-'));
  chmodSync(logDir, 0o777);
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-l',
      '--log-prefix',
      join(logDir, 'log'),
      ...scripts.flatMap((file) => ['-f', file]),
      '-h',
      url.hostname,
      '-p',
      url.port,
      '-U',
      url.username,
      url.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr}`);
  const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1]);
  const latencies: number[] = [];
  for (const name of readdirSync(logDir)) {
    for (const line of readFileSync(join(logDir, name), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return { rps: tps, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

try {
  const first = await (await fetch(`${server.url}/api/ventures`)).json();
  console.log(
    `public ventures: ${first.pagination.total}; ${COMBINATIONS.length} filter combinations; ${seconds} s a run`,
  );
  for (const connections of [10, 50]) {
    const a = await api(connections);
    const b = pgbench(connections, rowsScripts);
    const c = pgbench(connections, rowsAndCountScripts);
    const fmt = (r: { rps: number; p50: number; p99: number }) =>
      `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`;
    console.log(`${String(connections).padStart(2)} connections  API     ${fmt(a)}`);
    console.log(`${String(connections).padStart(2)} connections  pgbench ${fmt(b)}  (rows query)`);
    console.log(
      `${String(connections).padStart(2)} connections  pgbench ${fmt(c)}  (rows + exact count, uncached)`,
    );
    console.log(
      `${String(connections).padStart(2)} connections  ratio API / pgbench ${(a.rps / b.rps).toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
  await database.close();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
