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
import { RISK_LEVELS } from '../../../src-shared/constants/enums';
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

/** Computes the statistics at `now` (no cache). */
export async function computeStatistics(db: DbOrTx, now: Date): Promise<Statistics> {
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
  const total = totals[0];
  const byRisk: RiskStatistics[] = RISK_LEVELS.map((riskLevel) => {
    const row = levels.find((l) => l.riskLevel === riskLevel);
    const funded = row?.funded ?? 0;
    const repaid = row?.repaid ?? 0;
    // The platform records no defaults yet (contract: 0 until it does).
    const defaulted = 0;
    const reached = funded + repaid + defaulted;
    return {
      riskLevel,
      ventures: row?.ventures ?? 0,
      funded,
      repaid,
      defaulted,
      defaultRate: reached > 0 ? defaulted / reached : 0,
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
  const value = ctx.db.transaction((tx) => computeStatistics(tx, now), {
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
