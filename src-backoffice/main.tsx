// First: zod must not evaluate strings under the CSP (decision 0183).
import '../src-shared/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ADMIN_BASENAME, CORPORATE_BASENAME } from './basenames';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { createBackofficeI18nProvider } from './providers/i18nProvider';
import { createBackofficeQueryClient } from './providers/queryClient';

/**
 * The back-office entry (backoffice.html), served for /admin/* and /corporate/*. One React root:
 * the corporate app under /corporate, the admin console otherwise. react-admin 5 creates a HASH
 * router when it is not inside one (even with `basename`), so the browser-history router is created
 * here and each <Admin basename> is mounted on its own path.
 */
const isCorporate = /^\/corporate(\/|$)/.test(window.location.pathname);
if (!isCorporate && !/^\/admin(\/|$)/.test(window.location.pathname)) {
  // e.g. /backoffice.html on the dev server: the admin console lives at /admin.
  window.history.replaceState(null, '', ADMIN_BASENAME);
}

const app = isCorporate ? 'corporate' : 'admin';
const basename = isCorporate ? CORPORATE_BASENAME : ADMIN_BASENAME;
// The chosen language (and English) is loaded before the first render; others when switched to.
// Only the app of this path is downloaded: /admin never loads the corporate screens, nor
// /corporate the admin console's (both load beside the language, not after it).
const [App, i18nProvider] = await Promise.all([
  isCorporate
    ? import('./corporate/App').then((module) => module.CorporateApp)
    : import('./admin/App').then((module) => module.AdminApp),
  createBackofficeI18nProvider(),
]);
// One i18next instance: the providers translate the server's error codes in the language shown.
const providers = {
  i18nProvider,
  authProvider: createAuthProvider({ app, i18n: i18nProvider.i18n }),
  dataProvider: createDataProvider({ app, i18n: i18nProvider.i18n }),
  queryClient: createBackofficeQueryClient(),
};

const router = createBrowserRouter([
  { path: `${basename}/*`, element: <App {...providers} /> },
  { path: '*', element: <Navigate to={basename} replace /> },
]);

const container = document.getElementById('root');
if (!container) throw new Error('The back office needs an element with id "root".');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
