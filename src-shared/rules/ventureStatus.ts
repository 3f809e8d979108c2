/**
 * ONE status that tells a company where its venture is (issue 30, item 8; decision 0201), for My
 * Ventures and the venture page of the corporate area. It is derived from the venture's fields, in
 * this order (the first that applies wins):
 *
 * 1. `cancelled`: an admin (or the closing-date job) cancelled it and refunded its investors;
 * 2. `changes_requested`: the review rejected it (the reviewer's notes say what to change);
 * 3. `draft`: not submitted for review yet;
 * 4. `in_review`: submitted, waiting for (or under) review;
 * 5. approved, then by its money: `repaid` (lifecycle or loan repaid), `written_off` (its loan was
 *    written off), `repaying` (its loan started: the money was paid out, instalments run),
 *    `funded` (the target was reached; the loan starts once no reflection period is open),
 *    `approved` (approved, going live at `goesLiveAt`, still in the future), else `live` (raising).
 *
 * The review status is secondary: null where the main status already says it (draft, changes
 * requested, cancelled); for a venture in review its step (`pending`, `under-review`); for an
 * approved venture `approved`, or the state of a revision its company proposed (decision 0127).
 */
import type { AdminStatus, LifecycleStatus, LoanStatus } from '../constants/enums';

export const CORPORATE_VENTURE_STATUSES = [
  'draft',
  'in_review',
  'changes_requested',
  'approved',
  'live',
  'funded',
  'repaying',
  'repaid',
  'written_off',
  'cancelled',
] as const;
export type CorporateVentureStatus = (typeof CORPORATE_VENTURE_STATUSES)[number];

/** The secondary review chip: the admin status, or the state of a proposed revision. */
export type CorporateReviewStatus = AdminStatus | 'revision_pending' | 'revision_rejected';

/** The colour a chip takes (MUI's palette names). */
export type StatusTone = 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary';

export interface CorporateStatusInput {
  visibility: string;
  adminStatus?: AdminStatus | null;
  lifecycleStatus: LifecycleStatus;
  cancelledAt?: string | null;
  goesLiveAt?: string | null;
  /** The loan's status once it started (null or absent before). */
  loanStatus?: LoanStatus | null;
  revisionStatus?: 'pending' | 'rejected' | null;
}

export interface CorporateStatus {
  status: CorporateVentureStatus;
  review: CorporateReviewStatus | null;
  tone: StatusTone;
}

const TONES: Record<CorporateVentureStatus, StatusTone> = {
  draft: 'default',
  in_review: 'info',
  changes_requested: 'warning',
  approved: 'info',
  live: 'primary',
  funded: 'success',
  repaying: 'success',
  repaid: 'success',
  written_off: 'error',
  cancelled: 'error',
};

function mainStatus(v: CorporateStatusInput, now: Date): CorporateVentureStatus {
  const admin = v.adminStatus ?? 'pending';
  if (v.cancelledAt) return 'cancelled';
  if (admin === 'rejected') return 'changes_requested';
  if (v.visibility === 'draft') return 'draft';
  if (admin !== 'approved') return 'in_review';
  if (v.lifecycleStatus === 'repaid' || v.loanStatus === 'repaid') return 'repaid';
  if (v.loanStatus === 'written_off') return 'written_off';
  if (v.loanStatus) return 'repaying';
  if (v.lifecycleStatus === 'funded') return 'funded';
  if (v.lifecycleStatus === 'coming-soon' || (v.goesLiveAt && Date.parse(v.goesLiveAt) > now.getTime()))
    return 'approved';
  return 'live';
}

function reviewStatus(v: CorporateStatusInput, status: CorporateVentureStatus): CorporateReviewStatus | null {
  if (status === 'draft' || status === 'changes_requested' || status === 'cancelled') return null;
  if (status === 'in_review') return v.adminStatus ?? 'pending';
  if (v.revisionStatus === 'pending') return 'revision_pending';
  if (v.revisionStatus === 'rejected') return 'revision_rejected';
  return 'approved';
}

/** Where the venture is, for its company; `now` is the business time (goesLiveAt). */
export function corporateVentureStatus(v: CorporateStatusInput, now: Date): CorporateStatus {
  const status = mainStatus(v, now);
  return { status, review: reviewStatus(v, status), tone: TONES[status] };
}
