import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session/AuthProvider';
import { useBalance } from '../auth/session/BalanceProvider';
import { Page } from '../components/Page';
import { euros, formatDate, formatDateTime } from '../lib/format';
import {
  SAMPLE_INVESTMENTS,
  SAMPLE_TICKETS,
  SAMPLE_TRANSACTIONS,
  TICKET_CATEGORY_KEYS,
  TICKET_STATUS_KEYS,
  type SampleInvestment,
  type SampleTicket,
  type SampleTransaction,
} from './sampleData';
import { InvestmentStatusChip } from './StatusChip';

function SummaryCard({
  label,
  value,
  to,
  linkLabel,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  linkLabel?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, mt: 0.5 }}>{value}</Typography>
        {to && linkLabel ? (
          <Link component={RouterLink} to={to} variant="body2">
            {linkLabel}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

interface Column {
  label: string;
  align?: 'right';
}

/**
 * A titled list of the dashboard: a small outlined table with the given column headings and rows, or
 * the `empty` line when there are no rows.
 */
function TableSection({
  id,
  title,
  empty,
  columns,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  columns: readonly Column[];
  rows: ReactNode[];
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.label} align={column.align}>
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{rows}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/**
 * The investor dashboard (spec 2.5): greeting with first name and last login, summary cards and
 * three lists. Apart from the balance (the shell already knows it) the figures are the spec's fixed
 * sample data, clearly labelled as such.
 */
export function OverviewPage({
  investments = SAMPLE_INVESTMENTS,
  transactions = SAMPLE_TRANSACTIONS,
  tickets = SAMPLE_TICKETS,
}: {
  investments?: readonly SampleInvestment[];
  transactions?: readonly SampleTransaction[];
  tickets?: readonly SampleTicket[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user } = useAuth();
  const { balance } = useBalance();

  const active = investments.filter((item) => item.status === 'invested');
  const expected = active.reduce((sum, item) => sum + item.expectedReturn, 0);
  const profit = investments.reduce((sum, item) => sum + item.profitPaid, 0);
  const repaid = investments.filter((item) => item.status === 'repaid').length;
  const openTickets = tickets.filter((ticket) => ticket.status !== 'Closed').length;

  return (
    <Page title={t('investor.overview.greeting', { name: user?.firstName ?? '' })}>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('investor.overview.lastLogin', { date: formatDateTime(user?.lastLoginAt, lang) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontStyle: 'italic' }}>
        {t('investor.overview.sampleNote')}
      </Typography>

      <Grid container spacing={2} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.balance')}
            value={euros(balance, lang)}
            to="/dashboard/funding"
            linkLabel={t('investor.overview.addFunds')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.activeInvestments')}
            value={active.length}
            to="/dashboard/investments"
            linkLabel={t('investor.overview.viewInvestments')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label={t('investor.overview.expectedReturns')} value={euros(expected, lang)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label={t('investor.overview.profitEarned')} value={euros(profit, lang)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label={t('investor.overview.repaidVentures')} value={repaid} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label={t('investor.overview.openTickets')} value={openTickets} />
        </Grid>
      </Grid>

      <TableSection
        id="overview-investments"
        title={t('investor.overview.investmentsTitle')}
        empty={t('investor.overview.noInvestments')}
        columns={[
          { label: t('investor.columns.venture') },
          { label: t('investor.columns.amount'), align: 'right' },
          { label: t('investor.columns.profitPaid'), align: 'right' },
          { label: t('investor.columns.status') },
        ]}
        rows={investments.map((item) => (
          <TableRow key={item.venture}>
            <TableCell>{item.venture}</TableCell>
            <TableCell align="right">{euros(item.amount, lang)}</TableCell>
            <TableCell align="right">{euros(item.profitPaid, lang)}</TableCell>
            <TableCell>
              <InvestmentStatusChip status={item.status} />
            </TableCell>
          </TableRow>
        ))}
      />

      <TableSection
        id="overview-transactions"
        title={t('investor.overview.transactionsTitle')}
        empty={t('investor.overview.noTransactions')}
        columns={[
          { label: t('investor.columns.note') },
          { label: t('investor.columns.date') },
          { label: t('investor.columns.balanceBefore'), align: 'right' },
          { label: t('investor.columns.amount'), align: 'right' },
        ]}
        rows={transactions.map((item) => (
          <TableRow key={`${item.changedAt}-${item.noteKey}`}>
            <TableCell>{t(item.noteKey, { venture: item.venture })}</TableCell>
            <TableCell>{formatDate(item.changedAt, lang)}</TableCell>
            <TableCell align="right">{euros(item.balanceBefore, lang)}</TableCell>
            <TableCell
              align="right"
              sx={{ fontWeight: 700, color: item.amount < 0 ? 'error.dark' : 'success.dark' }}
            >
              {item.amount > 0 ? '+' : ''}
              {euros(item.amount, lang)}
            </TableCell>
          </TableRow>
        ))}
      />

      <TableSection
        id="overview-tickets"
        title={t('investor.overview.ticketsTitle')}
        empty={t('investor.overview.noTickets')}
        columns={[
          { label: t('investor.columns.subject') },
          { label: t('investor.columns.category') },
          { label: t('investor.columns.date') },
          { label: t('investor.columns.status') },
        ]}
        rows={tickets.map((ticket) => (
          <TableRow key={ticket.subjectKey}>
            <TableCell>{t(ticket.subjectKey)}</TableCell>
            <TableCell>{t(TICKET_CATEGORY_KEYS[ticket.category])}</TableCell>
            <TableCell>{formatDate(ticket.createdAt, lang)}</TableCell>
            <TableCell>{t(TICKET_STATUS_KEYS[ticket.status])}</TableCell>
          </TableRow>
        ))}
      />
    </Page>
  );
}

export function Component() {
  return <OverviewPage />;
}
