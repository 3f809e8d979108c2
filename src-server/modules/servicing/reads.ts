/**
 * What servicing shows (API contract, "Loan servicing"): a loan's schedule, the admin's servicing
 * list and loan page, and the investor's view of one investment (their share of each instalment).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { LoanStatus } from '../../../src-shared/constants/enums';
import { LATE_LOAN_STATUSES } from '../../../src-shared/constants/enums';
import type {
  Installment,
  InvestmentDetail,
  InvestmentServicing,
  LoanDetail,
  LoanEvent,
  Schedule,
  ServicingListQuery,
  ServicingRow,
} from '../../../src-shared/contracts/servicing';
import { centsToEuros } from '../../../src-shared/money';
import { splitProRata } from '../../../src-shared/rules/repayment';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, ledgerEntries, loanEvents, loans, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { pageOffset } from '../../lib/list';
import { containsPattern } from '../../lib/query';
import { isAdminRole } from '../../plugins/session';
import type { SessionContext } from '../auth/sessions';
import { loadInstallments, type InstallmentRow, type LoanRow } from './loans';

const euros = centsToEuros;

const unpaidOf = (i: InstallmentRow) =>
  i.principalCents -
  i.paidPrincipalCents +
  (i.interestCents - i.paidInterestCents) +
  (i.lateInterestCents - i.paidLateInterestCents);

/** `part`'s share of `cents` in proportion to `part / whole` (largest remainder over the two sides). */
const shareOf = (cents: bigint, part: bigint, whole: bigint): bigint =>
  part >= whole || cents === 0n ? cents : splitProRata(cents, [part, whole - part])[0]!;

const isOpen = (i: InstallmentRow) => i.status === 'scheduled' || i.status === 'late';

/** The figures of a loan from its rows on `today`. */
export function loanFigures(loan: LoanRow, rows: readonly InstallmentRow[], today: string) {
  const open = rows.filter(isOpen);
  const overdue = open.filter((i) => i.dueDate < today).reduce((sum, i) => sum + unpaidOf(i), 0n);
  const owed = open.reduce((sum, i) => sum + unpaidOf(i), 0n);
  const next = open.find((i) => unpaidOf(i) > 0n);
  return {
    overdueCents: overdue,
    owedCents: owed,
    nextDue: next ? { number: next.number, dueDate: next.dueDate, amount: euros(unpaidOf(next)) } : null,
  };
}

const installmentView = (i: InstallmentRow): Installment => ({
  number: i.number,
  dueDate: i.dueDate,
  principal: euros(i.principalCents),
  interest: euros(i.interestCents),
  lateInterest: euros(i.lateInterestCents),
  paidPrincipal: euros(i.paidPrincipalCents),
  paidInterest: euros(i.paidInterestCents),
  paidLateInterest: euros(i.paidLateInterestCents),
  status: i.status,
  paidAt: i.paidOn,
});

async function scheduleOf(
  ctx: AppContext,
  tx: DbOrTx,
  ventureId: string,
): Promise<{ schedule: Schedule; loan: LoanRow } | null> {
  const [row] = await tx
    .select({ loan: loans, venture: ventures })
    .from(loans)
    .innerJoin(ventures, eq(ventures.id, loans.ventureId))
    .where(eq(loans.ventureId, ventureId));
  if (!row) return null;
  const rows = await loadInstallments(tx, ventureId);
  const figures = loanFigures(row.loan, rows, ctx.clock.today());
  return {
    loan: row.loan,
    schedule: {
      loanStatus: row.loan.status,
      daysLate: row.loan.daysLate,
      disbursedAt: row.loan.disbursedOn,
      repaymentType: row.venture.repaymentType,
      repaymentFrequency: row.venture.repaymentFrequency,
      gracePeriods: row.venture.gracePeriods,
      principal: euros(row.loan.principalCents),
      outstandingPrincipal: euros(row.loan.outstandingPrincipalCents),
      overdue: euros(figures.overdueCents),
      owed: euros(figures.owedCents),
      writtenOff: euros(row.loan.writtenOffCents),
      nextDue: figures.nextDue,
      installments: rows.map(installmentView),
    },
  };
}

/** GET /api/ventures/{ventureId}/schedule: its owner, admins, and investors holding it; 404 for anyone else. */
export async function getSchedule(
  ctx: AppContext,
  auth: SessionContext,
  ventureId: string,
): Promise<Schedule> {
  const [venture] = await ctx.db
    .select({ createdBy: ventures.createdBy, isDeleted: ventures.isDeleted })
    .from(ventures)
    .where(eq(ventures.id, ventureId));
  if (!venture || venture.isDeleted) throw new HttpError(404, 'venture.not_found');
  let allowed = isAdminRole(auth.user.role) || venture.createdBy === auth.user.id;
  if (!allowed && auth.user.role === 'user') {
    const [held] = await ctx.db
      .select({ n: count() })
      .from(investments)
      .where(
        and(
          eq(investments.ventureId, ventureId),
          eq(investments.userId, auth.user.id),
          inArray(investments.status, ['completed', 'repaid', 'written_off']),
        ),
      );
    allowed = (held?.n ?? 0) > 0;
  }
  if (!allowed) throw new HttpError(404, 'venture.not_found');
  const found = await scheduleOf(ctx, ctx.db, ventureId);
  if (!found) throw new HttpError(404, 'servicing.no_loan');
  return found.schedule;
}

const nextDueSql = sql<string | null>`(SELECT min(i.due_date)::text FROM loan_installments i
  WHERE i.venture_id = ${loans.ventureId} AND i.status IN ('scheduled', 'late'))`;

const overdueSql = (
  today: string,
) => sql<string>`(SELECT coalesce(sum(i.principal_cents - i.paid_principal_cents
    + i.interest_cents - i.paid_interest_cents + i.late_interest_cents - i.paid_late_interest_cents), 0)::text
  FROM loan_installments i WHERE i.venture_id = ${loans.ventureId} AND i.status IN ('scheduled', 'late')
    AND i.due_date < ${today}::date)`;

const nextAmountSql = sql<
  string | null
>`(SELECT (i.principal_cents - i.paid_principal_cents + i.interest_cents
    - i.paid_interest_cents + i.late_interest_cents - i.paid_late_interest_cents)::text
  FROM loan_installments i WHERE i.venture_id = ${loans.ventureId} AND i.status IN ('scheduled', 'late')
  ORDER BY i.number LIMIT 1)`;

const nextNumberSql = sql<number | null>`(SELECT min(i.number) FROM loan_installments i
  WHERE i.venture_id = ${loans.ventureId} AND i.status IN ('scheduled', 'late'))`;

function servicingRow(r: {
  loan: LoanRow;
  title: string;
  company: string | null;
  nextDate: string | null;
  nextAmount: string | null;
  nextNumber: number | null;
  overdue: string;
}): ServicingRow {
  return {
    id: r.loan.ventureId,
    venture: { _id: r.loan.ventureId, title: r.title },
    company: r.company,
    loanStatus: r.loan.status,
    daysLate: r.loan.daysLate,
    principal: euros(r.loan.principalCents),
    outstandingPrincipal: euros(r.loan.outstandingPrincipalCents),
    overdue: euros(BigInt(r.overdue)),
    nextDue:
      r.nextDate && r.nextAmount !== null && r.nextNumber !== null
        ? { number: r.nextNumber, dueDate: r.nextDate, amount: euros(BigInt(r.nextAmount)) }
        : null,
    disbursedAt: r.loan.disbursedOn,
  };
}

function servicingSelect(db: DbOrTx, today: string) {
  return db
    .select({
      loan: loans,
      title: ventures.title,
      company: users.companyName,
      nextDate: nextDueSql,
      nextAmount: nextAmountSql,
      nextNumber: nextNumberSql,
      overdue: overdueSql(today),
    })
    .from(loans)
    .innerJoin(ventures, eq(ventures.id, loans.ventureId))
    .innerJoin(users, eq(users.id, ventures.createdBy));
}

/** GET /api/admin/servicing: loans by status and days late, most days late first. */
export async function listServicing(
  ctx: AppContext,
  query: ServicingListQuery,
): Promise<{ rows: ServicingRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.loanStatus === 'late') where.push(inArray(loans.status, [...LATE_LOAN_STATUSES]));
  else if (query.loanStatus) where.push(eq(loans.status, query.loanStatus as LoanStatus));
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(or(ilike(ventures.title, pattern), ilike(users.companyName, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    servicingSelect(ctx.db, ctx.clock.today())
      .where(condition)
      .orderBy(desc(loans.daysLate), asc(loans.disbursedOn), asc(loans.ventureId))
      .limit(query.limit)
      .offset(pageOffset(query)),
    ctx.db
      .select({ n: count() })
      .from(loans)
      .innerJoin(ventures, eq(ventures.id, loans.ventureId))
      .innerJoin(users, eq(users.id, ventures.createdBy))
      .where(condition),
  ]);
  return { rows: rows.map(servicingRow), total: total?.n ?? 0 };
}

const eventView = (e: typeof loanEvents.$inferSelect): LoanEvent => {
  const d = e.details as Record<string, string> | null;
  return {
    id: e.id,
    kind: e.kind,
    businessDate: e.businessDate,
    status: e.status,
    amount: e.amountCents === null ? null : euros(e.amountCents),
    allocation: d
      ? {
          principal: euros(BigInt(d.principal ?? '0')),
          interest: euros(BigInt(d.interest ?? '0')),
          lateInterest: euros(BigInt(d.lateInterest ?? '0')),
          fee: euros(BigInt(d.fee ?? '0')),
          costs: euros(BigInt(d.costs ?? '0')),
        }
      : null,
    note: e.note,
    at: e.createdAt.toISOString(),
  };
};

/** GET /api/admin/servicing/{ventureId}: the loan's page (schedule, payments and allocations, history). */
export async function loanDetail(ctx: AppContext, ventureId: string): Promise<LoanDetail> {
  const today = ctx.clock.today();
  const [row] = await servicingSelect(ctx.db, today).where(eq(loans.ventureId, ventureId));
  if (!row) throw new HttpError(404, 'servicing.no_loan');
  const found = (await scheduleOf(ctx, ctx.db, ventureId))!;
  const events = await ctx.db
    .select()
    .from(loanEvents)
    .where(eq(loanEvents.ventureId, ventureId))
    .orderBy(asc(loanEvents.createdAt), asc(loanEvents.id));
  const [investors] = await ctx.db
    .select({ n: sql<number>`count(DISTINCT ${investments.userId})::int` })
    .from(investments)
    .where(
      and(
        eq(investments.ventureId, ventureId),
        inArray(investments.status, ['completed', 'repaid', 'written_off']),
      ),
    );
  return {
    ...servicingRow(row),
    schedule: found.schedule,
    events: events.map(eventView),
    investors: investors?.n ?? 0,
  };
}

/** What servicing adds to one of the investor's investments (its list row and its page agree). A
 * refunded or revoked investment has nothing outstanding; the others their principal not yet paid back or
 * written off. `nextPaymentDate` is the caller's: the next unpaid instalment's due date of a running loan. */
export function investmentServicing(
  i: typeof investments.$inferSelect,
  loan: { status: LoanStatus; daysLate: number } | null,
  nextPaymentDate: string | null,
): InvestmentServicing {
  return {
    loanStatus: loan?.status ?? null,
    daysLate: loan?.daysLate ?? 0,
    outstandingPrincipal:
      i.status === 'refunded' || i.status === 'revoked'
        ? 0
        : euros(i.amountCents - i.receivedPrincipalCents - i.writtenOffCents),
    nextPaymentDate,
    receivedPrincipal: euros(i.receivedPrincipalCents),
    receivedInterest: euros(i.receivedInterestCents),
    receivedLateInterest: euros(i.receivedLateInterestCents),
    serviceFees: euros(i.serviceFeesCents),
    writtenOff: euros(i.writtenOffCents),
  };
}

/** GET /api/investments/{investmentId}: the investor's own investment with its share of the loan. */
export async function investmentDetail(
  ctx: AppContext,
  userId: string,
  investmentId: string,
): Promise<InvestmentDetail> {
  const [row] = await ctx.db
    .select({ investment: investments, venture: ventures, loan: loans })
    .from(investments)
    .innerJoin(ventures, eq(ventures.id, investments.ventureId))
    .leftJoin(loans, eq(loans.ventureId, investments.ventureId))
    .where(and(eq(investments.id, investmentId), eq(investments.userId, userId)));
  if (!row) throw new HttpError(404, 'investment.not_found');
  const { investment: i, venture: v, loan } = row;
  let installments: Installment[] | null = null;
  let nextPayment: InvestmentDetail['nextPayment'] = null;
  const history: InvestmentDetail['history'] = [];
  if (loan) {
    const rows = await loadInstallments(ctx.db, v.id);
    // The investor's share of each figure: pro rata to this investment's amount over the loan's principal.
    const share = (cents: bigint) => euros(shareOf(cents, i.amountCents, loan.principalCents));
    installments = rows.map((r) => ({
      ...installmentView(r),
      principal: share(r.principalCents),
      interest: share(r.interestCents),
      lateInterest: share(r.lateInterestCents),
      paidPrincipal: share(r.paidPrincipalCents),
      paidInterest: share(r.paidInterestCents),
      paidLateInterest: share(r.paidLateInterestCents),
    }));
    const next = rows.find((r) => isOpen(r) && unpaidOf(r) > 0n);
    if (next && i.status === 'completed')
      nextPayment = { number: next.number, dueDate: next.dueDate, amount: share(unpaidOf(next)) };
    const events = await ctx.db
      .select()
      .from(loanEvents)
      .where(eq(loanEvents.ventureId, v.id))
      .orderBy(asc(loanEvents.createdAt), asc(loanEvents.id));
    // What each payment credited: the investor's own ledger entry in its transaction (exactly what
    // the balance received), shared over the investor's investments in this loan by their amounts.
    const transactionIds = events.flatMap((e) => (e.ledgerTransactionId ? [e.ledgerTransactionId] : []));
    const entries =
      transactionIds.length === 0
        ? []
        : await ctx.db
            .select({ transactionId: ledgerEntries.transactionId, amount: ledgerEntries.amountCents })
            .from(ledgerEntries)
            .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
            .where(and(inArray(ledgerEntries.transactionId, transactionIds), eq(accounts.userId, userId)));
    const own = await ctx.db
      .select({ id: investments.id, amount: investments.amountCents })
      .from(investments)
      .where(
        and(
          eq(investments.ventureId, v.id),
          eq(investments.userId, userId),
          inArray(investments.status, ['completed', 'repaid', 'written_off']),
        ),
      )
      .orderBy(asc(investments.investmentDate), asc(investments.id));
    const index = own.findIndex((r) => r.id === i.id);
    const creditOf = (transactionId: string | null): bigint => {
      const cents = entries
        .filter((x) => x.transactionId === transactionId)
        .reduce((sum, x) => sum + x.amount, 0n);
      if (index < 0 || cents <= 0n) return 0n;
      return splitProRata(
        cents,
        own.map((r) => r.amount),
      )[index]!;
    };
    for (const e of events) {
      if (e.kind === 'payment' || e.kind === 'recovery') {
        history.push({
          businessDate: e.businessDate,
          kind: e.kind,
          status: null,
          credited: euros(creditOf(e.ledgerTransactionId)),
        });
      } else if (e.kind !== 'default')
        history.push({ businessDate: e.businessDate, kind: e.kind, status: e.status, credited: null });
    }
  }
  return {
    _id: i.id,
    venture: {
      _id: v.id,
      title: v.title,
      expectedReturn: Number(v.expectedReturn),
      investmentPeriod: v.investmentPeriod,
      repaymentType: v.repaymentType,
      repaymentFrequency: v.repaymentFrequency,
    },
    amount: euros(i.amountCents),
    status: i.status,
    totalExpectedReturn: euros(i.totalExpectedReturnCents),
    investmentDate: i.investmentDate.toISOString(),
    ...investmentServicing(i, loan, nextPayment?.dueDate ?? null),
    installments,
    nextPayment,
    history,
  };
}
