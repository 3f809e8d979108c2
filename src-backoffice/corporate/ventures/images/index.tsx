import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';

/** cropperjs and react-dropzone come with the page, not with the back office's first load. */
const VentureImagesPage = lazy(() => import('./VentureImagesPage'));

/** The image page of a venture (/corporate/ventures/{id}/edit-venture-images), loaded on demand. */
export const VentureImagesRoute = () => {
  const translate = useTranslate();
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
      <VentureImagesPage />
    </Suspense>
  );
};
