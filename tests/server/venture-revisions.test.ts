/**
 * Issue 26, finding 2 (decision 0127): a company's edits of an approved venture wait for review in
 * `pendingChanges`; the public keeps seeing the approved version (page, list, search, KIIS) until an
 * admin approves the revision with the review call, or rejects it with notes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPLETE_KIIS, flat, readPdf } from '../support/kiis';
import { testContext, type SignedIn, type TestContext } from './context';
import { giveKiis } from './kiis-helpers';
import { openVenture, verifiedInvestor, ventureRow } from './money-helpers';

let t: TestContext;
let owner: SignedIn;
let admin: SignedIn;
let visitor: SignedIn;

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate', { companyName: 'Probe Solar Ltd' });
  admin = await t.injectAs('admin');
  visitor = await t.injectAs('visitor');
});

/** An approved, public, live venture of `owner` with a published KIIS, no investments yet. */
async function approvedVenture(title: string) {
  const row = await openVenture(t, { title, createdBy: owner.user!.id });
  await giveKiis(t, row.id, COMPLETE_KIIS, true);
  return row.id;
}

const edit = (as: SignedIn, id: string, payload: Record<string, unknown>) =>
  as.inject({ method: 'PATCH', url: `/api/ventures/id/${id}`, payload });
const review = (id: string, payload: Record<string, unknown>) =>
  admin.inject({ method: 'PATCH', url: `/api/ventures/admin/${id}/admin-status-update`, payload });
const read = async (as: SignedIn, id: string) => {
  const res = await as.inject({ method: 'GET', url: `/api/ventures/id/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const publicList = async (query: string) =>
  (await visitor.inject({ method: 'GET', url: `/api/ventures?${query}` })).json().data as {
    _id: string;
    title: string;
  }[];
const kiisText = async (id: string) => {
  const res = await visitor.inject({ method: 'GET', url: `/api/ventures/${id}/kiis` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return flat(readPdf(res.rawPayload).text);
};

async function invest(id: string, amount = 100) {
  const investor = await verifiedInvestor(t);
  const res = await investor.inject({
    method: 'POST',
    url: '/api/investments',
    payload: { ventureId: id, amount },
  });
  expect(res.statusCode, res.body).toBe(201);
}

// With a collateral value that covers the target (a loan-to-value of at most 100 %, decision 0202).
const PROBE = {
  title: 'Solar kiosks SCAM',
  expectedReturn: 45,
  targetAmount: 900000,
  collateralValue: 1_200_000,
};

describe('the probe: an approved venture edited by its company', () => {
  it('keeps the public page unchanged; the owner and admins see pendingChanges', async () => {
    const id = await approvedVenture('Solar kiosks probe');
    const res = await edit(owner, id, PROBE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Solar kiosks probe',
      expectedReturn: 12,
      targetAmount: 10000,
      adminStatus: 'approved',
      pendingChanges: PROBE,
      revisionStatus: 'pending',
    });

    const seen = await read(visitor, id);
    expect(seen).toMatchObject({ title: 'Solar kiosks probe', expectedReturn: 12, targetAmount: 10000 });
    expect(seen).not.toHaveProperty('pendingChanges');
    expect(seen).not.toHaveProperty('pendingChangesAt');

    for (const who of [owner, admin]) {
      const full = await read(who, id);
      expect(full).toMatchObject({ title: 'Solar kiosks probe', expectedReturn: 12, pendingChanges: PROBE });
      expect(full.pendingChangesAt).toBe(
        t.ctx.now().toISOString().slice(0, 10) + full.pendingChangesAt.slice(10),
      );
    }
    const row = await ventureRow(t, id);
    expect(row).toMatchObject({
      title: 'Solar kiosks probe',
      targetAmountCents: 1_000_000n,
      adminStatus: 'approved',
    });
  });

  it('never shows pending values in the public list, its search or filters', async () => {
    const id = await approvedVenture('Quiet wind farm');
    expect(
      (await edit(owner, id, { ...PROBE, title: 'Loud SCAMWORD farm', tags: ['scamtag'] })).statusCode,
    ).toBe(200);
    const listed = (await publicList('search=Quiet%20wind')).find((v) => v._id === id);
    expect(listed).toMatchObject({ title: 'Quiet wind farm', expectedReturn: 12, targetAmount: 10000 });
    expect(listed).not.toHaveProperty('pendingChanges');
    expect((await publicList('search=SCAMWORD')).map((v) => v._id)).not.toContain(id);
    expect((await publicList('search=scamtag')).map((v) => v._id)).not.toContain(id);
    expect((await publicList('expectedReturn=40')).map((v) => v._id)).not.toContain(id);
  });
});

describe('the review call decides the revision', () => {
  it('approve applies it in one step, clears it, keeps the venture approved and live', async () => {
    const id = await approvedVenture('Approve me');
    await edit(owner, id, PROBE);
    const res = await review(id, { adminStatus: 'approved', revision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      ...PROBE,
      adminStatus: 'approved',
      lifecycleStatus: 'new',
      pendingChanges: null,
      pendingChangesAt: null,
      revisionStatus: null,
    });
    expect(await read(visitor, id)).toMatchObject(PROBE);
  });

  it('reject discards it with notes the owner reads; notes are required', async () => {
    const id = await approvedVenture('Reject me');
    await edit(owner, id, PROBE);
    const noNotes = await review(id, { adminStatus: 'approved', revision: 'reject' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json()).toMatchObject({ code: 'venture.reject_notes_required' });

    const res = await review(id, {
      adminStatus: 'approved',
      revision: 'reject',
      adminNotes: 'A 45 % return is not credible.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await read(owner, id);
    expect(mine).toMatchObject({
      title: 'Reject me',
      expectedReturn: 12,
      adminStatus: 'approved',
      pendingChanges: null,
      revisionStatus: 'rejected',
      adminNotes: 'A 45 % return is not credible.',
    });
    expect(await read(visitor, id)).toMatchObject({ title: 'Reject me', expectedReturn: 12 });
  });

  it('answers 409 revision.none_pending with nothing waiting, 400 with another adminStatus', async () => {
    const id = await approvedVenture('Nothing waits');
    const none = await review(id, { adminStatus: 'approved', revision: 'approve' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'revision.none_pending',
      message: 'This venture has no changes awaiting review.',
    });
    await edit(owner, id, { title: 'Something waits' });
    const other = await review(id, { adminStatus: 'rejected', revision: 'reject', adminNotes: 'x' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'revision.keeps_approved' });
    const away = await review(id, { adminStatus: 'under-review' });
    expect(away.statusCode).toBe(409);
    expect(away.json()).toMatchObject({ code: 'revision.pending' });
    expect(await ventureRow(t, id)).toMatchObject({ adminStatus: 'approved', lifecycleStatus: 'new' });
  });

  it('the KIIS stays that of the approved version until the revision is approved', async () => {
    const id = await approvedVenture('Kiis approved title');
    await edit(owner, id, { title: 'Kiis proposed title' });
    const before = await kiisText(id);
    expect(before).toContain('Kiis approved title');
    expect(before).not.toContain('Kiis proposed title');
    expect((await review(id, { adminStatus: 'approved', revision: 'approve' })).statusCode).toBe(200);
    expect(await kiisText(id)).toContain('Kiis proposed title');
  });
});

describe('a venture with investments', () => {
  it('a title edit also waits for review; money terms stay 409 venture.frozen_terms', async () => {
    const id = await approvedVenture('Funded kiosks');
    await invest(id);
    const title = await edit(owner, id, { title: 'Funded kiosks SCAM' });
    expect(title.statusCode, title.body).toBe(200);
    expect(title.json().data).toMatchObject({
      title: 'Funded kiosks',
      pendingChanges: { title: 'Funded kiosks SCAM' },
    });
    expect(await read(visitor, id)).toMatchObject({ title: 'Funded kiosks' });

    const terms = await edit(owner, id, { expectedReturn: 45 });
    expect(terms.statusCode).toBe(409);
    expect(terms.json()).toMatchObject({ code: 'venture.frozen_terms' });
    expect((await read(owner, id)).pendingChanges).toEqual({ title: 'Funded kiosks SCAM' });
  });

  it('approving re-checks the freeze: money terms proposed before the first investment answer 409', async () => {
    const id = await approvedVenture('Frozen later');
    await edit(owner, id, { expectedReturn: 14, title: 'Frozen later v2' });
    await invest(id);
    const res = await review(id, { adminStatus: 'approved', revision: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'venture.frozen_terms' });
    expect(await ventureRow(t, id)).toMatchObject({ title: 'Frozen later', expectedReturn: '12.00' });
    expect((await read(owner, id)).pendingChanges).toEqual({ expectedReturn: 14, title: 'Frozen later v2' });
  });
});

describe('editing a revision', () => {
  it('a second edit merges with the first; a field set back to its approved value drops out', async () => {
    const id = await approvedVenture('Merge me');
    await edit(owner, id, { title: 'Merge me v2', expectedReturn: 13 });
    const second = await edit(owner, id, { shortDescription: 'New pitch', expectedReturn: 14 });
    expect(second.json().data.pendingChanges).toEqual({
      title: 'Merge me v2',
      expectedReturn: 14,
      shortDescription: 'New pitch',
    });
    const back = await edit(owner, id, { title: 'Merge me' });
    expect(back.json().data.pendingChanges).toEqual({ expectedReturn: 14, shortDescription: 'New pitch' });
  });

  it('is validated on the venture it would become (400), nothing stored', async () => {
    const id = await approvedVenture('Validate me');
    const res = await edit(owner, id, { minInvestmentAmount: 20000 });
    expect(res.statusCode).toBe(400);
    expect((await read(owner, id)).pendingChanges).toBeNull();
  });

  it("an admin's edit and a venture not yet approved change directly", async () => {
    const id = await approvedVenture('Admin edits');
    const byAdmin = await edit(admin, id, { title: 'Admin edits v2' });
    expect(byAdmin.json().data).toMatchObject({ title: 'Admin edits v2', pendingChanges: null });
    const pending = await openVenture(t, {
      title: 'Not approved',
      createdBy: owner.user!.id,
      adminStatus: 'pending',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
    });
    const direct = await edit(owner, pending.id, { title: 'Not approved v2' });
    expect(direct.json().data).toMatchObject({ title: 'Not approved v2', pendingChanges: null });
  });

  it('the admin list filters the ventures with a revision waiting', async () => {
    const waiting = await approvedVenture('Filter waiting');
    const quiet = await approvedVenture('Filter quiet');
    await edit(owner, waiting, { title: 'Filter waiting v2' });
    const res = await admin.inject({
      method: 'GET',
      url: '/api/ventures/admin-get-all?hasRevision=true&limit=100',
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as { _id: string }[]).map((v) => v._id);
    expect(ids).toContain(waiting);
    expect(ids).not.toContain(quiet);
  });
});
