import { ReasonField } from '../../../components/ReasonField';
import { useTypedText } from '../../../components/useTypedText';
import { ReviewDialog, useMoneyDialog, type MoneyDialogProps } from './MoneyDialog';

/** Cancel with refunds: states the sum refunded and the open investments; asks for a reason. */
export const CancelDialog = (props: MoneyDialogProps) => {
  const { record, figures } = props;
  const { translate, dataProvider, words, run, review } = useMoneyDialog(props, {
    title: 'cancel_title',
    confirm: 'cancel_confirm',
  });
  const reason = useTypedText();
  const refunded = () => ({
    amount: words.money(record.amountFunded ?? 0),
    investments: words.investments(figures.openCount),
  });

  const confirm = () => {
    if (reason.value.trim() === '') {
      reason.setError(translate('app.moneyActions.reason_required'));
      return;
    }
    return run(
      async () => {
        await dataProvider.cancelVenture(record.id, reason.value.trim());
        return translate('app.moneyActions.cancelled', refunded());
      },
      { reason },
    );
  };

  return (
    <ReviewDialog
      {...review}
      text={() => translate('app.moneyActions.cancel_content', refunded())}
      gutterBottom
      onConfirm={confirm}
    >
      <ReasonField
        label={translate('app.moneyActions.reason')}
        help={translate('app.moneyActions.reason_help')}
        {...reason.field}
      />
    </ReviewDialog>
  );
};
