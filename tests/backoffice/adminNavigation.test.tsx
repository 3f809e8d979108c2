import { screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppNotification } from '../../src-backoffice/components/AppLayout';
import { memoryDataProvider, renderAdmin, signedInAs, signOutCookie } from './adminScreens';
import { AdminContext } from 'react-admin';
import { render } from '@testing-library/react';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';
import { createI18n } from '../../src-shared/i18n';
import { resources } from '../../src-shared/i18n/catalogs';

/**
 * Issue 30, items 11 and 12: addresses people guess lead somewhere (aliases, and a not-found page
 * with the lists), and the back office's toasts cover nothing that matters.
 */

const ADMIN = { id: 'a1', fullName: 'Al Admin' };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  signOutCookie();
});

const store = () => ({
  kyc: [{ id: 'k1', userId: 'u1', status: 'pending', submittedAt: '2026-02-01T10:00:00.000Z' }],
  users: [],
});

describe('Addresses people guess (item 12)', () => {
  it.each([
    ['/admin/verifications', '/admin/kyc'],
    ['/admin/verification', '/admin/kyc'],
    ['/admin/investors', '/admin/users'],
    ['/admin/messages', '/admin/mails'],
    ['/admin/loans', '/admin/servicing'],
    ['/admin/audit-log', '/admin/audit'],
  ])('%s opens %s', async (path, target) => {
    const router = renderAdmin(path, {
      dataProvider: memoryDataProvider(store()),
      authProvider: signedInAs('admin', ADMIN),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('an unknown address shows a not-found page naming it, with links to the lists and the overview', async () => {
    renderAdmin('/admin/nonsense-page', {
      dataProvider: memoryDataProvider(store()),
      authProvider: signedInAs('admin', ADMIN),
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no page at \/admin\/nonsense-page\./)).toBeInTheDocument();
    const lists = screen.getByRole('list', { name: /There is no page at/ });
    expect(within(lists).getByRole('link', { name: 'Verifications' })).toHaveAttribute('href', '/admin/kyc');
    expect(within(lists).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(lists).getByRole('link', { name: 'Ventures' })).toHaveAttribute('href', '/admin/ventures');
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute(
      'href',
      '/admin/overview',
    );
  });
});

const phoneWidth = (phone: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone ? query.includes('max-width') : query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );

const Notifies = () => {
  const notify = useNotify();
  useEffect(() => notify('app.notification.updated', { type: 'success' }), [notify]);
  return null;
};

function renderToast() {
  const i18nProvider = createI18nProvider(createI18n('en', 'backoffice', resources));
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Notifies />
      <AppNotification />
    </AdminContext>,
  );
}

describe('Toasts (item 11)', () => {
  it('sit centred below the app bar on a desktop, clear of the toolbar’s buttons at the right', async () => {
    phoneWidth(false);
    renderToast();
    const toast = (await screen.findByText('Updated successfully')).closest('.MuiSnackbar-root')!;
    expect(toast).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
  });

  it('sit at the bottom on a phone', async () => {
    phoneWidth(true);
    renderToast();
    const toast = (await screen.findByText('Updated successfully')).closest('.MuiSnackbar-root')!;
    expect(toast).toHaveClass('MuiSnackbar-anchorOriginBottomCenter');
  });
});
