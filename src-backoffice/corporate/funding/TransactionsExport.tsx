import { Alert, Box, Button, Skeleton, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { daysIn, rangeProblem } from '../../../src-shared/rules/statements';
import { SectionCard } from '../../components/SectionCard';
import type { BackofficeDataProvider } from '../../providers/dataProvider';

const day = (value: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );

/**
 * The company's transactions as CSV (GET /api/statements/transactions, issue 28): every entry of its
 * balance between two days (UTC) with the balance after each. The range is checked by the server's
 * own rule (src-shared/rules/statements.ts) and spelled out before the download link is offered.
 */
export const TransactionsExport = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['corporate', 'statement-years'],
    queryFn: () => dataProvider.getStatementYears(),
  });
  return (
    <SectionCard title="app.statements.title" heading="h2" headingId="corporate-transactions">
      {isPending ? (
        <Skeleton variant="rectangular" height={96} />
      ) : error || !data ? (
        <Alert severity="error">{translate('app.statements.load_failed')}</Alert>
      ) : (
        <RangeForm today={data.today} firstDay={data.firstDay} locale={locale} />
      )}
    </SectionCard>
  );
};

const RangeForm = ({
  today,
  firstDay,
  locale,
}: {
  today: string;
  firstDay: string | null;
  locale: string;
}) => {
  const translate = useTranslate();
  const startOfYear = `${today.slice(0, 4)}-01-01`;
  const [from, setFrom] = useState(firstDay && firstDay > startOfYear ? firstDay : startOfYear);
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  const href = `/api/statements/transactions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`;
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.statements.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={translate('app.statements.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <TextField
          type="date"
          label={translate('app.statements.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        {problem ? (
          <Alert severity="warning">{translate(`app.statements.${problem}`)}</Alert>
        ) : (
          <Typography>
            {translate('app.statements.review', {
              from: day(from, locale),
              to: day(to, locale),
              smart_count: daysIn(from, to),
              days: new Intl.NumberFormat(locale).format(daysIn(from, to)),
            })}
          </Typography>
        )}
      </Box>
      <Button
        sx={{ mt: 2 }}
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={problem !== null}
        {...(problem === null ? { href, download: true } : {})}
      >
        {translate('app.statements.download')}
      </Button>
    </>
  );
};
