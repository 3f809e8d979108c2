/**
 * GET /api/dashboard/investor (contract, "Dashboards") with exact figures on ledgers built here
 * through the real calls, with the app's clock moved back: deposits, investments, a venture funded
 * by its last investment, one whose funding an admin closed, a partial and a final repayment (the
 * repayment service, through its route), a cancellation with refunds; the net annual return (XIRR,
 * expected values from LibreOffice Calc's =XIRR on the same flows in whole days) null before an
 * investment is 30 days old and a value after; the open tickets and the newest tickets (a closed
 * one listed, not counted); no investor ever sees another's data.
 */
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { openVenture } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let amina: SignedIn;
let kofi: SignedIn;
let zara: SignedIn;
let lena: SignedIn;
let newcomer: SignedIn;
const DAY = 86_400_000;
const ids: Record<string, string> = {};
const investmentIds: Record<string, string> = {};
const ticketIds: Record<string, string> = {};

/** Runs `work` with the app's clock `days` days back. */
async function daysAgo<T>(days: number, work: () => Promise<T>): Promise<T> {
  t.clock.offsetMs = -days * DAY;
  try {
    return await work();
  } finally {
    t.clock.offsetMs = 0;
  }
}

/** A deposit from off-platform at the app's current time (cents). */
async function deposit(person: SignedIn, cents: bigint): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const account = await userAccountId(tx, person.user!.id);
    await postTransaction(tx, {
      kind: 'deposit',
      note: 'Bank transfer',
      entries: [
        { accountId: account, amountCents: cents },
        { accountId: await externalAccountId(tx), amountCents: -cents },
      ],
      at: t.ctx.now(),
    });
  });
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

async function adminPost(url: string, payload?: object) {
  const res = await admin.inject({ method: 'POST', url, ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBe(200);
}

/** An admin records money the company paid outside the platform (allocated: interest first). */
const repay = (venture: string, amount: number) =>
  adminPost(`/api/ventures/admin/${ids[venture]}/repayments`, { amount, note: 'Repayment' });

async function dashboard(who: SignedIn) {
  const res = await who.inject({ method: 'GET', url: '/api/dashboard/investor' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function venture(name: string, targetCents: bigint, overrides: Parameters<typeof openVenture>[1] = {}) {
  const maxInvestmentCents = targetCents < 500_000n ? targetCents : 500_000n;
  ids[name] = (
    await openVenture(t, { title: name, targetAmountCents: targetCents, maxInvestmentCents, ...overrides })
  ).id;
}

const ticket = (subject: string, category: string, status: string) => ({
  _id: ticketIds[subject],
  number: expect.any(Number),
  subject,
  category,
  status,
  createdAt: expect.any(String),
});

// Sophisticated: their loans start when funded (reflection.test.ts covers the reflection period).
const investor = (firstName: string, extra: object = {}) =>
  t.injectAs('user', { kycStatus: 'complete', firstName, protection: 'sophisticated', ...extra });

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  amina = await investor('Amina', { lastLoginAt: new Date('2026-02-01T09:15:00.000Z') });
  kofi = await investor('Kofi');
  zara = await investor('Zara');
  lena = await investor('Lena');
  newcomer = await investor('Nia');

  // 400 days ago: Amina deposits 4 x €2,500.00 (a day apart), Kofi €5,000.00.
  for (const day of [400, 399, 398, 397]) await daysAgo(day, () => deposit(amina, 250_000n));
  await daysAgo(400, () => deposit(kofi, 500_000n));

  // 365 days ago: Amina's €1,000.00 reaches the target of 'Repaid' (funded, completed).
  await daysAgo(365, () => venture('Repaid', 100_000n));
  investmentIds.repaid = await daysAgo(365, () => invest(amina, ids.Repaid!, 1000));

  // 200 days ago: 'Running' (target €2,000.00) gets €500.00 from Amina and €1,000.00 from Kofi;
  // an admin closes the funding.
  await daysAgo(200, () => venture('Running', 200_000n));
  investmentIds.running = await daysAgo(200, () => invest(amina, ids.Running!, 500));
  investmentIds.kofiRunning = await daysAgo(200, () => invest(kofi, ids.Running!, 1000));
  await daysAgo(200, () => adminPost(`/api/ventures/admin/${ids.Running}/close-funding`));

  // 100 days ago: a repayment of €600.00 on 'Running' (€1,500.00 at 12 %, bullet: €15.00 interest a
  // month, €180.00 in all): the interest of every instalment first, then €420.00 principal. Amina
  // (1/3): 60 interest less the 1 % fee (0.60) + 140 principal = 199.40; Kofi: 120 - 1.20 + 280 = 398.80.
  await daysAgo(100, () => repay('Running', 600));

  // 10 days ago: €300.00 into 'Raising' (still raising).
  // (In Nigeria, a high-risk leasing venture: the breakdown of issue 30 tells it from the others.)
  await daysAgo(10, () =>
    venture('Raising', 1_000_000n, { country: 'NG', ventureType: 'leasing', riskLevel: 'high' }),
  );
  investmentIds.raising = await daysAgo(10, () => invest(amina, ids.Raising!, 300));

  // 5 days ago: €200.00 into 'Cancelled', cancelled with refunds 4 days ago.
  await daysAgo(5, () => venture('Cancelled', 1_000_000n));
  investmentIds.cancelled = await daysAgo(5, () => invest(amina, ids.Cancelled!, 200));
  await daysAgo(4, () => adminPost(`/api/ventures/admin/${ids.Cancelled}/cancel`, { reason: 'Withdrawn.' }));

  // Today: the final repayment of 'Repaid', €1,120.00 (€120.00 interest, €118.80 after the fee).
  await repay('Repaid', 1120);

  // Zara: €100.00 funds 'Quick' 29 days ago, repaid €112.00 a day ago (€11.88 after the fee).
  await daysAgo(29, () => deposit(zara, 10_000n));
  await daysAgo(29, () => venture('Quick', 10_000n));
  investmentIds.quick = await daysAgo(29, () => invest(zara, ids.Quick!, 100));
  await daysAgo(1, () => repay('Quick', 112));

  // Lena: six investments of €50.00 into 'Raising' in the last hour, a minute apart.
  await daysAgo(1, () => deposit(lena, 100_000n));
  for (let minute = 6; minute >= 1; minute--) {
    t.clock.offsetMs = -minute * 60_000;
    investmentIds[`lena${minute}`] = await invest(lena, ids.Raising!, 50);
  }
  t.clock.offsetMs = 0;

  // Tickets: Amina opens three (the first one closed by an admin), Kofi one.
  for (const [who, subject, category] of [
    [amina, 'Closed question', 'account'],
    [amina, 'When is the next repayment?', 'investment'],
    [amina, 'Withdraw my profit', 'payments'],
    [kofi, "Kofi's question", 'technical'],
  ] as const) {
    const res = await who.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: { subject, category, message: 'Please help.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    ticketIds[subject] = res.json().data._id;
  }
  const closed = await admin.inject({
    method: 'PATCH',
    url: `/api/admin/tickets/${ticketIds['Closed question']}`,
    payload: { status: 'closed' },
  });
  expect(closed.statusCode, closed.body).toBe(200);
});

describe('GET /api/dashboard/investor', () => {
  it('is for investors only: 401 for a visitor, 403 for a company and an admin', async () => {
    const url = '/api/dashboard/investor';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const corporate = await t.injectAs('corporate');
    for (const who of [corporate, admin]) {
      const res = await who.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    }
  });

  it("answers the investor's exact figures from the ledger and the investments", async () => {
    const data = await dashboard(amina);
    const running = { _id: ids.Running, title: 'Running' };
    expect(data).toEqual({
      firstName: 'Amina',
      lastLoginAt: '2026-02-01T09:15:00.000Z',
      // 10,000 - 1,000 - 500 + 199.40 - 300 - 200 + 200 + 1,118.80
      balance: 9518.2,
      activeInvestments: 2, // Running (completed) and Raising (invested)
      expectedReturns: 96, // 12 % for 12 months: 500 -> 60, 300 -> 36
      profitEarned: 178.2, // interest less fees: Repaid 120 - 1.20, Running 60 - 0.60
      repaidVentures: 1,
      openTickets: 2, // the closed one does not count
      portfolio: {
        available: 9518.2,
        invested: 360, // Running: 500 - 140 of principal paid back
        pending: 300, // Raising
        inRecovery: 0,
      },
      // XIRR({-1000; -500; 199.40; -300; -200; 200; 1118.80; 660};
      //   days {35; 200; 300; 390; 395; 396; 400; 400}) = 0.145854351532, where 660 is the
      // outstanding principal (Running 360 + Raising 300) valued today (solved by bisection on
      // sum(a / (1 + r)^(d / 365)), which gives LibreOffice's 0.0816793691925008 on the flows before
      // loan servicing).
      netAnnualReturn: expect.closeTo(0.145854, 5),
      returns: { profit: 178.2, lateFees: 0, badDebt: 0, serviceFees: -1.8 }, // the fees: 1.20 + 0.60
      // Issue 30, item 14: the principal outstanding of Running (KE, medium, sme: 360) and Raising
      // (NG, high, leasing: 300), largest first; shares of 660 rounded down to hundredths.
      breakdown: {
        byCountry: [
          { key: 'KE', amount: 360, share: 54.54 },
          { key: 'NG', amount: 300, share: 45.45 },
        ],
        byRiskLevel: [
          { key: 'medium', amount: 360, share: 54.54 },
          { key: 'high', amount: 300, share: 45.45 },
        ],
        byVentureType: [
          { key: 'sme', amount: 360, share: 54.54 },
          { key: 'leasing', amount: 300, share: 45.45 },
        ],
      },
      investments: [
        {
          _id: investmentIds.cancelled,
          venture: { _id: ids.Cancelled, title: 'Cancelled' },
          amount: 200,
          profitPaid: 0,
          status: 'refunded',
          totalExpectedReturn: 24,
          investmentDate: expect.any(String),
          revocableUntil: null,
          loanStatus: null,
          daysLate: 0,
          outstandingPrincipal: 0,
          nextPaymentDate: null,
          receivedPrincipal: 0,
          receivedInterest: 0,
          receivedLateInterest: 0,
          serviceFees: 0,
          writtenOff: 0,
        },
        {
          _id: investmentIds.raising,
          venture: { _id: ids.Raising, title: 'Raising' },
          amount: 300,
          profitPaid: 0,
          status: 'invested',
          totalExpectedReturn: 36,
          investmentDate: expect.any(String),
          revocableUntil: null,
          loanStatus: null,
          daysLate: 0,
          outstandingPrincipal: 300,
          nextPaymentDate: null,
          receivedPrincipal: 0,
          receivedInterest: 0,
          receivedLateInterest: 0,
          serviceFees: 0,
          writtenOff: 0,
        },
        {
          _id: investmentIds.running,
          venture: running,
          amount: 500,
          profitPaid: 59.4,
          status: 'completed',
          totalExpectedReturn: 60,
          investmentDate: expect.any(String),
          revocableUntil: null,
          loanStatus: 'current',
          daysLate: 0,
          outstandingPrincipal: 360,
          nextPaymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          receivedPrincipal: 140,
          receivedInterest: 60,
          receivedLateInterest: 0,
          serviceFees: 0.6,
          writtenOff: 0,
        },
        {
          _id: investmentIds.repaid,
          venture: { _id: ids.Repaid, title: 'Repaid' },
          amount: 1000,
          profitPaid: 118.8,
          status: 'repaid',
          totalExpectedReturn: 120,
          investmentDate: expect.any(String),
          revocableUntil: null,
          loanStatus: 'repaid',
          daysLate: 0,
          outstandingPrincipal: 0,
          nextPaymentDate: null,
          receivedPrincipal: 1000,
          receivedInterest: 120,
          receivedLateInterest: 0,
          serviceFees: 1.2,
          writtenOff: 0,
        },
      ],
      transactions: expect.any(Array),
      tickets: [
        ticket('Withdraw my profit', 'payments', 'open'),
        ticket('When is the next repayment?', 'investment', 'open'),
        ticket('Closed question', 'account', 'closed'),
      ],
    });
    // The 10 newest ledger rows, newest first; the oldest deposit (balance before 0) is left out.
    const row = (
      kind: string,
      amount: number,
      balanceBefore: number,
      ventureName: string | null,
      note: string | null,
    ) => ({
      kind,
      amount,
      balanceBefore,
      note,
      venture: ventureName ? { _id: ids[ventureName], title: ventureName } : null,
      at: expect.any(String),
    });
    expect(data.transactions).toEqual([
      row(
        'repayment',
        1118.8,
        8399.4,
        'Repaid',
        'Repayment: Repaid, instalments 1-12: €1,120.00 (interest €120.00, principal €1,000.00)',
      ),
      row(
        'refund',
        200,
        8199.4,
        'Cancelled',
        'Refund of the investments in Cancelled: venture cancelled: Withdrawn.',
      ),
      row('investment', -200, 8399.4, 'Cancelled', 'Investment in Cancelled'),
      row('investment', -300, 8699.4, 'Raising', 'Investment in Raising'),
      row(
        'repayment',
        199.4,
        8500,
        'Running',
        'Repayment: Running, instalments 1-12: €600.00 (interest €180.00, principal €420.00)',
      ),
      row('investment', -500, 9000, 'Running', 'Investment in Running'),
      row('investment', -1000, 10000, 'Repaid', 'Investment in Repaid'),
      row('deposit', 2500, 7500, null, 'Bank transfer'),
      row('deposit', 2500, 5000, null, 'Bank transfer'),
      row('deposit', 2500, 2500, null, 'Bank transfer'),
    ]);
    const times = data.transactions.map((r: { at: string }) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The refund 4 days ago, the second deposit 399 days ago (within a minute: the test's own run time).
    expect(Math.abs(Date.now() - 4 * DAY - times[1])).toBeLessThan(60_000);
    expect(Math.abs(Date.now() - 399 * DAY - times[9])).toBeLessThan(60_000);
  });

  it("shows the other investor in the same venture only his own figures, none of Amina's", async () => {
    const data = await dashboard(kofi);
    expect(data).toMatchObject({
      firstName: 'Kofi',
      lastLoginAt: null,
      balance: 4398.8, // 5,000 - 1,000 + 398.80
      activeInvestments: 1,
      expectedReturns: 120,
      profitEarned: 118.8, // 120 interest less the 1 % fee
      repaidVentures: 0,
      portfolio: { available: 4398.8, invested: 720, pending: 0, inRecovery: 0 },
      // The year's interest came first (120 - 1.20) with 280 of principal, 720 outstanding: the XIRR
      // of {-1000; 398.80; 720} on days {0; 100; 200} is 0.284677821858.
      netAnnualReturn: expect.closeTo(0.284678, 5),
      returns: { profit: 118.8, lateFees: 0, badDebt: 0, serviceFees: -1.2 },
      investments: [
        expect.objectContaining({ _id: investmentIds.kofiRunning, amount: 1000, status: 'completed' }),
      ],
      openTickets: 1,
      tickets: [ticket("Kofi's question", 'technical', 'open')],
    });
    expect(data.transactions.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['repayment', 398.8],
      ['investment', -1000],
      ['deposit', 5000],
    ]);
    const body = JSON.stringify(data);
    for (const name of ['Repaid', 'Raising', 'Cancelled', 'Quick']) expect(body).not.toContain(ids[name]);
    for (const [key, id] of Object.entries(investmentIds))
      if (key !== 'kofiRunning') expect(body).not.toContain(id);
    for (const [subject, id] of Object.entries(ticketIds))
      if (subject !== "Kofi's question") expect(body).not.toContain(id);
    const aminas = JSON.stringify(await dashboard(amina));
    expect(aminas).not.toContain(investmentIds.kofiRunning);
    expect(aminas).not.toContain(ids.Quick);
    expect(aminas).not.toContain(ticketIds["Kofi's question"]);
  });

  it('lists the 5 newest investments', async () => {
    const data = await dashboard(lena);
    expect(data.investments.map((i: { _id: string }) => i._id)).toEqual(
      [1, 2, 3, 4, 5].map((minute) => investmentIds[`lena${minute}`]),
    );
    expect(data).toMatchObject({
      balance: 700,
      activeInvestments: 6,
      expectedReturns: 36, // 6 x 6.00
      portfolio: { available: 700, invested: 0, pending: 300, inRecovery: 0 },
      // No investment is 30 days old yet.
      netAnnualReturn: null,
    });
    expect(data.transactions).toHaveLength(7);
  });

  it('answers no net annual return before an investment is 30 days old, and its XIRR after', async () => {
    // Invested 29 days ago, repaid with €11.88 profit (12 less the fee) a day ago: still null.
    expect(await dashboard(zara)).toMatchObject({
      netAnnualReturn: null,
      profitEarned: 11.88,
      repaidVentures: 1,
      activeInvestments: 0,
      portfolio: { available: 111.88, invested: 0, pending: 0, inRecovery: 0 },
    });
    // Two days later the investment is 31 days old: XIRR({-100; 111.88}; {0; 28}) is
    // 1.1188^(365/28) - 1 = 3.32039156295.
    t.clock.offsetMs = 2 * DAY;
    try {
      // A session of that day (her first one has ended by then).
      const { token } = await createSession(t.database.db, {
        userId: zara.user!.id,
        rememberMe: false,
        now: t.ctx.now(),
      });
      const later = {
        ...zara,
        inject: (o: InjectOptions) =>
          t.app.inject({ ...o, headers: { cookie: `${SESSION_COOKIE}=${token}` } }),
      };
      expect((await dashboard(later)).netAnnualReturn).toBeCloseTo(3.32039, 4);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('answers zeros, null and empty lists for an investor without money or investments', async () => {
    expect(await dashboard(newcomer)).toEqual({
      firstName: 'Nia',
      lastLoginAt: null,
      balance: 0,
      activeInvestments: 0,
      expectedReturns: 0,
      profitEarned: 0,
      repaidVentures: 0,
      openTickets: 0,
      portfolio: { available: 0, invested: 0, pending: 0, inRecovery: 0 },
      netAnnualReturn: null,
      returns: { profit: 0, lateFees: 0, badDebt: 0, serviceFees: 0 },
      investments: [],
      transactions: [],
      tickets: [],
      breakdown: { byCountry: [], byRiskLevel: [], byVentureType: [] },
    });
  });
});
