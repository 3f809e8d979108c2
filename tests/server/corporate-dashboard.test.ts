/**
 * The corporate area's server side (issue 14): GET /api/dashboard/corporate with exact figures on a
 * database built here (two companies; investments by two investors months apart, a third one's
 * refunded), the owner-scoped venture reads (another company's venture is 404, even a public one),
 * investors' identities never shown to a company, and the submit-for-review rules of
 * PATCH /api/ventures/id/{id} with the rows they leave.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ventures } from '../../src-server/db/schema';
import { ventureStage } from '../../src-server/modules/dashboard/service';
import { lastMonths } from '../../src-server/modules/overview/service';
import { addMonthsClamped } from '../../src-shared/rules/schedule';
import { COMPLETE_KIIS } from '../support/kiis';
import { testContext, type SignedIn, type TestContext } from './context';
import { deposit, openVenture, ventureRow } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let corp1: SignedIn;
let corp2: SignedIn;
let amina: SignedIn;
let kofi: SignedIn;
let zara: SignedIn;
let investorUser: SignedIn;
const DAY = 86_400_000;
const ids: Record<string, string> = {};
const investmentIds: Record<string, string> = {};
const answers: string[] = [];

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** Runs `work` with the app's clock `ms` milliseconds back. */
async function back<T>(ms: number, work: () => Promise<T>): Promise<T> {
  t.clock.offsetMs = -ms;
  try {
    return await work();
  } finally {
    t.clock.offsetMs = 0;
  }
}

async function invest(person: SignedIn, ventureId: string, amount: number): Promise<string> {
  const res = await person.inject({
    method: 'POST',
    url: '/api/investments',
    payload: { ventureId, amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** GET as `who`; every 200 answer is kept for the identity check. */
async function get(who: SignedIn, url: string) {
  const res = await who.inject({ method: 'GET', url });
  if (res.statusCode === 200) answers.push(res.body);
  return res;
}

async function dashboard(who: SignedIn) {
  const res = await get(who, '/api/dashboard/corporate');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function awaitingReview(): Promise<number> {
  const res = await admin.inject({ method: 'GET', url: '/api/admin/overview' });
  expect(res.statusCode).toBe(200);
  return res.json().data.venturesAwaitingReview;
}

const investor = (firstName: string, lastName: string, email: string) =>
  t.injectAs('user', { kycStatus: 'complete', firstName, lastName, email, protection: 'sophisticated' });

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  const lastLoginAt = new Date('2026-01-15T08:30:00.000Z');
  corp1 = await t.injectAs('corporate', { firstName: 'Chidi', companyName: 'Kisumu Solar Ltd', lastLoginAt });
  corp2 = await t.injectAs('corporate', { firstName: 'Wanjiru', companyName: 'Nairobi Leasing Ltd' });
  amina = await investor('Amina', 'Okafor', 'amina.okafor@example.com');
  kofi = await investor('Kofi', 'Mensah', 'kofi.mensah@example.com');
  zara = await investor('Zara', 'Haile', 'zara.haile@example.com');
  investorUser = await t.injectAs('user');
  await deposit(t, amina.user!.id, 100_000n);
  await deposit(t, kofi.user!.id, 100_000n);
  await deposit(t, zara.user!.id, 100_000n);
  await deposit(t, corp1.user!.id, 123_456n); // the company's own balance: €1,234.56

  const mine = { createdBy: corp1.user!.id };
  const notLive = { lifecycleStatus: 'coming-soon' as const, goesLiveAt: null };
  const farFuture = new Date(Date.now() + 60 * DAY);
  const add = async (name: string, overrides: Parameters<typeof openVenture>[1]) => {
    ids[name] = (await openVenture(t, { title: name, ...mine, ...overrides })).id;
  };

  // Live (approved, new): €200.00 by Amina and €100.50 by Kofi this month, Kofi last.
  await add('Raising', {});
  investmentIds.amina200 = await back(3 * 60_000, () => invest(amina, ids.Raising!, 200));
  investmentIds.kofi100_5 = await back(2 * 60_000, () => invest(kofi, ids.Raising!, 100.5));
  // Cancelled: Zara's €150.00 refunded; she counts nowhere.
  await add('Cancelled', {});
  await back(90_000, () => invest(zara, ids.Cancelled!, 150));
  const cancel = await admin.inject({
    method: 'POST',
    url: `/api/ventures/admin/${ids.Cancelled}/cancel`,
    payload: { reason: 'Withdrawn.' },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Funded by Kofi's €100.00 (target €100.00): completed.
  await add('Funded', { targetAmountCents: 10_000n, maxInvestmentCents: 10_000n });
  investmentIds.kofi100 = await back(60_000, () => invest(kofi, ids.Funded!, 100));
  // Live, 40 days ago: Amina's €50.00; 400 days ago (outside the 12 months): Amina's €30.00.
  await back(40 * DAY, () => add('Earlier', { closingDate: farFuture }));
  investmentIds.amina50 = await back(40 * DAY, () => invest(amina, ids.Earlier!, 50));
  await back(400 * DAY, () => add('Last year', { closingDate: farFuture, minInvestmentCents: 3_000n }));
  investmentIds.amina30 = await back(400 * DAY, () => invest(amina, ids['Last year']!, 30));
  // Approved, not open yet: live too.
  await add('Coming soon', { ...notLive, goesLiveAt: new Date(Date.now() + DAY) });
  // Repaid: Amina's €100.00 (target €100.00) funded it (its loan started then: 12 months bullet at
  // 12 %), then an admin recorded everything owed, €112.00, paid outside the platform.
  await add('Repaid', { targetAmountCents: 10_000n, maxInvestmentCents: 10_000n });
  investmentIds.amina100 = await back(30_000, () => invest(amina, ids.Repaid!, 100));
  const repay = await admin.inject({
    method: 'POST',
    url: `/api/ventures/admin/${ids.Repaid}/repayments`,
    payload: { amount: 112, note: 'Paid by bank transfer.' },
  });
  expect(repay.statusCode, repay.body).toBe(200);
  // Not approved: a draft, two submitted ones, two rejected (one of them a draft), a deleted one.
  await add('Draft', { ...notLive, visibility: 'draft', adminStatus: 'pending' });
  await add('Pending', { ...notLive, visibility: 'public', adminStatus: 'pending' });
  await add('Under review', { ...notLive, visibility: 'private', adminStatus: 'under-review' });
  await add('Rejected', { ...notLive, adminStatus: 'rejected', adminNotes: 'Collateral unclear.' });
  await add('Rejected draft', {
    ...notLive,
    visibility: 'draft',
    adminStatus: 'rejected',
    adminNotes: 'Too early.',
  });
  await add('Deleted', { ...notLive, adminStatus: 'pending', isDeleted: true });

  // The other company: one live venture with Kofi's €500.00.
  ids.Other = (await openVenture(t, { title: 'Other company venture', createdBy: corp2.user!.id })).id;
  investmentIds.other = await invest(kofi, ids.Other, 500);
});

describe('GET /api/dashboard/corporate', () => {
  it('is for corporates only: 401 for a visitor, 403 for investors and admins', async () => {
    const url = '/api/dashboard/corporate';
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);
    for (const who of [investorUser, admin]) {
      const res = await who.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    }
  });

  it("answers the company's exact figures", async () => {
    const today = t.ctx.clock.today();
    const months = lastMonths(new Date()).map((month) => ({ month, amount: 0 }));
    months[months.length - 1]!.amount = 500.5; // 200 + 100.50 + 100 + 100 (Zara's €150 refunded)
    months.find((m) => m.month === monthOf(Date.now() - 40 * DAY))!.amount = 50;
    const recent = (key: string, venture: string, amount: number, status: string) => ({
      _id: investmentIds[key],
      ventureId: ids[venture],
      ventureTitle: venture,
      amount,
      status,
      investmentDate: expect.any(String),
    });
    const data = await dashboard(corp1);
    expect(data).toEqual({
      firstName: 'Chidi',
      lastLoginAt: '2026-01-15T08:30:00.000Z',
      // €1,234.56 deposited, plus the two loans disbursed to it (Funded and Repaid, €100.00 each).
      balance: 1434.56,
      ventures: {
        draft: 1,
        pendingReview: 2,
        live: 4, // Raising, Earlier, Last year, Coming soon
        funded: 1,
        repaid: 1,
        rejected: 2, // a rejected draft counts as rejected
        cancelled: 1,
      },
      // Raising 300.50 + Earlier 50 + Last year 30 + Funded 100 + Repaid 100 (Cancelled 0).
      raised: 580.5,
      // Live 4 x 10,000 + Funded 100 + Repaid 100 + the two submitted 2 x 10,000; not the
      // draft, the rejected, the cancelled or the deleted one.
      target: 60_200,
      investors: 2, // Amina and Kofi; Zara's only investment was refunded
      raisedByMonth: months,
      recentInvestments: [
        recent('amina100', 'Repaid', 100, 'repaid'),
        recent('kofi100', 'Funded', 100, 'completed'),
        recent('kofi100_5', 'Raising', 100.5, 'invested'),
        recent('amina200', 'Raising', 200, 'invested'),
        recent('amina50', 'Earlier', 50, 'invested'),
        recent('amina30', 'Last year', 30, 'invested'),
      ],
      tickets: [],
      // Funded's loan runs: its first instalment (interest only, 1 % of €100.00) is due in a month.
      nextPayment: {
        ventureId: ids.Funded,
        title: 'Funded',
        dueDate: addMonthsClamped(today, 1),
        amount: 1,
      },
    });
    // Each venture that is not deleted counts in exactly one state.
    const states = Object.values(data.ventures as Record<string, number>).reduce((a, b) => a + b, 0);
    const listed = await get(corp1, '/api/ventures/my-ventures');
    expect(states).toBe(listed.json().data.length);
    expect(states).toBe(12);
  });

  it("shows the other company only its own figures, none of the first one's", async () => {
    const data = await dashboard(corp2);
    expect(data).toEqual({
      firstName: 'Wanjiru',
      lastLoginAt: null,
      balance: 0,
      ventures: { draft: 0, pendingReview: 0, live: 1, funded: 0, repaid: 0, rejected: 0, cancelled: 0 },
      raised: 500,
      target: 10_000,
      investors: 1,
      raisedByMonth: lastMonths(new Date()).map((month, i) => ({ month, amount: i === 11 ? 500 : 0 })),
      recentInvestments: [
        {
          _id: investmentIds.other,
          ventureId: ids.Other,
          ventureTitle: 'Other company venture',
          amount: 500,
          status: 'invested',
          investmentDate: expect.any(String),
        },
      ],
      tickets: [],
      nextPayment: null,
    });
    const body = JSON.stringify(data);
    for (const [name, id] of Object.entries(ids)) {
      if (name === 'Other') continue;
      expect(body).not.toContain(id);
    }
    for (const id of Object.values(investmentIds))
      if (id !== investmentIds.other) expect(body).not.toContain(id);
  });

  it('classifies each venture into one state, the first that applies', () => {
    const base = {
      cancelled: false,
      adminStatus: 'pending' as const,
      lifecycleStatus: 'coming-soon' as const,
      visibility: 'draft' as const,
    };
    expect(ventureStage(base)).toBe('draft');
    expect(ventureStage({ ...base, visibility: 'public' })).toBe('pendingReview');
    expect(ventureStage({ ...base, adminStatus: 'under-review', visibility: 'private' })).toBe(
      'pendingReview',
    );
    expect(ventureStage({ ...base, adminStatus: 'approved', visibility: 'public' })).toBe('live');
    expect(ventureStage({ ...base, adminStatus: 'approved', lifecycleStatus: 'new' })).toBe('live');
    expect(ventureStage({ ...base, adminStatus: 'approved', lifecycleStatus: 'funded' })).toBe('funded');
    expect(ventureStage({ ...base, adminStatus: 'approved', lifecycleStatus: 'repaid' })).toBe('repaid');
    expect(ventureStage({ ...base, adminStatus: 'rejected' })).toBe('rejected');
    expect(ventureStage({ ...base, adminStatus: 'rejected', cancelled: true })).toBe('cancelled');
  });
});

describe('GET /api/ventures/my-ventures/{id}', () => {
  it('answers the owner every field, as GET /api/ventures/id/{id} does', async () => {
    for (const name of ['Raising', 'Draft', 'Rejected']) {
      const own = await get(corp1, `/api/ventures/my-ventures/${ids[name]}`);
      expect(own.statusCode, own.body).toBe(200);
      const byId = await corp1.inject({ method: 'GET', url: `/api/ventures/id/${ids[name]}` });
      expect(own.json()).toEqual(byId.json());
      expect(own.json().data).toMatchObject({ _id: ids[name], title: name });
      expect(own.json().data).toHaveProperty('adminNotes');
    }
    const rejected = await get(corp1, `/api/ventures/my-ventures/${ids.Rejected}`);
    expect(rejected.json().data).toMatchObject({
      adminStatus: 'rejected',
      adminNotes: 'Collateral unclear.',
    });
  });

  it("answers 404 for another company's venture, even an approved public one, and a deleted one", async () => {
    for (const [who, id] of [
      [corp2, ids.Raising],
      [corp2, ids.Draft],
      [corp1, ids.Other],
      [corp1, ids.Deleted],
    ] as const) {
      for (const url of [`/api/ventures/my-ventures/${id}`, `/api/ventures/my-ventures/${id}/investments`]) {
        const res = await who.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: 'Venture not found.', code: 'venture.not_found' });
      }
    }
    // The public read still answers it (with the public fields).
    const pub = await corp2.inject({ method: 'GET', url: `/api/ventures/id/${ids.Raising}` });
    expect(pub.statusCode).toBe(200);
  });

  it('is for corporates only: 401 for a visitor, 403 for an investor or an admin', async () => {
    for (const url of [
      `/api/ventures/my-ventures/${ids.Raising}`,
      `/api/ventures/my-ventures/${ids.Raising}/investments`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await investorUser.inject({ method: 'GET', url })).statusCode).toBe(403);
      expect((await amina.inject({ method: 'GET', url })).statusCode).toBe(403);
      expect((await admin.inject({ method: 'GET', url })).statusCode).toBe(403);
    }
  });

  it('keeps the static /api/ventures/my-ventures list working', async () => {
    const res = await corp1.inject({ method: 'GET', url: '/api/ventures/my-ventures' });
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data as { title: string }[]).map((v) => v.title);
    expect(titles).toContain('Raising');
    expect(titles).not.toContain('Deleted');
    expect(titles).not.toContain('Other company venture');
  });
});

describe('GET /api/ventures/my-ventures/{id}/investments', () => {
  it('lists the investments not refunded, newest first, amounts in euros, no investor', async () => {
    const raising = await get(corp1, `/api/ventures/my-ventures/${ids.Raising}/investments`);
    expect(raising.statusCode, raising.body).toBe(200);
    expect(raising.json()).toEqual({
      data: [
        {
          _id: investmentIds.kofi100_5,
          amount: 100.5,
          status: 'invested',
          investmentDate: expect.any(String),
        },
        { _id: investmentIds.amina200, amount: 200, status: 'invested', investmentDate: expect.any(String) },
      ],
      count: 2,
      total: 300.5,
    });
    for (const row of raising.json().data) {
      expect(Object.keys(row).sort()).toEqual(['_id', 'amount', 'investmentDate', 'status']);
    }
    const funded = await get(corp1, `/api/ventures/my-ventures/${ids.Funded}/investments`);
    expect(funded.json()).toMatchObject({
      data: [{ amount: 100, status: 'completed' }],
      count: 1,
      total: 100,
    });
    // Zara's refunded €150 is not listed.
    const cancelled = await get(corp1, `/api/ventures/my-ventures/${ids.Cancelled}/investments`);
    expect(cancelled.json()).toEqual({ data: [], count: 0, total: 0 });
  });
});

describe('submitting for review (PATCH /api/ventures/id/{id})', () => {
  const body = {
    title: 'Cold rooms in Mbale',
    shortDescription: 'Solar cold rooms.',
    longDescription: 'A long description.',
    collateralDescription: 'The cold rooms.',
    country: 'UG',
    ventureType: 'business',
    targetAmount: 40_000,
    expectedReturn: 12,
    investmentPeriod: 24,
    closingDate: new Date(Date.now() + 60 * DAY).toISOString(),
    minInvestmentAmount: 50,
    maxInvestmentAmount: 5_000,
    collateralValue: 50_000,
    loanToValue: 80,
  };
  const create = async () => {
    const res = await corp1.inject({ method: 'POST', url: '/api/ventures', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  const patch = (who: SignedIn, id: string, payload: Record<string, unknown>) =>
    who.inject({ method: 'PATCH', url: `/api/ventures/id/${id}`, payload });
  const review = async (id: string, adminStatus: string, adminNotes?: string) => {
    const res = await admin.inject({
      method: 'PATCH',
      url: `/api/ventures/admin/${id}/admin-status-update`,
      payload: { adminStatus, ...(adminNotes && { adminNotes }) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const state = async (id: string) => {
    const row = await ventureRow(t, id);
    return { visibility: row.visibility, adminStatus: row.adminStatus, adminNotes: row.adminNotes };
  };

  it('a new venture is a draft, not waiting for review, until the owner submits it', async () => {
    const waiting = await awaitingReview();
    const drafts = (await dashboard(corp1)).ventures.draft;
    const id = await create();
    expect(await state(id)).toEqual({ visibility: 'draft', adminStatus: 'pending', adminNotes: null });
    expect(await awaitingReview()).toBe(waiting);
    expect((await dashboard(corp1)).ventures.draft).toBe(drafts + 1);

    const submit = await patch(corp1, id, { visibility: 'public' });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json().data).toMatchObject({ visibility: 'public', adminStatus: 'pending' });
    expect(await state(id)).toEqual({ visibility: 'public', adminStatus: 'pending', adminNotes: null });
    expect(await awaitingReview()).toBe(waiting + 1);

    // Back to draft while not approved: withdrawn from review.
    const withdraw = await patch(corp1, id, { visibility: 'draft' });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(await state(id)).toMatchObject({ visibility: 'draft', adminStatus: 'pending' });
    expect(await awaitingReview()).toBe(waiting);
  });

  it('an approved venture cannot go back to draft (409), for its owner or an admin', async () => {
    const id = await create();
    expect((await patch(corp1, id, { visibility: 'private' })).statusCode).toBe(200);
    // The company writes its key investment information sheet: approval needs it.
    const sheet = await corp1.inject({
      method: 'PUT',
      url: `/api/ventures/my-ventures/${id}/kiis`,
      payload: COMPLETE_KIIS,
    });
    expect(sheet.statusCode).toBe(200);
    await review(id, 'approved');
    for (const who of [corp1, admin]) {
      const res = await patch(who, id, { visibility: 'draft', title: 'Renamed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'An approved venture cannot go back to draft.',
        code: 'venture.approved_no_draft',
      });
    }
    const row = await ventureRow(t, id);
    expect(row).toMatchObject({ visibility: 'private', adminStatus: 'approved', title: body.title });
    // Between public and private it still moves.
    expect((await patch(corp1, id, { visibility: 'public' })).statusCode).toBe(200);
    expect(await state(id)).toMatchObject({ visibility: 'public', adminStatus: 'approved' });
  });

  it("the owner's change to a rejected venture submits it again; the last notes are kept", async () => {
    const id = await create();
    await patch(corp1, id, { visibility: 'public' });
    await review(id, 'rejected', 'The collateral is not described.');
    const waiting = await awaitingReview();
    expect(await state(id)).toEqual({
      visibility: 'public',
      adminStatus: 'rejected',
      adminNotes: 'The collateral is not described.',
    });

    // An admin's change leaves the decision alone.
    const byAdmin = await patch(admin, id, { tags: ['cold-chain'] });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await state(id)).adminStatus).toBe('rejected');

    const res = await patch(corp1, id, { collateralDescription: 'Six solar cold rooms, insured.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      adminStatus: 'pending',
      adminNotes: 'The collateral is not described.',
    });
    expect(await state(id)).toEqual({
      visibility: 'public',
      adminStatus: 'pending',
      adminNotes: 'The collateral is not described.',
    });
    expect(await awaitingReview()).toBe(waiting + 1);
  });

  it('a cancelled venture stays rejected when its owner edits it', async () => {
    const res = await patch(corp1, ids.Cancelled!, { tags: ['closed'] });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(ventures).where(eq(ventures.id, ids.Cancelled!));
    expect(row).toMatchObject({ adminStatus: 'rejected', tags: ['closed'] });
  });
});

describe("investors' identities", () => {
  it("never reach a company: no investor's name, e-mail or id in any answer above", () => {
    expect(answers.length).toBeGreaterThan(10);
    const secrets = [amina, kofi, zara].flatMap((p) => [
      p.user!.id,
      p.user!.email,
      p.user!.firstName,
      p.user!.lastName,
    ]);
    for (const body of answers) for (const secret of secrets) expect(body).not.toContain(secret);
  });
});
