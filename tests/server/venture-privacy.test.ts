/**
 * The contract's privacy rule for venture answers ("Ventures", last rule): the venture's owner and
 * admins get every field; a visitor, an investor or another corporate gets the public fields only,
 * without `adminNotes` or `adminReviewedAt`, and `createdBy` reduced to `{ companyName }`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let owner: SignedIn;
let viewers: Record<'visitor' | 'investor' | 'other corporate' | 'owner' | 'admin' | 'superadmin', SignedIn>;
let publicId: string;
let privateId: string;
let draftId: string;
let othersId: string;

const NOTES = 'Internal: the collateral valuation was checked by phone.';
const OWNER_EMAIL = 'amina.director@sunfield.example';

/** The fields anyone may see, and no more (the loan's terms, repaymentType, repaymentFrequency and
 * gracePeriods, are public like the rate and the period). */
const PUBLIC_KEYS = [
  '_id',
  'adminStatus',
  'amountFunded',
  'closingDate',
  'collateralDescription',
  'collateralValue',
  'country',
  'createdAt',
  'createdBy',
  'dateIssued',
  'expectedReturn',
  'goesLiveAt',
  'gracePeriods',
  'images',
  'investmentPeriod',
  'investorCount',
  'isConvertible',
  'lifecycleStatus',
  'loanToValue',
  'longDescription',
  'maxInvestmentAmount',
  'minInvestmentAmount',
  'repaymentFrequency',
  'repaymentType',
  'riskLevel',
  'shortDescription',
  'tags',
  'targetAmount',
  'title',
  'updatedAt',
  'ventureType',
  'visibility',
];
const FULL_KEYS = [
  ...PUBLIC_KEYS,
  'adminNotes',
  'adminReviewedAt',
  'cancelledAt',
  'cancelReason',
  // The reflection period's open amount and end (EU 2020/1503 Art. 22): owners and admins only.
  'revocableAmount',
  'revocableUntil',
  // The loan's status once it started (the corporate status, decision 0201): owners and admins only.
  'loanStatus',
  // A waiting revision of an approved venture (decision 0127): owners and admins only.
  'pendingChanges',
  'pendingChangesAt',
  'revisionStatus',
].sort();

type Row = Record<string, unknown> & { _id: string; createdBy: Record<string, unknown> };

function expectPublic(row: Row) {
  expect(Object.keys(row).sort()).toEqual(PUBLIC_KEYS);
  expect(row.createdBy).toEqual({ companyName: 'Sunfield Energy Ltd' });
  const text = JSON.stringify(row);
  expect(text).not.toContain(OWNER_EMAIL);
  expect(text).not.toContain('Amina');
  expect(text).not.toContain(NOTES);
}

function expectFull(row: Row) {
  expect(Object.keys(row).sort()).toEqual(FULL_KEYS);
  expect(row.adminNotes).toBe(NOTES);
  expect(row.adminReviewedAt).toEqual(expect.any(String));
  expect(row.createdBy).toEqual({
    companyName: 'Sunfield Energy Ltd',
    firstName: 'Amina',
    lastName: 'Director',
    email: OWNER_EMAIL,
  });
}

const detail = (who: SignedIn, id: string) => who.inject({ method: 'GET', url: `/api/ventures/id/${id}` });
const listRow = async (who: SignedIn, id: string): Promise<Row> => {
  const res = await who.inject({ method: 'GET', url: '/api/ventures?limit=100' });
  expect(res.statusCode).toBe(200);
  const row = (res.json().data as Row[]).find((r) => r._id === id);
  expect(row).toBeDefined();
  return row!;
};

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate', {
    firstName: 'Amina',
    lastName: 'Director',
    email: OWNER_EMAIL,
    companyName: 'Sunfield Energy Ltd',
  });
  viewers = {
    visitor: await t.injectAs('visitor'),
    investor: await t.injectAs('user', { kycStatus: 'complete' }),
    'other corporate': await t.injectAs('corporate', { companyName: 'Other Co' }),
    owner,
    admin: await t.injectAs('admin'),
    superadmin: await t.injectAs('superadmin'),
  };
  const reviewed = { adminNotes: NOTES, adminReviewedAt: new Date(), createdBy: owner.user!.id };
  publicId = (await openVenture(t, { title: 'Sunfield public', ...reviewed })).id;
  privateId = (await openVenture(t, { title: 'Sunfield private', visibility: 'private', ...reviewed })).id;
  draftId = (
    await openVenture(t, {
      title: 'Sunfield draft',
      visibility: 'draft',
      adminStatus: 'pending',
      lifecycleStatus: 'coming-soon',
      goesLiveAt: null,
      ...reviewed,
    })
  ).id;
  const other = viewers['other corporate'].user!.id;
  othersId = (await openVenture(t, { title: 'Other public', adminNotes: 'Other notes.', createdBy: other }))
    .id;
});

describe('GET /api/ventures/id/{id}', () => {
  it.each(['visitor', 'investor', 'other corporate'] as const)(
    'answers a %s the public fields only (public and private ventures)',
    async (who) => {
      for (const id of [publicId, privateId]) {
        const res = await detail(viewers[who], id);
        expect(res.statusCode).toBe(200);
        expectPublic(res.json().data);
      }
      expect((await detail(viewers[who], draftId)).statusCode).toBe(404);
    },
  );

  it.each(['owner', 'admin', 'superadmin'] as const)('answers the %s every field', async (who) => {
    for (const id of [publicId, privateId, draftId]) {
      const res = await detail(viewers[who], id);
      expect(res.statusCode).toBe(200);
      expectFull(res.json().data);
    }
  });
});

describe('GET /api/ventures (public list)', () => {
  it.each(['visitor', 'investor', 'other corporate'] as const)(
    'shows a %s only the public fields of a venture it does not own',
    async (who) => {
      expectPublic(await listRow(viewers[who], publicId));
    },
  );

  it.each(['owner', 'admin', 'superadmin'] as const)(
    'shows the %s every field of the venture',
    async (who) => {
      expectFull(await listRow(viewers[who], publicId));
    },
  );

  it('decides per row: the owner sees another company’s venture in the same list as anyone does', async () => {
    const row = await listRow(owner, othersId);
    expect(Object.keys(row).sort()).toEqual(PUBLIC_KEYS);
    expect(row.createdBy).toEqual({ companyName: 'Other Co' });
    expect(JSON.stringify(row)).not.toContain('Other notes.');
    const mine = await listRow(viewers['other corporate'], othersId);
    expect(mine.adminNotes).toBe('Other notes.');
  });
});

describe('answers only owners and admins receive', () => {
  it('my-ventures and admin-get-all carry every field', async () => {
    const mine = await owner.inject({ method: 'GET', url: '/api/ventures/my-ventures' });
    expect(mine.statusCode).toBe(200);
    for (const row of mine.json().data as Row[]) expectFull(row);
    const all = await viewers.admin.inject({ method: 'GET', url: '/api/ventures/admin-get-all?limit=100' });
    const row = (all.json().data as Row[]).find((r) => r._id === publicId)!;
    expectFull(row);
  });

  it("an investor's investments name the venture by id and title only", async () => {
    const investor = await verifiedInvestor(t, 100_000n);
    const invested = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: publicId, amount: 100 },
    });
    expect(invested.statusCode).toBe(201);
    expect(invested.json().data.venture).toEqual({ _id: publicId, title: 'Sunfield public' });
    const mine = await investor.inject({ method: 'GET', url: '/api/investments/my-investments' });
    expect(mine.json().data.map((i: { venture: unknown }) => i.venture)).toEqual([
      { _id: publicId, title: 'Sunfield public' },
    ]);
  });
});
