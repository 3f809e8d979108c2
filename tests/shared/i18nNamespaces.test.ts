// The public site starts with the `common` catalog only; the `errors` catalog (the code table in
// English, errors.json in de/es/fr) loads when a module that translates errors is imported
// (src-shared/i18n/errors.ts calls requireNamespace; decision 0216).
import { describe, expect, it, vi } from 'vitest';
import { createI18n, requireNamespace } from '../../src-shared/i18n';
import { ERROR_TEXTS } from '../../src-shared/errors';

describe('namespaces loaded after start', () => {
  it('loads the errors catalog of the page language and of English once a module asks for it', async () => {
    const i18n = createI18n('de', 'common', { de: { common: {} }, en: { common: {} } });
    expect(i18n.hasResourceBundle('de', 'errors')).toBe(false);
    // Before it arrives, an error's text falls back to the server's English message.
    expect(i18n.t('common.server_error', { ns: 'errors', defaultValue: 'english' })).toBe('english');

    requireNamespace('errors');
    await vi.waitFor(() => {
      expect(i18n.hasResourceBundle('de', 'errors')).toBe(true);
      expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
    });
    expect(i18n.t('common.server_error', { ns: 'errors' })).toBe('Etwas ist schiefgelaufen.');
    expect(i18n.t('common.server_error', { ns: 'errors', lng: 'en' })).toBe(
      ERROR_TEXTS['common.server_error'],
    );
  });

  it('loads an asked-for namespace into an instance created later', async () => {
    requireNamespace('errors');
    const i18n = createI18n('fr', 'common', { fr: { common: {} }, en: { common: {} } });
    await vi.waitFor(() => expect(i18n.hasResourceBundle('fr', 'errors')).toBe(true));
  });
});
