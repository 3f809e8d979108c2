/** Changing a venture: creating and editing it (its company or an admin). */
import { and, eq } from 'drizzle-orm';
import type { Venture, VentureCreateBody, VentureUpdateBody } from '../../../src-shared/contracts/ventures';
import { eurosToCents } from '../../../src-shared/money';
import { checkVentureTerms, loanToValueOf } from '../../../src-shared/rules/venture';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { editWaitsForReview, proposeRevision, refuseFrozenTerms } from './revisions';
import { isAdmin, withCreator } from './views';

/** The venture for a change by its owner or an admin; anyone else gets 404 (it may not know it exists). */
export async function loadForChange(db: DbOrTx, id: string, auth: SessionContext, lock = false) {
  const query = db
    .select()
    .from(ventures)
    .where(and(eq(ventures.id, id), eq(ventures.isDeleted, false)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (!isAdmin(auth) && row.createdBy !== auth.user.id))
    throw new HttpError(404, 'venture.not_found');
  return row;
}

/** The contract's rules across fields (src-shared/rules/venture.ts) on the values the venture will have. */
export function checkTerms(
  row: {
    country: string;
    minInvestmentCents: bigint;
    maxInvestmentCents: bigint;
    targetAmountCents: bigint;
    collateralValueCents: bigint;
    amountFundedCents?: bigint;
    expectedReturn: string;
    investmentPeriod: number;
    closingDate: Date;
    repaymentFrequency: 'monthly' | 'quarterly';
    gracePeriods: number;
  },
  now: Date,
  checkClosingDate: boolean,
  /** The loan-to-value the request sent, if any: it must be the computed one (decision 0202). */
  sentLoanToValue?: number,
): void {
  const errors = checkVentureTerms(
    { ...row, expectedReturn: Number(row.expectedReturn), loanToValue: sentLoanToValue },
    now,
    { checkClosingDate },
  );
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first.code, { params: first.params, fields: errors });
}

const cents = (euros: number) => eurosToCents(euros)!;

/** The loan-to-value column of a venture with this target and collateral (decision 0202): computed,
 * never as sent. checkTerms refuses the terms it cannot be computed for (`collateral_below_target`). */
export function loanToValueColumn(row: { targetAmountCents: bigint; collateralValueCents: bigint }): string {
  return (loanToValueOf(row.targetAmountCents, row.collateralValueCents) ?? 0).toFixed(2);
}

export async function createVenture(
  ctx: AppContext,
  auth: SessionContext,
  body: VentureCreateBody,
): Promise<Venture> {
  const now = ctx.now();
  const values = {
    title: body.title,
    shortDescription: body.shortDescription,
    longDescription: body.longDescription,
    collateralDescription: body.collateralDescription,
    country: body.country,
    ventureType: body.ventureType,
    riskLevel: body.riskLevel ?? 'medium',
    minInvestmentCents: cents(body.minInvestmentAmount),
    maxInvestmentCents: cents(body.maxInvestmentAmount),
    targetAmountCents: cents(body.targetAmount),
    collateralValueCents: cents(body.collateralValue),
    expectedReturn: body.expectedReturn.toFixed(2),
    investmentPeriod: body.investmentPeriod,
    closingDate: new Date(body.closingDate),
    isConvertible: body.isConvertible ?? false,
    repaymentType: body.repaymentType ?? 'bullet',
    repaymentFrequency: body.repaymentFrequency ?? 'monthly',
    gracePeriods: body.gracePeriods ?? 0,
    tags: body.tags ?? [],
  };
  checkTerms(values, now, true, body.loanToValue);
  const [row] = await ctx.db
    .insert(ventures)
    .values({
      ...values,
      loanToValue: loanToValueColumn(values),
      lifecycleStatus: 'coming-soon',
      visibility: 'draft',
      adminStatus: 'pending',
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return withCreator(ctx.db, row!, ctx.clock.now());
}

/** The columns an edit (or an approved revision, in the same units) sets: only the fields sent. The
 * loan-to-value is not one of them: `withLoanToValue` computes it (decision 0202). */
export function rowValuesOf(body: Omit<VentureUpdateBody, 'visibility'>) {
  return {
    ...(body.title !== undefined && { title: body.title }),
    ...(body.shortDescription !== undefined && { shortDescription: body.shortDescription }),
    ...(body.longDescription !== undefined && { longDescription: body.longDescription }),
    ...(body.collateralDescription !== undefined && { collateralDescription: body.collateralDescription }),
    ...(body.country !== undefined && { country: body.country }),
    ...(body.ventureType !== undefined && { ventureType: body.ventureType }),
    ...(body.riskLevel !== undefined && { riskLevel: body.riskLevel }),
    ...(body.targetAmount !== undefined && { targetAmountCents: cents(body.targetAmount) }),
    ...(body.minInvestmentAmount !== undefined && { minInvestmentCents: cents(body.minInvestmentAmount) }),
    ...(body.maxInvestmentAmount !== undefined && { maxInvestmentCents: cents(body.maxInvestmentAmount) }),
    ...(body.collateralValue !== undefined && { collateralValueCents: cents(body.collateralValue) }),
    ...(body.expectedReturn !== undefined && { expectedReturn: body.expectedReturn.toFixed(2) }),
    ...(body.investmentPeriod !== undefined && { investmentPeriod: body.investmentPeriod }),
    ...(body.closingDate !== undefined && { closingDate: new Date(body.closingDate) }),
    ...(body.isConvertible !== undefined && { isConvertible: body.isConvertible }),
    ...(body.repaymentType !== undefined && { repaymentType: body.repaymentType }),
    ...(body.repaymentFrequency !== undefined && { repaymentFrequency: body.repaymentFrequency }),
    ...(body.gracePeriods !== undefined && { gracePeriods: body.gracePeriods }),
    ...(body.tags !== undefined && { tags: body.tags }),
  };
}

/** `next` with the loan-to-value recomputed when it changes the target or the collateral value (or a
 * loan-to-value was sent): the column always follows the other two (decision 0202). */
export function withLoanToValue<T extends { targetAmountCents?: bigint; collateralValueCents?: bigint }>(
  row: { targetAmountCents: bigint; collateralValueCents: bigint },
  next: T,
  sent: boolean,
): T & { loanToValue?: string } {
  if (next.targetAmountCents === undefined && next.collateralValueCents === undefined && !sent) return next;
  return { ...next, loanToValue: loanToValueColumn({ ...row, ...next } as typeof row) };
}

export async function updateVenture(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  body: VentureUpdateBody,
): Promise<Venture> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id, auth, true);
    await refuseFrozenTerms(tx, row, body);
    // Back to draft only while not approved (an approved venture is live or holds money).
    if (body.visibility === 'draft' && row.visibility !== 'draft' && row.adminStatus === 'approved')
      throw new HttpError(409, 'venture.approved_no_draft');
    // A loan-to-value sent must follow from the target and collateral the venture will have (0202).
    if (body.loanToValue !== undefined)
      checkTerms({ ...row, ...rowValuesOf(body) }, now, false, body.loanToValue);
    // The company's edit of an approved venture waits for review (decision 0127).
    if (editWaitsForReview(row, isAdmin(auth)))
      return withCreator(tx, await proposeRevision(ctx, tx, row, body), ctx.clock.now());
    const next = withLoanToValue(
      row,
      {
        ...rowValuesOf(body),
        ...(body.visibility !== undefined && { visibility: body.visibility }),
      },
      body.loanToValue !== undefined,
    );
    const merged = { ...row, ...next };
    checkTerms(merged, now, body.closingDate !== undefined);
    // The owner's change to a rejected venture submits it again: pending, the last notes kept.
    const resubmits =
      row.adminStatus === 'rejected' &&
      row.cancelledAt === null &&
      !isAdmin(auth) &&
      Object.keys(next).length > 0;
    const [updated] = await tx
      .update(ventures)
      .set({ ...next, ...(resubmits && { adminStatus: 'pending' as const }), updatedAt: now })
      .where(eq(ventures.id, id))
      .returning();
    return withCreator(tx, updated!, ctx.clock.now());
  });
}
