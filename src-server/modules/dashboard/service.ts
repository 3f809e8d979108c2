/**
 * The corporate dashboard's figures (contract, "Dashboards"): the signed-in company's own ventures
 * and the investments into them, never another company's, and never an investor's identity.
 * Money is summed in cents in the database and answered in euros.
 */
import { and, count, countDistinct, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type {
  AdminStatus,
  InvestmentStatus,
  LifecycleStatus,
  Visibility,
} from '../../../src-shared/constants/enums';
import {
  INVESTOR_DASHBOARD_LIMITS,
  NET_RETURN_MIN_AGE_DAYS,
  type CorporateDashboard,
  type CorporateVentureCounts,
  type InvestorDashboard,
  type InvestorTransaction,
  type RecentCompanyInvestment,
} from '../../../src-shared/contracts/dashboard';
import { centsToEuros } from '../../../src-shared/money';
import { xirr, type CashFlow } from '../../../src-shared/rules/xirr';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, ledgerEntries, ledgerTransactions, users, ventures } from '../../db/schema';
import { balanceOf, NEWEST_FIRST } from '../balances/service';
import { listMine } from '../investments/service';
import { investedByMonth, sumOf } from '../overview/service';
import { newestTickets, openTicketCount } from '../tickets/service';

/** How many of the newest investments the dashboard lists. */
export const RECENT_INVESTMENTS = 10;
/** How many of the company's newest tickets the dashboard lists. */
export const CORPORATE_TICKETS = 5;

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

/** The signed-in person's greeting: first name and last sign-in (ISO, null if never). */
async function greetingOf(db: DbOrTx, userId: string) {
  const [person] = await db
    .select({ firstName: users.firstName, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, userId));
  return { firstName: person?.firstName ?? '', lastLoginAt: person?.lastLoginAt?.toISOString() ?? null };
}

export async function corporateDashboard(db: DbOrTx, userId: string, now: Date): Promise<CorporateDashboard> {
  const [person, balance, figures, [investors], raisedByMonth, recent, tickets] = await Promise.all([
    greetingOf(db, userId),
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
    newestTickets(db, userId, CORPORATE_TICKETS),
  ]);
  return {
    ...person,
    balance,
    ventures: figures.counts,
    raised: figures.raised,
    target: figures.target,
    investors: investors?.n ?? 0,
    raisedByMonth,
    recentInvestments: recent,
    tickets,
  };
}

// ------------------------------------------------------------------------------------------------
// The investor's dashboard (contract, "Dashboards")

const DAY_MS = 86_400_000;
/** The ledger kinds that are money between the investor and ventures (the XIRR's cash flows). */
const INVESTING_KINDS = ['investment', 'refund', 'repayment'] as const;
/** `netAnnualReturn` is answered to 6 decimals (0.0001 %). */
const RATE_DECIMALS = 1e6;

/** The investor's investments added up per status, in cents. */
async function investmentFigures(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      status: investments.status,
      n: count(),
      ventures: countDistinct(investments.ventureId),
      amount: sumOf(investments.amountCents),
      expected: sumOf(investments.totalExpectedReturnCents),
      profit: sumOf(investments.profitPaidCents),
      // Principal not yet paid back: what the loan's payments allocated to principal, and write-offs.
      outstanding: sql<string>`coalesce(sum(${investments.amountCents} - ${investments.receivedPrincipalCents} - ${investments.writtenOffCents}), 0)`,
    })
    .from(investments)
    .where(eq(investments.userId, userId))
    .groupBy(investments.status);
  const zero = { n: 0, ventures: 0, amount: 0n, expected: 0n, profit: 0n, outstanding: 0n };
  const by = Object.fromEntries(
    rows.map((r) => [
      r.status,
      {
        n: r.n,
        ventures: r.ventures,
        amount: BigInt(r.amount),
        expected: BigInt(r.expected),
        profit: BigInt(r.profit),
        outstanding: BigInt(r.outstanding),
      },
    ]),
  ) as Partial<Record<InvestmentStatus, typeof zero>>;
  const of = (status: InvestmentStatus) => by[status] ?? zero;
  const active = [of('invested'), of('completed')];
  return {
    activeInvestments: active[0]!.n + active[1]!.n,
    expectedReturnsCents: active[0]!.expected + active[1]!.expected,
    profitCents: rows.reduce((sum, r) => sum + BigInt(r.profit), 0n),
    repaidVentures: of('repaid').ventures,
    pendingCents: of('invested').amount,
    investedCents: of('completed').outstanding,
    outstandingCents: of('invested').outstanding + of('completed').outstanding,
  };
}

/**
 * The net annual return: the XIRR of the investor's cash flows with ventures (investments out,
 * refunds and repayments in, from the ledger) plus the principal still outstanding valued at `now`;
 * null while no investment is 30 days old, or when no rate solves the flows.
 */
async function netAnnualReturn(
  db: DbOrTx,
  userId: string,
  now: Date,
  outstandingCents: bigint,
): Promise<number | null> {
  const [old] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.userId, userId),
        lte(investments.investmentDate, new Date(now.getTime() - NET_RETURN_MIN_AGE_DAYS * DAY_MS)),
      ),
    )
    .limit(1);
  if (!old) return null;
  const rows = await db
    .select({ amount: ledgerEntries.amountCents, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(accounts.userId, userId), inArray(ledgerTransactions.kind, [...INVESTING_KINDS])));
  const flows: CashFlow[] = rows.map((r) => ({ date: r.at, amount: centsToEuros(r.amount) }));
  if (outstandingCents > 0n) flows.push({ date: now, amount: centsToEuros(outstandingCents) });
  const rate = xirr(flows);
  return rate === null ? null : Math.round(rate * RATE_DECIMALS) / RATE_DECIMALS || 0;
}

/** The newest rows of the investor's ledger account, with the venture an investment, refund or repayment was for. */
async function recentTransactions(db: DbOrTx, userId: string): Promise<InvestorTransaction[]> {
  const rows = await db
    .select({
      note: ledgerTransactions.note,
      at: ledgerEntries.createdAt,
      amount: ledgerEntries.amountCents,
      before: ledgerEntries.balanceBeforeCents,
      kind: ledgerTransactions.kind,
      ventureId: ventures.id,
      ventureTitle: ventures.title,
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(ventures, eq(ventures.id, ledgerTransactions.ventureId))
    .where(eq(accounts.userId, userId))
    .orderBy(...NEWEST_FIRST)
    .limit(INVESTOR_DASHBOARD_LIMITS.transactions);
  return rows.map((r) => ({
    note: r.note,
    at: r.at.toISOString(),
    amount: centsToEuros(r.amount),
    balanceBefore: centsToEuros(r.before),
    kind: r.kind,
    venture: r.ventureId ? { _id: r.ventureId, title: r.ventureTitle ?? '' } : null,
  }));
}

export async function investorDashboard(db: DbOrTx, userId: string, now: Date): Promise<InvestorDashboard> {
  const [person, balance, figures, newest, transactions, openTickets, tickets] = await Promise.all([
    greetingOf(db, userId),
    balanceOf(db, userId),
    investmentFigures(db, userId),
    listMine(db, userId, INVESTOR_DASHBOARD_LIMITS.investments),
    recentTransactions(db, userId),
    openTicketCount(db, userId),
    newestTickets(db, userId, INVESTOR_DASHBOARD_LIMITS.tickets),
  ]);
  const profitEarned = centsToEuros(figures.profitCents);
  return {
    ...person,
    balance,
    activeInvestments: figures.activeInvestments,
    expectedReturns: centsToEuros(figures.expectedReturnsCents),
    profitEarned,
    repaidVentures: figures.repaidVentures,
    openTickets,
    portfolio: {
      available: balance,
      invested: centsToEuros(figures.investedCents),
      pending: centsToEuros(figures.pendingCents),
      // Defaults are not recorded yet.
      inRecovery: 0,
    },
    netAnnualReturn: await netAnnualReturn(db, userId, now, figures.outstandingCents),
    returns: { profit: profitEarned, lateFees: 0, badDebt: 0, serviceFees: 0 },
    investments: newest,
    transactions,
    tickets,
  };
}
