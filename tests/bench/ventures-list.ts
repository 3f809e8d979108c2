/**
 * Benchmark of GET /api/ventures (issue 16, point 3). Not part of `npm test`.
 *   npm run bench:ventures -- [seconds] [sizes]
 *   (defaults: 5 s a run, sizes 100000,1000000; BENCH_EXPLAIN=0 skips the plans)
 * It bundles the server from the current sources into dist/bench-server (as `npm run build:server`
 * does, but in a folder of its own, so a build running beside it cannot pull the server away).
 * It starts its own embedded PostgreSQL and, for each size, fills it with that many ventures (one
 * INSERT ... SELECT FROM generate_series with the table's indexes dropped and built again after,
 * so a million rows take seconds, not minutes), prints EXPLAIN (ANALYZE, BUFFERS) of the SQL the
 * API runs for every filter of spec 9, starts the production server on it and drives the API with
 * a mix of every filter (wrk where installed, else autocannon: tests/bench/http-load.ts), then pgbench with the very SQL the API runs for that mix as
 * custom scripts (-f) at the same concurrency. Prints requests/s, p50 and p99 of both and the ratio
 * API / pgbench.
 *
 * The API counts a filter set's total once per 30 s (src-server/modules/ventures/count-cache.ts),
 * so a request runs the page's rows query only; the pgbench scripts run that query too. For
 * reference pgbench also runs rows and count together: what every request would cost with the
 * total counted each time (the same as a `count(*) OVER ()` window, which has to read every
 * matching row before the limit applies).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { drizzle } from 'drizzle-orm/node-postgres';
import { publicVentureListQuerySchema } from '../../src-shared/contracts/ventures';
import { createDatabase, runMigrations } from '../../src-server/db/client';
import { startEmbeddedPostgres } from '../../src-server/embedded-postgres/supervisor';
import * as schema from '../../src-server/db/schema';
import { CountCache } from '../../src-server/modules/ventures/count-cache';
import { listPublicVentures } from '../../src-server/modules/ventures/queries';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import { projectRoot } from '../../src-server/lib/paths';
import { load, luaString } from './http-load';
import { formatProbe, serverProbe } from './probe';

const seconds = Number(process.argv[2] ?? 5);
const SIZES = (process.argv[3] ?? '100000,1000000').split(',').map(Number);
const CONNECTIONS = 10;

/** Every filter of spec 9 alone, every sort order, pages, and a few mixes. */
const COMBINATIONS = [
  '',
  'page=2',
  'page=50',
  'lifecycleStatus=new',
  'ventureType=leasing',
  'riskLevel=high',
  'isConvertible=true',
  'country=KE',
  'closingIn=1d',
  'closingIn=7d',
  'minInvestment=100',
  'minInvestment=500',
  'expectedReturn=15',
  'expectedReturn=50',
  'search=tag42',
  'search=venture%204242',
  'sortBy=createdAt&order=asc',
  'sortBy=closingDate&order=asc&page=3',
  'sortBy=expectedReturn&order=desc',
  'sortBy=targetAmount&order=desc',
  'sortBy=amountFunded&order=asc',
  'riskLevel=high&lifecycleStatus=new',
  'minInvestment=500&expectedReturn=15',
  'country=KE&isConvertible=true',
  'ventureType=sme&sortBy=expectedReturn&order=desc',
  'closingIn=7d&sortBy=closingDate&order=asc',
];

// BENCH_SERVER_DIR: a server bundled elsewhere (e.g. an earlier commit's dist/server), to compare.
const ownBuild = !process.env.BENCH_SERVER_DIR;
const serverDir = process.env.BENCH_SERVER_DIR ?? join(projectRoot, 'dist', 'bench-server');
if (ownBuild)
  await build({
    entryPoints: { server: 'src-server/server.ts' },
    absWorkingDir: projectRoot,
    outdir: serverDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });

/** The production server on the bench's database; resolves once it says it is ready. */
async function startServer(dataDir: string) {
  const port = await freePort();
  // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...probe.nodeArgs, join(serverDir, 'server.mjs')], {
    env: {
      ...process.env,
      ...probe.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrl,
      KYC_ENCRYPTION_KEY: '7f'.repeat(32),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('"msg":"Ready: ')) resolve();
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // Drop what it prints from now on (an access line per request), but say why if it dies.
  child.stdout!.removeAllListeners('data').resume();
  child.removeAllListeners('exit');
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the server exited (${code ?? signal}):\n${output.slice(-4000)}`);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'cf-bench-'));
chmodSync(dir, 0o755);
const pgServer = await startEmbeddedPostgres({ dir: join(dir, 'pg'), database: 'platform' });
// The server and pgbench reach PostgreSQL the same way: over its Unix socket, or with BENCH_PG_TCP=1
// over TCP (127.0.0.1), as before decision 0210.
const overTcp = process.env.BENCH_PG_TCP === '1' || pgServer.socketDir === undefined;
const pgUrl = overTcp ? pgServer.tcpUrl : pgServer.url;
const pgHost = (url: URL) => (overTcp ? url.hostname : pgServer.socketDir!);
const probe = serverProbe(dir);
const database = createDatabase(pgUrl);
const pool = database.pool;
async function cleanUp() {
  await database.close();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
  if (ownBuild) rmSync(serverDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
let ownerId: string;
try {
  await runMigrations(database);
  const owner = await pool.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, company_name, email_verified_at)
     VALUES ('bench@example.com', 'x', 'Bench', 'Owner', 'corporate', 'Bench Ltd', now()) RETURNING id`,
  );
  ownerId = owner.rows[0].id;
} catch (error) {
  await cleanUp();
  throw error;
}

/** Ventures numbered from..to, the newest first; about 76% public (10% drafts, 15% pending). */
async function fill(from: number, to: number) {
  const started = performance.now();
  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.tablename = 'ventures' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await pool.query(`DROP INDEX "${indexname}"`);
  const client = await pool.connect();
  try {
    // Skips the foreign-key triggers (every row has the same, existing owner).
    await client.query(`SET session_replication_role = replica`);
    // Each column drawn on its own (random() from a fixed seed), so no two are correlated.
    await client.query(`SELECT setseed(${from / (to + 1)})`);
    await client.query(
      `INSERT INTO ventures (title, short_description, long_description, collateral_description, country, venture_type,
         risk_level, min_investment_cents, max_investment_cents, target_amount_cents, amount_funded_cents,
         expected_return, investment_period, closing_date, collateral_value_cents, loan_to_value, tags, is_convertible,
         lifecycle_status, visibility, admin_status, created_by, created_at)
       SELECT 'Venture ' || g, 'Short text ' || md5(g::text), repeat('Long description. ', 20), 'Collateral',
         (ARRAY['KE','NG','GH','RW','SN','ZA','ET','MA','TZ','UG'])[1 + floor(random() * 10)::int],
         (ARRAY['business','sme','leasing','realestate'])[1 + floor(random() * 4)::int]::venture_type,
         (ARRAY['low','medium','high'])[1 + floor(random() * 3)::int]::risk_level,
         3000 + floor(random() * 50)::int * 1000, 1000000, 5000000 + g, floor(random() * 5000000)::int,
         5 + floor(random() * 40)::int, 12, now() + random() * interval '120 days', 6000000, 80,
         ARRAY['tag' || floor(random() * 100)::int, 'bench'], random() < 0.5,
         (ARRAY['new','coming-soon','funded','repaid'])[1 + floor(random() * 4)::int]::lifecycle_status,
         CASE WHEN random() < 0.1 THEN 'draft' ELSE 'public' END::visibility,
         CASE WHEN random() < 0.15 THEN 'pending' ELSE 'approved' END::admin_status,
         $1, now() - (g || ' seconds')::interval
       FROM generate_series($2::int, $3::int) g`,
      [ownerId, from, to],
    );
    // A funded or repaid venture has its loan, as in the app (issue 24): without one the server's
    // start-up backfill would write every such venture's schedule, one row a statement (the 1M run
    // was still at it after 10 minutes). The listing reads neither table.
    await client.query(
      `INSERT INTO loans (venture_id, status, disbursed_on, principal_cents, outstanding_principal_cents,
         late_interest_rate, repaid_on)
       SELECT v.id, CASE WHEN v.lifecycle_status = 'repaid' THEN 'repaid' ELSE 'current' END::loan_status,
         v.created_at::date, v.amount_funded_cents,
         CASE WHEN v.lifecycle_status = 'repaid' THEN 0 ELSE v.amount_funded_cents END,
         v.expected_return, CASE WHEN v.lifecycle_status = 'repaid' THEN v.created_at::date END
       FROM ventures v
       WHERE v.lifecycle_status IN ('funded', 'repaid') AND v.amount_funded_cents > 0
         AND NOT EXISTS (SELECT 1 FROM loans l WHERE l.venture_id = v.id)`,
    );
    await client.query(`RESET session_replication_role`);
  } finally {
    client.release();
  }
  await pool.query(`SET maintenance_work_mem = '256MB'`);
  for (const { indexdef } of indexes) await pool.query(indexdef);
  await pool.query('VACUUM ANALYZE ventures');
  return (performance.now() - started) / 1000;
}

/** The SQL the API runs for a combination, captured from the service itself with its parameters
 * written in (for pgbench and EXPLAIN): the statements of a request whose total is cached (as under
 * load: the page's rows, then its ventures' investor counts), the rows statement alone, and the
 * count the first request of a filter set runs. */
async function capture(combination: string): Promise<{ page: string[]; rows: string; count: string }> {
  const statements: string[] = [];
  const logging = drizzle(pool, {
    schema,
    logger: {
      logQuery(query: string, params: unknown[]) {
        statements.push(
          query
            .replace(/\$(\d+)/g, (_, n: string) => {
              const value = params[Number(n) - 1];
              if (typeof value === 'number' || typeof value === 'bigint') return String(value);
              if (typeof value === 'boolean') return value ? 'true' : 'false';
              return `'${String(value).replace(/'/g, "''")}'`;
            })
            .replace(/\s+/g, ' '),
        );
      },
    },
  });
  const query = publicVentureListQuerySchema.parse(Object.fromEntries(new URLSearchParams(combination)));
  const cache = new CountCache(60_000);
  await listPublicVentures(logging, query, new Date(), cache); // a miss: rows and count
  const count = statements.find((s) => /select count\(\*\)/i.test(s))!;
  statements.length = 0;
  await listPublicVentures(logging, query, new Date(), cache); // a hit: no count
  if (statements.length === 0 || statements.some((s) => /select count\(\*\)/i.test(s)))
    throw new Error(`unexpected statements of a cached page: ${statements.join('; ')}`);
  return { page: [...statements], rows: statements[0]!, count };
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 10 ms
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

type Result = { rps: number; p50: number; p99: number; requests?: number };
const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms`;

async function api(url: string): Promise<Result & { client: string; clientCpuSeconds: number }> {
  // Request n: the combinations in turn.
  const result = await load(
    url,
    {
      method: 'GET',
      luaPrelude: `local combinations = {${COMBINATIONS.map(luaString).join(',')}}`,
      lua: 'return "/api/ventures?" .. combinations[n % #combinations + 1], {}, nil',
      js: (n) => ({ path: `/api/ventures?${COMBINATIONS[n % COMBINATIONS.length]}` }),
    },
    { connections: CONNECTIONS, seconds },
  );
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`API errors (${result.client}): ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { ...result, requests: result.total };
}

/** pgbench at CONNECTIONS clients: the scripts given (`-f`), or none for the built-in tpcb-like. */
function pgbench(scripts: string[], database = new URL(pgServer.tcpUrl).pathname.slice(1)): Result {
  const url = new URL(pgServer.tcpUrl);
  const logDir = mkdtempSync(join(dir, 'pgbench-'));
  chmodSync(logDir, 0o777);
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(CONNECTIONS),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-l',
      '--log-prefix',
      join(logDir, 'log'),
      ...scripts.flatMap((file) => ['-f', file]),
      '-h',
      pgHost(url),
      '-p',
      url.port,
      '-U',
      url.username,
      database,
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

/** pgbench's built-in tpcb-like transaction (scale 10) on a database of its own, the yardstick. */
function tpcbLike(): Result {
  const url = new URL(pgServer.tcpUrl);
  const options = {
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    encoding: 'utf8' as const,
  };
  const connection = ['-h', pgHost(url), '-p', url.port, '-U', url.username];
  for (const [command, args] of [
    ['psql', ['-q', '-d', 'postgres', '-c', 'CREATE DATABASE pgbench']],
    ['pgbench', ['-i', '-q', '-s', '10', 'pgbench']],
  ] as const) {
    const result = spawnSync(command, [...args, ...connection], options);
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  }
  return pgbench([], 'pgbench');
}

/** One line per statement: the plan's scan of ventures, its execution time and shared buffers. */
async function explain(label: string, statement: string) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`);
  const [root] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }];
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'ventures' || node['Index Name']?.startsWith('ventures'))
      scans.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root.Plan);
  const buffers = root.Plan['Shared Hit Blocks'] + root.Plan['Shared Read Blocks'];
  console.log(
    `  ${label.padEnd(52)} ${root['Execution Time'].toFixed(2).padStart(8)} ms ${String(buffers).padStart(6)} buf  ${scans.join(' + ')}`,
  );
}
type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
};

let filled = 0;
const apiRates: { size: number; api: number }[] = [];
try {
  for (const size of SIZES) {
    const took = await fill(filled + 1, size);
    filled = size;
    const captured: { page: string[]; rows: string; count: string }[] = [];
    // One at a time: at 1M a count takes up to a second, and all at once would queue on the pool.
    for (const combination of COMBINATIONS) captured.push(await capture(combination));
    const { rows: publicRows } = await pool.query(
      `SELECT count(*)::int AS n FROM ventures WHERE admin_status = 'approved' AND visibility = 'public' AND NOT is_deleted`,
    );
    console.log(
      `\n== ${size.toLocaleString('en')} ventures (${publicRows[0].n.toLocaleString('en')} public), filled in ${took.toFixed(1)} s`,
    );
    if (process.env.BENCH_EXPLAIN !== '0') {
      console.log('EXPLAIN (ANALYZE, BUFFERS), rows of a page (what each request runs):');
      for (const [i, c] of captured.entries()) await explain(COMBINATIONS[i] || '(no filter)', c.rows);
      console.log('EXPLAIN (ANALYZE, BUFFERS), the total (once per filter set and 30 s):');
      for (const [i, c] of captured.entries())
        if (!/page=|sortBy=/.test(COMBINATIONS[i]!)) await explain(COMBINATIONS[i] || '(no filter)', c.count);
    }
    const script = (name: string, statements: string[]) => {
      const file = join(dir, `${size}-${name}.sql`);
      writeFileSync(file, statements.map((s) => `${s};`).join('\n') + '\n');
      return file;
    };
    // One script per combination, so pgbench picks them at random, as the API mix goes round.
    const rowsScripts = captured.map((c, i) => script(`rows-${i}`, c.page));
    const rowsAndCountScripts = captured.map((c, i) => script(`rows-count-${i}`, [...c.page, c.count]));

    const server = await startServer(join(dir, `data-${size}`));
    try {
      await api(server.url); // warms the server (JIT, pool, count cache) for the measured run
      await probe.take(server.pid); // the event loop and GC window starts here
      const cpuBefore = cpuSeconds(server.pid);
      const a = await api(server.url);
      const cpuPerRequest = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / a.requests!;
      const figures = await probe.take(server.pid);
      const clientPerRequest = (a.clientCpuSeconds * 1000) / a.requests!;
      const b = pgbench(rowsScripts);
      const c = pgbench(rowsAndCountScripts);
      console.log(
        `${COMBINATIONS.length} filter combinations in turn; ${CONNECTIONS} connections; ${seconds} s a run; PostgreSQL over ${overTcp ? 'TCP' : 'its Unix socket'}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
      );
      console.log(
        `  API      ${fmt(a)}  (CPU a request: server process ${cpuPerRequest.toFixed(2)} ms, HTTP client (${a.client}) ${clientPerRequest.toFixed(2)} ms)`,
      );
      const perPage = captured.reduce((n, c) => n + c.page.length, 0) / captured.length;
      console.log(
        `  pgbench  ${fmt(b)}  (the same statements as the API, ${perPage.toFixed(2)} a page on average)`,
      );
      console.log(`  pgbench  ${fmt(c)}  (rows + exact count each time, for reference)`);
      console.log(`  ratio API / pgbench ${(a.rps / b.rps).toFixed(2)}`);
      console.log(`  ${formatProbe(figures)}`);
      apiRates.push({ size, api: a.rps });
    } finally {
      await server.stop();
    }
  }
  const tpcb = tpcbLike();
  console.log(`\npgbench tpcb-like (scale 10, ${CONNECTIONS} clients)  ${fmt(tpcb)}`);
  for (const { size, api } of apiRates)
    console.log(
      `  ratio API / tpcb-like at ${size.toLocaleString('en')} ventures ${(api / tpcb.rps).toFixed(2)}`,
    );
} finally {
  await cleanUp();
}
