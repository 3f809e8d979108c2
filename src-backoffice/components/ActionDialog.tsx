import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  /** The call runs: nothing can be clicked, the confirm button shows a spinner. */
  pending: boolean;
  /** The call ended: only Close remains, the content shows what happened (a receipt). */
  done?: boolean;
  disabled?: boolean;
  onClose: () => void;
  /** Checks what was typed, then runs the call (or not). */
  onConfirm: () => unknown;
  children: ReactNode;
}

/**
 * A confirmation before money moves: what the call will do with Cancel and the confirm button (off
 * while the call runs), then, with `done`, what it did with Close.
 */
export const ActionDialog = ({
  open,
  title,
  confirmLabel,
  pending,
  done = false,
  disabled = false,
  onClose,
  onConfirm,
  children,
}: ActionDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {done ? (
          <Button variant="contained" onClick={onClose}>
            {translate('ra.action.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void onConfirm()}
              disabled={pending || disabled}
              startIcon={pending ? <CircularProgress size={16} aria-hidden /> : undefined}
            >
              {confirmLabel}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
