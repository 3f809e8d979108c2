/**
 * The corporate dashboard's figures (contract, "Dashboards"): the signed-in company's own ventures
 * and the investments into them, never another company's, and never an investor's identity.
 * Money is summed in cents in the database and answered in euros.
 */
import { and, asc, count, countDistinct, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type {
  AdminStatus,
  InvestmentStatus,
  LifecycleStatus,
  LoanStatus,
  Visibility,
} from '../../../src-shared/constants/enums';
import {
  INVESTOR_DASHBOARD_LIMITS,
  NET_RETURN_MIN_AGE_DAYS,
  type CorporateDashboard,
  type CorporateNextPayment,
  type CorporateVentureCounts,
  type InvestorBreakdown,
  type InvestorDashboard,
  type InvestorTransaction,
  type RecentCompanyInvestment,
} from '../../../src-shared/contracts/dashboard';
import { centsToEuros } from '../../../src-shared/money';
import { xirr, type CashFlow } from '../../../src-shared/rules/xirr';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  investments,
  ledgerEntries,
  ledgerTransactions,
  loanInstallments,
  loans,
  users,
  ventures,
} from '../../db/schema';
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

/** What an instalment still owes: principal, interest and late interest not yet paid, in cents. */
const unpaidSql = sql<string>`(${loanInstallments.principalCents} - ${loanInstallments.paidPrincipalCents}
  + ${loanInstallments.interestCents} - ${loanInstallments.paidInterestCents}
  + ${loanInstallments.lateInterestCents} - ${loanInstallments.paidLateInterestCents})`;

/** The loan states in which the company still pays instalments (not repaid, not written off). */
const RUNNING_LOAN = sql`${loans.status} NOT IN ('repaid', 'written_off')`;

/**
 * The next payment due across the company's running loans: the earliest unpaid instalment (by due
 * date; a tie goes to the lower instalment number, then the venture id), and what it still owes.
 */
export async function nextCompanyPayment(db: DbOrTx, ownerId: string): Promise<CorporateNextPayment | null> {
  const [row] = await db
    .select({
      ventureId: ventures.id,
      title: ventures.title,
      dueDate: loanInstallments.dueDate,
      amount: unpaidSql,
    })
    .from(loanInstallments)
    .innerJoin(loans, eq(loans.ventureId, loanInstallments.ventureId))
    .innerJoin(ventures, eq(ventures.id, loanInstallments.ventureId))
    .where(
      and(
        ownVentures(ownerId),
        RUNNING_LOAN,
        inArray(loanInstallments.status, ['scheduled', 'late']),
        sql`${unpaidSql} > 0`,
      ),
    )
    .orderBy(asc(loanInstallments.dueDate), asc(loanInstallments.number), asc(ventures.id))
    .limit(1);
  if (!row) return null;
  return {
    ventureId: row.ventureId,
    title: row.title,
    dueDate: row.dueDate,
    amount: centsToEuros(BigInt(row.amount)),
  };
}

export async function corporateDashboard(db: DbOrTx, userId: string, now: Date): Promise<CorporateDashboard> {
  const [person, balance, figures, [investors], raisedByMonth, recent, tickets, nextPayment] =
    await Promise.all([
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
      nextCompanyPayment(db, userId),
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
    nextPayment,
  };
}

// ------------------------------------------------------------------------------------------------
// The investor's dashboard (contract, "Dashboards")

const DAY_MS = 86_400_000;
/** The ledger kinds that are money between the investor and ventures (the XIRR's cash flows). */
const INVESTING_KINDS = ['investment', 'refund', 'repayment', 'instalment', 'recovery'] as const;
/** `netAnnualReturn` is answered to 6 decimals (0.0001 %). */
const RATE_DECIMALS = 1e6;

/** A loan in one of these statuses is past 90 days or declared in default: its principal is "in recovery". */
const IN_RECOVERY: readonly LoanStatus[] = ['default', 'recovery'];
/** Principal of an investment neither paid back nor written off, in cents. */
const outstandingOf = sql`${investments.amountCents} - ${investments.receivedPrincipalCents} - ${investments.writtenOffCents}`;

/**
 * The investor's investments added up per status (and, for running loans, whether the loan is in
 * default or recovery), in cents. Principal paid back and written off come from loan servicing's
 * columns (`received_principal_cents`, `written_off_cents`).
 */
async function investmentFigures(db: DbOrTx, userId: string) {
  // Literal statuses (not parameters), so that GROUP BY repeats the very same expression.
  const recovering = sql<boolean>`coalesce(${loans.status} IN (${sql.raw(
    IN_RECOVERY.map((status) => `'${status}'`).join(', '),
  )}), false)`;
  const rows = await db
    .select({
      status: investments.status,
      recovering,
      n: count(),
      ventures: countDistinct(investments.ventureId),
      amount: sumOf(investments.amountCents),
      expected: sumOf(investments.totalExpectedReturnCents),
      profit: sumOf(investments.profitPaidCents),
      lateInterest: sumOf(investments.receivedLateInterestCents),
      fees: sumOf(investments.serviceFeesCents),
      writtenOff: sumOf(investments.writtenOffCents),
      outstanding: sql<string>`coalesce(sum(greatest(${outstandingOf}, 0)), 0)`,
    })
    .from(investments)
    .leftJoin(loans, eq(loans.ventureId, investments.ventureId))
    .where(eq(investments.userId, userId))
    .groupBy(investments.status, recovering);
  const total = (pick: (r: (typeof rows)[number]) => string, only?: (r: (typeof rows)[number]) => boolean) =>
    rows.filter((r) => !only || only(r)).reduce((sum, r) => sum + BigInt(pick(r)), 0n);
  const countOf = (only: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(only).reduce((sum, r) => sum + r.n, 0);
  const is = (status: InvestmentStatus) => (r: (typeof rows)[number]) => r.status === status;
  const active = (r: (typeof rows)[number]) => r.status === 'invested' || r.status === 'completed';
  // Distinct ventures repaid: one investor may hold several investments in one venture.
  const repaidVentures = rows.filter(is('repaid')).reduce((sum, r) => sum + r.ventures, 0);
  return {
    activeInvestments: countOf(active),
    expectedReturnsCents: total((r) => r.expected, active),
    // Interest and late interest received less the service fees (loan servicing adds i + l - f).
    profitCents: total((r) => r.profit),
    lateFeesCents: total((r) => r.lateInterest),
    serviceFeesCents: total((r) => r.fees),
    badDebtCents: total((r) => r.writtenOff),
    repaidVentures,
    pendingCents: total((r) => r.amount, is('invested')),
    investedCents: total(
      (r) => r.outstanding,
      (r) => r.status === 'completed' && !r.recovering,
    ),
    inRecoveryCents: total(
      (r) => r.outstanding,
      (r) => r.status === 'completed' && r.recovering,
    ),
    outstandingCents: total((r) => r.outstanding, active),
  };
}

/**
 * The net annual return: the XIRR of the investor's cash flows with ventures (investments out;
 * refunds, repayments, instalments and recoveries in, from the ledger) plus the principal still
 * outstanding (ventures raising, running loans, loans in default or recovery) valued at `now`, the
 * business time. Written-off principal is valued at 0: it never flows back, so it counts as a loss.
 * Null while no investment is 30 days old, or when no rate solves the flows.
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

/**
 * The portfolio breakdown (issue 30, item 14): the principal outstanding of the investor's active
 * investments (`invested` or `completed`, as `outstandingCents`) per country, risk level and venture
 * type of their ventures, largest first (then by key). One grouped read over the investor's
 * investments (investments_user_id_idx) joined to their ventures.
 */
async function portfolioBreakdown(db: DbOrTx, userId: string): Promise<InvestorBreakdown> {
  const rows = await db
    .select({
      country: ventures.country,
      riskLevel: ventures.riskLevel,
      ventureType: ventures.ventureType,
      cents: sql<string>`coalesce(sum(greatest(${outstandingOf}, 0)), 0)::text`,
    })
    .from(investments)
    .innerJoin(ventures, eq(ventures.id, investments.ventureId))
    .where(and(eq(investments.userId, userId), inArray(investments.status, ['invested', 'completed'])))
    .groupBy(ventures.country, ventures.riskLevel, ventures.ventureType);
  const total = rows.reduce((sum, r) => sum + BigInt(r.cents), 0n);
  const by = (pick: (r: (typeof rows)[number]) => string) => {
    const parts = new Map<string, bigint>();
    for (const r of rows) parts.set(pick(r), (parts.get(pick(r)) ?? 0n) + BigInt(r.cents));
    return [...parts]
      .filter(([, cents]) => cents > 0n)
      .sort(([a, x], [b, y]) => (y > x ? 1 : y < x ? -1 : a.localeCompare(b)))
      .map(([key, cents]) => ({
        key,
        amount: centsToEuros(cents),
        share: total === 0n ? 0 : Number((cents * 10_000n) / total) / 100,
      }));
  };
  return {
    byCountry: by((r) => r.country),
    byRiskLevel: by((r) => r.riskLevel),
    byVentureType: by((r) => r.ventureType),
  };
}

/** The investor's dashboard at `now`, the business time (`ctx.clock.now()`). */
export async function investorDashboard(db: DbOrTx, userId: string, now: Date): Promise<InvestorDashboard> {
  const [person, balance, figures, newest, transactions, openTickets, tickets, breakdown] = await Promise.all(
    [
      greetingOf(db, userId),
      balanceOf(db, userId),
      investmentFigures(db, userId),
      listMine(db, userId, INVESTOR_DASHBOARD_LIMITS.investments),
      recentTransactions(db, userId),
      openTicketCount(db, userId),
      newestTickets(db, userId, INVESTOR_DASHBOARD_LIMITS.tickets),
      portfolioBreakdown(db, userId),
    ],
  );
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
      inRecovery: centsToEuros(figures.inRecoveryCents),
    },
    netAnnualReturn: await netAnnualReturn(db, userId, now, figures.outstandingCents),
    returns: {
      profit: profitEarned,
      lateFees: centsToEuros(figures.lateFeesCents),
      badDebt: -centsToEuros(figures.badDebtCents) || 0,
      serviceFees: -centsToEuros(figures.serviceFeesCents) || 0,
    },
    investments: newest,
    transactions,
    tickets,
    breakdown,
  };
}
