import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import {
  embeddedDatabaseUrl,
  expectAcknowledgedStored,
  expectNoDefects,
  firstWriteAfter,
  killServer,
  Load,
  median,
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
 * Fault 1: `kill -9` of the server process under load, then a restart on the same data folder
 * (its embedded PostgreSQL, left running by the killed process, is stopped and started again by
 * the new one). Investors invest, authors open tickets and the admin credits balances the whole
 * time; after the last restart every answer that was a 2xx is in the database, the writes whose
 * answers were lost are retried with their Idempotency-Key and move money once, and the ledger's
 * invariants hold.
 */
const CYCLES = 4;

const dataDir = tempDataDir();
let server: FaultServer | undefined;

afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fault: kill -9 of the server under load', () => {
  it(`${CYCLES} kills and restarts: every acknowledged investment, ticket and credit is stored`, async () => {
    printServerLogOnFailure(() => server);
    const port = await freePort();
    server = await startServer({ dataDir, port });
    const setup = openDatabase(embeddedDatabaseUrl(server));
    const cast = await seedCast(setup);
    await setup.close();

    const load = new Load(server.url, cast).start();
    const recoveries: number[] = [];
    const restarts: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      // Writes flow for a while, then the process dies in the middle of them.
      const since = performance.now();
      while (
        firstWriteAfter(load.ops, since) === undefined ||
        performance.now() - since < 1_200 + cycle * 400
      ) {
        await sleep(20);
      }
      const killedAt = performance.now();
      await killServer(server);
      server = await startServer({ dataDir, port });
      restarts.push(server.startMs);
      while (firstWriteAfter(load.ops, killedAt) === undefined && performance.now() - killedAt < 60_000) {
        await sleep(20);
      }
      const recovered = firstWriteAfter(load.ops, killedAt);
      expect(recovered, 'writes succeed again after the restart').toBeDefined();
      recoveries.push(recovered!);
    }
    await sleep(500);
    await load.stop();
    const retried = await load.retryUnacknowledged(server.url);

    expectNoDefects(load.ops, { allowNoAnswer: true });
    const database = openDatabase(embeddedDatabaseUrl(server));
    try {
      const checked = await expectAcknowledgedStored(database, cast, load.ops);
      expect(checked.investments).toBeGreaterThan(CYCLES);
      expect(checked.tickets).toBeGreaterThan(0);
      expect(checked.credits).toBeGreaterThan(0);
      report('server kill -9', {
        kills: CYCLES,
        requests: load.ops.length,
        refusedWhileDown: load.ops.filter((op) => op.error === 'ECONNREFUSED').length,
        answerLostInKill: load.ops.filter((op) => op.status === undefined && op.error !== 'ECONNREFUSED')
          .length,
        answered503: load.ops.filter((op) => op.status === 503).length,
        restartMedianMs: Math.round(median(restarts)),
        recoveryMaxMs: Math.max(...recoveries),
        recoveryMedianMs: Math.round(median(recoveries)),
        retriedWithSameKey: retried,
        ackedInvestments: checked.investments,
        ackedTickets: checked.tickets,
        ackedCredits: checked.credits,
      });
    } finally {
      await database.close();
    }
  });
});
