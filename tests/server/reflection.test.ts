/**
 * The reflection period (EU 2020/1503 Art. 22(2); API contract, "Investor protection" and "Loan
 * servicing"): a non-sophisticated investor may revoke an investment for 96 hours of business time
 * (POST /api/investments/{id}/revoke): the whole amount back through a `revocation` ledger
 * transaction, status `revoked`, amountFunded falls, a venture funded by reaching its target raises
 * money again. After 96:00, 409 investment.reflection_over. While a period is open, close-funding
 * answers 409 venture.reflection_open and a funded venture's loan waits for the close of business
 * after the last period ends.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { investments, ledgerEntries, ledgerTransactions, loans } from '../../src-server/db/schema';
import { createSession, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { addDays } from '../../src-shared/rules/schedule';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

let t: TestContext;
let admin: SignedIn;
let superadmin: SignedIn;

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
  superadmin = await t.injectAs('superadmin');
});

const HOUR = 3_600_000;
const BALANCE = 1_000_000n;

const invest = (who: SignedIn, ventureId: string, amount: number) =>
  who.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
const revoke = (who: SignedIn, id: string) =>
  who.inject({ method: 'POST', url: `/api/investments/${id}/revoke` });
const closeFunding = (ventureId: string) =>
  admin.inject({ method: 'POST', url: `/api/ventures/admin/${ventureId}/close-funding` });

/**
 * Moves the app's clock (business time with it) by `ms`, and signs everyone used afterwards in again
 * (sessions expire by the real clock, which the tests move too).
 */
async function later(ms: number, ...people: SignedIn[]): Promise<void> {
  t.clock.offsetMs += ms;
  for (const who of [...people, admin, superadmin]) await fresh(who);
}

/** A session started at the app's (moved) time. */
async function fresh(who: SignedIn): Promise<SignedIn> {
  const { token } = await createSession(t.database.db, {
    userId: who.user!.id,
    rememberMe: false,
    now: t.ctx.now(),
  });
  const cookie = `${SESSION_COOKIE}=${token}`;
  who.cookie = cookie;
  who.inject = (options) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as never);
  return who;
}

/** A verified investor with EUR 10,000, signed in at the app's time (default protection: passed). */
const investor = async (protection?: 'sophisticated') =>
  fresh(await verifiedInvestor(t, BALANCE, undefined, protection));

async function investmentRow(id: string) {
  const [row] = await t.database.db.select().from(investments).where(eq(investments.id, id));
  return row!;
}

const loanOf = async (ventureId: string) =>
  (await t.database.db.select().from(loans).where(eq(loans.ventureId, ventureId)))[0];

/** Stops the clock (Date only, timers run): the business time is then exactly what a test sets. */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/investments/{id}/revoke', () => {
  it('refunds the whole amount at 95:59 of business time; amountFunded falls; listed as revoked', async () => {
    stopTheClock();
    const venture = await openVenture(t);
    const who = await investor();
    const res = await invest(who, venture.id, 300);
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id, investmentDate, revocableUntil } = res.json().data;
    expect(Date.parse(revocableUntil) - Date.parse(investmentDate)).toBe(96 * HOUR);
    expect(await balanceOf(t, who.user!.id)).toBe(BALANCE - 30_000n);

    await later(96 * HOUR - 60_000, who); // 95:59
    const revoked = await revoke(who, id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      message: 'Investment revoked.',
      data: { _id: id, status: 'revoked', amount: 300, revocableUntil },
    });
    expect(await balanceOf(t, who.user!.id)).toBe(BALANCE);
    expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(0n);
    const row = await investmentRow(id);
    expect(row.status).toBe('revoked');
    expect(row.revokedAt).not.toBeNull();
    const entries = await t.database.db
      .select({ amount: ledgerEntries.amountCents, kind: ledgerTransactions.kind })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.transactionId, row.revocationTransactionId!));
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['revocation', -30_000n],
      ['revocation', 30_000n],
    ]);
    const mine = await who.inject({ method: 'GET', url: '/api/investments/my-investments' });
    expect(mine.json().data).toEqual([
      expect.objectContaining({ _id: id, status: 'revoked', revocableUntil, outstandingPrincipal: 0 }),
    ]);
    const listed = await admin.inject({
      method: 'GET',
      url: `/api/investments/admin?status=revoked&userId=${who.user!.id}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ _id: id, status: 'revoked' })]);

    // A second revocation: 409, nothing moves.
    const again = await revoke(who, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'investment.not_revocable',
      message: 'This investment cannot be revoked.',
    });
    expect(await balanceOf(t, who.user!.id)).toBe(BALANCE);
  });

  it('answers 409 investment.reflection_over at exactly 96:00; nothing moves', async () => {
    stopTheClock();
    const venture = await openVenture(t);
    const who = await investor();
    const id = (await invest(who, venture.id, 300)).json().data._id;
    await later(96 * HOUR, who);
    const res = await revoke(who, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'investment.reflection_over',
      message: 'The reflection period of this investment is over: it can no longer be revoked.',
    });
    expect(await balanceOf(t, who.user!.id)).toBe(BALANCE - 30_000n);
    expect((await investmentRow(id)).status).toBe('invested');
  });

  it("answers 404 for someone else's investment, as reading it does, and 409 for a sophisticated investor's", async () => {
    const venture = await openVenture(t);
    const who = await investor();
    const other = await investor();
    const id = (await invest(who, venture.id, 300)).json().data._id;
    for (const res of [
      await revoke(other, id),
      await other.inject({ method: 'GET', url: `/api/investments/${id}` }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('investment.not_found');
    }
    expect((await revoke(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const company = await fresh(await t.injectAs('corporate'));
    expect((await revoke(company, id)).statusCode).toBe(403);
    expect((await investmentRow(id)).status).toBe('invested');

    const pro = await investor('sophisticated');
    const proId = (await invest(pro, venture.id, 300)).json().data._id;
    const res = await revoke(pro, proId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('investment.not_revocable');
  });

  it('reopens a venture funded by reaching its target: new again, its investments back to invested', async () => {
    const venture = await openVenture(t, { targetAmountCents: 60_000n, maxInvestmentCents: 60_000n });
    const pro = await investor('sophisticated');
    const who = await investor();
    const first = (await invest(pro, venture.id, 400)).json().data._id;
    const last = await invest(who, venture.id, 200);
    expect(last.json().data.status).toBe('completed');
    let row = await ventureRow(t, venture.id);
    expect(row.lifecycleStatus).toBe('funded');
    // The loan waits for the reflection period.
    expect(await loanOf(venture.id)).toBeUndefined();

    const res = await revoke(who, last.json().data._id);
    expect(res.statusCode, res.body).toBe(200);
    row = await ventureRow(t, venture.id);
    expect(row.lifecycleStatus).toBe('new');
    expect(row.amountFundedCents).toBe(40_000n);
    expect((await investmentRow(first)).status).toBe('invested');
    expect(await loanOf(venture.id)).toBeUndefined();
    // Open again: the rest can be invested.
    expect((await invest(pro, venture.id, 200)).statusCode).toBe(201);
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
  });
});

describe('close-funding and the loan wait for the reflection periods', () => {
  it('close-funding answers 409 venture.reflection_open with the last period end, then closes after it', async () => {
    const venture = await openVenture(t);
    const a = await investor();
    const b = await investor();
    await invest(a, venture.id, 300);
    await later(HOUR, a, b);
    const lastUntil = (await invest(b, venture.id, 200)).json().data.revocableUntil;
    const refused = await closeFunding(venture.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'venture.reflection_open', params: { until: lastUntil } });
    expect(refused.json().message).toBe(
      `Some investments in this venture can still be revoked (until ${lastUntil}); the funding can close after that.`,
    );
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('new');

    // a's period is over, b's is not.
    await later(96 * HOUR - 60_000, a, b);
    expect((await closeFunding(venture.id)).json().code).toBe('venture.reflection_open');
    await later(60_000, a, b);
    const closed = await closeFunding(venture.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.lifecycleStatus).toBe('funded');
    expect(await loanOf(venture.id)).toMatchObject({ principalCents: 50_000n });
  });

  it('a venture funded while periods are open starts its loan at the close of business after the last one ends', async () => {
    const venture = await openVenture(t, { targetAmountCents: 50_000n, maxInvestmentCents: 50_000n });
    const who = await investor();
    const company = await balanceOf(t, venture.createdBy);
    const res = await invest(who, venture.id, 500);
    expect(res.json().data.status).toBe('completed');
    const day = t.ctx.clock.today();
    const moveTo = async (date: string) => {
      const moved = await superadmin.inject({
        method: 'PUT',
        url: '/api/admin/business-date',
        payload: { date },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    // The period ends on day + 4 (same time of day): the closes of business up to day + 3 wait.
    await moveTo(addDays(day, 4));
    expect(await loanOf(venture.id)).toBeUndefined();
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
    expect(await balanceOf(t, venture.createdBy)).toBe(company);
    // Closing day + 4 (its end is after the period's): the loan starts, disbursed on day + 5.
    await moveTo(addDays(day, 5));
    expect(await loanOf(venture.id)).toMatchObject({ disbursedOn: addDays(day, 5), principalCents: 50_000n });
    expect(await balanceOf(t, venture.createdBy)).toBe(company + 50_000n);
    // Revoking now is too late.
    expect((await revoke(who, res.json().data._id)).json().code).toBe('investment.reflection_over');
  });
});

describe('the venture answers revocableAmount and revocableUntil to its owner and admins', () => {
  it('sums what can still be revoked, with the last period end; not in public answers', async () => {
    const owner = await fresh(await t.injectAs('corporate'));
    const venture = await openVenture(t, { createdBy: owner.user!.id });
    const a = await investor();
    const b = await investor();
    const pro = await investor('sophisticated');
    await invest(a, venture.id, 300);
    await later(HOUR, a, b, pro, owner);
    const until = (await invest(b, venture.id, 200)).json().data.revocableUntil;
    await invest(pro, venture.id, 400);
    const expected = { revocableAmount: 500, revocableUntil: until };
    const asAdmin = await admin.inject({ method: 'GET', url: `/api/ventures/id/${venture.id}` });
    expect(asAdmin.json().data).toMatchObject(expected);
    const asOwner = await owner.inject({ method: 'GET', url: `/api/ventures/my-ventures/${venture.id}` });
    expect(asOwner.json().data).toMatchObject(expected);
    const mine = await owner.inject({ method: 'GET', url: '/api/ventures/my-ventures' });
    expect(mine.json().data.find((v: { _id: string }) => v._id === venture.id)).toMatchObject(expected);
    const asInvestor = await a.inject({ method: 'GET', url: `/api/ventures/id/${venture.id}` });
    expect(asInvestor.json().data).not.toHaveProperty('revocableAmount');
    expect(asInvestor.json().data).not.toHaveProperty('revocableUntil');
    // a's period ends: only b's remains; then none.
    await later(96 * HOUR - HOUR, owner);
    expect(
      (await owner.inject({ method: 'GET', url: `/api/ventures/my-ventures/${venture.id}` })).json().data,
    ).toMatchObject({ revocableAmount: 200, revocableUntil: until });
    await later(HOUR, owner);
    expect(
      (await owner.inject({ method: 'GET', url: `/api/ventures/my-ventures/${venture.id}` })).json().data,
    ).toMatchObject({ revocableAmount: 0, revocableUntil: null });
  });
});

describe('races', () => {
  it('two revocations of one investment at once refund it once', async () => {
    const venture = await openVenture(t);
    const who = await investor();
    const id = (await invest(who, venture.id, 300)).json().data._id;
    const answers = await Promise.all([revoke(who, id), revoke(who, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(t, who.user!.id)).toBe(BALANCE);
    const refunds = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.ventureId, venture.id), eq(ledgerTransactions.kind, 'revocation')));
    expect(refunds).toHaveLength(1);
  });

  it('a revocation racing the investment that funds the venture: either order ends raising, without the revoked amount', async () => {
    for (let round = 0; round < 3; round += 1) {
      const venture = await openVenture(t, { targetAmountCents: 60_000n, maxInvestmentCents: 60_000n });
      const a = await investor();
      const b = await investor();
      const id = (await invest(a, venture.id, 400)).json().data._id;
      const [revoked, invested] = await Promise.all([revoke(a, id), invest(b, venture.id, 200)]);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(invested.statusCode, invested.body).toBe(201);
      const row = await ventureRow(t, venture.id);
      expect(row.lifecycleStatus).toBe('new');
      expect(row.amountFundedCents).toBe(20_000n);
      expect(await loanOf(venture.id)).toBeUndefined();
      expect(await balanceOf(t, a.user!.id)).toBe(BALANCE);
    }
  });
});
