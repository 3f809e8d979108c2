/**
 * The review's one rule table (src-shared/rules/venture.ts `REVIEW_RULES`, README "Decisions") on the
 * real route: what each transition does to the venture's row, and what is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type SignedIn, type TestContext } from './context';
import { giveKiis } from './kiis-helpers';
import { openVenture as insertVenture, verifiedInvestor, ventureRow } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let investor: SignedIn;

const review = (ventureId: string, body: Record<string, unknown>) =>
  admin.inject({
    method: 'PATCH',
    url: `/api/ventures/admin/${ventureId}/admin-status-update`,
    payload: body,
  });
const invest = (ventureId: string, amount: number) =>
  investor.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
const isListed = async (ventureId: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ventures?limit=100' });
  return (res.json().data as { _id: string }[]).some((v) => v._id === ventureId);
};

/** A venture with a complete key investment information sheet (approving needs one; kiis.test.ts
 * covers the refusal without). */
const openVenture: typeof insertVenture = async (context, overrides) => {
  const venture = await insertVenture(context, overrides);
  await giveKiis(context, venture.id);
  return venture;
};

/** A venture as a corporate submits it: pending, coming-soon, never live. */
const submitted = (title: string) =>
  openVenture(t, {
    title,
    adminStatus: 'pending',
    lifecycleStatus: 'coming-soon',
    goesLiveAt: null,
  });

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  investor = await verifiedInvestor(t, 1_000_000n);
});

describe('approving', () => {
  it('puts a coming-soon venture live: new, goesLiveAt and dateIssued now, reviewer recorded', async () => {
    const venture = await submitted('To approve');
    const res = await review(venture.id, { adminStatus: 'approved', adminNotes: 'Documents complete.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Updated successfully',
      data: { adminStatus: 'approved', lifecycleStatus: 'new', adminNotes: 'Documents complete.' },
    });
    const row = await ventureRow(t, venture.id);
    expect(row).toMatchObject({
      adminStatus: 'approved',
      lifecycleStatus: 'new',
      adminNotes: 'Documents complete.',
      adminReviewedBy: admin.user!.id,
    });
    expect(row.goesLiveAt).toBeInstanceOf(Date);
    expect(row.dateIssued).toEqual(row.goesLiveAt);
    expect(row.adminReviewedAt).toEqual(row.goesLiveAt);
    expect(await isListed(venture.id)).toBe(true);
  });

  it('the same status again answers 200 and changes only the notes and the review time', async () => {
    const venture = await submitted('Approved twice');
    await review(venture.id, { adminStatus: 'approved', adminNotes: 'First.' });
    const first = await ventureRow(t, venture.id);
    t.clock.offsetMs = 60_000;
    try {
      const res = await review(venture.id, { adminStatus: 'approved', adminNotes: 'Second look.' });
      expect(res.statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
    const second = await ventureRow(t, venture.id);
    expect(second).toMatchObject({
      adminStatus: 'approved',
      lifecycleStatus: 'new',
      adminNotes: 'Second look.',
      goesLiveAt: first.goesLiveAt,
      dateIssued: first.dateIssued,
    });
    expect(second.adminReviewedAt!.getTime()).toBeGreaterThan(first.adminReviewedAt!.getTime());
  });
});

describe('an approved venture without money', () => {
  it.each(['under-review', 'pending'] as const)(
    'sent back to %s closes again: coming-soon, goesLiveAt cleared, notes kept, off the public list',
    async (adminStatus) => {
      const venture = await openVenture(t, { title: `Back to ${adminStatus}`, adminNotes: 'Looked fine.' });
      const res = await review(venture.id, { adminStatus });
      expect(res.statusCode).toBe(200);
      const row = await ventureRow(t, venture.id);
      expect(row).toMatchObject({
        adminStatus,
        lifecycleStatus: 'coming-soon',
        goesLiveAt: null,
        adminNotes: 'Looked fine.',
      });
      expect(await isListed(venture.id)).toBe(false);
      // Investors no longer see it: investing answers 404 like an unknown venture.
      const refused = await invest(venture.id, 100);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('venture.not_found');
      // Approving again puts it live from now on.
      expect((await review(venture.id, { adminStatus: 'approved' })).statusCode).toBe(200);
      const again = await ventureRow(t, venture.id);
      expect(again).toMatchObject({ adminStatus: 'approved', lifecycleStatus: 'new' });
      expect(again.goesLiveAt).toBeInstanceOf(Date);
      expect((await invest(venture.id, 100)).statusCode).toBe(201);
    },
  );

  it('rejected (with a reason) closes again too', async () => {
    const venture = await openVenture(t, { title: 'To reject' });
    const res = await review(venture.id, { adminStatus: 'rejected', adminNotes: 'Collateral not verified.' });
    expect(res.statusCode).toBe(200);
    expect(await ventureRow(t, venture.id)).toMatchObject({
      adminStatus: 'rejected',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
      adminNotes: 'Collateral not verified.',
    });
  });
});

describe('refusals', () => {
  it('rejecting needs a reason: 400 on adminNotes, nothing changes', async () => {
    const venture = await submitted('Reject without notes');
    for (const body of [
      { adminStatus: 'rejected' },
      { adminStatus: 'rejected', adminNotes: '' },
      { adminStatus: 'rejected', adminNotes: '   ' },
      { adminStatus: 'rejected', adminNotes: null },
    ]) {
      const res = await review(venture.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        message: 'Please give the reason for the rejection.',
        code: 'venture.reject_notes_required',
        errors: { adminNotes: 'Please give the reason for the rejection.' },
        codes: { adminNotes: 'venture.reject_notes_required' },
      });
    }
    expect(await ventureRow(t, venture.id)).toMatchObject({
      adminStatus: 'pending',
      adminNotes: null,
      adminReviewedAt: null,
    });
  });

  it('once money is in it, it stays approved (409) whatever is asked', async () => {
    const venture = await openVenture(t, { title: 'With money' });
    expect((await invest(venture.id, 250)).statusCode).toBe(201);
    for (const adminStatus of ['under-review', 'pending', 'rejected']) {
      const res = await review(venture.id, { adminStatus, adminNotes: 'Second thoughts.' });
      expect(res.statusCode, adminStatus).toBe(409);
      expect(res.json()).toEqual({
        message: 'This venture has investments: close its funding or cancel it with refunds instead.',
        code: 'venture.review_locked_with_money',
      });
    }
    const row = await ventureRow(t, venture.id);
    expect(row).toMatchObject({
      adminStatus: 'approved',
      lifecycleStatus: 'new',
      amountFundedCents: 25_000n,
      adminNotes: null,
    });
    expect(row.goesLiveAt).toBeInstanceOf(Date);
    // Notes may still change while it stays approved.
    expect(
      (await review(venture.id, { adminStatus: 'approved', adminNotes: 'Watch list.' })).statusCode,
    ).toBe(200);
    expect((await ventureRow(t, venture.id)).adminNotes).toBe('Watch list.');
  });

  it('a funded or repaid venture stays approved (409)', async () => {
    for (const lifecycleStatus of ['funded', 'repaid'] as const) {
      const venture = await openVenture(t, { title: `Already ${lifecycleStatus}`, lifecycleStatus });
      const res = await review(venture.id, { adminStatus: 'under-review' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('venture.review_locked_with_money');
      expect(await ventureRow(t, venture.id)).toMatchObject({ adminStatus: 'approved', lifecycleStatus });
    }
  });

  it('a cancelled venture (refunded) cannot be reviewed again (409)', async () => {
    const venture = await openVenture(t, { title: 'Cancelled one' });
    expect((await invest(venture.id, 100)).statusCode).toBe(201);
    const cancelled = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${venture.id}/cancel`,
      payload: { reason: 'Borrower withdrew.' },
    });
    expect(cancelled.statusCode).toBe(200);
    const res = await review(venture.id, { adminStatus: 'approved', adminNotes: 'Reopen?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This venture is cancelled; its review can no longer change.',
      code: 'venture.review_cancelled',
    });
    expect(await ventureRow(t, venture.id)).toMatchObject({
      adminStatus: 'rejected',
      adminNotes: 'Borrower withdrew.',
    });
  });

  it('is for admins only', async () => {
    const venture = await submitted('Not yours');
    const corporate = await t.injectAs('corporate');
    const res = await corporate.inject({
      method: 'PATCH',
      url: `/api/ventures/admin/${venture.id}/admin-status-update`,
      payload: { adminStatus: 'approved' },
    });
    expect(res.statusCode).toBe(403);
    expect((await ventureRow(t, venture.id)).adminStatus).toBe('pending');
  });
});
