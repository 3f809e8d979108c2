import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { formatDay } from '../../lib/format';
import { QueryStatus } from '../QueryStatus';
import { daysIn, rangeProblem, statementUrls, useStatementYears } from './api';

/**
 * /user/statements (issue 28; API contract, "Statements"): the annual statement of every year with
 * activity (PDF in the page's language, CSV), the transactions of a range of days as CSV (two dates,
 * checked as the server checks them, and the range spelled out before the download), and the
 * investments as CSV. Downloads are plain links: the browser saves the attachment.
 */
export function StatementsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, isPending, error } = useStatementYears();

  return (
    <Page title={t('statements.title')} intro={t('statements.intro')}>
      <QueryStatus
        pending={isPending}
        loading={t('statements.loading')}
        failed={error ? t('statements.failed') : null}
      />
      {data ? (
        <Stack spacing={3} sx={{ mt: 3 }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="statements-annual"
            sx={{ p: { xs: 2, md: 3 } }}
          >
            <Typography id="statements-annual" component="h2" variant="h5" gutterBottom>
              {t('statements.annual.title')}
            </Typography>
            <Typography color="text.secondary">{t('statements.annual.help')}</Typography>
            {data.years.length === 0 ? (
              <Typography sx={{ mt: 2 }}>{t('statements.annual.none')}</Typography>
            ) : (
              <List aria-label={t('statements.annual.title')}>
                {data.years.map((year) => (
                  <ListItem key={year} divider sx={{ gap: 2, flexWrap: 'wrap', px: 0 }}>
                    <Typography component="span" sx={{ fontWeight: 700, minWidth: '4rem' }}>
                      {year}
                      {year === Number(data.today.slice(0, 4)) ? ` ${t('statements.annual.toDate')}` : ''}
                    </Typography>
                    <Button
                      href={statementUrls.annual(year, 'pdf', lang)}
                      download
                      variant="outlined"
                      size="small"
                      startIcon={<DownloadIcon />}
                      aria-label={t('statements.annual.pdfLabel', { year })}
                    >
                      PDF
                    </Button>
                    <Button
                      href={statementUrls.annual(year, 'csv', lang)}
                      download
                      variant="outlined"
                      size="small"
                      startIcon={<DownloadIcon />}
                      aria-label={t('statements.annual.csvLabel', { year })}
                    >
                      CSV
                    </Button>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
          <TransactionsExport today={data.today} firstDay={data.firstDay} />
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="statements-investments"
            sx={{ p: { xs: 2, md: 3 } }}
          >
            <Typography id="statements-investments" component="h2" variant="h5" gutterBottom>
              {t('statements.investments.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('statements.investments.help')}
            </Typography>
            <InvestmentsCsvButton />
          </Paper>
        </Stack>
      ) : null}
    </Page>
  );
}

/** The investments list as CSV (also on /user/investments). */
export function InvestmentsCsvButton() {
  const { t } = useTranslation();
  return (
    <Button href={statementUrls.investments()} download variant="outlined" startIcon={<DownloadIcon />}>
      {t('statements.investments.download')}
    </Button>
  );
}

/** Two days and the range they make, checked as the server checks it before the link is offered. */
export function TransactionsExport({
  today,
  firstDay,
  heading = 'h2',
}: {
  today: string;
  firstDay: string | null;
  heading?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const startOfYear = `${today.slice(0, 4)}-01-01`;
  const [from, setFrom] = useState(firstDay && firstDay > startOfYear ? firstDay : startOfYear);
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="statements-transactions"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="statements-transactions" component={heading} variant="h5" gutterBottom>
        {t('statements.transactions.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('statements.transactions.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={t('statements.transactions.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
        <TextField
          type="date"
          label={t('statements.transactions.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        {problem ? (
          <Alert severity="warning">{t(`statements.transactions.${problem}`)}</Alert>
        ) : (
          <Typography>
            {t('statements.transactions.review', {
              from: formatDay(from, lang),
              to: formatDay(to, lang),
              count: daysIn(from, to),
              days: new Intl.NumberFormat(lang).format(daysIn(from, to)),
            })}
          </Typography>
        )}
      </Box>
      <Button
        sx={{ mt: 2 }}
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={problem !== null}
        {...(problem === null ? { href: statementUrls.transactions(from, to), download: true } : {})}
      >
        {t('statements.transactions.download')}
      </Button>
    </Paper>
  );
}

export { StatementsPage as Component };
