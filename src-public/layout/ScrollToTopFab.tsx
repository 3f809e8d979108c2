import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';

/** The scroll-to-top button itself (its own chunk: loaded the first time the page is scrolled down). */
export function ScrollToTopFab({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="medium"
        aria-label={t('common.scrollToTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, right: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
