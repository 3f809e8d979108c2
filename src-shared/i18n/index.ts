import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_CODES, type LanguageCode } from '../constants/enums';

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
          // A chunk of its own (the code table), like the other languages' errors.json.
          const { errorCatalog } = await import('../errors');
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

/** The instance of the page (the last one created) and the namespaces asked for after start. */
let pageInstance: I18n | undefined;
const required = new Set<Namespace>();

async function addNamespace(instance: I18n, ns: Namespace): Promise<void> {
  if (instance.hasResourceBundle(instance.language, ns)) return;
  const resources = await loadResources(instance.language as LanguageCode, [ns]);
  for (const [language, bundles] of Object.entries(resources)) {
    for (const [name, catalog] of Object.entries(bundles ?? {})) {
      if (!instance.hasResourceBundle(language, name)) instance.addResourceBundle(language, name, catalog);
    }
  }
}

/**
 * Loads a namespace that the page did not load at start (the public site starts with `common`
 * only): the modules that use it call this when they are imported, so the catalog comes with the
 * screen that needs it, not with the first paint (decision 0216). Until it arrives, `t` falls back
 * to its `defaultValue` (the server's English message for an error code).
 */
export function requireNamespace(ns: Namespace): void {
  if (required.has(ns)) return;
  required.add(ns);
  if (pageInstance) {
    void addNamespace(pageInstance, ns).catch(() => required.delete(ns));
  }
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
  pageInstance = instance;
  for (const ns of required) void addNamespace(instance, ns).catch(() => required.delete(ns));
  return instance;
}
