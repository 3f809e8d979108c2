import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  Button,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { TicketThread as Thread } from '../../../src-shared/api/types';
import { TICKET_LIMITS } from '../../../src-shared/rules/tickets';
import { isOverdue } from '../../../src-shared/rules/workingDays';
import { ThreadMessages } from '../../../src-shared/tickets/ThreadMessages';
import { formatDate } from '../../components/DateText';
import { errorText, fieldErrors } from '../../components/errors';
import type { BackofficeDataProvider } from '../../providers/dataProvider';

type Message = Thread['messages'][number];

/**
 * A ticket's deadline: the respond-by date of a complaint, marked "Overdue" (red) while it waits for
 * an answer past it; a dash for tickets without one.
 */
export const RespondByField = (_props: { label?: string; source?: string }) => {
  const record = useRecordContext<{ respondBy?: string | null; status?: string }>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (!record?.respondBy) {
    return (
      <Typography component="span" variant="body2">
        -
      </Typography>
    );
  }
  const overdue = isOverdue({ status: record.status ?? 'open', respondBy: record.respondBy }, new Date());
  return (
    <Stack direction="row" spacing={1} alignItems="center" component="span">
      <Typography
        component="span"
        variant="body2"
        sx={overdue ? { color: 'error.main', fontWeight: 700 } : undefined}
      >
        {formatDate(record.respondBy, locale)}
      </Typography>
      {overdue ? (
        <Chip size="small" color="error" label={translate('app.tickets.overdue')} data-testid="overdue" />
      ) : null}
    </Stack>
  );
};

/** `#12`: the ticket's platform-wide number. */
export const TicketNumberField = (_props: { label?: string; source?: string }) => {
  const record = useRecordContext<{ number?: number }>();
  if (record?.number == null) return null;
  return (
    <Typography component="span" variant="body2">
      #{record.number}
    </Typography>
  );
};

/** The author's name and e-mail. */
export const TicketAuthorField = (_props: { label?: string; source?: string }) => {
  const record = useRecordContext<{ author?: Thread['author'] }>();
  if (!record?.author) return null;
  const { firstName, lastName, email } = record.author;
  return (
    <Box component="span">
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {`${firstName} ${lastName}`.trim()}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary">
        {email}
      </Typography>
    </Box>
  );
};

/** The thread, oldest first: the support team's answers set apart from the author's messages. */
export const TicketMessages = ({ messages }: { messages: Message[] }) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <ThreadMessages
      messages={messages}
      label={translate('app.tickets.thread')}
      author={(m, staff) => (
        <>
          <Typography variant="subtitle2" component="span">
            {`${m.author.firstName} ${m.author.lastName}`.trim()}
          </Typography>
          {staff ? <Chip size="small" color="primary" label={translate('app.tickets.staff')} /> : null}
        </>
      )}
      time={(iso) => formatDate(iso, locale, true) ?? ''}
    />
  );
};

/**
 * The reply box under a thread (POST /api/tickets/{id}/messages). A closed ticket takes no reply;
 * after sending, the ticket is read again (its status may have moved).
 */
export const TicketReplyForm = ({ ticket }: { ticket: Thread & { id?: string | number } }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (message: string) => dataProvider.replyToTicket(ticket._id, message),
    onSuccess: (answer) => {
      setText('');
      setFieldError(null);
      queryClient.setQueriesData({ queryKey: ['tickets', 'getOne'] }, (old: unknown) =>
        (old as { id?: unknown } | undefined)?.id === answer.data.id ? answer.data : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['tickets'] });
      notify('app.tickets.sent', { type: 'success' });
    },
    onError: (error) => {
      setFieldError(fieldErrors(error)?.message ?? null);
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    },
  });
  if (ticket.status === 'closed') {
    return <Alert severity="info">{translate('app.tickets.closed_notice')}</Alert>;
  }
  const tooLong = text.length > TICKET_LIMITS.message;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setFieldError(translate('app.tickets.message_required'));
      return;
    }
    if (!tooLong) send.mutate(text);
  };
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <TextField
        label={translate('app.tickets.reply_label')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setFieldError(null);
        }}
        multiline
        minRows={3}
        fullWidth
        error={!!fieldError || tooLong}
        helperText={
          fieldError ??
          (tooLong ? translate('app.tickets.message_too_long') : `${text.length} / ${TICKET_LIMITS.message}`)
        }
      />
      <Button
        type="submit"
        variant="contained"
        label="app.tickets.send"
        disabled={send.isPending}
        sx={{ mt: 1 }}
      >
        <SendIcon />
      </Button>
    </Box>
  );
};
