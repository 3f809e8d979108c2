/**
 * The default rate by risk level as a bar chart. Loaded with React.lazy, so @mui/x-charts stays out of
 * the page's first paint; the page's <figure> caption states the same numbers.
 */
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { palette } from '../../src-shared/theme';

export const DEFAULT_RATE_CHART_HEIGHT = 280;

export interface DefaultRateChartProps {
  /** The three risk levels' names, low to high. */
  levels: readonly string[];
  /** Their default rates in percent (5 is 5%). */
  rates: readonly number[];
  axisLabel: string;
  seriesLabel: string;
  /** The svg's <title> and <desc>. */
  title: string;
  description: string;
  formatPercent: (value: number) => string;
}

export function DefaultRateChart({
  levels,
  rates,
  axisLabel,
  seriesLabel,
  title,
  description,
  formatPercent,
}: DefaultRateChartProps) {
  const highest = Math.max(0, ...rates);
  return (
    <Box sx={{ width: '100%' }}>
      <BarChart
        height={DEFAULT_RATE_CHART_HEIGHT}
        title={title}
        desc={description}
        hideLegend
        xAxis={[{ scaleType: 'band', data: [...levels], categoryGapRatio: 0.4 }]}
        yAxis={[
          {
            label: axisLabel,
            min: 0,
            // An empty axis (no defaults) still reads 0% to 5%.
            max: Math.max(5, Math.ceil((highest * 1.2) / 5) * 5),
            valueFormatter: (value: number) => formatPercent(value),
            width: 56,
          },
        ]}
        series={[
          {
            data: [...rates],
            label: seriesLabel,
            color: palette.secondary,
            valueFormatter: (value) => (value === null ? null : formatPercent(value)),
            barLabel: (item) => (item.value === null ? null : formatPercent(item.value)),
            barLabelPlacement: 'outside',
          },
        ]}
        margin={{ left: 8, right: 16, top: 24, bottom: 8 }}
      />
    </Box>
  );
}
