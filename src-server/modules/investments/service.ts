import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminInvestment,
  AdminInvestmentQuery,
  InvestBody,
  Investment,
} from '../../../src-shared/contracts/money';
import type { MyInvestment } from '../../../src-shared/contracts/servicing';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import type { AppContext } from '../../context';
import { startLoan } from '../servicing/loans';
import { investmentServicing } from '../servicing/reads';
import { pageOffset } from '../../lib/list';
import type { DbOrTx } from '../../db/client';
import { investments, loans, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { RuleError } from '../../../src-shared/rules/invest';
import type { ErrorCode } from '../../../src-shared/errors';
import { hashToken, type SessionContext } from '../auth/sessions';
import { hashRequest, type Answer } from '../idempotency';
import { publicTotals } from '../ventures/count-cache';
import { clearStatistics } from '../statistics/service';
import { containsPattern, isUuid } from '../../lib/query';

type InvestmentRow = typeof investments.$inferSelect;

export function toInvestment(row: InvestmentRow, venture: { id: string; title: string }): Investment {
  return {
    _id: row.id,
    venture: { _id: venture.id, title: venture.title },
    amount: centsToEuros(row.amountCents),
    profitPaid: centsToEuros(row.profitPaidCents),
    status: row.status,
    totalExpectedReturn: centsToEuros(row.totalExpectedReturnCents),
    investmentDate: row.investmentDate.toISOString(),
    revocableUntil: row.revocableUntil?.toISOString() ?? null,
  };
}

// ------------------------------------------------------------------------------------------------
// Investing

/** The one statement of an investment: the `place_investment` function
 * (src-server/db/functions/place_investment.sql) does the rules, the locks, the ledger writes and the
 * idempotency record in one transaction. Sent as a named prepared statement, outside any BEGIN. */
export const PLACE_INVESTMENT = {
  name: 'place_investment',
  text: 'SELECT status_code, body, replayed, funded, error_code, error_cents FROM place_investment($1, $2, $3, $4, $5, $6, $7)',
};

interface PlacedInvestment {
  status_code: number | null;
  body: { message: string; data: Investment } | null;
  replayed: boolean;
  funded: boolean;
  error_code: ErrorCode | null;
  /** The amount the refusal's text names (minimum, maximum, what is left), in cents; int8 as text. */
  error_cents: string | null;
}

/** The function's refusal as the contract's answer (the same status, code, params and fields as
 * checkInvestment's RuleError gave when the rules ran here). */
export function refusalOf(code: ErrorCode, cents: string | null): HttpError {
  if (code === 'investment.not_open') return new HttpError(409, code);
  // Art. 21(7): the message names the warning threshold.
  if (code === 'protection.acknowledgement_required')
    return new HttpError(409, code, {
      ...(cents !== null && { params: { amount: centsToEuros(BigInt(cents)) } }),
    });
  if (AMOUNT_REFUSALS.has(code)) {
    const refused: RuleError = {
      code,
      ...(cents !== null && { params: { amount: centsToEuros(BigInt(cents)) } }),
      field: 'amount',
    };
    return new HttpError(400, code, { params: refused.params, fields: { amount: refused } });
  }
  const status = REFUSAL_STATUS[code];
  if (status === undefined) throw new Error(`place_investment answered an unknown code: ${code}`);
  return new HttpError(status, code);
}

const AMOUNT_REFUSALS = new Set<ErrorCode>([
  'investment.below_minimum',
  'investment.above_maximum',
  'investment.left_to_fund',
  'investment.insufficient_balance',
]);
const REFUSAL_STATUS: Partial<Record<ErrorCode, number>> = {
  // place_investment_for_session's, as the session hook and requireRole answer them.
  'auth.login_required': 401,
  'auth.forbidden': 403,
  'auth.deactivated': 403,
  'investment.not_verified': 403,
  // Investor protection (EU 2020/1503 Art. 21(2)-(5)).
  'protection.test_required': 403,
  'protection.simulation_required': 403,
  'venture.not_found': 404,
  'idempotency.in_progress': 409,
  'idempotency.key_reused': 422,
};

type InvestAnswer = Answer<{ message: string; data: Investment }> & { replayed: boolean };

/** Sends one investment statement (`who`: the user's id, or the session token's hash) and reads its answer. */
async function placeInvestment(
  ctx: AppContext,
  statement: { name: string; text: string },
  who: string,
  body: InvestBody,
  idempotencyKey: string | undefined,
  answered: () => void = () => undefined,
): Promise<InvestAnswer> {
  // An id that is not a UUID names no venture: 404 like any venture the caller cannot see.
  if (!isUuid(body.ventureId)) throw new HttpError(404, 'venture.not_found');
  const amountCents = eurosToCents(body.amount)!;
  const { rows } = await ctx.pool.query<PlacedInvestment>({
    ...statement,
    values: [
      who,
      body.ventureId,
      amountCents.toString(),
      ctx.now(),
      idempotencyKey ?? null,
      idempotencyKey === undefined ? null : hashRequest(body),
      body.acknowledgeRisk === true,
    ],
  });
  answered();
  const placed = rows[0]!;
  if (placed.error_code !== null) throw refusalOf(placed.error_code, placed.error_cents);
  if (placed.funded) {
    publicTotals(ctx).clear();
    // The target is reached: the loan starts now (disbursement and schedule, API contract "Loan
    // servicing"); should this process stop first, the next close of business starts it.
    if (!placed.replayed) await startLoan(ctx, body.ventureId);
  }
  clearStatistics(ctx);
  return { statusCode: placed.status_code!, body: placed.body!, replayed: placed.replayed };
}

/** An investment by a signed-in user whose session has been looked up (`place_investment`). */
export function invest(
  ctx: AppContext,
  auth: SessionContext,
  body: InvestBody,
  idempotencyKey: string | undefined,
): Promise<InvestAnswer> {
  return placeInvestment(ctx, PLACE_INVESTMENT, auth.user.id, body, idempotencyKey);
}

/** POST /api/investments' one statement: `place_investment_for_session`
 * (src-server/db/functions/place_investment_for_session.sql) checks the session behind the token's hash and the
 * role, as the session lookup and `requireRole('user')` do, then runs `place_investment` for that
 * user, in the same transaction. One round trip per investment, session included. */
export const PLACE_INVESTMENT_FOR_SESSION = {
  name: 'place_investment_for_session',
  text: 'SELECT status_code, body, replayed, funded, error_code, error_cents FROM place_investment_for_session($1, $2, $3, $4, $5, $6, $7)',
};

/**
 * `invest` for the signed-in caller of a `sid` token whose session has not been looked up: the
 * statement checks it. Refusals come in the same order and with the same answers as `invest` after
 * the session hook and `requireRole('user')`: 401 for no live session, 403 for another role, then
 * the function's. `checked` is called once the statement has answered (its refusals are final).
 */
export function investWithSessionToken(
  ctx: AppContext,
  token: string,
  body: InvestBody,
  idempotencyKey: string | undefined,
  checked: () => void,
): Promise<InvestAnswer> {
  return placeInvestment(ctx, PLACE_INVESTMENT_FOR_SESSION, hashToken(token), body, idempotencyKey, checked);
}

/** The due date of the loan's oldest instalment with something still to pay (null when none). */
const nextUnpaidDueSql = sql<string | null>`(SELECT min(i.due_date)::text FROM loan_installments i
  WHERE i.venture_id = ${investments.ventureId} AND i.status IN ('scheduled', 'late')
    AND i.principal_cents - i.paid_principal_cents + i.interest_cents - i.paid_interest_cents
      + i.late_interest_cents - i.paid_late_interest_cents > 0)`;

/** The investor's investments, newest first (the `limit` newest when given), each with its loan's
 * servicing figures (API contract, "Loan servicing": what investors see per investment). */
export async function listMine(db: DbOrTx, userId: string, limit?: number): Promise<MyInvestment[]> {
  const query = db
    .select({
      investment: investments,
      venture: { id: ventures.id, title: ventures.title },
      loan: { status: loans.status, daysLate: loans.daysLate },
      nextDue: nextUnpaidDueSql,
    })
    .from(investments)
    .innerJoin(ventures, eq(ventures.id, investments.ventureId))
    .leftJoin(loans, eq(loans.ventureId, investments.ventureId))
    .where(eq(investments.userId, userId))
    .orderBy(desc(investments.investmentDate), desc(investments.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({
    ...toInvestment(r.investment, r.venture),
    ...investmentServicing(r.investment, r.loan, r.investment.status === 'completed' ? r.nextDue : null),
  }));
}

/** The columns of GET /api/investments/admin's `sortBy`. */
const ADMIN_SORT_COLUMNS = {
  investmentDate: investments.investmentDate,
  amount: investments.amountCents,
  status: investments.status,
} as const;

export async function listForAdmin(
  db: DbOrTx,
  query: AdminInvestmentQuery,
): Promise<{ rows: AdminInvestment[]; total: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(investments.status, query.status));
  if (query.ventureId) where.push(eq(investments.ventureId, query.ventureId));
  if (query.userId) where.push(eq(investments.userId, query.userId));
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(ventures.title, pattern),
      )!,
    );
  }
  const direction = query.order === 'asc' ? asc : desc;
  const column = ADMIN_SORT_COLUMNS[query.sortBy];
  // Ties (same amount or status) newest first; the id keeps pages stable.
  const orderBy =
    query.sortBy === 'investmentDate'
      ? [direction(investments.investmentDate), direction(investments.id)]
      : [direction(column), desc(investments.investmentDate), desc(investments.id)];
  const [rows, totals] = await Promise.all([
    db
      .select({
        investment: investments,
        venture: { id: ventures.id, title: ventures.title },
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(investments)
      .innerJoin(ventures, eq(ventures.id, investments.ventureId))
      .innerJoin(users, eq(users.id, investments.userId))
      .where(and(...where))
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(investments)
      .innerJoin(ventures, eq(ventures.id, investments.ventureId))
      .innerJoin(users, eq(users.id, investments.userId))
      .where(and(...where)),
  ]);
  return {
    rows: rows.map((r) => ({ ...toInvestment(r.investment, r.venture), investedBy: r.user })),
    total: totals[0]?.total ?? 0,
  };
}
