import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatEuros } from '../../src-shared/money';
import { daysBetween } from '../../src-shared/rules/schedule';
import { errorText } from '../components/errors';
import { Figure, hidden, Section } from '../components/Overview';
import type { BackofficeDataProvider } from '../providers/dataProvider';
import type { AdminOverview } from '../providers/resources/overview';
import { formatDay } from '../resources/servicing/loanRules';

const BarsChart = lazy(() => import('../components/MonthlyAmountsChart'));

export const businessDateKey = ['admin', 'business-date'] as const;

/**
 * Move the business date forward (a superadmin, only when the server allows it): a date after the
 * current one, then a confirmation saying the close of business runs for every day passed.
 */
const MoveDate = ({ current }: { current: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date > current;
  const days = valid ? daysBetween(current, date) : 0;
  const move = async () => {
    setPending(true);
    try {
      const answer = await dataProvider.moveBusinessDate(date);
      notify(translate('app.servicing.business_date.moved', { date: formatDay(answer.date, locale) }), {
        type: 'success',
      });
      setConfirming(false);
      setDate('');
      // Every figure may have moved with the close of business.
      await queryClient.invalidateQueries();
    } catch (error) {
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) setConfirming(true);
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
        <TextField
          type="date"
          size="small"
          label={translate('app.servicing.business_date.new_date')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: current } }}
          helperText={translate('app.servicing.business_date.help')}
        />
        <Button type="submit" variant="outlined" disabled={!valid}>
          {translate('app.servicing.business_date.move')}
        </Button>
      </Stack>
      <Dialog
        open={confirming}
        onClose={pending ? undefined : () => setConfirming(false)}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{translate('app.servicing.business_date.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('app.servicing.business_date.confirm_text', {
              from: formatDay(current, locale),
              to: formatDay(date, locale),
              smart_count: days,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void move()} disabled={pending}>
            {translate('app.servicing.business_date.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};

/** The business date, the last close of business, and (superadmin, control on) the form to move it. */
export const BusinessDateCard = () => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { canAccess } = useCanAccess({ resource: 'business-date', action: 'edit' });
  const { data, isPending, error } = useQuery({
    queryKey: businessDateKey,
    queryFn: () => dataProvider.getBusinessDate(),
  });
  return (
    <Section title="app.servicing.business_date.title">
      {error ? (
        <Alert severity="error">{translate('app.servicing.business_date.load_error')}</Alert>
      ) : isPending ? (
        <Skeleton variant="rectangular" height={60} />
      ) : (
        <>
          <Typography variant="h5" component="p">
            {formatDay(data.date, locale)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {data.lastCob
              ? translate('app.servicing.business_date.last_cob', {
                  date: formatDay(data.lastCob.businessDate, locale),
                  started: data.lastCob.loansStarted,
                  aged: data.lastCob.loansAged,
                  defaults: data.lastCob.defaults,
                  lateInterest: formatEuros(data.lastCob.lateInterest, locale),
                })
              : translate('app.servicing.business_date.no_cob')}
          </Typography>
          {data.controlled ? (
            <Typography variant="body2" color="warning.main">
              {translate('app.servicing.business_date.controlled')}
            </Typography>
          ) : null}
          {data.controlled && canAccess ? <MoveDate current={data.date} /> : null}
        </>
      )}
    </Section>
  );
};

/** Loans per status: a bar chart of their number, with a table of the numbers and outstanding principal. */
export const LoansByStatus = ({
  rows,
}: {
  rows: NonNullable<AdminOverview['loansByStatus']> | undefined;
}) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const captionId = useId();
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const list = rows ?? [];
  const labels = list.map((row) =>
    translate(`app.enums.loanStatus.${row.loanStatus}`, { _: row.loanStatus }),
  );
  const caption = translate('app.servicing.overview.chart_caption', {
    smart_count: list.reduce((sum, row) => sum + row.loans, 0),
  });
  return (
    <Section title="app.servicing.overview.loans_by_status">
      <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
        {rows ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
            <BarsChart
              months={labels}
              amounts={list.map((row) => row.loans)}
              seriesLabel={translate('app.servicing.overview.loans')}
              title={translate('app.servicing.overview.loans_by_status')}
              description={caption}
              formatAmount={count}
              formatTick={count}
            />
          </Suspense>
        ) : (
          <Skeleton variant="rectangular" height={280} />
        )}
        <Typography id={captionId} component="figcaption" variant="body2" color="text.secondary">
          {caption}
        </Typography>
        {/* A table is as wide as its content whatever its width: the box hides it. */}
        <Box sx={hidden}>
          <Table size="small">
            <caption>{translate('app.servicing.overview.loans_by_status')}</caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{translate('app.servicing.fields.loanStatus')}</TableCell>
                <TableCell scope="col">{translate('app.servicing.overview.loans')}</TableCell>
                <TableCell scope="col">{translate('app.servicing.fields.outstandingPrincipal')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((row, i) => (
                <TableRow key={row.loanStatus}>
                  <TableCell scope="row">{labels[i]}</TableCell>
                  <TableCell>{count(row.loans)}</TableCell>
                  <TableCell>{formatEuros(row.outstandingPrincipal, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Section>
  );
};

/** The overview's servicing part: business date, money overdue, loans by status. */
export const ServicingOverview = ({
  data,
  loading,
}: {
  data: AdminOverview | undefined;
  loading: boolean;
}) => {
  const [locale = 'en'] = useLocaleState();
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Stack spacing={2}>
          <BusinessDateCard />
          <Figure
            label="app.servicing.overview.overdue"
            value={data?.overdue === undefined ? '-' : formatEuros(data.overdue, locale)}
            loading={loading}
          />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <LoansByStatus rows={loading ? undefined : (data?.loansByStatus ?? [])} />
      </Grid>
    </Grid>
  );
};
