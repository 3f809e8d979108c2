import { and, desc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../src-server/db/schema';
import { accounts, investments, ledgerEntries, ledgerTransactions } from '../../src-server/db/schema';
import type { SessionContext } from '../../src-server/modules/auth/sessions';
import { invest } from '../../src-server/modules/investments/service';
import { splitProRata } from '../../src-server/modules/ventures/money';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

/**
 * Repayments are split pro rata to the cent with largest-remainder rounding (ARCHITECTURE.md, "The
 * money model", invariant 6), each part (principal, interest) on its own, less the 1 % service fee
 * on the interest: the unit properties of splitProRata, then whole repayments over 1000
 * investors, 1 cent and odd amounts. Seeds are fixed (FAST_CHECK_SEED explores further).
 */
const SEED = Number(process.env.FAST_CHECK_SEED ?? 6);
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
const floorOf = (total: bigint, w: bigint, all: bigint) => (total * w) / all;
/** The exact share total * w / all lies in [share - 1, share + 1] exclusive: share is its floor or ceiling. */
const isFloorOrCeil = (share: bigint, total: bigint, w: bigint, all: bigint) => {
  const floor = floorOf(total, w, all);
  const exact = (total * w) % all === 0n;
  return share === floor || (!exact && share === floor + 1n);
};

const totalArb = fc.oneof(fc.bigInt({ min: 1n, max: 100n }), fc.bigInt({ min: 1n, max: 10n ** 12n }));
const weightsArb = fc.array(
  fc.oneof(fc.bigInt({ min: 1n, max: 5n }), fc.bigInt({ min: 3_000n, max: 10n ** 10n })),
  { minLength: 1, maxLength: 300 },
);

describe('splitProRata (largest remainder)', () => {
  it('credits exactly the total, each share the floor or the ceiling of the exact pro-rata value', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const shares = splitProRata(total, weights);
        const all = sum(weights);
        expect(shares).toHaveLength(weights.length);
        expect(sum(shares)).toBe(total);
        shares.forEach((share, i) => expect(isFloorOrCeil(share, total, weights[i]!, all)).toBe(true));
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it('gives the extra cents to the largest remainders, ties to the earlier investment', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const shares = splitProRata(total, weights);
        const all = sum(weights);
        const rest = weights.map((w) => (total * w) % all);
        const extra = shares.map((s, i) => s - floorOf(total, weights[i]!, all));
        for (let i = 0; i < weights.length; i += 1) {
          for (let j = 0; j < weights.length; j += 1) {
            if (extra[i] === 1n && extra[j] === 0n) {
              // Whoever got a cent more had a larger remainder, or the same one and came first.
              expect(rest[i]! > rest[j]! || (rest[i] === rest[j] && i < j)).toBe(true);
            }
            if (weights[i]! > weights[j]!) expect(shares[i]! >= shares[j]!).toBe(true);
          }
        }
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('is order-stable: the same input gives the same split; reordering moves shares with their investments', () => {
    fc.assert(
      fc.property(
        totalArb,
        weightsArb.chain((weights) =>
          fc.tuple(
            fc.constant(weights),
            fc.shuffledSubarray([...weights.keys()], { minLength: weights.length }),
          ),
        ),
        (total, [weights, order]) => {
          const shares = splitProRata(total, weights);
          expect(splitProRata(total, [...weights])).toEqual(shares);
          const all = sum(weights);
          const rest = weights.map((w) => (total * w) % all);
          const reordered = splitProRata(
            total,
            order.map((k) => weights[k]!),
          );
          // An investment whose remainder nobody shares keeps its share wherever it stands; among
          // equal remainders the same number of extra cents is handed out (to the earliest).
          const count = new Map<bigint, number>();
          for (const r of rest) count.set(r, (count.get(r) ?? 0) + 1);
          const extras = (list: bigint[], weightOf: (i: number) => bigint) => {
            const byRest = new Map<bigint, bigint>();
            list.forEach((s, i) => {
              const w = weightOf(i);
              const r = (total * w) % all;
              byRest.set(r, (byRest.get(r) ?? 0n) + s - floorOf(total, w, all));
            });
            return byRest;
          };
          order.forEach((k, position) => {
            if (count.get(rest[k]!) === 1) expect(reordered[position]).toBe(shares[k]);
          });
          expect(extras(reordered, (i) => weights[order[i]!]!)).toEqual(extras(shares, (i) => weights[i]!));
        },
      ),
      { numRuns: 150, seed: SEED },
    );
  });

  it('depends only on the proportions', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, fc.bigInt({ min: 2n, max: 1000n }), (total, weights, k) => {
        expect(
          splitProRata(
            total,
            weights.map((w) => w * k),
          ),
        ).toEqual(splitProRata(total, weights));
      }),
      { numRuns: 100, seed: SEED },
    );
  });

  it('splits 1 cent and small amounts as expected', () => {
    expect(splitProRata(1n, [100n, 100n, 100n])).toEqual([1n, 0n, 0n]);
    expect(splitProRata(1n, [100n, 300n, 100n])).toEqual([0n, 1n, 0n]);
    expect(splitProRata(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(splitProRata(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(splitProRata(1001n, [250n, 250n, 500n])).toEqual([250n, 250n, 501n]);
    expect(splitProRata(7n, [5_000n])).toEqual([7n]);
    expect(() => splitProRata(1n, [0n])).toThrow(RangeError);
  });
});

// ------------------------------------------------------------------------------------------------
// Whole repayments in the database

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

/** An admin records a payment received outside the platform (allocated like a company's payment). */
const repay = (ventureId: string, amount: number, key?: string) =>
  admin.inject({
    method: 'POST',
    url: `/api/ventures/admin/${ventureId}/repayments`,
    payload: { amount, note: 'Bank transfer' },
    ...(key && { headers: { 'idempotency-key': key } }),
  });

/** What each investor has received of the loan so far: principal, interest and fees, by user id. */
async function receivedByUser(ventureId: string) {
  const rows = await t.database.db.select().from(investments).where(eq(investments.ventureId, ventureId));
  const byUser = new Map<string, { p: bigint; i: bigint; f: bigint }>();
  for (const r of rows) {
    const known = byUser.get(r.userId) ?? { p: 0n, i: 0n, f: 0n };
    known.p += r.receivedPrincipalCents;
    known.i += r.receivedInterestCents;
    known.f += r.serviceFeesCents;
    byUser.set(r.userId, known);
  }
  return byUser;
}

/** What is still owed on the loan (the schedule's unpaid principal and interest; no late interest here). */
async function owedOn(ventureId: string): Promise<bigint> {
  const { rows } = await t.database.pool.query<{ owed: string }>(
    `SELECT sum(principal_cents - paid_principal_cents + interest_cents - paid_interest_cents
                + late_interest_cents - paid_late_interest_cents)::text AS owed
       FROM loan_installments WHERE venture_id = $1`,
    [ventureId],
  );
  return BigInt(rows[0]!.owed);
}

/** The 1 % service fee of an interest amount, rounded half up. */
const feeOf = (interest: bigint) => (2n * interest + 100n) / 200n;

/** The credits of the venture's newest repayment, by user id (users credited nothing are absent);
 * `debit` is the external account's entry, `fee` the fee account's. */
async function lastRepaymentCredits(
  ventureId: string,
): Promise<{ credits: Map<string, bigint>; debit: bigint; fee: bigint }> {
  const [tx] = await t.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.ventureId, ventureId), eq(ledgerTransactions.kind, 'repayment')))
    .orderBy(desc(ledgerTransactions.createdAt))
    .limit(1);
  const entries = await t.database.db
    .select({
      userId: accounts.userId,
      kind: accounts.kind,
      code: accounts.code,
      amount: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, tx!.id));
  const credits = new Map<string, bigint>();
  let debit = 0n;
  let fee = 0n;
  for (const e of entries) {
    if (e.kind === 'user') credits.set(e.userId!, (credits.get(e.userId!) ?? 0n) + e.amount);
    else if (e.code === 'fees') fee += e.amount;
    else debit += e.amount;
  }
  return { credits, debit, fee };
}

describe('repayments over many investors', () => {
  it('1000 investors: 1 cent, odd amounts and the final repayment credit exactly what is repaid', async () => {
    const COUNT = 1000;
    const amounts = Array.from({ length: COUNT }, (_, i) => 3_000n + BigInt((i * 7_919) % 97_001));
    const target = sum(amounts);
    const venture = await openVenture(t, {
      title: 'A thousand investors',
      minInvestmentCents: 3_000n,
      maxInvestmentCents: 100_001n,
      targetAmountCents: target,
    });
    const people: (typeof users.$inferSelect)[] = [];
    for (let i = 0; i < COUNT; i += 20) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () =>
            t.createUser({ role: 'user', kycStatus: 'complete', protection: 'sophisticated' }),
          ),
        )),
      );
    }
    // One deposit for everyone: each investor gets exactly what they invest plus EUR 1.00.
    await t.database.db.transaction(async (tx) => {
      const entries = [];
      for (const [i, person] of people.entries())
        entries.push({ accountId: await userAccountId(tx, person.id), amountCents: amounts[i]! + 100n });
      entries.push({ accountId: await externalAccountId(tx), amountCents: -(target + 100n * BigInt(COUNT)) });
      await postTransaction(tx, { kind: 'deposit', note: 'Test deposit', entries });
    });
    // Investments through the service, four at a time (they queue on the venture's lock anyway).
    for (let i = 0; i < COUNT; i += 4) {
      const answers = await Promise.all(
        people
          .slice(i, i + 4)
          .map((person, k) =>
            invest(
              t.ctx,
              { sessionId: 'test', user: person } as SessionContext,
              { ventureId: venture.id, amount: Number(amounts[i + k]!) / 100 },
              undefined,
            ),
          ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    }
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
    const weightOf = new Map(people.map((p, i) => [p.id, amounts[i]!]));

    // The loan: 12 % for 12 months, bullet (1 % interest a month, the principal at the end). The
    // payments: a cent and odd amounts of interest, one that reaches into the principal, the rest.
    let repaid = 0n;
    for (const amount of [0.01, 12_345.67, 0.99, 99_999.99, 'rest'] as const) {
      const cents = amount === 'rest' ? await owedOn(venture.id) : BigInt(Math.round(amount * 100));
      const euros = Number(cents) / 100;
      const before = await receivedByUser(venture.id);
      const res = await repay(venture.id, euros);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.investors).toBe(COUNT);
      expect(data.loanStatus).toBe(amount === 'rest' ? 'repaid' : 'current');
      const interest = BigInt(Math.round(data.allocated.interest * 100));
      const principal = BigInt(Math.round(data.allocated.principal * 100));
      expect(interest + principal).toBe(cents);
      const { credits, debit, fee } = await lastRepaymentCredits(venture.id);
      // The payer's entry is the payment; the investors get it less the fee; the fee account the fee.
      expect(debit).toBe(-cents);
      expect(sum([...credits.values()]) + fee).toBe(cents);
      expect(data.credited).toBe(Number(cents - fee) / 100);
      expect(data.serviceFee).toBe(Number(fee) / 100);
      const after = await receivedByUser(venture.id);
      let fees = 0n;
      for (const [userId, w] of weightOf) {
        const was = before.get(userId)!;
        const now = after.get(userId)!;
        const [p, i, f] = [now.p - was.p, now.i - was.i, now.f - was.f];
        // Each part pro rata to the cent; the fee 1 % of the investor's interest; credit = the rest.
        expect(isFloorOrCeil(p, principal, w, target), `${userId}: principal ${p} of ${principal}`).toBe(
          true,
        );
        expect(isFloorOrCeil(i, interest, w, target), `${userId}: interest ${i} of ${interest}`).toBe(true);
        expect(f).toBe(feeOf(i));
        expect(credits.get(userId) ?? 0n).toBe(p + i - f);
        fees += f;
      }
      expect(fees).toBe(fee);
      if (cents === 1n) {
        // The single cent goes to the largest investment (the earliest of equals).
        const largest = amounts.reduce((a, b) => (b > a ? b : a), 0n);
        expect([...credits.keys()]).toEqual([people[amounts.indexOf(largest)]!.id]);
      }
      repaid += cents;
    }

    const rows = await t.database.db.select().from(investments).where(eq(investments.ventureId, venture.id));
    expect(sum(rows.map((r) => r.repaidCents + r.serviceFeesCents))).toBe(repaid);
    expect(sum(rows.map((r) => r.receivedPrincipalCents))).toBe(target);
    expect(rows.every((r) => r.status === 'repaid')).toBe(true);
    const balances = await t.database.db
      .select({ userId: accounts.userId, balance: accounts.balanceCents })
      .from(accounts)
      .where(
        inArray(
          accounts.userId,
          people.map((p) => p.id),
        ),
      );
    const repaidTo = new Map(rows.map((r) => [r.userId, r.repaidCents]));
    for (const b of balances) expect(b.balance).toBe(100n + repaidTo.get(b.userId!)!);
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('repaid');
  }, 600_000);

  it('one cent among three equal investments goes to the oldest; a repeated key credits once', async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 10_000n,
      maxInvestmentCents: 10_000n,
      targetAmountCents: 30_000n,
    });
    const people = [];
    for (let i = 0; i < 3; i += 1) {
      const person = await verifiedInvestor(t, 10_000n, undefined, 'sophisticated');
      t.clock.offsetMs += 1_000; // distinct investment dates: the order is the investing order
      const res = await person.inject({
        method: 'POST',
        url: '/api/investments',
        payload: { ventureId: venture.id, amount: 100 },
      });
      expect(res.statusCode).toBe(201);
      people.push(person);
    }
    expect((await repay(venture.id, 0.01, 'cent-1')).statusCode).toBe(200);
    expect((await repay(venture.id, 0.01, 'cent-1')).statusCode).toBe(200);
    expect(await Promise.all(people.map((p) => balanceOf(t, p.user!.id)))).toEqual([1n, 0n, 0n]);
    expect((await repay(venture.id, 0.02, 'cent-1')).statusCode).toBe(422);
    expect((await repay(venture.id, 0.02, 'cent-2')).statusCode).toBe(200);
    expect(await Promise.all(people.map((p) => balanceOf(t, p.user!.id)))).toEqual([2n, 1n, 0n]);
  });

  // Fails with the current server (see the report): the split is made per investment, and the
  // extra cents of tied remainders go to the earliest investments, so an investor holding several
  // of them can get a cent more than their pro-rata share while another gets a cent less.
  it('credits each investor the floor or the ceiling of their share, also with several investments each', async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 10_000n,
      maxInvestmentCents: 10_000n,
      targetAmountCents: 40_000n,
    });
    const x = await verifiedInvestor(t, 20_000n, undefined, 'sophisticated');
    const y = await verifiedInvestor(t, 20_000n, undefined, 'sophisticated');
    for (const person of [x, x, y, y]) {
      t.clock.offsetMs += 1_000;
      const res = await person.inject({
        method: 'POST',
        url: '/api/investments',
        payload: { ventureId: venture.id, amount: 100 },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
    // EUR 10.02 of interest over two investors holding EUR 200.00 each: EUR 5.01 each, less the 1 %
    // service fee (EUR 0.05).
    expect((await repay(venture.id, 10.02)).statusCode).toBe(200);
    expect({ x: await balanceOf(t, x.user!.id), y: await balanceOf(t, y.user!.id) }).toEqual({
      x: 496n,
      y: 496n,
    });
  });
});
