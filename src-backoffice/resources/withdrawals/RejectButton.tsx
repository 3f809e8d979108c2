import BlockIcon from '@mui/icons-material/Block';
import { DialogContentText, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { errorText, fieldErrors } from '../../components/errors';
import { ReasonField } from '../../components/ReasonField';
import { useTypedText } from '../../components/useTypedText';
import type { AdminWithdrawalRow } from '../../providers/resources/payments';
import { ActionDialog } from '../../components/ActionDialog';

type Row = AdminWithdrawalRow & RaRecord;

/**
 * Rejects one requested withdrawal: the reason (required: it is e-mailed to the person), then a
 * review of what happens (the amount goes back to the person's balance), then
 * `PATCH /api/admin/withdrawals/{id}` `{ status: 'rejected', reason }` and a notification.
 * Nothing on rows that are no longer requested.
 */
export const RejectButton = (_props: { label?: string }) => {
  const record = useRecordContext<Row>();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale = 'en'] = useLocaleState();
  const reason = useTypedText();
  const [open, setOpen] = useState(false);
  const [review, setReview] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record || record.status !== 'requested') return null;

  const who = [record.user.firstName, record.user.lastName].filter(Boolean).join(' ') || record.user.email;
  const amount = formatEuros(record.amount, locale);

  const close = () => {
    if (pending) return;
    setOpen(false);
    setReview(false);
    reason.reset();
  };
  const toReview = () => {
    if (reason.value.trim() === '') {
      reason.setError(translate('app.payments.reject.reason_required'));
      return;
    }
    setReview(true);
  };
  const send = async () => {
    setPending(true);
    try {
      await dataProvider.update<Row>('withdrawals', {
        id: record.id,
        data: { status: 'rejected', reason: reason.value.trim() },
        previousData: record,
      });
      notify('app.payments.reject.done', { type: 'success', messageArgs: { amount, name: who } });
      setPending(false);
      close();
      refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.reason) reason.setError(fields.reason);
      notify(errorText(error, 'app.error.generic'), { type: 'error' });
      setPending(false);
      setReview(false);
    }
  };

  return (
    <>
      <Button
        label="app.payments.reject.button"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <BlockIcon />
      </Button>
      <ActionDialog
        open={open}
        title={translate('app.payments.reject.title', { amount, name: who })}
        pending={pending}
        done={false}
        confirmLabel={translate(review ? 'app.payments.reject.confirm' : 'app.payments.continue')}
        onClose={close}
        onConfirm={review ? send : toReview}
      >
        {review ? (
          <Stack spacing={1}>
            <DialogContentText>
              {translate('app.payments.reject.review', { amount, name: who })}
            </DialogContentText>
            <DialogContentText>
              {translate('app.payments.reject.review_reason', { reason: reason.value.trim() })}
            </DialogContentText>
          </Stack>
        ) : (
          <Stack spacing={1}>
            <DialogContentText>{translate('app.payments.reject.intro')}</DialogContentText>
            <ReasonField
              label={translate('app.payments.reject.reason')}
              help={translate('app.payments.reject.reason_help')}
              {...reason.field}
            />
          </Stack>
        )}
      </ActionDialog>
    </>
  );
};
