import { lazy, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NET_RETURN_MIN_AGE_DAYS } from '../../src-shared/rules/funding';
import { ChartFigure } from '../../src-shared/charts/ChartFigure';
import { Page } from '../components/Page';
import { euros } from '../lib/format';
import { useInvestorDashboard, type InvestorDashboard } from './api';
import { percentText, SignedAmount } from './dashboardParts';
import type { PortfolioPart } from './FundingCharts';
import { DepositInstructionsPanel } from './payments/DepositInstructions';
import { WithdrawalsList } from './payments/WithdrawalsList';
import { WithdrawPanel } from './payments/WithdrawPanel';

/** The charts (and @mui/x-charts) come in their own chunk, after the page has painted. */
const loadCharts = () => import('./FundingCharts');
const PortfolioDoughnut = lazy(() => loadCharts().then((module) => ({ default: module.PortfolioDoughnut })));
const ReturnsBarChart = lazy(() => loadCharts().then((module) => ({ default: module.ReturnsBarChart })));
const BreakdownDoughnut = lazy(() => loadCharts().then((module) => ({ default: module.BreakdownDoughnut })));

const PARTS: readonly PortfolioPart[] = ['available', 'invested', 'pending', 'inRecovery'];
const RETURNS = ['profit', 'lateFees', 'badDebt', 'serviceFees'] as const;
type ReturnPart = (typeof RETURNS)[number];
/** Bad debt and service fees are losses: shown below zero whichever sign they come with. */
const LOSSES: ReadonlySet<ReturnPart> = new Set(['badDebt', 'serviceFees']);

/** A returns figure with its sign: losses negative (contract: "negative"), the others as they are. */
export function returnFigure(id: ReturnPart, value: number | undefined): number {
  const figure = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return LOSSES.has(id) && figure !== 0 ? -Math.abs(figure) : figure;
}

const cardSx = { height: '100%', display: 'flex', flexDirection: 'column' } as const;
/** The adding and the withdrawing panels: outlined, as tall as each other. */
const panelSx = {
  p: 3,
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
  height: '100%',
} as const;

function BalanceCard({ data, onAddFunds }: { data: InvestorDashboard | undefined; onAddFunds: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const portfolio = data?.portfolio;
  const parts = PARTS.map((id) => ({
    id,
    value: portfolio?.[id] ?? 0,
    label: t(`investor.funding.parts.${id}`),
  }));
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const caption = !portfolio
    ? t('investor.funding.loadingFigures')
    : total > 0
      ? t('investor.funding.balanceSummary', {
          total: euros(total, lang),
          available: euros(portfolio.available, lang),
          invested: euros(portfolio.invested, lang),
          pending: euros(portfolio.pending, lang),
          inRecovery: euros(portfolio.inRecovery, lang),
        })
      : t('investor.funding.noMoney');
  return (
    <Card variant="outlined" component="section" aria-labelledby="funding-balance" sx={cardSx}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id="funding-balance" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {t('investor.funding.balanceTitle')}
        </Typography>
        <Typography sx={{ fontSize: '2rem', fontWeight: 800, mt: 1 }}>
          {euros(data?.balance, lang)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('investor.funding.balanceHint')}
        </Typography>
        <ChartFigure id="funding-balance-chart" caption={caption}>
          {total > 0 ? (
            <PortfolioDoughnut
              parts={parts}
              title={t('investor.funding.balanceTitle')}
              description={caption}
              formatAmount={(value) => euros(value, lang)}
            />
          ) : null}
        </ChartFigure>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('investor.funding.inRecoveryHint', { amount: euros(portfolio?.inRecovery ?? 0, lang) })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
          <Button variant="contained" onClick={onAddFunds}>
            {t('investor.overview.addFunds')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function ReturnCard({ data }: { data: InvestorDashboard | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rate = data?.netAnnualReturn;
  const why = !data
    ? null
    : typeof rate === 'number'
      ? t('investor.funding.returnExplained')
      : data.investments.length === 0
        ? t('investor.funding.returnNoInvestments')
        : t('investor.funding.returnTooEarly', { days: NET_RETURN_MIN_AGE_DAYS });
  const bars = RETURNS.map((id) => ({
    id,
    label: t(`investor.funding.returns.${id}`),
    value: returnFigure(id, data?.returns[id]),
  }));
  const caption = data
    ? t('investor.funding.returnsSummary', {
        profit: euros(returnFigure('profit', data.returns.profit), lang),
        lateFees: euros(returnFigure('lateFees', data.returns.lateFees), lang),
        badDebt: euros(returnFigure('badDebt', data.returns.badDebt), lang),
        serviceFees: euros(returnFigure('serviceFees', data.returns.serviceFees), lang),
      })
    : t('investor.funding.loadingFigures');
  return (
    <Card variant="outlined" component="section" aria-labelledby="funding-return" sx={cardSx}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography id="funding-return" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {t('investor.funding.returnTitle')}
          </Typography>
          <Tooltip title={t('investor.funding.returnTip')} enterTouchDelay={0}>
            <IconButton size="small" aria-label={t('investor.funding.returnTipLabel')}>
              <InfoOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Typography sx={{ fontSize: '2rem', fontWeight: 800, mt: 1 }}>{percentText(rate, lang)}</Typography>
        {why ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {why}
          </Typography>
        ) : null}
        <ChartFigure id="funding-returns-chart" caption={caption}>
          {data ? (
            <ReturnsBarChart
              bars={bars}
              seriesLabel={t('investor.funding.returnsSeries')}
              title={t('investor.funding.returnsChartTitle')}
              description={caption}
              formatAmount={(value) => euros(value, lang)}
            />
          ) : null}
        </ChartFigure>
        {data ? (
          <Box component="dl" aria-label={t('investor.funding.returnsExplainedLabel')} sx={{ mt: 2, mb: 0 }}>
            {bars.map((bar) => (
              <Box
                key={bar.id}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) auto',
                  columnGap: 1,
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {bar.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  <SignedAmount value={bar.value} language={lang} />
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  color="text.secondary"
                  sx={{ m: 0, gridColumn: '1 / -1' }}
                >
                  {t(`investor.funding.returnsExplained.${bar.id}`)}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        <Button variant="contained" component={RouterLink} to="/ventures" sx={{ mt: 2 }}>
          {t('investor.funding.invest')}
        </Button>
      </CardContent>
    </Card>
  );
}

const DIMENSIONS = ['byCountry', 'byRiskLevel', 'byVentureType'] as const;

/**
 * What the investor holds by country, risk level and venture type (issue 30, item 14): a doughnut
 * each, its caption naming every part with its amount and share; the principal outstanding of the
 * running investments (the balance card's Invested, Pending and In recovery together).
 */
function BreakdownSection({ data }: { data: InvestorDashboard | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const regions = new Intl.DisplayNames([lang], { type: 'region' });
  const nameOf = (dimension: (typeof DIMENSIONS)[number], key: string) =>
    dimension === 'byCountry'
      ? (regions.of(key) ?? key)
      : dimension === 'byRiskLevel'
        ? t(`venture.riskLevels.${key}`, { defaultValue: key })
        : t(`venture.types.${key}`, { defaultValue: key });
  const breakdown = data?.breakdown;
  const empty = breakdown ? breakdown.byCountry.length === 0 : false;
  return (
    <Box component="section" aria-labelledby="funding-breakdown" sx={{ ...panelSx, mt: 3, height: 'auto' }}>
      <Typography id="funding-breakdown" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('portfolioBreakdown.title')}
      </Typography>
      {!breakdown ? null : empty ? (
        <Typography color="text.secondary">{t('portfolioBreakdown.empty')}</Typography>
      ) : (
        <Grid container spacing={3}>
          {DIMENSIONS.map((dimension) => {
            const parts = breakdown[dimension].map((part) => ({
              key: part.key,
              label: nameOf(dimension, part.key),
              value: part.amount,
              share: part.share,
            }));
            const title = t(`portfolioBreakdown.${dimension}`);
            const caption = t('portfolioBreakdown.caption', {
              dimension: title,
              parts: parts
                .map((part) =>
                  t('portfolioBreakdown.part', {
                    name: part.label,
                    amount: euros(part.value, lang),
                    share: new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(part.share),
                  }),
                )
                .join('; '),
            });
            return (
              <Grid key={dimension} size={{ xs: 12, md: 4 }} sx={{ minWidth: 0 }}>
                <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                  {title}
                </Typography>
                <ChartFigure id={`funding-${dimension}`} caption={caption}>
                  <BreakdownDoughnut
                    parts={parts}
                    title={title}
                    description={caption}
                    formatAmount={(value) => euros(value, lang)}
                    otherLabel={t('portfolioBreakdown.other')}
                  />
                </ChartFigure>
              </Grid>
            );
          })}
        </Grid>
      )}
    </Box>
  );
}

/**
 * /user/funding (spec 2.5's second dashboard screen, also reached from /dashboard/funding and the
 * overview's Balance card): the balance doughnut (Available, Invested, Pending, In Recovery) with Add
 * funds, the net annual return (XIRR, or a dash and why) with the bars of Profit, Late Fees, Bad Debt
 * and Service Fees and an Invest button; then (issue 27) Add funds with the platform's bank details
 * and the investor's RF reference, each to copy, the Withdraw panel (amount, review, receipt) and
 * "Your withdrawals" with Cancel while requested.
 */
export function FundingPage() {
  const { t } = useTranslation();
  const { data, error } = useInvestorDashboard();
  const addFunds = useRef<HTMLElement>(null);

  const showAddFunds = () => {
    const panel = addFunds.current;
    if (!panel) return;
    panel.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    panel.focus({ preventScroll: true });
  };

  return (
    <Page title={t('investor.funding.title')}>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('investor.overview.failed')}
        </Alert>
      ) : null}
      <Grid container spacing={3} sx={{ mt: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <BalanceCard data={data} onAddFunds={showAddFunds} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReturnCard data={data} />
        </Grid>
      </Grid>

      <BreakdownSection data={data} />

      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box
            component="section"
            id="add-funds"
            ref={addFunds}
            tabIndex={-1}
            aria-labelledby="add-funds-title"
            sx={panelSx}
          >
            <Typography id="add-funds-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
              {t('investor.funding.addTitle')}
            </Typography>
            <DepositInstructionsPanel />
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box component="section" aria-labelledby="withdraw-title" sx={panelSx}>
            <Typography id="withdraw-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
              {t('investor.funding.withdrawTitle')}
            </Typography>
            <WithdrawPanel />
          </Box>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="withdrawals-title" sx={{ ...panelSx, mt: 3, height: 'auto' }}>
        <Typography id="withdrawals-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {t('payments.list.title')}
        </Typography>
        <WithdrawalsList />
      </Box>
    </Page>
  );
}

export function Component() {
  return <FundingPage />;
}
