import { errorCatalog } from '../errors';
import type { Resources } from './index';
import enCommon from './locales/en/common.json';
import deCommon from './locales/de/common.json';
import esCommon from './locales/es/common.json';
import frCommon from './locales/fr/common.json';
import enBackoffice from './locales/en/backoffice.json';
import deBackoffice from './locales/de/backoffice.json';
import esBackoffice from './locales/es/backoffice.json';
import frBackoffice from './locales/fr/backoffice.json';
import deErrors from './locales/de/errors.json';
import esErrors from './locales/es/errors.json';
import frErrors from './locales/fr/errors.json';

/** Every catalog at once, for the tests (the web entries load one language at a time: `loadResources`). */
export const resources = {
  en: { common: enCommon, backoffice: enBackoffice, errors: errorCatalog() },
  de: { common: deCommon, backoffice: deBackoffice, errors: deErrors },
  es: { common: esCommon, backoffice: esBackoffice, errors: esErrors },
  fr: { common: frCommon, backoffice: frBackoffice, errors: frErrors },
} as const satisfies Resources;
