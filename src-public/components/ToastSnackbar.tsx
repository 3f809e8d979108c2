import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import Alert, { type AlertColor } from '@mui/material/Alert';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The gap between the app bar's lower edge and a toast on a desktop. */
const BELOW_APP_BAR_PX = 16;

/**
 * The toast itself (its own chunk: loaded with the first toast, see ToastProvider). Where it covers
 * nothing that matters (issue 30, item 11): on a phone at the bottom, centred; from 600 px at the
 * right, just below the app bar (the sticky header's lower edge when the toast opens: below the
 * risk banner at the top of a page, below the bar alone once scrolled), never over Login, the
 * account menu or the language switcher.
 */
export function ToastSnackbar({
  toastKey,
  open,
  duration,
  severity,
  message,
  onClose,
  onExited,
}: {
  toastKey: number;
  open: boolean;
  duration: number;
  severity: AlertColor;
  message: string;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!open || phone) return;
    const bottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    setTop(Math.max(0, bottom) + BELOW_APP_BAR_PX);
  }, [open, phone, toastKey]);
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    onClose();
  };
  return (
    <Snackbar
      key={toastKey}
      open={open}
      autoHideDuration={duration}
      onClose={handleClose}
      anchorOrigin={
        phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }
      }
      style={!phone && top !== undefined ? { top: `${top}px` } : undefined}
      slotProps={{ transition: { onExited } }}
    >
      <Alert
        onClose={onClose}
        // MUI's own label of the close button is English 'Close'.
        closeText={t('common.close')}
        severity={severity}
        variant="filled"
        sx={{ width: '100%', minWidth: 280 }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
