import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../auth/session/BalanceProvider';
import { euros } from '../lib/format';

/** Hidden from sight below the `sm` breakpoint, still read by screen readers. */
const hiddenOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    border: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/** The header's balance: 'Loading balance...' while loading, euros with two decimals, nothing when
 * there is no session with a balance or the value is not a number (spec 2.2). `compact` (the
 * header) shows only the amount on a phone; the label stays for screen readers. */
export function BalanceSlot({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { balance, hasBalance, isLoading } = useBalance();
  if (!hasBalance) return null;
  if (isLoading) {
    return (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={compact ? hiddenOnPhone : undefined}>
          {t('balance.loading')}
        </Box>
        {compact ? (
          <Box component="span" aria-hidden="true" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            …
          </Box>
        ) : null}
      </Typography>
    );
  }
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return null;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      <Box component="span" sx={compact ? hiddenOnPhone : undefined}>
        {t('balance.label')}{' '}
      </Box>
      <span data-testid="header-balance">{euros(balance, i18n.language)}</span>
    </Typography>
  );
}
