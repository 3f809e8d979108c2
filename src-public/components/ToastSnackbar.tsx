import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import Alert, { type AlertColor } from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** The toast itself (its own chunk: loaded with the first toast, see ToastProvider). */
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
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
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
