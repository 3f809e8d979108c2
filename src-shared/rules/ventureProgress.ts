/**
 * Funding arithmetic of spec section 9, as pure functions: the public venture pages and the back
 * office's venture pages draw the same bar and doughnut from them.
 */

import { isOpenForInvestment, type OpenVenture } from './invest';

const DAY_MS = 86_400_000;

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Funded share in percent: amountFunded / targetAmount × 100; 0 without a (positive) target; never
 * below 0. Not capped, so an over-funded venture reads e.g. 120. */
export function fundedShare(amountFunded: unknown, targetAmount: unknown): number {
  const target = amount(targetAmount);
  if (!(target > 0)) return 0;
  return Math.max(0, (amount(amountFunded) / target) * 100);
}

/** The funded share capped to 0..100 (for widths and aria-valuenow). */
export function fundedPercent(amountFunded: unknown, targetAmount: unknown): number {
  return Math.min(100, fundedShare(amountFunded, targetAmount));
}

/** The share as shown in text: whole percent, rounded down so '100%' only appears once the target is
 * reached (99.6% reads 99%). */
export function fundedPercentLabel(amountFunded: unknown, targetAmount: unknown): number {
  return Math.floor(fundedShare(amountFunded, targetAmount) + 1e-9);
}

/** The doughnut's two slices in euros (what is funded, what is still to raise, never below 0) and
 * their whole-percent labels, which always add up to 100 (the funded one rounded down, as on the
 * bar). Both are 0 when there is nothing to draw. */
export function fundingSplit(
  amountFunded: unknown,
  targetAmount: unknown,
): { funded: number; remaining: number; fundedPercent: number; remainingPercent: number } {
  const funded = Math.max(0, amount(amountFunded));
  const remaining = Math.max(0, amount(targetAmount) - funded);
  const total = funded + remaining;
  if (!(total > 0)) return { funded, remaining, fundedPercent: 0, remainingPercent: 0 };
  const fundedPart = Math.floor((funded / total) * 100 + 1e-9);
  return { funded, remaining, fundedPercent: fundedPart, remainingPercent: 100 - fundedPart };
}

/** Whole days until the closing date, rounded up, never below 0 (spec section 9). A missing or
 * unreadable date counts as closed. */
export function daysLeft(closingDate: string | number | Date | undefined | null, now = Date.now()): number {
  if (closingDate === undefined || closingDate === null || closingDate === '') return 0;
  const closing = new Date(closingDate).getTime();
  if (Number.isNaN(closing)) return 0;
  return Math.max(0, Math.ceil((closing - now) / DAY_MS));
}

/** Spec 9: risk levels map to 1 (low), 2 (medium) and 3 (high) in the risk chart. */
export const RISK_SCORES = { low: 1, medium: 2, high: 3 } as const;

export function riskScore(riskLevel: unknown): 1 | 2 | 3 | null {
  return typeof riskLevel === 'string' && riskLevel in RISK_SCORES
    ? RISK_SCORES[riskLevel as keyof typeof RISK_SCORES]
    : null;
}

/** The badge a venture wears on the public site when it does not simply take investments. */
export type VentureBadge = 'funded' | 'repaid' | 'comingSoon' | 'closed';

/**
 * Why a venture takes no investment now, the first that applies: `repaid`; `funded` (lifecycle
 * funded, or nothing left to fund); `comingSoon` (lifecycle coming-soon, or live only from a later
 * `goesLiveAt`); `closed` (its closing date passed: the venture is cancelled and refunded shortly);
 * `notApproved` (not approved, a draft, or cancelled: seen only by its owner and the admins).
 */
export type NotOpenReason = 'repaid' | 'funded' | 'comingSoon' | 'closed' | 'notApproved';

export interface VentureAvailability {
  /** The invest rules' open check (src-shared/rules/invest.ts) passes and something is left to fund. */
  open: boolean;
  /** Null when open. */
  reason: NotOpenReason | null;
  /** The status badge: every reason but `notApproved` (the admin status badge says that). */
  badge: VentureBadge | null;
}

/**
 * Whether the public site offers INVEST on a venture at `now`, and if not, why (spec 9 and the
 * invest rules). Every check the server makes on the venture itself is here; the amount rules and
 * the balance are the invest dialog's.
 */
export function ventureAvailability(
  venture: OpenVenture & { amountFunded?: unknown; targetAmount?: unknown },
  now: Date | number = Date.now(),
): VentureAvailability {
  const at = now instanceof Date ? now : new Date(now);
  const reason = notOpenReason(venture, at);
  return {
    open: reason === null,
    reason,
    badge: reason === null || reason === 'notApproved' ? null : reason,
  };
}

function notOpenReason(
  venture: OpenVenture & { amountFunded?: unknown; targetAmount?: unknown },
  now: Date,
): NotOpenReason | null {
  if (venture.lifecycleStatus === 'repaid') return 'repaid';
  if (venture.lifecycleStatus === 'funded') return 'funded';
  if (
    (venture.adminStatus != null && venture.adminStatus !== 'approved') ||
    venture.visibility === 'draft' ||
    venture.cancelledAt != null
  )
    return 'notApproved';
  if (venture.lifecycleStatus === 'coming-soon') return 'comingSoon';
  if (isOpenForInvestment(venture, now)) {
    const target = amount(venture.targetAmount);
    return target > 0 && amount(venture.amountFunded) >= target ? 'funded' : null;
  }
  if (venture.goesLiveAt != null && new Date(venture.goesLiveAt).getTime() > now.getTime())
    return 'comingSoon';
  if (venture.lifecycleStatus === 'new') return 'closed';
  return 'notApproved';
}
