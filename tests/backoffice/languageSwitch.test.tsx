import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, useLocaleState, useTranslate } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageMenu } from '../../src-backoffice/components/LanguageMenu';
import { createBackofficeI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { stubPhoneWidth } from '../public/helpers';

/** A screen with react-admin's and our own text, and a way to choose German. */
function Screen() {
  const translate = useTranslate();
  const [, setLocale] = useLocaleState();
  return (
    <>
      <button type="button">{translate('ra.action.save')}</button>
      <p>{translate('app.menu.my_ventures')}</p>
      <button type="button" onClick={() => setLocale('de')}>
        Deutsch
      </button>
    </>
  );
}

describe('switching the back office language', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('loads German when chosen and shows it, English until then', async () => {
    const i18nProvider = await createBackofficeI18nProvider('en');
    expect(i18nProvider.i18n.hasResourceBundle('de', 'backoffice')).toBe(false);
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Screen />
      </AdminContext>,
    );
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByText('My Ventures')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));

    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeInTheDocument();
    expect(screen.getByText('Meine Projekte')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBe('de');
  });

  it("the app bar's language menu names each language in itself, in every language, and switches", async () => {
    const i18nProvider = await createBackofficeI18nProvider('en');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LanguageMenu />
        <Screen />
      </AdminContext>,
    );
    const button = await screen.findByRole('button', { name: 'Language: English' });
    expect(button).toHaveTextContent('English');
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Deutsch', 'Español', 'Français']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }));

    expect(await screen.findByRole('button', { name: 'Sprache: Deutsch' })).toHaveTextContent('Deutsch');
    expect(screen.getByText('Meine Projekte')).toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBe('de');
    await userEvent.click(screen.getByRole('button', { name: 'Sprache: Deutsch' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Deutsch', 'Español', 'Français']);
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('lang')),
    ).toEqual(['en', 'de', 'es', 'fr']);
  });

  it('is the translate icon alone on a phone, named for screen readers', async () => {
    stubPhoneWidth();
    const i18nProvider = await createBackofficeI18nProvider('fr');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <LanguageMenu />
      </AdminContext>,
    );
    const button = await screen.findByRole('button', { name: 'Langue : Français' });
    expect(button).toHaveTextContent('');
    expect(button.querySelector('svg')).not.toBeNull();
  });
});
