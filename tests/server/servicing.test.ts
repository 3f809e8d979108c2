import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitProRata } from '../../src-shared/rules/repayment';
import { addDays, daysBetween } from '../../src-shared/rules/schedule';
import { cobRuns, investments, loanEvents, loanInstallments, loans } from '../../src-server/db/schema';
import { createBusinessClock } from '../../src-server/lib/business-clock';
import { closeBusinessDay } from '../../src-server/modules/servicing/cob';
import { moveBusinessDate } from '../../src-server/modules/servicing/business-date';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, deposit, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

/**
 * Loan servicing through the API (API contract, "Business date", "Loan servicing"): a funded
 * venture's loan starts (escrow to the company, the schedule, expected returns), the company pays
 * (allocation, pro-rata credits less the 1 % service fee, refusals, replays, the last payment), the
 * close of business (idempotent, catch-up, ageing, default, late interest, e-mails), an admin's
 * default, recovery and write-off, and the reads (servicing list, loan page, schedule, investment).
 * The business date only moves forward, so each test starts its loans on the date it finds.
 */
let t: TestContext;
let admin: SignedIn;
let superadmin: SignedIn;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  superadmin = await t.injectAs('superadmin');
});

const cents = (euros: number) => BigInt(Math.round(euros * 100));
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

interface Loan {
  id: string;
  company: SignedIn;
  investors: SignedIn[];
  investmentIds: string[];
}

/** A venture of a new company, funded by new investors (euros each, in order): its loan starts (the
 * investors are sophisticated: no reflection period to wait for, see reflection.test.ts). */
async function fundedLoan(
  amounts: number[],
  terms: Parameters<typeof openVenture>[1] = {},
  title = 'Solar kiosks in Kisumu',
): Promise<Loan> {
  const company = await t.injectAs('corporate', { companyName: `${title} Ltd` });
  const total = cents(amounts.reduce((a, b) => a + b, 0));
  const venture = await openVenture(t, {
    title,
    createdBy: company.user!.id,
    targetAmountCents: total,
    maxInvestmentCents: total,
    minInvestmentCents: 3_000n,
    ...terms,
  });
  const investors: SignedIn[] = [];
  const investmentIds: string[] = [];
  for (const amount of amounts) {
    const investor = await verifiedInvestor(t, cents(amount), undefined, 'sophisticated');
    t.clock.offsetMs += 1_000; // distinct investment dates: the investing order is the weighting order
    const res = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: venture.id, amount },
    });
    expect(res.statusCode, res.body).toBe(201);
    investors.push(investor);
    investmentIds.push(res.json().data._id);
  }
  return { id: venture.id, company, investors, investmentIds };
}

const today = () => t.ctx.clock.today();

async function moveTo(date: string) {
  const res = await superadmin.inject({ method: 'PUT', url: '/api/admin/business-date', payload: { date } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ date, controlled: true });
}

async function schedule(who: SignedIn, id: string) {
  return who.inject({ method: 'GET', url: `/api/ventures/${id}/schedule` });
}

const repay = (loan: Loan, amount: number, headers: Record<string, string> = {}) =>
  loan.company.inject({
    method: 'POST',
    url: `/api/ventures/my-ventures/${loan.id}/repay`,
    payload: { amount },
    headers,
  });

const adminPost = (id: string, action: string, payload: object) =>
  admin.inject({ method: 'POST', url: `/api/ventures/admin/${id}/${action}`, payload });

async function loanRow(id: string) {
  const [row] = await t.database.db.select().from(loans).where(eq(loans.ventureId, id));
  return row!;
}

async function installmentsOf(id: string) {
  return t.database.db
    .select()
    .from(loanInstallments)
    .where(eq(loanInstallments.ventureId, id))
    .orderBy(loanInstallments.number);
}

/** What is still owed on a loan, from its schedule. */
async function owed(who: SignedIn, id: string): Promise<number> {
  return (await schedule(who, id)).json().data.owed;
}

describe('the start of a loan', () => {
  it("pays the escrow to the company's balance and fixes the schedule from the venture's terms", async () => {
    const start = today();
    const loan = await fundedLoan([3_000, 4_000, 5_000], { repaymentType: 'annuity' });
    expect(await balanceOf(t, loan.company.user!.id)).toBe(1_200_000n);
    const res = await schedule(loan.company, loan.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      loanStatus: 'current',
      daysLate: 0,
      disbursedAt: start,
      repaymentType: 'annuity',
      principal: 12_000,
      outstandingPrincipal: 12_000,
      overdue: 0,
      nextDue: { number: 1, amount: 1_066.19 },
    });
    // Annuity: 12,000 at 12 % over 12 months is 1,066.19 a month; interest 1 % of what is left.
    expect(data.installments).toHaveLength(12);
    expect(data.installments[0]).toMatchObject({
      number: 1,
      principal: 946.19,
      interest: 120,
      status: 'scheduled',
    });
    for (const row of data.installments.slice(0, 11))
      expect(Math.round((row.principal + row.interest) * 100)).toBe(106_619);
    expect(sum(data.installments.map((r: { principal: number }) => cents(r.principal)))).toBe(1_200_000n);
    // Each investment expects its pro-rata share (3:4:5) of the schedule's interest.
    const interest = sum(data.installments.map((r: { interest: number }) => cents(r.interest)));
    const shares = splitProRata(interest, [300_000n, 400_000n, 500_000n]);
    for (const [k, investor] of loan.investors.entries()) {
      const own = await investor.inject({ method: 'GET', url: `/api/investments/${loan.investmentIds[k]}` });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({
        status: 'completed',
        loanStatus: 'current',
        totalExpectedReturn: Number(shares[k]) / 100,
        outstandingPrincipal: [3_000, 4_000, 5_000][k],
        receivedPrincipal: 0,
        nextPaymentDate: data.installments[0].dueDate,
      });
    }
    // Somebody else's investment is not found.
    const theirs = await loan.investors[0]!.inject({
      method: 'GET',
      url: `/api/investments/${loan.investmentIds[1]}`,
    });
    expect(theirs.statusCode).toBe(404);
    // The schedule: its owner, admins and its investors; nobody else.
    expect((await schedule(admin, loan.id)).statusCode).toBe(200);
    expect((await schedule(loan.investors[2]!, loan.id)).statusCode).toBe(200);
    expect(
      (await schedule(await verifiedInvestor(t, 0n, undefined, 'sophisticated'), loan.id)).statusCode,
    ).toBe(404);
    expect((await schedule(await t.injectAs('corporate'), loan.id)).statusCode).toBe(404);
  });
});

describe("the company's payments", () => {
  it('allocates interest before principal, credits the investors pro rata less the 1 % fee', async () => {
    const loan = await fundedLoan([3_000, 4_000, 5_000], { repaymentType: 'annuity' });
    const before = await Promise.all(loan.investors.map((i) => balanceOf(t, i.user!.id)));
    const res = await repay(loan, 1_066.19);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Payment received.',
      data: {
        allocated: { lateInterest: 0, interest: 120, principal: 946.19 },
        serviceFee: 1.2, // 1 % of 30 + 40 + 50
        credited: 1_064.99,
        investors: 3,
        loanStatus: 'current',
      },
    });
    const principal = splitProRata(94_619n, [3n, 4n, 5n]);
    const interest = splitProRata(12_000n, [3n, 4n, 5n]);
    for (const [k, investor] of loan.investors.entries()) {
      const fee = interest[k]! / 100n;
      expect(await balanceOf(t, investor.user!.id)).toBe(before[k]! + principal[k]! + interest[k]! - fee);
    }
    expect(await balanceOf(t, loan.company.user!.id)).toBe(1_200_000n - 106_619n);
    // The investor's view: what the investment received, its fees, its share of each instalment.
    const detail = await loan.investors[2]!.inject({
      method: 'GET',
      url: `/api/investments/${loan.investmentIds[2]}`,
    });
    expect(detail.statusCode).toBe(200);
    const mine = detail.json().data;
    expect(mine).toMatchObject({
      receivedPrincipal: Number(principal[2]) / 100,
      receivedInterest: Number(interest[2]) / 100,
      receivedLateInterest: 0,
      serviceFees: Number(interest[2]! / 100n) / 100,
      outstandingPrincipal: (500_000 - Number(principal[2])) / 100,
    });
    // 5/12 of instalment 1 (946.19 + 120.00), paid; the history has the payment's credit.
    expect(mine.installments[0]).toMatchObject({ principal: 394.25, interest: 50, status: 'paid' });
    expect(mine.history.find((h: { kind: string }) => h.kind === 'payment')).toMatchObject({
      credited: (Number(principal[2]! + interest[2]!) - Number(interest[2]! / 100n)) / 100,
    });
    const first = (await installmentsOf(loan.id))[0]!;
    expect(first).toMatchObject({ status: 'paid', paidPrincipalCents: 94_619n, paidInterestCents: 12_000n });
  });

  it('refuses more than the balance (400) or more than is owed (400), and moves nothing', async () => {
    const loan = await fundedLoan([1_000]);
    // Owed: 1,000 + 12 % for a year = 1,120; the balance is the 1,000 paid out.
    const broke = await repay(loan, 1_000.01);
    expect(broke.statusCode).toBe(400);
    expect(broke.json()).toMatchObject({ message: 'Insufficient balance.' });
    await deposit(t, loan.company.user!.id, 50_000n);
    const over = await repay(loan, 1_120.01);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'servicing.overpayment', params: { amount: 1_120 } });
    expect(await balanceOf(t, loan.company.user!.id)).toBe(150_000n);
    expect(await balanceOf(t, loan.investors[0]!.user!.id)).toBe(0n);
    expect((await loanRow(loan.id)).outstandingPrincipalCents).toBe(100_000n);
  });

  it('replays a repeated Idempotency-Key; the last payment makes the loan, venture and investments repaid', async () => {
    const loan = await fundedLoan([600, 400]);
    await deposit(t, loan.company.user!.id, 12_000n);
    const headers = { 'idempotency-key': 'repay-once' };
    const one = await repay(loan, 10, headers);
    const two = await repay(loan, 10, headers);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.json()).toEqual(one.json());
    expect(await balanceOf(t, loan.company.user!.id)).toBe(112_000n - 1_000n);
    const rest = await owed(loan.company, loan.id);
    expect(rest).toBe(1_110);
    const last = await repay(loan, rest);
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().data.loanStatus).toBe('repaid');
    expect((await ventureRow(t, loan.id)).lifecycleStatus).toBe('repaid');
    const rows = await t.database.db.select().from(investments).where(eq(investments.ventureId, loan.id));
    expect(rows.map((r) => r.status)).toEqual(['repaid', 'repaid']);
    expect(rows.map((r) => r.receivedPrincipalCents).sort()).toEqual([40_000n, 60_000n]);
    const closed = await repay(loan, 1);
    expect(closed.statusCode).toBe(409);
    expect((await schedule(loan.investors[0]!, loan.id)).json().data).toMatchObject({
      loanStatus: 'repaid',
      outstandingPrincipal: 0,
      owed: 0,
      nextDue: null,
    });
  });
});

describe('the close of business', () => {
  it('ages a late loan through every bucket to default, with late interest, e-mails and a default event', async () => {
    const loan = await fundedLoan([4_000, 8_000], { repaymentType: 'equal_principal' }, 'Late loan');
    const due = (await installmentsOf(loan.id))[0]!.dueDate;
    const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to).length;
    const companyMail = loan.company.user!.email;

    // Five days before the due date: the company is reminded.
    await moveTo(addDays(due, -5));
    expect(await mailsTo(companyMail)).toBe(1);
    await moveTo(due);
    expect((await loanRow(loan.id)).status).toBe('current');

    // Unpaid at the close of its due date: late, 1 day, and a day of late interest on its unpaid
    // principal (1,000.00 x 12 % / 365 = 0.328.. -> 0.33); the company is told on day 1.
    await moveTo(addDays(due, 1));
    let row = await loanRow(loan.id);
    expect({ status: row.status, daysLate: row.daysLate }).toEqual({ status: 'late_1_15', daysLate: 1 });
    expect((await installmentsOf(loan.id))[0]).toMatchObject({ status: 'late', lateInterestCents: 33n });
    expect(await mailsTo(companyMail)).toBe(2);

    // Running a closed day again changes nothing.
    const closedDay = addDays(due, 0);
    expect(await closeBusinessDay(t.ctx, closedDay)).toBeNull();
    expect((await installmentsOf(loan.id))[0]!.lateInterestCents).toBe(33n);

    // A gap: every day is closed, in order; 16 days of late interest.
    await moveTo(addDays(due, 16));
    const runs = await t.database.db.select({ day: cobRuns.businessDate }).from(cobRuns);
    const days = new Set(runs.map((r) => r.day));
    for (let d = 0; d < 16; d += 1) expect(days.has(addDays(due, d))).toBe(true);
    row = await loanRow(loan.id);
    expect({ status: row.status, daysLate: row.daysLate }).toEqual({ status: 'late_16_30', daysLate: 16 });
    expect((await installmentsOf(loan.id))[0]!.lateInterestCents).toBe(16n * 33n);
    // Day 15 late: the company's third e-mail (instalment 2 is due in about a month: none for it yet).
    expect((await t.outbox()).filter((m) => m.to === companyMail).map((m) => m.subject)).toHaveLength(3);

    for (const [days, status] of [
      [31, 'late_31_60'],
      [61, 'late_61_90'],
      [90, 'late_61_90'],
    ] as const) {
      await moveTo(addDays(due, days));
      row = await loanRow(loan.id);
      expect({ status: row.status, daysLate: row.daysLate }).toEqual({ status, daysLate: days });
    }
    const investorMails = async () => Promise.all(loan.investors.map((i) => mailsTo(i.user!.email)));
    expect(await investorMails()).toEqual([0, 0]);

    // Over 90 days: default, a dated default event, and each investor told.
    await moveTo(addDays(due, 91));
    row = await loanRow(loan.id);
    expect({ status: row.status, defaultedOn: row.defaultedOn }).toEqual({
      status: 'default',
      defaultedOn: addDays(due, 91),
    });
    const events = await t.database.db.select().from(loanEvents).where(eq(loanEvents.ventureId, loan.id));
    expect(events.filter((e) => e.kind === 'default').map((e) => e.businessDate)).toEqual([addDays(due, 91)]);
    console.log(
      (await t.outbox()).map((m) => [m.to, m.subject]).slice(-8),
      loan.investors.map((i) => i.user!.email),
    );
    expect(await investorMails()).toEqual([1, 1]);
    // The admin cannot declare it again.
    const again = await adminPost(loan.id, 'default', { reason: 'Again' });
    expect(again.statusCode).toBe(409);
  });

  it('PUT /api/admin/business-date: never backwards (409); without control, 404', async () => {
    const back = await superadmin.inject({
      method: 'PUT',
      url: '/api/admin/business-date',
      payload: { date: addDays(today(), -1) },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'business_date.backwards' });
    const uncontrolled = { ...t.ctx, clock: createBusinessClock(() => new Date(), false) };
    await expect(moveBusinessDate(uncontrolled, addDays(today(), 1))).rejects.toMatchObject({
      statusCode: 404,
    });
    const got = await admin.inject({ method: 'GET', url: '/api/admin/business-date' });
    expect(got.json().data).toMatchObject({ date: today(), controlled: true });
  });
});

describe("an admin's default, recovery and write-off", () => {
  it('declares a default, records a recovery less costs, writes off the rest; then the loan is closed', async () => {
    const loan = await fundedLoan([1_000, 3_000], {}, 'Troubled loan');
    const declared = await adminPost(loan.id, 'default', { reason: 'The company stopped trading.' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().data.loanStatus).toBe('default');
    expect((await adminPost(loan.id, 'default', { reason: 'Again' })).statusCode).toBe(409);
    await t.outbox();

    // 500 recovered, 100 of costs: 400 to the investors (1:3), interest first (bullet: 40 a month).
    const recovered = await adminPost(loan.id, 'recoveries', { amount: 500, costs: 100, note: 'Sold' });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json().data).toMatchObject({
      allocated: { interest: 400, principal: 0 },
      credited: 396,
      loanStatus: 'recovery',
    });
    expect(await balanceOf(t, loan.investors[0]!.user!.id)).toBe(10_000n - 100n);
    expect(await balanceOf(t, loan.investors[1]!.user!.id)).toBe(30_000n - 300n);

    const before = (await t.outbox()).length;
    const off = await adminPost(loan.id, 'write-off', { reason: 'Nothing left.' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ loanStatus: 'written_off', writtenOff: 4_000 });
    const rows = await t.database.db.select().from(investments).where(eq(investments.ventureId, loan.id));
    expect(rows.map((r) => [r.status, r.writtenOffCents]).sort()).toEqual([
      ['written_off', 100_000n],
      ['written_off', 300_000n],
    ]);
    const detail = await loan.investors[1]!.inject({
      method: 'GET',
      url: `/api/investments/${loan.investmentIds[1]}`,
    });
    expect(detail.json().data).toMatchObject({
      writtenOff: 3_000,
      outstandingPrincipal: 0,
      loanStatus: 'written_off',
    });
    const mails = (await t.outbox()).slice(before).map((m) => m.to);
    expect(mails.sort()).toEqual(loan.investors.map((i) => i.user!.email).sort());
    for (const [action, payload] of [
      ['write-off', { reason: 'Again' }],
      ['default', { reason: 'Again' }],
      ['recoveries', { amount: 1 }],
      ['repayments', { amount: 1 }],
    ] as const)
      expect((await adminPost(loan.id, action, payload)).statusCode).toBe(409);
  });
});

describe('the servicing reads', () => {
  it('lists loans most days late first, filtered by status and search; the loan page', async () => {
    // 'Listed late' starts 5 days before 'Listed fresh'; on fresh's due date + 3, late is 8 days late.
    const late = await fundedLoan([100], {}, 'Listed late');
    await moveTo(addDays(today(), 5));
    const fresh = await fundedLoan([100], {}, 'Listed fresh');
    const due = (await installmentsOf(fresh.id))[0]!.dueDate;
    await moveTo(addDays(due, 3));
    const fresher = await fundedLoan([100], {}, 'Listed newest');
    const list = await admin.inject({ method: 'GET', url: '/api/admin/servicing?search=Listed&limit=100' });
    expect(list.statusCode).toBe(200);
    const titles = list.json().data.map((r: { venture: { title: string } }) => r.venture.title);
    expect(titles).toEqual(['Listed late', 'Listed fresh', 'Listed newest']);
    const lateBy = daysBetween((await installmentsOf(late.id))[0]!.dueDate, today());
    expect(lateBy).toBeGreaterThan(3);
    // Overdue: instalment 1's interest (1.00); late interest on no unpaid principal (bullet) is 0.
    expect(list.json().data.map((r: object) => ({ ...r }))).toMatchObject([
      { loanStatus: 'late_1_15', daysLate: lateBy, overdue: 1 },
      { loanStatus: 'late_1_15', daysLate: 3, overdue: 1 },
      { loanStatus: 'current', daysLate: 0, overdue: 0 },
    ]);
    const lateOnly = await admin.inject({
      method: 'GET',
      url: '/api/admin/servicing?search=Listed&loanStatus=late',
    });
    expect(lateOnly.json().data.map((r: { id: string }) => r.id)).toEqual([late.id, fresh.id]);
    const current = await admin.inject({
      method: 'GET',
      url: '/api/admin/servicing?search=Listed&loanStatus=current',
    });
    expect(current.json().data.map((r: { id: string }) => r.id)).toEqual([fresher.id]);
    const page = await admin.inject({ method: 'GET', url: `/api/admin/servicing/${late.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      venture: { _id: late.id, title: 'Listed late' },
      investors: 1,
      schedule: { loanStatus: 'late_1_15' },
    });
    expect(page.json().data.events.map((e: { kind: string }) => e.kind)).toContain('disbursed');
  });
});

describe('concurrency', () => {
  it('20 payments and admin repayments race on one loan while investments race on another venture', async () => {
    const loan = await fundedLoan([2_000, 3_000], { repaymentType: 'annuity' }, 'Raced loan');
    await deposit(t, loan.company.user!.id, 100_000n);
    const raising = await openVenture(t, {
      title: 'Raced venture',
      targetAmountCents: 150_000n,
      maxInvestmentCents: 150_000n,
    });
    const investors = await Promise.all(
      Array.from({ length: 10 }, () => verifiedInvestor(t, 20_000n, undefined, 'sophisticated')),
    );
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => repay(loan, 123.45)),
      ...Array.from({ length: 10 }, (_, k) => adminPost(loan.id, 'repayments', { amount: 100 + k })),
      ...investors.map((i) =>
        i.inject({
          method: 'POST',
          url: '/api/investments',
          payload: { ventureId: raising.id, amount: 150 },
        }),
      ),
    ]);
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(answers.slice(10, 20).map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.slice(20).map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const paid = sum((await installmentsOf(loan.id)).map((i) => i.paidPrincipalCents + i.paidInterestCents));
    expect(paid).toBe(10n * 12_345n + sum(Array.from({ length: 10 }, (_, k) => BigInt((100 + k) * 100))));
    // The ten tickets fund the other venture exactly: its loan started too.
    expect((await loanRow(raising.id)).principalCents).toBe(150_000n);
    // The invariants (no instalment paid beyond what it owes among them) run after every test.
  });
});
