import { Box, Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';
import { FundingTrack } from '../../src-shared/charts/FundingTrack';
import { formatEuros } from '../../src-shared/money';

/** Share of the target already funded, 0 when there is no target (spec 9). */
export function fundedShare(amountFunded: unknown, targetAmount: unknown): number {
  const funded = Number(amountFunded);
  const target = Number(targetAmount);
  if (!Number.isFinite(funded) || !Number.isFinite(target) || target <= 0) return 0;
  return Math.min(1, Math.max(0, funded / target));
}

/** "funded / target" in EUR with a thin funding bar (its filled part exactly the share, decision 0181). */
export const FundingField = ({ bar = true }: { bar?: boolean; label?: string }) => {
  const record = useRecordContext<{ amountFunded?: number; targetAmount?: number }>();
  const [locale] = useLocaleState();
  if (!record) return null;
  const share = fundedShare(record.amountFunded, record.targetAmount);
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {formatEuros(record.amountFunded ?? 0, locale)} / {formatEuros(record.targetAmount, locale)}
      </Typography>
      {bar ? <FundingTrack percent={share * 100} height={6} sx={{ mt: 0.5 }} aria-hidden /> : null}
    </Box>
  );
};
