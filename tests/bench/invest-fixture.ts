/**
 * The data of the investing benches (bench:invest, bench:instances): verified, sophisticated
 * investors with big balances (one deposit through the ledger) and a session each whose token is
 * known, and open ventures with targets so large they never fill. Investor n's session token is
 * `sessionToken(n)` and venture n's id `ventureId(n)`, so a pgbench script can name them from a
 * random number.
 */
import { runMigrations, type Database } from '../../src-server/db/client';
import { hashToken, SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { externalAccountId, postTransaction } from '../../src-server/modules/ledger/service';

const BALANCE = 100_000_000_00n; // EUR 100,000,000.00 each: never runs out

export const ventureId = (n: number | string) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
export const sessionToken = (n: number) => `bench-token-${n}`;

export async function fillInvestBench(
  database: Database,
  { investors: INVESTORS, ventures: VENTURES }: { investors: number; ventures: number },
): Promise<{ cookies: string[]; ventureIds: string[] }> {
  await runMigrations(database);
  const { pool, db } = database;
  const owner = await pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at)
     VALUES ('owner@bench.test', 'x', 'Bench', 'Owner', 'corporate', now()) RETURNING id`,
  );
  const investors = await pool.query<{ id: string }>(
    // Sophisticated (Annex II): investor protection and the reflection period are not what is measured.
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified_at, kyc_status, investor_category)
     SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'investor' || g || '@bench.test',
       'x', 'Investor', 'No. ' || g, 'user', now(), 'complete', 'sophisticated'
       FROM generate_series(1, ${INVESTORS}) g
     ORDER BY g
     RETURNING id`,
  );
  const ids = investors.rows.map((r) => r.id);
  const accounts = await pool.query<{ id: string }>(
    `INSERT INTO accounts (kind, user_id) SELECT 'user', unnest($1::uuid[]) RETURNING id`,
    [ids],
  );
  // One deposit for everyone, through the ledger like any other.
  await db.transaction(async (tx) => {
    await postTransaction(tx, {
      kind: 'deposit',
      note: 'bench',
      entries: [
        ...accounts.rows.map((a) => ({ accountId: a.id, amountCents: BALANCE })),
        { accountId: await externalAccountId(tx), amountCents: -BALANCE * BigInt(INVESTORS) },
      ],
    });
  });
  const ventures = await pool.query<{ id: string }>(
    `INSERT INTO ventures (id, title, short_description, long_description, collateral_description, country,
       venture_type, risk_level, min_investment_cents, max_investment_cents, target_amount_cents,
       expected_return, investment_period, closing_date, collateral_value_cents, loan_to_value,
       lifecycle_status, visibility, admin_status, goes_live_at, created_by)
     SELECT ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'Bench venture ' || g,
       'Short', 'Long', 'Collateral', 'KE', 'sme', 'medium', 5000,
       100000000, 100000000000000, 12, 12, now() + interval '30 days', 1, 80,
       'new', 'public', 'approved', now() - interval '1 day', $1
       FROM generate_series(1, ${VENTURES}) g
     ORDER BY g
     RETURNING id`,
    [owner.rows[0]!.id],
  );
  // A session each, its token known (`bench-token-<n>`), so the pgbench script can name investor n's
  // session by its hash as the API's statement does.
  const tokens = ids.map((_, i) => sessionToken(i + 1));
  await pool.query(
    `INSERT INTO sessions (user_id, token_hash, remember_me, expires_at)
     SELECT unnest($1::uuid[]), unnest($2::text[]), true, now() + interval '30 days'`,
    [ids, tokens.map(hashToken)],
  );
  const cookies = tokens.map((token) => `${SESSION_COOKIE}=${token}`);
  await pool.query('VACUUM ANALYZE');
  return { cookies, ventureIds: ventures.rows.map((r) => r.id) };
}
