/**
 * The admin overview's figures (contract, "Dashboards"), each one query over the whole platform.
 * Money is summed in cents in the database and answered in euros.
 */
import {
  and,
  type AnyColumn,
  count,
  countDistinct,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  sql,
} from 'drizzle-orm';
import { LOAN_STATUSES } from '../../../src-shared/constants/enums';
import {
  OVERVIEW_MONTHS,
  type AdminOverview,
  type LoanStatusFigures,
  type MonthAmount,
} from '../../../src-shared/contracts/overview';
import { centsToEuros } from '../../../src-shared/money';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, kycVerifications, loans, users, ventures } from '../../db/schema';
import { ticketFigures } from '../tickets/service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sum of a bigint column (numeric in PostgreSQL, read as text), 0 when there are no rows. */
export const sumOf = (column: AnyColumn) => sql<string>`coalesce(sum(${column}), 0)`;
/** Euros of such a sum. */
export const euros = (text: string | undefined) => centsToEuros(BigInt(text ?? '0'));

/** 'YYYY-MM' of a UTC month start. */
const monthKey = (d: Date) => d.toISOString().slice(0, 7);

/** The start of the month `offset` months from `now`'s month (UTC). */
const monthStart = (now: Date, offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));

/** The last `OVERVIEW_MONTHS` calendar months (UTC) up to `now`'s, oldest first, each with 0. */
export function lastMonths(now: Date): string[] {
  return Array.from({ length: OVERVIEW_MONTHS }, (_, i) =>
    monthKey(monthStart(now, i - OVERVIEW_MONTHS + 1)),
  );
}

/**
 * Euros invested per month over the last `OVERVIEW_MONTHS` calendar months (UTC), oldest first,
 * months without investments 0; refunded investments do not count. With `ownerId`, only the
 * investments into that company's ventures (not deleted): the corporate dashboard's `raisedByMonth`.
 */
export async function investedByMonth(db: DbOrTx, now: Date, ownerId?: string): Promise<MonthAmount[]> {
  const month = sql<string>`to_char(${investments.investmentDate} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const ownVentures = ownerId
    ? inArray(
        investments.ventureId,
        db
          .select({ id: ventures.id })
          .from(ventures)
          .where(and(eq(ventures.createdBy, ownerId), eq(ventures.isDeleted, false))),
      )
    : undefined;
  const rows = await db
    .select({ month, cents: sumOf(investments.amountCents) })
    .from(investments)
    .where(
      and(
        ne(investments.status, 'refunded'),
        gte(investments.investmentDate, monthStart(now, 1 - OVERVIEW_MONTHS)),
        lt(investments.investmentDate, monthStart(now, 1)),
        ownVentures,
      ),
    )
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, r.cents]));
  return lastMonths(now).map((m) => ({ month: m, amount: euros(byMonth.get(m)) }));
}

/**
 * Money past due across the loans still serviced on business date `today`: the unpaid principal and
 * interest of every open instalment due before `today`, plus the unpaid late interest (which only
 * instalments past their due date accrue), in cents.
 */
export async function overdueCents(db: DbOrTx, today: string): Promise<bigint> {
  const { rows } = await db.execute<{ cents: string }>(sql`
    SELECT coalesce(sum(
             CASE WHEN i.due_date < ${today}::date
                  THEN i.principal_cents - i.paid_principal_cents + i.interest_cents - i.paid_interest_cents
                  ELSE 0 END
             + i.late_interest_cents - i.paid_late_interest_cents), 0)::text AS cents
      FROM loan_installments i
      JOIN loans l ON l.venture_id = i.venture_id
     WHERE l.status NOT IN ('repaid', 'written_off') AND i.status IN ('scheduled', 'late')`);
  return BigInt(rows[0]?.cents ?? '0');
}

/** One row per loan status (every value of LOAN_STATUSES, in its order, zeros included). */
export async function loansByStatus(db: DbOrTx): Promise<LoanStatusFigures[]> {
  const rows = await db
    .select({ status: loans.status, n: count(), outstanding: sumOf(loans.outstandingPrincipalCents) })
    .from(loans)
    .groupBy(loans.status);
  return LOAN_STATUSES.map((loanStatus) => {
    const row = rows.find((r) => r.status === loanStatus);
    return { loanStatus, loans: row?.n ?? 0, outstandingPrincipal: euros(row?.outstanding) };
  });
}

/**
 * The overview at `now` (the real time: sign-ups, tickets, months) and business date `today` (the
 * loans' figures: what is past due).
 */
export async function adminOverview(db: DbOrTx, now: Date, today: string): Promise<AdminOverview> {
  const [invested, balances, review, verifications, signUps, months, tickets, overdue, byStatus] =
    await Promise.all([
      db
        .select({ cents: sumOf(investments.amountCents) })
        .from(investments)
        .where(ne(investments.status, 'refunded')),
      db
        .select({ kind: accounts.kind, cents: sumOf(accounts.balanceCents) })
        .from(accounts)
        .where(inArray(accounts.kind, ['user', 'escrow']))
        .groupBy(accounts.kind),
      db
        .select({ n: count() })
        .from(ventures)
        .where(
          and(
            inArray(ventures.adminStatus, ['pending', 'under-review']),
            ne(ventures.visibility, 'draft'),
            eq(ventures.isDeleted, false),
            isNull(ventures.cancelledAt),
          ),
        ),
      db
        .select({ n: countDistinct(kycVerifications.userId) })
        .from(kycVerifications)
        .where(eq(kycVerifications.status, 'pending')),
      db
        .select({ n: count() })
        .from(users)
        .where(gt(users.createdAt, new Date(now.getTime() - 30 * DAY_MS))),
      investedByMonth(db, now),
      ticketFigures(db, now),
      overdueCents(db, today),
      loansByStatus(db),
    ]);
  const held = (kind: 'user' | 'escrow') => euros(balances.find((b) => b.kind === kind)?.cents);
  return {
    invested: euros(invested[0]?.cents),
    heldInBalances: held('user'),
    inEscrow: held('escrow'),
    venturesAwaitingReview: review[0]?.n ?? 0,
    verificationsAwaitingReview: verifications[0]?.n ?? 0,
    signUps30d: signUps[0]?.n ?? 0,
    openTickets: tickets.openTickets,
    complaintsDueSoon: tickets.complaintsDueSoon,
    investedByMonth: months,
    overdue: centsToEuros(overdue),
    loansByStatus: byStatus,
  };
}
