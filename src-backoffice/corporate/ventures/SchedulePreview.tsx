import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatEuros } from '../../../src-shared/money';
import { formatBusinessDate, previewSchedule } from './servicing';

/** How many of the first instalments the preview lists (the last one is always shown too). */
export const PREVIEW_FIRST_ROWS = 3;

const WATCHED = [
  'targetAmount',
  'expectedReturn',
  'investmentPeriod',
  'repaymentType',
  'repaymentFrequency',
  'gracePeriods',
  'closingDate',
] as const;

/**
 * A live preview of the repayment schedule the form's terms make (buildSchedule of
 * src-shared/rules/schedule.ts, the server's own arithmetic): the first instalments, the last one,
 * and the totals, so the company sees what it commits to before it saves.
 */
export const SchedulePreview = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const watched = useWatch({ name: [...WATCHED] }) as unknown[];
  const values = Object.fromEntries(WATCHED.map((name, i) => [name, watched[i]]));
  const key = JSON.stringify(values);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the values, serialised
  const preview = useMemo(() => previewSchedule(values), [key]);
  const t = (name: string, options?: Record<string, unknown>) =>
    translate(`app.corporate.repayment.preview.${name}`, options);
  const money = (euros: number) => formatEuros(euros, locale);

  if (!preview) {
    return (
      <Alert severity="info" variant="outlined" sx={{ mt: 1 }} role="note">
        {t('incomplete')}
      </Alert>
    );
  }
  const first = preview.rows.slice(0, PREVIEW_FIRST_ROWS);
  const last = preview.rows.length > PREVIEW_FIRST_ROWS ? preview.rows[preview.rows.length - 1]! : null;
  const hidden = preview.rows.length - first.length - (last ? 1 : 0);
  const row = (r: (typeof preview.rows)[number]) => (
    <TableRow key={r.number}>
      <TableCell>{r.number}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBusinessDate(r.dueDate, locale)}</TableCell>
      <TableCell align="right">{money(r.principal)}</TableCell>
      <TableCell align="right">{money(r.interest)}</TableCell>
      <TableCell align="right">{money(r.total)}</TableCell>
    </TableRow>
  );
  return (
    <Box component="section" aria-labelledby="schedule-preview-title" sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3" id="schedule-preview-title">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('caption', {
          amount: money(preview.principal),
          date: formatBusinessDate(preview.disbursedOn, locale),
        })}
      </Typography>
      <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="body2">
          {t('instalments')}: <strong>{preview.count}</strong>
        </Typography>
        <Typography variant="body2">
          {t('total_interest')}: <strong>{money(preview.totalInterest)}</strong>
        </Typography>
        <Typography variant="body2">
          {t('total_repaid')}: <strong>{money(preview.totalRepaid)}</strong>
        </Typography>
        <Typography variant="body2">
          {t('largest_payment')}: <strong>{money(preview.largestPayment)}</strong>
        </Typography>
      </Stack>
      {/* Scrolls inside its own box on a phone; focusable so a keyboard can scroll it too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby="schedule-preview-title">
        <Table size="small" aria-labelledby="schedule-preview-title">
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
                {t('col_total')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {first.map(row)}
            {hidden > 0 ? (
              <TableRow>
                <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                  {t('more', { smart_count: hidden })}
                </TableCell>
              </TableRow>
            ) : null}
            {last ? row(last) : null}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};
