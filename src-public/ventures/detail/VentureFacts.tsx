import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VentureView as Venture } from '../../../src-shared/api/types';
import { FactsSection, tileSx } from '../../components/FactsSection';
import { countryLabel, euros, formatDate, formatPercent } from '../../lib/format';

/** One term of a stats grid: the grid cell is the <div> that groups a <dt> and its <dd>. */
function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** The venture's figures: amounts, return, period, collateral, country, type and lifecycle. */
export function VentureStats({ venture }: { venture: Venture }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const stats: { label: string; value: ReactNode }[] = [
    { label: t('venture.stats.target'), value: euros(venture.targetAmount, lang) },
    { label: t('venture.stats.funded'), value: euros(venture.amountFunded, lang) },
    { label: t('venture.stats.minInvestment'), value: euros(venture.minInvestmentAmount, lang) },
    { label: t('venture.stats.maxInvestment'), value: euros(venture.maxInvestmentAmount, lang) },
    { label: t('venture.stats.expectedReturn'), value: formatPercent(venture.expectedReturn, lang) },
    {
      label: t('venture.stats.period'),
      value:
        typeof venture.investmentPeriod === 'number'
          ? t('ventures.card.months', { count: venture.investmentPeriod })
          : '-',
    },
    { label: t('venture.stats.collateralValue'), value: euros(venture.collateralValue, lang) },
    { label: t('venture.stats.loanToValue'), value: formatPercent(venture.loanToValue, lang) },
    {
      label: t('venture.stats.country'),
      value: venture.country ? countryLabel(venture.country, venture.country, lang) : '-',
    },
    {
      label: t('venture.stats.type'),
      value: venture.ventureType ? t(`venture.types.${venture.ventureType}`) : '-',
    },
    {
      label: t('venture.stats.lifecycle'),
      value: venture.lifecycleStatus ? t(`venture.lifecycle.${venture.lifecycleStatus}`) : '-',
    },
  ];
  return (
    <FactsSection id="venture-stats" title={t('venture.stats.title')} mt={5}>
      {stats.map((stat) => (
        <Grid key={stat.label} size={{ xs: 6, sm: 4, md: 3 }} sx={tileSx}>
          <Stat label={stat.label} value={stat.value} />
        </Grid>
      ))}
    </FactsSection>
  );
}

/** The venture's dates: closing, going live (or not approved yet) and creation. */
export function VentureDates({ venture }: { venture: Venture }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dates: { label: string; value: string }[] = [
    { label: t('venture.dates.closing'), value: formatDate(venture.closingDate, lang) },
    {
      label: t('venture.dates.goesLive'),
      value: venture.goesLiveAt ? formatDate(venture.goesLiveAt, lang) : t('venture.dates.notApproved'),
    },
    { label: t('venture.dates.created'), value: formatDate(venture.createdAt, lang) },
  ];
  return (
    <FactsSection id="venture-dates" title={t('venture.dates.title')} mt={4}>
      {dates.map((date) => (
        <Grid key={date.label} size={{ xs: 12, sm: 4 }} sx={tileSx}>
          <Stat label={date.label} value={date.value} />
        </Grid>
      ))}
    </FactsSection>
  );
}
