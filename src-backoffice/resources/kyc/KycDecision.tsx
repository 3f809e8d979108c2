import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { ReasonField } from '../../components/ReasonField';
import { errorText, fieldErrors } from '../../components/errors';
import { useTypedText } from '../../components/useTypedText';
import type { KycRecord } from '../../providers/resources/kyc';
import { personName } from './personName';

type Decision = 'complete' | 'rejected';

/**
 * Approve, or reject with a reason (PATCH /api/kyc/admin/{userId}), each after a confirmation that
 * names the person; the person is e-mailed. A decision equal to the current status is not offered.
 */
export const KycDecision = () => {
  const record = useRecordContext<KycRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [update, { isPending }] = useUpdate<KycRecord>();
  const [open, setOpen] = useState<Decision | null>(null);
  const reason = useTypedText();
  if (!record) return null;
  const name = personName(record.user);

  const start = (decision: Decision) => {
    reason.reset();
    setOpen(decision);
  };

  const decide = async () => {
    if (!open) return;
    if (open === 'rejected' && reason.value.trim() === '') {
      reason.setError(translate('app.kyc.reason_required'));
      return;
    }
    try {
      await update(
        'kyc',
        {
          id: record.id,
          data: { status: open, ...(open === 'rejected' ? { reason: reason.value.trim() } : {}) },
          previousData: record,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(open === 'complete' ? 'app.kyc.approved' : 'app.kyc.rejected', {
        type: 'success',
        messageArgs: { name },
      });
      setOpen(null);
      refresh();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields?.reason) reason.setError(fields.reason);
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.kyc.decision')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {record.status !== 'complete' ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon aria-hidden />}
              onClick={() => start('complete')}
            >
              {translate('app.kyc.approve')}
            </Button>
          ) : null}
          {record.status !== 'rejected' ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<CloseIcon aria-hidden />}
              onClick={() => start('rejected')}
            >
              {translate('app.kyc.reject')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
      <Dialog
        open={open !== null}
        onClose={isPending ? undefined : () => setOpen(null)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>
          {translate(open === 'rejected' ? 'app.kyc.reject_title' : 'app.kyc.approve_title', { name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText gutterBottom>
            {translate(open === 'rejected' ? 'app.kyc.reject_content' : 'app.kyc.approve_content', {
              name,
              email: record.user.email,
            })}
          </DialogContentText>
          {open === 'rejected' ? (
            <ReasonField
              label={translate('app.kyc.reason')}
              help={translate('app.kyc.reason_help')}
              {...reason.field}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} disabled={isPending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            color={open === 'rejected' ? 'error' : 'success'}
            onClick={() => void decide()}
            disabled={isPending}
          >
            {translate(open === 'rejected' ? 'app.kyc.reject' : 'app.kyc.approve')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
};
