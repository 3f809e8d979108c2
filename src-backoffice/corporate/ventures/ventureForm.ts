/**
 * Client rules of the corporate venture form (spec 5 "Create venture" and "Edit venture"): which
 * fields are required, the 'Target Amount is required' messages, and the payload normalisation
 * (text trimmed, numbers converted, closingDate as an ISO date, tags split on commas, riskLevel
 * defaulting to medium). Read-only fields are left to the dataProvider, which sends writable ones only.
 * The rules themselves (required fields, the terms across fields) are src-shared/rules/venture.ts,
 * which the server applies too.
 */
import {
  checkVentureTerms,
  CREATE_REQUIRED_FIELDS,
  EDIT_REQUIRED_FIELDS,
  isBlank,
  type FieldErrors,
} from '../../../src-shared/rules/venture';
import { eurosToCents } from '../../../src-shared/money';

// The required fields and the rules across fields are the server's own (src-shared/rules/venture.ts).
export { CREATE_REQUIRED_FIELDS, EDIT_REQUIRED_FIELDS, isBlank };

const TEXT_FIELDS = [
  'title',
  'country',
  'shortDescription',
  'longDescription',
  'collateralDescription',
] as const;

const NUMBER_FIELDS = [
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'collateralValue',
  'loanToValue',
  'gracePeriods',
] as const;

/** 'targetAmount' -> 'Target Amount' (the English wording of the spec's messages). */
export function fieldWords(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Tags as typed ('a, b,,c ') or as stored (['a', 'b']) -> ['a', 'b', 'c']. */
export function parseTags(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return parts.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

export function formatTags(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';
}

function toIsoDate(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

export function toVenturePayload(data: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...data };
  for (const field of TEXT_FIELDS) {
    if (typeof payload[field] === 'string') payload[field] = (payload[field] as string).trim();
  }
  for (const field of NUMBER_FIELDS) {
    const value = payload[field];
    if (value === '' || value === undefined || value === null) continue;
    payload[field] = Number(value);
  }
  if ('closingDate' in payload) payload.closingDate = toIsoDate(payload.closingDate);
  if ('tags' in payload) payload.tags = parseTags(payload.tags);
  if (isBlank(payload.riskLevel)) payload.riskLevel = 'medium';
  if ('isConvertible' in payload) payload.isConvertible = Boolean(payload.isConvertible);
  // The server computes the loan-to-value from the target and the collateral (decision 0202): the
  // form never sends one, so an edit of the target cannot contradict the stored value.
  delete payload.loanToValue;
  return payload;
}

const TERM_FIELDS = [
  'country',
  'minInvestmentAmount',
  'maxInvestmentAmount',
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
] as const;

/**
 * The shared rules across fields (src-shared/rules/venture.ts) on the form's values, once every term
 * is filled in (the required checks speak first): per field, an error code and its params. The
 * closing date must be in the future on create; an edit keeps the date it has.
 */
export function ventureTermErrors(
  values: Record<string, unknown>,
  mode: 'create' | 'edit',
  now: Date = new Date(),
): FieldErrors {
  if (TERM_FIELDS.some((field) => isBlank(values[field]))) return {};
  const payload = toVenturePayload(values);
  const cents = (field: string) => eurosToCents(payload[field]);
  const [min, max, target] = [
    cents('minInvestmentAmount'),
    cents('maxInvestmentAmount'),
    cents('targetAmount'),
  ];
  const closingDate = new Date(String(payload.closingDate));
  if (min === null || max === null || target === null || Number.isNaN(closingDate.getTime())) return {};
  const collateral = isBlank(values.collateralValue) ? undefined : cents('collateralValue');
  const amountFunded = typeof values.amountFunded === 'number' ? eurosToCents(values.amountFunded) : null;
  return checkVentureTerms(
    {
      country: String(payload.country),
      minInvestmentCents: min,
      maxInvestmentCents: max,
      targetAmountCents: target,
      expectedReturn: Number(payload.expectedReturn),
      investmentPeriod: Number(payload.investmentPeriod),
      closingDate,
      ...(collateral != null && { collateralValueCents: collateral }),
      ...(amountFunded != null && { amountFundedCents: amountFunded }),
      tags: parseTags(values.tags),
      repaymentFrequency: payload.repaymentFrequency === 'quarterly' ? 'quarterly' : 'monthly',
      gracePeriods: isBlank(payload.gracePeriods) ? 0 : Number(payload.gracePeriods),
    },
    now,
    { checkClosingDate: mode === 'create' },
  );
}
