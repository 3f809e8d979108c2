import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import { accounts, investments, ventures } from '../../src-server/db/schema';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { TEST_KYC_KEY, testContext, type SignedIn, type TestContext } from './context';
import { findInvariantViolations } from './invariants';
import { openVenture, verifiedInvestor } from './money-helpers';
import { spawnServer, untilReady } from '../support/server-ready';

/**
 * Crash safety (issue "Money", section "Proof"): the real server runs as its own process on this
 * file's database, investors invest continuously, and the process is killed with SIGKILL in the
 * middle of it, ten times. Every answered investment must be in the database, nothing may be half
 * written, and a request whose answer was lost, retried with its Idempotency-Key after the restart,
 * must invest exactly once.
 */
const CYCLES = 10;
const INVESTORS = 6;
const START_BALANCE = 100_000_000n; // EUR 1,000,000.00 each

interface Running {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

interface Attempt {
  investor: number;
  key: string;
  body: { ventureId: string; amount: number };
  /** The answer, once it arrived whole (status and body); absent when the server died first. */
  status?: number;
  message?: string;
  id?: string;
}

let t: TestContext;
let dataDir: string;
let investors: SignedIn[];
let running: Running | undefined;

/** Starts `node --import tsx src-server/server.ts` on this file's database and waits for "Ready". */
async function startServer(): Promise<Running> {
  const port = await freePort();
  const { child, exited, output } = spawnServer({
    databaseUrl: t.databaseUrl,
    dataDir,
    port,
    kycKey: TEST_KYC_KEY,
  });
  const server: Running = { url: `http://127.0.0.1:${port}`, child, exited, output };
  running = server;
  await untilReady(child, exited, output, 60_000);
  return server;
}

async function kill(server: Running): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** Sends one attempt; records its answer only when it arrived whole. */
async function send(url: string, attempt: Attempt): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/investments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: investors[attempt.investor]!.cookie,
        'idempotency-key': attempt.key,
      },
      body: JSON.stringify(attempt.body),
    });
    const body = (await res.json()) as { message: string; data?: { _id: string } };
    attempt.status = res.status;
    attempt.message = body.message;
    if (res.status === 201) attempt.id = body.data!._id;
    return true;
  } catch {
    return false; // the connection broke: the server is gone
  }
}

/** What is left to fund, from the refusal 'Only €1,234.56 is left to fund in this venture.' */
const leftIn = (message: string | undefined) => {
  const match = /^Only €([\d,]+\.\d\d) is left/.exec(message ?? '');
  return match ? Number(match[1]!.replace(/,/g, '')) : undefined;
};

beforeAll(async () => {
  t = await testContext();
  dataDir = mkdtempSync(join(tmpdir(), 'cf-crash-'));
  investors = [];
  for (let i = 0; i < INVESTORS; i += 1) investors.push(await verifiedInvestor(t, 0n));
  await t.database.db.transaction(async (tx) => {
    const entries = [];
    for (const investor of investors)
      entries.push({ accountId: await userAccountId(tx, investor.user!.id), amountCents: START_BALANCE });
    entries.push({ accountId: await externalAccountId(tx), amountCents: -START_BALANCE * BigInt(INVESTORS) });
    await postTransaction(tx, { kind: 'deposit', note: 'Test deposit', entries });
  });
});

afterAll(async () => {
  // Whatever happened, no server process outlives the file.
  if (running) await kill(running);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 in the middle of investing', () => {
  it(`${CYCLES} crashes: every answered investment is stored, retried ones invest once, the books balance`, async () => {
    const attempts: Attempt[] = [];
    const ventureIds: string[] = [];
    let sequence = 0;

    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      // Three ventures a cycle, small enough that some fill up (and pay out) while investors race.
      const fresh: string[] = [];
      for (let v = 0; v < 3; v += 1) {
        const venture = await openVenture(t, {
          title: `Crash ${cycle}.${v}`,
          minInvestmentCents: 5_000n,
          maxInvestmentCents: 50_000n,
          targetAmountCents: 50_000n + BigInt(v) * 50_000n,
        });
        fresh.push(venture.id);
      }
      ventureIds.push(...fresh);
      const server = await startServer();

      // The answers lost in the last crash, retried with the same key and body.
      for (const attempt of attempts.filter((a) => a.status === undefined)) {
        expect(await send(server.url, attempt), 'a retry after the restart is answered').toBe(true);
      }

      // Investors invest continuously; the server dies after a few answers, mid-flight.
      let answered = 0;
      const killAfter = 4 + cycle * 3;
      let stopped = false;
      const loops = investors.map(async (_, investor) => {
        let previous: Attempt | undefined;
        while (!stopped) {
          sequence += 1;
          // EUR 50.00 to EUR 299.xx, with cents; told what is left, exactly that (the last ticket).
          const left = leftIn(previous?.message);
          const attempt: Attempt = {
            investor,
            key: randomUUID(),
            body: left
              ? { ventureId: previous!.body.ventureId, amount: left }
              : {
                  ventureId: fresh[(investor + sequence) % fresh.length]!,
                  amount: (5_000 + ((sequence * 3_700) % 25_000) + (sequence % 7)) / 100,
                },
          };
          attempts.push(attempt);
          if (!(await send(server.url, attempt))) return;
          answered += 1;
          previous = attempt;
        }
      });
      while (answered < killAfter && server.child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await new Promise((resolve) => setTimeout(resolve, cycle % 4));
      await kill(server);
      stopped = true;
      await Promise.all(loops);
    }

    // After the last crash: retry what was lost, then stop the server for good.
    const server = await startServer();
    for (const attempt of attempts.filter((a) => a.status === undefined)) {
      expect(await send(server.url, attempt)).toBe(true);
    }
    await kill(server);

    expect(attempts.every((a) => a.status !== undefined)).toBe(true);
    const succeeded = attempts.filter((a) => a.status === 201);
    expect(succeeded.length).toBeGreaterThan(CYCLES);
    for (const a of attempts.filter((x) => x.status !== 201)) {
      // Refusals are the contract's: a venture filled up or what is left is too small.
      expect([400, 409], `${a.status}`).toContain(a.status);
    }

    // Every investment answered 201 is stored, once, with what was asked; nothing else is.
    const stored = await t.database.db
      .select()
      .from(investments)
      .where(
        inArray(
          investments.userId,
          investors.map((i) => i.user!.id),
        ),
      );
    expect(new Set(succeeded.map((a) => a.id)).size).toBe(succeeded.length);
    expect(stored.map((s) => s.id).sort()).toEqual(succeeded.map((a) => a.id!).sort());
    const byId = new Map(stored.map((s) => [s.id, s]));
    for (const a of succeeded) {
      const row = byId.get(a.id!)!;
      expect(row.userId).toBe(investors[a.investor]!.user!.id);
      expect(row.ventureId).toBe(a.body.ventureId);
      expect(row.amountCents).toBe(BigInt(Math.round(a.body.amount * 100)));
    }

    // amountFunded is the sum of the investments; balances fell by exactly what was invested.
    const rows = await t.database.db.select().from(ventures).where(inArray(ventures.id, ventureIds));
    for (const venture of rows) {
      const total = stored.filter((s) => s.ventureId === venture.id).reduce((a, s) => a + s.amountCents, 0n);
      expect(venture.amountFundedCents, venture.title).toBe(total);
      expect(venture.lifecycleStatus).toBe(total === venture.targetAmountCents ? 'funded' : 'new');
    }
    const balances = await t.database.db
      .select({ userId: accounts.userId, balance: accounts.balanceCents })
      .from(accounts)
      .where(
        inArray(
          accounts.userId,
          investors.map((i) => i.user!.id),
        ),
      );
    for (const b of balances) {
      const invested = stored.filter((s) => s.userId === b.userId).reduce((a, s) => a + s.amountCents, 0n);
      expect(b.balance).toBe(START_BALANCE - invested);
    }
    expect(await findInvariantViolations(t.database.pool)).toEqual([]);
  }, 600_000);
});
