import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isOverdue } from '../../../src-shared/rules/workingDays';
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

const isStaff = (role: string) => role === 'admin' || role === 'superadmin';

/** The conversation, oldest first: the support team's answers set apart from the investor's. */
export function TicketMessages({ messages }: { messages: TicketThread['messages'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      component="ol"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('investor.ticketPages.thread')}
    >
      {messages.map((m) => {
        const staff = isStaff(m.author.role);
        return (
          <Paper
            key={m._id}
            component="li"
            variant="outlined"
            sx={{
              p: 2,
              ml: staff ? 0 : { xs: 2, sm: 6 },
              mr: staff ? { xs: 2, sm: 6 } : 0,
              bgcolor: staff ? 'action.hover' : 'background.paper',
            }}
          >
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="subtitle2" component="span">
                {staff ? t('investor.ticketPages.staff') : t('investor.ticketPages.you')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="span">
                {formatDateTime(m.createdAt, i18n.language)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Typography>
          </Paper>
        );
      })}
    </Stack>
  );
}
