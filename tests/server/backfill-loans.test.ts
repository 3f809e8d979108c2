import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backfillLoans } from '../../src-server/db/backfill-loans';
import { loanInstallments, loans } from '../../src-server/db/schema';
import { addMonthsClamped } from '../../src-shared/rules/schedule';
import { testContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

/** Issue 24: ventures funded before loan servicing get a bullet schedule from their funding date. */
describe('the loan servicing data migration', () => {
  it('gives a funded venture without a loan a bullet schedule from its funding date, once', async () => {
    const t = await testContext();
    const venture = await openVenture(t, {
      targetAmountCents: 1_200_000n,
      maxInvestmentCents: 1_200_000n,
      repaymentType: 'annuity',
    });
    const investor = await verifiedInvestor(t, 1_200_000n);
    const invested = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: venture.id, amount: 12_000 },
    });
    expect(invested.statusCode).toBe(201);
    // As before servicing existed: the venture is funded, and it has no loan.
    await t.database.pool.query(`DELETE FROM loan_events WHERE venture_id = $1`, [venture.id]);
    await t.database.pool.query(`DELETE FROM loan_installments WHERE venture_id = $1`, [venture.id]);
    await t.database.pool.query(`DELETE FROM loans WHERE venture_id = $1`, [venture.id]);

    const client = await t.database.pool.connect();
    try {
      expect(await backfillLoans(client)).toBe(1);
      expect(await backfillLoans(client)).toBe(0);
    } finally {
      client.release();
    }
    const today = new Date().toISOString().slice(0, 10);
    const [loan] = await t.database.db.select().from(loans).where(eq(loans.ventureId, venture.id));
    expect(loan).toMatchObject({
      status: 'current',
      disbursedOn: today,
      principalCents: 1_200_000n,
      outstandingPrincipalCents: 1_200_000n,
    });
    const rows = await t.database.db
      .select()
      .from(loanInstallments)
      .where(eq(loanInstallments.ventureId, venture.id))
      .orderBy(loanInstallments.number);
    // A bullet schedule whatever the venture's own terms: interest monthly, all principal at the end.
    expect(rows.map((r) => r.dueDate)).toEqual(
      Array.from({ length: 12 }, (_, k) => addMonthsClamped(today, k + 1)),
    );
    expect(rows.map((r) => r.principalCents)).toEqual([...Array<bigint>(11).fill(0n), 1_200_000n]);
    expect(rows.map((r) => r.interestCents)).toEqual(Array<bigint>(12).fill(12_000n));
  });
});
