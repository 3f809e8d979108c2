import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';

/** The form comes with the page, not with the back office's first load. */
const KiisPage = lazy(() => import('./KiisPage'));

/** A venture's key investment information sheet (/corporate/ventures/{id}/kiis), loaded on demand. */
export const KiisRoute = () => {
  const translate = useTranslate();
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
      <KiisPage />
    </Suspense>
  );
};
