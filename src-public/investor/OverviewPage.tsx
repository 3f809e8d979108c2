import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/session/AuthProvider';
import { Page } from '../components/Page';
import { euros, formatDate, formatDateTime } from '../lib/format';
import { useInvestorDashboard } from './api';
import {
  countText,
  SignedAmount,
  SummaryCard,
  TableSection,
  ticketKey,
  transactionLabel,
  transactionNote,
} from './dashboardParts';
import { InvestmentStatusChip } from './StatusChip';
import { QueryStatus } from './QueryStatus';

/**
 * /user/overview (spec 2.5) from GET /api/dashboard/investor: the greeting with first name and last
 * login, the six summary cards (Balance links to /user/funding, Active Investments to
 * /user/investments, Open Tickets to /user/tickets), the 5 newest investments, the 10 newest ledger
 * rows (note, date, balance before, signed amount in red or green) and the 5 newest tickets, each
 * with the spec's empty text. Money in euros with two decimals, a dash for a missing number.
 */
export function OverviewPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user } = useAuth();
  const { data, isPending, error } = useInvestorDashboard();

  const firstName = data?.firstName ?? user?.firstName ?? '';
  const lastLoginAt = data ? data.lastLoginAt : user?.lastLoginAt;

  return (
    <Page title={t('investor.overview.greeting', { name: firstName })}>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('investor.overview.lastLogin', { date: formatDateTime(lastLoginAt, lang) })}
      </Typography>
      <QueryStatus
        pending={isPending}
        loading={t('investor.overview.loading')}
        failed={error ? t('investor.overview.failed') : null}
        mt={2}
      />

      <Grid container spacing={2} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.balance')}
            value={euros(data?.balance, lang)}
            to="/user/funding"
            linkLabel={t('investor.overview.addFunds')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.activeInvestments')}
            value={countText(data?.activeInvestments, lang)}
            to="/user/investments"
            linkLabel={t('investor.overview.viewInvestments')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.expectedReturns')}
            value={euros(data?.expectedReturns, lang)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label={t('investor.overview.profitEarned')} value={euros(data?.profitEarned, lang)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.repaidVentures')}
            value={countText(data?.repaidVentures, lang)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard
            label={t('investor.overview.openTickets')}
            value={countText(data?.openTickets, lang)}
            to="/user/tickets"
            linkLabel={t('investor.overview.viewTickets')}
          />
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
        items={data?.investments.map((item) => ({
          key: item._id,
          primary: item.venture?._id ? (
            <Link component={RouterLink} to={`/ventures/${encodeURIComponent(item.venture._id)}`}>
              {item.venture.title || t('investor.investments.untitled')}
            </Link>
          ) : (
            t('investor.investments.untitled')
          ),
          figure: euros(item.amount, lang),
          secondary: (
            <>
              <InvestmentStatusChip investment={item} />
              <span>
                {t('investor.columns.profitPaid')}: {euros(item.profitPaid, lang)}
              </span>
            </>
          ),
        }))}
        rows={data?.investments.map((item) => (
          <TableRow key={item._id}>
            <TableCell>
              {item.venture?._id ? (
                <Link component={RouterLink} to={`/ventures/${encodeURIComponent(item.venture._id)}`}>
                  {item.venture.title || t('investor.investments.untitled')}
                </Link>
              ) : (
                t('investor.investments.untitled')
              )}
            </TableCell>
            <TableCell align="right">{euros(item.amount, lang)}</TableCell>
            <TableCell align="right">{euros(item.profitPaid, lang)}</TableCell>
            <TableCell>
              <InvestmentStatusChip investment={item} />
            </TableCell>
          </TableRow>
        ))}
        footer={
          data && data.investments.length > 0 ? (
            <Link component={RouterLink} to="/user/investments" sx={{ display: 'inline-block', mt: 1 }}>
              {t('investor.overview.allInvestments')}
            </Link>
          ) : null
        }
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
        items={data?.transactions.map((row, index) => {
          const note = transactionNote(row);
          return {
            key: `${row.at}-${index}`,
            primary: transactionLabel(t, row),
            figure: <SignedAmount value={row.amount} language={lang} />,
            secondary: (
              <>
                <span>{formatDate(row.at, lang)}</span>
                {note ? <span>{note}</span> : null}
              </>
            ),
          };
        })}
        rows={data?.transactions.map((row, index) => {
          const note = transactionNote(row);
          return (
            <TableRow key={`${row.at}-${index}`}>
              <TableCell>
                {transactionLabel(t, row)}
                {note ? (
                  <Box
                    component="span"
                    sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}
                  >
                    {note}
                  </Box>
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.at, lang)}</TableCell>
              <TableCell align="right">{euros(row.balanceBefore, lang)}</TableCell>
              <TableCell align="right">
                <SignedAmount value={row.amount} language={lang} />
              </TableCell>
            </TableRow>
          );
        })}
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
        items={data?.tickets.map((ticket) => ({
          key: ticket._id,
          primary: (
            <Link component={RouterLink} to={`/user/tickets/${encodeURIComponent(ticket._id)}`}>
              {ticket.subject}
            </Link>
          ),
          figure: formatDate(ticket.createdAt, lang),
          secondary: (
            <>
              <span>{t(ticketKey('status', ticket.status), { defaultValue: ticket.status })}</span>
              <span>{t(ticketKey('category', ticket.category), { defaultValue: ticket.category })}</span>
            </>
          ),
        }))}
        rows={data?.tickets.map((ticket) => (
          <TableRow key={ticket._id}>
            <TableCell>
              <Link component={RouterLink} to={`/user/tickets/${encodeURIComponent(ticket._id)}`}>
                {ticket.subject}
              </Link>
            </TableCell>
            <TableCell>
              {t(ticketKey('category', ticket.category), { defaultValue: ticket.category })}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(ticket.createdAt, lang)}</TableCell>
            <TableCell>{t(ticketKey('status', ticket.status), { defaultValue: ticket.status })}</TableCell>
          </TableRow>
        ))}
        footer={
          <Link component={RouterLink} to="/user/tickets" sx={{ display: 'inline-block', mt: 1 }}>
            {t('investor.overview.allTickets')}
          </Link>
        }
      />
    </Page>
  );
}

export function Component() {
  return <OverviewPage />;
}
