import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FundingTrack } from '../../src-shared/charts/FundingTrack';
import { fundedPercent, fundedPercentLabel } from '../../src-shared/rules/ventureProgress';

/**
 * The funding bar of spec 9: the funded share in green on a neutral grey track, nothing else
 * (decision 0181 drops the spec's fixed 20% segment). Assistive technology gets a progressbar whose
 * name and value are the funded percentage.
 */
export function FundingBar({
  amountFunded,
  targetAmount,
  showLabel = true,
}: {
  amountFunded: unknown;
  targetAmount: unknown;
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
    </Box>
  );
}
