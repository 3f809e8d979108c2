import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { VentureRecord } from './ventureRecord';
import { FundingTrack } from '../../../src-shared/charts/FundingTrack';
import { formatEuros } from '../../../src-shared/money';
import { formatDate } from '../../components/DateText';
import { EnumField } from '../../components/EnumField';
import { countryName } from '../../components/CountryInput';
import { fundedShare } from '../../components/FundingField';
// A figure of the venture: its label, then its value.
import { LabelledValue as Stat } from '../../components/LabelledValue';
import { VentureChartsCard } from './VentureChartsCard';
import { ventureImageUrl } from './ventureImage';

const TextBlock = ({ title, text }: { title: string; text?: string }) => {
  const translate = useTranslate();
  if (!text) return null;
  return (
    <Box>
      <Typography variant="h6" component="h3" gutterBottom>
        {translate(title)}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Typography>
    </Box>
  );
};

/**
 * Read-only venture data (spec 2.6 and 2.7): cover image, badges, convertible notice, stats, funding
 * progress, key dates, texts and tags. Used by the admin review page and the corporate venture page.
 */
/** `statusChips`: the corporate area's one status (decision 0201) in place of the admins' chips of
 * lifecycle, visibility and review. */
export const VentureDetails = ({ statusChips }: { statusChips?: ReactNode } = {}) => {
  const record = useRecordContext<VentureRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;

  const field = (name: string) => `resources.ventures.fields.${name}`;
  const money = (value: unknown) => formatEuros(value, locale);
  const percent = (value: unknown) =>
    typeof value === 'number'
      ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)
      : '-';
  const date = (value: unknown) => formatDate(value, locale) ?? '-';
  const share = fundedShare(record.amountFunded, record.targetAmount);
  const images = (record.images ?? []).map(ventureImageUrl).filter((url): url is string => url !== null);
  const cover = images[0];
  const person = record.createdBy
    ? [record.createdBy.firstName, record.createdBy.lastName].filter(Boolean).join(' ') ||
      record.createdBy.email
    : undefined;
  const creator = [record.createdBy?.companyName, person].filter(Boolean).join(' · ') || undefined;

  return (
    <Stack spacing={3} sx={{ py: 1 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          {cover ? (
            <Box
              component="img"
              src={cover}
              alt={record.title ?? ''}
              sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
            />
          ) : (
            <Box
              sx={{
                width: '100%',
                aspectRatio: '16 / 9',
                borderRadius: 1,
                bgcolor: 'action.hover',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <Typography color="text.secondary">{translate('app.ventures.no_image')}</Typography>
            </Box>
          )}
          {images.length > 1 ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {images.slice(1).map((url, i) => (
                <Box
                  key={url}
                  component="a"
                  href={url}
                  target="_blank"
                  rel="noopener"
                  sx={{ flex: '1 1 0', minWidth: 0 }}
                >
                  <Box
                    component="img"
                    src={url}
                    alt={translate('app.ventures.image_n', { n: i + 2, title: record.title ?? '' })}
                    sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1 }}
                  />
                </Box>
              ))}
            </Stack>
          ) : null}
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <Typography variant="h5" component="h2">
              {record.title}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {statusChips}
              <EnumField source="ventureType" enumName="ventureType" />
              {statusChips ? null : <EnumField source="lifecycleStatus" enumName="lifecycleStatus" />}
              <EnumField source="riskLevel" enumName="riskLevel" />
              {statusChips ? null : (
                <>
                  <EnumField source="visibility" enumName="visibility" />
                  <EnumField source="adminStatus" enumName="adminStatus" emptyValue="pending" />
                </>
              )}
            </Stack>
            <Alert severity="info" variant="outlined">
              {translate(
                record.isConvertible
                  ? 'app.ventures.convertible_notice'
                  : 'app.ventures.non_convertible_notice',
              )}
            </Alert>
            <Box>
              <Typography variant="body2" gutterBottom>
                {translate('app.ventures.funded_of_target', {
                  funded: money(record.amountFunded ?? 0),
                  target: money(record.targetAmount),
                  percent: Math.round(share * 100),
                })}
              </Typography>
              <FundingTrack
                percent={share * 100}
                role="progressbar"
                aria-label={translate('app.ventures.funding_progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(share * 100)}
              />
            </Box>
          </Stack>
        </Grid>
      </Grid>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('app.ventures.stats')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('targetAmount')}>{money(record.targetAmount)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('amountFunded')}>{money(record.amountFunded ?? 0)}</Stat>
            </Grid>
            {record.revocableAmount !== undefined && (
              <>
                {/* The reflection period (EU 2020/1503 Art. 22): what investors may still revoke. */}
                <Grid size={{ xs: 6, md: 3 }}>
                  <Stat label="reflection.revocable_amount">{money(record.revocableAmount)}</Stat>
                </Grid>
                <Grid size={{ xs: 6, md: 3 }}>
                  <Stat label="reflection.revocable_until">
                    {record.revocableUntil
                      ? (formatDate(record.revocableUntil, locale, true) ?? '-')
                      : translate('reflection.none_open')}
                  </Stat>
                </Grid>
              </>
            )}
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('minInvestmentAmount')}>{money(record.minInvestmentAmount)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('maxInvestmentAmount')}>{money(record.maxInvestmentAmount)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('expectedReturn')}>{percent(record.expectedReturn)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('investmentPeriod')}>
                {typeof record.investmentPeriod === 'number'
                  ? translate('app.ventures.months', { smart_count: record.investmentPeriod })
                  : '-'}
              </Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('repaymentType')}>
                {record.repaymentType
                  ? translate(`app.enums.repaymentType.${record.repaymentType}`, { _: record.repaymentType })
                  : '-'}
              </Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('repaymentFrequency')}>
                {record.repaymentFrequency
                  ? translate(`app.enums.repaymentFrequency.${record.repaymentFrequency}`, {
                      _: record.repaymentFrequency,
                    })
                  : '-'}
              </Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('gracePeriods')}>
                {typeof record.gracePeriods === 'number' ? String(record.gracePeriods) : '-'}
              </Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('collateralValue')}>{money(record.collateralValue)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('loanToValue')}>{percent(record.loanToValue)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('country')}>{countryName(record.country, locale) || '-'}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('isConvertible')}>
                {translate(record.isConvertible ? 'ra.boolean.true' : 'ra.boolean.false')}
              </Stat>
            </Grid>
            {creator ? (
              <Grid size={{ xs: 12, md: 6 }}>
                <Stat label={field('createdBy')}>
                  {creator}
                  {record.createdBy?.email && person !== record.createdBy.email
                    ? ` (${record.createdBy.email})`
                    : ''}
                </Stat>
              </Grid>
            ) : null}
          </Grid>
        </CardContent>
      </Card>

      <VentureChartsCard record={record} />

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            {translate('app.ventures.key_dates')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('createdAt')}>{date(record.createdAt)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('goesLiveAt')}>
                {record.goesLiveAt ? date(record.goesLiveAt) : translate('app.ventures.not_approved_yet')}
              </Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('closingDate')}>{date(record.closingDate)}</Stat>
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Stat label={field('adminReviewedAt')}>{date(record.adminReviewedAt)}</Stat>
            </Grid>
          </Grid>
        </CardContent>
      </Card>

      <TextBlock title="app.ventures.summary" text={record.shortDescription} />
      <TextBlock title="app.ventures.details" text={record.longDescription} />
      <TextBlock title="app.ventures.collateral_details" text={record.collateralDescription} />

      {record.tags && record.tags.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {record.tags.map((tag) => (
            <Chip key={tag} size="small" label={`#${tag}`} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
};
