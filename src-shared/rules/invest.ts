/**
 * The investment rules shared by the invest dialog (fast feedback) and the server (which decides,
 * inside the transaction that locks the venture and the account). Pure: the caller passes the
 * venture's figures in integer cents and the time. Checks run in the server's order: open, then
 * minimum, maximum, left to fund, balance; the first failure is the answer.
 */
import type { ErrorCode, ErrorParams } from '../errors';
import { centsToEuros } from '../money';

export interface RuleError {
  code: ErrorCode;
  params?: ErrorParams;
  /** The form field the error belongs to, when it is one field's. */
  field?: string;
}

/** What the open check needs of a venture (dates as Date or ISO text; null when not set). */
export interface OpenVenture {
  adminStatus?: string | null;
  visibility?: string | null;
  lifecycleStatus?: string | null;
  cancelledAt?: Date | string | null;
  goesLiveAt?: Date | string | null;
  closingDate?: Date | string | null;
}

export interface InvestTerms {
  minInvestmentCents: bigint;
  maxInvestmentCents: bigint;
  targetAmountCents: bigint;
  amountFundedCents: bigint;
}

const time = (value: Date | string): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Whether the venture takes investments at `now`: approved, not a draft, lifecycle `new`, not
 * cancelled, past `goesLiveAt` and before `closingDate`. Fields a public answer leaves out
 * (adminStatus, visibility) are not held against it: the server checks them on its full row.
 */
export function isOpenForInvestment(venture: OpenVenture, now: Date): boolean {
  if (venture.adminStatus != null && venture.adminStatus !== 'approved') return false;
  if (venture.visibility === 'draft') return false;
  if (venture.lifecycleStatus !== 'new') return false;
  if (venture.cancelledAt != null) return false;
  if (venture.goesLiveAt != null && time(venture.goesLiveAt) > now.getTime()) return false;
  if (venture.closingDate == null || !(time(venture.closingDate) > now.getTime())) return false;
  return true;
}

/** Target minus funded, never below 0. */
export function leftToFundCents(terms: Pick<InvestTerms, 'targetAmountCents' | 'amountFundedCents'>): bigint {
  const left = terms.targetAmountCents - terms.amountFundedCents;
  return left > 0n ? left : 0n;
}

/**
 * The amount rules: at least the minimum (except the last ticket, which may be exactly what is
 * left), at most the maximum, at most what is left to fund, at most the balance (when known).
 * Money params are euros (numbers), so each client formats them in its language.
 */
export function checkInvestmentAmount(
  amountCents: bigint,
  terms: InvestTerms,
  balanceCents?: bigint | null,
): RuleError | null {
  const left = leftToFundCents(terms);
  if (left <= 0n) return { code: 'investment.not_open' };
  if (amountCents <= 0n || (amountCents < terms.minInvestmentCents && amountCents !== left))
    return {
      code: 'investment.below_minimum',
      params: { amount: centsToEuros(terms.minInvestmentCents) },
      field: 'amount',
    };
  if (amountCents > terms.maxInvestmentCents)
    return {
      code: 'investment.above_maximum',
      params: { amount: centsToEuros(terms.maxInvestmentCents) },
      field: 'amount',
    };
  if (amountCents > left)
    return { code: 'investment.left_to_fund', params: { amount: centsToEuros(left) }, field: 'amount' };
  if (balanceCents != null && amountCents > balanceCents)
    return { code: 'investment.insufficient_balance', field: 'amount' };
  return null;
}

/** Every rule of an investment in the server's order: open first, then the amount. */
export function checkInvestment(input: {
  venture: OpenVenture;
  terms: InvestTerms;
  amountCents: bigint;
  balanceCents?: bigint | null;
  now: Date;
}): RuleError | null {
  if (!isOpenForInvestment(input.venture, input.now)) return { code: 'investment.not_open' };
  return checkInvestmentAmount(input.amountCents, input.terms, input.balanceCents);
}
