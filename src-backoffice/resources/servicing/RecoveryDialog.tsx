import { DialogContentText, Stack, TextField } from '@mui/material';
import { useTypedText } from '../../components/useTypedText';
import type { RecoveryAnswer } from '../../providers/resources/servicing';
import { parseEuros } from '../ventures/money/moneyRules';
import { AmountField } from './AmountField';
import type { LoanFigures } from './DefaultDialog';
import { Figures } from './Figures';
import { netOf } from './loanRules';
import type { LoanDialogProps } from './PaymentDialog';
import { PaymentReceipt } from './PaymentReceipt';
import { StepDialog } from './StepDialog';
import { useLoanAction } from './useLoanAction';

/** Costs: empty is 0; else an amount of euros (0 allowed), or null when it is not one. */
function parseCosts(text: string): number | null {
  if (text.trim() === '') return 0;
  if (/^\s*0+([.,]0{0,2})?\s*$/.test(text)) return 0;
  return parseEuros(text);
}

/**
 * Record a recovery (money collected on a loan in default): the amount, the costs of collecting it
 * and a note; then what goes to the investors (amount less costs, pro rata); then the receipt of
 * its allocation and the loan's status (`recovery`).
 */
export const RecoveryDialog = ({
  ventureId,
  title,
  open,
  onClose,
  figures,
}: LoanDialogProps & { figures: LoanFigures }) => {
  const action = useLoanAction<RecoveryAnswer>(onClose);
  const { translate, dataProvider, money, step, setStep } = action;
  const amountText = useTypedText();
  const costsText = useTypedText();
  const noteText = useTypedText();
  const amount = parseEuros(amountText.value);
  const costs = parseCosts(costsText.value);

  const onContinue = () => {
    let ok = true;
    if (amount === null) {
      amountText.setError(translate('app.moneyActions.amount_invalid'));
      ok = false;
    }
    if (costs === null) {
      costsText.setError(translate('app.servicing.recovery.costs_invalid'));
      ok = false;
    } else if (amount !== null && costs > amount) {
      costsText.setError(translate('app.servicing.recovery.costs_above'));
      ok = false;
    }
    if (ok) setStep('review');
  };
  const net = amount !== null && costs !== null ? netOf(amount, costs) : 0;
  return (
    <StepDialog
      {...action.dialog}
      open={open}
      title={translate('app.servicing.recovery.title', { title })}
      confirmLabel={translate('app.servicing.recovery.confirm', { amount: money(amount ?? 0) })}
      onContinue={onContinue}
      onConfirm={() =>
        action.send(
          () =>
            dataProvider.recordRecovery(ventureId, {
              amount: amount!,
              costs: costs ?? 0,
              note: noteText.value.trim(),
            }),
          { amount: amountText, costs: costsText, note: noteText },
        )
      }
    >
      {step === 'edit' ? (
        <Stack spacing={1}>
          <DialogContentText>
            {translate('app.servicing.recovery.intro', { amount: money(figures.outstandingPrincipal) })}
          </DialogContentText>
          <AmountField
            label={translate('app.moneyActions.amount')}
            help={translate('app.servicing.recovery.amount_help')}
            text={amountText}
            invalid={translate('app.moneyActions.amount_invalid')}
            isValid={amount !== null}
          />
          <AmountField
            label={translate('app.servicing.fields.costs')}
            help={translate('app.servicing.recovery.costs_help')}
            text={costsText}
            required={false}
            invalid={translate('app.servicing.recovery.costs_invalid')}
            isValid={costs !== null}
          />
          <TextField
            label={translate('app.servicing.note')}
            value={noteText.value}
            onChange={(event) => noteText.onChange(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            error={noteText.error !== null}
            helperText={noteText.error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      ) : null}
      {step === 'review' ? (
        <>
          <DialogContentText>
            {translate('app.servicing.recovery.review_text', {
              net: money(net),
              investors: translate('app.moneyActions.investors', { smart_count: figures.investors }),
            })}
          </DialogContentText>
          <Figures
            label={translate('app.servicing.summary')}
            rows={[
              [translate('app.servicing.fields.amount'), money(amount ?? 0)],
              [translate('app.servicing.fields.costs'), money(costs ?? 0)],
              [translate('app.servicing.recovery.to_investors'), money(net)],
            ]}
          />
          <DialogContentText variant="body2">{translate('app.servicing.payment.fee_note')}</DialogContentText>
        </>
      ) : null}
      {step === 'done' && action.receipt ? (
        <PaymentReceipt result={action.receipt.data} costs={costs ?? 0} />
      ) : null}
    </StepDialog>
  );
};
