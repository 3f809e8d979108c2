import { Box, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { fundingSplit, riskScore } from '../../../src-shared/rules/ventureProgress';
import type { VentureRecord } from './VentureDetails';

/** @mui/x-charts in its own chunk (shared with the public venture page), after the figures paint. */
const loadCharts = () => import('../../../src-shared/charts/VentureCharts');
const FundingDoughnut = lazy(() => loadCharts().then((module) => ({ default: module.FundingDoughnut })));
const RiskReturnChart = lazy(() => loadCharts().then((module) => ({ default: module.RiskReturnChart })));

/** A chart with its caption: the caption states the same numbers, so it is the text alternative. */
const ChartFigure = ({
  title,
  caption,
  children,
}: {
  title: string;
  caption: string;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        <Box component="figure" aria-labelledby={`${id}-caption`} sx={{ m: 0 }}>
          {children ? (
            <Suspense fallback={<Skeleton variant="rounded" height={300} aria-hidden="true" />}>
              {children}
            </Suspense>
          ) : null}
          <Typography id={`${id}-caption`} component="figcaption" variant="body2" color="text.secondary">
            {caption}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
};

/**
 * Spec 2.6: the funding pie (funded against remaining, spec 9's doughnut) and the risk versus
 * return bar (risk 1-3), drawn by the same components as the public venture page.
 */
export const VentureChartsCard = ({ record }: { record: VentureRecord }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.ventures.charts.${key}`, options);
  const money = (value: number) => formatEuros(value, locale);
  const percent = (value: number) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

  const split = fundingSplit(record.amountFunded, record.targetAmount);
  const hasFunding = split.funded + split.remaining > 0;
  const fundingCaption = hasFunding
    ? t('fundingSummary', {
        funded: money(split.funded),
        fundedPercent: percent(split.fundedPercent),
        target: money(record.targetAmount ?? 0),
        remaining: money(split.remaining),
        remainingPercent: percent(split.remainingPercent),
      })
    : t('noTarget');

  const score = riskScore(record.riskLevel);
  const expectedReturn = typeof record.expectedReturn === 'number' ? record.expectedReturn : null;
  const level = (name: string) => translate(`app.enums.riskLevel.${name}`);
  const riskCaption =
    score !== null && expectedReturn !== null
      ? t('riskReturnSummary', {
          percent: percent(expectedReturn),
          score,
          level: level(record.riskLevel ?? ''),
        })
      : t('noRiskData');
  const ticks = [
    t('riskTick', { score: 1, level: level('low') }),
    t('riskTick', { score: 2, level: level('medium') }),
    t('riskTick', { score: 3, level: level('high') }),
  ] as const;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartFigure title={t('title_funding')} caption={fundingCaption}>
          {hasFunding ? (
            <FundingDoughnut
              funded={split.funded}
              remaining={split.remaining}
              fundedLabel={t('legendLabel', { label: t('funded'), percent: percent(split.fundedPercent) })}
              remainingLabel={t('legendLabel', {
                label: t('remaining'),
                percent: percent(split.remainingPercent),
              })}
              fundedPercentText={percent(split.fundedPercent)}
              remainingPercentText={percent(split.remainingPercent)}
              title={t('title_funding')}
              description={fundingCaption}
              formatAmount={money}
            />
          ) : null}
        </ChartFigure>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartFigure title={t('riskReturnTitle')} caption={riskCaption}>
          {score !== null && expectedReturn !== null ? (
            <RiskReturnChart
              riskScore={score}
              expectedReturn={expectedReturn}
              riskTicks={ticks}
              riskAxisLabel={t('riskAxis')}
              returnAxisLabel={t('returnAxis')}
              seriesLabel={translate('resources.ventures.fields.expectedReturn')}
              title={t('riskReturnTitle')}
              description={riskCaption}
              formatPercent={percent}
            />
          ) : null}
        </ChartFigure>
      </Grid>
    </Grid>
  );
};
