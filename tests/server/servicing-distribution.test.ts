import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../src-server/db/schema';
import { accounts, investments } from '../../src-server/db/schema';
import type { SessionContext } from '../../src-server/modules/auth/sessions';
import { invest } from '../../src-server/modules/investments/service';
import { externalAccountId, postTransaction, userAccountId } from '../../src-server/modules/ledger/service';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture } from './money-helpers';

/**
 * A company's payments on a loan of 1,000 investors (API contract, "Loan servicing"): each payment
 * is credited to the investors to the cent, pro rata for each part, less the 1 % service fee on the
 * interest each receives; the credits and the fee add up to the payment exactly.
 */
let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

async function feeAccount(): Promise<bigint> {
  const [row] = await t.database.db
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(and(eq(accounts.kind, 'platform'), eq(accounts.code, 'fees')));
  return row!.balance;
}

describe('a loan of 1,000 investors', () => {
  it("credits each company payment exactly: the investors' credits plus the fee are the payment", async () => {
    const COUNT = 1000;
    const amounts = Array.from({ length: COUNT }, (_, i) => 3_000n + BigInt((i * 7_919) % 97_001));
    const target = sum(amounts);
    const company: SignedIn = await t.injectAs('corporate');
    const venture = await openVenture(t, {
      title: 'A thousand lenders',
      createdBy: company.user!.id,
      minInvestmentCents: 3_000n,
      maxInvestmentCents: 100_001n,
      targetAmountCents: target,
      repaymentType: 'annuity',
    });
    const people: (typeof users.$inferSelect)[] = [];
    for (let i = 0; i < COUNT; i += 20)
      people.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () =>
            t.createUser({ role: 'user', kycStatus: 'complete', protection: 'sophisticated' }),
          ),
        )),
      );
    await t.database.db.transaction(async (tx) => {
      const entries = [];
      for (const [i, person] of people.entries())
        entries.push({ accountId: await userAccountId(tx, person.id), amountCents: amounts[i]! });
      entries.push({ accountId: await externalAccountId(tx), amountCents: -target });
      await postTransaction(tx, { kind: 'deposit', note: 'Test deposit', entries });
    });
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
    // The loan started: the company holds what was raised.
    expect(await balanceOf(t, company.user!.id)).toBe(target);
    const ids = people.map((p) => p.id);
    const balances = async () =>
      new Map(
        (
          await t.database.db
            .select({ userId: accounts.userId, balance: accounts.balanceCents })
            .from(accounts)
            .where(inArray(accounts.userId, ids))
        ).map((r) => [r.userId!, r.balance]),
      );

    let fees = 0n;
    let paid = 0n;
    for (const euros of [0.01, 0.99, 12_345.67, 100_000.01]) {
      const cents = BigInt(Math.round(euros * 100));
      const [before, feesBefore] = [await balances(), await feeAccount()];
      const res = await company.inject({
        method: 'POST',
        url: `/api/ventures/my-ventures/${venture.id}/repay`,
        payload: { amount: euros },
      });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      const after = await balances();
      const credited = sum(ids.map((id) => after.get(id)! - before.get(id)!));
      const fee = (await feeAccount()) - feesBefore;
      expect(credited + fee).toBe(cents);
      fees += fee;
      paid += cents;
      expect({ credited: data.credited, serviceFee: data.serviceFee, investors: data.investors }).toEqual({
        credited: Number(credited) / 100,
        serviceFee: Number(fee) / 100,
        investors: COUNT,
      });
      // The fee is at most 1 % of the interest (rounded half up per investor: within a cent each).
      const interest = BigInt(Math.round((data.allocated.interest + data.allocated.lateInterest) * 100));
      expect(fee * 100n <= interest + 50n * BigInt(COUNT)).toBe(true);
      expect(fee * 100n + 50n * BigInt(COUNT) >= interest).toBe(true);
    }
    const rows = await t.database.db.select().from(investments).where(eq(investments.ventureId, venture.id));
    expect(sum(rows.map((r) => r.serviceFeesCents))).toBe(fees);
    expect(sum(rows.map((r) => r.repaidCents))).toBe(paid - fees);
    expect(await balanceOf(t, company.user!.id)).toBe(target - paid);
  }, 600_000);
});
