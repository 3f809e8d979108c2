import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  embeddedDatabaseUrl,
  median,
  openDatabase,
  printServerLogOnFailure,
  report,
  seedCast,
  sleep,
  startServer,
  stopServer,
  tempDataDir,
  UNAVAILABLE,
  type FaultServer,
} from './harness';

/**
 * Fault 5: every connection of the server's pool (20) is taken by slow requests. The test holds an
 * ACCESS EXCLUSIVE lock on `ventures` for HOLD_MS: the public venture list then blocks in
 * PostgreSQL, holding its connection, and a burst of BURST such requests takes the whole pool. The
 * requests that find no free connection wait at most the pool's `connectionTimeoutMillis` (2 s,
 * src-server/db/client.ts) and answer 503 `common.unavailable`; the blocked ones finish once the
 * lock goes; the server keeps answering what needs no database, and the next request after the
 * release is served at once.
 */
const BURST = 60;
const HOLD_MS = 4_000;
const POOL_WAIT_MS = 2_000;

const dataDir = tempDataDir();
let server: FaultServer | undefined;

afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fault: pool exhaustion under a burst of slow requests', () => {
  it(`waits at most ${POOL_WAIT_MS} ms for a connection, then 503; never hangs; recovers at once`, async () => {
    printServerLogOnFailure(() => server);
    server = await startServer({ dataDir });
    const database = openDatabase(embeddedDatabaseUrl(server));
    try {
      await seedCast(database, { investors: 1, authors: 0, ventures: 3 });
      const warm = await call(server.url, '/api/ventures');
      expect(warm.status).toBe(200);

      const locker = await database.pool.connect();
      let released = false;
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE ventures IN ACCESS EXCLUSIVE MODE');
        const lockedAt = performance.now();
        const burst = Promise.all(Array.from({ length: BURST }, () => call(server!.url, '/api/ventures')));

        // While the pool is exhausted: what needs no database answers at once; health waits its bound.
        await sleep(300);
        const docs = await call(server.url, '/api/docs/json');
        const health = await call(server.url, '/api/health');
        const waiting = await database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'crowdfunding-platform' AND wait_event_type = 'Lock'`,
        );

        await sleep(Math.max(0, lockedAt + HOLD_MS - performance.now()));
        await locker.query('COMMIT');
        released = true;
        const releasedAt = performance.now();
        const after = await call(server.url, '/api/ventures');
        const answers = await burst;

        expect(docs.status).toBe(200);
        expect(docs.ms, 'the server answers what needs no database').toBeLessThan(1_000);
        expect(health.status, '/api/health while every connection is taken').toBe(503);
        expect(waiting.rows[0]!.n, 'requests blocked in PostgreSQL, holding connections').toBeGreaterThan(0);
        expect(after.status, 'served again at once after the release').toBe(200);

        const unavailable = answers.filter((a) => a.status === 503);
        const served = answers.filter((a) => a.status === 200);
        expect(served.length + unavailable.length, JSON.stringify(answers.map((a) => a.status))).toBe(BURST);
        expect(unavailable.length, 'requests beyond the pool answered 503').toBeGreaterThan(0);
        expect(served.length, 'the requests holding connections finished after the release').toBeGreaterThan(
          0,
        );
        for (const answer of unavailable) {
          expect(answer.body).toEqual(UNAVAILABLE);
          expect(answer.retryAfter).toMatch(/^\d+$/);
        }
        const latencies = unavailable.map((a) => a.ms);
        expect(Math.min(...latencies), 'a request waits for a connection up to the bound').toBeGreaterThan(
          POOL_WAIT_MS * 0.9,
        );
        expect(Math.max(...latencies), 'and not much longer').toBeLessThan(POOL_WAIT_MS + 1_000);
        for (const answer of served) expect(answer.at + answer.ms).toBeGreaterThan(releasedAt - 50);

        report('pool exhaustion', {
          burst: BURST,
          holdMs: HOLD_MS,
          poolWaitBoundMs: POOL_WAIT_MS,
          blockedInPostgres: waiting.rows[0]!.n,
          answered503: unavailable.length,
          latency503MaxMs: Math.round(Math.max(...latencies)),
          latency503MedianMs: Math.round(median(latencies)),
          servedAfterRelease: served.length,
          health503Ms: Math.round(health.ms),
          noDatabaseCallMs: Math.round(docs.ms),
          recoveryMs: Math.round(after.at + after.ms - releasedAt),
        });
      } finally {
        if (!released) await locker.query('ROLLBACK').catch(() => undefined);
        locker.release();
      }
    } finally {
      await database.close();
    }
  });
});
