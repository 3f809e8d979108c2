/** A venture's money (admin): closing its funding, cancelling it with refunds, repayments, and the
 * closing-date rule. Investing itself is modules/investments. */
import {
  auditDiff,
  auditSource,
  recordAudit,
  VENTURE_AUDIT_FIELDS,
  type AuditSource,
} from '../audit/service';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Venture } from '../../../src-shared/contracts/ventures';
import { splitProRata } from '../../../src-shared/rules/repayment';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accounts, investments, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { escrowAccountId, postTransaction } from '../ledger/service';
import { openReflectionUntil, startLoanIn } from '../servicing/loans';
import { clearStatistics } from '../statistics/service';
import { publicTotals } from './count-cache';
import { withCreator, type VentureRow } from './views';

const ALREADY_CANCELLED = 'This venture is already cancelled.';

async function lockVenture(tx: DbOrTx, id: string): Promise<VentureRow> {
  const [row] = await tx.select().from(ventures).where(eq(ventures.id, id)).for('update');
  if (!row || row.isDeleted) throw new HttpError(404, 'venture.not_found');
  return row;
}

/** The venture's investments still `invested` end: `completed` when its funding closes, `refunded`
 * when it is cancelled. */
async function settleInvested(
  tx: DbOrTx,
  ventureId: string,
  status: 'completed' | 'refunded',
  now: Date,
): Promise<void> {
  await tx
    .update(investments)
    .set({ status, updatedAt: now })
    .where(and(eq(investments.ventureId, ventureId), eq(investments.status, 'invested')));
}

/**
 * The target is reached (or an admin closed the funding): the venture is `funded`, its investments
 * `completed`, and its loan starts (loans.ts: the escrow paid out to the company's balance, the
 * schedule fixed on the business date).
 */
async function closeFundingIn(
  ctx: AppContext,
  tx: DbOrTx,
  venture: VentureRow,
  by: string | null,
): Promise<VentureRow> {
  const now = ctx.clock.now();
  await settleInvested(tx, venture.id, 'completed', now);
  const [updated] = await tx
    .update(ventures)
    .set({ lifecycleStatus: 'funded', updatedAt: now })
    .where(eq(ventures.id, venture.id))
    .returning();
  await startLoanIn(ctx, tx, updated!, ctx.clock.today(), by);
  return updated!;
}

export { splitProRata };

/** Closes the funding early: `new` -> `funded`; a second call changes nothing. */
export async function closeFunding(ctx: AppContext, admin: SessionContext, ventureId: string) {
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVenture(tx, ventureId);
    if (venture.lifecycleStatus === 'funded' && venture.cancelledAt === null)
      return { message: 'Funding is already closed.', data: await withCreator(tx, venture, ctx.clock.now()) };
    if (
      venture.lifecycleStatus !== 'new' ||
      venture.cancelledAt !== null ||
      venture.adminStatus !== 'approved'
    )
      throw new HttpError(409, 'investment.close_not_raising');
    if (venture.amountFundedCents === 0n) throw new HttpError(409, 'investment.no_investors');
    // Art. 22(2): not while an investor may still revoke (API contract, "Investor protection").
    const until = await openReflectionUntil(tx, venture.id, ctx.clock.now());
    if (until !== null)
      throw new HttpError(409, 'venture.reflection_open', { params: { until: until.toISOString() } });
    const updated = await closeFundingIn(ctx, tx, venture, admin.user.id);
    await recordAudit(tx, {
      ...auditSource(admin),
      action: 'venture.close_funding',
      targetType: 'venture',
      targetId: venture.id,
      ...auditDiff(venture, updated, VENTURE_AUDIT_FIELDS),
    });
    return { message: 'Funding closed.', data: await withCreator(tx, updated, ctx.clock.now()) };
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
  /** The admin's request (none when the closing date cancels it). */
  audit?: AuditSource,
): Promise<{ message: string; data: Venture }> {
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVenture(tx, ventureId);
    if (venture.cancelledAt !== null)
      return { message: ALREADY_CANCELLED, data: await withCreator(tx, venture, ctx.clock.now()) };
    if (venture.lifecycleStatus === 'funded' || venture.lifecycleStatus === 'repaid')
      throw new HttpError(409, 'investment.cancel_funded');
    // Business time (as every other money movement): a statement puts the refund in its business year.
    const now = ctx.clock.now();
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
        note: `Refund of the investments in ${venture.title}: venture cancelled: ${reason}`,
        // Investors' accounts in id order, then the escrow: the global lock order.
        entries: [
          ...accountRows.map((a) => ({ accountId: a.id, amountCents: perUser.get(a.userId!)! })),
          { accountId: escrow, amountCents: -total },
        ],
        at: now,
      });
      await settleInvested(tx, venture.id, 'refunded', now);
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
    if (audit)
      await recordAudit(tx, {
        ...audit,
        action: 'venture.cancel',
        targetType: 'venture',
        targetId: venture.id,
        ...auditDiff(venture, updated!, VENTURE_AUDIT_FIELDS),
      });
    return {
      message: open.length ? `Venture cancelled; ${open.length} investments refunded.` : 'Venture cancelled.',
      data: await withCreator(tx, updated!, ctx.clock.now()),
    };
  });
  publicTotals(ctx).clear();
  clearStatistics(ctx);
  return result;
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
        sql`${ventures.closingDate} <= ${ctx.clock.now()}`,
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
