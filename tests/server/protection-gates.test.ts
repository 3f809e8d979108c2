/**
 * Investing under investor protection (API contract, "Investor protection"; EU 2020/1503 Art. 21):
 * POST /api/investments refuses a non-sophisticated investor without a valid knowledge test (or a
 * failed one and its risk acknowledgement, Art. 21(5)) with 403 protection.test_required, without a
 * loss simulation (Art. 21(4)) with 403 protection.simulation_required, and an amount above the
 * warning threshold (Art. 21(7): the higher of EUR 1,000 and 5 % of the net worth) without
 * `acknowledgeRisk: true` with 409 protection.acknowledgement_required naming the threshold. A
 * sophisticated investor skips all of it. The checks run inside place_investment's one transaction.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { investments, knowledgeTestAttempts } from '../../src-server/db/schema';
import { QUESTIONS } from '../../src-server/modules/protection/questions';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

let t: TestContext;

beforeAll(async () => {
  t = await testContext();
});

const BALANCE = 10_000_000n; // EUR 100,000

/** A venture that takes tickets from EUR 50 to EUR 20,000. */
const bigVenture = () => openVenture(t, { maxInvestmentCents: 2_000_000n, targetAmountCents: 100_000_000n });

const invest = (who: SignedIn, ventureId: string, amount: number, extra: object = {}, key?: string) =>
  who.inject({
    method: 'POST',
    url: '/api/investments',
    payload: { ventureId, amount, ...extra },
    ...(key && { headers: { 'idempotency-key': key } }),
  });

const answers = (right: boolean) =>
  Object.fromEntries(
    QUESTIONS.map((q) => [q.id, right ? q.correct : q.options.find((o) => o.id !== q.correct)!.id]),
  );

async function takeTest(who: SignedIn, passed: boolean) {
  const res = await who.inject({
    method: 'POST',
    url: '/api/protection/knowledge-test',
    payload: { answers: answers(passed) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.passed).toBe(passed);
}

async function simulate(who: SignedIn, netWorthEuros: number) {
  const res = await who.inject({
    method: 'POST',
    url: '/api/protection/loss-simulation',
    payload: { annualIncome: 0, liquidAssets: netWorthEuros, annualCommitments: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A verified investor with EUR 100,000 who has done none of the protection steps. */
const newcomer = () => verifiedInvestor(t, BALANCE, undefined, 'none');

/** A verified investor with a passed test and a simulation of that net worth. */
async function ready(netWorthEuros: number) {
  const who = await newcomer();
  await takeTest(who, true);
  await simulate(who, netWorthEuros);
  return who;
}

async function expectNothingChanged(who: SignedIn, ventureId: string) {
  expect(await balanceOf(t, who.user!.id)).toBe(BALANCE);
  expect(await t.database.db.select().from(investments).where(eq(investments.userId, who.user!.id))).toEqual(
    [],
  );
  expect((await ventureRow(t, ventureId)).amountFundedCents).toBe(0n);
}

describe('the knowledge test and the simulation (Art. 21(2)-(5))', () => {
  it('refuses an investor who has done nothing with 403 protection.test_required; nothing changes', async () => {
    const venture = await bigVenture();
    const who = await newcomer();
    const res = await invest(who, venture.id, 100);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'protection.test_required',
      message:
        'Please take the knowledge test before investing (after a failed test, confirm the risk warning).',
    });
    await expectNothingChanged(who, venture.id);
  });

  it('refuses a passed test without a simulation with 403 protection.simulation_required', async () => {
    const venture = await bigVenture();
    const who = await newcomer();
    await takeTest(who, true);
    const res = await invest(who, venture.id, 100);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'protection.simulation_required',
      message: 'Please simulate your ability to bear loss before investing.',
    });
    await expectNothingChanged(who, venture.id);
  });

  it('refuses a failed test until its risk warning is acknowledged, then accepts', async () => {
    const venture = await bigVenture();
    const who = await newcomer();
    await takeTest(who, false);
    await simulate(who, 50_000);
    expect((await invest(who, venture.id, 100)).json().code).toBe('protection.test_required');
    const ack = await who.inject({
      method: 'POST',
      url: '/api/protection/risk-acknowledgement',
      payload: { acknowledged: true },
    });
    expect(ack.statusCode).toBe(200);
    expect((await invest(who, venture.id, 100)).statusCode).toBe(201);
  });

  it('refuses a test older than two years (review due) with 403 protection.test_required', async () => {
    const venture = await bigVenture();
    const who = await ready(50_000);
    expect((await invest(who, venture.id, 100)).statusCode).toBe(201);
    // The test was taken two years and a day ago (moving the clock would expire the session).
    const now = t.ctx.clock.now().getTime();
    await t.database.db
      .update(knowledgeTestAttempts)
      .set({ takenAt: new Date(now - 731 * 86_400_000), validUntil: new Date(now - 86_400_000) })
      .where(eq(knowledgeTestAttempts.userId, who.user!.id));
    const res = await invest(who, venture.id, 100);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('protection.test_required');
  });

  it('checks protection before the venture and the amount (the investor first), keeping the key free', async () => {
    const venture = await bigVenture();
    const who = await newcomer();
    // Below the minimum, and above the balance: the investor's protection answers first.
    expect((await invest(who, venture.id, 1)).json().code).toBe('protection.test_required');
    expect((await invest(who, venture.id, 150_000)).json().code).toBe('protection.test_required');
    const key = 'gate-retry';
    expect((await invest(who, venture.id, 100, {}, key)).statusCode).toBe(403);
    await takeTest(who, true);
    await simulate(who, 50_000);
    // The refusal left nothing under the key: the same request now succeeds.
    const res = await invest(who, venture.id, 100, {}, key);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the warning threshold (Art. 21(7))', () => {
  it('takes exactly EUR 1,000 without an acknowledgement when 5 % of the net worth is less', async () => {
    const venture = await bigVenture();
    const who = await ready(10_000); // 5 % = EUR 500: the floor of EUR 1,000 applies
    const res = await invest(who, venture.id, 1000);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(investments)
      .where(eq(investments.id, res.json().data._id));
    expect(row!.riskAcknowledged).toBe(false);
  });

  it('refuses EUR 1,000.01 with 409 protection.acknowledgement_required naming EUR 1,000; nothing changes', async () => {
    const venture = await bigVenture();
    const who = await ready(10_000);
    const res = await invest(who, venture.id, 1000.01);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'protection.acknowledgement_required',
      params: { amount: 1000 },
      message:
        'This investment is above your warning threshold of €1,000.00: confirm the risk warning to go on.',
    });
    await expectNothingChanged(who, venture.id);
    // acknowledgeRisk: false is no acknowledgement.
    expect((await invest(who, venture.id, 1000.01, { acknowledgeRisk: false })).statusCode).toBe(409);
  });

  it('takes exactly 5 % of the net worth, and refuses one cent more', async () => {
    const venture = await bigVenture();
    const who = await ready(100_000); // 5 % = EUR 5,000
    const over = await invest(who, venture.id, 5000.01);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'protection.acknowledgement_required',
      params: { amount: 5000 },
    });
    expect((await invest(who, venture.id, 5000)).statusCode).toBe(201);
  });

  it('accepts an amount above the threshold with acknowledgeRisk: true, and records it', async () => {
    const venture = await bigVenture();
    const who = await ready(100_000);
    const key = 'ack-retry';
    expect((await invest(who, venture.id, 12_000, {}, key)).statusCode).toBe(409);
    const res = await invest(who, venture.id, 12_000, { acknowledgeRisk: true }, key);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(investments)
      .where(eq(investments.id, res.json().data._id));
    expect(row!.riskAcknowledged).toBe(true);
    expect(row!.revocableUntil).not.toBeNull();
    expect(await balanceOf(t, who.user!.id)).toBe(BALANCE - 1_200_000n);
  });

  it('answers the amount rules before the acknowledgement (an investment that cannot be made is not warned about)', async () => {
    const venture = await bigVenture();
    const who = await ready(10_000);
    const res = await invest(who, venture.id, 20_000.01);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('investment.above_maximum');
  });
});

describe('sophisticated investors (Annex II)', () => {
  it('skip the test, the simulation, the threshold and the reflection period', async () => {
    const venture = await bigVenture();
    const who = await verifiedInvestor(t, BALANCE, undefined, 'sophisticated');
    const res = await invest(who, venture.id, 15_000);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.revocableUntil).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(investments)
      .where(eq(investments.id, res.json().data._id));
    expect(row!.revocableUntil).toBeNull();
  });
});
