import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  embeddedDatabaseUrl,
  expectAcknowledgedStored,
  expectNoDefects,
  firstWriteAfter,
  Load,
  openDatabase,
  printServerLogOnFailure,
  postmasterPid,
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
 * Fault 2: the embedded PostgreSQL's postmaster is killed (`kill -9`) under load. The server
 * notices (it watches the process), answers 503 `common.unavailable` meanwhile, restarts it (crash
 * recovery replays the WAL) and carries on by itself: the pools reconnect. No request goes
 * unanswered, nothing answered 2xx is lost.
 */
const dataDir = tempDataDir();
let server: FaultServer | undefined;

afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fault: kill -9 of the embedded PostgreSQL under load', () => {
  it('answers 503 while it is down, restarts it, recovers by itself and loses nothing acknowledged', async () => {
    printServerLogOnFailure(() => server);
    server = await startServer({ dataDir });
    const setup = openDatabase(embeddedDatabaseUrl(server));
    const cast = await seedCast(setup);
    await setup.close();

    const load = new Load(server.url, cast).start();
    await sleep(1_500);
    expect(firstWriteAfter(load.ops, 0), 'writes succeed before the fault').toBeDefined();

    const pgDir = join(dataDir, 'pg');
    const pid = postmasterPid(pgDir);
    const killedAt = performance.now();
    process.kill(pid, 'SIGKILL');
    // The backends outlive their postmaster for a moment and may still commit a write (crash
    // recovery keeps it): recovery counts from the first 503, once the server has noticed.
    const firstUnavailable = () =>
      load.ops
        .filter((op) => op.at >= killedAt && op.status === 503)
        .map((op) => op.at)
        .sort((a, b) => a - b)[0];
    while (firstUnavailable() === undefined && performance.now() - killedAt < 30_000) await sleep(10);
    const unavailableAt = firstUnavailable();
    expect(unavailableAt, 'the API said 503 while PostgreSQL was down').toBeDefined();
    while (firstWriteAfter(load.ops, unavailableAt!) === undefined && performance.now() - killedAt < 30_000) {
      await sleep(10);
    }
    const after503 = firstWriteAfter(load.ops, unavailableAt!);
    expect(after503, 'writes succeed again without a restart of the server').toBeDefined();
    const recoveredAt = unavailableAt! + after503!;
    const recovered = Math.round(recoveredAt - killedAt);
    // The load carries on for a while after the recovery.
    await sleep(1_500);
    await load.stop();
    const retried = await load.retryUnacknowledged();

    expectNoDefects(load.ops, { allowNoAnswer: false });
    expect(server.child.exitCode, 'the server kept running').toBeNull();
    const log = server.output();
    // What the server said about it.
    for (const line of log.split('\n').filter((l) => /PostgreSQL (\(pid|restarted|did not)/.test(l))) {
      console.log(`server log: ${(JSON.parse(line) as { msg: string }).msg}`);
    }
    expect(log).toMatch(/PostgreSQL \(pid \d+\) stopped unexpectedly \(signal SIGKILL\): restarting it/);
    expect(log).toMatch(/PostgreSQL restarted \(pid \d+/);
    expect(postmasterPid(pgDir)).not.toBe(pid);
    const down = unavailableFigures(load.ops, killedAt, recoveredAt);
    expect(down.answered503, 'the API said 503 while PostgreSQL was down').toBeGreaterThan(0);
    expect(down.latency503MaxMs, '503 within 2 s').toBeLessThan(2_000);
    const health = load.ops.filter((op) => op.kind === 'health' && op.at > recoveredAt);
    expect(health.at(-1)?.status, '/api/health is 200 again').toBe(200);

    const database = openDatabase(embeddedDatabaseUrl(server));
    try {
      const checked = await expectAcknowledgedStored(database, cast, load.ops);
      const restartLine = /PostgreSQL restarted \(pid \d+, port \d+\) (\d+) ms after it stopped/.exec(log);
      report('postmaster kill -9', {
        requests: load.ops.length,
        ...down,
        postgresRestartMs: restartLine ? Number(restartLine[1]) : undefined,
        restartAttempts: 1 + (log.match(/PostgreSQL did not restart/g)?.length ?? 0),
        recoveryMs: recovered,
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
