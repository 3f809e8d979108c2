/**
 * The two charts of the venture page (spec 2.3 and 9). This module is loaded with React.lazy, so
 * @mui/x-charts lives in its own chunk: neither the initial bundle nor the venture page's first
 * paint waits for it. Each chart is a <figure> whose caption (the text alternative) is built by the
 * page from the same numbers, so the facts are there even before (or without) the drawing.
 */
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useDrawingArea } from '@mui/x-charts/hooks';
import { PieChart } from '@mui/x-charts/PieChart';
import { palette } from '../theme';

/** Spec 9: the doughnut's geometry. */
export const DOUGHNUT = { innerRadius: 70, outerRadius: 90, height: 300 } as const;
export const CHART_HEIGHT = 300;

export interface FundingDoughnutProps {
  funded: number;
  remaining: number;
  /** Legend labels with their percentage, e.g. 'Funded (25%)'. */
  fundedLabel: string;
  remainingLabel: string;
  /** Percentage labels on the ring, e.g. '25%' and '75%'; the funded one is also the big label in the middle. */
  fundedPercentText: string;
  remainingPercentText: string;
  /** A word under the big percentage in the middle, e.g. 'funded' (none when left out). */
  centerLabel?: string;
  /** The svg's <title> and <desc>. */
  title: string;
  description: string;
  formatAmount: (value: number) => string;
}

/** The funded share, large, in the middle of the ring (with an optional word under it). */
function DoughnutCenter({ percent, label }: { percent: string; label?: string | undefined }) {
  const { left, top, width, height } = useDrawingArea();
  const x = left + width / 2;
  const y = top + height / 2;
  return (
    <g aria-hidden="true">
      <text
        x={x}
        y={label ? y - 6 : y}
        textAnchor="middle"
        dominantBaseline="central"
        fill={palette.funded}
        style={{ fontSize: 28, fontWeight: 800 }}
      >
        {percent}
      </text>
      {label ? (
        <text
          x={x}
          y={y + 20}
          textAnchor="middle"
          dominantBaseline="central"
          fill="currentColor"
          style={{ fontSize: 13 }}
        >
          {label}
        </text>
      ) : null}
    </g>
  );
}

export function FundingDoughnut({
  funded,
  remaining,
  fundedLabel,
  remainingLabel,
  fundedPercentText,
  remainingPercentText,
  centerLabel,
  title,
  description,
  formatAmount,
}: FundingDoughnutProps) {
  const percentText: Record<string, string> = { funded: fundedPercentText, remaining: remainingPercentText };
  return (
    <Box sx={{ width: '100%' }}>
      <PieChart
        height={DOUGHNUT.height}
        title={title}
        desc={description}
        series={[
          {
            innerRadius: DOUGHNUT.innerRadius,
            outerRadius: DOUGHNUT.outerRadius,
            // Labels just outside the ring: dark text on the page, readable on both slice colours.
            // A ring of one slice (nothing funded yet, or fully funded) has none: a lone "100%" under
            // a ring whose centre says "0%" read as a contradiction; the centre and legend say it all.
            arcLabelRadius: DOUGHNUT.outerRadius + 16,
            arcLabel: (item) => (funded > 0 && remaining > 0 ? (percentText[String(item.id)] ?? '') : ''),
            arcLabelMinAngle: 12,
            paddingAngle: funded > 0 && remaining > 0 ? 1 : 0,
            valueFormatter: (item) => formatAmount(item.value),
            data: [
              {
                id: 'funded',
                value: funded,
                label: fundedLabel,
                color: palette.funded,
              },
              {
                id: 'remaining',
                value: remaining,
                label: remainingLabel,
                color: palette.remaining,
              },
            ],
          },
        ]}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
        }}
        sx={{ '& .MuiPieArcLabel-root': { fontWeight: 700, fontSize: 14 } }}
      >
        <DoughnutCenter percent={fundedPercentText} label={centerLabel} />
      </PieChart>
    </Box>
  );
}

export interface RiskReturnChartProps {
  /** 1 (low) to 3 (high), spec 9. */
  riskScore: 1 | 2 | 3;
  expectedReturn: number;
  /** Tick labels of the three risk levels, e.g. '1 · Low'. */
  riskTicks: readonly [string, string, string];
  riskAxisLabel: string;
  returnAxisLabel: string;
  seriesLabel: string;
  title: string;
  description: string;
  formatPercent: (value: number) => string;
}

/** Expected return (bar height, %) against the risk level 1-3 (the bar's position on the x axis). */
export function RiskReturnChart({
  riskScore,
  expectedReturn,
  riskTicks,
  riskAxisLabel,
  returnAxisLabel,
  seriesLabel,
  title,
  description,
  formatPercent,
}: RiskReturnChartProps) {
  const data = [1, 2, 3].map((score) => (score === riskScore ? expectedReturn : null));
  const riskColors = { 1: palette.funded, 2: palette.secondary, 3: '#c62828' } as const;
  return (
    <Box sx={{ width: '100%' }}>
      <BarChart
        height={CHART_HEIGHT}
        title={title}
        desc={description}
        hideLegend
        xAxis={[{ scaleType: 'band', data: [...riskTicks], label: riskAxisLabel, categoryGapRatio: 0.4 }]}
        yAxis={[
          {
            label: returnAxisLabel,
            min: 0,
            max: Math.max(10, Math.ceil((expectedReturn * 1.2) / 5) * 5),
            valueFormatter: (value: number) => formatPercent(value),
            width: 56,
          },
        ]}
        series={[
          {
            data,
            label: seriesLabel,
            color: riskColors[riskScore],
            valueFormatter: (value) => (value === null ? null : formatPercent(value)),
            barLabel: (item) => (item.value === null ? null : formatPercent(item.value)),
            barLabelPlacement: 'outside',
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}
