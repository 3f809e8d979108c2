import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../components/LoadingProvider';

/** The spinner overlay for the global loading flag. */
export function LoaderOverlay() {
  const { t } = useTranslation();
  const { isLoading } = useGlobalLoading();
  return (
    <Backdrop open={isLoading} sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 1 }}>
      {isLoading ? <CircularProgress color="inherit" aria-label={t('common.loading')} /> : null}
    </Backdrop>
  );
}
