import fc from 'fast-check';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { centsToEuros, expectedReturnCents } from '../../src-shared/money';
import { checkInvestment } from '../../src-shared/rules/invest';
import { HttpError } from '../../src-server/lib/http-error';
import type { SessionContext } from '../../src-server/modules/auth/sessions';
import {
  invest,
  PLACE_INVESTMENT,
  PLACE_INVESTMENT_FOR_SESSION,
  refusalOf,
} from '../../src-server/modules/investments/service';
import { testContext, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';

/**
 * Issue 16, point 2: an investment is one statement sent to PostgreSQL (the `place_investment`
 * function, as a named prepared statement, no BEGIN/COMMIT around it), and the function refuses
 * exactly what the shared rules (src-shared/rules/invest.ts, which the server ran before) refuse,
 * with the same answer.
 */
let t: TestContext;

/** Every statement any pg client sends while `work` runs (text and prepared-statement name). */
async function statementsOf<T>(
  work: () => Promise<T>,
): Promise<{ result: T; sent: { text: string; name?: string }[] }> {
  const sent: { text: string; name?: string }[] = [];
  const original = pg.Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (pg.Client.prototype as any).query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (typeof config === 'string') sent.push({ text: config });
    else if (config && typeof config === 'object' && 'text' in config)
      sent.push({ text: String(config.text), name: (config as { name?: string }).name });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (original as any).call(this, config, ...rest);
  };
  try {
    return { result: await work(), sent };
  } finally {
    pg.Client.prototype.query = original;
  }
}

const session = (user: { id: string }) => ({ sessionId: 'one-statement', user }) as unknown as SessionContext;

beforeAll(async () => {
  t = await testContext();
});

afterEach(() => {
  t.clock.offsetMs = 0;
});

/** BUSINESS_DATE_CONTROL is on in tests: each API request first reads the business clock (app.ts),
 * which a server without control never does. */
const withoutClock = (sent: { text: string; name?: string }[]) =>
  sent.filter((s) => !s.text.includes('FROM business_clock'));

describe('POST /api/investments is one statement', () => {
  it('sends exactly one statement for an investment, a refusal, a replay, and the ticket that funds the venture', async () => {
    const venture = await openVenture(t, {
      minInvestmentCents: 5_000n,
      maxInvestmentCents: 20_000n,
      targetAmountCents: 30_000n,
    });
    const investor = await verifiedInvestor(t, 100_000n);
    const me = session(investor.user!);
    const expectOne = (sent: { text: string; name?: string }[]) =>
      expect(sent).toEqual([{ text: PLACE_INVESTMENT.text, name: 'place_investment' }]);

    const first = await statementsOf(() => invest(t.ctx, me, { ventureId: venture.id, amount: 100 }, 'k1'));
    expectOne(first.sent);
    expect(first.result.statusCode).toBe(201);

    const replay = await statementsOf(() => invest(t.ctx, me, { ventureId: venture.id, amount: 100 }, 'k1'));
    expectOne(replay.sent);
    expect(replay.result).toEqual({ ...first.result, replayed: true });

    const refused = await statementsOf(() =>
      invest(t.ctx, me, { ventureId: venture.id, amount: 10 }, undefined).catch((e: unknown) => e),
    );
    expectOne(refused.sent);
    expect((refused.result as HttpError).message).toBe('Minimum investment is €50.00');

    // The ticket that funds the venture: the investment is one statement; the loan's start follows
    // in a transaction of its own (escrow to the company, schedule), not part of the investment.
    const last = await statementsOf(() =>
      invest(t.ctx, me, { ventureId: venture.id, amount: 200 }, undefined),
    );
    expect(last.sent[0]).toEqual({ text: PLACE_INVESTMENT.text, name: 'place_investment' });
    expect(last.sent[1]?.text).toBe('begin');
    expect(last.sent.at(-1)?.text).toBe('commit');
    expect(last.sent.slice(1).filter((s) => s.name === 'place_investment')).toEqual([]);
    expect(last.result.body.data.status).toBe('completed');
    expect((await ventureRow(t, venture.id)).lifecycleStatus).toBe('funded');
    expect(await balanceOf(t, investor.user!.id)).toBe(100_000n - 30_000n);
  });

  it('over HTTP: the whole request is one statement, the session check included', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 100_000n);
    // The same request refused by the body's schema: the session is looked up first (401 and 403
    // come before 400), no investment statement.
    const refused = await statementsOf(() =>
      investor.inject({
        method: 'POST',
        url: '/api/investments',
        payload: { ventureId: venture.id, amount: '1' },
      }),
    );
    expect(refused.result.statusCode).toBe(400);
    expect(withoutClock(refused.sent).map((s) => s.name)).toEqual(['find_session']);
    const real = await statementsOf(() =>
      investor.inject({
        method: 'POST',
        url: '/api/investments',
        payload: { ventureId: venture.id, amount: 75.5 },
      }),
    );
    expect(real.result.statusCode).toBe(201);
    expect(withoutClock(real.sent)).toEqual([
      { text: PLACE_INVESTMENT_FOR_SESSION.text, name: 'place_investment_for_session' },
    ]);
  });
});

interface Scenario {
  role: 'user' | 'corporate';
  active: boolean;
  kyc: 'complete' | 'pending';
  venture: 'present' | 'deleted' | 'missing';
  adminStatus: 'approved' | 'pending';
  visibility: 'public' | 'draft';
  lifecycle: 'new' | 'coming-soon' | 'funded';
  cancelled: boolean;
  /** Microseconds from now (null: no goesLiveAt). */
  goesLive: number | null;
  closing: number;
  min: number;
  max: number;
  target: number;
  funded: number;
  balance: number;
  amount: 'min' | 'max' | 'left' | 'left+1' | 'left-1' | 'balance' | 'balance+1' | number;
  expectedReturn: string;
  months: number;
  key: boolean;
}

const micros = fc.oneof(
  fc.constantFrom(0, 1, -1, 500, -500, 1_000, -1_000, 1_500, -1_500),
  fc.integer({ min: -86_400_000_000, max: 86_400_000_000 }),
);
/** Mostly `usual`, one time in twenty `other`. */
const rarely = <T>(usual: T, other: T) => fc.constantFrom<T>(...Array<T>(19).fill(usual), other);
const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    role: rarely<Scenario['role']>('user', 'corporate'),
    active: rarely(true, false),
    kyc: rarely<Scenario['kyc']>('complete', 'pending'),
    venture: fc.constantFrom<Scenario['venture']>(...Array(36).fill('present'), 'deleted', 'missing'),
    adminStatus: rarely<Scenario['adminStatus']>('approved', 'pending'),
    visibility: rarely<Scenario['visibility']>('public', 'draft'),
    lifecycle: fc.constantFrom<Scenario['lifecycle']>(...Array(36).fill('new'), 'coming-soon', 'funded'),
    cancelled: rarely(false, true),
    // Mostly live and open, sometimes around the moment (to the microsecond) of going live or closing.
    goesLive: fc.oneof(
      { arbitrary: fc.constant(null), weight: 2 },
      { arbitrary: fc.constant(-3_600_000_000), weight: 3 },
      { arbitrary: micros, weight: 1 },
    ),
    closing: fc.oneof(
      { arbitrary: fc.constant(86_400_000_000), weight: 4 },
      { arbitrary: micros, weight: 1 },
    ),
    min: fc.integer({ min: 3_000, max: 20_000 }),
    maxExtra: fc.integer({ min: 0, max: 50_000 }),
    targetExtra: fc.integer({ min: 0, max: 100_000 }),
    // Often full or nearly so: the edges of "what is left".
    fundedShare: fc.oneof(
      fc.integer({ min: 0, max: 100 }),
      fc.integer({ min: 70, max: 100 }),
      fc.integer({ min: 95, max: 100 }),
    ),
    // 0 to twice the maximum: about half the investors can afford the maximum.
    balancePercent: fc.integer({ min: 0, max: 200 }),
    amount: fc.oneof(
      {
        arbitrary: fc.constantFrom(
          'min',
          'max',
          'left',
          'left',
          'left+1',
          'left-1',
          'balance',
          'balance+1' as const,
        ),
        weight: 3,
      },
      { arbitrary: fc.integer({ min: -100, max: 300_000 }), weight: 1 },
    ),
    expectedReturn: fc.integer({ min: 1, max: 10_000 }).map((h) => (h / 100).toFixed(2)),
    months: fc.integer({ min: 1, max: 360 }),
    key: fc.boolean(),
  })
  .map(({ maxExtra, targetExtra, fundedShare, balancePercent, ...rest }) => {
    const max = rest.min + maxExtra;
    const target = max + targetExtra;
    const funded = fundedShare === 100 ? target : Math.floor((target * fundedShare) / 100);
    const balance = Math.floor((max * balancePercent) / 100);
    return { ...rest, max, target, funded, balance } as Scenario;
  });

function amountOf(s: Scenario): number {
  const left = Math.max(s.target - s.funded, 0);
  switch (s.amount) {
    case 'min':
      return s.min;
    case 'max':
      return s.max;
    case 'left':
      return left;
    case 'left+1':
      return left + 1;
    case 'left-1':
      return left - 1;
    case 'balance':
      return s.balance;
    case 'balance+1':
      return s.balance + 1;
    default:
      return s.amount;
  }
}

const BASE: Scenario = {
  role: 'user',
  active: true,
  kyc: 'complete',
  venture: 'present',
  adminStatus: 'approved',
  visibility: 'public',
  lifecycle: 'new',
  cancelled: false,
  goesLive: -3_600_000_000,
  closing: 86_400_000_000,
  min: 5_000,
  max: 50_000,
  target: 100_000,
  funded: 40_000,
  balance: 30_000,
  amount: 'balance',
  expectedReturn: '12.50',
  months: 18,
  key: true,
};
const EDGES: Partial<Scenario>[] = [
  {},
  { amount: 'balance+1' },
  { amount: 'min' },
  { amount: 4_999 },
  { amount: 'max', balance: 60_000 },
  { amount: 50_001, balance: 60_000 },
  { funded: 97_000, amount: 'left' },
  { funded: 97_000, amount: 'left-1' },
  { funded: 70_000, amount: 'left+1', balance: 60_000 },
  { funded: 100_000, amount: 'min' },
  { goesLive: 0 },
  { goesLive: 1_000 },
  { goesLive: 500 },
  { closing: 0 },
  { closing: 500 },
  { closing: 1_000 },
  { goesLive: null, key: false },
];

/** The answer the server gave before the function: the old code's checks, in its order. */
function oldAnswer(s: Scenario, now: Date, amountCents: bigint): Record<string, unknown> | null {
  if (!s.active) return new HttpError(403, 'auth.deactivated').toBody();
  if (s.role !== 'user' || s.kyc !== 'complete')
    return new HttpError(403, 'investment.not_verified').toBody();
  // A venture the investor may not see (not approved, a draft) is not found (step 3 of
  // src-server/db/functions/place_investment.sql; the old code answered 409 not_open for it).
  if (s.venture !== 'present' || s.adminStatus !== 'approved' || s.visibility === 'draft')
    return new HttpError(404, 'venture.not_found').toBody();
  // A timestamp read through drizzle is a JS Date: microseconds dropped.
  const at = (offset: number) => new Date(now.getTime() + Math.floor(offset / 1000));
  const refused = checkInvestment({
    venture: {
      adminStatus: s.adminStatus,
      visibility: s.visibility,
      lifecycleStatus: s.lifecycle,
      cancelledAt: s.cancelled ? now : null,
      goesLiveAt: s.goesLive === null ? null : at(s.goesLive),
      closingDate: at(s.closing),
    },
    terms: {
      minInvestmentCents: BigInt(s.min),
      maxInvestmentCents: BigInt(s.max),
      targetAmountCents: BigInt(s.target),
      amountFundedCents: BigInt(s.funded),
    },
    amountCents,
    balanceCents: BigInt(s.balance),
    now,
  });
  if (!refused) return null;
  return new HttpError(refused.code === 'investment.not_open' ? 409 : 400, refused.code, {
    params: refused.params,
    ...(refused.field ? { fields: { [refused.field]: refused } } : {}),
  }).toBody();
}

describe('place_investment refuses what the shared rules refuse', () => {
  it('random investors, ventures, amounts and times: the same refusal, or the same investment', async () => {
    const client = await t.database.pool.connect();
    const owner = await t.createUser({ role: 'corporate' });
    let n = 0;
    const seen = new Set<string>();
    try {
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          n += 1;
          const now = new Date(Date.UTC(2026, 10, 25, 8, 0, 0, n % 1000));
          const amountCents = BigInt(amountOf(s));
          await client.query('BEGIN');
          try {
            const user = await client.query<{ id: string }>(
              // Sophisticated: the model is the shared rules of src-shared/rules/invest.ts; investor
              // protection is protection-gates.test.ts's.
              `INSERT INTO users (email, password_hash, first_name, last_name, role, is_active, kyc_status, investor_category)
               VALUES ($1, 'x', 'Model', 'Investor', $2, $3, $4, 'sophisticated') RETURNING id`,
              [`model${n}@example.com`, s.role, s.active, s.kyc],
            );
            const userId = user.rows[0]!.id;
            if (s.balance > 0) {
              // A deposit through the ledger (its trigger moves the balance).
              const account = await client.query<{ id: string }>(
                `INSERT INTO accounts (kind, user_id) VALUES ('user', $1) RETURNING id`,
                [userId],
              );
              const deposit = await client.query<{ id: string }>(
                `INSERT INTO ledger_transactions (kind, note) VALUES ('deposit', 'Test deposit') RETURNING id`,
              );
              await client.query(
                `INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
                 VALUES ($1, $2, $3), ($1, (SELECT id FROM accounts WHERE code = 'external'), -$3::bigint)`,
                [deposit.rows[0]!.id, account.rows[0]!.id, s.balance],
              );
            }
            let ventureId = '00000000-0000-4000-8000-000000000000';
            if (s.venture !== 'missing') {
              const venture = await client.query<{ id: string }>(
                `INSERT INTO ventures (title, short_description, long_description, collateral_description, country,
                   venture_type, min_investment_cents, max_investment_cents, target_amount_cents,
                   amount_funded_cents, expected_return, investment_period, closing_date,
                   collateral_value_cents, loan_to_value, lifecycle_status, visibility, admin_status,
                   goes_live_at, cancelled_at, is_deleted, created_by)
                 VALUES ('Model venture', 's', 'l', 'c', 'KE', 'sme', $1, $2, $3, $4, $5, $6,
                   $7::timestamptz + make_interval(secs => $8::bigint / 1e6), 1, 80, $9, $10, $11,
                   $7::timestamptz + make_interval(secs => $12::bigint / 1e6), $13, $14, $15)
                 RETURNING id`,
                [
                  s.min,
                  s.max,
                  s.target,
                  s.funded,
                  s.expectedReturn,
                  s.months,
                  now,
                  s.closing,
                  s.lifecycle,
                  s.visibility,
                  s.adminStatus,
                  s.goesLive,
                  s.cancelled ? now : null,
                  s.venture === 'deleted',
                  owner.id,
                ],
              );
              ventureId = venture.rows[0]!.id;
            }
            const key = s.key ? `model-${n}` : null;
            const call = (hash: string | null) =>
              client.query(PLACE_INVESTMENT.text, [
                userId,
                ventureId,
                amountCents.toString(),
                now,
                key,
                hash,
                false,
              ]);
            const { rows } = await call(key && 'hash-1');
            const row = rows[0]!;
            const expected = oldAnswer(s, now, amountCents);
            const keyRows = async () =>
              (
                await client.query('SELECT status_code, response_body FROM idempotency_keys WHERE key = $1', [
                  key,
                ])
              ).rows;

            seen.add(row.error_code ?? (row.funded ? 'funded' : 'invested'));
            if (expected) {
              expect(row.error_code, JSON.stringify(s)).not.toBeNull();
              expect(refusalOf(row.error_code, row.error_cents).toBody(), JSON.stringify(s)).toEqual(
                expected,
              );
              if (key) expect(await keyRows()).toEqual([]);
              const moved = await client.query(
                'SELECT count(*)::int AS n FROM investments WHERE user_id = $1',
                [userId],
              );
              expect(moved.rows[0].n).toBe(0);
              return;
            }
            expect(row.error_code, JSON.stringify(s)).toBeNull();
            const fundsIt = amountCents === BigInt(s.target - s.funded);
            expect(row).toMatchObject({ status_code: 201, replayed: false, funded: fundsIt });
            expect(row.body).toEqual({
              message: 'Investment successful!',
              data: {
                _id: expect.any(String),
                venture: { _id: ventureId, title: 'Model venture' },
                amount: centsToEuros(amountCents),
                profitPaid: 0,
                status: fundsIt ? 'completed' : 'invested',
                totalExpectedReturn: centsToEuros(
                  expectedReturnCents(amountCents, s.expectedReturn, s.months),
                ),
                investmentDate: now.toISOString(),
                revocableUntil: null,
              },
            });
            const balance = await client.query(
              'SELECT balance_cents::bigint AS b FROM accounts WHERE user_id = $1',
              [userId],
            );
            expect(BigInt(balance.rows[0].b)).toBe(BigInt(s.balance) - amountCents);
            if (fundsIt) {
              // The statement funds the venture and leaves the escrow for the loan's start
              // (modules/servicing/loans.ts, right after it): no disbursement here.
              const moved = await client.query(
                `SELECT (SELECT count(*)::int FROM ledger_transactions
                          WHERE venture_id = $1 AND kind = 'disbursement') AS disbursements,
                        (SELECT balance_cents::bigint FROM accounts WHERE venture_id = $1) AS escrow`,
                [ventureId],
              );
              expect(moved.rows[0]).toEqual({ disbursements: 0, escrow: String(amountCents) });
            }
            if (key) {
              expect(await keyRows()).toEqual([{ status_code: 201, response_body: row.body }]);
              const again = (await call('hash-1')).rows[0];
              expect(again).toMatchObject({
                status_code: 201,
                body: row.body,
                replayed: true,
                error_code: null,
              });
              const other = (await call('hash-2')).rows[0];
              expect(other.error_code).toBe('idempotency.key_reused');
              expect(refusalOf(other.error_code, other.error_cents).statusCode).toBe(422);
            }
          } finally {
            await client.query('ROLLBACK');
          }
        }),
        {
          numRuns: Number(process.env.INVEST_RULES_RUNS ?? 400),
          seed: 20_261_125,
          // Every edge once for sure: exactly the balance, the minimum, the maximum, what is left
          // (below the minimum), one cent more; going live and closing at this very moment.
          examples: EDGES.map((edge) => [{ ...BASE, ...edge }]),
        },
      );
    } finally {
      client.release();
    }
    // The runs went through every answer, so each rule was compared at least once.
    expect([...seen].sort()).toEqual(
      [
        'auth.deactivated',
        'funded',
        'invested',
        'investment.above_maximum',
        'investment.below_minimum',
        'investment.insufficient_balance',
        'investment.left_to_fund',
        'investment.not_open',
        'investment.not_verified',
        'venture.not_found',
      ].sort(),
    );
  }, 120_000);

  it('refuses with 404 when the investor has no account and no venture exists, and leaves nothing behind', async () => {
    const investor = await t.injectAs('user', { kycStatus: 'complete' });
    const res = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      headers: { 'idempotency-key': 'nothing-behind' },
      payload: { ventureId: '00000000-0000-4000-8000-000000000001', amount: 100 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Venture not found.', code: 'venture.not_found' });
    const keys = await t.database.pool.query(`SELECT 1 FROM idempotency_keys WHERE key = 'nothing-behind'`);
    expect(keys.rows).toEqual([]);
  });
});
