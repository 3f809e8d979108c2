/**
 * GET /api/statistics (contract, "Statistics"): exact figures on known ledgers built through the
 * API (invest, close funding, repay, cancel with refunds), what does not count (refunded investors,
 * private, unapproved and deleted ventures), the weighted average return, and the cache.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { STATISTICS_TTL_MS } from '../../src-shared/contracts/statistics';
import { ventures } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

const statistics = async () => {
  // Anyone: no session needed.
  const res = await t.app.inject({ method: 'GET', url: '/api/statistics' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const invest = async (person: SignedIn, ventureId: string, amount: number) => {
  const res = await person.inject({
    method: 'POST',
    url: '/api/investments',
    payload: { ventureId, amount },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const adminCall = async (ventureId: string, action: string, payload?: object) => {
  const res = await admin.inject({
    method: 'POST',
    url: `/api/ventures/admin/${ventureId}/${action}`,
    ...(payload && { payload }),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const row = (riskLevel: string, ventures: number, funded: number, repaid: number) => ({
  riskLevel,
  ventures,
  funded,
  repaid,
  defaulted: 0,
  defaultEvents: 0,
  loansAtStart: 0,
  defaultRate: 0,
});

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('GET /api/statistics', () => {
  it('answers zeros on an empty platform, with one row per risk level and when it was computed', async () => {
    const before = Date.now();
    const figures = await statistics();
    expect(figures).toEqual({
      totalFunded: 0,
      totalRepaid: 0,
      venturesFunded: 0,
      venturesRepaid: 0,
      investors: 0,
      averageReturn: null,
      byRisk: [row('low', 0, 0, 0), row('medium', 0, 0, 0), row('high', 0, 0, 0)],
      computedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Date.parse(figures.computedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(figures.computedAt)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('counts funded and repaid ventures, repayments and investors from the ledger', async () => {
    const amina = await verifiedInvestor(t, 500_000n, undefined, 'sophisticated');
    const kofi = await verifiedInvestor(t, 500_000n, undefined, 'sophisticated');
    const farah = await verifiedInvestor(t, 500_000n, undefined, 'sophisticated'); // only in a cancelled venture
    const gina = await verifiedInvestor(t, 500_000n, undefined, 'sophisticated'); // only in a private venture

    // Low risk, 10%: €600 + €400 reach the €1,000 target (funded), then repaid €500 + €600.
    const low = await openVenture(t, {
      title: 'Low',
      riskLevel: 'low',
      expectedReturn: '10.00',
      targetAmountCents: 100_000n,
      maxInvestmentCents: 100_000n,
    });
    await invest(amina, low.id, 600);
    await invest(kofi, low.id, 400);
    // Medium risk, 12%: €500 of €2,000, then the admin closes the funding.
    const medium = await openVenture(t, {
      title: 'Medium',
      riskLevel: 'medium',
      expectedReturn: '12.00',
      targetAmountCents: 200_000n,
      maxInvestmentCents: 200_000n,
    });
    await invest(amina, medium.id, 500);
    // High risk, 20%: still raising €300 (an investor, but no money funded yet).
    const high = await openVenture(t, { title: 'High', riskLevel: 'high', expectedReturn: '20.00' });
    await invest(kofi, high.id, 300);
    // Coming soon, high risk: on the list, nothing in it.
    await openVenture(t, {
      title: 'Soon',
      riskLevel: 'high',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
    });

    // Cancelled with refunds: Farah's €200 comes back; neither she nor the venture counts.
    const cancelled = await openVenture(t, { title: 'Cancelled', riskLevel: 'low' });
    await invest(farah, cancelled.id, 200);
    await adminCall(cancelled.id, 'cancel', { reason: 'Withdrawn by the company.' });

    // Private (approved, reachable by link): funded by Gina, counted nowhere.
    const secret = await openVenture(t, {
      title: 'Private',
      visibility: 'private',
      riskLevel: 'low',
      targetAmountCents: 50_000n,
      maxInvestmentCents: 50_000n,
    });
    await invest(gina, secret.id, 500);
    // Funded (one of them repaid) by Gina, then taken off the list: not approved, or deleted.
    const offList = async (title: string, change: Partial<typeof ventures.$inferInsert>, repay = false) => {
      const venture = await openVenture(t, {
        title,
        targetAmountCents: 10_000n,
        maxInvestmentCents: 10_000n,
      });
      await invest(gina, venture.id, 100);
      if (repay) await adminCall(venture.id, 'repayments', { amount: 110, final: true });
      await t.database.db.update(ventures).set(change).where(eq(ventures.id, venture.id));
    };
    await offList('Pending', { adminStatus: 'pending' });
    await offList('Rejected', { adminStatus: 'rejected', adminNotes: 'No.' }, true);
    await offList('Deleted', { isDeleted: true });

    // One funded venture so far (the €1,000 one), 10% on all of it.
    expect(await statistics()).toMatchObject({
      totalFunded: 1000,
      totalRepaid: 0,
      venturesFunded: 1,
      venturesRepaid: 0,
      investors: 2, // Amina and Kofi; Farah was refunded, Gina is only in a private venture
      averageReturn: 10,
      byRisk: [row('low', 1, 1, 0), row('medium', 1, 0, 0), row('high', 2, 0, 0)],
    });

    await adminCall(medium.id, 'close-funding');
    // Weighted by the amount funded: (1000 × 10 + 500 × 12) / 1500 = 10.666... -> 10.67.
    expect(await statistics()).toMatchObject({
      totalFunded: 1500,
      venturesFunded: 2,
      averageReturn: 10.67,
      byRisk: [row('low', 1, 1, 0), row('medium', 1, 1, 0), row('high', 2, 0, 0)],
    });

    // A partial payment of the loan (recorded by an admin) counts at once (the figures are computed
    // afresh after money moves): what investors were credited, the interest less the 1 % service fee.
    // The loan owes 1,000 and 100 of interest (12 monthly instalments at 10 %); 500 pays all the
    // interest, so investors get 500 - 1.
    await adminCall(low.id, 'repayments', { amount: 500, note: 'Bank transfer' });
    expect(await statistics()).toMatchObject({ totalRepaid: 499, venturesRepaid: 0 });
    await adminCall(low.id, 'repayments', { amount: 600, note: 'Bank transfer' });
    const figures = await statistics();
    expect(figures).toEqual({
      totalFunded: 1500, // the repaid venture's money still counts as lent
      totalRepaid: 1099, // 1,100 less the service fee of 1 % on the 100 of interest
      venturesFunded: 2, // funded and repaid
      venturesRepaid: 1,
      investors: 2,
      averageReturn: 10.67,
      byRisk: [row('low', 1, 0, 1), row('medium', 1, 1, 0), row('high', 2, 0, 0)],
      computedAt: expect.any(String),
    });
  });

  it('keeps its figures for a minute unless money moves through the server', async () => {
    const first = await statistics();
    // Changed straight in the database (as another server instance would): not seen yet.
    await t.database.db.update(ventures).set({ visibility: 'public' }).where(eq(ventures.title, 'Private'));
    expect(await statistics()).toEqual(first);
    t.clock.offsetMs = STATISTICS_TTL_MS + 1000;
    try {
      const later = await statistics();
      expect(later).toMatchObject({
        totalFunded: 2000,
        venturesFunded: 3,
        investors: 3, // Gina now
        // (1000 × 10 + 500 × 12 + 500 × 12) / 2000 = 11
        averageReturn: 11,
        byRisk: [row('low', 2, 1, 1), row('medium', 1, 1, 0), row('high', 2, 0, 0)],
      });
      expect(Date.parse(later.computedAt)).toBeGreaterThan(Date.parse(first.computedAt));
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('reports a default rate of 0 for every level while the platform records no defaults', async () => {
    const figures = await statistics();
    expect(figures.byRisk.map((r: { riskLevel: string }) => r.riskLevel)).toEqual(['low', 'medium', 'high']);
    for (const level of figures.byRisk) expect(level).toMatchObject({ defaulted: 0, defaultRate: 0 });
  });
});
