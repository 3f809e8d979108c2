import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  onClose: () => void;
  /** Checks what was typed, then runs the call (or not). */
  onConfirm: () => unknown;
  children: ReactNode;
}

/** A confirmation dialog: nothing moves before its confirm button, which is off while the call runs. */
export const ActionDialog = ({
  open,
  title,
  confirmLabel,
  pending,
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
      </DialogActions>
    </Dialog>
  );
};
