import { lazy, type ComponentType, type ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import { fundingSplit, riskScore } from '../rules/ventureProgress';

/** @mui/x-charts in its own chunk, shared by both entries, loaded after the figures have painted. */
export const loadVentureCharts = () => import('./VentureCharts');
const FundingDoughnut = lazy(() =>
  loadVentureCharts().then((module) => ({ default: module.FundingDoughnut })),
);
const RiskReturnChart = lazy(() =>
  loadVentureCharts().then((module) => ({ default: module.RiskReturnChart })),
);

/** What a venture's charts are drawn from (the public answer and the back office's record alike). */
export interface VentureChartData {
  amountFunded?: number | null;
  targetAmount?: number | null;
  riskLevel?: string | null;
  expectedReturn?: number | null;
}

/** One chart's frame: a titled card or section around the chart and its caption. */
export interface ChartFrameProps {
  id: string;
  title: string;
  caption: string;
  children: ReactNode;
}
export type ChartFrame = ComponentType<ChartFrameProps>;

export interface VentureChartsGridProps {
  venture: VentureChartData;
  /**
   * The chart texts under the key names both catalogs share (funded, remaining, fundingSummary,
   * noTarget, riskReturnTitle, riskAxis, returnAxis, riskTick, riskReturnSummary, noRiskData,
   * legendLabel); each entry binds them to its own catalog and interpolation.
   */
  t: (key: string, options?: Record<string, unknown>) => string;
  /** The translated name of a risk level (low, medium, high). */
  levelName: (level: string) => string;
  fundingTitle: string;
  seriesLabel: string;
  centerLabel?: string;
  money: (cents: number) => string;
  percent: (value: number) => string;
  Frame: ChartFrame;
  idPrefix: string;
  spacing?: number;
}

/**
 * Spec 2.6 and 9: the funding doughnut (funded against remaining) and the risk versus return bar
 * (risk 1-3), each with a caption that states the same numbers, for the public venture page and the
 * back office's venture page alike.
 */
export function VentureChartsGrid({
  venture,
  t,
  levelName,
  fundingTitle,
  seriesLabel,
  centerLabel,
  money,
  percent,
  Frame,
  idPrefix,
  spacing = 3,
}: VentureChartsGridProps) {
  const split = fundingSplit(venture.amountFunded ?? undefined, venture.targetAmount ?? undefined);
  const hasFunding = split.funded + split.remaining > 0;
  const fundingCaption = hasFunding
    ? t('fundingSummary', {
        funded: money(split.funded),
        fundedPercent: percent(split.fundedPercent),
        target: money(venture.targetAmount ?? 0),
        remaining: money(split.remaining),
        remainingPercent: percent(split.remainingPercent),
      })
    : t('noTarget');

  const score = riskScore(venture.riskLevel ?? undefined);
  const expectedReturn = typeof venture.expectedReturn === 'number' ? venture.expectedReturn : null;
  const riskCaption =
    score !== null && expectedReturn !== null
      ? t('riskReturnSummary', {
          percent: percent(expectedReturn),
          score,
          level: levelName(venture.riskLevel ?? ''),
        })
      : t('noRiskData');
  const ticks = [
    t('riskTick', { score: 1, level: levelName('low') }),
    t('riskTick', { score: 2, level: levelName('medium') }),
    t('riskTick', { score: 3, level: levelName('high') }),
  ] as const;

  return (
    <Grid container spacing={spacing}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Frame id={`${idPrefix}-funding`} title={fundingTitle} caption={fundingCaption}>
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
              centerLabel={centerLabel}
              title={fundingTitle}
              description={fundingCaption}
              formatAmount={money}
            />
          ) : null}
        </Frame>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Frame id={`${idPrefix}-risk-return`} title={t('riskReturnTitle')} caption={riskCaption}>
          {score !== null && expectedReturn !== null ? (
            <RiskReturnChart
              riskScore={score}
              expectedReturn={expectedReturn}
              riskTicks={ticks}
              riskAxisLabel={t('riskAxis')}
              returnAxisLabel={t('returnAxis')}
              seriesLabel={seriesLabel}
              title={t('riskReturnTitle')}
              description={riskCaption}
              formatPercent={percent}
            />
          ) : null}
        </Frame>
      </Grid>
    </Grid>
  );
}
