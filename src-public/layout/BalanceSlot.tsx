import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../auth/session/BalanceProvider';
import { euros } from '../lib/format';

/** The header's balance: 'Loading balance...' while loading, euros with two decimals, nothing when
 * there is no session with a balance or the value is not a number (spec 2.2). */
export function BalanceSlot() {
  const { t, i18n } = useTranslation();
  const { balance, hasBalance, isLoading } = useBalance();
  if (!hasBalance) return null;
  if (isLoading) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {t('balance.loading')}
      </Typography>
    );
  }
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return null;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      <span>{t('balance.label')} </span>
      <span data-testid="header-balance">{euros(balance, i18n.language)}</span>
    </Typography>
  );
}
