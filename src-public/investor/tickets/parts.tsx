import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isOverdue } from '../../../src-shared/rules/workingDays';
import { ThreadMessages } from '../../../src-shared/tickets/ThreadMessages';
import { formatDate, formatDateTime } from '../../lib/format';
import { ticketKey } from '../dashboardParts';
import type { TicketThread } from './api';

/** Badge colours whose white text meets AA contrast. */
const STATUS_COLORS: Record<string, 'primary' | 'secondary' | 'success' | 'default'> = {
  open: 'primary',
  in_progress: 'secondary',
  resolved: 'success',
  closed: 'default',
};

export function TicketStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      label={t(ticketKey('status', status), { defaultValue: status })}
    />
  );
}

/** A complaint's deadline ('-' for other tickets), with "Overdue" while it waits past it. */
export function RespondBy({ ticket }: { ticket: { status: string; respondBy: string | null } }) {
  const { t, i18n } = useTranslation();
  if (!ticket.respondBy) return <>-</>;
  const overdue = isOverdue(ticket, new Date());
  return (
    <>
      {formatDate(ticket.respondBy, i18n.language)}
      {overdue ? (
        <Chip size="small" color="error" label={t('investor.ticketPages.overdue')} sx={{ ml: 1 }} />
      ) : null}
    </>
  );
}

/** The conversation, oldest first: the support team's answers set apart from the investor's. */
export function TicketMessages({ messages }: { messages: TicketThread['messages'] }) {
  const { t, i18n } = useTranslation();
  return (
    <ThreadMessages
      messages={messages}
      label={t('investor.ticketPages.thread')}
      author={(_message, staff) => (
        <Typography variant="subtitle2" component="span">
          {staff ? t('investor.ticketPages.staff') : t('investor.ticketPages.you')}
        </Typography>
      )}
      time={(iso) => formatDateTime(iso, i18n.language)}
    />
  );
}
