/**
 * The funding page's two charts (spec 2.5): the balance doughnut and the net annual return's bars.
 * Loaded with React.lazy, so @mui/x-charts stays out of the investor area's first paint; each chart
 * sits in a <figure> whose caption states the same numbers (src-shared/charts/ChartFigure.tsx).
 */
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { DOUGHNUT } from '../../src-shared/charts/VentureCharts';

/** Slice colours, each distinct and at least 3:1 against white. */
export const PORTFOLIO_COLORS = {
  available: '#0b6e4f',
  invested: '#1565c0',
  pending: '#b35c00',
  inRecovery: '#c62828',
} as const;

/** Bars: negative amounts red, the others green (spec 2.5). */
export const RETURN_COLORS = { negative: '#c62828', positive: '#2e7d32' } as const;

/** A bar's colour: red below zero, green otherwise. */
export const returnColor = (value: number) => (value < 0 ? RETURN_COLORS.negative : RETURN_COLORS.positive);

export type PortfolioPart = keyof typeof PORTFOLIO_COLORS;

export interface PortfolioDoughnutProps {
  parts: { id: PortfolioPart; value: number; label: string }[];
  /** The svg's <title> and <desc>. */
  title: string;
  description: string;
  formatAmount: (value: number) => string;
}

export function PortfolioDoughnut({ parts, title, description, formatAmount }: PortfolioDoughnutProps) {
  const shown = parts.filter((part) => part.value > 0);
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
            paddingAngle: shown.length > 1 ? 1 : 0,
            valueFormatter: (item) => formatAmount(item.value),
            data: parts.map((part) => ({
              id: part.id,
              value: part.value,
              label: part.label,
              color: PORTFOLIO_COLORS[part.id],
            })),
          },
        ]}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
        }}
      />
    </Box>
  );
}

export interface ReturnsBarChartProps {
  bars: { label: string; value: number }[];
  seriesLabel: string;
  title: string;
  description: string;
  formatAmount: (value: number) => string;
}

export function ReturnsBarChart({
  bars,
  seriesLabel,
  title,
  description,
  formatAmount,
}: ReturnsBarChartProps) {
  const values = bars.map((bar) => bar.value);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  return (
    <Box sx={{ width: '100%' }}>
      <BarChart
        height={DOUGHNUT.height}
        title={title}
        desc={description}
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: bars.map((bar) => bar.label),
            categoryGapRatio: 0.4,
            // One colour per bar, from its own value.
            colorMap: {
              type: 'ordinal',
              values: bars.map((bar) => bar.label),
              colors: values.map(returnColor),
            },
          },
        ]}
        yAxis={[
          {
            // A little room above the tallest bar for its label; at least 1 euro so zeros draw an axis.
            min: bottom < 0 ? bottom * 1.2 : 0,
            max: Math.max(1, top * 1.2),
            valueFormatter: (value: number) => formatAmount(value),
            width: 80,
          },
        ]}
        series={[
          {
            data: values,
            label: seriesLabel,
            valueFormatter: (value) => (value === null ? null : formatAmount(value)),
            barLabel: (item) => (item.value === null ? null : formatAmount(item.value)),
            barLabelPlacement: 'outside',
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}

/** The breakdown's slice colours in order, each distinct and at least 3:1 against white. */
export const BREAKDOWN_COLORS = ['#0b6e4f', '#1565c0', '#b35c00', '#6a1b9a', '#c62828', '#00695c', '#4e342e'];

export interface BreakdownDoughnutProps {
  parts: { key: string; label: string; value: number }[];
  title: string;
  description: string;
  formatAmount: (value: number) => string;
  /** The name of the slice that gathers the smallest parts. */
  otherLabel: string;
}

/**
 * The slices a doughnut draws: the parts by size, and beyond BREAKDOWN_COLORS.length parts the
 * smallest folded into one "Other" slice, so no two slices share a colour (eleven countries had
 * drawn three green slices that a reader could not tell apart). The caption still names each part.
 */
export function doughnutSlices<Part extends { key: string; label: string; value: number }>(
  parts: readonly Part[],
  otherLabel: string,
): { key: string; label: string; value: number }[] {
  const sorted = [...parts].sort((a, b) => b.value - a.value);
  if (sorted.length <= BREAKDOWN_COLORS.length) return sorted;
  const kept = sorted.slice(0, BREAKDOWN_COLORS.length - 1);
  const rest = sorted.slice(BREAKDOWN_COLORS.length - 1);
  return [
    ...kept,
    { key: '__other', label: otherLabel, value: rest.reduce((sum, part) => sum + part.value, 0) },
  ];
}

/** One dimension of the portfolio breakdown (country, risk level or venture type) as a doughnut
 * (issue 30, item 14): at most seven slices, each its own colour (doughnutSlices). */
export function BreakdownDoughnut({
  parts,
  title,
  description,
  formatAmount,
  otherLabel,
}: BreakdownDoughnutProps) {
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
            paddingAngle: parts.length > 1 ? 1 : 0,
            valueFormatter: (item) => formatAmount(item.value),
            data: doughnutSlices(parts, otherLabel).map((part, index) => ({
              id: part.key,
              value: part.value,
              label: part.label,
              color: BREAKDOWN_COLORS[index % BREAKDOWN_COLORS.length],
            })),
          },
        ]}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
        }}
      />
    </Box>
  );
}
