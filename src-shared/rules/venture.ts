/**
 * The venture form's rules (spec 5 and the contract's "Ventures" rules), shared by the corporate
 * create and edit forms (fast feedback) and the server (which decides). Pure: money in integer
 * cents, percentages as numbers, the time passed in. Each failure is a code of src-shared/errors.ts.
 */
import { AFRICAN_COUNTRIES } from '../constants/countries';
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
  'loanToValue',
] as const;

/** Spec 5: the fields an edit may not leave empty. */
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
  /** Percent. */
  loanToValue: number;
  closingDate: Date;
  collateralValueCents?: bigint;
  /** What is already invested (an edit may not put the target below it). */
  amountFundedCents?: bigint;
  tags?: readonly string[];
}

/**
 * The contract's rules across fields: an African country of the list; target > 0; min >= €30 and min <= max <= target;
 * 0 < expected return <= 100; period whole months 1..360; 0 <= loan to value <= 100; closing date in
 * the future (when `checkClosingDate`); collateral >= 0; at most 20 tags of 32 characters.
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
  if (!(terms.loanToValue >= 0 && terms.loanToValue <= 100))
    errors.loanToValue = { code: 'venture.ltv_range' };
  if (checkClosingDate && !(terms.closingDate.getTime() > now.getTime()))
    errors.closingDate = { code: 'venture.closing_date_past' };
  if (terms.collateralValueCents !== undefined && terms.collateralValueCents < 0n)
    errors.collateralValue = { code: 'venture.collateral_negative' };
  if (terms.tags) {
    if (terms.tags.some((tag) => tag.length > MAX_TAG_LENGTH)) errors.tags = { code: 'venture.tag_too_long' };
    else if (terms.tags.length > MAX_TAGS) errors.tags = { code: 'venture.too_many_tags' };
  }
  return errors;
}
