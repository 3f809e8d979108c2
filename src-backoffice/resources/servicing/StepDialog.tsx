import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Where a confirmed action stands: what is asked, the summary to confirm, the receipt. */
export type Step = 'edit' | 'review' | 'done';

export interface StepDialogProps {
  open: boolean;
  title: string;
  step: Step;
  pending: boolean;
  /** The confirm button's label on the review step (it names the money moved). */
  confirmLabel: string;
  /** The continue button is off (the inputs are not ready, or their data is loading). */
  blocked?: boolean;
  onClose(): void;
  /** Checks what was typed and moves to the review step (or shows the refusals). */
  onContinue(): void;
  onBack(): void;
  /** Sends the call (only from the review step). */
  onConfirm(): unknown;
  children: ReactNode;
}

/**
 * A dialog in three steps: the inputs, then a summary of the money the call will move with the
 * confirm button (nothing moves before it; off while the call runs), then the receipt of what the
 * server did, closed by the admin.
 */
export const StepDialog = ({
  open,
  title,
  step,
  pending,
  confirmLabel,
  blocked = false,
  onClose,
  onContinue,
  onBack,
  onConfirm,
  children,
}: StepDialogProps) => {
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
        {step === 'done' ? (
          <Button variant="contained" onClick={onClose}>
            {translate('ra.action.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending}>
              {translate('ra.action.cancel')}
            </Button>
            {step === 'review' ? (
              <Button onClick={onBack} disabled={pending}>
                {translate('ra.action.back')}
              </Button>
            ) : null}
            {step === 'edit' ? (
              <Button variant="contained" onClick={onContinue} disabled={blocked}>
                {translate('app.servicing.continue')}
              </Button>
            ) : (
              <Button
                variant="contained"
                onClick={() => void onConfirm()}
                disabled={pending}
                startIcon={pending ? <CircularProgress size={16} aria-hidden /> : undefined}
              >
                {confirmLabel}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
