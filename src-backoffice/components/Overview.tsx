import {
  Box,
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros } from '../../src-shared/money';

/** @mui/x-charts comes in its own chunk, after the figures have painted. */
const MonthlyAmountsChart = lazy(() => import('./MonthlyAmountsChart'));

/** Visually hidden, still read by screen readers. Lengths as strings: in `sx` a number up to 1 is a
 * fraction (width: 1 is 100%, which made the page wider than a phone). */
export const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** 'YYYY-MM' -> 'Mar 2026' in the reader's language. */
export const monthLabel = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export const Figure = ({ label, value, loading }: { label: string; value: ReactNode; loading: boolean }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {translate(label)}
        </Typography>
        <Typography variant="h5" component="p">
          {loading ? <Skeleton width="60%" /> : value}
        </Typography>
      </CardContent>
    </Card>
  );
};

export const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
};

/** An amount per month (the last 12): the bar chart, with a caption and a (visually hidden) table
 * of the same numbers as its text alternative. `rows` is undefined while loading. Keys: `title`,
 * `caption` (with %{total}), `series`, `colMonth`, `colAmount`. */
export const MonthlyAmounts = ({
  rows: given,
  keys,
}: {
  rows: { month: string; amount: number }[] | undefined;
  keys: { title: string; caption: string; series: string; colMonth: string; colAmount: string };
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = (value: number) => formatEuros(value, locale);
  const compact = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const rows = given ?? [];
  const total = rows.reduce((sum, row) => sum + row.amount, 0);
  const caption = translate(keys.caption, {
    total: money(Math.round(total * 100) / 100),
  });
  const months = rows.map((row) => monthLabel(row.month, locale));
  const captionId = useId();
  return (
    <Section title={keys.title}>
      <Box component="figure" aria-labelledby={captionId} sx={{ m: 0 }}>
        {given ? (
          <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
            <MonthlyAmountsChart
              months={months}
              amounts={rows.map((row) => row.amount)}
              seriesLabel={translate(keys.series)}
              title={translate(keys.title)}
              description={caption}
              formatAmount={money}
              formatTick={(value) => compact.format(value)}
            />
          </Suspense>
        ) : (
          <Skeleton variant="rectangular" height={280} />
        )}
        <Typography id={captionId} component="figcaption" variant="body2" color="text.secondary">
          {caption}
        </Typography>
        <Table size="small" sx={hidden}>
          <caption>{translate(keys.title)}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{translate(keys.colMonth)}</TableCell>
              <TableCell scope="col">{translate(keys.colAmount)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={row.month}>
                <TableCell scope="row">{months[i]}</TableCell>
                <TableCell>{money(row.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
};
