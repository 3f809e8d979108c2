import { and, count, eq, ne } from 'drizzle-orm';
import type { Venture } from '../../../src-shared/contracts/ventures';
import type { AdminStatus } from '../../../src-shared/constants/enums';
import { decideReview, hasMoneyIn } from '../../../src-shared/rules/venture';
import type { AppContext } from '../../context';
import { investments, ventures } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { SessionContext } from '../auth/sessions';
import { auditDiff, auditSource, recordAudit, VENTURE_AUDIT_FIELDS } from '../audit/service';
import { publishOnApproval } from '../kiis/service';
import { withCreator } from './views';
import { decideRevision, pendingOf } from './revisions';
import { loadForChange } from './writes';
import { queueAllocation } from '../auto-invest/queue';

/**
 * Admin review: sets the status and notes, and what the one table of src-shared/rules/venture.ts
 * (`REVIEW_RULES`, README "Decisions") says: approving puts the venture live (coming-soon -> new);
 * sending an approved venture without money back to review or rejecting it closes it again
 * (new -> coming-soon, goesLiveAt cleared); once money is in it, it stays approved (409).
 * Approving (again, after a revision, too) needs a complete key investment information sheet and
 * publishes it (EU 2020/1503 Art. 23; 409 `venture.kiis_incomplete` naming the missing fields).
 */
export async function reviewVenture(
  ctx: AppContext,
  auth: SessionContext,
  id: string,
  body: { adminStatus: AdminStatus; adminNotes?: string | null; revision?: 'approve' | 'reject' },
): Promise<Venture> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await loadForChange(tx, id, auth, true);
    // A waiting revision (decision 0127) is decided on its own; the venture stays approved.
    if (body.revision !== undefined) {
      if (body.adminStatus !== 'approved')
        throw new HttpError(400, 'revision.keeps_approved', {
          fields: { adminStatus: 'revision.keeps_approved' },
        });
      return decideRevision(ctx, tx, auth, row, { revision: body.revision, adminNotes: body.adminNotes });
    }
    if (pendingOf(row) && body.adminStatus !== 'approved') throw new HttpError(409, 'revision.pending');
    const [live] = await tx
      .select({ n: count() })
      .from(investments)
      .where(and(eq(investments.ventureId, id), ne(investments.status, 'refunded')));
    const decision = decideReview(
      {
        from: row.adminStatus,
        to: body.adminStatus,
        lifecycleStatus: row.lifecycleStatus,
        cancelled: row.cancelledAt !== null,
        hasMoney: hasMoneyIn({ ...row, liveInvestments: live?.n ?? 0 }),
        notes: body.adminNotes,
        goesLiveAt: row.goesLiveAt,
        dateIssued: row.dateIssued,
      },
      now,
    );
    if (!decision.ok)
      throw new HttpError(decision.status, decision.error.code, {
        ...(decision.fields && { fields: decision.fields }),
      });
    if (body.adminStatus === 'approved') await publishOnApproval(tx, id, now);
    const [updated] = await tx
      .update(ventures)
      .set({
        adminStatus: body.adminStatus,
        ...(body.adminNotes !== undefined && { adminNotes: body.adminNotes }),
        adminReviewedAt: now,
        adminReviewedBy: auth.user.id,
        lifecycleStatus: decision.lifecycleStatus,
        goesLiveAt: decision.goesLiveAt,
        dateIssued: decision.dateIssued,
        updatedAt: now,
      })
      .where(eq(ventures.id, id))
      .returning();
    // Art. 6: the venture opens; the mandates that match it invest in a job (auto-invest/queue.ts).
    if (updated!.lifecycleStatus === 'new' && row.lifecycleStatus !== 'new')
      await queueAllocation(ctx, tx, id);
    await recordAudit(tx, {
      ...auditSource(auth),
      action: 'venture.review',
      targetType: 'venture',
      targetId: id,
      ...auditDiff(row, updated!, VENTURE_AUDIT_FIELDS),
    });
    return withCreator(tx, updated!, ctx.clock.now());
  });
}
