import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_CODES, type LanguageCode } from '../constants/enums';
import { errorCatalog } from '../errors';

/** One i18next setup for both web entries. `common` holds the public site and shared texts,
 * `backoffice` the react-admin areas. English is the reference catalog; tests check that the other
 * three have exactly the same keys. Catalogs are loaded per language (`loadResources`), so a page
 * downloads only its own language and the English fallback; `catalogs.ts` has all of them at once.
 * `errors` translates the server's error codes: its English catalog is the code table itself
 * (src-shared/errors.ts). */
export type Namespace = 'common' | 'backoffice' | 'errors';
export type Resources = Partial<Record<LanguageCode, Partial<Record<Namespace, object>>>>;

export const LANG_STORAGE_KEY = 'lang';
export const TRANSLATION_COOKIE = 'googtrans';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

/** The language chosen earlier: local storage key `lang`, else the translation cookie (`/en/{lang}`),
 * else English (spec section 4 and 7). */
export function detectLanguage(): LanguageCode {
  if (typeof window === 'undefined') return 'en';
  try {
    const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
    if (isLanguageCode(stored)) return stored;
  } catch {
    // storage may be disabled; fall through to the cookie
  }
  const match = /(?:^|;\s*)googtrans=([^;]*)/.exec(document.cookie);
  const fromCookie = match?.[1] ? decodeURIComponent(match[1]).split('/').pop() : undefined;
  return isLanguageCode(fromCookie) ? fromCookie : 'en';
}

const catalogLoaders = import.meta.glob<{ default: object }>('./locales/*/*.json');

/** Loads the given namespaces of one language plus the English fallback. */
export async function loadResources(lng: LanguageCode, namespaces: Namespace[]): Promise<Resources> {
  const languages: LanguageCode[] = lng === 'en' ? ['en'] : [lng, 'en'];
  const resources: Resources = {};
  await Promise.all(
    languages.flatMap((language) =>
      namespaces.map(async (ns) => {
        if (language === 'en' && ns === 'errors') {
          resources.en = { ...resources.en, errors: errorCatalog() };
          return;
        }
        const load = catalogLoaders[`./locales/${language}/${ns}.json`];
        if (!load) throw new Error(`No ${ns} catalog for ${language}`);
        const catalog = (await load()).default;
        resources[language] = { ...resources[language], [ns]: catalog };
      }),
    ),
  );
  return resources;
}

export function createI18n(lng: LanguageCode, defaultNS: Namespace, resources: Resources): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    // A copy per instance: i18next merges added bundles (react-admin's packs) into it in place.
    resources: structuredClone(resources) as Record<string, Record<string, object>>,
    lng,
    fallbackLng: 'en',
    supportedLngs: LANGUAGE_CODES,
    ns: ['common', 'backoffice', 'errors'],
    defaultNS,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return instance;
}
