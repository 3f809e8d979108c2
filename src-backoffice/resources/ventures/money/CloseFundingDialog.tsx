import { DialogContentText } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { BackofficeDataProvider } from '../../../providers/dataProvider';
import {
  ActionDialog,
  InvestmentsStatus,
  useMoneyCall,
  useMoneyWords,
  type MoneyDialogProps,
} from './MoneyDialog';

/** Close the funding: states the amount funded of the target and the open investments' investors. */
export const CloseFundingDialog = ({ record, open, onClose, investments, figures }: MoneyDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const words = useMoneyWords();
  const { pending, run, close } = useMoneyCall(onClose);
  const confirm = () =>
    run(
      async () => {
        await dataProvider.closeFunding(record.id);
        return translate('app.moneyActions.closed', { amount: words.money(record.amountFunded ?? 0) });
      },
      () => undefined,
    );

  return (
    <ActionDialog
      open={open}
      title={translate('app.moneyActions.close_title', { title: record.title ?? '' })}
      confirmLabel={translate('app.moneyActions.close_funding')}
      pending={pending}
      disabled={!investments.isSuccess}
      onClose={close}
      onConfirm={() => void confirm()}
    >
      <InvestmentsStatus investments={investments} />
      {investments.isSuccess ? (
        <DialogContentText>
          {translate('app.moneyActions.close_content', {
            amount: words.money(record.amountFunded ?? 0),
            target: words.money(record.targetAmount),
            investors: words.investors(figures.openInvestors),
          })}
        </DialogContentText>
      ) : null}
    </ActionDialog>
  );
};
