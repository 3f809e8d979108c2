import { LANG_STORAGE_KEY, TRANSLATION_COOKIE } from '../../src-shared/i18n';
import type { LanguageCode } from '../../src-shared/constants/enums';

/** Spec section 9: the switch waits 500 ms, the translation cookie lives 30 days. */
export const LANGUAGE_SWITCH_DELAY_MS = 500;
export const TRANSLATION_COOKIE_LIFETIME_MS = 2_592_000_000;

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';

/** Local development hosts (localhost and bare IP addresses) get no `domain` attribute. */
export function isLocalHost(hostname: string): boolean {
  if (!hostname || hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return true; // IPv4
  return hostname.includes(':') || hostname.startsWith('['); // IPv6
}

/** `app.example.com` -> `.example.com`; undefined for local hosts and single-label names. */
export function parentDomain(hostname: string): string | undefined {
  if (isLocalHost(hostname)) return undefined;
  const labels = hostname.split('.').filter(Boolean);
  if (labels.length < 2) return undefined;
  return `.${labels.slice(-2).join('.')}`;
}

export interface LanguageCookieOptions {
  hostname?: string;
  secure?: boolean;
  now?: number;
}

/** Clears older copies of the translation cookie (bare, path `/`, host and parent domain), then
 * writes `googtrans=/en/{lang}` for 30 days, path `/`, SameSite Lax, with the parent domain outside
 * local development, and remembers the language in local storage under `lang`. */
export function persistLanguage(lang: LanguageCode, options: LanguageCookieOptions = {}): void {
  const hostname = options.hostname ?? window.location.hostname;
  const secure = options.secure ?? window.location.protocol === 'https:';
  const now = options.now ?? Date.now();
  const parent = parentDomain(hostname);

  document.cookie = `${TRANSLATION_COOKIE}=; ${EXPIRED}`;
  document.cookie = `${TRANSLATION_COOKIE}=; ${EXPIRED}; path=/`;
  if (parent) {
    document.cookie = `${TRANSLATION_COOKIE}=; ${EXPIRED}; path=/; domain=${hostname}`;
    document.cookie = `${TRANSLATION_COOKIE}=; ${EXPIRED}; path=/; domain=${parent}`;
  }

  const expires = new Date(now + TRANSLATION_COOKIE_LIFETIME_MS).toUTCString();
  const attributes = [`expires=${expires}`, 'path=/', 'SameSite=Lax'];
  if (parent) attributes.push(`domain=${parent}`);
  if (secure) attributes.push('Secure');
  document.cookie = `${TRANSLATION_COOKIE}=/en/${lang}; ${attributes.join('; ')}`;

  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // storage disabled: the cookie alone still carries the choice
  }
}
