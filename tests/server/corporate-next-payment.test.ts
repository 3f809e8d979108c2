/**
 * GET /api/dashboard/corporate `nextPayment` (issue 24, loan servicing): the earliest unpaid
 * instalment across the company's running loans, with what it still owes; null before any loan
 * runs; never another company's loan; a repaid or written-off loan no longer counts; a partly paid
 * instalment (through POST /api/ventures/my-ventures/{id}/repay) shows what is left of it.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanInstallments, loans } from '../../src-server/db/schema';
import { addMonthsClamped } from '../../src-shared/rules/schedule';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let company: SignedIn;
let other: SignedIn;
let today: string;

async function nextPayment(who: SignedIn) {
  const res = await who.inject({ method: 'GET', url: '/api/dashboard/corporate' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.nextPayment;
}

/**
 * A venture of `owner` at 12 % a year, funded by one investment of the whole target (its loan starts
 * then, today); principal in cents.
 */
async function runningLoan(owner: SignedIn, title: string, principal: bigint, months: number) {
  const venture = await openVenture(t, {
    title,
    createdBy: owner.user!.id,
    targetAmountCents: principal,
    maxInvestmentCents: principal,
    investmentPeriod: months,
  });
  const investor = await verifiedInvestor(t, principal, undefined, 'sophisticated');
  const res = await investor.inject({
    method: 'POST',
    url: '/api/investments',
    payload: { ventureId: venture.id, amount: Number(principal) / 100 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [loan] = await t.database.db.select().from(loans).where(eq(loans.ventureId, venture.id));
  expect(loan?.disbursedOn).toBe(today);
  return venture.id;
}

async function repay(who: SignedIn, ventureId: string, amount: number) {
  const res = await who.inject({
    method: 'POST',
    url: `/api/ventures/my-ventures/${ventureId}/repay`,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await testContext();
  company = await t.injectAs('corporate', { firstName: 'Chidi' });
  other = await t.injectAs('corporate', { firstName: 'Wanjiru' });
  today = t.ctx.clock.today();
});

describe('GET /api/dashboard/corporate nextPayment', () => {
  it('is null while the company has no running loan', async () => {
    await openVenture(t, { createdBy: company.user!.id, title: 'Still raising' });
    expect(await nextPayment(company)).toBeNull();
  });

  it("is the earliest unpaid instalment of the company's loans, never another company's", async () => {
    // Bullet loans at 12 %: each month's instalment is the interest, 1 % of the principal.
    const long = await runningLoan(company, 'Solar kiosks', 1_000_000n, 12);
    // The other company's loan is due on the same dates: it must not show up.
    await runningLoan(other, 'Nairobi leasing', 500_000n, 6);
    expect(await nextPayment(company)).toEqual({
      ventureId: long,
      title: 'Solar kiosks',
      dueDate: addMonthsClamped(today, 1),
      amount: 100,
    });
    expect((await nextPayment(other)).title).toBe('Nairobi leasing');

    // A partly paid first instalment shows what is left of it (paid from the disbursed balance).
    await repay(company, long, 40);
    expect((await nextPayment(company)).amount).toBe(60);

    // Paid in full: the next one is instalment 2, a month later.
    await repay(company, long, 60);
    expect(await nextPayment(company)).toEqual({
      ventureId: long,
      title: 'Solar kiosks',
      dueDate: addMonthsClamped(today, 2),
      amount: 100,
    });
  });

  it('takes the earlier due date across loans, with late interest, and skips loans no longer running', async () => {
    // A second loan whose first instalment (a month from today) comes before the first loan's second.
    const second = await runningLoan(company, 'Cold storage', 300_000n, 3);
    await t.database.db
      .update(loanInstallments)
      .set({ lateInterestCents: 125n })
      .where(and(eq(loanInstallments.ventureId, second), eq(loanInstallments.number, 1)));
    expect(await nextPayment(company)).toEqual({
      ventureId: second,
      title: 'Cold storage',
      dueDate: addMonthsClamped(today, 1),
      amount: 31.25,
    });

    // Written off: the company's other loan is next again.
    await t.database.db.update(loans).set({ status: 'written_off' }).where(eq(loans.ventureId, second));
    expect((await nextPayment(company)).title).toBe('Solar kiosks');
    await t.database.db.update(loans).set({ status: 'repaid' }).where(eq(loans.status, 'current'));
    expect(await nextPayment(company)).toBeNull();
    expect(await nextPayment(other)).toBeNull();
  });
});
