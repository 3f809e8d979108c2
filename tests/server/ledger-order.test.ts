import { beforeAll, describe, expect, it } from 'vitest';
import { testContext, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor } from './money-helpers';

/**
 * An account's entries, read in id order, must chain: each entry's balance before is the previous
 * entry's balance after (tests/server/invariants.ts; the balance history a person reads). The ids
 * come from a sequence when the entry is inserted, the balance when its account row is locked: a
 * transaction that locks an account (SELECT ... FOR UPDATE) before inserting its entry lets another
 * transaction take an id first and then wait for that lock, so the two are applied in the opposite
 * order of their ids.
 */
const HOLD = 727_274_999;
const HOLD_INVESTMENTS = `
  CREATE OR REPLACE FUNCTION test_hold_investments() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.kind = 'investment' THEN PERFORM pg_advisory_xact_lock_shared(${HOLD}); END IF;
    RETURN NEW;
  END $$;
  CREATE OR REPLACE TRIGGER test_hold_investments BEFORE INSERT ON ledger_transactions
    FOR EACH ROW EXECUTE FUNCTION test_hold_investments();`;

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

/** Waits until `count` queries of this file's database wait for a lock (fails after 20 s). */
async function lockWaiters(count: number): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} queries wait for a lock`);
}

describe('ledger entry order under concurrency', () => {
  it("keeps an investor's entries in applied order when an investment and a refund meet", async () => {
    const investor = await verifiedInvestor(t, 100_000n);
    const admin = await t.injectAs('admin');
    const cancelled = await openVenture(t, { title: 'To be cancelled' });
    const invest = (ventureId: string, amount: number) =>
      investor.inject({ method: 'POST', url: '/api/investments', payload: { ventureId, amount } });
    expect((await invest(cancelled.id, 100)).statusCode).toBe(201);
    const venture = await openVenture(t, { title: 'Invested in meanwhile' });

    // Fault injection in this file's own database: an investment's ledger transaction waits for an
    // advisory lock the test holds. The investment has locked the investor's account by then.
    await t.database.pool.query(HOLD_INVESTMENTS);
    const blocker = await t.database.pool.connect();
    try {
      await blocker.query('SELECT pg_advisory_lock($1)', [HOLD]);
      const investing = invest(venture.id, 200);
      await lockWaiters(1);
      // The admin cancels the other venture: its refund entry for the investor takes its id, then
      // waits for the investor's account.
      const cancelling = admin.inject({
        method: 'POST',
        url: `/api/ventures/admin/${cancelled.id}/cancel`,
        payload: { reason: 'The company withdrew.' },
      });
      await lockWaiters(2);
      await blocker.query('SELECT pg_advisory_unlock($1)', [HOLD]);
      expect((await investing).statusCode).toBe(201);
      expect((await cancelling).statusCode).toBe(200);
    } finally {
      await blocker.query('SELECT pg_advisory_unlock_all()');
      blocker.release();
      await t.database.pool.query('DROP TRIGGER IF EXISTS test_hold_investments ON ledger_transactions');
    }

    // The investor's balance history (newest first): each row starts where the older one ended.
    const res = await investor.inject({ method: 'GET', url: `/api/balances/${investor.user!.id}/history` });
    expect(res.statusCode).toBe(200);
    const history = (
      res.json().data as { kind: string; amount: number; balanceBefore: number; balanceAfter: number }[]
    )
      .slice()
      .reverse();
    expect(history.map((h) => [h.kind, h.amount])).toEqual([
      ['deposit', 1000],
      ['investment', -100],
      expect.anything(),
      expect.anything(),
    ]);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 20_000n);
    for (let i = 1; i < history.length; i += 1) {
      expect(history[i]!.balanceBefore, `history row ${i} starts where row ${i - 1} ended`).toBe(
        history[i - 1]!.balanceAfter,
      );
    }
  });
});
