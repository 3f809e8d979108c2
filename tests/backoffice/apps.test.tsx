import { resources } from '../../src-shared/i18n/catalogs';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src-shared/i18n';
import { AdminApp } from '../../src-backoffice/admin/App';
import { CorporateApp } from '../../src-backoffice/corporate/App';
import { createAuthProvider } from '../../src-backoffice/providers/authProvider';
import { createDataProvider } from '../../src-backoffice/providers/dataProvider';
import { createI18nProvider } from '../../src-backoffice/providers/i18nProvider';

function renderApp(app: 'admin' | 'corporate', path: string) {
  const providers = {
    i18nProvider: createI18nProvider(createI18n('en', 'backoffice', resources)),
    authProvider: createAuthProvider({ app }),
    dataProvider: createDataProvider({ app }),
  };
  const App = app === 'admin' ? AdminApp : CorporateApp;
  const router = createMemoryRouter([{ path: `/${app}/*`, element: <App {...providers} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('signed out', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it.each([
    ['admin', '/admin', 'Admin console'],
    ['admin', '/admin/users', 'Admin console'],
    ['corporate', '/corporate/ventures', 'Corporate area'],
  ] as const)(
    '%s %s shows the login page without calling the server',
    async (app, path, title) => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const errorSpy = vi.spyOn(console, 'error');
      const router = renderApp(app, path);
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/${app}/login`);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(errorSpy).not.toHaveBeenCalled();
    },
    20_000,
  );
});
