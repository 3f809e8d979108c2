/**
 * Auto-invest under a race (issue 28): one venture opens to 500 active mandates while manual
 * investors post POST /api/investments side by side, and two engine runs (two instances, each with
 * its own pool) allocate at once. The venture never overfunds, each mandate decided once, the log
 * is in the fair order, and the ledger invariants hold (checked after every server test).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src-server/db/client';
import { autoInvestAllocations, investments } from '../../src-server/db/schema';
import { allocateVenture } from '../../src-server/modules/auto-invest/engine';
import { bulkMandates } from '../support/auto-invest-bulk';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor, ventureRow } from './money-helpers';

const MANDATES = 500;
const MANUAL = 40;
const TICKET = 10_000n; // EUR 100

let t: TestContext;
let manual: SignedIn[];

beforeAll(async () => {
  t = await testContext();
  await bulkMandates(t.database.pool, t.database.db, {
    count: MANDATES,
    balanceCents: 50_000n,
    budgetCents: 1_000_000n,
    maxPerVentureCents: TICKET,
    country: 'KE',
    tag: 'race',
  });
  manual = await Promise.all(Array.from({ length: MANUAL }, () => verifiedInvestor(t, 100_000n)));
}, 120_000);

describe('500 mandates and manual investors on one venture opening', () => {
  it('never overfunds, decides each mandate once, in the fair order', async () => {
    // Room for 400 tickets of EUR 100: mandates and manual investors compete for them.
    const venture = await openVenture(t, {
      targetAmountCents: TICKET * 400n,
      minInvestmentCents: TICKET,
      maxInvestmentCents: TICKET,
    });
    const other = createDatabase(t.databaseUrl, { max: 4, connectionTimeoutMillis: 60_000 });
    try {
      const posts = manual.flatMap((investor) =>
        [0, 1, 2].map(() =>
          investor.inject({
            method: 'POST',
            url: '/api/investments',
            payload: { ventureId: venture.id, amount: 100 },
          }),
        ),
      );
      const [runA, runB, ...answers] = await Promise.all([
        allocateVenture(t.ctx, venture.id, 100),
        allocateVenture({ ...t.ctx, db: other.db, pool: other.pool }, venture.id, 100),
        ...posts,
      ]);
      const manualOk = answers.filter((a) => a.statusCode === 201).length;
      for (const a of answers) expect([201, 409]).toContain(a.statusCode);

      const row = await ventureRow(t, venture.id);
      const live = await t.database.db
        .select({ amount: investments.amountCents })
        .from(investments)
        .where(eq(investments.ventureId, venture.id));
      const total = live.reduce((s, i) => s + i.amount, 0n);
      expect(row.amountFundedCents).toBe(total);
      expect(total).toBeLessThanOrEqual(row.targetAmountCents);

      const log = await t.database.db
        .select()
        .from(autoInvestAllocations)
        .where(eq(autoInvestAllocations.ventureId, venture.id));
      // Each mandate decided exactly once over both runs.
      expect(log).toHaveLength(MANDATES);
      expect(new Set(log.map((l) => l.mandateId)).size).toBe(MANDATES);
      const invested = log.filter((l) => l.outcome === 'invested');
      expect(runA.invested + runB.invested).toBe(invested.length);
      expect(invested.length + manualOk).toBe(Number(total / TICKET));
      // Each logged investment exists with its amount.
      expect(invested.every((l) => l.amountCents === TICKET && l.investmentId !== null)).toBe(true);
      // Each run went in the fair order: investor n's mandate waited n seconds longer than the first
      // (tests/support/auto-invest-bulk.ts), so within a run n falls as the sequence rises.
      const { rows } = await t.database.pool.query<{ run_id: string; n: number }>(
        `SELECT a.run_id, split_part(split_part(u.email, '@', 1), '-', 3)::int AS n
           FROM auto_invest_allocations a
           JOIN auto_invest_mandates m ON m.id = a.mandate_id JOIN users u ON u.id = m.user_id
          WHERE a.venture_id = $1 ORDER BY a.run_id, a.sequence`,
        [venture.id],
      );
      for (let k = 1; k < rows.length; k += 1)
        if (rows[k]!.run_id === rows[k - 1]!.run_id) expect(rows[k]!.n).toBeLessThan(rows[k - 1]!.n);
      // Once the venture is full, every later decision is a skip: within a run by its sequence, and
      // across the two runs by the decisions' time, stamped once a chunk holds the venture (so a tie
      // of milliseconds is allowed, an invested decision after a 'venture_full' one is not).
      for (const runId of new Set(log.map((l) => l.runId))) {
        const run = log.filter((l) => l.runId === runId).sort((a, b) => a.sequence - b.sequence);
        const firstFull = run.findIndex((l) => l.reason === 'venture_full');
        if (firstFull >= 0) expect(run.slice(firstFull).filter((l) => l.outcome !== 'skipped')).toEqual([]);
      }
      const full = log.filter((l) => l.reason === 'venture_full').map((l) => l.createdAt.getTime());
      if (full.length > 0)
        expect(invested.filter((l) => l.createdAt.getTime() > Math.min(...full))).toEqual([]);
      // The venture filled: the funding closed.
      if (total === row.targetAmountCents) expect(row.lifecycleStatus).toBe('funded');
      const count = await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM auto_invest_runs WHERE venture_id = ${venture.id}`,
      );
      expect(count.rows[0]!.n).toBe(2);
    } finally {
      await other.close();
    }
  }, 120_000);
});
