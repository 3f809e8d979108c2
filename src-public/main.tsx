// First: zod must not evaluate strings under the CSP (decision 0183).
import '../src-shared/zodConfig';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createI18n, detectLanguage, loadResources } from '../src-shared/i18n';
import { theme } from '../src-shared/theme';
import { reportRecoverableError, resolveLazyMatches, takeSsrState } from './hydrate';
import { createQueryClient } from './queryClient';
import { routes } from './routes';
import { withAssumedViewport } from './ssrShared';

// A page the server rendered (decision 0220) is hydrated when the browser picks the language it was
// rendered in (a language kept only in local storage is rendered anew in the browser).
const language = detectLanguage();
const rendered = takeSsrState();
const ssr = rendered?.language === language ? rendered : undefined;
// The router first: creating it starts loading the current page's lazy module, which then comes
// while the catalogs do instead of after them (one round trip less before the first paint). To
// hydrate, the matched lazy modules are loaded first, so the first render is the server's page.
const lazyReady = ssr ? resolveLazyMatches(routes, window.location) : undefined;
const early = lazyReady ? undefined : createBrowserRouter(routes);
// Only the visitor's language (and the English fallback) is downloaded; switching reloads the page.
const [resources] = await Promise.all([loadResources(language, ['common', 'errors']), lazyReady]);
const router = early ?? createBrowserRouter(routes);
const i18n = createI18n(language, 'common', resources);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <ThemeProvider theme={ssr ? withAssumedViewport(theme, ssr.phone) : theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <HydrationBoundary state={ssr?.queries}>
            <RouterProvider router={router} />
          </HydrationBoundary>
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  </StrictMode>
);

if (ssr) hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
else createRoot(container).render(app);
