/**
 * Statements (API contract, "Statements"; issue 28; decisions 0163-0167): the investor's annual
 * statement, the transactions of a range and the years with activity, all read from the ledger.
 *
 * Every cash figure is a sum of the caller's own ledger entries (their user account) whose
 * `created_at` (the business time the money moved) falls in the year, by the transaction's kind:
 * deposits `deposit`, withdrawals `withdrawal`, invested `investment`, refunded `refund` and
 * `revocation`, recovered `recovery`; an instalment's or repayment's entry is one net credit, split
 * into principal, interest, late interest and the service fee by its `payment_shares` rows (written
 * with it, decision 0163). What no column explains (admin adjustments, a company's disbursement)
 * is `other`, so opening + every column = closing, and opening(Y) = closing(Y-1) = the sum of every
 * entry before 1 January of Y. Written off is no cash (a write-off moves no money): it is the
 * principal recorded as written off on the investor's investments in loans written off that year.
 * Years are calendar years in UTC (decision 0164).
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { LedgerKind } from '../../../src-shared/constants/enums';
import {
  FIRST_STATEMENT_YEAR,
  MAX_RANGE_YEARS,
  rangeProblem,
} from '../../../src-shared/contracts/statements';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accounts, ledgerEntries, ledgerTransactions, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

/** The statement's columns, in the order printed. Signed cents: credits positive, debits negative. */
export const STATEMENT_COLUMNS = [
  'deposits',
  'withdrawals',
  'invested',
  'refunded',
  'principal',
  'interest',
  'lateInterest',
  'fees',
  'recovered',
  'other',
] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
export type Figures = Record<StatementColumn, bigint> & { writtenOff: bigint };

export interface VentureFigures {
  ventureId: string;
  title: string;
  figures: Figures;
}

export interface AnnualStatement {
  year: number;
  investor: { firstName: string; lastName: string; email: string; language: string };
  openingCents: bigint;
  closingCents: bigint;
  totals: Figures;
  ventures: VentureFigures[];
  /** The business date the statement was made on (the year may still be running). */
  asOf: string;
}

const zero = (): Figures => ({
  deposits: 0n,
  withdrawals: 0n,
  invested: 0n,
  refunded: 0n,
  principal: 0n,
  interest: 0n,
  lateInterest: 0n,
  fees: 0n,
  recovered: 0n,
  other: 0n,
  writtenOff: 0n,
});

const COLUMN_OF_KIND: Partial<Record<LedgerKind, StatementColumn>> = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  investment: 'invested',
  refund: 'refunded',
  revocation: 'refunded',
  recovery: 'recovered',
};

const yearStart = (year: number) => new Date(Date.UTC(year, 0, 1));

async function accountOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId));
  return row?.id ?? null;
}

/** The years with a ledger entry on the person's account or a write-off of one of their investments. */
export async function activityYears(ctx: AppContext, userId: string) {
  const account = await accountOf(ctx.db, userId);
  const rows = await ctx.db.execute<{ year: number; first: string | null }>(sql`
    SELECT y.year::int AS year, min(y.first)::text AS first FROM (
      SELECT extract(year FROM e.created_at AT TIME ZONE 'UTC') AS year,
             min((e.created_at AT TIME ZONE 'UTC')::date) AS first
        FROM ledger_entries e WHERE e.account_id = ${account}::uuid
       GROUP BY 1
      UNION ALL
      SELECT extract(year FROM l.written_off_on) AS year, min(l.written_off_on) AS first
        FROM investments i JOIN loans l ON l.venture_id = i.venture_id
       WHERE i.user_id = ${userId}::uuid AND i.written_off_cents > 0 AND l.written_off_on IS NOT NULL
       GROUP BY 1
    ) y GROUP BY y.year ORDER BY y.year DESC`);
  const years = rows.rows.map((r) => Number(r.year));
  const firsts = rows.rows.map((r) => r.first).filter((f): f is string => f !== null);
  return { years, firstDay: firsts.length ? firsts.sort()[0]! : null, today: ctx.clock.today() };
}

/** 400 `statements.year_invalid` outside 2000..this business year. */
function checkYear(ctx: AppContext, year: number) {
  const thisYear = Number(ctx.clock.today().slice(0, 4));
  if (!Number.isInteger(year) || year < FIRST_STATEMENT_YEAR || year > thisYear)
    throw new HttpError(400, 'statements.year_invalid');
}

export async function annualStatement(
  ctx: AppContext,
  userId: string,
  year: number,
): Promise<AnnualStatement> {
  checkYear(ctx, year);
  const [person] = await ctx.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  const account = await accountOf(ctx.db, userId);
  const start = yearStart(year);
  const end = yearStart(year + 1);

  const [opening] = await ctx.db
    .execute<{ cents: string | null }>(
      sql`
    SELECT sum(e.amount_cents)::text AS cents FROM ledger_entries e
     WHERE e.account_id = ${account}::uuid AND e.created_at < ${start}`,
    )
    .then((r) => r.rows);
  const byKind = await ctx.db.execute<{
    kind: LedgerKind;
    venture_id: string | null;
    cents: string;
    n: string;
  }>(sql`
    SELECT t.kind, t.venture_id, sum(e.amount_cents)::text AS cents, count(*)::text AS n
      FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.account_id = ${account}::uuid AND e.created_at >= ${start} AND e.created_at < ${end}
     GROUP BY t.kind, t.venture_id`);
  const shares = await ctx.db.execute<{ venture_id: string; p: string; i: string; l: string; f: string }>(sql`
    SELECT s.venture_id, sum(s.principal_cents)::text AS p, sum(s.interest_cents)::text AS i,
           sum(s.late_interest_cents)::text AS l, sum(s.fee_cents)::text AS f
      FROM payment_shares s JOIN ledger_transactions t ON t.id = s.ledger_transaction_id
     WHERE s.user_id = ${userId}::uuid AND t.kind IN ('instalment', 'repayment')
       AND t.created_at >= ${start} AND t.created_at < ${end}
     GROUP BY s.venture_id`);
  const writtenOff = await ctx.db.execute<{ venture_id: string; cents: string }>(sql`
    SELECT i.venture_id, sum(i.written_off_cents)::text AS cents
      FROM investments i JOIN loans l ON l.venture_id = i.venture_id
     WHERE i.user_id = ${userId}::uuid AND i.written_off_cents > 0
       AND l.written_off_on >= ${`${year}-01-01`}::date AND l.written_off_on <= ${`${year}-12-31`}::date
     GROUP BY i.venture_id`);
  if (byKind.rows.length === 0 && writtenOff.rows.length === 0)
    throw new HttpError(404, 'statements.no_activity', { params: { year } });

  const perVenture = new Map<string, Figures>();
  const totals = zero();
  const add = (ventureId: string | null, column: StatementColumn | 'writtenOff', cents: bigint) => {
    totals[column] += cents;
    if (ventureId === null) return;
    let figures = perVenture.get(ventureId);
    if (!figures) perVenture.set(ventureId, (figures = zero()));
    figures[column] += cents;
  };
  for (const row of byKind.rows) {
    const cents = BigInt(row.cents);
    // An instalment's or a repayment's entry: its parts below; what they leave unexplained is `other`.
    add(row.venture_id, COLUMN_OF_KIND[row.kind] ?? 'other', cents);
  }
  for (const row of shares.rows) {
    const parts = { p: BigInt(row.p), i: BigInt(row.i), l: BigInt(row.l), f: BigInt(row.f) };
    add(row.venture_id, 'principal', parts.p);
    add(row.venture_id, 'interest', parts.i);
    add(row.venture_id, 'lateInterest', parts.l);
    add(row.venture_id, 'fees', -parts.f);
    // Taken out of `other`, where the entries of kind instalment and repayment went.
    add(row.venture_id, 'other', -(parts.p + parts.i + parts.l - parts.f));
  }
  for (const row of writtenOff.rows) add(row.venture_id, 'writtenOff', BigInt(row.cents));

  const ids = [...perVenture.keys()];
  const titles = new Map<string, string>();
  if (ids.length)
    for (const v of await ctx.db
      .select({ id: ventures.id, title: ventures.title })
      .from(ventures)
      .where(sql`${ventures.id} = ANY(${sql.param(ids)}::uuid[])`))
      titles.set(v.id, v.title);
  const openingCents = BigInt(opening?.cents ?? '0');
  const net = STATEMENT_COLUMNS.reduce((acc, c) => acc + totals[c], 0n);
  return {
    year,
    investor: {
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      email: person?.email ?? '',
      language: person?.language ?? 'en',
    },
    openingCents,
    closingCents: openingCents + net,
    totals,
    ventures: ids
      .map((id) => ({ ventureId: id, title: titles.get(id) ?? id, figures: perVenture.get(id)! }))
      .sort((a, b) => a.title.localeCompare(b.title, 'en') || a.ventureId.localeCompare(b.ventureId)),
    asOf: ctx.clock.today(),
  };
}

export interface TransactionRow {
  at: Date;
  transactionId: string;
  kind: LedgerKind;
  note: string | null;
  venture: string | null;
  amountCents: bigint;
  balanceAfterCents: bigint;
}

/** 400 `statements.range_invalid` when from is after to, `statements.range_too_long` at 5 years or more. */
export function checkRange(from: string, to: string) {
  const problem = rangeProblem(from, to);
  if (problem === 'dateInvalid') throw new HttpError(400, 'statements.date_invalid');
  if (problem === 'rangeInvalid') throw new HttpError(400, 'statements.range_invalid');
  if (problem === 'rangeTooLong')
    throw new HttpError(400, 'statements.range_too_long', { params: { years: MAX_RANGE_YEARS } });
}

/** Every ledger entry of the caller's account whose business time falls on a day from `from` to `to` (UTC). */
export async function transactionsOf(
  ctx: AppContext,
  userId: string,
  from: string,
  to: string,
): Promise<TransactionRow[]> {
  checkRange(from, to);
  const account = await accountOf(ctx.db, userId);
  if (!account) return [];
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  const rows = await ctx.db
    .select({
      at: ledgerEntries.createdAt,
      transactionId: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      note: ledgerTransactions.note,
      venture: ventures.title,
      amountCents: ledgerEntries.amountCents,
      balanceAfterCents: ledgerEntries.balanceAfterCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(ventures, eq(ventures.id, ledgerTransactions.ventureId))
    .where(
      and(
        eq(ledgerEntries.accountId, account),
        gte(ledgerEntries.createdAt, start),
        lt(ledgerEntries.createdAt, end),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return rows;
}
