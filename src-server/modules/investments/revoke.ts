/**
 * The reflection period (EU 2020/1503 Art. 22(2); API contract, "Investor protection"): for 96 hours
 * of business time after investing, a non-sophisticated investor may revoke the investment without a
 * reason or a fee. `POST /api/investments/{id}/revoke` refunds the whole amount from the venture's
 * escrow in one balanced `revocation` ledger transaction; the investment becomes `revoked` and the
 * venture's amountFunded falls. A venture that was `funded` by reaching its target (its loan waits
 * for the reflection periods, loans.ts) raises money again: `new`, its investments back to `invested`.
 * Locks in the global order: the venture row, the investment, then the accounts (the investor's, the
 * escrow), as an investment takes them (place_investment.sql).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Investment } from '../../../src-shared/contracts/money';
import { centsToEuros, formatEuros } from '../../../src-shared/money';
import { isRevocable } from '../../../src-shared/rules/protection';
import type { AppContext } from '../../context';
import { investments, loans, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { escrowAccountId, postTransaction, userAccountId } from '../ledger/service';
import { lockVentureRow } from '../servicing/loans';
import { clearStatistics } from '../statistics/service';
import { publicTotals } from '../ventures/count-cache';
import { toInvestment } from './service';

export async function revokeInvestment(
  ctx: AppContext,
  userId: string,
  investmentId: string,
): Promise<{ message: string; data: Investment }> {
  const result = await ctx.db.transaction(async (tx) => {
    // Which venture to lock first; someone else's investment is not found, as when it is read.
    const [found] = await tx
      .select({ ventureId: investments.ventureId })
      .from(investments)
      .where(and(eq(investments.id, investmentId), eq(investments.userId, userId)));
    if (!found) throw new HttpError(404, 'investment.not_found');
    const venture = await lockVentureRow(tx, found.ventureId);
    const [investment] = await tx
      .select()
      .from(investments)
      .where(eq(investments.id, investmentId))
      .for('update');
    const i = investment!;
    const now = ctx.clock.now();
    // Already revoked, refunded with a cancelled venture, or made by a sophisticated investor.
    if (i.revokedAt !== null || i.revocableUntil === null || !['invested', 'completed'].includes(i.status))
      throw new HttpError(409, 'investment.not_revocable');
    // Art. 22(2): 96 hours; at exactly 96:00 it is over.
    if (!isRevocable(i.revocableUntil, now)) throw new HttpError(409, 'investment.reflection_over');
    // A loan never starts while a period is open (loans.ts), so there is no loan here; checked anyway.
    const [loan] = await tx
      .select({ id: loans.ventureId })
      .from(loans)
      .where(eq(loans.ventureId, venture.id));
    if (loan) throw new HttpError(409, 'investment.not_revocable');

    // The money: escrow -> investor (user account, then the escrow: the global lock order).
    const account = await userAccountId(tx, userId);
    const escrow = await escrowAccountId(tx, venture.id);
    const transactionId = await postTransaction(tx, {
      kind: 'revocation',
      createdBy: userId,
      ventureId: venture.id,
      note: `Revocation of the investment in ${venture.title} within the reflection period (EU 2020/1503 Art. 22): ${formatEuros(centsToEuros(i.amountCents), 'en')} refunded`,
      entries: [
        { accountId: account, amountCents: i.amountCents },
        { accountId: escrow, amountCents: -i.amountCents },
      ],
      at: now,
    });
    const [revoked] = await tx
      .update(investments)
      .set({ status: 'revoked', revokedAt: now, revocationTransactionId: transactionId, updatedAt: now })
      .where(eq(investments.id, i.id))
      .returning();
    // Funded by reaching its target, loan not started: it raises money again.
    const reopen = venture.lifecycleStatus === 'funded' && venture.cancelledAt === null;
    await tx
      .update(ventures)
      .set({
        amountFundedCents: sql`${ventures.amountFundedCents} - ${i.amountCents}`,
        ...(reopen && { lifecycleStatus: 'new' as const }),
        updatedAt: now,
      })
      .where(eq(ventures.id, venture.id));
    if (reopen)
      await tx
        .update(investments)
        .set({ status: 'invested', updatedAt: now })
        .where(and(eq(investments.ventureId, venture.id), eq(investments.status, 'completed')));
    return {
      message: 'Investment revoked.',
      data: toInvestment(revoked!, { id: venture.id, title: venture.title }),
    };
  });
  publicTotals(ctx).clear();
  clearStatistics(ctx);
  return result;
}
