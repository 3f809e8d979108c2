import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthProvider } from '../auth/session/AuthProvider';
import { BalanceProvider } from '../auth/session/BalanceProvider';
import { LoadingProvider } from '../components/LoadingProvider';
import { ToastProvider } from '../components/ToastProvider';
import { Footer } from './Footer';
import { Header } from './Header';
import { LoaderOverlay } from './LoaderOverlay';
import { NavigationProgress } from './NavigationProgress';
import { RiskBanner } from './RiskBanner';
import { ScrollToTopButton } from './ScrollToTopButton';

/** Location state a link may set to keep the scroll position (e.g. opening the invest dialog). */
export interface KeepScrollState {
  keepScroll?: boolean;
}

/**
 * Spec 2.1: after every route change the page scrolls smoothly to the top. A link to a section
 * (`#id`, e.g. the risk banner's link to the full warning) is left to the page that holds it.
 */
function ScrollToTopOnNavigate() {
  const { pathname, state, hash } = useLocation();
  const keepScroll = useRef(false);
  keepScroll.current = Boolean((state as KeepScrollState | null)?.keepScroll) || hash.length > 1;
  useEffect(() => {
    if (!keepScroll.current) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('nav.skipToContent')}
    </Box>
  );
}

/** The shell of every page: providers that need the router, header, risk banner, footer. */
export function RootLayout() {
  return (
    <ToastProvider>
      <LoadingProvider>
        <AuthProvider>
          <BalanceProvider>
            <ScrollToTopOnNavigate />
            <NavigationProgress />
            <SkipLink />
            <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
              <RiskBanner />
              <Header />
              {/* At least a screen high: the footer starts below the fold, so it does not jump down
                  (a layout shift) when a lazily loaded page or its data arrives. */}
              <Box
                component="main"
                id="main-content"
                tabIndex={-1}
                sx={{ flex: 1, minHeight: '100vh', outline: 'none' }}
              >
                <Outlet />
              </Box>
              <Footer />
            </Box>
            <ScrollToTopButton />
            <LoaderOverlay />
          </BalanceProvider>
        </AuthProvider>
      </LoadingProvider>
    </ToastProvider>
  );
}
