import { Alert, CircularProgress, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { useTypedText } from '../../components/useTypedText';
import type { RepaymentAnswer } from '../../providers/resources/ventures';
import { parseEuros } from '../ventures/money/moneyRules';
import { AmountField } from './AmountField';
import { Figures } from './Figures';
import { formatDay, previewPayment } from './loanRules';
import { StepDialog } from './StepDialog';
import { useLoanAction } from './useLoanAction';
import { PaymentReceipt } from './PaymentReceipt';

export interface LoanDialogProps {
  ventureId: Identifier;
  /** The venture's title, in the dialog's title. */
  title: string;
  open: boolean;
  onClose(): void;
}

/**
 * Record a payment received outside the platform: an amount and a note; then what it settles, from
 * the loan's schedule (GET /api/ventures/{id}/schedule: what is owed, overdue and next due, and the
 * allocation oldest instalment first); then the receipt of the allocation, the service fee and what
 * the investors were credited. `idempotencyKey` is new at each opening: a second click, or a retry
 * after a lost answer, records the payment once.
 */
export const PaymentDialog = ({
  ventureId,
  title,
  open,
  onClose,
  idempotencyKey,
}: LoanDialogProps & { idempotencyKey: string }) => {
  const action = useLoanAction<RepaymentAnswer>(onClose);
  const { translate, dataProvider, money, step, setStep } = action;
  const schedule = useQuery({
    queryKey: ['servicing', 'schedule', String(ventureId)],
    queryFn: () => dataProvider.getSchedule(ventureId),
    enabled: open,
  });
  const amountText = useTypedText();
  const noteText = useTypedText();
  const amount = parseEuros(amountText.value);
  const preview =
    schedule.data && amount !== null ? previewPayment(schedule.data.installments, amount) : null;

  const onContinue = () => {
    if (amount === null) {
      amountText.setError(translate('app.moneyActions.amount_invalid'));
      return;
    }
    if (schedule.data && amount > schedule.data.owed) {
      amountText.setError(translate('app.servicing.payment.above_owed', { owed: money(schedule.data.owed) }));
      return;
    }
    setStep('review');
  };
  const onConfirm = () =>
    action.send(
      () =>
        dataProvider.recordRepayment(
          ventureId,
          { amount: amount!, note: noteText.value.trim() },
          idempotencyKey,
        ),
      { amount: amountText, note: noteText },
    );

  const s = schedule.data;
  return (
    <StepDialog
      {...action.dialog}
      open={open}
      title={translate('app.servicing.payment.title', { title })}
      confirmLabel={translate('app.servicing.payment.confirm', { amount: money(amount ?? 0) })}
      blocked={!schedule.isSuccess}
      onContinue={onContinue}
      onConfirm={onConfirm}
    >
      {schedule.isPending && open ? (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{translate('app.servicing.schedule_loading')}</Typography>
        </Stack>
      ) : null}
      {schedule.isError ? (
        <Alert severity="error" sx={{ my: 1 }}>
          {translate('app.servicing.schedule_failed')}
        </Alert>
      ) : null}
      {step === 'edit' ? (
        <Stack spacing={1}>
          {s ? (
            <DialogContentText>
              {translate('app.servicing.payment.owed_text', {
                owed: money(s.owed),
                overdue: money(s.overdue),
                next: s.nextDue
                  ? translate('app.servicing.next_due_text', {
                      amount: money(s.nextDue.amount),
                      date: formatDay(s.nextDue.dueDate, action.locale),
                    })
                  : translate('app.servicing.no_next_due'),
              })}
            </DialogContentText>
          ) : null}
          <AmountField
            label={translate('app.moneyActions.amount')}
            help={translate('app.servicing.payment.amount_help')}
            text={amountText}
            invalid={translate('app.moneyActions.amount_invalid')}
            isValid={amount !== null}
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
            helperText={noteText.error ?? translate('app.servicing.payment.note_help')}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </Stack>
      ) : null}
      {step === 'review' && s && preview ? (
        <>
          <DialogContentText>
            {translate('app.servicing.payment.review_text', { amount: money(amount ?? 0) })}
          </DialogContentText>
          <Figures
            label={translate('app.servicing.summary')}
            rows={[
              [translate('app.servicing.fields.lateInterest'), money(preview.lateInterest)],
              [translate('app.servicing.fields.interest'), money(preview.interest)],
              [translate('app.servicing.fields.principal'), money(preview.principal)],
              [translate('app.servicing.fields.overdue'), money(s.overdue)],
              [translate('app.servicing.fields.owed'), money(s.owed)],
              [
                translate('app.servicing.payment.owed_after'),
                money(Math.round((s.owed - (amount ?? 0)) * 100) / 100),
              ],
            ]}
          />
          <DialogContentText>
            {preview.settled.length > 0
              ? translate('app.servicing.payment.settles', {
                  instalments: preview.settled.map((row) => `#${row.number}`).join(', '),
                })
              : ''}
            {preview.partly
              ? ` ${translate('app.servicing.payment.partly', { number: preview.partly.number })}`
              : ''}
          </DialogContentText>
          <DialogContentText variant="body2">{translate('app.servicing.payment.fee_note')}</DialogContentText>
        </>
      ) : null}
      {step === 'done' && action.receipt ? <PaymentReceipt result={action.receipt.data} /> : null}
    </StepDialog>
  );
};
