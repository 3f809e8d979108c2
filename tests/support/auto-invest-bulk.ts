/**
 * Many auto-invest mandates at once, in bulk SQL (the race test and `npm run bench:autoinvest`):
 * verified investors, half sophisticated and half non-sophisticated with a passed knowledge test and
 * a loss simulation (Art. 21), each with a balance (one deposit through the ledger) and an active
 * mandate whose waitingSince is spread over the last `count` seconds (a fair order to check).
 */
import type pg from 'pg';
import { externalAccountId, postTransaction } from '../../src-server/modules/ledger/service';
import type { Db } from '../../src-server/db/client';

export interface BulkMandates {
  count: number;
  /** Cents each investor deposits. */
  balanceCents: bigint;
  budgetCents: bigint;
  maxPerVentureCents: bigint;
  /** The mandates' one country criterion (with risk level 'medium': two criteria). */
  country: string;
  /** Marks the e-mails, so two calls do not collide. */
  tag: string;
}

/** Creates the investors and their mandates; returns the investors' ids. */
export async function bulkMandates(pool: pg.Pool, db: Db, o: BulkMandates): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at, kyc_status, investor_category)
     SELECT 'auto-' || $2 || '-' || g || '@bench.test', 'x', 'Auto', 'No. ' || g, 'user', now(), 'complete',
            (CASE WHEN g % 2 = 0 THEN 'sophisticated' ELSE 'non_sophisticated' END)::investor_category
       FROM generate_series(1, $1::int) g ORDER BY g RETURNING id`,
    [o.count, o.tag],
  );
  const ids = rows.map((r) => r.id);
  await pool.query(
    `INSERT INTO knowledge_test_attempts (user_id, language, answers, correct, total, score, passed, topics_missed, taken_at, valid_until)
     SELECT u.id, 'en', '{}', 15, 15, 100, true, '{}', now() - interval '1 day', now() + interval '2 years'
       FROM users u WHERE u.id = ANY($1::uuid[]) AND u.investor_category = 'non_sophisticated'`,
    [ids],
  );
  await pool.query(
    `INSERT INTO loss_simulations (user_id, annual_income_cents, liquid_assets_cents, annual_commitments_cents, net_worth_cents, capacity_cents, created_at)
     SELECT u.id, 0, 100000000, 0, 100000000, 10000000, now() - interval '1 day'
       FROM users u WHERE u.id = ANY($1::uuid[]) AND u.investor_category = 'non_sophisticated'`,
    [ids],
  );
  const accounts = await pool.query<{ id: string }>(
    `INSERT INTO accounts (kind, user_id) SELECT 'user', unnest($1::uuid[]) RETURNING id`,
    [ids],
  );
  for (let i = 0; i < accounts.rows.length; i += 5_000) {
    const part = accounts.rows.slice(i, i + 5_000);
    await db.transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'deposit',
        note: 'auto-invest bulk',
        entries: [
          ...part.map((a) => ({ accountId: a.id, amountCents: o.balanceCents })),
          { accountId: await externalAccountId(tx), amountCents: -o.balanceCents * BigInt(part.length) },
        ],
      });
    });
  }
  await pool.query(
    `INSERT INTO auto_invest_mandates (user_id, active, budget_cents, max_per_venture_cents, risk_levels, countries,
                                       warning_accepted_at, warning_threshold_cents, waiting_since)
     SELECT t.id, true, $2, $3, '{medium}', ARRAY[$4::text], now(), 5000000,
            now() - interval '1 hour' - (t.n * interval '1 second')
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [ids, String(o.budgetCents), String(o.maxPerVentureCents), o.country],
  );
  return ids;
}
