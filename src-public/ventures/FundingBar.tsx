import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FundingTrack } from '../../src-shared/charts/FundingTrack';
import { fundedPercent, fundedPercentLabel } from '../../src-shared/rules/ventureProgress';

/** Whole euros when the amount is whole (€25,000), else with its cents (€25,000.50). */
function roundEuros(value: unknown, language: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  const digits = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * The funding bar of spec 9: the funded share in green on a neutral grey track, nothing else
 * (decision 0181 drops the spec's fixed 20% segment). Assistive technology gets a progressbar whose
 * name and value are the funded percentage. Below it the percentage, and with `investorCount` the
 * amounts ("€X raised of €Y") and the number of investors (issue 30, item 13).
 */
export function FundingBar({
  amountFunded,
  targetAmount,
  investorCount,
  showLabel = true,
}: {
  amountFunded: unknown;
  targetAmount: unknown;
  investorCount?: number | undefined;
  showLabel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const label = t('ventures.card.funded', {
    percent: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(
      fundedPercentLabel(amountFunded, targetAmount),
    ),
  });
  return (
    <Box>
      <FundingTrack
        percent={fundedPercent(amountFunded, targetAmount)}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fundedPercent(amountFunded, targetAmount))}
        aria-valuetext={label}
      />
      {showLabel ? (
        <Typography variant="caption" color="text.secondary" aria-hidden="true">
          {label}
        </Typography>
      ) : null}
      {investorCount !== undefined ? (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            columnGap: 1,
            typography: 'body2',
          }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('ventureFunding.raised', {
              raised: roundEuros(amountFunded ?? 0, i18n.language),
              target: roundEuros(targetAmount, i18n.language),
            })}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {investorCount > 0
              ? t('ventureFunding.investors', { count: investorCount })
              : t('ventureFunding.noInvestors')}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
