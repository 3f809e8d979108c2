import {
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useAuthProvider, useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import type { BackofficeAuthProvider } from '../../providers/authProvider';
import { CORPORATE_SAMPLE } from './sampleOverview';

/** 'In Progress' -> 'in_progress' (translation key segment). */
const keyOf = (value: string) => value.toLowerCase().replace(/\s+/g, '_');

const SummaryCard = ({ label, value }: { label: string; value: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {translate(label)}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
};

const Section = ({
  title,
  empty,
  rows,
  head,
}: {
  title: string;
  empty: string;
  rows: ReactNode[];
  head: string[];
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{translate(empty)}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {head.map((key) => (
                    <TableCell key={key}>{translate(key)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>{rows}</TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

/** Corporate dashboard (spec 2.5): greeting, summary cards and three lists of fixed sample data. */
export const CorporateOverview = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const authProvider = useAuthProvider() as BackofficeAuthProvider | undefined;
  const { data: profile } = useQuery({
    queryKey: ['backoffice', 'profile', 'cached'],
    queryFn: async () => (await authProvider?.getProfile()) ?? null,
  });
  const sample = CORPORATE_SAMPLE;
  const money = (value: number) => formatEuros(value, locale);
  const active = sample.investments.filter((i) => i.status === 'invested').length;
  const repaid = sample.investments.filter((i) => i.status === 'repaid').length;
  const openTickets = sample.tickets.filter((t) => t.status !== 'Closed').length;
  const lastLogin = formatDate(profile?.lastLoginAt, locale, true);

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="app.menu.dashboard" />
      <Typography variant="h5" component="h1">
        {translate('app.overview.greeting', { name: profile?.firstName ?? '' })}
      </Typography>
      {lastLogin ? (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('app.overview.last_login', { date: lastLogin })}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {translate('app.overview.sample_notice')}
      </Typography>

      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label="app.overview.balance" value={money(sample.balance)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label="app.overview.active_investments" value={active} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label="app.overview.expected_returns" value={money(sample.expectedReturns)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label="app.overview.profit_earned" value={money(sample.profitEarned)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label="app.overview.repaid_ventures" value={repaid} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SummaryCard label="app.overview.open_tickets" value={openTickets} />
        </Grid>
      </Grid>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section
            title="app.overview.investments"
            empty="app.overview.no_investments"
            head={[
              'app.overview.col_venture',
              'app.overview.col_amount',
              'app.overview.col_profit_paid',
              'app.overview.col_status',
            ]}
            rows={sample.investments.map((row) => (
              <TableRow key={row.venture}>
                <TableCell>{row.venture}</TableCell>
                <TableCell>{money(row.amount)}</TableCell>
                <TableCell>{money(row.profitPaid)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate(`app.enums.investmentStatus.${row.status}`)}
                  />
                </TableCell>
              </TableRow>
            ))}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Section
            title="app.overview.transactions"
            empty="app.overview.no_transactions"
            head={[
              'app.overview.col_note',
              'app.overview.col_date',
              'app.overview.col_balance_before',
              'app.overview.col_amount',
            ]}
            rows={sample.transactions.map((row) => (
              <TableRow key={`${row.changedAt}-${row.note}`}>
                <TableCell>{translate(row.note)}</TableCell>
                <TableCell>{formatDate(row.changedAt, locale)}</TableCell>
                <TableCell>{money(row.balanceBefore)}</TableCell>
                <TableCell
                  sx={{ color: row.amount < 0 ? 'error.main' : 'success.main', whiteSpace: 'nowrap' }}
                >
                  {row.amount > 0 ? '+' : ''}
                  {money(row.amount)}
                </TableCell>
              </TableRow>
            ))}
          />
        </Grid>
        <Grid size={12}>
          <Section
            title="app.overview.tickets"
            empty="app.overview.no_tickets"
            head={[
              'app.overview.col_subject',
              'app.overview.col_category',
              'app.overview.col_date',
              'app.overview.col_status',
            ]}
            rows={sample.tickets.map((row) => (
              <TableRow key={row.subject}>
                <TableCell>{translate(row.subject)}</TableCell>
                <TableCell>{translate(`app.overview.ticket_category.${keyOf(row.category)}`)}</TableCell>
                <TableCell>{formatDate(row.createdAt, locale)}</TableCell>
                <TableCell>{translate(`app.overview.ticket_status.${keyOf(row.status)}`)}</TableCell>
              </TableRow>
            ))}
          />
        </Grid>
      </Grid>
    </Box>
  );
};
