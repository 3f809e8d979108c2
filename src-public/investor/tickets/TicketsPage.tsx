import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES } from '../../../src-shared/constants/enums';
import { Page } from '../../components/Page';
import { formatDate } from '../../lib/format';
import { ticketKey } from '../dashboardParts';
import { useMyTickets, type TicketStatusFilter } from './api';
import { RespondBy, TicketStatusChip } from './parts';
import { QueryStatus } from '../QueryStatus';

const FILTERS: TicketStatusFilter[] = ['all', ...TICKET_STATUSES];

const asFilter = (value: string | null): TicketStatusFilter =>
  FILTERS.includes(value as TicketStatusFilter) ? (value as TicketStatusFilter) : 'all';

/**
 * /user/tickets: the investor's support tickets, newest first, filtered by status (kept in the
 * address), with New ticket; each subject opens the ticket's conversation.
 */

/** Columns shown from 600 px; on a phone their facts go under the subject. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function TicketsPage() {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const status = asFilter(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, isPending, error } = useMyTickets(status, page);
  const rows = data?.data ?? [];
  const pages = data?.pagination.totalPages ?? 0;

  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('status');
    else next.set('status', value);
    next.delete('page');
    setParams(next);
  };

  return (
    <Page title={t('investor.ticketPages.title')} intro={t('investor.ticketPages.intro')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 3 }}>
        <TextField
          select
          size="small"
          label={t('investor.ticketPages.statusFilter')}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          {FILTERS.map((value) => (
            <MenuItem key={value} value={value}>
              {value === 'all' ? t('investor.ticketPages.allStatuses') : t(ticketKey('status', value))}
            </MenuItem>
          ))}
        </TextField>
        <Button
          component={RouterLink}
          to="/user/tickets/new"
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ ml: { sm: 'auto' } }}
        >
          {t('investor.ticketPages.newTicket')}
        </Button>
      </Box>
      <QueryStatus
        pending={isPending}
        loading={t('investor.ticketPages.loading')}
        failed={error ? t('investor.ticketPages.failed') : null}
      />
      {data && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          {status === 'all' ? t('investor.overview.noTickets') : t('investor.ticketPages.noneWithStatus')}
        </Typography>
      ) : null}
      {rows.length > 0 ? (
        <TableContainer component={Paper} variant="outlined" sx={{ mt: 3 }}>
          <Table aria-label={t('investor.ticketPages.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('investor.ticketPages.number')}</TableCell>
                <TableCell>{t('investor.columns.subject')}</TableCell>
                <TableCell sx={wide}>{t('investor.columns.category')}</TableCell>
                <TableCell>{t('investor.columns.status')}</TableCell>
                <TableCell sx={wide}>{t('investor.ticketPages.respondBy')}</TableCell>
                <TableCell sx={wide}>{t('investor.ticketPages.opened')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((ticket) => (
                <TableRow key={ticket._id}>
                  <TableCell>#{ticket.number}</TableCell>
                  <TableCell sx={{ overflowWrap: 'break-word', minWidth: '9rem' }}>
                    <Link component={RouterLink} to={`/user/tickets/${encodeURIComponent(ticket._id)}`}>
                      {ticket.subject}
                    </Link>
                    {/* On a phone the hidden columns' facts, under the subject. */}
                    {phone ? (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                        {`${t(ticketKey('category', ticket.category))} · ${formatDate(ticket.createdAt, lang)}`}
                        {ticket.respondBy ? (
                          <>
                            {` · ${t('investor.ticketPages.respondBy')} `}
                            <RespondBy ticket={ticket} />
                          </>
                        ) : null}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={wide}>{t(ticketKey('category', ticket.category))}</TableCell>
                  <TableCell>
                    <TicketStatusChip status={ticket.status} />
                  </TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
                    <RespondBy ticket={ticket} />
                  </TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>
                    {formatDate(ticket.createdAt, lang)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {pages > 1 ? (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_event, value) => {
            const next = new URLSearchParams(params);
            next.set('page', String(value));
            setParams(next);
          }}
          getItemAriaLabel={(type, value) =>
            type === 'page'
              ? t('investor.ticketPages.pageN', { page: value })
              : t(`investor.ticketPages.${type === 'next' ? 'nextPage' : 'previousPage'}`)
          }
        />
      ) : null}
    </Page>
  );
}

export { TicketsPage as Component };
