import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** The overlay's backdrop and spinner (its own chunk: loaded the first time the flag is set). */
export function LoaderBackdrop({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Backdrop open={open} sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 1 }}>
      {open ? <CircularProgress color="inherit" aria-label={t('common.loading')} /> : null}
    </Backdrop>
  );
}
