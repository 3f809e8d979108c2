import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../components/LoadingProvider';
import { lazyComponent } from '../lib/lazyComponent';

// MUI's Backdrop loads the first time the flag is set, not with the page.
const LoaderBackdrop = lazyComponent(() =>
  import('./LoaderBackdrop').then((module) => module.LoaderBackdrop),
);

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The spinner overlay for the global loading flag. MUI's Backdrop is aria-hidden, so the words for
 * screen readers are a polite status beside it, there while the overlay is.
 */
export function LoaderOverlay() {
  const { t } = useTranslation();
  const { isLoading } = useGlobalLoading();
  const [used, setUsed] = useState(false);
  if (isLoading && !used) setUsed(true);
  return (
    <>
      {used ? (
        <Suspense fallback={null}>
          <LoaderBackdrop open={isLoading} />
        </Suspense>
      ) : null}
      {isLoading ? (
        <Box role="status" sx={visuallyHidden}>
          {t('common.loading')}
        </Box>
      ) : null}
    </>
  );
}
