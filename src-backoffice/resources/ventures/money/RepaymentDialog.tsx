import { Alert, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { repaymentShares } from '../../../../src-shared/rules/repayment';
import { useTypedText } from '../../../components/useTypedText';
import { ActionDialog } from './ActionDialog';
import { InvestmentsStatus, useMoneyDialog, type MoneyDialogProps } from './MoneyDialog';
import { parseEuros } from './moneyRules';
import { RepaymentPreview } from './RepaymentPreview';

/**
 * Record a repayment: an amount and whether it is the final one, then what each investor receives
 * before it is sent. `idempotencyKey` is new at each opening: a second click, or a retry after a
 * lost answer, repays once.
 */
export const RepaymentDialog = ({
  idempotencyKey,
  ...props
}: MoneyDialogProps & { idempotencyKey: string }) => {
  const { record, investments, figures } = props;
  const { translate, dataProvider, words, run, dialog } = useMoneyDialog(props, {
    title: 'repayment_title',
    confirm: 'record_repayment',
  });
  const amountText = useTypedText();
  const [final, setFinal] = useState(false);
  const amount = parseEuros(amountText.value);
  const shares = useMemo(
    () => (amount === null ? [] : repaymentShares(amount, figures.forRepayment)),
    [amount, figures.forRepayment],
  );
  const ready = investments.isSuccess;

  const confirm = () => {
    if (amount === null) {
      amountText.setError(translate('app.moneyActions.amount_invalid'));
      return;
    }
    return run(
      async () => {
        const answer = await dataProvider.recordRepayment(record.id, { amount, final }, idempotencyKey);
        return translate(final ? 'app.moneyActions.repaid_final' : 'app.moneyActions.repaid', {
          amount: words.money(answer.data.credited),
          investors: words.investors(answer.data.investors),
        });
      },
      { amount: amountText },
    );
  };

  return (
    <ActionDialog
      {...dialog}
      confirmLabel={
        amount === null
          ? dialog.confirmLabel
          : translate('app.moneyActions.repay_confirm', { amount: words.money(amount) })
      }
      disabled={!ready || amount === null || shares.length === 0}
      onConfirm={confirm}
    >
      <Stack spacing={1}>
        <TextField
          label={translate('app.moneyActions.amount')}
          value={amountText.value}
          onChange={(event) => amountText.onChange(event.target.value)}
          onBlur={() => {
            if (amountText.value.trim() !== '' && amount === null)
              amountText.setError(translate('app.moneyActions.amount_invalid'));
          }}
          required
          fullWidth
          margin="dense"
          error={amountText.error !== null}
          helperText={amountText.error ?? translate('app.moneyActions.amount_help')}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={final} onChange={(event) => setFinal(event.target.checked)} />}
          label={translate('app.moneyActions.final')}
        />
        <InvestmentsStatus investments={investments} />
        {ready && figures.completedInvestors === 0 ? (
          <Alert severity="warning">{translate('app.moneyActions.no_completed')}</Alert>
        ) : null}
        {ready && figures.completedInvestors > 0 ? (
          <RepaymentPreview shares={shares} amount={amount} />
        ) : null}
      </Stack>
    </ActionDialog>
  );
};
