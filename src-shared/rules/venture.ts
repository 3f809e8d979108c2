/**
 * The venture form's rules (spec 5 and the contract's "Ventures" rules), shared by the corporate
 * create and edit forms (fast feedback) and the server (which decides). Pure: money in integer
 * cents, percentages as numbers, the time passed in. Each failure is a code of src-shared/errors.ts.
 */
import { AFRICAN_COUNTRIES } from '../constants/countries';
import type { AdminStatus, LifecycleStatus } from '../constants/enums';
import type { ErrorCode, ErrorParams } from '../errors';
import { centsToEuros } from '../money';

export interface RuleError {
  code: ErrorCode;
  params?: ErrorParams;
}
export type FieldErrors = Record<string, RuleError>;

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 32;
/** The platform's minimum ticket: €30.00. */
export const PLATFORM_MIN_INVESTMENT_CENTS = 3000n;
export const MAX_INVESTMENT_PERIOD_MONTHS = 360;
export const MAX_IMAGES = 4;
/** Ventures are raised in the African countries of the list (ISO codes). */
export const VENTURE_COUNTRY_CODES: ReadonlySet<string> = new Set(AFRICAN_COUNTRIES.map((c) => c.code));

/** Spec 5: the fields a new venture needs ('Target Amount is required'). */
export const CREATE_REQUIRED_FIELDS = [
  'title',
  'country',
  'shortDescription',
  'longDescription',
  'collateralDescription',
  'ventureType',
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'collateralValue',
] as const;

/** Spec 5: the fields an edit may not leave empty. (`loanToValue` is computed, decision 0202.) */
export const EDIT_REQUIRED_FIELDS = [
  'title',
  'country',
  'ventureType',
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
] as const;

/**
 * The money terms: once a venture is approved and has investments, these are frozen and only its
 * texts, tags and images may change (the server answers 409 `venture.frozen_terms`).
 */
export const MONEY_TERMS = [
  'targetAmount',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
  'collateralValue',
  'loanToValue',
  'isConvertible',
  'ventureType',
  'riskLevel',
  'country',
  'repaymentType',
  'repaymentFrequency',
  'gracePeriods',
] as const;
export type MoneyTerm = (typeof MONEY_TERMS)[number];

export function termsAreFrozen(venture: { adminStatus: string; investmentCount: number }): boolean {
  return venture.adminStatus === 'approved' && venture.investmentCount > 0;
}

/** The money terms an edit would change (fields present in the change). */
export function changedMoneyTerms(change: Partial<Record<string, unknown>>): MoneyTerm[] {
  return MONEY_TERMS.filter((field) => change[field] !== undefined);
}

export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Each required field that is blank -> `venture.field_required` ('{{field}} is required'). */
export function checkRequired(values: Record<string, unknown>, fields: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields)
    if (isBlank(values[field])) errors[field] = { code: 'venture.field_required', params: { field } };
  return errors;
}

/** The terms the rules across fields look at, as the venture will have them. */
export interface VentureTerms {
  /** ISO code. */
  country: string;
  minInvestmentCents: bigint;
  maxInvestmentCents: bigint;
  targetAmountCents: bigint;
  /** Percent, e.g. 12.5. */
  expectedReturn: number;
  investmentPeriod: number;
  /** Percent, as sent (absent: not sent). It must be the computed one (`loanToValueOf`) within
   * rounding (issue 30, decision 0202). */
  loanToValue?: number;
  closingDate: Date;
  collateralValueCents?: bigint;
  /** What is already invested (an edit may not put the target below it). */
  amountFundedCents?: bigint;
  tags?: readonly string[];
  /** The loan's repayment terms (API contract, "Loan servicing"); absent means the defaults. */
  repaymentFrequency?: 'monthly' | 'quarterly';
  gracePeriods?: number;
}

/**
 * Loan-to-value in percent: the target ÷ the collateral value × 100, rounded half up to two
 * decimals (issue 30, decision 0202); null without a (positive) collateral value or target.
 */
export function loanToValueOf(targetAmountCents: bigint, collateralValueCents: bigint): number | null {
  if (collateralValueCents <= 0n || targetAmountCents <= 0n) return null;
  // Hundredths of a percent: target × 10,000 / collateral, half up.
  const hundredths = (targetAmountCents * 20_000n + collateralValueCents) / (2n * collateralValueCents);
  return Number(hundredths) / 100;
}

/** How far a sent loan-to-value may be from the computed one: one rounding step (0.01). */
export const LOAN_TO_VALUE_TOLERANCE = 0.01;

/** How many instalments a loan of `months` has at `frequency`, or null when it is not whole. */
export function instalmentsOf(months: number, frequency: 'monthly' | 'quarterly' = 'monthly'): number | null {
  const per = frequency === 'quarterly' ? 3 : 1;
  return Number.isInteger(months) && months % per === 0 ? months / per : null;
}

/**
 * The contract's rules across fields: an African country of the list; target > 0; min >= €30 and min <= max <= target;
 * 0 < expected return <= 100; period whole months 1..360; 0 <= loan to value <= 100; closing date in
 * the future (when `checkClosingDate`); collateral >= 0, and at least the target (loan-to-value =
 * target ÷ collateral at most 100 %; a loan-to-value sent within 0.01 of it: decision 0202); at
 * most 20 tags of 32 characters.
 */
export function checkVentureTerms(
  terms: VentureTerms,
  now: Date,
  { checkClosingDate = true }: { checkClosingDate?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  if (!VENTURE_COUNTRY_CODES.has(terms.country)) errors.country = { code: 'venture.country_unknown' };
  if (terms.targetAmountCents <= 0n) errors.targetAmount = { code: 'venture.target_not_positive' };
  else if (terms.amountFundedCents !== undefined && terms.targetAmountCents < terms.amountFundedCents)
    errors.targetAmount = { code: 'venture.target_below_funded' };
  if (terms.minInvestmentCents < PLATFORM_MIN_INVESTMENT_CENTS)
    errors.minInvestmentAmount = {
      code: 'venture.min_investment_too_low',
      params: { amount: centsToEuros(PLATFORM_MIN_INVESTMENT_CENTS) },
    };
  else if (terms.minInvestmentCents > terms.maxInvestmentCents)
    errors.maxInvestmentAmount = { code: 'venture.max_below_min' };
  else if (terms.maxInvestmentCents > terms.targetAmountCents)
    errors.maxInvestmentAmount = { code: 'venture.max_above_target' };
  if (!(terms.expectedReturn > 0 && terms.expectedReturn <= 100))
    errors.expectedReturn = { code: 'venture.expected_return_range' };
  if (!Number.isInteger(terms.investmentPeriod))
    errors.investmentPeriod = { code: 'venture.period_whole_months' };
  else if (!(terms.investmentPeriod >= 1 && terms.investmentPeriod <= MAX_INVESTMENT_PERIOD_MONTHS))
    errors.investmentPeriod = { code: 'venture.period_range' };
  if (!errors.investmentPeriod) {
    const count = instalmentsOf(terms.investmentPeriod, terms.repaymentFrequency);
    const grace = terms.gracePeriods ?? 0;
    if (count === null) errors.repaymentFrequency = { code: 'venture.period_not_whole' };
    else if (!(Number.isInteger(grace) && grace >= 0 && grace < count))
      errors.gracePeriods = { code: 'venture.grace_too_long' };
  }
  if (terms.loanToValue !== undefined && !(terms.loanToValue >= 0 && terms.loanToValue <= 100))
    errors.loanToValue = { code: 'venture.ltv_range' };
  if (checkClosingDate && !(terms.closingDate.getTime() > now.getTime()))
    errors.closingDate = { code: 'venture.closing_date_past' };
  if (terms.collateralValueCents !== undefined && terms.collateralValueCents < 0n)
    errors.collateralValue = { code: 'venture.collateral_negative' };
  else if (terms.collateralValueCents !== undefined && terms.targetAmountCents > 0n) {
    // Loan-to-value follows from the target and the collateral (decision 0202): at most 100 %, and
    // a sent value must be it within rounding.
    const computed = loanToValueOf(terms.targetAmountCents, terms.collateralValueCents);
    if (computed === null || terms.targetAmountCents > terms.collateralValueCents)
      errors.collateralValue = { code: 'venture.collateral_below_target' };
    else if (
      terms.loanToValue !== undefined &&
      !errors.loanToValue &&
      Math.abs(terms.loanToValue - computed) > LOAN_TO_VALUE_TOLERANCE + 1e-9
    )
      errors.loanToValue = { code: 'venture.ltv_mismatch', params: { loanToValue: computed } };
  }
  if (terms.tags) {
    if (terms.tags.some((tag) => tag.length > MAX_TAG_LENGTH)) errors.tags = { code: 'venture.tag_too_long' };
    else if (terms.tags.length > MAX_TAGS) errors.tags = { code: 'venture.too_many_tags' };
  }
  return errors;
}

// ------------------------------------------------------------------------------------------------
// The admin review (PATCH /api/ventures/admin/{id}/admin-status-update): one table of transitions

/** Whether money is in a venture: any investment that was not refunded, an amount funded, or a
 * lifecycle past raising (funded or repaid). */
export function hasMoneyIn(venture: {
  amountFundedCents: bigint;
  lifecycleStatus: LifecycleStatus;
  liveInvestments: number;
}): boolean {
  return (
    venture.amountFundedCents > 0n ||
    venture.liveInvestments > 0 ||
    venture.lifecycleStatus === 'funded' ||
    venture.lifecycleStatus === 'repaid'
  );
}

/** What a review does to the venture besides setting `adminStatus`, `adminNotes` and `adminReviewedAt`. */
export type ReviewEffect =
  /** Refused (409 `venture.review_cancelled`): a cancelled venture's review no longer changes. */
  | 'refuse-cancelled'
  /** Refused (409 `venture.review_locked_with_money`): close its funding or cancel it instead. */
  | 'refuse-money'
  /** The same status again: 200, only the notes (when sent) and the review time change. */
  | 'unchanged'
  /** Approving: `goesLiveAt` (and `dateIssued`) now unless set; `coming-soon` -> `new` (open). */
  | 'go-live'
  /** Approved -> back to review or rejected, no money in it: `new` -> `coming-soon`, `goesLiveAt`
   * cleared, so it is closed for investment and leaves the public list. */
  | 'back-to-review'
  /** Between pending, under-review and rejected: the status only. */
  | 'status-only';

type Side = 'approved' | 'not approved' | 'any';

export interface ReviewRule {
  /** The venture is cancelled (`cancelledAt` set). */
  cancelled: boolean | 'any';
  from: Side;
  /** `same`: the status the venture already has. */
  to: Side | 'same';
  /** Money in it (`hasMoneyIn`). */
  money: boolean | 'any';
  effect: ReviewEffect;
}

/**
 * The review's transitions, first matching row wins (README, Decisions). Rejecting (also the same
 * status again) needs non-empty notes in the request: 400 `venture.reject_notes_required` on
 * `adminNotes`, checked after the refusals above.
 */
export const REVIEW_RULES: readonly ReviewRule[] = [
  { cancelled: true, from: 'any', to: 'any', money: 'any', effect: 'refuse-cancelled' },
  { cancelled: false, from: 'any', to: 'same', money: 'any', effect: 'unchanged' },
  { cancelled: false, from: 'approved', to: 'not approved', money: true, effect: 'refuse-money' },
  { cancelled: false, from: 'approved', to: 'not approved', money: false, effect: 'back-to-review' },
  { cancelled: false, from: 'not approved', to: 'approved', money: 'any', effect: 'go-live' },
  { cancelled: false, from: 'not approved', to: 'not approved', money: 'any', effect: 'status-only' },
];

export interface ReviewInput {
  from: AdminStatus;
  to: AdminStatus;
  lifecycleStatus: LifecycleStatus;
  cancelled: boolean;
  hasMoney: boolean;
  /** The notes sent with the review (undefined: none sent). */
  notes: string | null | undefined;
  goesLiveAt: Date | null;
  dateIssued: Date | null;
}

export type ReviewDecision =
  | { ok: false; status: 400 | 409; error: RuleError; fields?: FieldErrors; effect: ReviewEffect }
  | {
      ok: true;
      effect: ReviewEffect;
      lifecycleStatus: LifecycleStatus;
      goesLiveAt: Date | null;
      dateIssued: Date | null;
    };

const sideOf = (status: AdminStatus): Exclude<Side, 'any'> =>
  status === 'approved' ? 'approved' : 'not approved';

function matches(rule: ReviewRule, input: ReviewInput): boolean {
  if (rule.cancelled !== 'any' && rule.cancelled !== input.cancelled) return false;
  if (rule.money !== 'any' && rule.money !== input.hasMoney) return false;
  if (rule.from !== 'any' && rule.from !== sideOf(input.from)) return false;
  if (rule.to === 'same') return input.from === input.to;
  return rule.to === 'any' || (input.from !== input.to && rule.to === sideOf(input.to));
}

/** The row of REVIEW_RULES that applies (every combination has one). */
export function reviewRule(input: ReviewInput): ReviewRule {
  const rule = REVIEW_RULES.find((r) => matches(r, input));
  if (!rule) throw new Error(`no review rule for ${input.from} -> ${input.to}`);
  return rule;
}

/** What a review does, from the table: refused with its status and code, or the venture's new
 * lifecycle, `goesLiveAt` and `dateIssued`. Pure: `now` is passed in. */
export function decideReview(input: ReviewInput, now: Date): ReviewDecision {
  const { effect } = reviewRule(input);
  if (effect === 'refuse-cancelled')
    return { ok: false, status: 409, error: { code: 'venture.review_cancelled' }, effect };
  if (effect === 'refuse-money')
    return { ok: false, status: 409, error: { code: 'venture.review_locked_with_money' }, effect };
  if (input.to === 'rejected' && isBlank(input.notes)) {
    const error: RuleError = { code: 'venture.reject_notes_required' };
    return { ok: false, status: 400, error, fields: { adminNotes: error }, effect };
  }
  const keep = {
    ok: true as const,
    effect,
    lifecycleStatus: input.lifecycleStatus,
    goesLiveAt: input.goesLiveAt,
    dateIssued: input.dateIssued,
  };
  switch (effect) {
    case 'go-live':
      return {
        ...keep,
        lifecycleStatus: input.lifecycleStatus === 'coming-soon' ? 'new' : input.lifecycleStatus,
        goesLiveAt: input.goesLiveAt ?? now,
        dateIssued: input.dateIssued ?? now,
      };
    case 'back-to-review':
      return {
        ...keep,
        lifecycleStatus: input.lifecycleStatus === 'new' ? 'coming-soon' : input.lifecycleStatus,
        goesLiveAt: null,
      };
    default:
      return keep;
  }
}
