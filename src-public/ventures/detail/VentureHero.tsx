import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VentureView as Venture } from '../../../src-shared/api/types';
import { ventureAvailability } from '../../../src-shared/rules/ventureProgress';
import { formatDate } from '../../lib/format';
import { FundingBar } from '../FundingBar';
import { DETAIL_IMAGE_SIZES, VentureImage } from '../VentureImage';
import { VentureStatusBadge } from '../VentureStatusBadge';
import { preloadInvestDialog } from './investDialog';
import { VentureKiisLink } from './VentureKiisLink';

/** Risk badge colours with white text at AA contrast. */
const RISK_COLORS = { low: 'success', medium: 'secondary', high: 'error' } as const;

/**
 * The top of the page: the image beside the title, badges, the convertible note, the funding bar
 * and INVEST IN PROJECT (disabled, with the reason under it, when the venture takes no investment),
 * then the link to the key investment information sheet (PDF).
 */
export function VentureHero({ venture, onInvest }: { venture: Venture; onInvest: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const availability = ventureAvailability(venture);
  const notOpenReason =
    availability.reason === 'comingSoon' &&
    venture.goesLiveAt &&
    new Date(venture.goesLiveAt).getTime() > Date.now()
      ? t('venture.availability.reason.comingSoonOn', { date: formatDate(venture.goesLiveAt, lang) })
      : availability.reason
        ? t(`venture.availability.reason.${availability.reason}`)
        : '';

  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, md: 7 }}>
        <VentureImage
          images={venture.images}
          alt={t('ventures.card.imageAlt', { title: venture.title })}
          placeholderAlt={t('ventures.card.noImage', { title: venture.title })}
          priority
          sizes={DETAIL_IMAGE_SIZES}
          sx={{ borderRadius: 2 }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
        <Typography
          component="h1"
          variant="h3"
          sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.4rem' }, overflowWrap: 'anywhere' }}
        >
          {venture.title}
        </Typography>
        {venture.shortDescription ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {venture.shortDescription}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          {availability.badge ? <VentureStatusBadge badge={availability.badge} /> : null}
          {venture.riskLevel ? (
            <Chip color={RISK_COLORS[venture.riskLevel]} label={t(`venture.risk.${venture.riskLevel}`)} />
          ) : null}
          {venture.adminStatus ? (
            <Chip variant="outlined" label={t(`venture.adminStatus.${venture.adminStatus}`)} />
          ) : null}
        </Box>
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          {venture.isConvertible ? t('venture.convertibleNote') : t('venture.nonConvertibleNote')}
        </Alert>
        <Box sx={{ mt: 3 }}>
          <FundingBar
            amountFunded={venture.amountFunded}
            targetAmount={venture.targetAmount}
            investorCount={venture.investorCount}
          />
        </Box>
        {availability.open ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
            onPointerEnter={preloadInvestDialog}
            onFocus={preloadInvestDialog}
            onClick={onInvest}
          >
            {t('venture.investButton')}
          </Button>
        ) : (
          <>
            <Button
              variant="contained"
              size="large"
              fullWidth
              disabled
              aria-describedby="venture-not-open"
              sx={{ mt: 3 }}
            >
              {t(`venture.availability.button.${availability.reason ?? 'notApproved'}`)}
            </Button>
            <Typography id="venture-not-open" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {notOpenReason}
            </Typography>
          </>
        )}
        <VentureKiisLink venture={venture} />
      </Grid>
    </Grid>
  );
}
