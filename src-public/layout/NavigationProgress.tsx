import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** A thin bar at the top while a lazy page module loads during navigation. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label={t('common.loadingPage')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    />
  );
}
