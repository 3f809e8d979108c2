import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminInvestment, AdminInvestmentQuery, Investment } from '../../../src-shared/contracts/money';
import type { Venture } from '../../../src-shared/contracts/ventures';
import { centsToEuros, eurosToCents, formatEuros } from '../../../src-shared/money';
import { splitProRata } from '../../../src-shared/rules/repayment';
import type { AppContext } from '../../context';
import { pageOffset } from '../../lib/list';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, users, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { RuleError } from '../../../src-shared/rules/invest';
import type { ErrorCode } from '../../../src-shared/errors';
import { hashToken, type SessionContext } from '../auth/sessions';
import { hashRequest, once, type Answer } from '../idempotency';
import { escrowAccountId, externalAccountId, postTransaction } from '../ledger/service';
import { publicTotals } from '../ventures/count-cache';
import { clearStatistics } from '../statistics/service';
import { loadCreator, toVenture } from '../ventures/views';
import { containsPattern, isUuid } from '../../lib/query';

const ALREADY_CANCELLED = 'This venture is already cancelled.';
const money = (cents: bigint) => formatEuros(centsToEuros(cents), 'en');

type VentureRow = typeof ventures.$inferSelect;
type InvestmentRow = typeof investments.$inferSelect;

function toInvestment(row: InvestmentRow, venture: { id: string; title: string }): Investment {
  return {
    _id: row.id,
    venture: { _id: venture.id, title: venture.title },
    amount: centsToEuros(row.amountCents),
    profitPaid: centsToEuros(row.profitPaidCents),
    status: row.status,
    totalExpectedReturn: centsToEuros(row.totalExpectedReturnCents),
    investmentDate: row.investmentDate.toISOString(),
  };
}

async function lockVenture(tx: DbOrTx, id: string): Promise<VentureRow> {
  const [row] = await tx.select().from(ventures).where(eq(ventures.id, id)).for('update');
  if (!row || row.isDeleted) throw new HttpError(404, 'venture.not_found');
  return row;
}

/** Locks an account row (the caller keeps the global order: ventures, user accounts by id, escrow, external). */
async function lockAccount(tx: DbOrTx, id: string): Promise<bigint> {
  const [row] = await tx
    .select({ balance: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.id, id))
    .for('update');
  return row!.balance;
}

/**
 * The target is reached (or an admin closed the funding): the venture is `funded`, its investments
 * `completed`, and the escrow is paid out to the company off-platform (escrow -> external).
 */
async function closeFundingIn(
  ctx: AppContext,
  tx: DbOrTx,
  venture: VentureRow,
  by: string | null,
): Promise<VentureRow> {
  const now = ctx.now();
  const escrow = await escrowAccountId(tx, venture.id);
  const held = await lockAccount(tx, escrow);
  if (held > 0n) {
    await postTransaction(tx, {
      kind: 'disbursement',
      createdBy: by,
      ventureId: venture.id,
      note: `Funding closed: ${money(held)} paid out to the company`,
      entries: [
        { accountId: escrow, amountCents: -held },
        { accountId: await externalAccountId(tx), amountCents: held },
      ],
      at: now,
    });
  }
  await tx
    .update(investments)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'invested')));
  const [updated] = await tx
    .update(ventures)
    .set({ lifecycleStatus: 'funded', updatedAt: now })
    .where(eq(ventures.id, venture.id))
    .returning();
  return updated!;
}

// ------------------------------------------------------------------------------------------------
// Investing

/** The one statement of an investment: the `place_investment` function (migration
 * 20261125071209_invest_function.sql) does the rules, the locks, the ledger writes and the
 * idempotency record in one transaction. Sent as a named prepared statement, outside any BEGIN. */
export const PLACE_INVESTMENT = {
  name: 'place_investment',
  text: 'SELECT status_code, body, replayed, funded, error_code, error_cents FROM place_investment($1, $2, $3, $4, $5, $6)',
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
  body: { ventureId: string; amount: number },
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
    ],
  });
  answered();
  const placed = rows[0]!;
  if (placed.error_code !== null) throw refusalOf(placed.error_code, placed.error_cents);
  if (placed.funded) publicTotals(ctx).clear();
  clearStatistics(ctx);
  return { statusCode: placed.status_code!, body: placed.body!, replayed: placed.replayed };
}

/** An investment by a signed-in user whose session has been looked up (`place_investment`). */
export function invest(
  ctx: AppContext,
  auth: SessionContext,
  body: { ventureId: string; amount: number },
  idempotencyKey: string | undefined,
): Promise<InvestAnswer> {
  return placeInvestment(ctx, PLACE_INVESTMENT, auth.user.id, body, idempotencyKey);
}

/** POST /api/investments' one statement: `place_investment_for_session` (migration
 * 20261125124500_invest_session_function.sql) checks the session behind the token's hash and the
 * role, as the session lookup and `requireRole('user')` do, then runs `place_investment` for that
 * user, in the same transaction. One round trip per investment, session included. */
export const PLACE_INVESTMENT_FOR_SESSION = {
  name: 'place_investment_for_session',
  text: 'SELECT status_code, body, replayed, funded, error_code, error_cents FROM place_investment_for_session($1, $2, $3, $4, $5, $6)',
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
  body: { ventureId: string; amount: number },
  idempotencyKey: string | undefined,
  checked: () => void,
): Promise<InvestAnswer> {
  return placeInvestment(ctx, PLACE_INVESTMENT_FOR_SESSION, hashToken(token), body, idempotencyKey, checked);
}

/** The investor's investments, newest first (the `limit` newest when given). */
export async function listMine(db: DbOrTx, userId: string, limit?: number): Promise<Investment[]> {
  const query = db
    .select({ investment: investments, venture: { id: ventures.id, title: ventures.title } })
    .from(investments)
    .innerJoin(ventures, eq(ventures.id, investments.ventureId))
    .where(eq(investments.userId, userId))
    .orderBy(desc(investments.investmentDate), desc(investments.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => toInvestment(r.investment, r.venture));
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

// ------------------------------------------------------------------------------------------------
// A venture's money (admin)

async function withCreator(tx: DbOrTx, row: VentureRow): Promise<Venture> {
  return toVenture(row, await loadCreator(tx, row.createdBy));
}

/** Closes the funding early: `new` -> `funded`; a second call changes nothing. */
export async function closeFunding(ctx: AppContext, admin: SessionContext, ventureId: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVenture(tx, ventureId);
    if (venture.lifecycleStatus === 'funded' && venture.cancelledAt === null)
      return { message: 'Funding is already closed.', data: await withCreator(tx, venture) };
    if (
      venture.lifecycleStatus !== 'new' ||
      venture.cancelledAt !== null ||
      venture.adminStatus !== 'approved'
    )
      throw new HttpError(409, 'investment.close_not_raising');
    if (venture.amountFundedCents === 0n) throw new HttpError(409, 'investment.no_investors');
    const updated = await closeFundingIn(ctx, tx, venture, admin.user.id);
    return { message: 'Funding closed.', data: await withCreator(tx, updated) };
  });
  publicTotals(ctx).clear();
  clearStatistics(ctx);
  return result;
}

/**
 * Cancels a venture still raising money and refunds every investment (escrow -> each investor) in
 * one ledger transaction; the venture leaves the public list (admin status `rejected`). A second
 * call changes nothing.
 */
export async function cancelVenture(
  ctx: AppContext,
  by: string | null,
  ventureId: string,
  reason: string,
): Promise<{ message: string; data: Venture }> {
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVenture(tx, ventureId);
    if (venture.cancelledAt !== null)
      return { message: ALREADY_CANCELLED, data: await withCreator(tx, venture) };
    if (venture.lifecycleStatus === 'funded' || venture.lifecycleStatus === 'repaid')
      throw new HttpError(409, 'investment.cancel_funded');
    const now = ctx.now();
    const open = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'invested')));
    if (open.length > 0) {
      const perUser = new Map<string, bigint>();
      for (const i of open) perUser.set(i.userId, (perUser.get(i.userId) ?? 0n) + i.amountCents);
      const accountRows = await tx
        .select({ id: accounts.id, userId: accounts.userId })
        .from(accounts)
        .where(inArray(accounts.userId, [...perUser.keys()]))
        .orderBy(asc(accounts.id));
      const total = open.reduce((sum, i) => sum + i.amountCents, 0n);
      const escrow = await escrowAccountId(tx, venture.id);
      await postTransaction(tx, {
        kind: 'refund',
        createdBy: by,
        ventureId: venture.id,
        note: `Venture cancelled: ${reason}`,
        // Investors' accounts in id order, then the escrow: the global lock order.
        entries: [
          ...accountRows.map((a) => ({ accountId: a.id, amountCents: perUser.get(a.userId!)! })),
          { accountId: escrow, amountCents: -total },
        ],
        at: now,
      });
      await tx
        .update(investments)
        .set({ status: 'refunded', updatedAt: now })
        .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'invested')));
    }
    const [updated] = await tx
      .update(ventures)
      .set({
        cancelledAt: now,
        cancelReason: reason,
        adminStatus: 'rejected',
        adminNotes: reason,
        amountFundedCents: 0n,
        updatedAt: now,
      })
      .where(eq(ventures.id, venture.id))
      .returning();
    return {
      message: open.length ? `Venture cancelled; ${open.length} investments refunded.` : 'Venture cancelled.',
      data: await withCreator(tx, updated!),
    };
  });
  publicTotals(ctx).clear();
  clearStatistics(ctx);
  return result;
}

export { splitProRata };

/**
 * A repayment of principal and interest: `amount` enters from off-platform and is credited to the
 * investors pro rata to their investments, to the cent. `final` moves the venture and its
 * investments to `repaid`.
 */
export async function recordRepayment(
  ctx: AppContext,
  admin: SessionContext,
  ventureId: string,
  body: { amount: number; final: boolean },
  idempotencyKey: string | undefined,
) {
  const amountCents = eurosToCents(body.amount)!;
  const now = ctx.now();
  const answer = await ctx.db.transaction(async (tx) =>
    once(
      tx,
      { userId: admin.user.id, scope: `repayment:${ventureId}`, key: idempotencyKey, request: body, now },
      async (ledgerKey) => {
        const venture = await lockVenture(tx, ventureId);
        if (venture.lifecycleStatus === 'repaid') throw new HttpError(409, 'investment.already_repaid');
        if (venture.lifecycleStatus !== 'funded') throw new HttpError(409, 'investment.repay_not_funded');
        const rows = await tx
          .select()
          .from(investments)
          .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'completed')))
          .orderBy(asc(investments.investmentDate), asc(investments.id));
        if (rows.length === 0) throw new HttpError(409, 'investment.nothing_to_repay');
        // Pro rata per investor (each gets the floor or the ceiling of their exact share), then
        // each investor's credit over their investments, for their repaid and profit figures.
        const investorIds = [...new Set(rows.map((r) => r.userId))];
        const investorShares = splitProRata(
          amountCents,
          investorIds.map((id) =>
            rows.filter((r) => r.userId === id).reduce((sum, r) => sum + r.amountCents, 0n),
          ),
        );
        const perUser = new Map(investorIds.map((id, i) => [id, investorShares[i]!]));
        const shares: bigint[] = rows.map(() => 0n);
        for (const id of investorIds) {
          const own = rows.flatMap((r, i) => (r.userId === id ? [i] : []));
          const split = splitProRata(
            perUser.get(id)!,
            own.map((i) => rows[i]!.amountCents),
          );
          own.forEach((i, k) => (shares[i] = split[k]!));
        }
        const accountRows = await tx
          .select({ id: accounts.id, userId: accounts.userId })
          .from(accounts)
          .where(inArray(accounts.userId, investorIds))
          .orderBy(asc(accounts.id));
        const entries = accountRows
          .map((a) => ({ accountId: a.id, amountCents: perUser.get(a.userId!)! }))
          .filter((e) => e.amountCents > 0n);
        await postTransaction(tx, {
          kind: 'repayment',
          createdBy: admin.user.id,
          ventureId: venture.id,
          idempotencyKey: ledgerKey,
          note: body.final ? 'Final repayment' : 'Repayment',
          entries: [...entries, { accountId: await externalAccountId(tx), amountCents: -amountCents }],
          at: now,
        });
        for (const [i, row] of rows.entries()) {
          const repaid = row.repaidCents + shares[i]!;
          await tx
            .update(investments)
            .set({
              repaidCents: repaid,
              profitPaidCents: repaid > row.amountCents ? repaid - row.amountCents : 0n,
              ...(body.final && { status: 'repaid' as const }),
              updatedAt: now,
            })
            .where(eq(investments.id, row.id));
        }
        if (body.final)
          await tx
            .update(ventures)
            .set({ lifecycleStatus: 'repaid', updatedAt: now })
            .where(eq(ventures.id, venture.id));
        return {
          statusCode: 200,
          body: {
            message: body.final ? 'Final repayment recorded.' : 'Repayment recorded.',
            data: { credited: centsToEuros(amountCents), investors: perUser.size },
          },
        };
      },
    ),
  );
  if (body.final) publicTotals(ctx).clear();
  clearStatistics(ctx);
  return answer;
}

/** The closing-date rule: a venture still raising money after its closing date is cancelled and refunded. */
export async function cancelExpiredVentures(ctx: AppContext): Promise<number> {
  const due = await ctx.db
    .select({ id: ventures.id })
    .from(ventures)
    .where(
      and(
        eq(ventures.lifecycleStatus, 'new'),
        sql`${ventures.cancelledAt} IS NULL`,
        sql`${ventures.closingDate} <= ${ctx.now()}`,
      ),
    )
    .limit(500);
  let cancelled = 0;
  for (const { id } of due) {
    // cancelVenture re-checks under the venture's lock (one venture per transaction): one cancelled
    // or funded meanwhile changes nothing.
    try {
      const { message } = await cancelVenture(
        ctx,
        null,
        id,
        'The closing date passed before the target was reached.',
      );
      if (message !== ALREADY_CANCELLED) cancelled += 1;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error; // funded or gone meanwhile: nothing to cancel
    }
  }
  return cancelled;
}
