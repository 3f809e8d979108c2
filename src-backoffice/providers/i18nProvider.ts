import type { i18n as I18n } from 'i18next';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import {
  createI18n,
  detectLanguage,
  isLanguageCode,
  LANG_STORAGE_KEY,
  loadResources,
  type Namespace,
} from '../../src-shared/i18n';
import { LANGUAGES, type LanguageCode } from '../../src-shared/constants/enums';

/**
 * react-admin's I18nProvider over ONE i18next instance (namespace `backoffice`).
 *
 * The catalogs keep react-admin's polyglot syntax: `%{name}` placeholders and `||||` between plural
 * forms, chosen with `smart_count`. That holds for react-admin's own `ra.*` messages (English and
 * French packs, our German and Spanish ones) and for our keys in locales/{lng}/backoffice.json, so
 * one `translate` serves both: look the key up in the current language, then English; if it is
 * missing use the `_` default, else the key itself; then pick the plural form and interpolate.
 *
 * Languages are loaded one at a time (issue 16): the first load has the chosen language and the
 * English fallback only; `changeLocale` loads another language (its catalogs and react-admin pack)
 * before switching, and react-admin shows it once the returned promise resolves. The back office
 * needs `backoffice` and `errors`; the public site's `common` catalog is never used here.
 */
const RA_LOADERS: Record<LanguageCode, () => Promise<TranslationMessages>> = {
  en: () => Promise.resolve(englishMessages),
  de: () => import('../i18n/ra-de').then((module) => module.germanMessages),
  es: () => import('../i18n/ra-es').then((module) => module.spanishMessages),
  fr: () => import('ra-language-french').then((module) => module.default),
};

/** The namespaces the back office translates with. */
export const BACKOFFICE_NAMESPACES: Namespace[] = ['backoffice', 'errors'];

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

export function addReactAdminMessages(
  instance: I18n,
  packs: Partial<Record<LanguageCode, TranslationMessages>>,
): void {
  for (const [lng, messages] of Object.entries(packs)) {
    // deep merge, never overwrite: a key in backoffice.json wins over react-admin's pack.
    instance.addResourceBundle(lng, NAMESPACE, messages, true, false);
  }
}

/** Loads one language (its catalogs, then react-admin's pack) into `instance`, plus English. */
export async function loadBackofficeLanguage(instance: I18n, lng: LanguageCode): Promise<void> {
  const [resources, pack] = await Promise.all([loadResources(lng, BACKOFFICE_NAMESPACES), RA_LOADERS[lng]()]);
  for (const [language, catalogs] of Object.entries(resources)) {
    for (const [ns, catalog] of Object.entries(catalogs)) {
      // A copy: the deep merge of react-admin's pack must not change the imported catalog.
      if (!instance.hasResourceBundle(language, ns)) {
        instance.addResourceBundle(language, ns, structuredClone(catalog), true, false);
      }
    }
  }
  addReactAdminMessages(instance, { [lng]: pack });
}

export interface BackofficeI18nProvider extends I18nProvider {
  i18n: I18n;
  /** Resolves once the language the provider started with is loaded (at once when it was given). */
  ready: Promise<void>;
}

/**
 * The provider over `instance`. `raMessages` are the react-admin packs already at hand (English by
 * default); a language without its pack is loaded on `changeLocale`, and the starting language's at
 * once (`ready`).
 */
export function createI18nProvider(
  instance: I18n,
  {
    raMessages = { en: englishMessages },
  }: { raMessages?: Partial<Record<LanguageCode, TranslationMessages>> } = {},
): BackofficeI18nProvider {
  addReactAdminMessages(instance, { en: englishMessages, ...raMessages });
  const loading = new Map<LanguageCode, Promise<void>>([['en', Promise.resolve()]]);
  for (const lng of Object.keys(raMessages)) {
    if (isLanguageCode(lng)) loading.set(lng, Promise.resolve());
  }
  const ensureLanguage = (lng: LanguageCode): Promise<void> => {
    let pending = loading.get(lng);
    if (!pending) {
      pending = loadBackofficeLanguage(instance, lng).catch((error: unknown) => {
        loading.delete(lng); // a failed download may be retried by choosing the language again
        throw error;
      });
      loading.set(lng, pending);
    }
    return pending;
  };

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

  const startLanguage = isLanguageCode(instance.language) ? instance.language : 'en';
  const ready = ensureLanguage(startLanguage);
  ready.catch(() => undefined); // shown in English until then; `changeLocale` may retry

  return {
    i18n: instance,
    ready,
    translate: (key: string, options: TranslateOptions = {}) => {
      const phrase = lookup(key) ?? (typeof options._ === 'string' ? options._ : key);
      if (typeof phrase !== 'string') return String(key);
      return formatPhrase(phrase, options, currentLocale());
    },
    changeLocale: async (locale: string) => {
      const lng = isLanguageCode(locale) ? locale : 'en';
      await ensureLanguage(lng);
      await instance.changeLanguage(lng);
      try {
        window.localStorage.setItem(LANG_STORAGE_KEY, lng);
      } catch {
        // storage may be disabled; the choice then lasts until the page reloads
      }
      if (typeof document !== 'undefined') document.documentElement.lang = lng;
    },
    getLocale: currentLocale,
    getLocales: () => LANGUAGES.map(({ code, name }) => ({ locale: code, name })),
  };
}

/** The back office's provider: the chosen language and English loaded before the first render. */
export async function createBackofficeI18nProvider(
  lng: LanguageCode = detectLanguage(),
): Promise<BackofficeI18nProvider> {
  const [resources, pack] = await Promise.all([loadResources(lng, BACKOFFICE_NAMESPACES), RA_LOADERS[lng]()]);
  return createI18nProvider(createI18n(lng, 'backoffice', resources), { raMessages: { [lng]: pack } });
}
