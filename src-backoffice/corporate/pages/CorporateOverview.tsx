import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Grid,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Title, useCreatePath, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { FundingTrack } from '../../../src-shared/charts/FundingTrack';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { formatBusinessDate } from '../ventures/servicing';
import { Figure, MonthlyAmounts, Section } from '../../components/Overview';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { CorporateOverview as Figures } from '../../providers/resources/overview';

export const corporateOverviewKey = ['corporate', 'overview'] as const;

/** The order and labels of the ventures-by-status chips. */
const VENTURE_STATES = ['draft', 'pendingReview', 'live', 'funded', 'repaid', 'rejected'] as const;

/** A plain table with a header row, or the empty text. */
const Rows = ({ head, empty, children }: { head: string[]; empty: string; children: ReactNode[] }) => {
  const translate = useTranslate();
  if (children.length === 0) return <Typography color="text.secondary">{translate(empty)}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((key) => (
              <TableCell key={key} scope="col">
                {translate(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
};

/**
 * The next payment due across the company's running loans (issue 24): the venture, the date and the
 * amount, with a link to the venture's page where it can be paid. Nothing while no loan runs.
 */
const NextPayment = ({
  payment,
  loading,
}: {
  payment: Figures['nextPayment'] | undefined;
  loading: boolean;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  if (loading || !payment) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 2 }}
      aria-labelledby="next-payment-title"
      role="region"
    >
      <AlertTitle id="next-payment-title">{translate('app.overview.corporate.next_payment')}</AlertTitle>
      {translate('app.overview.corporate.next_payment_text', {
        amount: formatEuros(payment.amount, locale),
        date: formatBusinessDate(payment.dueDate, locale),
      })}{' '}
      <Link to={createPath({ resource: 'ventures', type: 'show', id: payment.ventureId })}>
        {payment.title}
      </Link>
    </Alert>
  );
};

/**
 * The corporate overview (spec 2.5 and 2.6; contract "Dashboards"): the company's own figures from
 * GET /api/dashboard/corporate in one call: greeting, balance, ventures by status, money raised
 * against the targets, investors, money raised per month, the latest investments into its ventures
 * (amount and date; investors stay anonymous), its support tickets, and the next loan payment due.
 */
export const CorporateOverview = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data, isPending, error } = useQuery<Figures>({
    queryKey: corporateOverviewKey,
    queryFn: () => dataProvider.getCorporateOverview(),
  });
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.overview.corporate.${key}`, options);
  const money = (value: number | undefined) => (value === undefined ? '-' : formatEuros(value, locale));
  const count = (value: number | undefined) =>
    value === undefined ? '-' : new Intl.NumberFormat(locale).format(value);
  const lastLogin = formatDate(data?.lastLoginAt, locale, true);
  const totalVentures = data ? VENTURE_STATES.reduce((sum, key) => sum + data.ventures[key], 0) : undefined;
  const share = data && data.target > 0 ? Math.min(1, data.raised / data.target) : 0;
  const tickets = data?.tickets ?? [];

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="app.menu.dashboard" />
      <Typography variant="h5" component="h1">
        {data
          ? translate('app.overview.greeting', { name: data.firstName })
          : translate('app.menu.dashboard')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {lastLogin ? translate('app.overview.last_login', { date: lastLogin }) : '\u00a0'}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('load_error')}
        </Alert>
      ) : null}

      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure label="app.overview.balance" value={money(data?.balance)} loading={isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="app.overview.corporate.ventures"
            loading={isPending}
            value={
              <>
                {count(totalVentures)}
                <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', mt: 1 }}>
                  {VENTURE_STATES.map((key) => (
                    <Chip
                      key={key}
                      size="small"
                      variant="outlined"
                      label={`${t(`state.${key}`)}: ${count(data?.ventures[key])}`}
                    />
                  ))}
                </Stack>
              </>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="app.overview.corporate.raised"
            loading={isPending}
            value={
              <>
                {money(data?.raised)}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {t('of_target', { target: money(data?.target), percent: Math.round(share * 100) })}
                </Typography>
                <FundingTrack
                  percent={share * 100}
                  height={6}
                  sx={{ mt: 1 }}
                  role="progressbar"
                  aria-label={t('raised_progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(share * 100)}
                />
              </>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label="app.overview.corporate.investors"
            value={count(data?.investors)}
            loading={isPending}
          />
        </Grid>
      </Grid>

      <NextPayment payment={data?.nextPayment} loading={isPending} />

      <Box sx={{ mb: 2 }}>
        <MonthlyAmounts
          rows={data?.raisedByMonth}
          keys={{
            title: 'app.overview.corporate.raised_by_month',
            caption: 'app.overview.corporate.chart_caption',
            series: 'app.overview.corporate.raised',
            colMonth: 'app.overview.admin.col_month',
            colAmount: 'app.overview.admin.col_amount',
          }}
        />
      </Box>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Section title="app.overview.corporate.recent_investments">
            {isPending ? (
              <Skeleton height={120} />
            ) : (
              <Rows
                empty="app.overview.corporate.no_investments"
                head={[
                  'app.overview.col_venture',
                  'app.overview.col_amount',
                  'app.overview.col_date',
                  'app.overview.col_status',
                ]}
              >
                {(data?.recentInvestments ?? []).map((row) => (
                  <TableRow key={row._id}>
                    <TableCell>
                      <Link to={createPath({ resource: 'ventures', type: 'show', id: row.ventureId })}>
                        {row.ventureTitle}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(row.amount)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(row.investmentDate, locale) ?? '-'}
                    </TableCell>
                    <TableCell>
                      {translate(`app.enums.investmentStatus.${row.status}`, { _: row.status })}
                    </TableCell>
                  </TableRow>
                ))}
              </Rows>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Section title="app.overview.tickets">
            {isPending ? (
              <Skeleton height={120} />
            ) : (
              <Rows
                empty="app.overview.no_tickets"
                head={[
                  'app.overview.col_subject',
                  'app.overview.col_category',
                  'app.overview.col_date',
                  'app.overview.col_status',
                ]}
              >
                {tickets.map((row) => (
                  <TableRow key={row._id}>
                    <TableCell>
                      <Link to={createPath({ resource: 'tickets', id: row._id, type: 'show' })}>
                        #{row.number} {row.subject}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {translate(`app.enums.ticketCategory.${row.category}`, { _: row.category })}
                    </TableCell>
                    <TableCell>{formatDate(row.createdAt, locale) ?? '-'}</TableCell>
                    <TableCell>
                      {translate(`app.enums.ticketStatus.${row.status}`, { _: row.status })}
                    </TableCell>
                  </TableRow>
                ))}
              </Rows>
            )}
          </Section>
        </Grid>
      </Grid>
    </Box>
  );
};
