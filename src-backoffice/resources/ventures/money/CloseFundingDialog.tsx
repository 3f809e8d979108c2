import { ReviewDialog, useMoneyDialog, type MoneyDialogProps } from './MoneyDialog';

/** Close the funding: states the amount funded of the target and the open investments' investors. */
export const CloseFundingDialog = (props: MoneyDialogProps) => {
  const { record, figures } = props;
  const { translate, dataProvider, words, run, review } = useMoneyDialog(props, {
    title: 'close_title',
    confirm: 'close_funding',
  });
  const confirm = () =>
    run(async () => {
      await dataProvider.closeFunding(record.id);
      return translate('app.moneyActions.closed', { amount: words.money(record.amountFunded ?? 0) });
    });

  return (
    <ReviewDialog
      {...review}
      onConfirm={confirm}
      text={() =>
        translate('app.moneyActions.close_content', {
          amount: words.money(record.amountFunded ?? 0),
          target: words.money(record.targetAmount),
          investors: words.investors(figures.openInvestors),
        })
      }
    />
  );
};
