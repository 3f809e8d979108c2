/**
 * The auto-invest disclosure's chart: the investor's live investments by risk level (Delegated
 * Regulation 2022/2118). Loaded with React.lazy, so @mui/x-charts stays out of the first paint; its
 * <figure>'s caption states the same numbers (src-shared/charts/ChartFigure.tsx).
 */
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';

/** One colour per risk level, each at least 3:1 against white. */
const COLORS = ['#2e7d32', '#b35c00', '#c62828'];

export default function RiskChart({
  bars,
  title,
  description,
  formatAmount,
}: {
  bars: { label: string; value: number }[];
  title: string;
  description: string;
  formatAmount: (value: number) => string;
}) {
  return (
    <Box sx={{ width: '100%' }}>
      <BarChart
        height={240}
        title={title}
        desc={description}
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: bars.map((bar) => bar.label),
            categoryGapRatio: 0.4,
            colorMap: { type: 'ordinal', values: bars.map((bar) => bar.label), colors: COLORS },
          },
        ]}
        yAxis={[{ min: 0, valueFormatter: (value: number) => formatAmount(value), width: 80 }]}
        series={[
          {
            data: bars.map((bar) => bar.value),
            valueFormatter: (value) => (value === null ? null : formatAmount(value)),
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}
