import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { ReasonField } from '../../../components/ReasonField';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import {
  ActionDialog,
  InvestmentsStatus,
  useMoneyCall,
  useMoneyWords,
  type MoneyDialogProps,
} from './MoneyDialog';

/** Cancel with refunds: states the sum refunded and the open investments; asks for a reason. */
export const CancelDialog = ({ record, open, onClose, investments, figures }: MoneyDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const words = useMoneyWords();
  const { pending, run, close } = useMoneyCall(onClose);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const confirm = () => {
    if (reason.trim() === '') {
      setReasonError(translate('app.moneyActions.reason_required'));
      return;
    }
    return run(
      async () => {
        await dataProvider.cancelVenture(record.id, reason.trim());
        return translate('app.moneyActions.cancelled', {
          amount: words.money(record.amountFunded ?? 0),
          investments: words.investments(figures.openCount),
        });
      },
      (fields) => {
        if (fields.reason) setReasonError(fields.reason);
      },
    );
  };

  return (
    <ActionDialog
      open={open}
      title={translate('app.moneyActions.cancel_title', { title: record.title ?? '' })}
      confirmLabel={translate('app.moneyActions.cancel_confirm')}
      pending={pending}
      disabled={!investments.isSuccess}
      onClose={close}
      onConfirm={() => void confirm()}
    >
      <InvestmentsStatus investments={investments} />
      {investments.isSuccess ? (
        <DialogContentText gutterBottom>
          {translate('app.moneyActions.cancel_content', {
            amount: words.money(record.amountFunded ?? 0),
            investments: words.investments(figures.openCount),
          })}
        </DialogContentText>
      ) : null}
      <ReasonField
        label={translate('app.moneyActions.reason')}
        help={translate('app.moneyActions.reason_help')}
        value={reason}
        error={reasonError}
        onChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
      />
    </ActionDialog>
  );
};
