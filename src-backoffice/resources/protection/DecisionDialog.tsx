import { Box, DialogContentText, Stack } from '@mui/material';
import type { AdminSophisticatedRequest } from '../../../src-shared/contracts/protection';
import { formatDate } from '../../components/DateText';
import { ReasonField } from '../../components/ReasonField';
import type { ProtectionRecord } from '../../providers/resources/protection';
import { personName } from '../kyc/personName';
import { Figures } from '../servicing/Figures';
import { StepDialog } from '../servicing/StepDialog';
import { useLoanAction, useReason } from '../servicing/useLoanAction';
import { useCriterionLabel } from './Criteria';

export type Decision = 'accepted' | 'rejected';

/** What an accepted investor no longer has (EU 2020/1503 Art. 21 and 22 protect non-sophisticated investors only). */
export const LOST_PROTECTIONS = ['test', 'simulation', 'warnings', 'reflection'] as const;

/**
 * Accept or reject a person's pending request (PATCH /api/admin/protection/{userId}): a reason
 * (required either way, kept with the request), then what changes for the investor (accepted: a
 * sophisticated investor without the protections of Art. 21 and 22) and that they are e-mailed,
 * then the server's receipt.
 * Closing after the receipt refreshes the page.
 */
export const DecisionDialog = ({
  record,
  request,
  decision,
  open,
  onClose,
}: {
  record: ProtectionRecord;
  request: AdminSophisticatedRequest;
  decision: Decision;
  open: boolean;
  onClose(): void;
}) => {
  const action = useLoanAction<AdminSophisticatedRequest>(onClose);
  const { translate, dataProvider, step, locale } = action;
  const { reason, onContinue } = useReason(action);
  const criterionLabel = useCriterionLabel();
  const name = personName(request.user);
  const accept = decision === 'accepted';
  const status = (value: string) => translate(`app.protection.status.${value}`, { _: value });
  return (
    <StepDialog
      {...action.dialog}
      open={open}
      title={translate(accept ? 'app.protection.accept_title' : 'app.protection.reject_title', { name })}
      confirmLabel={translate(accept ? 'app.protection.confirm_accept' : 'app.protection.confirm_reject')}
      onContinue={onContinue}
      onConfirm={() =>
        action.send(
          () => dataProvider.decideProtection(record.id, { status: decision, reason: reason.value.trim() }),
          { reason },
        )
      }
    >
      {step === 'edit' ? (
        <Stack spacing={1}>
          <DialogContentText>
            {translate(accept ? 'app.protection.accept_intro' : 'app.protection.reject_intro')}
          </DialogContentText>
          <ReasonField
            label={translate('app.protection.reason')}
            help={translate('app.protection.reason_help')}
            {...reason.field}
          />
        </Stack>
      ) : null}
      {step === 'review' ? (
        <>
          <DialogContentText>
            {translate(accept ? 'app.protection.review_accept' : 'app.protection.review_reject', { name })}
          </DialogContentText>
          {accept ? (
            <Box component="ul" sx={{ my: 1, pl: 3 }}>
              {LOST_PROTECTIONS.map((protection) => (
                <DialogContentText component="li" key={protection}>
                  {translate(`app.protection.loses.${protection}`)}
                </DialogContentText>
              ))}
            </Box>
          ) : null}
          <Figures
            label={translate('app.protection.summary')}
            rows={[
              [translate('app.protection.fields.investor'), `${name} (${request.user.email})`],
              [translate('app.protection.fields.criteria'), request.criteria.map(criterionLabel).join(', ')],
              [translate('app.protection.fields.decision'), status(decision)],
              [translate('app.protection.reason'), reason.value.trim()],
            ]}
          />
          <DialogContentText>
            {translate(accept ? 'app.protection.mail_accept' : 'app.protection.mail_reject', { name })}
          </DialogContentText>
        </>
      ) : null}
      {step === 'done' && action.receipt ? (
        <DialogContentText role="status">
          {translate(
            action.receipt.status === 'accepted'
              ? 'app.protection.done_accept'
              : 'app.protection.done_reject',
            { name, date: formatDate(action.receipt.decidedAt, locale, true) ?? '' },
          )}
        </DialogContentText>
      ) : null}
    </StepDialog>
  );
};
