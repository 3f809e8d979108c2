import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src-server/db/schema';
import { REMEMBER_ME_MS } from '../../src-server/modules/auth/sessions';
import { testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor } from './money-helpers';

/**
 * POST /api/investments checks the session inside its one statement (place_investment_for_session)
 * instead of a lookup of its own (issue 16, point 2). These are the guards of that fast path: a
 * session revoked, expired or of a deactivated user is refused at once, another role gets 403, and
 * 401 and 403 still come before every other answer (schema, header, unknown venture, replay), with
 * the very answers the ordinary session hook and requireRole give (GET /api/investments/my-investments
 * is the reference: same cookie, same role rule).
 */
let t: TestContext;

beforeAll(async () => {
  t = await testContext();
});

afterEach(() => {
  t.clock.offsetMs = 0;
});

const invest = (who: SignedIn, payload: unknown, headers: Record<string, string> = {}) =>
  who.inject({ method: 'POST', url: '/api/investments', payload: payload as object, headers });
const reference = (who: SignedIn) => who.inject({ method: 'GET', url: '/api/investments/my-investments' });
const sessionIdOf = async (who: SignedIn) => {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, who.user!.id));
  return row!.id;
};

/** Every refusal before the investment itself, for a caller whose session is not good. */
async function expectRefusedEverywhere(who: SignedIn, status: 401 | 403, ventureId: string) {
  const expected = await reference(who);
  expect(expected.statusCode).toBe(status);
  const cases = [
    invest(who, { ventureId, amount: 100 }),
    invest(who, { ventureId, amount: 100 }, { 'idempotency-key': 'session-replay' }),
    invest(who, { ventureId, amount: '1' }), // the schema refuses it
    invest(who, { ventureId, amount: 100 }, { 'idempotency-key': ' bad key ' }),
    invest(who, { ventureId: 'not-a-uuid', amount: 100 }),
    invest(who, { ventureId: '00000000-0000-4000-8000-000000000000', amount: 100 }),
    who.inject({
      method: 'POST',
      url: '/api/investments',
      payload: '{"ventureId":',
      headers: { 'content-type': 'application/json' },
    }),
  ];
  for (const answer of await Promise.all(cases)) {
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual(expected.json());
  }
}

describe('POST /api/investments checks the session in its statement', () => {
  it('invests for a live session of a verified investor', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 100_000n);
    const answer = await invest(investor, { ventureId: venture.id, amount: 100 });
    expect(answer.statusCode).toBe(201);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 10_000n);
  });

  it('refuses a revoked session at once, even for a key that already has an answer', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 100_000n);
    const first = await invest(
      investor,
      { ventureId: venture.id, amount: 100 },
      { 'idempotency-key': 'session-replay' },
    );
    expect(first.statusCode).toBe(201);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.ctx.now() })
      .where(eq(sessions.id, await sessionIdOf(investor)));
    await expectRefusedEverywhere(investor, 401, venture.id);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 10_000n);
  });

  it('refuses a deactivated investor at once', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 100_000n);
    expect((await invest(investor, { ventureId: venture.id, amount: 100 })).statusCode).toBe(201);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, investor.user!.id));
    await expectRefusedEverywhere(investor, 401, venture.id);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 10_000n);
  });

  it('refuses an expired session', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 100_000n);
    t.clock.offsetMs = REMEMBER_ME_MS + 60_000;
    await expectRefusedEverywhere(investor, 401, venture.id);
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n);
  });

  it('refuses an unknown token and a request without a cookie', async () => {
    const venture = await openVenture(t);
    const stranger: SignedIn = {
      user: null,
      cookie: 'sid=not-a-session',
      inject: (options) =>
        t.app.inject({ ...options, headers: { ...options.headers, cookie: 'sid=not-a-session' } }),
    };
    await expectRefusedEverywhere(stranger, 401, venture.id);
    const visitor = await t.injectAs('visitor');
    await expectRefusedEverywhere(visitor, 401, venture.id);
  });

  it('answers 403 to every other role before anything else', async () => {
    const venture = await openVenture(t);
    for (const role of ['corporate', 'admin', 'superadmin'] as const) {
      const someone = await t.injectAs(role, { kycStatus: 'complete' });
      await expectRefusedEverywhere(someone, 403, venture.id);
    }
  });
});
