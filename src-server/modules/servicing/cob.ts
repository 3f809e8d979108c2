/**
 * The close of business (API contract, "Business date"; Apache Fineract's COB): the daily servicing
 * job. `closeBusinessDay(ctx, D)` closes day D in one transaction:
 *   1. guard: a `cob_runs` row for D (a second run for D, on any instance, finds it and does nothing);
 *   2. loans that should have started (a funded venture without its loan) start, dated D + 1, once
 *      no reflection period of its investments is open at the end of D (EU 2020/1503 Art. 22(2));
 *   3. late interest for D on the unpaid principal of every instalment due on or before D, at the
 *      loan's LATE_INTEREST_RATE, one day's worth rounded to the cent;
 *   4. ageing: days past due as of D + 1 from the oldest unpaid instalment, and the status bucket;
 *      past 90 days the loan is `default` with a dated default event (Delegated Regulation (EU)
 *      2022/2115: more than 90 days past due);
 *   5. e-mails: the company 5 days before each due date and on days 1 and 15 late; the investors when
 *      a loan enters default;
 *   6. what it did, in the `cob_runs` row.
 * `catchUp` closes every day not closed yet, in order, up to the day before the business date.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { centsToEuros } from '../../../src-shared/money';
import { addDays } from '../../../src-shared/rules/schedule';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { cobRuns, loans, ventures } from '../../db/schema';
import type { LoanNoticeMessage } from '../mailer/templates';
import { clearStatistics } from '../statistics/service';
import { noticeInvestors, startLoanIn } from './loans';

export interface CobResult {
  loansStarted: number;
  loansAged: number;
  lateInterestCents: string;
  defaults: number;
  emailsQueued: number;
}

/** Loans that are still serviced (not closed). */
const OPEN_LOANS = sql`l.status NOT IN ('repaid', 'written_off')`;

async function queueCompanyNotices(ctx: AppContext, tx: DbOrTx, day: string): Promise<number> {
  const tomorrow = addDays(day, 1);
  // Due in 5 days (as of D + 1), or 1 or 15 days late now: the instalment and the amount due.
  const { rows } = await tx.execute<{
    venture_id: string;
    title: string;
    email: string;
    first_name: string;
    language: string;
    notice: 'due-soon' | 'late-1' | 'late-15';
    due_date: string;
    amount: string;
    days_late: number;
  }>(sql`
    SELECT v.id AS venture_id, v.title, u.email, u.first_name, u.language,
           CASE WHEN l.days_late = 1 THEN 'late-1' WHEN l.days_late = 15 THEN 'late-15' ELSE 'due-soon' END AS notice,
           i.due_date::text AS due_date,
           (SELECT coalesce(sum(x.principal_cents - x.paid_principal_cents + x.interest_cents - x.paid_interest_cents
                                + x.late_interest_cents - x.paid_late_interest_cents), 0)
              FROM loan_installments x
             WHERE x.venture_id = l.venture_id AND x.status IN ('scheduled', 'late')
               AND x.due_date <= i.due_date)::text AS amount,
           l.days_late
      FROM loans l
      JOIN ventures v ON v.id = l.venture_id
      JOIN users u ON u.id = v.created_by
      JOIN LATERAL (
        SELECT x.due_date FROM loan_installments x
         WHERE x.venture_id = l.venture_id AND x.status IN ('scheduled', 'late')
           AND (x.due_date = ${addDays(tomorrow, 5)}::date OR (l.days_late IN (1, 15) AND x.due_date < ${tomorrow}::date))
         ORDER BY x.due_date LIMIT 1) i ON true
     WHERE ${OPEN_LOANS}`);
  for (const row of rows) {
    const message: LoanNoticeMessage = {
      kind: 'loan-notice',
      to: row.email,
      lang: (row.language ?? 'en') as LoanNoticeMessage['lang'],
      name: row.first_name,
      notice: row.notice,
      title: row.title,
      dueDate: row.due_date,
      amount: centsToEuros(BigInt(row.amount)),
      daysLate: row.days_late,
      path: `/corporate/ventures/${row.venture_id}/show`,
    };
    await ctx.mailer.enqueue(tx, message);
  }
  return rows.length;
}

/** Closes business day `day` ('YYYY-MM-DD'); null when it was closed before. */
export async function closeBusinessDay(ctx: AppContext, day: string): Promise<CobResult | null> {
  const tomorrow = addDays(day, 1);
  const result = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(cobRuns)
      .values({ businessDate: day, startedAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ day: cobRuns.businessDate });
    if (!claimed) return null;

    // 2. Funded ventures whose loan has not started: those waiting for their investments' reflection
    // periods to end (Art. 22(2)), and the safety net after a crash between the investment that
    // funded a venture and the start of its loan. A period is over when it ends at or before the end
    // of day D (D + 1, 00:00 UTC): the loan starts on the first close of business at or after it.
    const endOfDay = new Date(`${tomorrow}T00:00:00.000Z`);
    const waiting = await tx
      .select({ id: ventures.id })
      .from(ventures)
      .leftJoin(loans, eq(loans.ventureId, ventures.id))
      .where(
        and(eq(ventures.lifecycleStatus, 'funded'), isNull(ventures.cancelledAt), isNull(loans.ventureId)),
      )
      .orderBy(asc(ventures.id));
    let loansStarted = 0;
    for (const { id } of waiting) {
      const [venture] = await tx.select().from(ventures).where(eq(ventures.id, id)).for('update');
      if (venture && (await startLoanIn(ctx, tx, venture, tomorrow, null, endOfDay))) loansStarted += 1;
    }

    // 3. A day of late interest on the unpaid principal of instalments due on or before `day`.
    const { rows: accrued } = await tx.execute<{ cents: string | null }>(sql`
      WITH accrued AS (
        UPDATE loan_installments i
           SET late_interest_cents = i.late_interest_cents
                 + ((i.principal_cents - i.paid_principal_cents) * round(l.late_interest_rate * 100)::bigint * 2 + 3650000)
                   / 7300000,
               status = 'late'
          FROM loans l
         WHERE l.venture_id = i.venture_id AND ${OPEN_LOANS}
           AND i.status IN ('scheduled', 'late') AND i.due_date <= ${day}::date
        RETURNING ((i.principal_cents - i.paid_principal_cents) * round(l.late_interest_rate * 100)::bigint * 2 + 3650000)
                   / 7300000 AS added)
      SELECT sum(added)::text AS cents FROM accrued`);

    // 4. Ageing: days past due as of tomorrow, and the bucket; over 90 days: default.
    const { rows: aged } = await tx.execute<{
      venture_id: string;
      old_status: string;
      status: string;
      days_late: number;
    }>(sql`
      WITH oldest AS (
        SELECT l.venture_id, l.status AS old_status,
               greatest(0, ${tomorrow}::date - min(i.due_date) FILTER (WHERE i.status IN ('scheduled', 'late'))) AS days
          FROM loans l JOIN loan_installments i ON i.venture_id = l.venture_id
         WHERE ${OPEN_LOANS}
         GROUP BY l.venture_id, l.status),
      next AS (
        SELECT venture_id, old_status, coalesce(days, 0) AS days,
               CASE WHEN old_status IN ('default', 'recovery') THEN old_status::text
                    WHEN coalesce(days, 0) = 0 THEN 'current'
                    WHEN days <= 15 THEN 'late_1_15'
                    WHEN days <= 30 THEN 'late_16_30'
                    WHEN days <= 60 THEN 'late_31_60'
                    WHEN days <= 90 THEN 'late_61_90'
                    ELSE 'default' END AS status
          FROM oldest)
      UPDATE loans l
         SET days_late = n.days, status = n.status::loan_status,
             defaulted_on = CASE WHEN n.status = 'default' AND l.defaulted_on IS NULL THEN ${tomorrow}::date ELSE l.defaulted_on END,
             updated_at = ${ctx.clock.now()}
        FROM next n
       WHERE l.venture_id = n.venture_id AND (l.days_late <> n.days OR l.status::text <> n.status)
      RETURNING l.venture_id, n.old_status::text AS old_status, n.status, n.days AS days_late`);
    const changed = aged.filter((r) => r.old_status !== r.status);
    if (changed.length > 0)
      await tx.execute(sql`
        INSERT INTO loan_events (venture_id, kind, status, business_date, note)
        SELECT s.id, 'status', s.status::loan_status, ${tomorrow}::date, 'Close of business'
          FROM unnest(${sql.param(changed.map((r) => r.venture_id))}::uuid[], ${sql.param(changed.map((r) => r.status))}::text[]) AS s(id, status)`);
    const defaulted = changed.filter((r) => r.status === 'default');
    let emailsQueued = 0;
    if (defaulted.length > 0) {
      await tx.execute(sql`
        INSERT INTO loan_events (venture_id, kind, business_date, note)
        SELECT id, 'default', ${tomorrow}::date, 'More than 90 days past due'
          FROM unnest(${sql.param(defaulted.map((r) => r.venture_id))}::uuid[]) AS id`);
      const rows = await tx
        .select()
        .from(ventures)
        .where(
          inArray(
            ventures.id,
            defaulted.map((r) => r.venture_id),
          ),
        );
      for (const venture of rows) emailsQueued += await noticeInvestors(ctx, tx, venture, 'default');
    }

    // 5. The companies' notices.
    emailsQueued += await queueCompanyNotices(ctx, tx, day);

    const result: CobResult = {
      loansStarted,
      loansAged: aged.length,
      lateInterestCents: accrued[0]?.cents ?? '0',
      defaults: defaulted.length,
      emailsQueued,
    };
    await tx.update(cobRuns).set({ finishedAt: ctx.now(), result }).where(eq(cobRuns.businessDate, day));
    return result;
  });
  if (result) clearStatistics(ctx);
  return result;
}

/** The last closed business day, or null before the first close of business. */
export async function lastClosedDay(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ day: cobRuns.businessDate })
    .from(cobRuns)
    .orderBy(desc(cobRuns.businessDate))
    .limit(1);
  return row?.day ?? null;
}

/**
 * Closes every business day not closed yet, oldest first, up to the day before the business date
 * (`firstDay` when no day was ever closed; yesterday by default). Returns the days closed here.
 */
export async function catchUp(ctx: AppContext, firstDay?: string): Promise<string[]> {
  const today = ctx.clock.today();
  const last = await lastClosedDay(ctx.db);
  let day = last ? addDays(last, 1) : (firstDay ?? addDays(today, -1));
  const closed: string[] = [];
  while (day < today) {
    if (await closeBusinessDay(ctx, day)) closed.push(day);
    day = addDays(day, 1);
  }
  return closed;
}
