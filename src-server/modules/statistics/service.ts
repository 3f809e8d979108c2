/**
 * The platform's public statistics (contract, "Statistics"), from the ventures and investments
 * tables in one consistent snapshot. Money is summed in cents in the database and answered in euros.
 *
 * The figures are kept for `STATISTICS_TTL_MS` per app: the page is public and every figure is an
 * aggregate over the whole platform. A movement of money through this server (an investment, closing
 * the funding, a cancellation, a repayment) and a venture's review or edit clear them at once
 * (`clearStatistics`); a change made through another server instance shows within the TTL.
 */
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { RISK_LEVELS, type RiskLevel } from '../../../src-shared/constants/enums';
import {
  STATISTICS_TTL_MS,
  type RiskStatistics,
  type Statistics,
} from '../../../src-shared/contracts/statistics';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { investments, ventures } from '../../db/schema';
import { euros, sumOf } from '../overview/service';

/** The ventures that count: public, approved, not deleted (a cancelled venture is `rejected`). */
const counted: SQL = and(
  eq(ventures.visibility, 'public'),
  eq(ventures.adminStatus, 'approved'),
  eq(ventures.isDeleted, false),
)!;
/** Ventures that reached their funding: still being repaid, or repaid. */
const reachedFunding = inArray(ventures.lifecycleStatus, ['funded', 'repaid']);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** The observation window of the 1-year default rate: 12 months (Delegated Regulation (EU) 2022/2115, Art. 2). */
export const DEFAULT_WINDOW_MONTHS = 12;

interface DefaultFigures {
  /** Ventures (loans) with a default event at any time. */
  defaulted: number;
  /** The denominator: loans running and not in default at the window's start. */
  loansAtStart: number;
  /** The numerator: those of them with a default event in the window. */
  defaultEvents: number;
}

/**
 * Each risk level's default figures on business date `today`, by the method of Commission
 * Delegated Regulation (EU) 2022/2115 (default rates of loans offered on a crowdfunding platform),
 * Art. 2 and 3: the observed 1-year default rate over the 12-month observation window
 * (`today` minus 12 months, `today`].
 *
 * - A **default event** is a loan entering `default`: more than 90 days past due, or declared by an
 *   admin as unlikely to be paid (a `loan_events` row of kind `default`, or `loans.defaulted_on`,
 *   which stays when the loan is later paid up).
 * - The **denominator** (Art. 2(2)(a)) is the loans not in default at the window's start: disbursed
 *   before it, neither repaid nor written off before it, with no default event on or before it; and
 *   (Art. 2(3)) with at least one instalment due in the window, since a loan with no payment
 *   scheduled in the window cannot be observed in it.
 * - The **numerator** (Art. 2(2)(b)) is those loans of the denominator with at least one default
 *   event in the window. A loan disbursed inside the window counts in neither (it is observed from
 *   the next window on), so the rate is a fraction between 0 and 1.
 */
export async function defaultFigures(db: DbOrTx, today: string): Promise<Map<RiskLevel, DefaultFigures>> {
  const { rows } = await db.execute<{
    risk_level: RiskLevel;
    defaulted: number;
    loans_at_start: number;
    default_events: number;
  }>(sql`
    WITH w AS (
      SELECT ${today}::date AS today,
             (${today}::date - make_interval(months => ${DEFAULT_WINDOW_MONTHS}))::date AS start),
    l AS (
      SELECT v.risk_level, x.*,
             (SELECT array_agg(e.business_date) FROM loan_events e
               WHERE e.venture_id = x.venture_id AND e.kind = 'default') AS default_dates
        FROM loans x
        JOIN ventures v ON v.id = x.venture_id
       WHERE v.visibility = 'public' AND v.admin_status = 'approved' AND NOT v.is_deleted),
    d AS (
      SELECT l.*,
             (SELECT min(d) FROM unnest(l.default_dates || l.defaulted_on) AS d) AS first_default,
             EXISTS (SELECT 1 FROM unnest(l.default_dates || l.defaulted_on) AS d, w
                      WHERE d > w.start AND d <= w.today) AS default_in_window,
             (l.disbursed_on < w.start
              AND (l.repaid_on IS NULL OR l.repaid_on >= w.start)
              AND (l.written_off_on IS NULL OR l.written_off_on >= w.start)
              AND NOT EXISTS (SELECT 1 FROM unnest(l.default_dates || l.defaulted_on) AS d WHERE d <= w.start)
              AND EXISTS (SELECT 1 FROM loan_installments i
                           WHERE i.venture_id = l.venture_id AND i.due_date > w.start AND i.due_date <= w.today)
             ) AS at_start
        FROM l, w)
    SELECT risk_level,
           (count(*) FILTER (WHERE first_default IS NOT NULL))::int AS defaulted,
           (count(*) FILTER (WHERE at_start))::int AS loans_at_start,
           (count(*) FILTER (WHERE at_start AND default_in_window))::int AS default_events
      FROM d
     GROUP BY risk_level`);
  return new Map(
    rows.map((r) => [
      r.risk_level,
      {
        defaulted: Number(r.defaulted),
        loansAtStart: Number(r.loans_at_start),
        defaultEvents: Number(r.default_events),
      },
    ]),
  );
}

/** Computes the statistics at `now` (the real time, stamped on them) on business date `today` (no cache). */
export async function computeStatistics(db: DbOrTx, now: Date, today: string): Promise<Statistics> {
  const totals = await db
    .select({
      fundedCents: sumOf(ventures.amountFundedCents),
      venturesFunded: count(),
      venturesRepaid: countWhere(eq(ventures.lifecycleStatus, 'repaid')),
      // numeric (exact, two decimals) as text; null without a funded venture.
      averageReturn: sql<
        string | null
      >`round(sum(${ventures.amountFundedCents} * ${ventures.expectedReturn}) / nullif(sum(${ventures.amountFundedCents}), 0), 2)`,
    })
    .from(ventures)
    .where(and(counted, reachedFunding));
  const levels = await db
    .select({
      riskLevel: ventures.riskLevel,
      ventures: count(),
      funded: countWhere(eq(ventures.lifecycleStatus, 'funded')),
      repaid: countWhere(eq(ventures.lifecycleStatus, 'repaid')),
    })
    .from(ventures)
    .where(counted)
    .groupBy(ventures.riskLevel);
  const people = await db
    .select({
      repaidCents: sumOf(investments.repaidCents),
      investors:
        sql<number>`count(distinct ${investments.userId}) filter (where ${ne(investments.status, 'refunded')})`.mapWith(
          Number,
        ),
    })
    .from(investments)
    .innerJoin(ventures, eq(ventures.id, investments.ventureId))
    .where(counted);
  const defaults = await defaultFigures(db, today);
  const total = totals[0];
  const byRisk: RiskStatistics[] = RISK_LEVELS.map((riskLevel) => {
    const row = levels.find((l) => l.riskLevel === riskLevel);
    const funded = row?.funded ?? 0;
    const repaid = row?.repaid ?? 0;
    const { defaulted, loansAtStart, defaultEvents } = defaults.get(riskLevel) ?? {
      defaulted: 0,
      loansAtStart: 0,
      defaultEvents: 0,
    };
    return {
      riskLevel,
      ventures: row?.ventures ?? 0,
      funded,
      repaid,
      defaulted,
      defaultEvents,
      loansAtStart,
      defaultRate: loansAtStart > 0 ? defaultEvents / loansAtStart : 0,
    };
  });
  return {
    totalFunded: euros(total?.fundedCents),
    totalRepaid: euros(people[0]?.repaidCents),
    venturesFunded: total?.venturesFunded ?? 0,
    venturesRepaid: total?.venturesRepaid ?? 0,
    investors: people[0]?.investors ?? 0,
    averageReturn: total?.averageReturn == null ? null : Number(total.averageReturn),
    byRisk,
    computedAt: now.toISOString(),
  };
}

interface Cached {
  expiresAt: number;
  value: Promise<Statistics>;
}
const perApp = new WeakMap<object, { entry?: Cached }>();

function cacheOf(ctx: object) {
  let cache = perApp.get(ctx);
  if (!cache) {
    cache = {};
    perApp.set(ctx, cache);
  }
  return cache;
}

/** Forgets the cached figures of this app (money moved, or a venture changed). */
export function clearStatistics(ctx: object): void {
  cacheOf(ctx).entry = undefined;
}

/**
 * The statistics, computed at most once per `STATISTICS_TTL_MS` (concurrent callers share one
 * computation). The queries run in one read-only REPEATABLE READ transaction, so every figure comes
 * from the same moment. A computation started before a `clearStatistics` is answered but not kept
 * (the clear drops its entry), and a failed one is not kept either.
 */
export function statistics(ctx: AppContext): Promise<Statistics> {
  const cache = cacheOf(ctx);
  const now = ctx.now();
  if (cache.entry && cache.entry.expiresAt > now.getTime()) return cache.entry.value;
  const today = ctx.clock.today();
  const value = ctx.db.transaction((tx) => computeStatistics(tx, now, today), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const entry: Cached = { expiresAt: now.getTime() + STATISTICS_TTL_MS, value };
  cache.entry = entry;
  value.catch(() => {
    if (cache.entry === entry) cache.entry = undefined;
  });
  return value;
}
