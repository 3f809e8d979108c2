/**
 * The overviews' bar chart of an amount per month (admin: invested; corporate: raised). Loaded with React.lazy, so
 * @mui/x-charts stays out of the back office's initial bundle. The page gives the text alternative
 * (a caption and a table of the same numbers).
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

export interface MonthlyAmountsChartProps {
  /** Month labels, oldest first ('Mar 2026'). */
  months: string[];
  /** Euros per month, in the same order. */
  amounts: number[];
  seriesLabel: string;
  /** The svg's <title> and <desc>. */
  title: string;
  description: string;
  formatAmount: (value: number) => string;
  /** Short axis ticks ('€1.2K'). */
  formatTick: (value: number) => string;
}

export default function MonthlyAmountsChart({
  months,
  amounts,
  seriesLabel,
  title,
  description,
  formatAmount,
  formatTick,
}: MonthlyAmountsChartProps) {
  const theme = useTheme();
  return (
    <Box sx={{ width: '100%' }}>
      <BarChart
        height={280}
        title={title}
        desc={description}
        hideLegend
        xAxis={[{ scaleType: 'band', data: months, categoryGapRatio: 0.3 }]}
        yAxis={[{ min: 0, valueFormatter: (value: number) => formatTick(value), width: 64 }]}
        series={[
          {
            data: amounts,
            label: seriesLabel,
            color: theme.palette.primary.main,
            valueFormatter: (value) => (value === null ? null : formatAmount(value)),
          },
        ]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}
