/**
 * Client rules of the corporate venture form (spec 5 "Create venture" and "Edit venture"): which
 * fields are required, the 'Target Amount is required' messages, and the payload normalisation
 * (text trimmed, numbers converted, closingDate as an ISO date, tags split on commas, riskLevel
 * defaulting to medium). Read-only fields are left to the dataProvider, which sends writable ones only.
 */
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

export const EDIT_REQUIRED_FIELDS = [
  'title',
  'country',
  'ventureType',
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'closingDate',
] as const;

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
] as const;

/** 'targetAmount' -> 'Target Amount' (the English wording of the spec's messages). */
export function fieldWords(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
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
  return payload;
}
