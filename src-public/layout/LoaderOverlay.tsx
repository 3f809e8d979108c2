import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../components/LoadingProvider';

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
  return (
    <>
      <Backdrop open={isLoading} sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 1 }}>
        {isLoading ? <CircularProgress color="inherit" aria-label={t('common.loading')} /> : null}
      </Backdrop>
      {isLoading ? (
        <Box role="status" sx={visuallyHidden}>
          {t('common.loading')}
        </Box>
      ) : null}
    </>
  );
}
