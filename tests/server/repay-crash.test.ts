import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import { ledgerTransactions, loanInstallments } from '../../src-server/db/schema';
import { TEST_KYC_KEY, testContext, type SignedIn, type TestContext } from './context';
import { findInvariantViolations } from './invariants';
import { balanceOf, deposit, openVenture, verifiedInvestor } from './money-helpers';
import { spawnServer, untilReady } from '../support/server-ready';

/**
 * Crash safety of a repayment to many investors (issue 24, "Money invariants"): the real server runs
 * as its own process, the company pays its loan (300 investors, one ledger transaction of 302 entries
 * per payment) and the process is killed with SIGKILL in the middle, several times. Each payment is
 * all or nothing: every answered payment is in the books once, a payment whose answer was lost,
 * retried with its Idempotency-Key after the restart, is paid exactly once, and the books balance.
 */
const CYCLES = 6;
const INVESTORS = 300;
const COMPANY_BALANCE = 4_000_000n; // EUR 40,000.00

interface Attempt {
  key: string;
  amount: number;
  status?: number;
}

let t: TestContext;
let dataDir: string;
let company: SignedIn;
let ventureId: string;
let running: { child: ChildProcess; exited: Promise<void> } | undefined;

async function startServer() {
  const port = await freePort();
  const { child, exited, output } = spawnServer({
    databaseUrl: t.databaseUrl,
    dataDir,
    port,
    kycKey: TEST_KYC_KEY,
  });
  running = { child, exited };
  await untilReady(child, exited, output, 60_000);
  return { url: `http://127.0.0.1:${port}`, child, exited };
}

async function kill(server: { child: ChildProcess; exited: Promise<void> }) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

async function pay(url: string, attempt: Attempt): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/ventures/my-ventures/${ventureId}/repay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: company.cookie, 'idempotency-key': attempt.key },
      body: JSON.stringify({ amount: attempt.amount }),
    });
    await res.json();
    attempt.status = res.status;
    return true;
  } catch {
    return false; // the server is gone
  }
}

beforeAll(async () => {
  t = await testContext();
  dataDir = mkdtempSync(join(tmpdir(), 'cf-repay-crash-'));
  company = await t.injectAs('corporate');
  const venture = await openVenture(t, {
    createdBy: company.user!.id,
    targetAmountCents: BigInt(INVESTORS) * 10_000n,
    minInvestmentCents: 10_000n,
    maxInvestmentCents: 10_000n,
    repaymentType: 'annuity',
  });
  ventureId = venture.id;
  for (let i = 0; i < INVESTORS; i += 1) {
    const investor = await verifiedInvestor(t, 10_000n, undefined, 'sophisticated');
    const res = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId, amount: 100 },
    });
    expect(res.statusCode).toBe(201);
  }
  await deposit(t, company.user!.id, COMPANY_BALANCE);
}, 600_000);

afterAll(async () => {
  if (running) await kill(running);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 in the middle of a repayment to 300 investors', () => {
  it(`${CYCLES} crashes: every payment is all or nothing, retried ones are paid once, the books balance`, async () => {
    const start = await balanceOf(t, company.user!.id);
    const attempts: Attempt[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const server = await startServer();
      for (const attempt of attempts.filter((a) => a.status === undefined))
        expect(await pay(server.url, attempt), 'a retry after the restart is answered').toBe(true);
      let answered = 0;
      let stopped = false;
      const loop = (async () => {
        for (let n = 0; !stopped; n += 1) {
          const attempt: Attempt = {
            key: randomUUID(),
            amount: (3_700 + ((cycle * 13 + n * 7) % 500)) / 100,
          };
          attempts.push(attempt);
          if (!(await pay(server.url, attempt))) return;
          answered += 1;
        }
      })();
      while (answered < 2 + cycle && server.child.exitCode === null)
        await new Promise((r) => setTimeout(r, 2));
      await new Promise((r) => setTimeout(r, 5 + cycle * 7));
      await kill(server);
      stopped = true;
      await loop;
    }
    const server = await startServer();
    for (const attempt of attempts.filter((a) => a.status === undefined))
      expect(await pay(server.url, attempt)).toBe(true);
    await kill(server);

    expect(
      attempts.every((a) => a.status === 201),
      JSON.stringify(attempts.filter((a) => a.status !== 201)),
    ).toBe(true);
    const paidCents = attempts.reduce((sum, a) => sum + BigInt(Math.round(a.amount * 100)), 0n);
    // Each key moved money once: one `instalment` ledger transaction per attempt.
    const [moved] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.ventureId, ventureId), eq(ledgerTransactions.kind, 'instalment')));
    expect(moved!.n).toBe(attempts.length);
    expect(await balanceOf(t, company.user!.id)).toBe(start - paidCents);
    // The schedule received exactly what was paid.
    const rows = await t.database.db
      .select()
      .from(loanInstallments)
      .where(eq(loanInstallments.ventureId, ventureId));
    const received = rows.reduce(
      (s, r) => s + r.paidPrincipalCents + r.paidInterestCents + r.paidLateInterestCents,
      0n,
    );
    expect(received).toBe(paidCents);
    expect(await findInvariantViolations(t.database.pool)).toEqual([]);
  }, 600_000);
});
