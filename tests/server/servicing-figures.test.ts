/**
 * The figures loan servicing fills (issue 24; contract "Dashboards", "Statistics", "Loan
 * servicing"), on real loans: two ventures of the `high` risk level funded through the API, the
 * business date moved by a superadmin (the close of business runs for each day passed). Loan A is
 * never paid: late on day 1, in default on day 91 past due, then a recovery and a write-off. Loan
 * B's company pays 14 months ahead, so B stays current. Thirteen months after disbursement both
 * loans were running and not in default at the window's start; A defaulted inside the window:
 * the 1-year default rate of Delegated Regulation (EU) 2022/2115 is 1 / 2.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOAN_STATUSES } from '../../src-shared/constants/enums';
import { addDays, addMonthsClamped } from '../../src-shared/rules/schedule';
import { investments, loanInstallments } from '../../src-server/db/schema';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let superadmin: SignedIn;
let company: SignedIn;
let amina: SignedIn;
let kofi: SignedIn;
let ventureA: string;
let ventureB: string;
let start: string;

async function call(who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await who.inject({ method, url, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const moveTo = (date: string) => call(superadmin, 'PUT', '/api/admin/business-date', { date });
const dashboard = async (who: SignedIn) => (await call(who, 'GET', '/api/dashboard/investor')).data;
const overview = async () => (await call(admin, 'GET', '/api/admin/overview')).data;
const high = async () =>
  (await call(admin, 'GET', '/api/statistics')).data.byRisk.find(
    (r: { riskLevel: string }) => r.riskLevel === 'high',
  );
const loanStatus = async (id: string) =>
  (await call(admin, 'GET', `/api/ventures/${id}/schedule`)).data.loanStatus as string;

/** What the investor's servicing columns add up to, in euros. */
async function received(who: SignedIn) {
  const [row] = await t.database.db
    .select({
      late: sql<string>`sum(${investments.receivedLateInterestCents})`,
      interest: sql<string>`sum(${investments.receivedInterestCents})`,
      fees: sql<string>`sum(${investments.serviceFeesCents})`,
      principal: sql<string>`sum(${investments.receivedPrincipalCents})`,
    })
    .from(investments)
    .where(eq(investments.userId, who.user!.id));
  const euros = (v: string | undefined) => Number(v ?? 0) / 100;
  return {
    late: euros(row?.late),
    interest: euros(row?.interest),
    fees: euros(row?.fees),
    principal: euros(row?.principal),
  };
}

async function fundedVenture(
  title: string,
  stakes: [SignedIn, number][],
  terms: Partial<Parameters<typeof openVenture>[1]> = {},
) {
  const venture = await openVenture(t, {
    title,
    riskLevel: 'high',
    targetAmountCents: 100_000n,
    maxInvestmentCents: 100_000n,
    investmentPeriod: 24,
    createdBy: company.user!.id,
    ...terms,
  });
  for (const [who, amount] of stakes)
    await call(who, 'POST', '/api/investments', { ventureId: venture.id, amount });
  return venture.id;
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  superadmin = await t.injectAs('superadmin');
  company = await t.injectAs('corporate', { kycStatus: 'complete' });
  amina = await verifiedInvestor(t, 200_000n, undefined, 'sophisticated');
  kofi = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
  start = t.ctx.clock.today();
  // A: equal principal (late interest accrues on each unpaid instalment's principal).
  ventureA = await fundedVenture(
    'Loan A',
    [
      [amina, 600],
      [kofi, 400],
    ],
    { repaymentType: 'equal_principal' },
  );
  ventureB = await fundedVenture('Loan B', [[amina, 1000]]);
  // B (bullet, 12 % on 1,000: 10 a month) is paid 14 months ahead from the company's balance.
  await call(company, 'POST', `/api/ventures/my-ventures/${ventureB}/repay`, { amount: 140 });
}, 60_000);

describe('figures of serviced loans', () => {
  it('start with running loans: invested, nothing overdue, no default', async () => {
    const figures = await dashboard(amina);
    expect(figures.portfolio).toMatchObject({ invested: 1600, inRecovery: 0, pending: 0 });
    // B's 140 of interest paid ahead, less the 1 % service fee.
    expect(figures.returns).toEqual({ profit: 138.6, lateFees: 0, badDebt: 0, serviceFees: -1.4 });
    expect(figures.profitEarned).toBe(138.6);
    const o = await overview();
    expect(o.overdue).toBe(0);
    expect(o.loansByStatus).toEqual(
      LOAN_STATUSES.map((loanStatus) => ({
        loanStatus,
        loans: loanStatus === 'current' ? 2 : 0,
        outstandingPrincipal: loanStatus === 'current' ? 2000 : 0,
      })),
    );
    expect(await high()).toMatchObject({ defaulted: 0, defaultEvents: 0, loansAtStart: 0, defaultRate: 0 });
  });

  it('count what is past due once the first instalment is late', async () => {
    const due = addMonthsClamped(start, 1);
    await moveTo(addDays(due, 1));
    expect(await loanStatus(ventureA)).toBe('late_1_15');
    const [first] = await t.database.db
      .select()
      .from(loanInstallments)
      .where(and(eq(loanInstallments.ventureId, ventureA), eq(loanInstallments.number, 1)));
    // Principal and interest of instalment 1, plus one day of late interest on its principal.
    const expected = Number(first!.principalCents + first!.interestCents + first!.lateInterestCents) / 100;
    expect(first!.lateInterestCents).toBeGreaterThan(0n);
    expect((await overview()).overdue).toBe(expected);
    expect((await dashboard(amina)).portfolio.inRecovery).toBe(0);
  });

  it('put a loan in default on day 91 past due: in recovery on the dashboard, counted in the statistics', async () => {
    const due = addMonthsClamped(start, 1);
    await moveTo(addDays(due, 90));
    expect(await loanStatus(ventureA)).toBe('late_61_90');
    expect((await high()).defaulted).toBe(0);
    await moveTo(addDays(due, 91));
    expect(await loanStatus(ventureA)).toBe('default');
    const figures = await dashboard(amina);
    expect(figures.portfolio).toMatchObject({ invested: 1000, inRecovery: 600 });
    expect((await dashboard(kofi)).portfolio).toMatchObject({ invested: 0, inRecovery: 400 });
    const o = await overview();
    expect(o.loansByStatus.find((r: { loanStatus: string }) => r.loanStatus === 'default')).toEqual({
      loanStatus: 'default',
      loans: 1,
      outstandingPrincipal: 1000,
    });
    expect(o.overdue).toBeGreaterThan(4 * (1000 / 24));
    // Defaulted, but both loans were disbursed inside the 12-month window: no rate yet.
    expect(await high()).toMatchObject({ defaulted: 1, defaultEvents: 0, loansAtStart: 0, defaultRate: 0 });
  });

  it('show late interest received, fees paid and bad debt after a recovery and the write-off', async () => {
    await call(admin, 'POST', `/api/ventures/admin/${ventureA}/recoveries`, {
      amount: 300,
      costs: 0,
      note: 'Collateral sold',
    });
    const got = await received(amina);
    expect(got.late).toBeGreaterThan(0);
    const afterRecovery = await dashboard(amina);
    expect(afterRecovery.returns.lateFees).toBeCloseTo(got.late, 2);
    expect(afterRecovery.returns.serviceFees).toBeCloseTo(-got.fees, 2);
    expect(afterRecovery.returns.serviceFees).toBeLessThan(0);
    expect(afterRecovery.returns.profit).toBeCloseTo(got.interest + got.late - got.fees, 2);
    expect(afterRecovery.profitEarned).toBe(afterRecovery.returns.profit);
    expect(afterRecovery.portfolio.inRecovery).toBeCloseTo(600 - got.principal, 2);

    await call(admin, 'POST', `/api/ventures/admin/${ventureA}/write-off`, {
      reason: 'Nothing more to recover',
    });
    const after = await dashboard(amina);
    expect(after.portfolio).toMatchObject({ invested: 1000, inRecovery: 0 });
    expect(after.returns.badDebt).toBeCloseTo(-(600 - got.principal), 2);
    // Kofi held only loan A: his principal lost outweighs what came back, a negative return.
    const kofiFigures = await dashboard(kofi);
    expect(kofiFigures.returns.badDebt).toBeLessThan(-300);
    expect(kofiFigures.netAnnualReturn).toBeLessThan(-0.3);
    expect(
      (await overview()).loansByStatus.find((r: { loanStatus: string }) => r.loanStatus === 'written_off'),
    ).toEqual({
      loanStatus: 'written_off',
      loans: 1,
      outstandingPrincipal: 0,
    });
  });

  it('give the 1-year default rate 13 months on: 1 default among the 2 loans running at the start', async () => {
    await moveTo(addMonthsClamped(start, 13));
    expect(await loanStatus(ventureB)).toBe('current');
    expect(await high()).toMatchObject({ defaulted: 1, defaultEvents: 1, loansAtStart: 2, defaultRate: 0.5 });
    // Amina's return: loan B pays, loan A lost most of her 600: negative over the whole portfolio.
    expect((await dashboard(amina)).netAnnualReturn).toBeLessThan(0);
  });
});
