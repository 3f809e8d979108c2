import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../src-shared/errors';
import { centsToEuros, formatEuros } from '../../src-shared/money';
import {
  buildSchedule,
  daysBetween,
  loanStatusForDaysLate,
  type RepaymentType,
  type ScheduledInstallment,
} from '../../src-shared/rules/schedule';
import type { users } from '../../src-server/db/schema';
import { accounts, investments, ventures } from '../../src-server/db/schema';
import { HttpError } from '../../src-server/lib/http-error';
import type { SessionContext } from '../../src-server/modules/auth/sessions';
import { adjustBalance } from '../../src-server/modules/balances/service';
import { invest } from '../../src-server/modules/investments/service';
import { recordAdminRepayment } from '../../src-server/modules/servicing/actions';
import { cancelExpiredVentures, cancelVenture, closeFunding } from '../../src-server/modules/ventures/money';
import { testContext, type TestContext } from './context';
import { findInvariantViolations } from './invariants';
import { openVenture } from './money-helpers';

/**
 * Model-based test of the money model (issue "Money", section "Proof"): random sequences of credit,
 * debit, invest, close, cancel, repay and the closing-date job, applied to the service functions and
 * to a small in-memory model (balances per user in cents, what each venture has raised, statuses,
 * the company's balance and the platform's fee account). A funded venture's loan starts: the escrow
 * goes to the company's balance and each investment expects its share of the schedule's interest. An
 * admin's repayment (loan servicing, API contract) is allocated oldest instalment first, interest
 * before principal; the investors are credited the amount less the service fee (1 % of the
 * interest they receive), the fee account gets the fee; the last one makes the loan `repaid`.
 * After every command the ledger's invariants hold and the database equals the model. Each run
 * starts with fresh users and ventures in the same database. The seed is fixed so CI is
 * deterministic; MONEY_MODEL_SEED and MONEY_MODEL_RUNS explore further.
 */
const SEED = Number(process.env.MONEY_MODEL_SEED ?? 20_261_121);
const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 100);
const USERS = 4; // the last one has not completed identity verification
const VENTURES = 2;
const DAY_MS = 86_400_000;
const SERVICE_FEE_HUNDREDTHS = 100n; // SERVICE_FEE_RATE: 1 %

type UserRow = typeof users.$inferSelect;
type State = 'open' | 'funded' | 'repaid' | 'cancelled';
type InvestmentStatus = 'invested' | 'completed' | 'refunded' | 'repaid';
interface ModelInvestment {
  id: string;
  user: number;
  amount: bigint;
  repaid: bigint;
  /** Interest received less the service fee. */
  profit: bigint;
  principal: bigint;
  interest: bigint;
  fees: bigint;
  /** Its share of the schedule's interest, once the loan started. */
  expected: bigint | null;
  date: string;
  status: InvestmentStatus;
}
interface ModelVenture {
  target: bigint;
  min: bigint;
  max: bigint;
  funded: bigint;
  escrow: bigint;
  type: RepaymentType;
  state: State;
  investments: ModelInvestment[];
  /** The loan's schedule once it started, and what was paid on it. */
  schedule: ScheduledInstallment[] | null;
  paid: bigint;
}
interface Model {
  balances: bigint[];
  /** The company's balance (the ventures' owner) and the platform's fee account. */
  company: bigint;
  fees: bigint;
  verified: boolean[];
  ventures: ModelVenture[];
}
interface Real {
  users: UserRow[];
  ventureIds: string[];
  companyId: string;
}

let t: TestContext;
let admin: SessionContext;
const as = (user: UserRow) => ({ sessionId: 'model', user }) as SessionContext;
const euros = (cents: bigint) => formatEuros(centsToEuros(cents), 'en');

interface Outcome<T> {
  status: number;
  message?: string;
  value?: T;
}
async function outcome<T>(work: () => Promise<T>, success: number): Promise<Outcome<T>> {
  try {
    return { status: success, value: await work() };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

/** Splits `total` over `weights` to the cent: floors, then the largest remainders (ties: earlier). */
function largestRemainder(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, rest: (total * w) % sum }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** Investments in the order the server weighs them: oldest first, then by id. */
const byDate = (a: ModelInvestment, b: ModelInvestment) =>
  a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1;

/**
 * The target was reached or the funding closed: investments complete and the loan starts on the
 * business date: the escrow is paid out to the company's balance, the schedule is fixed from the
 * venture's terms (12 % over 12 months), each investment expects its pro-rata share of the
 * schedule's interest.
 */
function fundModel(m: Model, v: ModelVenture) {
  v.state = 'funded';
  m.company += v.escrow;
  v.escrow = 0n;
  for (const i of v.investments) if (i.status === 'invested') i.status = 'completed';
  v.schedule = buildSchedule({
    principalCents: v.funded,
    rateHundredths: 1200n,
    months: 12,
    type: v.type,
    frequency: 'monthly',
    gracePeriods: 0,
    disbursedOn: t.ctx.clock.today(),
  });
  const interest = v.schedule.reduce((sum, row) => sum + row.interestCents, 0n);
  const completed = v.investments.filter((i) => i.status === 'completed').sort(byDate);
  const shares = largestRemainder(
    interest,
    completed.map((i) => i.amount),
  );
  completed.forEach((i, k) => (i.expected = shares[k]!));
}

/** Everything the schedule asks for (no late interest: no close of business runs here). */
const scheduleTotal = (v: ModelVenture) =>
  (v.schedule ?? []).reduce((sum, row) => sum + row.principalCents + row.interestCents, 0n);

/**
 * The interest part of paying `amount` after `paid` was paid: the schedule read as one line of
 * money, each instalment's interest before its principal, oldest first; the part of
 * [paid, paid + amount) that falls on interest.
 */
function interestPart(schedule: ScheduledInstallment[], paid: bigint, amount: bigint): bigint {
  let start = 0n;
  let interest = 0n;
  const end = paid + amount;
  for (const row of schedule) {
    const from = start > paid ? start : paid;
    const to = start + row.interestCents < end ? start + row.interestCents : end;
    if (to > from) interest += to - from;
    start += row.interestCents + row.principalCents;
  }
  return interest;
}

/** The loan's status after a payment: from the days past due of the oldest instalment not paid. */
function statusAfter(v: ModelVenture): string {
  if (v.paid === scheduleTotal(v)) return 'repaid';
  let end = 0n;
  for (const row of v.schedule!) {
    end += row.interestCents + row.principalCents;
    if (v.paid < end)
      return loanStatusForDaysLate(Math.max(0, daysBetween(row.dueDate, t.ctx.clock.today())));
  }
  return 'current';
}

function refundModel(m: Model, v: ModelVenture) {
  for (const i of v.investments) {
    if (i.status !== 'invested') continue;
    m.balances[i.user]! += i.amount;
    i.status = 'refunded';
  }
  v.state = 'cancelled';
  v.funded = 0n;
  v.escrow = 0n;
}

/** The database equals the model, and the ledger's invariants hold. */
async function verify(m: Model, r: Real) {
  const userIds = r.users.map((u) => u.id);
  const balances = await t.database.db
    .select({ userId: accounts.userId, balance: accounts.balanceCents })
    .from(accounts)
    .where(inArray(accounts.userId, userIds));
  expect(new Map(balances.map((b) => [b.userId, b.balance]))).toEqual(
    new Map(userIds.map((id, i) => [id, m.balances[i]!])),
  );

  const rows = await t.database.db.select().from(ventures).where(inArray(ventures.id, r.ventureIds));
  const escrows = await t.database.db
    .select({ ventureId: accounts.ventureId, balance: accounts.balanceCents })
    .from(accounts)
    .where(inArray(accounts.ventureId, r.ventureIds));
  const escrowOf = new Map(escrows.map((e) => [e.ventureId, e.balance]));
  const stateOf = (row: (typeof rows)[number]): State =>
    row.cancelledAt ? 'cancelled' : row.lifecycleStatus === 'new' ? 'open' : (row.lifecycleStatus as State);
  expect(
    r.ventureIds.map((id) => {
      const row = rows.find((v) => v.id === id)!;
      return { funded: row.amountFundedCents, state: stateOf(row), escrow: escrowOf.get(id) ?? 0n };
    }),
  ).toEqual(m.ventures.map((v) => ({ funded: v.funded, state: v.state, escrow: v.escrow })));

  const stored = await t.database.db
    .select()
    .from(investments)
    .where(inArray(investments.ventureId, r.ventureIds));
  const expected = m.ventures.flatMap((v, vi) =>
    v.investments.map((i) => ({
      id: i.id,
      ventureId: r.ventureIds[vi],
      userId: r.users[i.user]!.id,
      amount: i.amount,
      repaid: i.repaid,
      profitPaid: i.profit,
      receivedPrincipal: i.principal,
      receivedInterest: i.interest,
      serviceFees: i.fees,
      ...(i.expected !== null && { expectedReturn: i.expected }),
      status: i.status,
    })),
  );
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  expect(
    stored
      .map((s) => ({
        id: s.id,
        ventureId: s.ventureId,
        userId: s.userId,
        amount: s.amountCents,
        repaid: s.repaidCents,
        profitPaid: s.profitPaidCents,
        receivedPrincipal: s.receivedPrincipalCents,
        receivedInterest: s.receivedInterestCents,
        serviceFees: s.serviceFeesCents,
        ...(m.ventures[r.ventureIds.indexOf(s.ventureId)]!.schedule && {
          expectedReturn: s.totalExpectedReturnCents,
        }),
        status: s.status,
      }))
      .sort(byId),
  ).toEqual(expected.sort(byId));

  const [company] = await t.database.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.userId, r.companyId));
  expect({ company: company?.balance ?? 0n, fees: await feeBalance() }).toEqual({
    company: m.company,
    fees: m.fees,
  });

  expect(await findInvariantViolations(t.database.pool)).toEqual([]);
}

async function feeBalance(): Promise<bigint> {
  const [row] = await t.database.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(and(eq(accounts.kind, 'platform'), eq(accounts.code, 'fees')));
  return row!.balance;
}

// ------------------------------------------------------------------------------------------------
// Commands

/** An amount: relative to the venture or the balance, a share of the way from the venture's
 * minimum to its maximum, or a number of cents. */
type Amount = 'min' | 'max' | 'left' | 'balance' | 'more' | { percent: number } | number;
const amountArb: fc.Arbitrary<Amount> = fc.oneof(
  { arbitrary: fc.constantFrom<Amount>('min', 'max', 'balance', 'more'), weight: 4 },
  { arbitrary: fc.constant<Amount>('left'), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: 100 }).map((percent) => ({ percent })), weight: 6 },
  { arbitrary: fc.integer({ min: 1, max: 250_000 }), weight: 2 },
);
function resolve(amount: Amount, m: Model, user: number, v?: ModelVenture): bigint {
  const balance = m.balances[user]!;
  let cents: bigint;
  if (typeof amount === 'number') cents = BigInt(amount);
  else if (typeof amount === 'object')
    cents = v ? v.min + ((v.max - v.min) * BigInt(amount.percent)) / 100n : BigInt(amount.percent);
  else if (amount === 'balance') cents = balance;
  else if (amount === 'more') cents = balance + 1n;
  else if (!v) cents = balance / 2n;
  else cents = amount === 'min' ? v.min : amount === 'max' ? v.max : v.target - v.funded;
  return cents > 0n ? cents : 1n;
}

type Command = fc.AsyncCommand<Model, Real>;

class Credit implements Command {
  constructor(
    readonly user: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const answer = await adjustBalance(
      t.ctx,
      admin,
      r.users[this.user]!.id,
      { amountCents: BigInt(this.cents), note: 'model credit', proof: null },
      undefined,
    );
    m.balances[this.user]! += BigInt(this.cents);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.balance).toBe(centsToEuros(m.balances[this.user]!));
    await verify(m, r);
  }
  toString = () => `credit(u${this.user}, ${this.cents})`;
}

class Debit implements Command {
  constructor(
    readonly user: number,
    readonly amount: Amount,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const cents = resolve(this.amount, m, this.user);
    const got = await outcome(
      () =>
        adjustBalance(
          t.ctx,
          admin,
          r.users[this.user]!.id,
          { amountCents: -cents, note: 'model debit', proof: null },
          undefined,
        ),
      200,
    );
    if (cents > m.balances[this.user]!) {
      expect(got).toEqual({ status: 400, message: 'Insufficient balance.' });
    } else {
      m.balances[this.user]! -= cents;
      expect(got.status).toBe(200);
      expect(got.value!.body.balance).toBe(centsToEuros(m.balances[this.user]!));
    }
    await verify(m, r);
  }
  toString = () => `debit(u${this.user}, ${JSON.stringify(this.amount)})`;
}

class Invest implements Command {
  constructor(
    readonly user: number,
    readonly venture: number,
    readonly amount: Amount,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const v = m.ventures[this.venture]!;
    const cents = resolve(this.amount, m, this.user, v);
    const got = await outcome(
      () =>
        invest(
          t.ctx,
          as(r.users[this.user]!),
          { ventureId: r.ventureIds[this.venture]!, amount: centsToEuros(cents) },
          undefined,
        ),
      201,
    );
    // The contract's rules, in its order ("Investments").
    const left = v.target - v.funded;
    let refusal: { status: number; message: string } | null = null;
    if (!m.verified[this.user])
      refusal = { status: 403, message: 'Please complete identity verification before investing.' };
    // A cancelled venture is rejected: no longer visible to investors, so not found.
    else if (v.state === 'cancelled') refusal = { status: 404, message: 'Venture not found.' };
    else if (v.state !== 'open')
      refusal = { status: 409, message: 'This venture is not open for investment.' };
    else if (cents < v.min && cents !== left)
      refusal = { status: 400, message: `Minimum investment is ${euros(v.min)}` };
    else if (cents > v.max) refusal = { status: 400, message: `Maximum investment is ${euros(v.max)}` };
    else if (cents > left)
      refusal = { status: 400, message: `Only ${euros(left)} is left to fund in this venture.` };
    else if (cents > m.balances[this.user]!) refusal = { status: 400, message: 'Insufficient balance.' };

    if (refusal) {
      expect(got).toEqual(refusal);
    } else {
      expect(got.status).toBe(201);
      const data = got.value!.body.data;
      m.balances[this.user]! -= cents;
      v.funded += cents;
      v.escrow += cents;
      v.investments.push({
        id: data._id,
        user: this.user,
        amount: cents,
        repaid: 0n,
        profit: 0n,
        principal: 0n,
        interest: 0n,
        fees: 0n,
        expected: null,
        date: data.investmentDate,
        status: 'invested',
      });
      if (v.funded === v.target) fundModel(m, v);
      expect(data.amount).toBe(centsToEuros(cents));
      expect(data.status).toBe(v.state === 'funded' ? 'completed' : 'invested');
    }
    await verify(m, r);
  }
  toString = () => `invest(u${this.user}, v${this.venture}, ${JSON.stringify(this.amount)})`;
}

class Close implements Command {
  constructor(readonly venture: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const v = m.ventures[this.venture]!;
    const got = await outcome(() => closeFunding(t.ctx, admin, r.ventureIds[this.venture]!), 200);
    if (v.state === 'funded') {
      expect(got.status).toBe(200);
    } else if (v.state === 'open' && v.funded > 0n) {
      expect(got.status).toBe(200);
      fundModel(m, v);
    } else {
      expect(got.status).toBe(409);
    }
    if (got.value) expect(got.value.data.lifecycleStatus).toBe('funded');
    await verify(m, r);
  }
  toString = () => `close(v${this.venture})`;
}

class Cancel implements Command {
  constructor(readonly venture: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const v = m.ventures[this.venture]!;
    const got = await outcome(
      () => cancelVenture(t.ctx, admin.user.id, r.ventureIds[this.venture]!, 'Model cancel'),
      200,
    );
    if (v.state === 'funded' || v.state === 'repaid') {
      expect(got.status).toBe(409);
    } else {
      expect(got.status).toBe(200);
      refundModel(m, v);
      expect(got.value!.data.amountFunded).toBe(0);
    }
    await verify(m, r);
  }
  toString = () => `cancel(v${this.venture})`;
}

/** A repayment's amount: a share of what is owed, all of it, a few cents, or one cent too many. */
type RepayAmount = { percent: number } | 'rest' | 'over' | number;

/** An admin records money the company paid outside the platform (recordAdminRepayment). */
class Repay implements Command {
  constructor(
    readonly venture: number,
    readonly amount: RepayAmount,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const v = m.ventures[this.venture]!;
    const owed = scheduleTotal(v) - v.paid;
    const raw =
      typeof this.amount === 'number'
        ? BigInt(this.amount)
        : this.amount === 'rest'
          ? owed
          : this.amount === 'over'
            ? owed + 1n
            : (owed * BigInt(this.amount.percent)) / 100n;
    const cents = raw > 0n ? raw : 1n;
    const got = await outcome(
      () =>
        recordAdminRepayment(
          t.ctx,
          admin,
          r.ventureIds[this.venture]!,
          { amount: centsToEuros(cents), note: 'model repayment' },
          undefined,
        ),
      200,
    );
    if (v.state !== 'funded') {
      // No loan (still raising, cancelled) or a closed one (repaid).
      expect(got.status).toBe(409);
    } else if (cents > owed) {
      // More than what is owed: refused, nothing moves (verify below).
      expect(got).toEqual({
        status: 400,
        message: errorText('servicing.overpayment', { amount: centsToEuros(owed) }),
      });
    } else {
      const interest = interestPart(v.schedule!, v.paid, cents);
      const principal = cents - interest;
      // Per investor (their completed investments, ordered by their oldest), pro rata to the cent.
      const paid = v.investments.filter((i) => i.status === 'completed').sort(byDate);
      const investors = [...new Set(paid.map((i) => i.user))];
      const held = investors.map((u) => paid.filter((i) => i.user === u));
      const weights = held.map((own) => own.reduce((sum, i) => sum + i.amount, 0n));
      const principals = largestRemainder(principal, weights);
      const interests = largestRemainder(interest, weights);
      // The service fee: 1 % of the interest each investor receives, rounded half up.
      const fees = interests.map((x) => (2n * SERVICE_FEE_HUNDREDTHS * x + 10_000n) / 20_000n);
      let totalFee = 0n;
      investors.forEach((u, k) => {
        const credit = principals[k]! + interests[k]! - fees[k]!;
        m.balances[u]! += credit;
        totalFee += fees[k]!;
        // The investor's parts over their investments, pro rata to each one's amount.
        const amounts = held[k]!.map((i) => i.amount);
        const p = largestRemainder(principals[k]!, amounts);
        const i = largestRemainder(interests[k]!, amounts);
        const f = largestRemainder(fees[k]!, amounts);
        held[k]!.forEach((inv, j) => {
          inv.principal += p[j]!;
          inv.interest += i[j]!;
          inv.fees += f[j]!;
          inv.repaid += p[j]! + i[j]! - f[j]!;
          inv.profit += i[j]! - f[j]!;
        });
      });
      m.fees += totalFee;
      v.paid += cents;
      const loanStatus = statusAfter(v);
      if (loanStatus === 'repaid') {
        v.state = 'repaid';
        for (const i of paid) i.status = 'repaid';
      }
      expect(got.status).toBe(200);
      expect(got.value!.body.data).toEqual({
        allocated: { lateInterest: 0, interest: centsToEuros(interest), principal: centsToEuros(principal) },
        serviceFee: centsToEuros(totalFee),
        credited: centsToEuros(cents - totalFee),
        investors: investors.length,
        loanStatus,
      });
    }
    await verify(m, r);
  }
  toString = () => `repay(v${this.venture}, ${JSON.stringify(this.amount)})`;
}

/** The closing dates pass: the job cancels every venture still raising money and refunds it. */
class Expire implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    t.clock.offsetMs += 31 * DAY_MS;
    const cancelled = await cancelExpiredVentures(t.ctx);
    const open = m.ventures.filter((v) => v.state === 'open');
    for (const v of open) refundModel(m, v);
    // Ventures left open by earlier runs are cancelled too.
    expect(cancelled).toBeGreaterThanOrEqual(open.length);
    await verify(m, r);
  }
  toString = () => 'expire()';
}

// Mostly verified investors; now and then the one who is not.
const userArb = fc.oneof(
  { arbitrary: fc.nat({ max: USERS - 2 }), weight: 9 },
  { arbitrary: fc.constant(USERS - 1), weight: 1 },
);
const ventureArb = fc.nat({ max: VENTURES - 1 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.tuple(userArb, fc.integer({ min: 1, max: 200_000 })).map(([u, c]) => new Credit(u, c)),
    weight: 3,
  },
  { arbitrary: fc.tuple(userArb, amountArb).map(([u, a]) => new Debit(u, a)), weight: 2 },
  {
    arbitrary: fc.tuple(userArb, ventureArb, amountArb).map(([u, v, a]) => new Invest(u, v, a)),
    weight: 24,
  },
  { arbitrary: ventureArb.map((v) => new Close(v)), weight: 3 },
  { arbitrary: ventureArb.map((v) => new Cancel(v)), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        ventureArb,
        fc.oneof(
          {
            arbitrary: fc.integer({ min: 1, max: 100 }).map((percent): RepayAmount => ({ percent })),
            weight: 6,
          },
          { arbitrary: fc.constant<RepayAmount>('rest'), weight: 2 },
          { arbitrary: fc.integer({ min: 1, max: 99 }).map((c): RepayAmount => c), weight: 2 },
          { arbitrary: fc.constant<RepayAmount>('over'), weight: 1 },
        ),
      )
      .map(([v, a]) => new Repay(v, a)),
    weight: 8,
  },
  { arbitrary: fc.constant(null).map(() => new Expire()), weight: 1 },
);
const commands = fc.commands([commandArb], { maxCommands: 40, size: 'max' });

/** A venture's terms in cents: the platform minimum is EUR 30.00; min <= max <= target. */
const termsArb = fc
  .record({
    min: fc.integer({ min: 3_000, max: 20_000 }),
    extra: fc.integer({ min: 0, max: 60_000 }),
    maxShare: fc.integer({ min: 30, max: 100 }),
    type: fc.constantFrom<RepaymentType>('bullet', 'annuity', 'equal_principal'),
  })
  .map(({ min, extra, maxShare, type }) => ({
    min: BigInt(min),
    max: BigInt(min + Math.floor((extra * maxShare) / 100)),
    target: BigInt(min + extra),
    type,
  }));

async function setup(
  terms: { min: bigint; max: bigint; target: bigint; type: RepaymentType }[],
  start: number[],
) {
  const people: UserRow[] = [];
  for (let i = 0; i < USERS; i += 1) {
    // Sophisticated: the model has no reflection period (reflection.test.ts covers it).
    people.push(
      await t.createUser({
        role: 'user',
        kycStatus: i === USERS - 1 ? 'pending' : 'complete',
        protection: 'sophisticated',
      }),
    );
  }
  // The ventures' owner: a company of its own in each run, its balance 0.
  const company = await t.createUser({ role: 'corporate' });
  const model: Model = {
    balances: start.map(BigInt),
    company: 0n,
    fees: await feeBalance(),
    verified: people.map((p) => p.kycStatus === 'complete'),
    ventures: [],
  };
  for (const [i, cents] of start.entries()) {
    if (cents > 0)
      await adjustBalance(
        t.ctx,
        admin,
        people[i]!.id,
        { amountCents: BigInt(cents), note: null, proof: null },
        undefined,
      );
  }
  const ventureIds: string[] = [];
  for (const [i, term] of terms.entries()) {
    const row = await openVenture(t, {
      title: `Model venture ${i}`,
      minInvestmentCents: term.min,
      maxInvestmentCents: term.max,
      targetAmountCents: term.target,
      repaymentType: term.type,
      createdBy: company.id,
    });
    ventureIds.push(row.id);
    model.ventures.push({
      ...term,
      funded: 0n,
      escrow: 0n,
      state: 'open',
      investments: [],
      schedule: null,
      paid: 0n,
    });
  }
  return { model, real: { users: people, ventureIds, companyId: company.id } };
}

beforeAll(async () => {
  t = await testContext();
  admin = as(await t.createUser({ role: 'admin' }));
});

describe('the money model against an in-memory model (fast-check)', () => {
  it(`${RUNS} random command sequences keep the books right and match the model`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(termsArb, { minLength: VENTURES, maxLength: VENTURES }),
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600_000 })), {
          minLength: USERS,
          maxLength: USERS,
        }),
        commands,
        async (terms, start, cmds) => {
          await fc.asyncModelRun(() => setup(terms, start), cmds);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 300_000);
});
