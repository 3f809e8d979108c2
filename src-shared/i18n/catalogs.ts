import type { Resources } from './index';
import enCommon from './locales/en/common.json';
import deCommon from './locales/de/common.json';
import esCommon from './locales/es/common.json';
import frCommon from './locales/fr/common.json';
import enBackoffice from './locales/en/backoffice.json';
import deBackoffice from './locales/de/backoffice.json';
import esBackoffice from './locales/es/backoffice.json';
import frBackoffice from './locales/fr/backoffice.json';

/** Every catalog at once: for the back office (which switches language in place) and the tests. */
export const resources = {
  en: { common: enCommon, backoffice: enBackoffice },
  de: { common: deCommon, backoffice: deBackoffice },
  es: { common: esCommon, backoffice: esBackoffice },
  fr: { common: frCommon, backoffice: frBackoffice },
} as const satisfies Resources;
