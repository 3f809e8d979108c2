import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatus, Visibility } from '../../src-shared/constants/enums';
import { ventures } from '../../src-server/db/schema';
import { testContext, type TestContext } from './context';

let t: TestContext;
let ownerId: string;
const ids: Record<string, string> = {};

async function addVenture(name: string, adminStatus: AdminStatus, visibility: Visibility, daysAgo: number) {
  const [row] = await t.database.db
    .insert(ventures)
    .values({
      title: name,
      shortDescription: `${name} short`,
      longDescription: 'long',
      collateralDescription: 'collateral',
      country: 'KE',
      ventureType: 'sme',
      riskLevel: 'low',
      minInvestmentCents: 5000n,
      maxInvestmentCents: 100000n,
      targetAmountCents: 1000000n,
      expectedReturn: '12.50',
      investmentPeriod: 12,
      closingDate: new Date(Date.now() + 30 * 86_400_000),
      collateralValueCents: 1200000n,
      loanToValue: '80',
      adminStatus,
      visibility,
      createdBy: ownerId,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    })
    .returning({ id: ventures.id });
  ids[name] = row!.id;
}

beforeAll(async () => {
  t = await testContext();
  ownerId = (
    await t.createUser({
      role: 'corporate',
      firstName: 'Owner',
      lastName: 'Corp',
      email: 'owner@example.com',
      companyName: 'Owner Corp Ltd',
    })
  ).id;
  for (let i = 0; i < 11; i++) await addVenture(`Public ${i}`, 'approved', 'public', i);
  await addVenture('Private approved', 'approved', 'private', 1);
  await addVenture('Draft', 'approved', 'draft', 1);
  await addVenture('Pending public', 'pending', 'public', 1);
});

describe('GET /api/ventures', () => {
  it('lists only approved public ventures, newest first, 9 a page, money in euros', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ventures' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 9, total: 11, totalPages: 2 });
    expect(body.data.map((v: { title: string }) => v.title)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Public ${i}`),
    );
    expect(body.data[0]).toMatchObject({
      _id: ids['Public 0'],
      minInvestmentAmount: 50,
      maxInvestmentAmount: 1000,
      targetAmount: 10000,
      amountFunded: 0,
      expectedReturn: 12.5,
      loanToValue: 80,
      // A visitor sees the company only (contract privacy rule; tests/server/venture-privacy.test.ts).
      createdBy: { companyName: 'Owner Corp Ltd' },
    });
    expect(body.data[0]).not.toHaveProperty('adminNotes');
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/ventures?page=2' })).json();
    expect(page2.data.map((v: { title: string }) => v.title)).toEqual(['Public 9', 'Public 10']);
  });

  it('clamps out-of-range paging instead of failing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ventures?page=-4&limit=1000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ page: 1, limit: 100, total: 11, totalPages: 1 });
    const zero = await t.app.inject({ method: 'GET', url: '/api/ventures?limit=0&page=abc' });
    expect(zero.json().pagination).toMatchObject({ page: 1, limit: 1 });
  });

  it('serves the home teaser (limit 3, createdAt desc)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ventures?limit=3&sortBy=createdAt&order=desc',
    });
    expect(res.json().data.map((v: { title: string }) => v.title)).toEqual([
      'Public 0',
      'Public 1',
      'Public 2',
    ]);
    const asc = await t.app.inject({
      method: 'GET',
      url: '/api/ventures?limit=1&sortBy=createdAt&order=asc',
    });
    expect(asc.json().data[0].title).toBe('Public 10');
  });
});

describe('GET /api/ventures/id/:id', () => {
  it('shows public and private approved ventures to anyone', async () => {
    for (const name of ['Public 3', 'Private approved']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/ventures/id/${ids[name]}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.title).toBe(name);
    }
  });

  it('hides drafts and unapproved ventures with 404, except from their owner and admins', async () => {
    const other = await t.injectAs('corporate');
    const admin = await t.injectAs('admin');
    const owner = await t.injectAs('corporate');
    for (const name of ['Draft', 'Pending public']) {
      const url = `/api/ventures/id/${ids[name]}`;
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(404);
      expect(visitor.json()).toEqual({ message: 'Venture not found.', code: 'venture.not_found' });
      expect((await other.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await owner.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await admin.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    const realOwner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.com', password: 'correct-horse-42' },
    });
    const cookie = String(realOwner.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ventures/id/${ids['Draft']}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ventures/id/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: "/api/ventures/id/1'%20OR%201=1" })).statusCode).toBe(
      404,
    );
  });
});
