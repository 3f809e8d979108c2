// First: zod must not evaluate strings under the CSP (decision 0183).
import '../src-shared/zodConfig';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createI18n, detectLanguage, loadResources } from '../src-shared/i18n';
import { theme } from '../src-shared/theme';
import { createQueryClient } from './queryClient';
import { routes } from './routes';

const language = detectLanguage();
const queryClient = createQueryClient();
// A page rendered on the server (decision 0220) carries its state: it is hydrated, after the matched
// lazy route modules have loaded (./hydrate, loaded only for such a page).
const ssrState = document.getElementById('ssr-state');
const hydrating = ssrState
  ? import('./hydrate').then((h) => h.prepareHydration(ssrState, language, routes, queryClient))
  : undefined;
// The router first: creating it starts loading the current page's lazy module, which then comes
// while the catalogs do instead of after them (one round trip less before the first paint).
const early = hydrating ? undefined : createBrowserRouter(routes);
// Only the visitor's language (and the English fallback) is downloaded; switching reloads the page.
// The errors catalog comes with the screens that show errors (decision 0216).
const [resources, hydration] = await Promise.all([loadResources(language, ['common']), hydrating]);
const router = early ?? createBrowserRouter(routes);
const i18n = createI18n(language, 'common', resources);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <ThemeProvider theme={hydration ? hydration.theme(theme) : theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  </StrictMode>
);

if (hydration) hydrateRoot(container, app, { onRecoverableError: hydration.onRecoverableError });
else createRoot(container).render(app);
