import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { VentureBadge } from '../../src-shared/rules/ventureProgress';

/**
 * Solid badge colours (the card shows the badge over its picture), none of them a risk badge's
 * green: white text on the dark ones and dark text on white, all above 4.5:1.
 */
const BADGE_SX: Record<VentureBadge, ChipProps['sx']> = {
  funded: { bgcolor: 'primary.main', color: 'primary.contrastText' },
  repaid: { bgcolor: '#1565c0', color: '#ffffff' },
  comingSoon: { bgcolor: '#616161', color: '#ffffff' },
  closed: { bgcolor: '#ffffff', color: 'text.primary', border: '1px solid', borderColor: 'text.secondary' },
};

/** The status badge of a venture that takes no investment now: Funded, Repaid, Coming soon or Closed. */
export function VentureStatusBadge({
  badge,
  size,
  sx,
}: {
  badge: VentureBadge;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      data-badge={badge}
      label={t(`venture.availability.badge.${badge}`)}
      sx={[{ fontWeight: 700 }, BADGE_SX[badge] as object, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
