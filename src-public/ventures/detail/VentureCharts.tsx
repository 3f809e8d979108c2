import { useRef } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VentureView as Venture } from '../../../src-shared/api/types';
import { ChartFigure } from '../../../src-shared/charts/ChartFigure';
import { VentureChartsGrid, type ChartFrameProps } from '../../../src-shared/charts/VentureChartsGrid';
import { tileSx } from '../../components/FactsSection';
import { useNearViewport } from '../../components/useNearViewport';
import { euros, formatPercent } from '../../lib/format';

/**
 * A chart card: heading, then the chart and its caption (shared with the back office). The charts
 * sit below the fold: their chunk is loaded and drawn only when the card comes near the viewport
 * (a skeleton of the chart's height until then, marked `data-deferred`: nothing is loading yet), so
 * they never hold up the page's first paint.
 */
function ChartSection({ id, title, caption, children }: ChartFrameProps) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  return (
    <Box component="section" ref={ref} aria-labelledby={id} sx={{ ...tileSx, height: '100%' }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <ChartFigure id={id} caption={caption}>
        {children && !near ? (
          <Skeleton variant="rounded" height={300} aria-hidden="true" data-deferred="" />
        ) : (
          children
        )}
      </ChartFigure>
    </Box>
  );
}

/** The venture's charts (funding, return, risk), in the reader's language. */
export function VentureCharts({ venture }: { venture: Venture }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Box sx={{ mt: 4 }}>
      <VentureChartsGrid
        venture={venture}
        t={(key, options) => t(`venture.charts.${key}`, options)}
        levelName={(level) => t(`venture.riskLevels.${level}`)}
        fundingTitle={t('venture.fundingProgress')}
        seriesLabel={t('venture.stats.expectedReturn')}
        centerLabel={t('venture.charts.centerLabel')}
        money={(value) => euros(value, lang)}
        percent={(value) => formatPercent(value, lang)}
        Frame={ChartSection}
        idPrefix="venture"
      />
    </Box>
  );
}
