import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** The bar itself (its own chunk: loaded with the first navigation that waits for a page). */
export function NavigationProgressBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      aria-label={t('common.loadingPage')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
