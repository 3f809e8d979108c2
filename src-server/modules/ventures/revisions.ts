/**
 * Revisions of approved ventures (issue 26, finding 2; decision 0127): the company's edits of an
 * approved venture wait in `pending_changes` (only the changed fields, in the API's units) until an
 * admin approves them with the review call (applied in one transaction, validated and the money
 * terms' freeze checked again) or rejects them with notes. The live row, and so the public page,
 * the list and the KIIS, keep the approved version meanwhile.
 */
import { count, eq } from 'drizzle-orm';
import {
  REVISABLE_FIELDS,
  type PendingChanges,
  type RevisableField,
  type Venture,
  type VentureUpdateBody,
} from '../../../src-shared/contracts/ventures';
import { changedMoneyTerms, termsAreFrozen } from '../../../src-shared/rules/venture';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { investments, ventures } from '../../db/schema';
import { auditDiff, auditSource, recordAudit } from '../audit/service';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { publishOnApproval } from '../kiis/service';
import { toPublicVenture, withCreator, type VentureRow } from './views';
import { checkTerms, rowValuesOf, withLoanToValue } from './writes';

/** The stored revision of a row (jsonb), or null. */
export function pendingOf(row: Pick<VentureRow, 'pendingChanges'>): PendingChanges | null {
  const raw = row.pendingChanges;
  return raw && typeof raw === 'object' && Object.keys(raw).length > 0 ? (raw as PendingChanges) : null;
}

/** Whether the company's edit of this venture waits for review instead of going live. */
export const editWaitsForReview = (row: VentureRow, byAdmin: boolean): boolean =>
  !byAdmin && row.adminStatus === 'approved';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The live value of a revisable field as the API answers it (closing date as an ISO instant). */
function liveValue(row: VentureRow, field: RevisableField): unknown {
  return toPublicVenture(row, null, 0)[field];
}

/** The API value of a proposed field, comparable with liveValue (a date sent as `2027-03-01`
 * is kept as the instant the row would store). */
function proposedValue(field: RevisableField, value: unknown): unknown {
  return field === 'closingDate' ? new Date(value as string).toISOString() : value;
}

/**
 * The edit's revisable fields merged over the waiting revision; fields equal to the live venture
 * dropped (an edit back to the approved value withdraws that change). Null when nothing differs.
 */
export function mergeRevision(row: VentureRow, body: VentureUpdateBody): PendingChanges | null {
  const merged: Record<string, unknown> = { ...(pendingOf(row) ?? {}) };
  for (const field of REVISABLE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    const proposed = proposedValue(field, value);
    if (same(proposed, liveValue(row, field))) delete merged[field];
    else merged[field] = proposed;
  }
  return Object.keys(merged).length > 0 ? (merged as PendingChanges) : null;
}

async function investmentCount(db: DbOrTx, ventureId: string): Promise<number> {
  const [invested] = await db
    .select({ n: count() })
    .from(investments)
    .where(eq(investments.ventureId, ventureId));
  return invested?.n ?? 0;
}

/** 409 `venture.frozen_terms` when `change` touches money terms of an approved venture with investments. */
export async function refuseFrozenTerms(
  db: DbOrTx,
  row: VentureRow,
  change: Partial<Record<string, unknown>>,
): Promise<void> {
  if (changedMoneyTerms(change).length === 0 || row.adminStatus !== 'approved') return;
  if (termsAreFrozen({ adminStatus: row.adminStatus, investmentCount: await investmentCount(db, row.id) }))
    throw new HttpError(409, 'venture.frozen_terms');
}

/**
 * Stores the company's edit of an approved venture as its revision (validated on the venture it
 * would become); `visibility` still applies at once. The live texts and terms do not change.
 */
export async function proposeRevision(
  ctx: AppContext,
  tx: DbOrTx,
  row: VentureRow,
  body: VentureUpdateBody,
): Promise<VentureRow> {
  const now = ctx.now();
  const pending = mergeRevision(row, body);
  if (pending) checkTerms({ ...row, ...rowValuesOf(pending) }, now, pending.closingDate !== undefined);
  const changesVisibility = body.visibility !== undefined && body.visibility !== row.visibility;
  const changesRevision = !same(pending, pendingOf(row));
  if (!changesVisibility && !changesRevision) return row;
  const [updated] = await tx
    .update(ventures)
    .set({
      ...(changesVisibility && { visibility: body.visibility, updatedAt: now }),
      ...(changesRevision && { pendingChanges: pending, pendingChangesAt: pending ? now : null }),
    })
    .where(eq(ventures.id, row.id))
    .returning();
  return updated!;
}

/** What the admin review call does with a waiting revision. */
export type RevisionDecision = { revision: 'approve' | 'reject'; adminNotes?: string | null };

/**
 * The admin's decision on the waiting revision of `row` (locked by the caller): `approve` applies
 * it to the row with the edit's validation and the money terms' freeze checked again now, and
 * publishes the KIIS again; `reject` needs notes, keeps them for the company and discards it.
 * The venture stays approved and live either way.
 */
export async function decideRevision(
  ctx: AppContext,
  tx: Tx,
  auth: SessionContext,
  row: VentureRow,
  body: RevisionDecision,
): Promise<Venture> {
  const now = ctx.now();
  const pending = pendingOf(row);
  if (!pending) throw new HttpError(409, 'revision.none_pending');
  if (row.cancelledAt !== null && body.revision === 'approve')
    throw new HttpError(409, 'venture.review_cancelled');
  const review = { adminReviewedAt: now, adminReviewedBy: auth.user.id, pendingChanges: null };
  let values: Partial<VentureRow> = {};
  if (body.revision === 'reject') {
    const notes = body.adminNotes?.trim();
    if (!notes)
      throw new HttpError(400, 'venture.reject_notes_required', {
        fields: { adminNotes: { code: 'venture.reject_notes_required' } },
      });
    // pendingChangesAt kept: with no revision waiting it dates the rejected one (revisionStatus).
    values = { ...review, adminNotes: notes };
  } else {
    await refuseFrozenTerms(tx, row, pending);
    // The loan-to-value follows the target and collateral it applies (decision 0202).
    const applied = withLoanToValue(row, rowValuesOf(pending), pending.loanToValue !== undefined);
    checkTerms({ ...row, ...applied }, now, pending.closingDate !== undefined);
    await publishOnApproval(tx, row.id, now);
    values = {
      ...applied,
      ...review,
      // Notes only when given: approving keeps the venture's last notes otherwise.
      ...(body.adminNotes?.trim() && { adminNotes: body.adminNotes.trim() }),
      pendingChangesAt: null,
      updatedAt: now,
    };
  }
  const [updated] = await tx.update(ventures).set(values).where(eq(ventures.id, row.id)).returning();
  // The revision as proposed, and what the live venture held before: the audit row of the decision.
  await recordAudit(tx, {
    ...auditSource(auth),
    action: body.revision === 'approve' ? 'venture.revision_approve' : 'venture.revision_reject',
    targetType: 'venture',
    targetId: row.id,
    before:
      body.revision === 'approve'
        ? auditDiff(row, updated!, Object.keys(rowValuesOf(pending)) as (keyof VentureRow & string)[]).before
        : null,
    after: { ...pending, ...(values.adminNotes && { adminNotes: values.adminNotes }) },
  });
  return withCreator(tx, updated!, ctx.clock.now());
}
