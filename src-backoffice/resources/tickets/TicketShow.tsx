import { Box, Card, CardContent, Grid, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import {
  Labeled,
  ListButton,
  Show,
  TopToolbar,
  useCanAccess,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { TICKET_STATUSES } from '../../../src-shared/constants/enums';
import { DateText } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { errorText } from '../../components/errors';
import type { TicketRecord } from '../../providers/resources/tickets';
import {
  RespondByField,
  TicketAuthorField,
  TicketMessages,
  TicketNumberField,
  TicketReplyForm,
} from './TicketParts';

/** The status (PATCH /api/admin/tickets/{id}), changed at once when another one is picked. */
export const TicketStatusControl = () => {
  const record = useRecordContext<TicketRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<TicketRecord>();
  const { canAccess } = useCanAccess({ resource: 'tickets', action: 'edit', record });
  if (!record || !canAccess) return null;
  return (
    <MuiTextField
      select
      size="small"
      label={translate('app.tickets.change_status')}
      value={record.status}
      disabled={isPending}
      sx={{ minWidth: 200 }}
      onChange={(event) =>
        update(
          'tickets',
          {
            id: record.id,
            data: { status: event.target.value as TicketRecord['status'] },
            previousData: record,
          },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('app.tickets.status_changed', { type: 'success' }),
            onError: (error) => notify(errorText(error, 'app.notification.save_failed'), { type: 'error' }),
          },
        )
      }
    >
      {TICKET_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {translate(`app.enums.ticketStatus.${status}`)}
        </MenuItem>
      ))}
    </MuiTextField>
  );
};

const Actions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** The ticket's facts, its thread and the reply box; `admin` adds the status control and the author. */
export const TicketDetails = ({ admin }: { admin: boolean }) => {
  const record = useRecordContext<TicketRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        #{record.number} {record.subject}
      </Typography>
      <Grid container spacing={2} sx={{ my: 1 }}>
        <Grid size={{ xs: 6, md: 2 }}>
          <Labeled source="number">
            <TicketNumberField />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Labeled source="category">
            <EnumField source="category" enumName="ticketCategory" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Labeled source="status">
            <EnumField source="status" enumName="ticketStatus" />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Labeled source="createdAt">
            <DateText source="createdAt" showTime />
          </Labeled>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Labeled source="respondBy">
            <RespondByField />
          </Labeled>
        </Grid>
        {admin ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <Labeled source="author">
              <TicketAuthorField />
            </Labeled>
          </Grid>
        ) : null}
        {admin ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <TicketStatusControl />
          </Grid>
        ) : null}
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {translate('app.tickets.thread')}
      </Typography>
      <TicketMessages messages={record.messages ?? []} />
      <Card variant="outlined" sx={{ mt: 2 }}>
        <CardContent>
          <TicketReplyForm ticket={record} />
        </CardContent>
      </Card>
    </Box>
  );
};

/** One ticket for an admin: facts, author, status, the thread and a reply (which e-mails the author). */
export const TicketShow = () => (
  // Always from the server: a list row has no thread.
  <Show<TicketRecord> actions={<Actions />} queryOptions={{ staleTime: 0 }}>
    <TicketDetails admin />
  </Show>
);
