/**
 * GET /api/ventures/admin-get-all: sorted by any of its columns (`sortBy`, `order`), the country
 * filter an ISO code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatus, LifecycleStatus } from '../../src-shared/constants/enums';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
const DAY = 86_400_000;

// title, adminStatus, lifecycleStatus, target (cents), invested (euros), return, closes in days, created days ago
const ROWS: [string, AdminStatus, LifecycleStatus, bigint, number, string, number, number][] = [
  ['charlie', 'approved', 'new', 3_000_000n, 1000, '9.00', 40, 5],
  ['Alpha', 'pending', 'coming-soon', 1_000_000n, 0, '12.00', 20, 3],
  ['bravo', 'rejected', 'coming-soon', 2_000_000n, 0, '7.50', 60, 1],
  ['Delta', 'under-review', 'coming-soon', 4_000_000n, 0, '15.00', 10, 4],
  ['echo', 'approved', 'new', 500_000n, 3000, '11.00', 30, 2],
];

type Listed = { title: string; adminStatus: string; lifecycleStatus: string };

async function list(query: string): Promise<Listed[]> {
  const res = await admin.inject({ method: 'GET', url: `/api/ventures/admin-get-all?limit=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const titles = async (query: string) => (await list(query)).map((v) => v.title);

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  const investor = await verifiedInvestor(t, 1_000_000n);
  const now = Date.now();
  for (const [title, adminStatus, lifecycleStatus, target, invested, ret, closes, age] of ROWS) {
    const venture = await openVenture(t, {
      title,
      adminStatus,
      lifecycleStatus,
      targetAmountCents: target,
      maxInvestmentCents: target,
      expectedReturn: ret,
      closingDate: new Date(now + closes * DAY),
      createdAt: new Date(now - age * DAY),
      country: title === 'Delta' ? 'NG' : 'KE',
    });
    if (invested > 0) {
      const res = await investor.inject({
        method: 'POST',
        url: '/api/investments',
        payload: { ventureId: venture.id, amount: invested },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
});

describe('GET /api/ventures/admin-get-all sorting', () => {
  it('is newest first by default', async () => {
    expect(await titles('')).toEqual(['bravo', 'echo', 'Alpha', 'Delta', 'charlie']);
    expect(await titles('sortBy=createdAt&order=asc')).toEqual([
      'charlie',
      'Delta',
      'Alpha',
      'echo',
      'bravo',
    ]);
  });

  it.each([
    ['title', 'asc', ['Alpha', 'bravo', 'charlie', 'Delta', 'echo']],
    ['title', 'desc', ['echo', 'Delta', 'charlie', 'bravo', 'Alpha']],
    ['targetAmount', 'asc', ['echo', 'Alpha', 'bravo', 'charlie', 'Delta']],
    ['expectedReturn', 'desc', ['Delta', 'Alpha', 'echo', 'charlie', 'bravo']],
    ['closingDate', 'asc', ['Delta', 'Alpha', 'echo', 'charlie', 'bravo']],
  ])('sorts by %s %s', async (sortBy, order, expected) => {
    expect(await titles(`sortBy=${sortBy}&order=${order}`)).toEqual(expected);
  });

  it('sorts by amountFunded (ties in a stable order)', async () => {
    const rows = await titles('sortBy=amountFunded&order=desc');
    expect(rows.slice(0, 2)).toEqual(['echo', 'charlie']);
    expect(rows.slice(2).sort()).toEqual(['Alpha', 'Delta', 'bravo']);
    expect(await titles('sortBy=amountFunded&order=desc')).toEqual(rows);
  });

  it('sorts the statuses in their workflow order', async () => {
    const review = (await list('sortBy=adminStatus&order=asc')).map((v) => v.adminStatus);
    expect(review).toEqual(['pending', 'under-review', 'approved', 'approved', 'rejected']);
    const lifecycle = (await list('sortBy=lifecycleStatus&order=desc')).map((v) => v.lifecycleStatus);
    expect(lifecycle).toEqual(['new', 'new', 'coming-soon', 'coming-soon', 'coming-soon']);
  });

  it('reads an unknown sortBy or order as the default', async () => {
    expect(await titles('sortBy=password&order=sideways')).toEqual(await titles(''));
  });

  it('sorts within the filters and the pages', async () => {
    expect(await titles('sortBy=title&order=asc&lifecycleStatus=coming-soon')).toEqual([
      'Alpha',
      'bravo',
      'Delta',
    ]);
    const res = await admin.inject({
      method: 'GET',
      url: '/api/ventures/admin-get-all?sortBy=title&order=asc&limit=2&page=2',
    });
    expect(res.json().data.map((v: { title: string }) => v.title)).toEqual(['charlie', 'Delta']);
    expect(res.json().pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });
  });
});

describe('GET /api/ventures/admin-get-all country filter', () => {
  it('takes an ISO code (any case) and refuses a name with 400 and its code', async () => {
    expect(await titles('country=ng')).toEqual(['Delta']);
    const res = await admin.inject({ method: 'GET', url: '/api/ventures/admin-get-all?country=Kenya' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'venture.filter_country',
      codes: { country: 'venture.filter_country' },
    });
  });
});
