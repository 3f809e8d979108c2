import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { palette } from '../../src-shared/theme';
import {
  fundedPercent,
  fundedPercentLabel,
  fundingBarSegments,
} from '../../src-shared/rules/ventureProgress';

/** Colour of the spec's fixed 20% segment: a light tint of the funded green. */
export const FIXED_SEGMENT_COLOR = '#a5d6a7';

/**
 * The funding bar of spec 9: the funded share in green, then a fixed 20% segment (light green), then
 * the remainder in grey. The segments always fill exactly the track. Assistive technology gets a
 * progressbar whose name and value are the funded percentage; the drawing itself is hidden from it.
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
  const segments = fundingBarSegments(amountFunded, targetAmount);
  const label = t('ventures.card.funded', {
    percent: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(
      fundedPercentLabel(amountFunded, targetAmount),
    ),
  });
  return (
    <Box>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fundedPercent(amountFunded, targetAmount))}
        aria-valuetext={label}
        sx={{
          display: 'flex',
          height: 8,
          borderRadius: 4,
          overflow: 'hidden',
          bgcolor: palette.remaining,
        }}
      >
        <Box data-segment="funded" sx={{ width: `${segments.funded}%`, bgcolor: palette.funded }} />
        <Box data-segment="fixed" sx={{ width: `${segments.fixed}%`, bgcolor: FIXED_SEGMENT_COLOR }} />
        <Box data-segment="remaining" sx={{ width: `${segments.remaining}%`, bgcolor: palette.remaining }} />
      </Box>
      {showLabel ? (
        <Typography variant="caption" color="text.secondary" aria-hidden="true">
          {label}
        </Typography>
      ) : null}
    </Box>
  );
}
