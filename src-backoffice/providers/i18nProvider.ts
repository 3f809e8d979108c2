import { resources } from '../../src-shared/i18n/catalogs';
import type { i18n as I18n } from 'i18next';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { createI18n, detectLanguage, isLanguageCode, LANG_STORAGE_KEY } from '../../src-shared/i18n';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';
import { germanMessages } from '../i18n/ra-de';
import { spanishMessages } from '../i18n/ra-es';

/**
 * react-admin's I18nProvider over ONE i18next instance (namespace `backoffice`).
 *
 * The catalogs keep react-admin's polyglot syntax: `%{name}` placeholders and `||||` between plural
 * forms, chosen with `smart_count`. That holds for react-admin's own `ra.*` messages (English and
 * French packs, our German and Spanish ones) and for our keys in locales/{lng}/backoffice.json, so
 * one `translate` serves both: look the key up in the current language, then English; if it is
 * missing use the `_` default, else the key itself; then pick the plural form and interpolate.
 */
export const RA_MESSAGES: Record<LanguageCode, TranslationMessages> = {
  en: englishMessages,
  de: germanMessages,
  es: spanishMessages,
  fr: frenchMessages,
};

const NAMESPACE = 'backoffice';
const PLURAL_SEPARATOR = '||||';

export type TranslateOptions = Record<string, unknown> & {
  _?: string;
  smart_count?: number | { length: number };
};

function pluralIndex(locale: string, count: number): number {
  // All four languages have two forms in polyglot: singular (index 0), everything else (index 1).
  // French and Intl agree that 0 and 1 are singular in French.
  try {
    return new Intl.PluralRules(locale).select(count) === 'one' ? 0 : 1;
  } catch {
    return count === 1 ? 0 : 1;
  }
}

/** Picks the plural form (when smart_count is given) and replaces %{var}; unknown vars stay. */
export function formatPhrase(phrase: string, options: TranslateOptions = {}, locale = 'en'): string {
  let result = phrase;
  const rawCount = options.smart_count;
  const count =
    typeof rawCount === 'number'
      ? rawCount
      : rawCount && typeof rawCount === 'object' && typeof rawCount.length === 'number'
        ? rawCount.length
        : undefined;
  if (result.includes(PLURAL_SEPARATOR)) {
    const forms = result.split(PLURAL_SEPARATOR);
    const index = count === undefined ? 0 : Math.min(pluralIndex(locale, count), forms.length - 1);
    result = (forms[index] ?? forms[0] ?? '').trim();
  }
  return result.replace(/%\{(.*?)\}/g, (expression, name: string) => {
    const value = name === 'smart_count' && count !== undefined ? count : options[name];
    return value === undefined || value === null ? expression : String(value);
  });
}

export function addReactAdminMessages(instance: I18n): void {
  for (const [lng, messages] of Object.entries(RA_MESSAGES)) {
    // deep merge, never overwrite: a key in backoffice.json wins over react-admin's pack.
    instance.addResourceBundle(lng, NAMESPACE, messages, true, false);
  }
}

export function createI18nProvider(
  instance: I18n = createI18n(detectLanguage(), 'backoffice', resources),
): I18nProvider & { i18n: I18n } {
  addReactAdminMessages(instance);

  const currentLocale = (): LanguageCode => {
    const lng = instance.resolvedLanguage ?? instance.language;
    return isLanguageCode(lng) ? lng : 'en';
  };

  const lookup = (key: string): string | undefined => {
    if (typeof key !== 'string' || key === '') return undefined;
    const chain = Array.from(new Set([currentLocale(), 'en']));
    for (const lng of chain) {
      const value: unknown = instance.getResource(lng, NAMESPACE, key);
      if (typeof value === 'string') return value;
    }
    return undefined;
  };

  return {
    i18n: instance,
    translate: (key: string, options: TranslateOptions = {}) => {
      const phrase = lookup(key) ?? (typeof options._ === 'string' ? options._ : key);
      if (typeof phrase !== 'string') return String(key);
      return formatPhrase(phrase, options, currentLocale());
    },
    changeLocale: async (locale: string) => {
      const lng = isLanguageCode(locale) ? locale : 'en';
      await instance.changeLanguage(lng);
      try {
        window.localStorage.setItem(LANG_STORAGE_KEY, lng);
      } catch {
        // storage may be disabled; the choice then lasts until the page reloads
      }
      if (typeof document !== 'undefined') document.documentElement.lang = lng;
    },
    getLocale: currentLocale,
    getLocales: () => LANGUAGES.map(({ code, label }) => ({ locale: code, name: label })),
  };
}
