import { Box, LinearProgress, Typography } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';
import { formatEuros } from '../../src-shared/money';

/** Share of the target already funded, 0 when there is no target (spec 9). */
export function fundedShare(amountFunded: unknown, targetAmount: unknown): number {
  const funded = Number(amountFunded);
  const target = Number(targetAmount);
  if (!Number.isFinite(funded) || !Number.isFinite(target) || target <= 0) return 0;
  return Math.min(1, Math.max(0, funded / target));
}

/** "funded / target" in EUR with a thin progress bar. */
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
      {bar ? (
        <LinearProgress
          variant="determinate"
          value={Math.round(share * 100)}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
          aria-hidden
        />
      ) : null}
    </Box>
  );
};
