import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, investments, ledgerTransactions, ventures } from '../../src-server/db/schema';
import { cancelExpiredVentures } from '../../src-server/modules/ventures/money';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

const investAs = (person: SignedIn, ventureId: string, amount: unknown, key?: string) =>
  person.inject({
    method: 'POST',
    url: '/api/investments',
    payload: { ventureId, amount },
    ...(key && { headers: { 'idempotency-key': key } }),
  });
const escrowOf = async (ventureId: string) =>
  (await t.database.db.select().from(accounts).where(eq(accounts.ventureId, ventureId)))[0]?.balanceCents ??
  0n;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('POST /api/investments', () => {
  it('invests: the balance falls, amountFunded rises, one ledger transaction and one investment', async () => {
    const venture = await openVenture(t, {
      title: 'Cassava mill',
      expectedReturn: '12.00',
      investmentPeriod: 18,
    });
    const investor = await verifiedInvestor(t, 100_000n);
    const res = await investAs(investor, venture.id, 250.5);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Investment successful!',
      data: {
        _id: expect.any(String),
        venture: { _id: venture.id, title: 'Cassava mill' },
        amount: 250.5,
        profitPaid: 0,
        status: 'invested',
        totalExpectedReturn: 45.09, // 250.50 x 12% x 18 / 12
        investmentDate: expect.any(String),
        // Art. 22(2): a non-sophisticated investor may revoke for 96 hours.
        revocableUntil: expect.any(String),
      },
    });
    const answered = res.json().data;
    expect(Date.parse(answered.revocableUntil) - Date.parse(answered.investmentDate)).toBe(96 * 3_600_000);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 25_050n);
    expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(25_050n);
    expect(await escrowOf(venture.id)).toBe(25_050n);
    const txs = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.ventureId, venture.id), eq(ledgerTransactions.kind, 'investment')));
    expect(txs).toHaveLength(1);
    const mine = await investor.inject({ method: 'GET', url: '/api/investments/my-investments' });
    // The investor's own row adds the loan's figures: none yet while the venture raises money.
    expect(mine.json().data).toEqual([
      {
        ...res.json().data,
        loanStatus: null,
        daysLate: 0,
        outstandingPrincipal: 250.5,
        nextPaymentDate: null,
        receivedPrincipal: 0,
        receivedInterest: 0,
        receivedLateInterest: 0,
        serviceFees: 0,
        writtenOff: 0,
      },
    ]);
    const balance = await investor.inject({ method: 'GET', url: '/api/balances/my-balance' });
    expect(balance.json()).toEqual({ balance: 749.5 });
  });

  it('refuses anyone not verified (403) and changes nothing', async () => {
    const venture = await openVenture(t);
    for (const kycStatus of ['not_started', 'pending', 'rejected'] as const) {
      const person = await t.injectAs('user', { kycStatus });
      const res = await investAs(person, venture.id, 100);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please complete identity verification before investing.');
    }
    const corporate = await t.injectAs('corporate', { kycStatus: 'complete' });
    expect((await investAs(corporate, venture.id, 100)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/investments',
          payload: { ventureId: venture.id, amount: 100 },
        })
      ).statusCode,
    ).toBe(401);
    expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(0n);
  });

  it('refuses a venture that is not open (409): coming soon, not live yet, closed, funded', async () => {
    const investor = await verifiedInvestor(t);
    const now = Date.now();
    const cases = [
      { lifecycleStatus: 'coming-soon' as const },
      { goesLiveAt: new Date(now + 86_400_000) },
      { closingDate: new Date(now - 1000) },
      { lifecycleStatus: 'funded' as const },
    ];
    for (const overrides of cases) {
      const venture = await openVenture(t, overrides);
      const res = await investAs(investor, venture.id, 100);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(409);
      expect(res.json().message).toBe('This venture is not open for investment.');
    }
    // A venture the investor may not see answers like an unknown one: 404, its id not confirmed.
    for (const overrides of [
      { adminStatus: 'pending' as const },
      { adminStatus: 'under-review' as const },
      { adminStatus: 'rejected' as const },
      { visibility: 'draft' as const },
    ]) {
      const venture = await openVenture(t, overrides);
      const res = await investAs(investor, venture.id, 100);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(404);
      expect(res.json()).toEqual({ message: 'Venture not found.', code: 'venture.not_found' });
      expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(0n);
    }
    // A private approved venture is reachable by its link, and takes investments.
    const privateOne = await openVenture(t, { visibility: 'private' as const });
    expect((await investAs(investor, privateOne.id, 100)).statusCode).toBe(201);
    const unknown = await investAs(investor, '00000000-0000-4000-8000-000000000000', 100);
    expect(unknown.statusCode).toBe(404);
    expect((await investAs(investor, 'not-a-uuid', 100)).statusCode).toBe(404);
    // Only the private venture's €100.00 left the balance.
    expect(await balanceOf(t, investor.user!.id)).toBe(1_000_000n - 10_000n);
  });

  it("checks the amount: the venture's minimum and maximum, what is left, the balance, two decimals", async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 300_000n,
      targetAmountCents: 400_000n,
    });
    const poor = await verifiedInvestor(t, 10_000n);
    const rich = await verifiedInvestor(t, 10_000_000n);
    const expectRefusal = async (person: SignedIn, amount: unknown, message: string) => {
      const res = await investAs(person, venture.id, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await expectRefusal(rich, 49.99, 'Minimum investment is €50.00');
    await expectRefusal(rich, 3000.01, 'Maximum investment is €3,000.00');
    await expectRefusal(poor, 100.01, 'Insufficient balance.');
    await expectRefusal(rich, 10.005, 'Amount must be an amount with at most two decimals');
    await expectRefusal(rich, '100', 'Amount must be a number');
    await expectRefusal(rich, 0, 'Minimum investment is €50.00');
    await expectRefusal(rich, -100, 'Minimum investment is €50.00');
    const noAmount = await rich.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: venture.id },
    });
    expect(noAmount.json().message).toBe('Amount is required');
    const huge = await rich.inject({
      method: 'POST',
      url: '/api/investments',
      headers: { 'content-type': 'application/json' },
      payload: `{"ventureId":"${venture.id}","amount":1e400}`,
    });
    expect(huge.statusCode).toBe(400);
    expect((await investAs(rich, venture.id, 3000)).statusCode).toBe(201);
    await expectRefusal(rich, 1000.01, 'Only €1,000.00 is left to fund in this venture.');
    expect(await balanceOf(t, poor.user!.id)).toBe(10_000n);
  });

  it("reaching the target funds the venture: investments completed, escrow paid out to the company's balance; then closed to investors", async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 10_000n,
      maxInvestmentCents: 100_000n,
      targetAmountCents: 150_000n,
    });
    const company = await balanceOf(t, venture.createdBy);
    // Sophisticated: no reflection period, so the loan starts at once (reflection.test.ts: otherwise).
    const a = await verifiedInvestor(t, undefined, undefined, 'sophisticated');
    const b = await verifiedInvestor(t, undefined, undefined, 'sophisticated');
    expect((await investAs(a, venture.id, 1000)).json().data.status).toBe('invested');
    // What is left (€500) is allowed although it is... exactly what is left; €400 would leave €100.
    const last = await investAs(b, venture.id, 500);
    expect(last.statusCode).toBe(201);
    expect(last.json().data.status).toBe('completed');
    const row = await ventureRow(t, venture.id);
    expect(row.lifecycleStatus).toBe('funded');
    expect(row.amountFundedCents).toBe(150_000n);
    expect(await escrowOf(venture.id)).toBe(0n);
    expect(await balanceOf(t, venture.createdBy)).toBe(company + 150_000n);
    const rows = await t.database.db.select().from(investments).where(eq(investments.ventureId, venture.id));
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect((await investAs(a, venture.id, 100)).statusCode).toBe(409);
  });

  it('accepts a last ticket below the minimum when it is exactly what is left', async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 10_000n,
      maxInvestmentCents: 25_000n,
      targetAmountCents: 25_000n,
    });
    const investor = await verifiedInvestor(t);
    expect((await investAs(investor, venture.id, 200)).statusCode).toBe(201);
    expect((await investAs(investor, venture.id, 40)).json().message).toBe('Minimum investment is €100.00');
    expect((await investAs(investor, venture.id, 50)).statusCode).toBe(201);
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
  });

  it('answers a repeated Idempotency-Key with the first answer, 422 for another body, and again after 24 h', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t);
    const first = await investAs(investor, venture.id, 100, 'key-1');
    const again = await investAs(investor, venture.id, 100, 'key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await investAs(investor, venture.id, 200, 'key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used with a different request.');
    expect(await balanceOf(t, investor.user!.id)).toBe(1_000_000n - 10_000n);
    // A refused request does not use up its key.
    const refused = await investAs(investor, venture.id, 1, 'key-2');
    expect(refused.statusCode).toBe(400);
    expect((await investAs(investor, venture.id, 100, 'key-2')).statusCode).toBe(201);
    expect((await investAs(investor, venture.id, 100, 'x'.repeat(201))).statusCode).toBe(400);
    // 24 hours later the key is free again.
    await t.database.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second' WHERE key = 'key-1'`,
    );
    const later = await investAs(investor, venture.id, 200, 'key-1');
    expect(later.statusCode).toBe(201);
    expect(later.json().data._id).not.toBe(first.json().data._id);
    expect(await balanceOf(t, investor.user!.id)).toBe(1_000_000n - 40_000n);
  });
});

describe('GET /api/investments/admin', () => {
  it('lists every investment with its investor, searchable and filtered by status; admins only', async () => {
    const venture = await openVenture(t, { title: 'Findable fish farm' });
    const investor = await verifiedInvestor(t, 100_000n, 'finder@example.com');
    await investAs(investor, venture.id, 100);
    const res = await admin.inject({
      method: 'GET',
      url: '/api/investments/admin?search=fish%20farm&status=invested',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        venture: { _id: venture.id, title: 'Findable fish farm' },
        amount: 100,
        investedBy: expect.objectContaining({ email: 'finder@example.com' }),
      }),
    ]);
    expect(
      (await admin.inject({ method: 'GET', url: '/api/investments/admin?search=finder@' })).json().pagination
        .total,
    ).toBe(1);
    expect(
      (await admin.inject({ method: 'GET', url: '/api/investments/admin?status=lost' })).statusCode,
    ).toBe(400);
    expect((await investor.inject({ method: 'GET', url: '/api/investments/admin' })).statusCode).toBe(403);
  });
});

describe("a venture's money: close funding, cancel, repayments, the closing date", () => {
  it('closes the funding early; a second call changes nothing', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, undefined, undefined, 'sophisticated');
    await investAs(investor, venture.id, 1000);
    const url = `/api/ventures/admin/${venture.id}/close-funding`;
    const res = await admin.inject({ method: 'POST', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Funding closed.',
      data: { lifecycleStatus: 'funded', amountFunded: 1000 },
    });
    expect(await escrowOf(venture.id)).toBe(0n);
    const again = await admin.inject({ method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Funding is already closed.');
    const disbursements = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.ventureId, venture.id), eq(ledgerTransactions.kind, 'disbursement')));
    expect(disbursements).toHaveLength(1);
    expect((await investor.inject({ method: 'POST', url })).statusCode).toBe(403);
  });

  it('cancels and refunds every investor, hides the venture; a second call changes nothing; a funded one cannot', async () => {
    const venture = await openVenture(t, { title: 'To be cancelled' });
    const a = await verifiedInvestor(t, 100_000n);
    const b = await verifiedInvestor(t, 100_000n);
    await investAs(a, venture.id, 100);
    await investAs(a, venture.id, 150.25);
    await investAs(b, venture.id, 300);
    const url = `/api/ventures/admin/${venture.id}/cancel`;
    expect((await admin.inject({ method: 'POST', url, payload: {} })).json().message).toBe(
      'A reason is required to cancel a venture.',
    );
    const res = await admin.inject({ method: 'POST', url, payload: { reason: 'The borrower withdrew.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Venture cancelled; 3 investments refunded.');
    expect(await balanceOf(t, a.user!.id)).toBe(100_000n);
    expect(await balanceOf(t, b.user!.id)).toBe(100_000n);
    expect(await escrowOf(venture.id)).toBe(0n);
    const mine = (await a.inject({ method: 'GET', url: '/api/investments/my-investments' })).json().data;
    expect(mine.map((i: { status: string }) => i.status)).toEqual(['refunded', 'refunded']);
    const list = await t.app.inject({ method: 'GET', url: '/api/ventures?search=to%20be%20cancelled' });
    expect(list.json().data).toEqual([]);
    const again = await admin.inject({ method: 'POST', url, payload: { reason: 'again' } });
    expect(again.json().message).toBe('This venture is already cancelled.');
    expect(await balanceOf(t, a.user!.id)).toBe(100_000n);

    const funded = await openVenture(t, {
      targetAmountCents: 10_000n,
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 10_000n,
    });
    await investAs(a, funded.id, 100);
    const refused = await admin.inject({
      method: 'POST',
      url: `/api/ventures/admin/${funded.id}/cancel`,
      payload: { reason: 'x' },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('credits repayments pro rata to the cent; the final one marks everything repaid', async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 3_000n,
      targetAmountCents: 60_000n,
      maxInvestmentCents: 60_000n,
    });
    const a = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    const b = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    const c = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await investAs(a, venture.id, 100);
    await investAs(b, venture.id, 200);
    await investAs(c, venture.id, 300); // funded: 600 of 600
    const url = `/api/ventures/admin/${venture.id}/repayments`;
    // The loan: 600.00 at 12 % for 12 months, bullet: 6.00 interest a month, the principal at the end
    // (672.00 in all). 100.00 settles instalments 1-11 (66.00) and instalment 12's interest (6.00)
    // and 28.00 of its principal.
    const first = await admin.inject({
      method: 'POST',
      url,
      payload: { amount: 100, note: 'Bank transfer' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Payment recorded.',
      data: {
        allocated: { lateInterest: 0, interest: 72, principal: 28 },
        serviceFee: 0.72,
        credited: 99.28,
        investors: 3,
        loanStatus: 'current',
      },
    });
    // Split 1:2:3: interest 12/24/36 less 1 % (0.12/0.24/0.36), principal 28 -> 4.67, 9.33, 14.00
    // (largest remainder).
    expect(await balanceOf(t, a.user!.id)).toBe(90_000n + 467n + 1_200n - 12n);
    expect(await balanceOf(t, b.user!.id)).toBe(80_000n + 933n + 2_400n - 24n);
    expect(await balanceOf(t, c.user!.id)).toBe(70_000n + 1_400n + 3_600n - 36n);
    const over = await admin.inject({ method: 'POST', url, payload: { amount: 572.01 } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'servicing.overpayment', params: { amount: 572 } });
    const last = await admin.inject({ method: 'POST', url, payload: { amount: 572 } });
    expect(last.json().data).toMatchObject({
      allocated: { interest: 0, principal: 572 },
      loanStatus: 'repaid',
    });
    const mine = (await c.inject({ method: 'GET', url: '/api/investments/my-investments' })).json().data[0];
    // c's share of the interest: 36.00, less the 1 % fee.
    expect(mine).toMatchObject({ amount: 300, status: 'repaid', profitPaid: 35.64 });
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('repaid');
    const more = await admin.inject({ method: 'POST', url, payload: { amount: 1 } });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('This loan is closed: nothing more can be paid or changed.');
  });

  it('records a repayment once per Idempotency-Key and refuses one before the venture is funded', async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 3_000n,
      maxInvestmentCents: 20_000n,
      targetAmountCents: 20_000n,
    });
    const a = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await investAs(a, venture.id, 150);
    const url = `/api/ventures/admin/${venture.id}/repayments`;
    const early = await admin.inject({ method: 'POST', url, payload: { amount: 10 } });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This venture has no running loan.');
    await admin.inject({ method: 'POST', url: `/api/ventures/admin/${venture.id}/close-funding` });
    const headers = { 'idempotency-key': 'repay-1' };
    const one = await admin.inject({
      method: 'POST',
      url,
      headers,
      payload: { amount: 10.01 },
    });
    const two = await admin.inject({
      method: 'POST',
      url,
      headers,
      payload: { amount: 10.01 },
    });
    expect(two.json()).toEqual(one.json());
    expect(two.headers['idempotent-replayed']).toBe('true');
    // 10.01 is interest of the first instalment (1.50 a month on 150.00 at 12 %) and more: 1.50
    // interest of each of instalments 1-6 = 9.00, then 1.01 of instalment 7's interest; fee 1 % of 10.01.
    expect(one.json().data).toMatchObject({ allocated: { interest: 10.01, principal: 0 }, serviceFee: 0.1 });
    expect(await balanceOf(t, a.user!.id)).toBe(100_000n - 15_000n + 1_001n - 10n);
    const bad = await admin.inject({ method: 'POST', url, payload: { amount: 0 } });
    expect(bad.json().message).toBe('Amount must be more than 0');
  });

  it('cancels and refunds a venture still raising money after its closing date (the hourly job)', async () => {
    const venture = await openVenture(t, { closingDate: new Date(Date.now() + 60_000) });
    const keep = await openVenture(t, { closingDate: new Date(Date.now() + 3 * 86_400_000) });
    const investor = await verifiedInvestor(t, 50_000n);
    await investAs(investor, venture.id, 200);
    await investAs(investor, keep.id, 100);
    t.clock.offsetMs = 2 * 60_000;
    try {
      expect(await cancelExpiredVentures(t.ctx)).toBeGreaterThanOrEqual(1);
      expect(await cancelExpiredVentures(t.ctx)).toBe(0);
    } finally {
      t.clock.offsetMs = 0;
    }
    const row = await ventureRow(t, venture.id);
    expect(row.cancelReason).toBe('The closing date passed before the target was reached.');
    expect(await balanceOf(t, investor.user!.id)).toBe(50_000n - 10_000n);
    expect((await ventureRow(t, keep.id)).cancelledAt).toBeNull();
    const [still] = await t.database.db.select().from(ventures).where(eq(ventures.id, keep.id));
    expect(still!.amountFundedCents).toBe(10_000n);
  });
});
