/**
 * The calls that move a loan (API contract, "Loan servicing"): the company's payment from its
 * balance, an admin's record of money received outside the platform, a declared default, a
 * recovery and the write-off. Each is one transaction under the global lock order (loans.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminRepaymentBody,
  PaymentResult,
  RecoveryBody,
  RepayBody,
} from '../../../src-shared/contracts/servicing';
import type { LoanStatus } from '../../../src-shared/constants/enums';
import { centsToEuros, eurosToCents } from '../../../src-shared/money';
import type { AppContext } from '../../context';
import { investments, loanEvents, loanInstallments, loans } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { auditSource, recordAudit } from '../audit/service';
import { once } from '../idempotency';
import { clearStatistics } from '../statistics/service';
import { publicTotals } from '../ventures/count-cache';
import { applyPayment, lockLoan, lockVentureRow, noticeInvestors, type PaymentOutcome } from './loans';

const euros = centsToEuros;

function paymentResult(outcome: PaymentOutcome): PaymentResult {
  return {
    allocated: {
      lateInterest: euros(outcome.allocated.lateInterestCents),
      interest: euros(outcome.allocated.interestCents),
      principal: euros(outcome.allocated.principalCents),
    },
    serviceFee: euros(outcome.feeCents),
    credited: euros(outcome.creditedCents),
    investors: outcome.investors,
    loanStatus: outcome.loanStatus,
  };
}

function afterMoney(ctx: AppContext, status: LoanStatus) {
  clearStatistics(ctx);
  if (status === 'repaid' || status === 'written_off') publicTotals(ctx).clear();
}

/** POST /api/ventures/my-ventures/{ventureId}/repay: the company pays from its platform balance. */
export async function repayByCompany(
  ctx: AppContext,
  auth: SessionContext,
  ventureId: string,
  body: RepayBody,
  idempotencyKey: string | undefined,
) {
  const amountCents = eurosToCents(body.amount)!;
  const answer = await ctx.db.transaction(async (tx) =>
    once(
      tx,
      {
        userId: auth.user.id,
        scope: `repay:${ventureId}`,
        key: idempotencyKey,
        request: body,
        now: ctx.now(),
      },
      async (ledgerKey) => {
        const venture = await lockVentureRow(tx, ventureId);
        if (venture.createdBy !== auth.user.id) throw new HttpError(404, 'venture.not_found');
        const loan = await lockLoan(tx, ventureId);
        const outcome = await applyPayment(ctx, tx, venture, loan, amountCents, {
          kind: 'company',
          ledgerKind: 'instalment',
          by: auth.user.id,
          note: 'Instalment paid by the company',
          idempotencyKey: ledgerKey,
        });
        return { statusCode: 201, body: { message: 'Payment received.', data: paymentResult(outcome) } };
      },
    ),
  );
  afterMoney(ctx, answer.body.data.loanStatus);
  return answer;
}

/** POST /api/ventures/admin/{ventureId}/repayments: money the company paid outside the platform. */
export async function recordAdminRepayment(
  ctx: AppContext,
  admin: SessionContext,
  ventureId: string,
  body: AdminRepaymentBody,
  idempotencyKey: string | undefined,
) {
  const amountCents = eurosToCents(body.amount)!;
  const answer = await ctx.db.transaction(async (tx) =>
    once(
      tx,
      {
        userId: admin.user.id,
        scope: `repayment:${ventureId}`,
        key: idempotencyKey,
        request: body,
        now: ctx.now(),
      },
      async (ledgerKey) => {
        const venture = await lockVentureRow(tx, ventureId);
        const loan = await lockLoan(tx, ventureId);
        const outcome = await applyPayment(ctx, tx, venture, loan, amountCents, {
          kind: 'external',
          ledgerKind: 'repayment',
          by: admin.user.id,
          note: body.note?.trim() || 'Payment received outside the platform',
          idempotencyKey: ledgerKey,
        });
        await recordAudit(tx, {
          ...auditSource(admin),
          action: 'servicing.repayment',
          targetType: 'venture',
          targetId: ventureId,
          before: { loanStatus: loan.status },
          after: { loanStatus: outcome.loanStatus, amount: euros(amountCents) },
        });
        return { statusCode: 200, body: { message: 'Payment recorded.', data: paymentResult(outcome) } };
      },
    ),
  );
  afterMoney(ctx, answer.body.data.loanStatus);
  return answer;
}

/** POST /api/ventures/admin/{ventureId}/default: unlikeliness to pay, declared before 90 days. */
export async function declareDefault(
  ctx: AppContext,
  admin: SessionContext,
  ventureId: string,
  reason: string,
) {
  const today = ctx.clock.today();
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVentureRow(tx, ventureId);
    const loan = await lockLoan(tx, ventureId);
    if (loan.status === 'repaid' || loan.status === 'written_off')
      throw new HttpError(409, 'servicing.loan_closed');
    if (loan.status === 'default' || loan.status === 'recovery')
      throw new HttpError(409, 'servicing.already_default');
    await tx
      .update(loans)
      .set({
        status: 'default',
        defaultedOn: loan.defaultedOn ?? today,
        defaultDeclared: true,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(loans.ventureId, ventureId));
    await tx.insert(loanEvents).values([
      { ventureId, kind: 'default', businessDate: today, note: reason, createdBy: admin.user.id },
      {
        ventureId,
        kind: 'status',
        status: 'default',
        businessDate: today,
        note: reason,
        createdBy: admin.user.id,
      },
    ]);
    await noticeInvestors(ctx, tx, venture, 'default');
    await recordAudit(tx, {
      ...auditSource(admin),
      action: 'servicing.default',
      targetType: 'venture',
      targetId: ventureId,
      before: { loanStatus: loan.status },
      after: { loanStatus: 'default', reason },
    });
    return { message: 'The loan is in default.', data: { loanStatus: 'default' as const, writtenOff: 0 } };
  });
  clearStatistics(ctx);
  return result;
}

/** POST /api/ventures/admin/{ventureId}/recoveries: `amount - costs` goes to the investors pro rata. */
export async function recordRecovery(
  ctx: AppContext,
  admin: SessionContext,
  ventureId: string,
  body: RecoveryBody,
) {
  const grossCents = eurosToCents(body.amount)!;
  const costsCents = eurosToCents(body.costs ?? 0)!;
  if (costsCents > grossCents)
    throw new HttpError(400, 'servicing.costs_above_amount', {
      fields: { costs: { code: 'servicing.costs_above_amount' } },
    });
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVentureRow(tx, ventureId);
    const loan = await lockLoan(tx, ventureId);
    if (loan.status === 'repaid' || loan.status === 'written_off')
      throw new HttpError(409, 'servicing.loan_closed');
    if (loan.status !== 'default' && loan.status !== 'recovery')
      throw new HttpError(409, 'servicing.not_in_default');
    const outcome = await applyPayment(ctx, tx, venture, loan, grossCents - costsCents, {
      kind: 'external',
      ledgerKind: 'recovery',
      by: admin.user.id,
      note: body.note?.trim() || 'Recovery',
      recovery: { grossCents, costsCents },
    });
    await recordAudit(tx, {
      ...auditSource(admin),
      action: 'servicing.recovery',
      targetType: 'venture',
      targetId: ventureId,
      before: { loanStatus: loan.status },
      after: { loanStatus: outcome.loanStatus, amount: euros(grossCents), costs: euros(costsCents) },
    });
    return { message: 'Recovery recorded.', data: paymentResult(outcome) };
  });
  afterMoney(ctx, result.data.loanStatus);
  return result;
}

/**
 * POST /api/ventures/admin/{ventureId}/write-off: the outstanding principal is written off (bad
 * debt); the loan and its investments are `written_off`. No cash moves: each investment's
 * outstanding principal is recorded as written off.
 */
export async function writeOff(ctx: AppContext, admin: SessionContext, ventureId: string, reason: string) {
  const today = ctx.clock.today();
  const result = await ctx.db.transaction(async (tx) => {
    const venture = await lockVentureRow(tx, ventureId);
    const loan = await lockLoan(tx, ventureId);
    if (loan.status === 'repaid' || loan.status === 'written_off')
      throw new HttpError(409, 'servicing.loan_closed');
    const now = ctx.clock.now();
    const rows = await tx
      .select({
        id: investments.id,
        outstanding: sql<string>`${investments.amountCents} - ${investments.receivedPrincipalCents}`,
      })
      .from(investments)
      .where(and(eq(investments.ventureId, ventureId), eq(investments.status, 'completed')));
    const amounts = new Map(rows.map((r) => [r.id, BigInt(r.outstanding)]));
    await noticeInvestors(ctx, tx, venture, 'written-off', amounts);
    await tx
      .update(investments)
      .set({
        writtenOffCents: sql`${investments.amountCents} - ${investments.receivedPrincipalCents}`,
        status: 'written_off',
        updatedAt: now,
      })
      .where(and(eq(investments.ventureId, ventureId), eq(investments.status, 'completed')));
    await tx
      .update(loanInstallments)
      .set({ status: 'written_off' })
      .where(
        and(
          eq(loanInstallments.ventureId, ventureId),
          inArray(loanInstallments.status, ['scheduled', 'late']),
        ),
      );
    await tx
      .update(loans)
      .set({
        status: 'written_off',
        writtenOffCents: loan.outstandingPrincipalCents,
        outstandingPrincipalCents: 0n,
        writtenOffOn: today,
        defaultedOn: loan.defaultedOn ?? today,
        updatedAt: now,
      })
      .where(eq(loans.ventureId, ventureId));
    await tx.insert(loanEvents).values([
      ...(loan.defaultedOn === null
        ? [
            {
              ventureId,
              kind: 'default' as const,
              businessDate: today,
              note: reason,
              createdBy: admin.user.id,
            },
          ]
        : []),
      {
        ventureId,
        kind: 'write_off',
        businessDate: today,
        amountCents: loan.outstandingPrincipalCents,
        note: reason,
        createdBy: admin.user.id,
      },
      {
        ventureId,
        kind: 'status',
        status: 'written_off',
        businessDate: today,
        note: reason,
        createdBy: admin.user.id,
      },
    ]);
    await recordAudit(tx, {
      ...auditSource(admin),
      action: 'servicing.write_off',
      targetType: 'venture',
      targetId: ventureId,
      before: { loanStatus: loan.status, outstandingPrincipal: euros(loan.outstandingPrincipalCents) },
      after: { loanStatus: 'written_off', outstandingPrincipal: 0, reason },
    });
    return {
      message: 'The loan is written off.',
      data: { loanStatus: 'written_off' as const, writtenOff: euros(loan.outstandingPrincipalCents) },
    };
  });
  afterMoney(ctx, 'written_off');
  return result;
}
