import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ReviewDialogProps {
  open: boolean;
  title: string;
  /** The call runs: nothing can be clicked but the spinner shows on the confirm button. */
  pending: boolean;
  /** The call ended: only Close remains, the content shows what happened. */
  done: boolean;
  /** The confirm button's label (it says what will happen). */
  confirmLabel: string;
  confirmDisabled?: boolean;
  onClose(): void;
  onConfirm(): unknown;
  children: ReactNode;
}

/**
 * A confirmation before money moves: the summary of what the call will do with Cancel and the
 * confirm button, then, once the server answered, what it did with Close.
 */
export const ReviewDialog = ({
  open,
  title,
  pending,
  done,
  confirmLabel,
  confirmDisabled = false,
  onClose,
  onConfirm,
  children,
}: ReviewDialogProps) => {
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
              disabled={pending || confirmDisabled}
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
