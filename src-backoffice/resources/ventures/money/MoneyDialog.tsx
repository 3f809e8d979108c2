import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatEuros } from '../../../../src-shared/money';
import { errorText, fieldErrors } from '../../../components/errors';
import type { VentureInvestment } from '../../../providers/resources/ventures';
import type { investmentFigures } from '../useVentureInvestments';
import type { VentureRecord } from '../ventureRecord';

/** What every money dialog is given by the money card. */
export interface MoneyDialogProps {
  record: VentureRecord;
  open: boolean;
  /** Closes the dialog (the card holds which one is open). */
  onClose(): void;
  /** The venture's investments, which each dialog states before its confirm. */
  investments: UseQueryResult<VentureInvestment[]>;
  figures: ReturnType<typeof investmentFigures>;
}

interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  onClose: () => void;
  onConfirm: () => void;
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
          onClick={onConfirm}
          disabled={pending || disabled}
          startIcon={pending ? <CircularProgress size={16} aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The review step's state line: the investments still loading, or their loading failed. */
export const InvestmentsStatus = ({ investments }: { investments: UseQueryResult<unknown> }) => {
  const translate = useTranslate();
  if (investments.isPending)
    return (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">{translate('app.moneyActions.loading')}</Typography>
      </Stack>
    );
  if (investments.isError)
    return (
      <Alert severity="error" sx={{ my: 1 }}>
        {translate('app.moneyActions.load_failed')}
      </Alert>
    );
  return null;
};

/** The words the dialogs state amounts and counts in: euros in the admin's locale, plural counts. */
export function useMoneyWords() {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return {
    money: (value: number) => formatEuros(value, locale),
    investors: (n: number) => translate('app.moneyActions.investors', { smart_count: n }),
    investments: (n: number) => translate('app.moneyActions.investments', { smart_count: n }),
  };
}

/**
 * A dialog's call: `run(work)` marks it pending, and on success shows the translated toast `work`
 * answers, closes the dialog and refreshes the record and every list; on failure the server's field
 * errors go to `onFieldErrors` and its message to an error toast. `close` does nothing while pending.
 */
export function useMoneyCall(onClose: () => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const run = async (
    work: () => Promise<string>,
    onFieldErrors: (fields: Record<string, string>) => void,
  ) => {
    setPending(true);
    try {
      const message = await work();
      notify(message, { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) onFieldErrors(fields);
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    if (!pending) onClose();
  };
  return { pending, run, close };
}
