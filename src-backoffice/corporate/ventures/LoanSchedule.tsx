import PaymentsIcon from '@mui/icons-material/Payments';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Grid,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { SectionCard } from '../../components/SectionCard';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { VentureRecord } from '../../resources/ventures/ventureRecord';
import { PayDialog, scheduleKey } from './PayDialog';
import { formatBusinessDate, loanSeverity } from './servicing';

/** The lifecycles in which a venture may have a running or finished loan. */
const LOAN_LIFECYCLES = new Set(['funded', 'repaid']);
/** The loan states in which the company can still pay. */
const PAYABLE = new Set([
  'current',
  'late_1_15',
  'late_16_30',
  'late_31_60',
  'late_61_90',
  'default',
  'recovery',
]);

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p">
      {value}
    </Typography>
  </Box>
);

/**
 * The venture's loan once it runs (issue 24): its status, the next amount due, days late and late
 * interest with a warning when it is late or in default, the schedule, and "Pay now". Nothing before
 * the loan starts (the schedule call answers 404 then).
 */
export const LoanSchedule = () => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [payKey, setPayKey] = useState<string | null>(null);
  const id = record?.id;
  const enabled = id !== undefined && LOAN_LIFECYCLES.has(String(record?.lifecycleStatus));
  const { data, isPending, error } = useQuery({
    queryKey: scheduleKey(id ?? ''),
    queryFn: () => dataProvider.getVentureSchedule(id!),
    enabled,
    retry: false,
  });
  if (!record || !enabled) return null;
  // No loan yet (funded, the reflection periods still running): nothing to show.
  if (error instanceof HttpError && error.status === 404) return null;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.corporate.loan.${key}`, options);
  const money = (euros: number) => formatEuros(euros, locale);
  const statusLabel = (status: string) => t(`status.${status}`, { _: status });

  if (isPending)
    return (
      <SectionCard title="app.corporate.loan.title">
        <Skeleton height={96} />
      </SectionCard>
    );
  if (error || !data)
    return (
      <SectionCard title="app.corporate.loan.title">
        <Alert severity="error">{t('load_error')}</Alert>
      </SectionCard>
    );

  const lateInterest = data.installments.reduce((sum, i) => sum + i.lateInterest - i.paidLateInterest, 0);
  const unpaidLateInterest = Math.round(lateInterest * 100) / 100;
  const severity = loanSeverity(data.loanStatus);
  const payable = PAYABLE.has(data.loanStatus) && data.owed > 0;

  return (
    <SectionCard title="app.corporate.loan.title" heading="h2" headingId="loan-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2">{t('status_label')}</Typography>
        <Chip
          size="small"
          color={severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'default'}
          label={statusLabel(data.loanStatus)}
        />
        <Typography variant="body2" color="text.secondary">
          {t('disbursed', {
            date: formatBusinessDate(data.disbursedAt, locale),
            amount: money(data.principal),
          })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {payable ? (
          <Button
            variant="contained"
            startIcon={<PaymentsIcon />}
            onClick={() => setPayKey(crypto.randomUUID())}
          >
            {t('pay_now')}
          </Button>
        ) : null}
      </Box>

      {severity ? (
        <Alert severity={severity} sx={{ mb: 2 }}>
          <AlertTitle>
            {data.loanStatus === 'default' ||
            data.loanStatus === 'recovery' ||
            data.loanStatus === 'written_off'
              ? t(`warning_title_${data.loanStatus}`)
              : t('warning_title_late', { smart_count: data.daysLate, days: data.daysLate })}
          </AlertTitle>
          {data.loanStatus === 'written_off'
            ? t('written_off_body', { amount: money(data.writtenOff) })
            : t('warning_body', { overdue: money(data.overdue), lateInterest: money(unpaidLateInterest) })}
        </Alert>
      ) : null}

      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure
            label={t('next_due')}
            value={
              data.nextDue
                ? `${money(data.nextDue.amount)} · ${formatBusinessDate(data.nextDue.dueDate, locale)}`
                : '-'
            }
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('days_late')} value={String(data.daysLate)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('late_interest')} value={money(unpaidLateInterest)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('outstanding')} value={money(data.outstandingPrincipal)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('overdue')} value={money(data.overdue)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('owed')} value={money(data.owed)} />
        </Grid>
      </Grid>

      {/* Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t('schedule')}>
        <Table size="small" aria-label={t('schedule')}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('col_number')}</TableCell>
              <TableCell scope="col">{t('col_due')}</TableCell>
              <TableCell scope="col" align="right">
                {t('col_principal')}
              </TableCell>
              <TableCell scope="col" align="right">
                {t('col_interest')}
              </TableCell>
              <TableCell scope="col" align="right">
                {t('col_late_interest')}
              </TableCell>
              <TableCell scope="col" align="right">
                {t('col_paid')}
              </TableCell>
              <TableCell scope="col">{t('col_status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.installments.map((row) => {
              const paid = row.paidPrincipal + row.paidInterest + row.paidLateInterest;
              return (
                <TableRow key={row.number} selected={data.nextDue?.number === row.number}>
                  <TableCell>{row.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatBusinessDate(row.dueDate, locale)}
                  </TableCell>
                  <TableCell align="right">{money(row.principal)}</TableCell>
                  <TableCell align="right">{money(row.interest)}</TableCell>
                  <TableCell align="right">{money(row.lateInterest)}</TableCell>
                  <TableCell align="right">{money(Math.round(paid * 100) / 100)}</TableCell>
                  <TableCell>
                    {t(`installment_status.${row.status}`, { _: row.status })}
                    {row.paidAt ? ` · ${formatBusinessDate(row.paidAt, locale)}` : ''}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>

      {payKey ? (
        <PayDialog
          ventureId={record.id}
          schedule={data}
          idempotencyKey={payKey}
          onClose={() => setPayKey(null)}
        />
      ) : null}
    </SectionCard>
  );
};
