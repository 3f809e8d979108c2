import { resources } from '../../src-shared/i18n/catalogs';
import { afterEach, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { createI18n } from '../../src-shared/i18n';
import enBackoffice from '../../src-shared/i18n/locales/en/backoffice.json';
import deBackoffice from '../../src-shared/i18n/locales/de/backoffice.json';
import esBackoffice from '../../src-shared/i18n/locales/es/backoffice.json';
import frBackoffice from '../../src-shared/i18n/locales/fr/backoffice.json';
import deErrors from '../../src-shared/i18n/locales/de/errors.json';
import { germanMessages } from '../../src-backoffice/i18n/ra-de';
import { spanishMessages } from '../../src-backoffice/i18n/ra-es';
import {
  createBackofficeI18nProvider,
  createI18nProvider,
  formatPhrase,
} from '../../src-backoffice/providers/i18nProvider';
import { CREATE_REQUIRED_FIELDS, fieldWords } from '../../src-backoffice/corporate/ventures/ventureForm';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

/** A provider over every catalog; react-admin's pack of a language other than English is loaded. */
async function provider(lng: 'en' | 'de' | 'es' | 'fr' = 'en') {
  const i18nProvider = createI18nProvider(createI18n(lng, 'backoffice', resources));
  await i18nProvider.ready;
  return i18nProvider;
}

describe('i18nProvider', () => {
  afterEach(() => window.localStorage.clear());

  it('interpolates %{name} placeholders', async () => {
    const { translate } = await provider();
    expect(translate('ra.page.create', { name: 'Venture' })).toBe('Create Venture');
    expect(translate('ra.navigation.page_range_info', { offsetBegin: 11, offsetEnd: 20, total: 42 })).toBe(
      '11-20 of 42',
    );
    expect(translate('app.balances.add_balance_for', { name: 'Ann Lee' })).toBe('Add balance for Ann Lee');
  });

  it('picks the plural form with smart_count', async () => {
    const { translate } = await provider();
    expect(translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item selected');
    expect(translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items selected');
    expect(translate('ra.action.bulk_actions', { smart_count: 0 })).toBe('0 items selected');
    expect(translate('resources.users.name', { smart_count: 1 })).toBe('User');
    expect(translate('resources.users.name', { smart_count: 2 })).toBe('Users');
    // without smart_count the first form is used, never the raw '||||' text
    expect(translate('resources.users.name')).toBe('User');
  });

  it('uses the language plural rules (French: 0 is singular)', async () => {
    const fr = await provider('fr');
    expect(fr.translate('ra.action.bulk_actions', { smart_count: 0 })).toBe('0 sélectionné');
    expect(fr.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('2 sélectionnés');
    const de = await provider('de');
    expect(de.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 Eintrag ausgewählt');
    expect(de.translate('ra.action.bulk_actions', { smart_count: 5 })).toBe('5 Einträge ausgewählt');
    expect((await provider('es')).translate('app.ventures.months', { smart_count: 12 })).toBe('12 meses');
  });

  it('falls back to the `_` default (interpolated), then to the key itself', async () => {
    const { translate } = await provider();
    expect(translate('resources.users.fields.unknownField', { _: 'Unknown field' })).toBe('Unknown field');
    expect(translate('app.nope', { _: 'Hello %{name}', name: 'Ann' })).toBe('Hello Ann');
    expect(translate('app.nope')).toBe('app.nope');
    // a server message is not a key: it comes back unchanged
    expect(translate('Invalid email or password.')).toBe('Invalid email or password.');
    // a key naming a whole group is not a message
    expect(translate('app.menu', { _: 'Menu' })).toBe('Menu');
  });

  it('leaves unknown placeholders in place', () => {
    expect(formatPhrase('Hello %{name} and %{other}', { name: 'Ann' })).toBe('Hello Ann and %{other}');
    expect(formatPhrase('%{smart_count} x |||| %{smart_count} xs', { smart_count: { length: 2 } })).toBe(
      '2 xs',
    );
  });

  it('builds the spec 5 required message from the field label', async () => {
    const { translate } = await provider();
    const field = translate('resources.ventures.fields.targetAmount');
    expect(translate('app.validation.field_required', { field })).toBe('Target Amount is required');
    // every required field's English label is its name split into capitalised words
    for (const name of CREATE_REQUIRED_FIELDS) {
      expect(translate(`resources.ventures.fields.${name}`)).toBe(fieldWords(name));
    }
  });

  it('lists the four languages, each named in itself, and switches language, storing localStorage lang', async () => {
    const i18nProvider = await provider();
    expect(i18nProvider.getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'de', name: 'Deutsch' },
      { locale: 'es', name: 'Español' },
      { locale: 'fr', name: 'Français' },
    ]);
    expect(i18nProvider.getLocale()).toBe('en');
    await i18nProvider.changeLocale('de');
    expect(i18nProvider.getLocale()).toBe('de');
    expect(window.localStorage.getItem('lang')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18nProvider.translate('ra.action.save')).toBe('Speichern');
    expect(i18nProvider.translate('app.menu.my_ventures')).toBe('Meine Projekte');
    await i18nProvider.changeLocale('fr');
    expect(i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
  });

  it('starts with only the chosen language and English, and loads German when switched to', async () => {
    const i18nProvider = await createBackofficeI18nProvider('en');
    const { i18n } = i18nProvider;
    expect(i18n.hasResourceBundle('en', 'backoffice')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'backoffice')).toBe(false);
    // the public site's catalog is not part of the back office
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');

    await i18nProvider.changeLocale('de');
    expect(i18n.hasResourceBundle('de', 'backoffice')).toBe(true);
    expect(i18nProvider.getLocale()).toBe('de');
    expect(i18nProvider.translate('ra.action.save')).toBe('Speichern');
    expect(i18nProvider.translate('app.menu.my_ventures')).toBe('Meine Projekte');
    expect(i18n.t('common.server_error', { ns: 'errors' })).toBe(deErrors.common.server_error);
    expect(i18n.hasResourceBundle('fr', 'backoffice')).toBe(false);
  });

  it('starts in the stored language with its react-admin pack', async () => {
    window.localStorage.setItem('lang', 'fr');
    const i18nProvider = await createBackofficeI18nProvider();
    expect(i18nProvider.getLocale()).toBe('fr');
    expect(i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
    expect(i18nProvider.i18n.hasResourceBundle('de', 'backoffice')).toBe(false);
  });

  it('falls back to English for a key missing in the current language', async () => {
    const i18nProvider = await provider('es');
    i18nProvider.i18n.addResource('en', 'backoffice', 'app.only_english', 'Only in English');
    expect(i18nProvider.translate('app.only_english')).toBe('Only in English');
  });

  it('does not leak react-admin messages into the shared catalogs', async () => {
    await provider('de');
    expect((enBackoffice as Record<string, unknown>).ra).toBeUndefined();
  });
});

describe('catalogs', () => {
  const english = flatten(englishMessages as unknown as Tree);

  it.each([
    ['de', germanMessages],
    ['es', spanishMessages],
  ])('our %s react-admin pack has the keys and placeholders of ra-language-english', (_lng, messages) => {
    const ours = flatten(messages as unknown as Tree);
    expect(Object.keys(ours).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(ours[key] ?? ''), key).toEqual(placeholders(text));
      expect((ours[key] ?? '').includes('||||'), key).toBe(text.includes('||||'));
    }
  });

  it.each([
    ['de', deBackoffice],
    ['es', esBackoffice],
    ['fr', frBackoffice],
  ])('backoffice.json in %s has the English keys and placeholders, translated', (_lng, catalog) => {
    const en = flatten(enBackoffice as Tree);
    const other = flatten(catalog as Tree);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(other[key] ?? ''), key).toEqual(placeholders(text));
      expect((other[key] ?? '').trim(), key).not.toBe('');
    }
    // Long texts identical to English would be untranslated; proper names, short labels and pure
    // layouts of placeholders ('%{label} (%{percent})') may match.
    const words = (value: string) => value.replace(/%\{\w+\}/g, '').replace(/[^\p{L}]/gu, '');
    const same = Object.keys(en).filter(
      (key) => en[key] === other[key] && (en[key] ?? '').length > 12 && words(en[key] ?? '') !== '',
    );
    expect(same).toEqual([]);
  });
});
