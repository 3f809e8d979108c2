import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Badge colours whose white text meets AA contrast. */
const COLORS: Record<string, 'primary' | 'secondary' | 'success' | 'default'> = {
  invested: 'primary',
  completed: 'secondary',
  repaid: 'success',
  refunded: 'default',
};

/** An investment status badge (invested, completed, repaid, refunded). */
export function InvestmentStatusChip({ status }: { status: string | undefined }) {
  const { t } = useTranslation();
  if (!status) return <>-</>;
  const known = status in COLORS;
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={known ? t(`investor.status.${status}`) : status}
    />
  );
}
