import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
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
import { lazy, Suspense, useId, type ReactNode } from 'react';
import {
  Link,
  Title,
  useCreatePath,
  useDataProvider,
  useGetList,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatEuros } from '../../src-shared/money';
import { formatDate } from '../components/DateText';
import type { BackofficeDataProvider } from '../providers/dataProvider';
import type { AdminOverview } from '../providers/resources/overview';

/** @mui/x-charts comes in its own chunk, after the figures have painted. */
const InvestedByMonthChart = lazy(() => import('./InvestedByMonthChart'));

/** How many waiting ventures and verifications the overview lists. */
export const WAITING_ROWS = 5;

export const adminOverviewKey = ['admin', 'overview'] as const;

/** Visually hidden, still read by screen readers. Lengths as strings: in `sx` a number up to 1 is a
 * fraction (width: 1 is 100%, which made the page wider than a phone). */
const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** 'YYYY-MM' -> 'Mar 2026' in the reader's language. */
const monthLabel = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const Figure = ({ label, value, loading }: { label: string; value: ReactNode; loading: boolean }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {translate(label)}
        </Typography>
        <Typography variant="h5" component="p">
          {loading ? <Skeleton width="60%" /> : value}
        </Typography>
      </CardContent>
    </Card>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};

/** Money invested per month: the bar chart, with a caption and a (visually hidden) table of the
 * same numbers as its text alternative. */
const InvestedByMonth = ({ overview }: { overview: AdminOverview | undefined }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = (value: number) => formatEuros(value, locale);
  const compact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const rows = overview?.investedByMonth ?? [];
  const total = rows.reduce((sum, row) => sum + row.amount, 0);
  const caption = translate('app.overview.admin.chart_caption', {
    total: money(Math.round(total * 100) / 100),
  });
  const months = rows.map((row) => monthLabel(row.month, locale));
  const captionId = useId();
  return (
    <Section title="app.overview.admin.invested_by_month">
      <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
        {overview ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
            <InvestedByMonthChart
              months={months}
              amounts={rows.map((row) => row.amount)}
              seriesLabel={translate('app.overview.admin.invested')}
              title={translate('app.overview.admin.invested_by_month')}
              description={caption}
              formatAmount={money}
              formatTick={(value) => compact.format(value)}
            />
          </Suspense>
        ) : (
          <Skeleton variant="rectangular" height={280} />
        )}
        <Typography id={captionId} component="figcaption" variant="body2" color="text.secondary">
          {caption}
        </Typography>
        <Table size="small" sx={hidden}>
          <caption>{translate('app.overview.admin.invested_by_month')}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{translate('app.overview.admin.col_month')}</TableCell>
              <TableCell scope="col">{translate('app.overview.admin.col_amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={row.month}>
                <TableCell scope="row">{months[i]}</TableCell>
                <TableCell>{money(row.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
};

type WaitingVenture = RaRecord & { title?: string; adminStatus?: string; createdAt?: string };
type WaitingVerification = RaRecord & {
  user?: { id: string; firstName: string; lastName: string; email: string };
  submittedAt?: string | null;
};

const byCreatedAt = (a: WaitingVenture, b: WaitingVenture) =>
  String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? ''));

/** The oldest ventures pending or under review, each linking to its page. */
const WaitingVentures = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [locale] = useLocaleState();
  const oldestFirst = {
    sort: { field: 'createdAt', order: 'ASC' as const },
    pagination: { page: 1, perPage: WAITING_ROWS },
  };
  const pending = useGetList<WaitingVenture>('ventures', {
    ...oldestFirst,
    filter: { adminStatus: 'pending' },
  });
  const underReview = useGetList<WaitingVenture>('ventures', {
    ...oldestFirst,
    filter: { adminStatus: 'under-review' },
  });
  const rows = [...(pending.data ?? []), ...(underReview.data ?? [])]
    .sort(byCreatedAt)
    .slice(0, WAITING_ROWS);
  const listOf = (adminStatus: string) =>
    `${createPath({ resource: 'ventures', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ adminStatus }))}`;
  const loading = pending.isPending || underReview.isPending;
  return (
    <Section title="app.overview.admin.waiting_ventures">
      {pending.error || underReview.error ? (
        <Alert severity="error">{translate('app.overview.admin.list_error')}</Alert>
      ) : loading ? (
        <Skeleton variant="rectangular" height={120} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{translate('app.overview.admin.no_waiting_ventures')}</Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((venture) => (
            <ListItem key={venture.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={createPath({ resource: 'ventures', id: venture.id, type: 'show' })}
              >
                <ListItemText
                  primary={venture.title}
                  secondary={translate('app.overview.admin.created', {
                    date: formatDate(venture.createdAt, locale) ?? '-',
                  })}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate(`app.enums.adminStatus.${venture.adminStatus}`, {
                    _: venture.adminStatus,
                  })}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Link to={listOf('pending')}>
          {translate('app.overview.admin.all_pending', { count: pending.total ?? 0 })}
        </Link>
        <Link to={listOf('under-review')}>
          {translate('app.overview.admin.all_under_review', { count: underReview.total ?? 0 })}
        </Link>
      </Stack>
    </Section>
  );
};

/** The verifications waiting longest, each linking to the person's verification. */
const WaitingVerifications = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [locale] = useLocaleState();
  const { data, total, isPending, error } = useGetList<WaitingVerification>('kyc', {
    filter: { status: 'pending' },
    sort: { field: 'submittedAt', order: 'ASC' },
    pagination: { page: 1, perPage: WAITING_ROWS },
  });
  const rows = data ?? [];
  const all = `${createPath({ resource: 'kyc', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`;
  return (
    <Section title="app.overview.admin.waiting_verifications">
      {error ? (
        <Alert severity="error">{translate('app.overview.admin.list_error')}</Alert>
      ) : isPending ? (
        <Skeleton variant="rectangular" height={120} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">
          {translate('app.overview.admin.no_waiting_verifications')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((row) => {
            const userId = row.user?.id ?? row.id;
            const name = [row.user?.firstName, row.user?.lastName].filter(Boolean).join(' ');
            return (
              <ListItem key={row.id} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={createPath({ resource: 'kyc', id: userId, type: 'show' })}
                >
                  <ListItemText
                    primary={name || row.user?.email}
                    secondary={[
                      row.user?.email,
                      translate('app.overview.admin.submitted', {
                        date: formatDate(row.submittedAt, locale) ?? '-',
                      }),
                    ].join(' · ')}
                    slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <Box sx={{ mt: 1 }}>
        <Link to={all}>{translate('app.overview.admin.all_verifications', { count: total ?? 0 })}</Link>
      </Box>
    </Section>
  );
};

/**
 * The admin overview (issue 13, contract "Dashboards"), at /admin, /admin/overview and
 * /admin/dashboard: the platform's figures (GET /api/admin/overview), money invested per month, and
 * the ventures and verifications waiting for review.
 */
export const AdminDashboard = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: adminOverviewKey,
    queryFn: () => dataProvider.getAdminOverview(),
  });
  const money = (value: number | undefined) => (value === undefined ? '-' : formatEuros(value, locale));
  const count = (value: number | undefined) =>
    value === undefined ? '-' : new Intl.NumberFormat(locale).format(value);
  const figures: [string, ReactNode][] = [
    ['app.overview.admin.invested', money(data?.invested)],
    ['app.overview.admin.held_in_balances', money(data?.heldInBalances)],
    ['app.overview.admin.in_escrow', money(data?.inEscrow)],
    ['app.overview.admin.sign_ups_30d', count(data?.signUps30d)],
    ['app.overview.admin.ventures_awaiting_review', count(data?.venturesAwaitingReview)],
    ['app.overview.admin.verifications_awaiting_review', count(data?.verificationsAwaitingReview)],
    ['app.overview.admin.open_tickets', count(data?.openTickets)],
    ['app.overview.admin.complaints_due_soon', count(data?.complaintsDueSoon)],
  ];

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="app.menu.overview" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.admin.dashboard_title')}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.overview.admin.load_error')}
        </Alert>
      ) : null}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {figures.map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }}>
            <Figure label={label} value={value} loading={isPending} />
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mb: 2 }}>
        <InvestedByMonth overview={data} />
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <WaitingVentures />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <WaitingVerifications />
        </Grid>
      </Grid>
    </Box>
  );
};
