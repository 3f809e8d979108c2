import { connect } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { investments } from '../../src-server/db/schema';
import { eq } from 'drizzle-orm';
import {
  call,
  embeddedDatabaseUrl,
  openDatabase,
  printServerLogOnFailure,
  report,
  seedCast,
  sleep,
  startServer,
  stopServer,
  tempDataDir,
  type FaultServer,
} from './harness';

/**
 * Fault 6: SIGTERM while a request is in flight (issue 29, "Operations": `SIGTERM` drains). An
 * investment is held inside the database (the test locks its venture's row), the server gets
 * SIGTERM: from then on new connections are refused, the investment in flight still finishes and
 * answers 201 once the lock is let go (well within the 10 s drain), its row is stored, the jobs stop,
 * and the process exits 0 after stopping its PostgreSQL.
 */
const HELD_MS = 2_500;
const dataDir = tempDataDir();
let server: FaultServer | undefined;

afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('SIGTERM drains', () => {
  it('refuses new connections at once, finishes the investment in flight, then exits 0', async () => {
    server = await startServer({ dataDir });
    printServerLogOnFailure(() => server);
    const database = openDatabase(embeddedDatabaseUrl(server));
    const cast = await seedCast(database, { investors: 1, authors: 0, ventures: 1 });
    const [investor] = cast.investors;
    const ventureId = cast.ventureIds[0]!;
    expect((await call(server.url, '/api/health/ready')).status).toBe(200);

    // The venture's row is locked: the investment's statement waits inside PostgreSQL.
    const holder = await database.pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM ventures WHERE id = $1 FOR UPDATE', [ventureId]);
    const inFlight = call(server.url, '/api/investments', {
      method: 'POST',
      cookie: investor!.cookie,
      json: { ventureId, amount: 100 },
      key: 'drain-1',
    });
    await expect
      .poll(
        async () =>
          (
            await database.pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = 'platform'`,
            )
          ).rows[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(1);

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    let exitCode: number | null = null;
    server.child.once('exit', (code) => (exitCode = code));
    // New connections are refused as soon as the listener closes.
    await expect.poll(() => refused(server!.port), { timeout: 2_000, interval: 50 }).toBe(true);
    const refusedAfterMs = Math.round(performance.now() - signalled);
    expect(exitCode, 'the process must wait for the request in flight').toBeNull();

    await sleep(HELD_MS - (performance.now() - signalled));
    await holder.query('COMMIT');
    holder.release();
    const answer = await inFlight;
    expect(answer.status, JSON.stringify(answer.body ?? answer.error)).toBe(201);
    const stored = await database.db.select().from(investments).where(eq(investments.ventureId, ventureId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.amountCents).toBe(10_000n);
    await database.close();

    await server.exited;
    const drainMs = Math.round(performance.now() - signalled);
    expect(exitCode).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    // Its answer closed its keep-alive connection: nothing was left for the drain timeout to cut.
    expect(server.output()).not.toContain('requests still in flight after');
    report('SIGTERM with an investment in flight', {
      heldMs: HELD_MS,
      refusedAfterMs,
      inFlightStatus: answer.status,
      drainMs,
    });
    server = undefined;
  });
});
