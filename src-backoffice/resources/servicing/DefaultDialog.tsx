import { DialogContentText, Stack } from '@mui/material';
import { ReasonField } from '../../components/ReasonField';
import type { LoanActionAnswer } from '../../providers/resources/servicing';
import { Figures } from './Figures';
import type { LoanDialogProps } from './PaymentDialog';
import { StepDialog } from './StepDialog';
import { useLoanAction, useReason } from './useLoanAction';

/** What the loan's page gives the default and write-off dialogs to state before the confirm. */
export interface LoanFigures {
  outstandingPrincipal: number;
  overdue: number;
  daysLate: number;
  investors: number;
}

/**
 * Declare a default (unlikeliness to pay, before 90 days late): a reason; then what it means (no
 * money moves; the outstanding principal and what is overdue, the investors e-mailed); then the
 * loan's new status.
 */
export const DefaultDialog = ({
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
      title={translate('app.servicing.default.title', { title })}
      confirmLabel={translate('app.servicing.default.confirm')}
      onContinue={onContinue}
      onConfirm={() => action.send(() => dataProvider.declareDefault(ventureId, reason.value), { reason })}
    >
      {step === 'edit' ? (
        <Stack spacing={1}>
          <DialogContentText>{translate('app.servicing.default.intro')}</DialogContentText>
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
            {translate('app.servicing.default.review_text', {
              investors: translate('app.moneyActions.investors', { smart_count: figures.investors }),
            })}
          </DialogContentText>
          <Figures
            label={translate('app.servicing.summary')}
            rows={[
              [translate('app.servicing.fields.outstandingPrincipal'), money(figures.outstandingPrincipal)],
              [translate('app.servicing.fields.overdue'), money(figures.overdue)],
              [translate('app.servicing.fields.daysLate'), String(figures.daysLate)],
              [translate('app.servicing.reason'), reason.value.trim()],
            ]}
          />
        </>
      ) : null}
      {step === 'done' && action.receipt ? (
        <DialogContentText>
          {translate('app.servicing.default.done', { status: action.status(action.receipt.data.loanStatus) })}
        </DialogContentText>
      ) : null}
    </StepDialog>
  );
};
