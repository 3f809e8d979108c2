import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** What an investment is, as the investor reads it (issue 24): never "Completed" for a running loan. */
export type InvestmentState =
  'raising' | 'onTime' | 'late' | 'default' | 'recovery' | 'repaid' | 'writtenOff' | 'refunded' | 'revoked';

/** The figures an investment row or page carries (GET /api/investments/my-investments, the dashboard, the detail). */
export interface InvestmentStatusSource {
  status?: string | null;
  loanStatus?: string | null;
  daysLate?: number | null;
}

/**
 * The investment's state from its status and its loan's: `invested` is a venture still raising,
 * `completed` a running loan (on time, late, in default or in recovery by `loanStatus`), then
 * repaid, written off, refunded or revoked (within the reflection period, Art. 22). `null` for a status the client does not know.
 */
export function investmentState({ status, loanStatus }: InvestmentStatusSource): InvestmentState | null {
  switch (status) {
    case 'invested':
      return 'raising';
    case 'refunded':
      return 'refunded';
    // Revoked within the reflection period (EU 2020/1503 Art. 22): refunded in full.
    case 'revoked':
      return 'revoked';
    case 'repaid':
      return 'repaid';
    case 'written_off':
      return 'writtenOff';
    case 'completed':
      switch (loanStatus) {
        case 'late_1_15':
        case 'late_16_30':
        case 'late_31_60':
        case 'late_61_90':
          return 'late';
        case 'default':
          return 'default';
        case 'recovery':
          return 'recovery';
        case 'repaid':
          return 'repaid';
        case 'written_off':
          return 'writtenOff';
        default:
          return 'onTime';
      }
    default:
      return null;
  }
}

/** The state in the reader's language ('Repaying · Late 3 days'); an unknown status as it came. */
export function investmentStatusLabel(t: TFunction, source: InvestmentStatusSource): string {
  const state = investmentState(source);
  if (!state) return source.status ?? '-';
  if (state === 'revoked') return t('investFlow.status.revoked');
  return t(`investor.status.${state}`, { count: Math.max(0, source.daysLate ?? 0) });
}

type ChipLook = {
  color: 'primary' | 'secondary' | 'success' | 'error' | 'default';
  variant: 'filled' | 'outlined';
};

/**
 * Badge looks whose text meets AA contrast: a healthy loan in the brand's green, late in orange,
 * default and recovery in red, finished ones green (repaid) or grey.
 */
export const STATE_LOOKS: Record<InvestmentState, ChipLook> = {
  raising: { color: 'primary', variant: 'outlined' },
  onTime: { color: 'primary', variant: 'filled' },
  late: { color: 'secondary', variant: 'filled' },
  default: { color: 'error', variant: 'filled' },
  recovery: { color: 'error', variant: 'outlined' },
  repaid: { color: 'success', variant: 'filled' },
  writtenOff: { color: 'default', variant: 'filled' },
  refunded: { color: 'default', variant: 'outlined' },
  revoked: { color: 'default', variant: 'outlined' },
};

/** An investment's status badge (Raising, Repaying · On time, Repaying · Late n days, In default, ...). */
export function InvestmentStatusChip({ investment }: { investment: InvestmentStatusSource | undefined }) {
  const { t } = useTranslation();
  if (!investment?.status) return <>-</>;
  const state = investmentState(investment);
  const look = state ? STATE_LOOKS[state] : ({ color: 'default', variant: 'filled' } as const);
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      label={investmentStatusLabel(t, investment)}
      data-state={state ?? undefined}
    />
  );
}
