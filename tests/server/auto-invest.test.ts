/**
 * Auto-invest (issue 28; EU 2020/1503 Art. 6, Art. 21 and 22; API contract, "Auto-invest (Art. 6)"):
 * the mandate's routes and validation, and the engine as an investor notices it: an admin approves a
 * venture, the queued job runs, and each matching mandate invested once or was skipped with its reason.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  autoInvestAllocations,
  autoInvestMandates,
  investments,
  ledgerTransactions,
  loans,
} from '../../src-server/db/schema';
import { allocateVenture } from '../../src-server/modules/auto-invest/engine';
import { inputsFromJson, replay } from '../../src-server/modules/auto-invest/plan';
import { queueOpenedVentures, runQueuedAllocations } from '../../src-server/modules/auto-invest/queue';
import { testContext, type SignedIn, type TestContext } from './context';
import { giveKiis } from './kiis-helpers';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

let t: TestContext;
let admin: SignedIn;

const put = (who: SignedIn, body: Record<string, unknown>) =>
  who.inject({ method: 'PUT', url: '/api/auto-invest', payload: body });
const get = async (who: SignedIn) => (await who.inject({ method: 'GET', url: '/api/auto-invest' })).json();

/** A mandate on Kenyan medium-risk ventures (two criteria). */
const MANDATE = {
  active: true,
  budget: 5000,
  maxPerVenture: 200,
  riskLevels: ['medium'],
  countries: ['KE'],
};

/** A venture as a company submits it (pending, coming-soon) with its KIIS; approving opens it. */
async function submitted(overrides: Parameters<typeof openVenture>[1] = {}) {
  const venture = await openVenture(t, {
    adminStatus: 'pending',
    lifecycleStatus: 'coming-soon',
    goesLiveAt: null,
    ...overrides,
  });
  await giveKiis(t, venture.id);
  return venture;
}

async function approve(ventureId: string) {
  const res = await admin.inject({
    method: 'PATCH',
    url: `/api/ventures/admin/${ventureId}/admin-status-update`,
    payload: { adminStatus: 'approved' },
  });
  expect(res.statusCode).toBe(200);
}

async function allocationsOf(ventureId: string) {
  return t.database.db
    .select()
    .from(autoInvestAllocations)
    .where(eq(autoInvestAllocations.ventureId, ventureId))
    .orderBy(autoInvestAllocations.sequence);
}

beforeAll(async () => {
  t = await testContext();
  admin = await t.injectAs('admin');
});

describe('the mandate', () => {
  it('is null until saved, then read back in euros with its allocations', async () => {
    const investor = await verifiedInvestor(t, 0n);
    expect(await get(investor)).toEqual({ data: null, allocations: [] });
    const res = await put(investor, { ...MANDATE, minReturn: 8, maxPeriod: 24 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      active: true,
      budget: 5000,
      invested: 0,
      maxPerVenture: 200,
      minReturn: 8,
      maxReturn: null,
      minPeriod: null,
      maxPeriod: 24,
      riskLevels: ['medium'],
      ventureTypes: [],
      countries: ['KE'],
      warningAcceptedAt: null,
    });
    expect((await get(investor)).data.budget).toBe(5000);
    // A second PUT replaces it (one mandate per investor).
    expect((await put(investor, { ...MANDATE, active: false })).json().data.active).toBe(false);
    const rows = await t.database.db
      .select()
      .from(autoInvestMandates)
      .where(eq(autoInvestMandates.userId, investor.user!.id));
    expect(rows).toHaveLength(1);
  });

  it('needs at least two criteria (Art. 6), a maximum within the budget and ordered ranges', async () => {
    const investor = await verifiedInvestor(t, 0n);
    const one = await put(investor, { active: true, budget: 1000, maxPerVenture: 100, riskLevels: ['low'] });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toMatchObject({ code: 'auto_invest.criteria_too_few' });
    // Both bounds of one range are one criterion.
    const range = await put(investor, {
      active: true,
      budget: 1000,
      maxPerVenture: 100,
      minReturn: 5,
      maxReturn: 9,
    });
    expect(range.json()).toMatchObject({ code: 'auto_invest.criteria_too_few' });
    const above = await put(investor, { ...MANDATE, budget: 100, maxPerVenture: 200 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'auto_invest.max_above_budget' });
    const reversed = await put(investor, { ...MANDATE, minReturn: 12, maxReturn: 8 });
    expect(reversed.json()).toMatchObject({ code: 'auto_invest.return_range_invalid' });
    const cents = await put(investor, { ...MANDATE, budget: 10.001 });
    expect(cents.json()).toMatchObject({ code: 'auto_invest.budget_invalid' });
    const country = await put(investor, { ...MANDATE, countries: ['Kenya'] });
    expect(country.json()).toMatchObject({ code: 'auto_invest.country_invalid' });
    expect(await get(investor)).toEqual({ data: null, allocations: [] });
  });

  it('is the investors’ own: a company and a visitor are refused', async () => {
    const company = await t.injectAs('corporate');
    expect((await put(company, MANDATE)).statusCode).toBe(403);
    const visitor = await t.injectAs('visitor');
    expect((await visitor.inject({ method: 'GET', url: '/api/auto-invest' })).statusCode).toBe(401);
  });

  it('carries the accepted risk warning above the threshold of a non-sophisticated investor (Art. 21(7))', async () => {
    // No simulation yet: the threshold is EUR 1,000.
    const investor = await verifiedInvestor(t, 0n, undefined, 'none');
    const refused = await put(investor, { ...MANDATE, maxPerVenture: 1500 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'auto_invest.warning_required', params: { amount: 1000 } });
    const accepted = await put(investor, { ...MANDATE, maxPerVenture: 1500, acceptWarning: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ warningThreshold: 1000 });
    expect(accepted.json().data.warningAcceptedAt).not.toBeNull();
    // Accepted once: a later save keeps it.
    expect((await put(investor, { ...MANDATE, maxPerVenture: 1400 })).statusCode).toBe(200);
    // A sophisticated investor has no threshold.
    const pro = await verifiedInvestor(t, 0n, undefined, 'sophisticated');
    expect((await put(pro, { ...MANDATE, maxPerVenture: 4000 })).statusCode).toBe(200);
  });

  it('counts the open ventures that match now', async () => {
    const investor = await verifiedInvestor(t, 0n);
    const count = async (query: string) =>
      (await investor.inject({ method: 'GET', url: `/api/auto-invest/matches?${query}` })).json().data.count;
    const before = await count('countries=GH&riskLevels=high');
    await openVenture(t, { country: 'GH', riskLevel: 'high' });
    await openVenture(t, { country: 'GH', riskLevel: 'low' });
    expect(await count('countries=GH&riskLevels=high')).toBe(before + 1);
    expect(await count('countries=gh&riskLevels=high,low')).toBe(before + 2);
    const bad = await investor.inject({ method: 'GET', url: '/api/auto-invest/matches?riskLevels=extreme' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the engine, on approval', () => {
  it('invests once per matching mandate through the manual rules, or skips with the reason', async () => {
    const ZM = { ...MANDATE, countries: ['ZM'] };
    // Each investor's mandate is set before the venture opens; the fair order is their creation order.
    const ready = await verifiedInvestor(t, 100_000n); // EUR 1,000
    await put(ready, ZM);
    const noTest = await verifiedInvestor(t, 100_000n, undefined, 'none');
    await put(noTest, ZM);
    const broke = await verifiedInvestor(t, 0n);
    await put(broke, ZM);
    const capped = await verifiedInvestor(t, 100_000n);
    await put(capped, { ...ZM, budget: 400, maxPerVenture: 200 }); // 10 % = EUR 40 < the EUR 50 minimum
    const small = await verifiedInvestor(t, 100_000n);
    await put(small, { ...ZM, maxPerVenture: 30 });
    const elsewhere = await verifiedInvestor(t, 100_000n);
    await put(elsewhere, { ...MANDATE, countries: ['NG'] });
    const paused = await verifiedInvestor(t, 100_000n);
    await put(paused, { ...ZM, active: false });

    const venture = await submitted({ title: 'Kisumu cold rooms', country: 'ZM' });
    await approve(venture.id);
    // The approval only queued the work.
    expect(await allocationsOf(venture.id)).toEqual([]);
    const [result] = await runQueuedAllocations(t.ctx);
    expect(result).toMatchObject({ invested: 1, skipped: 4, open: true });

    const readyView = await get(ready);
    expect(readyView.allocations).toEqual([
      expect.objectContaining({
        outcome: 'invested',
        amount: 200,
        reason: null,
        venture: { _id: venture.id, title: 'Kisumu cold rooms' },
      }),
    ]);
    expect(readyView.allocations[0].revocableUntil).not.toBeNull();
    expect(readyView.data.invested).toBe(200);
    expect(await balanceOf(t, ready.user!.id)).toBe(80_000n);
    const [investment] = await t.database.db
      .select()
      .from(investments)
      .where(eq(investments.userId, ready.user!.id));
    // Art. 22: the reflection period of a manual investment.
    expect(investment).toMatchObject({ amountCents: 20_000n, status: 'invested' });
    expect(investment!.revocableUntil).not.toBeNull();
    // Its ledger row says it was the auto-invest's (issue 30, decision 0200).
    const [ledgerRow] = await t.database.db
      .select({ note: ledgerTransactions.note })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, investment!.ledgerTransactionId));
    expect(ledgerRow!.note).toBe('Auto-invest: investment in Kisumu cold rooms');

    const reasonOf = async (who: SignedIn) =>
      (await get(who)).allocations.map((a: { reason: string }) => a.reason);
    expect(await reasonOf(noTest)).toEqual(['protection_missing']);
    expect(await reasonOf(broke)).toEqual(['no_balance']);
    expect(await reasonOf(capped)).toEqual(['company_cap']);
    expect(await reasonOf(small)).toEqual(['below_minimum']);
    expect(await reasonOf(elsewhere)).toEqual([]);
    expect(await reasonOf(paused)).toEqual([]);
    expect(await balanceOf(t, noTest.user!.id)).toBe(100_000n);
    expect((await ventureRow(t, venture.id)).amountFundedCents).toBe(20_000n);

    // The receipt, with the reflection period.
    const mails = (await t.outbox()).filter((m) => m.to === ready.user!.email);
    expect(mails.at(-1)!.subject).toBe('Auto-invest: €200.00 invested in Kisumu cold rooms');
    expect(mails.at(-1)!.text).toContain('revoke this investment');
  });

  it('waits for a later goesLiveAt: the ten-minute jobs queue the venture once it opens', async () => {
    // The earlier tests' open ventures (inserted, never approved through the route) first.
    await queueOpenedVentures(t.ctx);
    await runQueuedAllocations(t.ctx);
    const investor = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await put(investor, { ...MANDATE, countries: ['BW'] });
    const venture = await submitted({
      title: 'Gaborone laundries',
      country: 'BW',
      goesLiveAt: new Date(t.ctx.clock.now().getTime() + 86_400_000),
    });
    await approve(venture.id);
    // Approved but not open yet: the job decides nothing and keeps no run.
    expect(await runQueuedAllocations(t.ctx)).toEqual([
      expect.objectContaining({ open: false, runId: null }),
    ]);
    expect(await queueOpenedVentures(t.ctx)).toBe(0);
    t.clock.offsetMs += 2 * 86_400_000;
    try {
      expect(await queueOpenedVentures(t.ctx)).toBe(1);
      expect(await runQueuedAllocations(t.ctx)).toEqual([expect.objectContaining({ invested: 1 })]);
      // Its run is recorded: not queued again.
      expect(await queueOpenedVentures(t.ctx)).toBe(0);
    } finally {
      // Back to today: the test sessions live in real time.
      t.clock.offsetMs -= 2 * 86_400_000;
    }
    expect((await get(investor)).allocations[0]).toMatchObject({
      outcome: 'invested',
      venture: { _id: venture.id },
    });
  });

  it('is idempotent (a second run invests nothing) and replays from its log', async () => {
    const first = await verifiedInvestor(t, 100_000n);
    await put(first, { ...MANDATE, countries: ['UG'] });
    const second = await verifiedInvestor(t, 100_000n);
    await put(second, { ...MANDATE, countries: ['UG'] });
    const venture = await openVenture(t, { country: 'UG' });
    const run = await allocateVenture(t.ctx, venture.id);
    expect(run).toMatchObject({ invested: 2, skipped: 0 });
    const again = await allocateVenture(t.ctx, venture.id);
    expect(again).toMatchObject({ invested: 0, skipped: 0, runId: expect.any(String) });
    const log = await allocationsOf(venture.id);
    expect(log).toHaveLength(2);
    const decisions = replay(
      log.map((row) => ({
        sequence: row.sequence,
        mandateId: row.mandateId,
        ...inputsFromJson(row.inputs as Record<string, unknown>),
        decision: { outcome: 'skipped', reason: 'venture_full', amountCents: 0n },
      })),
    );
    expect(decisions.map((d) => [d.outcome, d.amountCents])).toEqual(
      log.map((row) => [row.outcome, row.amountCents]),
    );
  });

  it('stamps a decision when it holds the venture, not when it began to wait for it', async () => {
    // Two runs side by side (auto-invest-race.test.ts) are ordered by their log's time: a run that
    // waited for the venture's lock while another filled it must not look as if it decided first.
    const investor = await verifiedInvestor(t, 100_000n);
    await put(investor, { ...MANDATE, countries: ['RW'] });
    const venture = await openVenture(t, { country: 'RW' });
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('BEGIN');
      // As an investment holds it (the run's own row, keyed to the venture, is not held up).
      await blocker.query('SELECT 1 FROM ventures WHERE id = $1 FOR NO KEY UPDATE', [venture.id]);
      const run = allocateVenture(t.ctx, venture.id);
      // Wait until the run is waiting for the venture's row (a lock wait in this file's database).
      await expect
        .poll(
          async () =>
            (
              await t.database.pool.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
            ).rows[0]!.n,
          { timeout: 30_000, interval: 10 },
        )
        .toBe(1);
      t.clock.offsetMs += 60_000;
      const released = t.ctx.now();
      await blocker.query('COMMIT');
      expect(await run).toMatchObject({ invested: 1 });
      const [decision] = await allocationsOf(venture.id);
      expect(decision!.createdAt.getTime()).toBeGreaterThanOrEqual(released.getTime());
    } finally {
      // Closed, not pooled: a failure before the COMMIT must not leave the venture held.
      blocker.release(true);
    }
  });

  it('goes in the fair order: the mandate that waited longest first, then it waits again', async () => {
    const older = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await put(older, { ...MANDATE, countries: ['TZ'] });
    t.clock.offsetMs += 1000;
    const newer = await verifiedInvestor(t, 100_000n, undefined, 'sophisticated');
    await put(newer, { ...MANDATE, countries: ['TZ'] });
    // Room for one ticket of EUR 200; the newer mandate finds the venture full.
    const venture = await openVenture(t, {
      country: 'TZ',
      targetAmountCents: 20_000n,
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 20_000n,
    });
    await allocateVenture(t.ctx, venture.id);
    const log = await allocationsOf(venture.id);
    const [olderMandate] = await t.database.db
      .select()
      .from(autoInvestMandates)
      .where(eq(autoInvestMandates.userId, older.user!.id));
    expect(log.map((r) => [r.mandateId === olderMandate!.id, r.outcome, r.reason])).toEqual([
      [true, 'invested', null],
      [false, 'skipped', 'venture_full'],
    ]);
    expect((await get(older)).allocations[0].outcome).toBe('invested');
    expect((await get(newer)).allocations[0].reason).toBe('venture_full');
    // A funded venture starts its loan as after a manual investment (sophisticated: no reflection period).
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
    const [loan] = await t.database.db.select().from(loans).where(eq(loans.ventureId, venture.id));
    expect(loan).toBeDefined();
    // The older mandate waits again from now: next time the newer one goes first.
    const [olderRow] = await t.database.db
      .select()
      .from(autoInvestMandates)
      .where(eq(autoInvestMandates.userId, older.user!.id));
    const [newerRow] = await t.database.db
      .select()
      .from(autoInvestMandates)
      .where(eq(autoInvestMandates.userId, newer.user!.id));
    expect(olderRow!.waitingSince.getTime()).toBeGreaterThan(newerRow!.waitingSince.getTime());
    const next = await openVenture(t, {
      country: 'TZ',
      targetAmountCents: 20_000n,
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 20_000n,
    });
    await allocateVenture(t.ctx, next.id);
    expect((await get(newer)).allocations[0]).toMatchObject({
      outcome: 'invested',
      venture: { _id: next.id },
    });
  });

  it('holds a company to 10 % of the budget over its ventures', async () => {
    const investor = await verifiedInvestor(t, 1_000_000n, undefined, 'sophisticated');
    // Budget EUR 1,500: EUR 150 per company.
    await put(investor, { ...MANDATE, budget: 1500, maxPerVenture: 100, countries: ['RW'] });
    const company = await t.createUser({ role: 'corporate' });
    const a = await openVenture(t, { country: 'RW', createdBy: company.id });
    const b = await openVenture(t, { country: 'RW', createdBy: company.id });
    await allocateVenture(t.ctx, a.id);
    await allocateVenture(t.ctx, b.id);
    const view = await get(investor);
    // Newest first: EUR 100, then the EUR 50 left under the cap (the venture's minimum).
    expect(view.allocations.map((x: { amount: number }) => x.amount)).toEqual([50, 100]);
    const c = await openVenture(t, { country: 'RW', createdBy: company.id });
    await allocateVenture(t.ctx, c.id);
    expect((await get(investor)).allocations[0]).toMatchObject({ outcome: 'skipped', reason: 'company_cap' });
  });

  it('discloses the weighted average rate, the split by risk level and the concentration per company', async () => {
    const investor = await verifiedInvestor(t, 1_000_000n);
    const low = await openVenture(t, { riskLevel: 'low', expectedReturn: '10.00' });
    const high = await openVenture(t, { riskLevel: 'high', expectedReturn: '16.00' });
    for (const [venture, amount] of [
      [low, 300],
      [high, 100],
    ] as const)
      expect(
        (
          await investor.inject({
            method: 'POST',
            url: '/api/investments',
            payload: { ventureId: venture.id, amount },
          })
        ).statusCode,
      ).toBe(201);
    const res = await investor.inject({ method: 'GET', url: '/api/auto-invest/disclosure' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      weightedAverageRate: 11.5,
      total: 400,
      byRisk: [
        { riskLevel: 'low', amount: 300, share: 75 },
        { riskLevel: 'medium', amount: 0, share: 0 },
        { riskLevel: 'high', amount: 100, share: 25 },
      ],
      byCompany: [{ amount: 400, share: 100 }],
    });
  });
});
