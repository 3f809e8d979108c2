import { Card, CardContent, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { ChartFigure } from '../../../src-shared/charts/ChartFigure';
import { VentureChartsGrid, type ChartFrameProps } from '../../../src-shared/charts/VentureChartsGrid';
import { formatEuros } from '../../../src-shared/money';
import type { VentureRecord } from './ventureRecord';

/** A chart in a card: its title, then the chart and its caption (the text alternative). */
const ChartCard = ({ id, title, caption, children }: ChartFrameProps) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography id={id} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <ChartFigure id={id} caption={caption}>
        {children}
      </ChartFigure>
    </CardContent>
  </Card>
);

/**
 * Spec 2.6: the funding pie (funded against remaining, spec 9's doughnut) and the risk versus
 * return bar (risk 1-3), drawn by the same components as the public venture page.
 */
export const VentureChartsCard = ({ record }: { record: VentureRecord }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <VentureChartsGrid
      venture={record}
      t={(key, options) => translate(`app.ventures.charts.${key}`, options)}
      levelName={(level) => translate(`app.enums.riskLevel.${level}`)}
      fundingTitle={translate('app.ventures.charts.title_funding')}
      seriesLabel={translate('resources.ventures.fields.expectedReturn')}
      money={(value) => formatEuros(value, locale)}
      percent={(value) =>
        new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)
      }
      Frame={ChartCard}
      idPrefix={`venture-${record.id}`}
      spacing={2}
    />
  );
};
