/**
 * GET /api/admin/overview (contract, "Dashboards"): exact figures after investments made through
 * the API (one refunded by a cancellation, one completing a venture, two in earlier months).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LOAN_STATUSES } from '../../src-shared/constants/enums';
import { kycVerifications } from '../../src-server/db/schema';
import { lastMonths } from '../../src-server/modules/overview/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
const DAY = 86_400_000;

const overview = async (who: SignedIn = admin) => {
  const res = await who.inject({ method: 'GET', url: '/api/admin/overview' });
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
/** Runs `work` with the app's clock `days` days back. */
async function daysAgo<T>(days: number, work: () => Promise<T>): Promise<T> {
  t.clock.offsetMs = -days * DAY;
  try {
    return await work();
  } finally {
    t.clock.offsetMs = 0;
  }
}
const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('GET /api/admin/overview', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
    for (const role of ['user', 'corporate'] as const) {
      const res = await (await t.injectAs(role)).inject({ method: 'GET', url: '/api/admin/overview' });
      expect(res.statusCode).toBe(403);
    }
    await overview(await t.injectAs('superadmin'));
  });

  it('lists the last 12 months, oldest first, this month last', () => {
    expect(lastMonths(new Date('2026-03-31T23:59:59Z'))).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });

  it('answers exact figures from the database', async () => {
    const before = await overview();
    expect(before).toMatchObject({
      invested: 0,
      heldInBalances: 0,
      inEscrow: 0,
      venturesAwaitingReview: 0,
      verificationsAwaitingReview: 0,
      openTickets: 0,
      complaintsDueSoon: 0,
    });
    expect(before.investedByMonth).toEqual(lastMonths(new Date()).map((month) => ({ month, amount: 0 })));
    const signUpsBefore = before.signUps30d;

    const amina = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated'); // €1,000.00
    const kofi = await verifiedInvestor(t, 50_000n, undefined, 'sophisticated'); // €500.00
    const farFuture = new Date(Date.now() + 60 * DAY);

    // Raising: €200.00 + €100.50 in escrow.
    const raising = await openVenture(t, { title: 'Raising' });
    await invest(amina, raising.id, 200);
    await invest(kofi, raising.id, 100.5);
    // Cancelled: Amina's €150.00 refunded, counted nowhere.
    const cancelled = await openVenture(t, { title: 'Cancelled' });
    await invest(amina, cancelled.id, 150);
    const cancel = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${cancelled.id}/cancel`,
      payload: { reason: 'Withdrawn.' },
    });
    expect(cancel.statusCode).toBe(200);
    // Funded by Kofi's €100.00: paid out to the company, so invested but not in escrow.
    const funded = await openVenture(t, {
      title: 'Funded',
      targetAmountCents: 10_000n,
      maxInvestmentCents: 10_000n,
    });
    await invest(kofi, funded.id, 100);
    // 40 days ago (last month or the one before): €50.00; 400 days ago (outside the 12 months): €30.00.
    const earlier = await daysAgo(40, () => openVenture(t, { title: 'Earlier', closingDate: farFuture }));
    await daysAgo(40, () => invest(amina, earlier.id, 50));
    const lastYear = await daysAgo(400, () =>
      openVenture(t, { title: 'Last year', closingDate: farFuture, minInvestmentCents: 3_000n }),
    );
    await daysAgo(400, () => invest(amina, lastYear.id, 30));

    // Waiting for review: submitted (public or private) and pending or under-review; not drafts
    // (the companies' work in progress, even pending or under-review), deleted or decided ones (a
    // cancelled venture is rejected).
    const waiting = { lifecycleStatus: 'coming-soon' as const, goesLiveAt: null };
    await openVenture(t, { ...waiting, adminStatus: 'pending', visibility: 'draft' });
    await openVenture(t, { ...waiting, adminStatus: 'under-review', visibility: 'draft' });
    await openVenture(t, { ...waiting, adminStatus: 'pending' });
    await openVenture(t, { ...waiting, adminStatus: 'under-review', visibility: 'private' });
    await openVenture(t, { ...waiting, adminStatus: 'pending', isDeleted: true });
    await openVenture(t, { ...waiting, adminStatus: 'rejected', adminNotes: 'No.' });

    // Identity documents: two people waiting (one with an older, rejected attempt), one decided.
    const waitingPeople = [
      await t.createUser({ kycStatus: 'pending' }),
      await t.createUser({ kycStatus: 'pending' }),
    ];
    const decided = await t.createUser({ kycStatus: 'complete' });
    await t.database.db.insert(kycVerifications).values([
      { userId: waitingPeople[0]!.id, status: 'pending', submittedAt: new Date() },
      { userId: waitingPeople[1]!.id, status: 'rejected', submittedAt: new Date(Date.now() - DAY) },
      { userId: waitingPeople[1]!.id, status: 'pending', submittedAt: new Date() },
      { userId: decided.id, status: 'complete', submittedAt: new Date() },
    ]);
    // Created 31 days ago: not a recent sign-up.
    await t.createUser({ createdAt: new Date(Date.now() - 31 * DAY) });

    const figures = await overview();
    const months = lastMonths(new Date()).map((month) => ({ month, amount: 0 }));
    months[months.length - 1]!.amount = 400.5; // 200 + 100.50 + 100
    months.find((m) => m.month === monthOf(Date.now() - 40 * DAY))!.amount = 50;
    expect(figures).toEqual({
      invested: 480.5, // 200 + 100.50 + 100 + 50 + 30 (the €150 refunded does not count)
      // Amina 1000 - 200 - 50 - 30 = 720; Kofi 500 - 100.50 - 100 = 299.50; the funded venture's
      // company 100 (its loan disbursed to its balance).
      heldInBalances: 1119.5,
      inEscrow: 380.5, // 300.50 raising + 50 + 30 (the funded one paid out, the cancelled refunded)
      venturesAwaitingReview: 2,
      verificationsAwaitingReview: 2,
      // Amina, Kofi, the ventures' owner (first venture), three KYC people; not the 31-day-old one.
      signUps30d: signUpsBefore + 6,
      openTickets: 0,
      complaintsDueSoon: 0,
      investedByMonth: months,
      // The funded venture's loan has just started: nothing is past due yet.
      overdue: 0,
      loansByStatus: LOAN_STATUSES.map((loanStatus) => ({
        loanStatus,
        loans: loanStatus === 'current' ? 1 : 0,
        outstandingPrincipal: loanStatus === 'current' ? 100 : 0,
      })),
    });

    // The waiting counts agree with the lists the overview links to (submitted ones only); the
    // drafts are listed with submitted=false.
    const list = async (query: string) => {
      const res = await admin.inject({ method: 'GET', url: `/api/ventures/admin-get-all?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().pagination.total as number;
    };
    expect(
      (await list('adminStatus=pending&submitted=true')) +
        (await list('adminStatus=under-review&submitted=true')),
    ).toBe(2);
    expect(await list('adminStatus=pending')).toBe(2);
    expect(await list('adminStatus=under-review')).toBe(2);
    expect(await list('submitted=false')).toBe(2);
    const bad = await admin.inject({ method: 'GET', url: '/api/ventures/admin-get-all?submitted=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'venture.filter_submitted' });
    const kyc = await admin.inject({ method: 'GET', url: '/api/kyc/admin?status=pending' });
    expect(kyc.json().pagination.total).toBe(2);
  });
});
