import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../src-shared/api/http';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { ticketMessageError, TICKET_LIMITS } from '../../../src-shared/rules/tickets';
import { Field } from '../../auth/form/fields';
import { FailureAlert } from '../../components/FailureAlert';
import { Page } from '../../components/Page';
import { useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { ticketKey } from '../dashboardParts';
import { useReplyToTicket, useTicket, type TicketThread } from './api';
import { RespondBy, TicketMessages, TicketStatusChip } from './parts';
import { QueryStatus } from '../QueryStatus';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div" variant="body2">
        {children}
      </Typography>
    </Grid>
  );
}

/** The reply box: a closed ticket takes none (the server would answer 409 'This ticket is closed.'). */
function ReplyForm({ ticket }: { ticket: TicketThread }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { mutateAsync: reply, isPending } = useReplyToTicket(ticket._id);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (ticket.status === 'closed') {
    return <Alert severity="info">{t('investor.ticketPages.closedNotice')}</Alert>;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const code = ticketMessageError(text);
    if (code) {
      setFieldError(t(code, { ns: 'errors' }));
      document.getElementById('ticket-reply')?.focus();
      return;
    }
    try {
      await reply(text.trim());
      setText('');
      setFieldError(null);
      toast.success(t('investor.ticketPages.replySent'));
    } catch (error) {
      const fields = translateFieldErrors(i18n, error);
      if (fields.message) setFieldError(fields.message);
      else setFailure(failureText(i18n, error, { fallback: t('investor.ticketPages.replyFailed') }));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
      <Field
        id="ticket-reply"
        name="message"
        label={t('investor.ticketPages.replyLabel')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setFieldError(null);
        }}
        multiline
        minRows={4}
        disabled={isPending}
        error={!!fieldError}
        helperText={fieldError ?? undefined}
        slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.message } }}
      />
      <FailureAlert failure={failure} />
      <Box>
        <Button type="submit" variant="contained" disabled={isPending}>
          {isPending ? t('investor.ticketPages.sending') : t('investor.ticketPages.sendReply')}
        </Button>
      </Box>
    </Box>
  );
}

/** /user/tickets/:id: the ticket's facts, its conversation and a reply; another person's ticket is "not found". */
export function TicketPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { data: ticket, isPending, error } = useTicket(id);
  const notFound = error instanceof ApiError && error.status === 404;

  const title = ticket ? `#${ticket.number} ${ticket.subject}` : t('investor.ticketPages.ticket');
  return (
    <Page title={title} maxWidth="md">
      <Link component={RouterLink} to="/user/tickets" sx={{ display: 'inline-block', mt: 2 }}>
        {t('investor.ticketPages.backToList')}
      </Link>
      <QueryStatus
        pending={isPending}
        loading={t('investor.ticketPages.loadingOne')}
        failed={
          error ? (notFound ? t('investor.ticketPages.notFound') : t('investor.ticketPages.failedOne')) : null
        }
      />
      {ticket ? (
        <>
          <Paper variant="outlined" sx={{ p: 2, mt: 3 }}>
            <Grid container spacing={2}>
              <Fact label={t('investor.columns.status')}>
                <TicketStatusChip status={ticket.status} />
              </Fact>
              <Fact label={t('investor.columns.category')}>{t(ticketKey('category', ticket.category))}</Fact>
              <Fact label={t('investor.ticketPages.opened')}>
                {formatDateTime(ticket.createdAt, i18n.language)}
              </Fact>
              <Fact label={t('investor.ticketPages.respondBy')}>
                <RespondBy ticket={ticket} />
              </Fact>
            </Grid>
            {ticket.category === 'complaint' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t('investor.ticketPages.complaintHint')}
              </Typography>
            ) : null}
          </Paper>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mt: 4, mb: 2 }}>
            {t('investor.ticketPages.thread')}
          </Typography>
          <TicketMessages messages={ticket.messages} />
          <Box sx={{ mt: 3 }}>
            <ReplyForm ticket={ticket} />
          </Box>
        </>
      ) : null}
    </Page>
  );
}

export { TicketPage as Component };
