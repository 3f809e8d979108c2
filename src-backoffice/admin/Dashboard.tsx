import {
  Alert,
  Box,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
import { Figure, MonthlyAmounts, Section } from '../components/Overview';
import type { BackofficeDataProvider } from '../providers/dataProvider';
import { ServicingOverview } from './ServicingOverview';

/** How many waiting ventures and verifications the overview lists. */
export const WAITING_ROWS = 5;

export const adminOverviewKey = ['admin', 'overview'] as const;

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
    filter: { adminStatus: 'pending', submitted: 'true' },
  });
  const underReview = useGetList<WaitingVenture>('ventures', {
    ...oldestFirst,
    filter: { adminStatus: 'under-review', submitted: 'true' },
  });
  const rows = [...(pending.data ?? []), ...(underReview.data ?? [])]
    .sort(byCreatedAt)
    .slice(0, WAITING_ROWS);
  const listOf = (adminStatus: string) =>
    `${createPath({ resource: 'ventures', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ adminStatus, submitted: 'true' }))}`;
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
 * the ventures and verifications waiting for review; loan servicing (ServicingOverview.tsx): the
 * business date and its last close of business, money overdue and loans by status.
 */
export const AdminDashboard = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const createPath = useCreatePath();
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
    // The ticket figures open the tickets list (complaints: that category, oldest deadline first).
    [
      'app.overview.admin.open_tickets',
      <Link key="open" to={createPath({ resource: 'tickets', type: 'list' })}>
        {count(data?.openTickets)}
      </Link>,
    ],
    [
      'app.overview.admin.complaints_due_soon',
      <Link
        key="due"
        to={`${createPath({ resource: 'tickets', type: 'list' })}?filter=${encodeURIComponent(
          JSON.stringify({ category: 'complaint' }),
        )}`}
      >
        {count(data?.complaintsDueSoon)}
      </Link>,
    ],
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
      <ServicingOverview data={data} loading={isPending} />
      <Box sx={{ mb: 2 }}>
        <MonthlyAmounts
          rows={data?.investedByMonth}
          keys={{
            title: 'app.overview.admin.invested_by_month',
            caption: 'app.overview.admin.chart_caption',
            series: 'app.overview.admin.invested',
            colMonth: 'app.overview.admin.col_month',
            colAmount: 'app.overview.admin.col_amount',
          }}
        />
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
