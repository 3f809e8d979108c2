import { lazy, useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '../../src-shared/contracts/statistics';
import { ChartFigure } from '../../src-shared/charts/ChartFigure';
import { FactsSection, tileSx } from '../components/FactsSection';
import { Page } from '../components/Page';
import { PageLoader } from '../components/PageLoader';
import { euros, formatDateTime, formatPercent } from '../lib/format';
import { useStatistics } from './api';

/** The chart (and @mui/x-charts) in its own chunk, fetched while the figures load. */
const loadChart = () => import('./DefaultRateChart');
const DefaultRateChart = lazy(() => loadChart().then((module) => ({ default: module.DefaultRateChart })));

function Figures({ data }: { data: Statistics }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const count = (value: number) => new Intl.NumberFormat(lang).format(value);
  const cards: { key: keyof Statistics; value: string }[] = [
    { key: 'totalFunded', value: euros(data.totalFunded, lang) },
    { key: 'totalRepaid', value: euros(data.totalRepaid, lang) },
    { key: 'venturesFunded', value: count(data.venturesFunded) },
    { key: 'venturesRepaid', value: count(data.venturesRepaid) },
    { key: 'investors', value: count(data.investors) },
    { key: 'averageReturn', value: formatPercent(data.averageReturn, lang) },
  ];
  return (
    <FactsSection id="statistics-figures" title={t('statistics.figures')} mt={4}>
      {cards.map(({ key, value }) => (
        <Grid key={key} size={{ xs: 6, md: 4 }} sx={tileSx}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {t(`statistics.cards.${key}`)}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              mt: 0.5,
              fontWeight: 800,
              fontSize: { xs: '1.3rem', sm: '1.75rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {value}
          </Typography>
          <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
            {t(`statistics.hints.${key}`)}
          </Typography>
        </Grid>
      ))}
    </FactsSection>
  );
}

function DefaultRates({ data }: { data: Statistics }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const count = (value: number) => new Intl.NumberFormat(lang).format(value);
  const rate = (fraction: number) => formatPercent(fraction * 100, lang);
  const levelName = (level: string) => t(`venture.riskLevels.${level}`);
  const byLevel = Object.fromEntries(data.byRisk.map((row) => [row.riskLevel, rate(row.defaultRate)]));
  const caption = t('statistics.byRisk.chartSummary', {
    low: byLevel.low ?? '-',
    medium: byLevel.medium ?? '-',
    high: byLevel.high ?? '-',
  });
  const columns = ['ventures', 'funded', 'repaid', 'defaulted', 'loansAtStart', 'defaultEvents'] as const;
  // No default event anywhere: an honest sentence rather than a chart of empty bars. Loans that
  // defaulted outside the 12-month window leave every rate at 0: a chart of them would be blank axes
  // too (issue 30, item 10), so that gets its own sentence pointing at the table.
  const everDefaulted = data.byRisk.some((row) => row.defaulted > 0);
  const anyDefault = everDefaulted && data.byRisk.some((row) => row.defaultRate > 0);
  const empty = everDefaulted ? 'noRate' : 'noDefaults';
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A row per risk level; a phone gets the table turned (a column per risk level, a row per
  // figure), which fits 390 px without scrolling sideways.
  const figures = [
    ...columns.map((column) => ({
      label: t(`statistics.byRisk.${column}`),
      of: (row: Statistics['byRisk'][number]) => count(row[column]),
    })),
    {
      label: t('statistics.byRisk.defaultRate'),
      of: (row: Statistics['byRisk'][number]) => rate(row.defaultRate),
    },
  ];
  // The default rate, the last figure, is the one in bold.
  const isRate = (figure: number) => figure === figures.length - 1;
  const table: { head: string[]; rows: { label: string; cells: { text: string; bold: boolean }[] }[] } = phone
    ? {
        head: [t('statistics.byRisk.riskLevel'), ...data.byRisk.map((row) => levelName(row.riskLevel))],
        rows: figures.map((figure, index) => ({
          label: figure.label,
          cells: data.byRisk.map((row) => ({ text: figure.of(row), bold: isRate(index) })),
        })),
      }
    : {
        head: [t('statistics.byRisk.riskLevel'), ...figures.map((figure) => figure.label)],
        rows: data.byRisk.map((row) => ({
          label: levelName(row.riskLevel),
          cells: figures.map((figure, index) => ({ text: figure.of(row), bold: isRate(index) })),
        })),
      };
  return (
    <Box component="section" aria-labelledby="statistics-by-risk" sx={{ mt: 5 }}>
      <Typography id="statistics-by-risk" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('statistics.byRisk.title')}
      </Typography>
      {/* The table takes the whole width (its headers on one line), the chart or the note that
          there is nothing to draw below it (issue 30, item 10). */}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12 }} sx={{ minWidth: 0 }}>
          {/* Scrolls inside its own box when narrow; focusable so a keyboard can scroll it too. */}
          <TableContainer
            sx={{ ...tileSx, p: 0, height: 'auto' }}
            tabIndex={0}
            role="group"
            aria-labelledby="statistics-by-risk"
          >
            <Table size="small" aria-labelledby="statistics-by-risk">
              <TableHead>
                <TableRow>
                  {table.head.map((label, index) => (
                    <TableCell
                      key={label}
                      component="th"
                      scope="col"
                      align={index === 0 ? 'left' : 'right'}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={row.label}>
                    <TableCell component="th" scope="row">
                      {row.label}
                    </TableCell>
                    {row.cells.map((cell, index) => (
                      <TableCell key={index} align="right" sx={{ fontWeight: cell.bold ? 700 : 400 }}>
                        {cell.text}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Grid>
        <Grid size={{ xs: 12 }} sx={{ minWidth: 0 }}>
          {anyDefault ? (
            <ChartFigure id="statistics-chart" caption={caption} height={280} sx={tileSx}>
              <DefaultRateChart
                levels={data.byRisk.map((row) => levelName(row.riskLevel))}
                rates={data.byRisk.map((row) => row.defaultRate * 100)}
                axisLabel={t('statistics.byRisk.axis')}
                seriesLabel={t('statistics.byRisk.defaultRate')}
                title={t('statistics.byRisk.chartTitle')}
                description={caption}
                formatPercent={(value) => formatPercent(value, lang)}
              />
            </ChartFigure>
          ) : (
            <Box
              role="status"
              sx={{
                ...tileSx,
                height: 'auto',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'center',
              }}
            >
              <Typography component="p" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                {empty === 'noRate' ? t('statisticsEmpty.noRate') : t('statistics.byRisk.noDefaults')}
              </Typography>
              <Typography color="text.secondary">
                {empty === 'noRate'
                  ? t('statisticsEmpty.noRateDetail', { column: t('statistics.byRisk.defaulted') })
                  : t('statistics.byRisk.noDefaultsDetail')}
              </Typography>
            </Box>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}

/**
 * How the default rate is counted, in plain words: what a default is, the 12-month window and the
 * rate (the method of Commission Delegated Regulation (EU) 2022/2115, Art. 2).
 */
function DefaultMethod() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="statistics-method" sx={{ mt: 5, maxWidth: '75ch' }}>
      <Typography id="statistics-method" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('statistics.method.title')}
      </Typography>
      {(['default', 'window', 'rate'] as const).map((key) => (
        <Typography key={key} sx={{ mb: 2, lineHeight: 1.7 }}>
          {t(`statistics.method.${key}`)}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * /statistics: the platform's track record from GET /api/statistics: money funded and repaid,
 * ventures funded and repaid, investors and the average return as cards; the default rate by risk
 * level as a table and a bar chart (lazily loaded, inside a <figure> whose caption states the
 * numbers), or a plain sentence while no loan has defaulted; how defaults are counted; what the figures mean and when the server computed them.
 */
export function StatisticsPage() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, refetch, isFetching } = useStatistics();

  // Fetch the chart's chunk while the figures load; nothing waits for it.
  useEffect(() => {
    loadChart().catch(() => undefined);
  }, []);

  let body: ReactNode;
  if (isPending) body = <PageLoader label={t('statistics.loading')} />;
  else if (isError || !data)
    body = (
      <Alert
        severity="error"
        sx={{ mt: 4 }}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
            {t('statistics.retry')}
          </Button>
        }
      >
        {t('statistics.loadFailed')}
      </Alert>
    );
  else
    body = (
      <>
        <Figures data={data} />
        <DefaultRates data={data} />
        <DefaultMethod />
        <Typography sx={{ mt: 4, maxWidth: '75ch', lineHeight: 1.7 }}>
          {t('statistics.meaning')}{' '}
          {t('statistics.computedAt', { date: formatDateTime(data.computedAt, i18n.language) })}
        </Typography>
      </>
    );

  return (
    <Page title={t('statistics.title')} intro={t('statistics.intro')}>
      {body}
    </Page>
  );
}

export { StatisticsPage as Component };
