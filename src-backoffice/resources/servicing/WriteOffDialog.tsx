import { DialogContentText, Stack } from '@mui/material';
import { ReasonField } from '../../components/ReasonField';
import type { LoanActionAnswer } from '../../providers/resources/servicing';
import type { LoanFigures } from './DefaultDialog';
import { Figures } from './Figures';
import type { LoanDialogProps } from './PaymentDialog';
import { StepDialog } from './StepDialog';
import { useLoanAction, useReason } from './useLoanAction';

/**
 * Write the loan off: a reason; then the outstanding principal to be written off (bad debt for the
 * investors, no cash moves); then the amount the server wrote off and the loan's new status.
 */
export const WriteOffDialog = ({
  ventureId,
  title,
  open,
  onClose,
  figures,
}: LoanDialogProps & { figures: LoanFigures }) => {
  const action = useLoanAction<LoanActionAnswer>(onClose);
  const { translate, dataProvider, money, step } = action;
  const { reason, onContinue } = useReason(action);
  return (
    <StepDialog
      {...action.dialog}
      open={open}
      title={translate('app.servicing.writeOff.title', { title })}
      confirmLabel={translate('app.servicing.writeOff.confirm', {
        amount: money(figures.outstandingPrincipal),
      })}
      onContinue={onContinue}
      onConfirm={() => action.send(() => dataProvider.writeOff(ventureId, reason.value), { reason })}
    >
      {step === 'edit' ? (
        <Stack spacing={1}>
          <DialogContentText>{translate('app.servicing.writeOff.intro')}</DialogContentText>
          <ReasonField
            label={translate('app.servicing.reason')}
            help={translate('app.servicing.reason_help')}
            {...reason.field}
          />
        </Stack>
      ) : null}
      {step === 'review' ? (
        <>
          <DialogContentText>
            {translate('app.servicing.writeOff.review_text', {
              amount: money(figures.outstandingPrincipal),
              investors: translate('app.moneyActions.investors', { smart_count: figures.investors }),
            })}
          </DialogContentText>
          <Figures
            label={translate('app.servicing.summary')}
            rows={[
              [translate('app.servicing.fields.writtenOff'), money(figures.outstandingPrincipal)],
              [translate('app.servicing.reason'), reason.value.trim()],
            ]}
          />
        </>
      ) : null}
      {step === 'done' && action.receipt ? (
        <DialogContentText>
          {translate('app.servicing.writeOff.done', {
            amount: money(action.receipt.data.writtenOff),
            status: action.status(action.receipt.data.loanStatus),
          })}
        </DialogContentText>
      ) : null}
    </StepDialog>
  );
};
