import { Suspense, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  Link as RouterLink,
  Navigate,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
} from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src-shared/api/http';
import type { VentureView as Venture } from '../../src-shared/api/types';
import { useAuth } from '../auth/session/AuthProvider';
import type { RememberedLocation } from '../auth/session/roles';
import { PageLoader } from '../components/PageLoader';
import { usePageTitle } from '../components/usePageTitle';
import { useNearViewport } from '../components/useNearViewport';
import type { KeepScrollState } from '../layout/RootLayout';
import { countryLabel, euros, formatDate, formatPercent } from '../lib/format';
import { lazyComponent } from '../lib/lazyComponent';
import { useVenture } from './api';
import { FundingBar } from './FundingBar';
import { ventureAvailability } from '../../src-shared/rules/ventureProgress';
import { ChartFigure } from '../../src-shared/charts/ChartFigure';
import { VentureChartsGrid, type ChartFrameProps } from '../../src-shared/charts/VentureChartsGrid';
import { DETAIL_IMAGE_SIZES, VentureImage } from './VentureImage';
import { VentureStatusBadge } from './VentureStatusBadge';

// The invest form (its rules, the verification and balance calls) loads when it is about to open:
// pointer over or focus on INVEST IN PROJECT, or the /investment-form link itself.
const InvestDialog = lazyComponent(() => import('./InvestDialog').then((module) => module.InvestDialog));
const preloadInvestDialog = () => void InvestDialog.preload().catch(() => undefined);

/** Risk badge colours with white text at AA contrast. */
const RISK_COLORS = { low: 'success', medium: 'secondary', high: 'error' } as const;

const statSx = {
  p: 2,
  height: '100%',
  border: '1px solid',
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
  minWidth: 0,
} as const;

/** One term of a stats grid: the grid cell is the <div> that groups a <dt> and its <dd>. */
function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

function TextBlock({ title, text }: { title: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.75, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/**
 * A chart card: heading, then the chart and its caption (shared with the back office). The charts
 * sit below the fold: their chunk is loaded and drawn only when the card comes near the viewport
 * (a skeleton of the chart's height until then, marked `data-deferred`: nothing is loading yet), so
 * they never hold up the page's first paint.
 */
function ChartSection({ id, title, caption, children }: ChartFrameProps) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  return (
    <Box component="section" ref={ref} aria-labelledby={id} sx={{ ...statSx, height: '100%' }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <ChartFigure id={id} caption={caption}>
        {children && !near ? (
          <Skeleton variant="rounded" height={300} aria-hidden="true" data-deferred="" />
        ) : (
          children
        )}
      </ChartFigure>
    </Box>
  );
}

function VentureCharts({ venture }: { venture: Venture }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Box sx={{ mt: 4 }}>
      <VentureChartsGrid
        venture={venture}
        t={(key, options) => t(`venture.charts.${key}`, options)}
        levelName={(level) => t(`venture.riskLevels.${level}`)}
        fundingTitle={t('venture.fundingProgress')}
        seriesLabel={t('venture.stats.expectedReturn')}
        centerLabel={t('venture.charts.centerLabel')}
        money={(value) => euros(value, lang)}
        percent={(value) => formatPercent(value, lang)}
        Frame={ChartSection}
        idPrefix="venture"
      />
    </Box>
  );
}

function VentureView({ venture, investOpen }: { venture: Venture; investOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Every opening of the invest dialog (a navigation to the form) gets a fresh dialog: empty amount,
  // no message, a new Idempotency-Key. Closing keeps the instance, so it can fade out.
  const [opening, setOpening] = useState(location.key);
  if (investOpen && location.key !== opening) setOpening(location.key);
  // Mounted from the first opening on, so that its closing transition plays as before.
  const [dialogUsed, setDialogUsed] = useState(investOpen);
  if (investOpen && !dialogUsed) setDialogUsed(true);
  const lang = i18n.language;
  const detailPath = `/ventures/${encodeURIComponent(venture._id)}`;
  const keepScroll: KeepScrollState = { keepScroll: true };
  usePageTitle(venture.title);
  const availability = ventureAvailability(venture);
  const notOpenReason =
    availability.reason === 'comingSoon' &&
    venture.goesLiveAt &&
    new Date(venture.goesLiveAt).getTime() > Date.now()
      ? t('venture.availability.reason.comingSoonOn', { date: formatDate(venture.goesLiveAt, lang) })
      : availability.reason
        ? t(`venture.availability.reason.${availability.reason}`)
        : '';

  const stats: { label: string; value: ReactNode }[] = [
    { label: t('venture.stats.target'), value: euros(venture.targetAmount, lang) },
    { label: t('venture.stats.funded'), value: euros(venture.amountFunded, lang) },
    { label: t('venture.stats.minInvestment'), value: euros(venture.minInvestmentAmount, lang) },
    { label: t('venture.stats.maxInvestment'), value: euros(venture.maxInvestmentAmount, lang) },
    { label: t('venture.stats.expectedReturn'), value: formatPercent(venture.expectedReturn, lang) },
    {
      label: t('venture.stats.period'),
      value:
        typeof venture.investmentPeriod === 'number'
          ? t('ventures.card.months', { count: venture.investmentPeriod })
          : '-',
    },
    { label: t('venture.stats.collateralValue'), value: euros(venture.collateralValue, lang) },
    { label: t('venture.stats.loanToValue'), value: formatPercent(venture.loanToValue, lang) },
    {
      label: t('venture.stats.country'),
      value: venture.country ? countryLabel(venture.country, venture.country, lang) : '-',
    },
    {
      label: t('venture.stats.type'),
      value: venture.ventureType ? t(`venture.types.${venture.ventureType}`) : '-',
    },
    {
      label: t('venture.stats.lifecycle'),
      value: venture.lifecycleStatus ? t(`venture.lifecycle.${venture.lifecycleStatus}`) : '-',
    },
  ];

  const dates: { label: string; value: string }[] = [
    { label: t('venture.dates.closing'), value: formatDate(venture.closingDate, lang) },
    {
      label: t('venture.dates.goesLive'),
      value: venture.goesLiveAt ? formatDate(venture.goesLiveAt, lang) : t('venture.dates.notApproved'),
    },
    { label: t('venture.dates.created'), value: formatDate(venture.createdAt, lang) },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
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
            <FundingBar amountFunded={venture.amountFunded} targetAmount={venture.targetAmount} />
          </Box>
          {availability.open ? (
            <Button
              variant="contained"
              size="large"
              fullWidth
              sx={{ mt: 3 }}
              onPointerEnter={preloadInvestDialog}
              onFocus={preloadInvestDialog}
              onClick={() => navigate(`${detailPath}/investment-form`, { state: keepScroll })}
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
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="venture-stats" sx={{ mt: 5 }}>
        <Typography id="venture-stats" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {t('venture.stats.title')}
        </Typography>
        <Grid component="dl" container spacing={2} sx={{ m: 0 }}>
          {stats.map((stat) => (
            <Grid key={stat.label} size={{ xs: 6, sm: 4, md: 3 }} sx={statSx}>
              <Stat label={stat.label} value={stat.value} />
            </Grid>
          ))}
        </Grid>
      </Box>

      <VentureCharts venture={venture} />

      <Box component="section" aria-labelledby="venture-dates" sx={{ mt: 4 }}>
        <Typography id="venture-dates" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {t('venture.dates.title')}
        </Typography>
        <Grid component="dl" container spacing={2} sx={{ m: 0 }}>
          {dates.map((date) => (
            <Grid key={date.label} size={{ xs: 12, sm: 4 }} sx={statSx}>
              <Stat label={date.label} value={date.value} />
            </Grid>
          ))}
        </Grid>
      </Box>

      <TextBlock title={t('venture.summary')} text={venture.shortDescription} />
      <TextBlock title={t('venture.details')} text={venture.longDescription} />
      <TextBlock title={t('venture.collateral')} text={venture.collateralDescription} />

      {venture.tags && venture.tags.length > 0 ? (
        <Box component="section" aria-label={t('venture.tags')} sx={{ mt: 4 }}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {venture.tags.map((tag) => (
              <li key={tag}>
                <Chip size="small" label={`#${tag}`} />
              </li>
            ))}
          </Box>
        </Box>
      ) : null}

      <Box sx={{ mt: 5 }}>
        <Button component={RouterLink} to="/ventures">
          {t('venture.backToList')}
        </Button>
      </Box>

      {dialogUsed ? (
        <Suspense fallback={null}>
          <InvestDialog
            key={opening}
            venture={venture}
            open={investOpen}
            onClose={() => navigate(detailPath, { replace: true, state: keepScroll })}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}

/**
 * /ventures/:ventureId and /ventures/:ventureId/investment-form (the second opens the invest dialog).
 * States (spec 2.3 and 8): 'Loading venture...', then the venture; a 404 or an empty answer reads
 * 'No venture found.', any other failure 'Failed to fetch venture details.'. INVEST IN PROJECT is a
 * button shown to everyone that opens the form (a visitor goes to /login and comes back to it); on a
 * venture that takes no investment (funded, repaid, coming soon, closed) it is disabled, names the
 * reason, and a sentence under it explains it. The status badge stands beside the risk badge.
 */
export function VentureDetailPage() {
  const { t } = useTranslation();
  const { ventureId = '' } = useParams();
  const location = useLocation();
  const { user, isLoading: authLoading } = useAuth();
  const investOpen = useMatch('/ventures/:ventureId/investment-form') !== null;
  const { data, error, isPending } = useVenture(ventureId);

  if (investOpen && !authLoading && !user) {
    const from: RememberedLocation = {
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
    };
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (isPending && ventureId !== '') return <PageLoader label={t('venture.loading')} />;
  if (error && !(error instanceof ApiError && error.status === 404)) {
    return <StateMessage>{t('venture.loadFailed')}</StateMessage>;
  }
  if (!data) return <StateMessage>{t('venture.notFound')}</StateMessage>;
  return <VentureView venture={data} investOpen={investOpen} />;
}

function StateMessage({ children }: { children: string }) {
  const { t } = useTranslation();
  usePageTitle(children);
  return (
    <Container maxWidth="md" sx={{ py: 8, textAlign: 'center' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {children}
      </Typography>
      <Button component={RouterLink} to="/ventures" variant="outlined" sx={{ mt: 3 }}>
        {t('venture.backToList')}
      </Button>
    </Container>
  );
}

export { VentureDetailPage as Component };
