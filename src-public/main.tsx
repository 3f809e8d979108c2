// First: zod must not evaluate strings under the CSP (decision 0183).
import '../src-shared/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createI18n, detectLanguage, loadResources } from '../src-shared/i18n';
import { theme } from '../src-shared/theme';
import { createQueryClient } from './queryClient';
import { routes } from './routes';

// The router first: creating it starts loading the current page's lazy module, which then comes
// while the catalogs do instead of after them (one round trip less before the first paint).
const router = createBrowserRouter(routes);
// Only the visitor's language (and the English fallback) is downloaded; switching reloads the page.
const language = detectLanguage();
const i18n = createI18n(language, 'common', await loadResources(language, ['common']));
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  </StrictMode>,
);
