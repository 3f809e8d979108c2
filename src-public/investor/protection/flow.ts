import type { ProtectionProfile } from '../../../src-shared/contracts/protection';
import { LANGUAGE_CODES, type LanguageCode } from '../../../src-shared/constants/enums';

/** The investor profile's stable paths (the invest dialog links to them, with `?next=`). */
export const PROTECTION_PATHS = {
  overview: '/user/profile/investor',
  test: '/user/profile/investor/test',
  simulation: '/user/profile/investor/simulation',
  sophisticated: '/user/profile/investor/sophisticated',
} as const;

/**
 * The venture to return to (`?next=/ventures/<id>`, or its investment form), or null. Nothing else
 * is followed: the query is in a link anyone can send, and must not lead off the site.
 */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next) return null;
  return /^\/ventures\/[A-Za-z0-9_-]{1,64}(\/investment-form)?$/.test(next) ? next : null;
}

/** A path of the flow that keeps the venture to return to. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?${new URLSearchParams({ next }).toString()}` : path;
}

type Missing = ProtectionProfile['missing'][number];

/** The page of the flow that does one missing step. */
export function stepPath(step: Missing): string {
  return step === 'loss_simulation' ? PROTECTION_PATHS.simulation : PROTECTION_PATHS.test;
}

/** The reader's language as one of the site's four (the test's questions come in it). */
export function languageCode(language: string | undefined): LanguageCode {
  const code = (language ?? 'en').slice(0, 2) as LanguageCode;
  return LANGUAGE_CODES.includes(code) ? code : 'en';
}

/** Whole euros in the reader's language (the thresholds of Annex II: 60 000, 100 000...). */
export function wholeEuros(amount: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(amount);
}
