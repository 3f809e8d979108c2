import { Alert, CircularProgress, DialogContentText, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatEuros } from '../../../../src-shared/money';
import { errorText, fieldErrors } from '../../../components/errors';
import type { TypedText } from '../../../components/useTypedText';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import type { VentureInvestment } from '../../../providers/resources/ventures';
import type { investmentFigures } from '../useVentureInvestments';
import type { VentureRecord } from '../ventureRecord';
import { ActionDialog, type ActionDialogProps } from '../../../components/ActionDialog';

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

/**
 * A dialog whose confirm waits for the review step: the investments loading or failed, then, once
 * read, `text` (what the call will move, computed from them), then `children` (what is asked).
 */
export const ReviewDialog = ({
  investments,
  text,
  gutterBottom = false,
  children,
  ...dialog
}: Omit<ActionDialogProps, 'disabled' | 'children'> & {
  investments: UseQueryResult<unknown>;
  text: () => string;
  gutterBottom?: boolean;
  children?: ReactNode;
}) => (
  <ActionDialog {...dialog} disabled={!investments.isSuccess}>
    <InvestmentsStatus investments={investments} />
    {investments.isSuccess ? (
      <DialogContentText gutterBottom={gutterBottom}>{text()}</DialogContentText>
    ) : null}
    {children}
  </ActionDialog>
);

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
 * What each money dialog runs on. `run(work, inputs)` marks the dialog pending, and on success shows
 * the translated toast `work` answers, closes the dialog and refreshes the record and every list; on
 * failure the server's field errors go under their inputs (`inputs` by field name) and its message to
 * an error toast. `dialog` is the ActionDialog's open, pending, onClose (nothing while pending), title
 * and confirm label (`keys` under app.moneyActions; the title with the venture's title); `review` is
 * the same with the venture's investments, for a ReviewDialog.
 */
export function useMoneyDialog(
  { record, open, onClose, investments }: MoneyDialogProps,
  keys: { title: string; confirm: string },
) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const words = useMoneyWords();
  const [pending, setPending] = useState(false);
  const run = async (work: () => Promise<string>, inputs: Record<string, TypedText> = {}) => {
    setPending(true);
    try {
      const message = await work();
      notify(message, { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      for (const [name, input] of Object.entries(inputs)) if (fields?.[name]) input.setError(fields[name]);
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    if (!pending) onClose();
  };
  const dialog = {
    open,
    pending,
    onClose: close,
    title: translate(`app.moneyActions.${keys.title}`, { title: record.title ?? '' }),
    confirmLabel: translate(`app.moneyActions.${keys.confirm}`),
  };
  return { translate, dataProvider, words, run, dialog, review: { ...dialog, investments } };
}
