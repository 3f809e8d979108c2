import { formatEuros } from '../../src-shared/money';

/** Euros with two decimals in the reader's language, '-' for a non-number (spec section 9). */
export function euros(value: unknown, language: string): string {
  return formatEuros(typeof value === 'string' && value.trim() !== '' ? Number(value) : value, language);
}

export function formatDate(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(value: string | number | Date | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatPercent(value: unknown, language: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/** Localised country name for an ISO code, falling back to the given English name. */
export function countryLabel(code: string, fallback: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A business date ('YYYY-MM-DD', no time of day) in the reader's language, the same day everywhere; '-' if missing. */
export function formatDay(value: string | null | undefined, language: string): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value, language);
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '-';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
