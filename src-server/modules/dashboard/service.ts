/**
 * The corporate dashboard's figures (contract, "Dashboards"): the signed-in company's own ventures
 * and the investments into them, never another company's, and never an investor's identity.
 * Money is summed in cents in the database and answered in euros.
 */
import { and, count, countDistinct, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminStatus, LifecycleStatus, Visibility } from '../../../src-shared/constants/enums';
import type {
  CorporateDashboard,
  CorporateVentureCounts,
  RecentCompanyInvestment,
} from '../../../src-shared/contracts/dashboard';
import { centsToEuros } from '../../../src-shared/money';
import type { DbOrTx } from '../../db/client';
import { investments, users, ventures } from '../../db/schema';
import { balanceOf } from '../balances/service';
import { investedByMonth, sumOf } from '../overview/service';

/** How many of the newest investments the dashboard lists. */
export const RECENT_INVESTMENTS = 10;

export type VentureStage = keyof CorporateVentureCounts;

/**
 * The one state a venture counts in on the dashboard, the first that applies: cancelled; rejected;
 * funded; repaid; live (approved, `new` or `coming-soon`); draft (visibility draft); pendingReview
 * (submitted for review: pending or under-review, not a draft).
 */
export function ventureStage(v: {
  cancelled: boolean;
  adminStatus: AdminStatus;
  lifecycleStatus: LifecycleStatus;
  visibility: Visibility;
}): VentureStage {
  if (v.cancelled) return 'cancelled';
  if (v.adminStatus === 'rejected') return 'rejected';
  if (v.lifecycleStatus === 'funded') return 'funded';
  if (v.lifecycleStatus === 'repaid') return 'repaid';
  if (v.adminStatus === 'approved') return 'live';
  if (v.visibility === 'draft') return 'draft';
  return 'pendingReview';
}

/** The states whose targets add up to `target`: submitted, not rejected, not cancelled. */
const COUNTS_TOWARDS_TARGET: ReadonlySet<VentureStage> = new Set([
  'pendingReview',
  'live',
  'funded',
  'repaid',
]);

const ownVentures = (ownerId: string) => and(eq(ventures.createdBy, ownerId), eq(ventures.isDeleted, false));

/** The ids of the company's ventures (not deleted), as a subquery. */
const ownVentureIds = (db: DbOrTx, ownerId: string) =>
  db.select({ id: ventures.id }).from(ventures).where(ownVentures(ownerId));

async function ventureFigures(db: DbOrTx, ownerId: string) {
  const cancelled = sql<boolean>`${ventures.cancelledAt} IS NOT NULL`;
  const rows = await db
    .select({
      cancelled,
      adminStatus: ventures.adminStatus,
      lifecycleStatus: ventures.lifecycleStatus,
      visibility: ventures.visibility,
      n: count(),
      funded: sumOf(ventures.amountFundedCents),
      target: sumOf(ventures.targetAmountCents),
    })
    .from(ventures)
    .where(ownVentures(ownerId))
    .groupBy(cancelled, ventures.adminStatus, ventures.lifecycleStatus, ventures.visibility);
  const counts: CorporateVentureCounts = {
    draft: 0,
    pendingReview: 0,
    live: 0,
    funded: 0,
    repaid: 0,
    rejected: 0,
    cancelled: 0,
  };
  let raisedCents = 0n;
  let targetCents = 0n;
  for (const row of rows) {
    const stage = ventureStage(row);
    counts[stage] += row.n;
    raisedCents += BigInt(row.funded);
    if (COUNTS_TOWARDS_TARGET.has(stage)) targetCents += BigInt(row.target);
  }
  return { counts, raised: centsToEuros(raisedCents), target: centsToEuros(targetCents) };
}

async function recentInvestments(db: DbOrTx, ownerId: string): Promise<RecentCompanyInvestment[]> {
  const rows = await db
    .select({
      id: investments.id,
      ventureId: ventures.id,
      ventureTitle: ventures.title,
      amountCents: investments.amountCents,
      status: investments.status,
      investmentDate: investments.investmentDate,
    })
    .from(investments)
    .innerJoin(ventures, eq(ventures.id, investments.ventureId))
    .where(and(ownVentures(ownerId), ne(investments.status, 'refunded')))
    .orderBy(desc(investments.investmentDate), desc(investments.id))
    .limit(RECENT_INVESTMENTS);
  return rows.map((r) => ({
    _id: r.id,
    ventureId: r.ventureId,
    ventureTitle: r.ventureTitle,
    amount: centsToEuros(r.amountCents),
    status: r.status,
    investmentDate: r.investmentDate.toISOString(),
  }));
}

export async function corporateDashboard(db: DbOrTx, userId: string, now: Date): Promise<CorporateDashboard> {
  const [[person], balance, figures, [investors], raisedByMonth, recent] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, userId)),
    balanceOf(db, userId),
    ventureFigures(db, userId),
    db
      .select({ n: countDistinct(investments.userId) })
      .from(investments)
      .where(
        and(inArray(investments.ventureId, ownVentureIds(db, userId)), ne(investments.status, 'refunded')),
      ),
    investedByMonth(db, now, userId),
    recentInvestments(db, userId),
  ]);
  return {
    firstName: person?.firstName ?? '',
    lastLoginAt: person?.lastLoginAt?.toISOString() ?? null,
    balance,
    ventures: figures.counts,
    raised: figures.raised,
    target: figures.target,
    investors: investors?.n ?? 0,
    raisedByMonth,
    recentInvestments: recent,
    // Support tickets do not exist yet (issue 15).
    tickets: [],
  };
}
