/**
 * `loanStatus` on a venture's full record (issue 30, item 8; decision 0201): null until its loan
 * starts, then the loan's status, in the company's own list (GET /api/ventures/my-ventures), its
 * venture (GET /api/ventures/my-ventures/{id}) and the admins' list; never in the public record
 * (venture-privacy.test.ts). The corporate area derives its one status from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('loanStatus', () => {
  it('is null while the venture raises, and the loan status once its loan started', async () => {
    const company = await t.injectAs('corporate', { companyName: 'Status Ltd' });
    const raising = await openVenture(t, { title: 'Raising', createdBy: company.user!.id });
    const funded = await openVenture(t, {
      title: 'Funded',
      createdBy: company.user!.id,
      targetAmountCents: 100_000n,
      maxInvestmentCents: 100_000n,
    });
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    const res = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: funded.id, amount: 1_000 },
    });
    expect(res.statusCode, res.body).toBe(201);

    const mine = await company.inject({ method: 'GET', url: '/api/ventures/my-ventures' });
    expect(mine.statusCode, mine.body).toBe(200);
    const byTitle = Object.fromEntries(
      mine
        .json()
        .data.map((v: { title: string; loanStatus: string | null; lifecycleStatus: string }) => [
          v.title,
          [v.lifecycleStatus, v.loanStatus],
        ]),
    );
    expect(byTitle).toEqual({ Raising: ['new', null], Funded: ['funded', 'current'] });

    const one = await company.inject({ method: 'GET', url: `/api/ventures/my-ventures/${funded.id}` });
    expect(one.json().data.loanStatus).toBe('current');
    const listed = await admin.inject({ method: 'GET', url: `/api/ventures/admin-get-all?limit=100` });
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().data.find((v: { _id: string }) => v._id === raising.id);
    expect(row.loanStatus).toBeNull();
  });
});
