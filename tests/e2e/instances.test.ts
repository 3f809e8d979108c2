import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import sharp from 'sharp';
import http from 'node:http';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investments, loanInstallments, ventures } from '../../src-server/db/schema';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src-server/embedded-postgres/supervisor';
import { COB_QUEUE } from '../../src-server/jobs';
import { AUTO_INVEST_QUEUE } from '../../src-server/modules/auto-invest/queue';
import { PUBLIC_TOTALS_TTL_MS } from '../../src-server/modules/ventures/count-cache';
import { openDatabase, seedCast, TEST_KYC_KEY, type Actor, type Cast } from '../faults/harness';
import { findInvariantViolations } from '../server/invariants';
import type { Database } from '../../src-server/db/client';
import { startTestBucket, type TestBucket } from '../support/s3rver';
import { createSession, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { startServer, tempDataDir, type RunningServer } from './harness';

/**
 * Issue 29, "Several instances, proven": three production servers on one PostgreSQL cluster that this
 * test owns and one S3-compatible bucket (s3rver), behind a small round-robin proxy (below), as a load
 * balancer would put them. What one
 * platform on several machines must keep true:
 *   1. a session made on one instance works on the others, and a sign-out on one ends it on all;
 *   2. failed sign-ins are counted across instances: 10 spread over three still lock the account;
 *   3. an idempotency key replayed on another instance returns the first answer;
 *   4. 200 investors racing for one venture through three instances never overfund it;
 *   5. the public list never shows a venture after another instance cancelled it, and its total
 *      catches up within the count cache's stated lifetime (PUBLIC_TOTALS_TTL_MS);
 *   6. the close of business runs each day once, though three instances take its jobs;
 *   7. the auto-invest job of a venture runs once though every instance takes it: one ticket per mandate;
 *   8. a picture uploaded through one instance is served by the others (one S3 bucket, s3rver);
 *   9. killing one instance under load leaves the others serving, and no acknowledged investment is lost.
 * The ledger's invariants hold at the end.
 */
const INSTANCES = 3;
const PASSWORD = 'correct-horse-42';

let cluster: EmbeddedPostgres;
let clusterDir: string;
let database: Database;
const servers: RunningServer[] = [];
let proxy: RoundRobin;
let cast: Cast;
let bucket: TestBucket;

/**
 * A round-robin HTTP proxy: each request goes to the next instance still up. An instance that refuses
 * the connection is marked down and the request goes to the next one (nothing was sent, so any request
 * may be retried); a connection broken after the request was sent answers 502, as a load balancer does
 * (the client decides: it retries a write with the same Idempotency-Key). Each answer names the
 * instance that served it in `x-instance`.
 */
class RoundRobin {
  private next = 0;
  readonly down = new Set<number>();
  server!: http.Server;
  url = '';

  constructor(private readonly upstreams: () => RunningServer[]) {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.forward(req, res, Buffer.concat(chunks), 0));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}`;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: number): void {
    const upstreams = this.upstreams();
    if (tried >= upstreams.length) {
      res.writeHead(503).end();
      return;
    }
    let index = this.next % upstreams.length;
    this.next += 1;
    while (this.down.has(index) && tried < upstreams.length) {
      index = (index + 1) % upstreams.length;
      tried += 1;
    }
    const target = upstreams[index]!;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `127.0.0.1:${target.port}`, connection: 'close' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') {
        this.down.add(index);
        this.forward(req, res, body, tried + 1);
      } else if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    upstream.end(body);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  instance: string | null;
  headers: Headers;
}

async function call(
  base: string,
  path: string,
  init: { method?: string; cookie?: string; json?: unknown; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.key) headers['idempotency-key'] = init.key;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  const text = await res.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body, instance: res.headers.get('x-instance'), headers: res.headers };
}

const sessionCookie = (answer: Answer) =>
  answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('sid='))
    .join('; ');

/** A venture raising `targetCents`, live since yesterday, in the cast's company. */
async function raisingVenture(title: string, targetCents: bigint): Promise<string> {
  const [owner] = await database.db
    .select({ createdBy: ventures.createdBy })
    .from(ventures)
    .where(eq(ventures.id, cast.ventureIds[0]!));
  const now = Date.now();
  const [row] = await database.db
    .insert(ventures)
    .values({
      title,
      shortDescription: 'Cold storage for a fishing cooperative',
      longDescription: 'long',
      collateralDescription: 'collateral',
      country: 'SN',
      ventureType: 'sme',
      riskLevel: 'medium',
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 500_000n,
      targetAmountCents: targetCents,
      expectedReturn: '12.00',
      investmentPeriod: 12,
      closingDate: new Date(now + 30 * 86_400_000),
      collateralValueCents: targetCents * 2n,
      loanToValue: '50',
      lifecycleStatus: 'new',
      visibility: 'public',
      adminStatus: 'approved',
      goesLiveAt: new Date(now - 86_400_000),
      createdBy: owner!.createdBy,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  bucket = await startTestBucket();
  clusterDir = tempDataDir();
  cluster = await startEmbeddedPostgres({
    dir: join(clusterDir, 'pg'),
    database: 'platform',
    port: await freePort(),
  });
  // The three start together: their migrations take turns on an advisory lock.
  const started = await Promise.all(
    Array.from({ length: INSTANCES }, () =>
      startServer({
        dataDir: tempDataDir(),
        env: {
          DATABASE_URL: cluster.url,
          KYC_ENCRYPTION_KEY: TEST_KYC_KEY,
          SEED_DEMO: 'false',
          BUSINESS_DATE_CONTROL: 'true',
          DATABASE_POOL_SIZE: '10',
          ...bucket.env('platform'),
        },
      }),
    ),
  );
  servers.push(...started);
  proxy = new RoundRobin(() => servers);
  await proxy.start();
  database = openDatabase(cluster.url);
  cast = await seedCast(database, { investors: 200, authors: 0, ventures: 1 });
}, 240_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await database?.close();
  await cluster?.stop();
  await bucket?.stop();
  for (const dir of [clusterDir, ...servers.map((s) => s.dataDir)])
    if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe(`${INSTANCES} instances on one PostgreSQL behind a round-robin proxy`, () => {
  it('every instance is ready, and the proxy spreads requests over all of them', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < INSTANCES * 2; i += 1) {
      const ready = await call(proxy.url, '/api/health/ready');
      expect(ready.status).toBe(200);
      seen.add(ready.instance!);
    }
    expect(seen.size).toBe(INSTANCES);
  });

  it('1. a session made on one instance works on every other; signing out on one ends it on all', async () => {
    const investor = cast.investors[0]!;
    const login = await call(proxy.url, '/api/auth/login', {
      method: 'POST',
      json: { email: investor.email, password: PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookie = sessionCookie(login);
    expect(cookie).toMatch(/^sid=/);
    const served = new Set<string>([login.instance!]);
    for (let i = 0; i < INSTANCES; i += 1) {
      const profile = await call(proxy.url, '/api/profile/get', { cookie });
      expect(profile.status).toBe(200);
      expect(JSON.stringify(profile.body)).toContain(investor.email);
      served.add(profile.instance!);
    }
    expect(served.size).toBe(INSTANCES);

    const logout = await call(proxy.url, '/api/auth/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(200);
    for (let i = 0; i < INSTANCES; i += 1)
      expect((await call(proxy.url, '/api/profile/get', { cookie })).status).toBe(401);
  });

  it('2. ten failed sign-ins spread over the instances lock the account on all of them', async () => {
    const investor = cast.investors[1]!;
    const served = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const failed = await call(proxy.url, '/api/auth/login', {
        method: 'POST',
        json: { email: investor.email, password: `wrong-password-${i}` },
      });
      expect(failed.status).toBe(401);
      served.add(failed.instance!);
    }
    expect(served.size).toBe(INSTANCES);
    // The right password, from a browser the account has not used, on each instance: locked.
    for (const server of servers) {
      const locked = await call(server.url, '/api/auth/login', {
        method: 'POST',
        json: { email: investor.email, password: PASSWORD },
      });
      expect(locked.status).toBe(429);
    }
  });

  it('3. an idempotency key replayed on another instance returns the first answer, and invests once', async () => {
    const investor = cast.investors[2]!;
    const key = randomUUID();
    const body = { ventureId: cast.ventureIds[0], amount: 123.45 };
    const first = await call(servers[0]!.url, '/api/investments', {
      method: 'POST',
      cookie: investor.cookie,
      json: body,
      key,
    });
    expect(first.status).toBe(201);
    for (const server of servers.slice(1)) {
      const again = await call(server.url, '/api/investments', {
        method: 'POST',
        cookie: investor.cookie,
        json: body,
        key,
      });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    const rows = await database.db.select().from(investments).where(eq(investments.userId, investor.id));
    expect(rows.map((r) => r.amountCents)).toEqual([12_345n]);
  });

  it('4. 200 investors racing for one venture through three instances never overfund it', async () => {
    const target = 1_000_000n; // EUR 10,000: room for 100 of the 200 tickets of EUR 100
    const ventureId = await raisingVenture('Race venture', target);
    const answers = await Promise.all(
      cast.investors.map((investor: Actor) =>
        call(proxy.url, '/api/investments', {
          method: 'POST',
          cookie: investor.cookie,
          json: { ventureId, amount: 100 },
          key: randomUUID(),
        }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(accepted).toHaveLength(100);
    expect(new Set(accepted.map((a) => a.instance)).size).toBe(INSTANCES);
    // The others are told why: the venture is full (409) or what is left is less (400).
    for (const answer of refused) expect([400, 409]).toContain(answer.status);
    const [{ total }] = (await database.db
      .select({ total: sql<string>`coalesce(sum(${investments.amountCents}), 0)::text` })
      .from(investments)
      .where(and(eq(investments.ventureId, ventureId), ne(investments.status, 'refunded')))) as [
      { total: string },
    ];
    expect(BigInt(total)).toBe(target);
    expect(await findInvariantViolations(database.pool)).toEqual([]);
  });

  it(`5. the public list never shows a venture another instance cancelled; its total catches up within ${PUBLIC_TOTALS_TTL_MS / 1000} s`, async () => {
    const ventureId = await raisingVenture(`Cancelled elsewhere ${randomUUID().slice(0, 8)}`, 5_000_000n);
    const list = async (server: RunningServer) =>
      (await call(server.url, '/api/ventures?limit=100')).body as {
        data: { _id: string }[];
        pagination: { total: number };
      };
    // Each instance lists the venture. Its cached total may still be older than the venture (the
    // home page's warm-up render counts the list a second after an instance listens): the true count
    // is the rows, all on this one page.
    const before = await Promise.all(servers.map(list));
    for (const page of before) expect(page.data.map((v) => v._id)).toContain(ventureId);
    const listed = before[0]!.data.length;
    expect(listed).toBeLessThan(100);
    const cancelled = await call(servers[0]!.url, `/api/ventures/admin/${ventureId}/cancel`, {
      method: 'POST',
      cookie: cast.admin.cookie,
      json: { reason: 'The cooperative withdrew its application.' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const cancelledAt = performance.now();
    // The rows are never cached: no instance lists it from the moment the cancel answered.
    for (const server of servers)
      expect((await list(server)).data.map((v) => v._id)).not.toContain(ventureId);
    // The total may lag on the other instances, for the stated lifetime at most.
    for (const server of servers)
      await expect
        .poll(async () => (await list(server)).pagination.total, {
          timeout: PUBLIC_TOTALS_TTL_MS + 5_000,
          interval: 500,
        })
        .toBe(listed - 1);
    expect(performance.now() - cancelledAt).toBeLessThan(PUBLIC_TOTALS_TTL_MS + 5_000);
  }, 90_000);

  it('6. the close of business runs each day once though every instance takes its jobs', async () => {
    // The platform closed yesterday; now five business days pass, and each instance's worker is
    // handed the job (twice over) at the same moment.
    const [{ today }] = (await database.pool.query<{ today: string }>('SELECT current_date::text AS today'))
      .rows as [{ today: string }];
    await database.pool.query(
      `INSERT INTO cob_runs (business_date, finished_at) VALUES (current_date - 1, now()) ON CONFLICT DO NOTHING`,
    );
    await database.pool.query('UPDATE business_clock SET offset_days = offset_days + 5 WHERE id = 1');
    const boss = new PgBoss({ connectionString: cluster.url, supervise: false, schedule: false, max: 2 });
    await boss.start();
    try {
      const ids = await Promise.all(Array.from({ length: INSTANCES * 2 }, () => boss.send(COB_QUEUE, {})));
      await expect
        .poll(
          async () => {
            const jobs = await Promise.all(ids.map((id) => boss.getJobById(COB_QUEUE, id!)));
            return jobs.filter((job) => job?.state === 'completed').length;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(INSTANCES * 2);
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    // The five days, each closed once and completely, in order.
    const { rows: closed } = await database.pool.query<{ day: string; finished: boolean }>(
      `SELECT business_date::text AS day, finished_at IS NOT NULL AS finished FROM cob_runs
        WHERE business_date >= $1::date ORDER BY business_date`,
      [today],
    );
    expect(closed.map((r) => r.day)).toEqual(
      Array.from({ length: 5 }, (_, i) =>
        new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    expect(closed.every((r) => r.finished)).toBe(true);
    // The funded race venture's loan is serviced once per day: its schedule exists once.
    const installments = await database.db.select().from(loanInstallments);
    const perLoanAndNumber = new Set(installments.map((i) => `${i.ventureId}/${i.number}`));
    expect(perLoanAndNumber.size).toBe(installments.length);
    expect(await findInvariantViolations(database.pool)).toEqual([]);
  }, 90_000);

  it('7. the auto-invest job of a venture runs once though every instance takes it: one ticket per mandate', async () => {
    const investors = cast.investors.slice(40, 60);
    // Twenty mandates, saved through the proxy (so on every instance).
    for (const investor of investors) {
      const saved = await call(proxy.url, '/api/auto-invest', {
        method: 'PUT',
        cookie: investor.cookie,
        json: {
          active: true,
          budget: 1000,
          maxPerVenture: 100,
          minReturn: null,
          maxReturn: null,
          minPeriod: null,
          maxPeriod: null,
          riskLevels: ['medium'],
          ventureTypes: ['sme'],
          countries: [],
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const ventureId = await raisingVenture('Auto-invested on three instances', 1_000_000n);
    const boss = new PgBoss({ connectionString: cluster.url, supervise: false, schedule: false, max: 2 });
    await boss.start();
    try {
      const ids = await Promise.all(
        Array.from({ length: INSTANCES * 2 }, () => boss.send(AUTO_INVEST_QUEUE, { ventureId })),
      );
      await expect
        .poll(
          async () => {
            const jobs = await Promise.all(ids.map((id) => boss.getJobById(AUTO_INVEST_QUEUE, id!)));
            return jobs.filter((job) => job?.state === 'completed').length;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(INSTANCES * 2);
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    const { rows } = await database.pool.query<{ user_id: string; n: number; cents: string }>(
      `SELECT i.user_id, count(*)::int AS n, sum(i.amount_cents)::text AS cents
         FROM investments i WHERE i.venture_id = $1 GROUP BY i.user_id`,
      [ventureId],
    );
    expect(rows).toHaveLength(investors.length);
    for (const row of rows) expect([row.n, row.cents]).toEqual([1, '10000']);
    const { rows: decisions } = await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auto_invest_allocations WHERE venture_id = $1`,
      [ventureId],
    );
    expect(decisions[0]!.n).toBe(investors.length);
    expect(await findInvariantViolations(database.pool)).toEqual([]);
  }, 90_000);

  it('8. a picture uploaded through one instance is served by the others, from the bucket', async () => {
    const [{ createdBy }] = (await database.db
      .select({ createdBy: ventures.createdBy })
      .from(ventures)
      .where(eq(ventures.id, cast.ventureIds[0]!))) as [{ createdBy: string }];
    const { token } = await createSession(database.db, { userId: createdBy, rememberMe: true });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const created = await call(servers[0]!.url, '/api/ventures', {
      method: 'POST',
      cookie,
      json: {
        title: 'Bucket Bakery',
        shortDescription: 'Bread baked for three instances.',
        longDescription: 'A long description.',
        collateralDescription: 'Ovens.',
        country: 'ke',
        ventureType: 'business',
        targetAmount: 50000,
        expectedReturn: 10,
        investmentPeriod: 12,
        closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        minInvestmentAmount: 50,
        maxInvestmentAmount: 5000,
        collateralValue: 70000,
        loanToValue: 71.43,
        tags: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body!.data as { _id: string })._id;
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'bakery.jpg');
    const uploaded = await fetch(`${servers[0]!.url}/api/ventures/id/${id}/upload-image`, {
      method: 'PATCH',
      headers: { cookie },
      body: form,
    });
    const body = (await uploaded.json()) as { images: string[] };
    expect(uploaded.status, JSON.stringify(body)).toBe(200);
    const path = body.images[0]!;
    expect(path).toMatch(new RegExp(`^/uploads/ventures/${id}/`));
    const bytes: Buffer[] = [];
    for (const server of servers) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, server.url).toBe(200);
      expect(res.headers.get('etag')).toBeTruthy();
      bytes.push(Buffer.from(await res.arrayBuffer()));
    }
    expect((await sharp(bytes[0]!).metadata()).format).toBe('jpeg');
    for (const b of bytes.slice(1)) expect(b.equals(bytes[0]!)).toBe(true);
    // Nothing was written to any instance's own folder.
    for (const server of servers)
      expect(existsSync(join(server.dataDir, 'uploads', 'ventures', id))).toBe(false);
  });

  it('9. killing one instance under load leaves the others serving; no acknowledged investment is lost', async () => {
    const ventureId = cast.ventureIds[0]!;
    const acknowledged = new Map<string, bigint>();
    let failedAfterRetries = 0;
    let retries = 0;
    let killedAt = 0;
    let servedAfterKill = 0;
    const deadline = performance.now() + 6_000;
    const investor = async (who: Actor, n: number) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        const key = `kill-${n}-${i}`;
        const cents = BigInt(5_000 + ((n * 131 + i * 17) % 900) * 10);
        for (let attempt = 0; ; attempt += 1) {
          let answer: Answer | undefined;
          try {
            answer = await call(proxy.url, '/api/investments', {
              method: 'POST',
              cookie: who.cookie,
              json: { ventureId, amount: Number(cents) / 100 },
              key,
            });
          } catch {
            answer = undefined;
          }
          if (answer?.status === 201) {
            acknowledged.set(key, cents);
            if (killedAt) servedAfterKill += 1;
            break;
          }
          // A broken connection (502) or no answer: the client retries with the same key.
          if (attempt >= 5) {
            failedAfterRetries += 1;
            break;
          }
          retries += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const load = Promise.all(cast.investors.slice(10, 30).map((who, n) => investor(who, n)));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const victim = servers[INSTANCES - 1]!;
    victim.process.kill('SIGKILL');
    killedAt = performance.now();
    await load;
    expect(proxy.down.has(INSTANCES - 1)).toBe(true);
    expect(failedAfterRetries).toBe(0);
    expect(servedAfterKill).toBeGreaterThan(0);
    // Every acknowledged investment is stored once, with its amount.
    const stored = await database.db
      .select({ amountCents: investments.amountCents, key: sql<string>`k.key` })
      .from(investments)
      .innerJoin(sql`idempotency_keys k`, sql`k.response_body->'data'->>'_id' = ${investments.id}::text`)
      .where(eq(investments.ventureId, ventureId));
    const byKey = new Map(stored.map((s) => [s.key, s.amountCents]));
    for (const [key, cents] of acknowledged) expect(byKey.get(key), key).toBe(cents);
    expect(await findInvariantViolations(database.pool)).toEqual([]);
    console.log(
      `kill under load: ${acknowledged.size} investments acknowledged (${servedAfterKill} after the kill), ${retries} retries`,
    );
    servers.pop();
  }, 60_000);
});
