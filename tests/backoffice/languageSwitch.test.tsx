import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, useLocaleState, useTranslate } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackofficeI18nProvider } from '../../src-backoffice/providers/i18nProvider';

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
  afterEach(() => window.localStorage.clear());

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
});
