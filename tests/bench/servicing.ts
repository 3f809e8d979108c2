/**
 * Benchmark of loan servicing (issue 24). Not part of `npm test`.
 *   npm run bench:servicing [payments]
 * On a fresh database created (and dropped at the end) on the PostgreSQL at BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres by default), with the migrations applied, it puts
 * 2,000 running loans with 50 investors each (SQL bulk inserts: 100,000 investments, 5,000 investors;
 * half the loans current, half with nothing paid for 100 days so that the close of business accrues
 * late interest, ages and defaults them), and one more loan with 1,000 investors. It times:
 *   1. one close of business (`closeBusinessDay`, yesterday), e-mails queued as in production;
 *   2. `payments` (20 by default) company repayments of that loan (`repayByCompany`), each credited
 *      to its 1,000 investors: p50 and max.
 * Goals (issue 24): the close of business <= 10 s, the repayment p50 <= 200 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildSchedule, addDays } from '../../src-shared/rules/schedule';
import { loadConfig } from '../../src-server/config';
import type { AppContext } from '../../src-server/context';
import { createDatabase, runMigrations } from '../../src-server/db/client';
import { users } from '../../src-server/db/schema';
import { createBusinessClock, isoDay } from '../../src-server/lib/business-clock';
import { Mailer } from '../../src-server/modules/mailer/service';
import { closeBusinessDay } from '../../src-server/modules/servicing/cob';
import { repayByCompany } from '../../src-server/modules/servicing/actions';
import { Jobs } from '../../src-server/plugins/jobs';
import { eq } from 'drizzle-orm';

const PAYMENTS = Number(process.argv[2] ?? 20);
const LOANS = 2_000;
const PER_LOAN = 50;
const INVESTORS = 5_000;
const BIG_LOAN_INVESTORS = 1_000;
const TICKET = 1_000_00n; // EUR 1,000.00 per investment
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_servicing_${process.pid}`;
const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = withDatabase(adminUrl, name);
const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-servicing-'));
const database = createDatabase(url, { max: 4 });
const log = { info: () => undefined, warn: () => undefined };
const jobs = new Jobs({ connectionString: url, log, background: false });

const ms = (from: number) => Math.round(performance.now() - from);

try {
  let t = performance.now();
  await runMigrations(database);
  await jobs.start();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: url });
  const mailer = new Mailer({ jobs, dataDir, publicUrl: config.publicUrl, log });
  await mailer.start({ work: false });
  const clock = createBusinessClock(() => new Date(), false);
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    mailer,
    now: () => new Date(),
    clock,
  };
  const { pool } = database;
  const today = isoDay(new Date());
  console.log(`migrated in ${ms(t)} ms`);

  // --- The data, in bulk ---------------------------------------------------------------------
  t = performance.now();
  const company = (
    await pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at)
       VALUES ('company@bench.test', 'x', 'Bench', 'Company', 'corporate', now()) RETURNING id`,
    )
  ).rows[0]!.id;
  await pool.query(
    // Sophisticated (Annex II): investor protection and the reflection period are not what is measured.
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_verified_at, kyc_status, investor_category)
     SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'investor' || g || '@bench.test',
            'x', 'Investor', 'No. ' || g, 'user', now(), 'complete', 'sophisticated'
       FROM generate_series(1, ${INVESTORS}) g`,
  );
  await pool.query(`INSERT INTO accounts (kind, user_id) SELECT 'user', id FROM users`);
  // The company's balance: one deposit from outside, through the ledger.
  const [external] = (await pool.query<{ id: string }>(`SELECT id FROM accounts WHERE code = 'external'`))
    .rows;
  const [companyAccount] = (
    await pool.query<{ id: string }>(`SELECT id FROM accounts WHERE user_id = $1`, [company])
  ).rows;
  // Both in one statement each: a transaction's entries must sum to zero when it commits.
  const ledger = async (kind: string, note: string, cents: bigint) =>
    (
      await pool.query<{ id: string }>(
        `WITH t AS (INSERT INTO ledger_transactions (kind, note) VALUES ($1, $2) RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
         SELECT t.id, a, c FROM t, unnest($3::uuid[], $4::bigint[]) AS s(a, c) RETURNING transaction_id AS id`,
        [kind, note, [companyAccount!.id, external!.id], [String(cents), String(-cents)]],
      )
    ).rows[0]!.id;
  await ledger('deposit', 'bench', 1_000_000_000_00n);
  // One stand-in ledger transaction for every bulk investment (the column is required).
  const placed = await ledger('investment', 'bench (bulk investments)', 1n);

  // Ventures 1..LOANS (50 investors each) and venture LOANS + 1 (1,000 investors).
  const principal = (n: number) => TICKET * BigInt(n);
  await pool.query(
    `INSERT INTO ventures (id, title, short_description, long_description, collateral_description, country,
       venture_type, risk_level, min_investment_cents, max_investment_cents, target_amount_cents,
       amount_funded_cents, expected_return, investment_period, repayment_type, closing_date,
       collateral_value_cents, loan_to_value, lifecycle_status, visibility, admin_status, goes_live_at,
       created_by)
     SELECT ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'Bench loan ' || g, 'Short', 'Long',
            'Collateral', 'KE', 'sme', 'medium', 5000, ${TICKET},
            CASE WHEN g > ${LOANS} THEN ${principal(BIG_LOAN_INVESTORS)} ELSE ${principal(PER_LOAN)} END,
            CASE WHEN g > ${LOANS} THEN ${principal(BIG_LOAN_INVESTORS)} ELSE ${principal(PER_LOAN)} END,
            12, 12, 'annuity', now() - interval '120 days', 1, 80, 'funded', 'public', 'approved',
            now() - interval '130 days', $1
       FROM generate_series(1, ${LOANS + 1}) g`,
    [company],
  );
  await pool.query(
    `INSERT INTO investments (venture_id, user_id, amount_cents, total_expected_return_cents, status,
                              ledger_transaction_id, investment_date)
     SELECT ('00000000-0000-4000-9000-' || lpad(v::text, 12, '0'))::uuid,
            ('00000000-0000-4000-8000-' || lpad((((v - 1) * ${PER_LOAN} + k) % ${INVESTORS} + 1)::text, 12, '0'))::uuid,
            ${TICKET}, 0, 'completed'::investment_status, $1::uuid, now() - interval '125 days'
       FROM generate_series(1, ${LOANS}) v, generate_series(0, ${PER_LOAN - 1}) k
     UNION ALL
     SELECT ('00000000-0000-4000-9000-' || lpad(${LOANS + 1}::text, 12, '0'))::uuid,
            ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid,
            ${TICKET}, 0, 'completed'::investment_status, $1::uuid, now() - interval '125 days'
       FROM generate_series(1, ${BIG_LOAN_INVESTORS}) k`,
    [placed],
  );

  // The loans and their schedules: odd loans disbursed 100 days ago and never paid (late, some
  // defaulting), even ones 10 days ago (current); the big loan 10 days ago.
  const lateStart = addDays(today, -100);
  const currentStart = addDays(today, -10);
  const scheduleOf = (cents: bigint, disbursedOn: string) =>
    buildSchedule({
      principalCents: cents,
      rateHundredths: 1200n,
      months: 12,
      type: 'annuity',
      frequency: 'monthly',
      gracePeriods: 0,
      disbursedOn,
    });
  const loans: { id: string; start: string; cents: bigint }[] = [];
  for (let g = 1; g <= LOANS + 1; g += 1) {
    const id = `00000000-0000-4000-9000-${String(g).padStart(12, '0')}`;
    const cents = g > LOANS ? principal(BIG_LOAN_INVESTORS) : principal(PER_LOAN);
    loans.push({ id, start: g % 2 === 1 && g <= LOANS ? lateStart : currentStart, cents });
  }
  await pool.query(
    `INSERT INTO loans (venture_id, status, disbursed_on, principal_cents, outstanding_principal_cents, late_interest_rate)
     SELECT id, 'current', start::date, cents, cents, 12 FROM unnest($1::uuid[], $2::text[], $3::bigint[]) AS s(id, start, cents)`,
    [loans.map((l) => l.id), loans.map((l) => l.start), loans.map((l) => String(l.cents))],
  );
  const rows: { id: string; n: number; due: string; p: string; i: string }[] = [];
  for (const l of loans)
    for (const i of scheduleOf(l.cents, l.start))
      rows.push({
        id: l.id,
        n: i.number,
        due: i.dueDate,
        p: String(i.principalCents),
        i: String(i.interestCents),
      });
  for (let k = 0; k < rows.length; k += 10_000) {
    const part = rows.slice(k, k + 10_000);
    await pool.query(
      `INSERT INTO loan_installments (venture_id, number, due_date, principal_cents, interest_cents)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::date[], $4::bigint[], $5::bigint[])`,
      [
        part.map((r) => r.id),
        part.map((r) => r.n),
        part.map((r) => r.due),
        part.map((r) => r.p),
        part.map((r) => r.i),
      ],
    );
  }
  await pool.query('ANALYZE');
  console.log(
    `set up ${LOANS + 1} loans, ${LOANS * PER_LOAN + BIG_LOAN_INVESTORS} investments, ${rows.length} instalments in ${ms(t)} ms`,
  );

  // --- 1. One close of business ---------------------------------------------------------------
  // Days before yesterday are closed as if the job had run (so that this run is one ordinary day).
  await pool.query(`INSERT INTO cob_runs (business_date, finished_at) VALUES ($1::date, now())`, [
    addDays(today, -2),
  ]);
  t = performance.now();
  const result = await closeBusinessDay(ctx, addDays(today, -1));
  const cobMs = ms(t);
  console.log(
    `close of business (${LOANS + 1} loans): ${cobMs} ms (goal <= 10000 ms) ${JSON.stringify(result)}`,
  );

  // --- 2. Company repayments credited to 1,000 investors -----------------------------------------
  const [owner] = await database.db.select().from(users).where(eq(users.id, company));
  const session = { sessionId: 'bench', user: owner! };
  const big = loans.at(-1)!.id;
  const times: number[] = [];
  for (let k = 0; k < PAYMENTS; k += 1) {
    t = performance.now();
    await repayByCompany(ctx, session, big, { amount: 250 + k }, undefined);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p50 = Math.round(times[Math.floor(times.length / 2)]!);
  console.log(
    `repayment to ${BIG_LOAN_INVESTORS} investors: p50 ${p50} ms, max ${Math.round(times.at(-1)!)} ms over ${PAYMENTS} payments (goal p50 <= 200 ms)`,
  );
  const [entries] = (
    await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.kind = 'instalment'`,
    )
  ).rows;
  console.log(`ledger entries written by the repayments: ${entries!.n}`);
} finally {
  await jobs.stop().catch(() => undefined);
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
