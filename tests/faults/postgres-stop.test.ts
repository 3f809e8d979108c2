import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src-server/embedded-postgres/supervisor';
import {
  expectAcknowledgedStored,
  expectNoDefects,
  firstWriteAfter,
  Load,
  openDatabase,
  printServerLogOnFailure,
  pgCtl,
  report,
  seedCast,
  sleep,
  startServer,
  stopServer,
  tempDataDir,
  unavailableFigures,
  type FaultServer,
} from './harness';

/**
 * Fault 3: PostgreSQL stopped under load (`pg_ctl stop -m immediate`: every backend quits at once,
 * no checkpoint) and started again a few seconds later. The server uses it through DATABASE_URL,
 * as in production, so nothing restarts it but the operator (this test). Meanwhile every API call
 * that needs the database answers 503 `{ message, code: 'common.unavailable' }` with Retry-After
 * within 2 s, `/api/health` answers 503, and the server recovers without a restart of its own.
 */
const DOWN_MS = 4_000;

const dataDir = tempDataDir();
const pgDir = join(dataDir, 'pg');
let server: FaultServer | undefined;
let pgServer: EmbeddedPostgres | undefined;

afterAll(async () => {
  await stopServer(server);
  await pgServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fault: PostgreSQL stopped (pg_ctl stop -m immediate) and started again under load', () => {
  it('answers 503 within 2 s while it is down, recovers without a restart and loses nothing acknowledged', async () => {
    printServerLogOnFailure(() => server);
    const pgPort = await freePort();
    pgServer = await startEmbeddedPostgres({ dir: pgDir, database: 'platform', port: pgPort });
    server = await startServer({ dataDir, env: { DATABASE_URL: pgServer.url } });
    const setup = openDatabase(pgServer.url);
    const cast = await seedCast(setup);
    await setup.close();

    const load = new Load(server.url, cast).start();
    await sleep(1_500);
    expect(firstWriteAfter(load.ops, 0), 'writes succeed before the fault').toBeDefined();

    const stopAt = performance.now();
    await pgCtl(['stop', '-D', pgDir, '-m', 'immediate', '-w']);
    const stoppedAt = performance.now();
    await sleep(DOWN_MS);
    const restartAt = performance.now();
    pgServer = await startEmbeddedPostgres({ dir: pgDir, database: 'platform', port: pgPort });
    const upAt = performance.now();
    while (firstWriteAfter(load.ops, upAt) === undefined && performance.now() - upAt < 30_000) {
      await sleep(10);
    }
    const recovered = firstWriteAfter(load.ops, upAt);
    expect(recovered, 'writes succeed again without a restart of the server').toBeDefined();
    await sleep(1_500);
    await load.stop();
    const retried = await load.retryUnacknowledged();

    expectNoDefects(load.ops, { allowNoAnswer: false });
    expect(server.child.exitCode, 'the server kept running').toBeNull();
    const down = unavailableFigures(load.ops, stopAt, upAt);
    expect(down.answered503, 'the API said 503 while PostgreSQL was down').toBeGreaterThan(0);
    expect(down.latency503MaxMs, '503 within 2 s').toBeLessThan(2_000);
    expect(down.health503, '/api/health said 503 while PostgreSQL was down').toBeGreaterThan(0);
    const writesWhileDown = load.ops.filter(
      (op) => op.at > stoppedAt && op.at + op.ms < restartAt && op.kind !== 'health',
    );
    expect(
      writesWhileDown.filter((op) => op.status !== 503),
      'every call needing the database said 503 while it was down',
    ).toEqual([]);
    const health = load.ops.filter((op) => op.kind === 'health' && op.at > upAt + (recovered ?? 0));
    expect(health.at(-1)?.status, '/api/health is 200 again').toBe(200);

    const database = openDatabase(pgServer.url);
    try {
      const checked = await expectAcknowledgedStored(database, cast, load.ops);
      report('postgres stop -m immediate', {
        requests: load.ops.length,
        downMs: Math.round(upAt - stopAt),
        ...down,
        recoveryAfterStartMs: recovered,
        retried503WithSameKey: retried,
        ackedInvestments: checked.investments,
        ackedTickets: checked.tickets,
        ackedCredits: checked.credits,
      });
    } finally {
      await database.close();
    }
  });
});
