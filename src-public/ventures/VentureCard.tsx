import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../lib/format';
import { FundingBar } from './FundingBar';
import { daysLeft, ventureAvailability } from '../../src-shared/rules/ventureProgress';
import type { VentureView } from '../../src-shared/api/types';
import { VentureImage } from './VentureImage';
import { VentureStatusBadge } from './VentureStatusBadge';

/**
 * A venture card. The teaser variant (home page) shows cover, title, short description and DETAILS;
 * the full variant (ventures list) adds the funding bar, days left, return, period, the convertible
 * flag and an INVEST link. Both links go straight to /ventures/{id}[/investment-form]; the spec's
 * /projects/{id}[/invest] spellings redirect there (routes.tsx). A venture that takes no investment
 * (funded, repaid, coming soon, closed) wears a status badge, and instead of INVEST the full card
 * has a disabled button saying why; for the days left a funded one reads 'Fully funded', a repaid one
 * 'Repaid'.
 */
export function VentureCard({
  venture,
  variant = 'full',
  headingLevel = 'h3',
  priority = false,
}: {
  venture: VentureView;
  variant?: 'teaser' | 'full';
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list whose covers are the page's largest pictures: its cover loads first. */
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const detailPath = `/ventures/${encodeURIComponent(venture._id)}`;
  const availability = ventureAvailability(venture);
  const daysLeftText =
    availability.reason === 'repaid'
      ? t('venture.availability.button.repaid')
      : availability.reason === 'funded'
        ? t('ventures.card.fullyFunded')
        : daysLeft(venture.closingDate);
  const notOpenLabel = availability.reason ? t(`venture.availability.button.${availability.reason}`) : '';
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative' }}>
        <VentureImage
          images={venture.images}
          alt={t('ventures.card.imageAlt', { title: venture.title })}
          placeholderAlt={t('ventures.card.noImage', { title: venture.title })}
          priority={priority}
        />
        {availability.badge ? (
          <VentureStatusBadge
            badge={availability.badge}
            size="small"
            sx={{ position: 'absolute', top: 12, left: 12, boxShadow: 1 }}
          />
        ) : null}
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Typography
          component={headingLevel}
          variant="h6"
          sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}
        >
          {venture.title}
        </Typography>
        {venture.shortDescription ? (
          <Typography variant="body2" color="text.secondary">
            {venture.shortDescription}
          </Typography>
        ) : null}
        {variant === 'full' ? (
          <>
            <FundingBar
              amountFunded={venture.amountFunded}
              targetAmount={venture.targetAmount}
              investorCount={venture.investorCount}
            />
            <Box
              component="dl"
              sx={{
                display: 'grid',
                // Equal columns, each at least as wide as its longest word ('Zurückgezahlt' ran into
                // the return's figure in three equal thirds of a card).
                gridTemplateColumns: 'repeat(3, minmax(min-content, 1fr))',
                gap: 1,
                m: 0,
                '& dt': { typography: 'caption', color: 'text.secondary' },
                '& dd': { m: 0, fontWeight: 700 },
                '& > div': { minWidth: 0 },
              }}
            >
              <div>
                <dt>{t('ventures.card.daysLeft')}</dt>
                <dd>{daysLeftText}</dd>
              </div>
              <div>
                <dt>{t('ventures.card.expectedReturn')}</dt>
                <dd>{formatPercent(venture.expectedReturn, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('ventures.card.period')}</dt>
                <dd>
                  {typeof venture.investmentPeriod === 'number'
                    ? t('ventures.card.months', { count: venture.investmentPeriod })
                    : '-'}
                </dd>
              </div>
            </Box>
            <Box>
              <Chip
                size="small"
                variant="outlined"
                color={venture.isConvertible ? 'primary' : 'default'}
                label={venture.isConvertible ? t('venture.convertible') : t('venture.nonConvertible')}
              />
            </Box>
          </>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={detailPath}
          variant="outlined"
          aria-label={t('ventures.card.detailsFor', { title: venture.title })}
        >
          {t('ventures.card.details')}
        </Button>
        {variant === 'full' && availability.open ? (
          <Button
            component={RouterLink}
            to={`${detailPath}/investment-form`}
            variant="contained"
            aria-label={t('ventures.card.investIn', { title: venture.title })}
          >
            {t('ventures.card.invest')}
          </Button>
        ) : null}
        {variant === 'full' && !availability.open ? (
          <Button
            variant="contained"
            disabled
            aria-label={t('ventures.card.notOpenFor', { label: notOpenLabel, title: venture.title })}
          >
            {notOpenLabel}
          </Button>
        ) : null}
      </CardActions>
    </Card>
  );
}

/** A full card's outline while the list loads: the cover's 16:9 box and the card's text lines. */
export function VentureCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden="true" data-testid="venture-card-skeleton" sx={{ height: '100%' }}>
      <Skeleton
        variant="rectangular"
        animation={false}
        sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }}
      />
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Skeleton variant="text" animation={false} sx={{ fontSize: '1.25rem', width: '70%' }} />
        <Skeleton variant="text" animation={false} height={40} />
        <Skeleton variant="rounded" animation={false} height={64} />
        <Skeleton variant="rounded" animation={false} height={24} width={120} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Skeleton variant="rounded" animation={false} height={36} width={96} />
      </CardActions>
    </Card>
  );
}
