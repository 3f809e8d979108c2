import { lazy, useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from '../../../src-shared/charts/ChartFigure';
import { AFRICAN_COUNTRIES } from '../../../src-shared/constants/countries';
import {
  RISK_LEVELS,
  VENTURE_TYPES,
  type RiskLevel,
  type VentureType,
} from '../../../src-shared/constants/enums';
import {
  autoInvestBodySchema,
  criteriaCount,
  type AutoInvestBody,
} from '../../../src-shared/contracts/autoInvest';
import { Page } from '../../components/Page';
import { failureText, translateRule } from '../../lib/errors';
import type { ErrorCode } from '../../../src-shared/errors';
import { countryLabel, euros, formatDateTime, formatPercent } from '../../lib/format';
import { useProtectionProfile } from '../protection/api';
import { QueryStatus } from '../QueryStatus';
import {
  matchQuery,
  useAutoInvest,
  useDisclosure,
  useMatchCount,
  useSaveMandate,
  type Allocation,
  type Disclosure,
  type Mandate,
} from './api';

/** The chart (and @mui/x-charts) in its own chunk, after the page has painted. */
const RiskChart = lazy(() => import('./RiskChart'));

/** The form's fields as typed (text), turned into the PUT body on review. */
interface FormState {
  active: boolean;
  budget: string;
  maxPerVenture: string;
  minReturn: string;
  maxReturn: string;
  minPeriod: string;
  maxPeriod: string;
  riskLevels: RiskLevel[];
  ventureTypes: VentureType[];
  countries: string[];
  acceptWarning: boolean;
}

const text = (value: number | null | undefined) => (value == null ? '' : String(value));
const number = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

function fromMandate(m: Mandate | null): FormState {
  return {
    active: m?.active ?? true,
    budget: text(m?.budget),
    maxPerVenture: text(m?.maxPerVenture),
    minReturn: text(m?.minReturn),
    maxReturn: text(m?.maxReturn),
    minPeriod: text(m?.minPeriod),
    maxPeriod: text(m?.maxPeriod),
    riskLevels: m?.riskLevels ?? [],
    ventureTypes: m?.ventureTypes ?? [],
    countries: m?.countries ?? [],
    acceptWarning: false,
  };
}

function toBody(f: FormState, withAcceptance: boolean): AutoInvestBody {
  return {
    active: f.active,
    budget: number(f.budget) ?? NaN,
    maxPerVenture: number(f.maxPerVenture) ?? NaN,
    minReturn: number(f.minReturn),
    maxReturn: number(f.maxReturn),
    minPeriod: number(f.minPeriod),
    maxPeriod: number(f.maxPeriod),
    riskLevels: f.riskLevels,
    ventureTypes: f.ventureTypes,
    countries: f.countries,
    ...(withAcceptance && { acceptWarning: true }),
  };
}

/**
 * /user/auto-invest (issue 28; EU 2020/1503 Art. 6; API contract, "Auto-invest (Art. 6)"): the
 * mandate's form with inline help per field and the live count of open ventures that match, the
 * warning step of Art. 21(7) for a non-sophisticated investor whose maximum per venture is above
 * their threshold, a review before saving, the allocations (invested or skipped with the reason)
 * and the disclosures of Delegated Regulation 2022/2118 (weighted average rate, risk split chart,
 * company concentration).
 */
export function AutoInvestPage() {
  const { t } = useTranslation();
  const view = useAutoInvest();
  return (
    <Page title={t('autoInvest.title')} intro={t('autoInvest.intro')}>
      <QueryStatus
        pending={view.isPending}
        loading={t('autoInvest.loading')}
        failed={view.error ? t('autoInvest.loadFailed') : null}
      />
      {view.data ? (
        <>
          <MandateForm mandate={view.data.data} />
          <Allocations rows={view.data.allocations} />
          <DisclosureBlock />
        </>
      ) : null}
    </Page>
  );
}

function MandateForm({ mandate }: { mandate: Mandate | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form, setForm] = useState<FormState>(() => fromMandate(mandate));
  const [reviewing, setReviewing] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveMandate();
  const profile = useProtectionProfile();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setReviewing(false);
    setSaved(false);
  };

  // The live count, asked again a moment after the criteria stop changing.
  const criteria = useMemo(
    () =>
      matchQuery({
        minReturn: number(form.minReturn),
        maxReturn: number(form.maxReturn),
        minPeriod: number(form.minPeriod),
        maxPeriod: number(form.maxPeriod),
        riskLevels: form.riskLevels,
        ventureTypes: form.ventureTypes,
        countries: form.countries,
      }),
    [form],
  );
  const [query, setQuery] = useState(criteria);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(criteria), 300);
    return () => clearTimeout(timer);
  }, [criteria]);
  const matches = useMatchCount(query);

  // Art. 21(7): above the threshold, the warning is accepted once on the mandate.
  const threshold = profile.data?.warningThreshold ?? null;
  const sophisticated = profile.data?.category === 'sophisticated';
  const maxPerVenture = number(form.maxPerVenture);
  const needsWarning =
    !sophisticated &&
    threshold !== null &&
    maxPerVenture !== null &&
    maxPerVenture > threshold &&
    !mandate?.warningAcceptedAt;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = autoInvestBodySchema.safeParse(toBody(form, false));
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        found[String(issue.path[0] ?? 'form')] ??= translateRule(i18n, { code: issue.message as ErrorCode });
    if (needsWarning && !form.acceptWarning) found.acceptWarning = t('autoInvest.warning.required');
    setProblems(found);
    if (Object.keys(found).length === 0) setReviewing(true);
  };
  const confirm = () =>
    save.mutate(toBody(form, needsWarning && form.acceptWarning), {
      onSuccess: () => {
        setReviewing(false);
        setSaved(true);
      },
    });

  const count = criteriaCount({
    minReturn: number(form.minReturn),
    maxReturn: number(form.maxReturn),
    minPeriod: number(form.minPeriod),
    maxPeriod: number(form.maxPeriod),
    riskLevels: form.riskLevels,
    ventureTypes: form.ventureTypes,
    countries: form.countries,
  });
  const field = (
    key: 'budget' | 'maxPerVenture' | 'minReturn' | 'maxReturn' | 'minPeriod' | 'maxPeriod',
    unit: string,
  ) => (
    <TextField
      fullWidth
      id={`auto-invest-${key}`}
      label={t(`autoInvest.form.${key}`)}
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      inputMode="decimal"
      error={problems[key] !== undefined}
      helperText={problems[key] ?? t(`autoInvest.help.${key}`)}
      slotProps={{ input: { endAdornment: <Typography color="text.secondary">{unit}</Typography> } }}
    />
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="auto-invest-form"
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="auto-invest-form" component="h2" variant="h5" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('autoInvest.form.title')}
        </Typography>
        {mandate ? (
          <Chip
            color={mandate.active ? 'success' : 'default'}
            label={t(mandate.active ? 'autoInvest.status.active' : 'autoInvest.status.paused')}
          />
        ) : null}
      </Box>
      {mandate ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('autoInvest.form.invested', {
            invested: euros(mandate.invested, lang),
            budget: euros(mandate.budget, lang),
          })}
        </Typography>
      ) : null}
      <Box component="form" noValidate onSubmit={review} sx={{ mt: 2 }}>
        <FormControlLabel
          control={<Switch checked={form.active} onChange={(e) => set('active', e.target.checked)} />}
          label={t(form.active ? 'autoInvest.form.active' : 'autoInvest.form.paused')}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('autoInvest.help.active')}</FormHelperText>
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('budget', '€')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('maxPerVenture', '€')}</Grid>
        </Grid>
        <Typography component="h3" variant="h6" sx={{ mt: 3, fontWeight: 700 }}>
          {t('autoInvest.form.criteria')}
        </Typography>
        <Typography variant="body2" color={problems.riskLevels ? 'error' : 'text.secondary'}>
          {problems.riskLevels ?? t('autoInvest.help.criteria', { count })}
        </Typography>
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('minReturn', '%')}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('maxReturn', '%')}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('minPeriod', t('autoInvest.form.monthsUnit'))}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{field('maxPeriod', t('autoInvest.form.monthsUnit'))}</Grid>
        </Grid>
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('autoInvest.form.riskLevels')}</FormLabel>
              <FormGroup row>
                {RISK_LEVELS.map((level) => (
                  <FormControlLabel
                    key={level}
                    control={
                      <Checkbox
                        checked={form.riskLevels.includes(level)}
                        onChange={(e) =>
                          set(
                            'riskLevels',
                            e.target.checked
                              ? [...form.riskLevels, level]
                              : form.riskLevels.filter((l) => l !== level),
                          )
                        }
                      />
                    }
                    label={t(`venture.risk.${level}`)}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{t('autoInvest.help.riskLevels')}</FormHelperText>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('autoInvest.form.ventureTypes')}</FormLabel>
              <FormGroup row>
                {VENTURE_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    control={
                      <Checkbox
                        checked={form.ventureTypes.includes(type)}
                        onChange={(e) =>
                          set(
                            'ventureTypes',
                            e.target.checked
                              ? [...form.ventureTypes, type]
                              : form.ventureTypes.filter((x) => x !== type),
                          )
                        }
                      />
                    }
                    label={t(`venture.types.${type}`)}
                  />
                ))}
              </FormGroup>
              <FormHelperText>{t('autoInvest.help.ventureTypes')}</FormHelperText>
            </FormControl>
          </Grid>
        </Grid>
        <Autocomplete
          multiple
          sx={{ mt: 2 }}
          options={AFRICAN_COUNTRIES.map((c) => c.code)}
          value={form.countries}
          onChange={(_e, value) => set('countries', value)}
          getOptionLabel={(code) =>
            countryLabel(code, AFRICAN_COUNTRIES.find((c) => c.code === code)?.name ?? code, lang)
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('autoInvest.form.countries')}
              helperText={t('autoInvest.help.countries')}
            />
          )}
        />
        <Alert severity="info" sx={{ mt: 2 }} role="status" aria-live="polite">
          {matches.data === undefined
            ? t('autoInvest.matches.loading')
            : t('autoInvest.matches.count', { count: matches.data })}
        </Alert>

        {needsWarning ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('autoInvest.warning.title')}</Typography>
            <Typography variant="body2">
              {t('autoInvest.warning.text', { threshold: euros(threshold, lang) })}
            </Typography>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.acceptWarning}
                  onChange={(e) => set('acceptWarning', e.target.checked)}
                />
              }
              label={t('autoInvest.warning.accept', { threshold: euros(threshold, lang) })}
            />
            {problems.acceptWarning ? <FormHelperText error>{problems.acceptWarning}</FormHelperText> : null}
          </Alert>
        ) : null}
        {profile.data && profile.data.missing.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('autoInvest.protectionMissing')}{' '}
            <RouterLink to="/user/profile/investor">{t('autoInvest.protectionLink')}</RouterLink>
          </Alert>
        ) : null}

        {!reviewing ? (
          <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }}>
            {t('autoInvest.review.button')}
          </Button>
        ) : null}
      </Box>

      {reviewing ? (
        <Box
          component="section"
          aria-labelledby="auto-invest-review"
          sx={{ mt: 3, p: 2, bgcolor: 'action.hover', borderRadius: 2 }}
        >
          <Typography id="auto-invest-review" component="h3" variant="h6" sx={{ fontWeight: 700 }}>
            {t('autoInvest.review.title')}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: 0.5,
              m: 0,
              mt: 1,
            }}
          >
            {summary(form, t, lang).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {save.error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failureText(i18n, save.error, { fallback: t('autoInvest.review.failed') })}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={confirm} disabled={save.isPending}>
              {t('autoInvest.review.confirm')}
            </Button>
            <Button onClick={() => setReviewing(false)}>{t('autoInvest.review.edit')}</Button>
          </Box>
        </Box>
      ) : null}
      {saved ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          {t('autoInvest.review.saved')}
        </Alert>
      ) : null}
    </Paper>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** The review's lines: each field as the investor set it. */
function summary(f: FormState, t: T, lang: string): [string, string][] {
  const any = t('autoInvest.review.any');
  const range = (min: string, max: string, format: (v: number) => string) =>
    min === '' && max === ''
      ? any
      : min === ''
        ? t('autoInvest.review.atMost', { value: format(Number(max)) })
        : max === ''
          ? t('autoInvest.review.atLeast', { value: format(Number(min)) })
          : `${format(Number(min))} – ${format(Number(max))}`;
  const list = (values: string[]) => (values.length === 0 ? any : values.join(', '));
  return [
    [t('autoInvest.review.status'), t(f.active ? 'autoInvest.status.active' : 'autoInvest.status.paused')],
    [t('autoInvest.form.budget'), euros(number(f.budget), lang)],
    [t('autoInvest.form.maxPerVenture'), euros(number(f.maxPerVenture), lang)],
    [t('autoInvest.review.return'), range(f.minReturn, f.maxReturn, (v) => formatPercent(v, lang))],
    [
      t('autoInvest.review.period'),
      range(f.minPeriod, f.maxPeriod, (v) => t('autoInvest.review.months', { count: v })),
    ],
    [t('autoInvest.form.riskLevels'), list(f.riskLevels.map((l) => t(`venture.risk.${l}`)))],
    [t('autoInvest.form.ventureTypes'), list(f.ventureTypes.map((x) => t(`venture.types.${x}`)))],
    [
      t('autoInvest.form.countries'),
      list(
        f.countries.map((c) => countryLabel(c, AFRICAN_COUNTRIES.find((x) => x.code === c)?.name ?? c, lang)),
      ),
    ],
  ];
}

/** What the mandate did: one line per allocation (a phone shows each row on one line). */
function Allocations({ rows }: { rows: Allocation[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="auto-invest-allocations"
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Typography id="auto-invest-allocations" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {t('autoInvest.allocations.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('autoInvest.allocations.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={row._id}
              data-testid="allocation"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                whiteSpace: 'nowrap',
                minWidth: 0,
              }}
            >
              <Chip
                size="small"
                color={row.outcome === 'invested' ? 'success' : 'default'}
                label={t(`autoInvest.allocations.${row.outcome}`)}
              />
              <Typography sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                <RouterLink to={`/ventures/${row.venture._id}`}>{row.venture.title}</RouterLink>
                <Typography
                  component="span"
                  color="text.secondary"
                  sx={{ display: { xs: 'none', sm: 'inline' } }}
                >
                  {' · '}
                  {formatDateTime(row.createdAt, lang)}
                </Typography>
              </Typography>
              {/* The amount or the reason is never cut: the title gives way. */}
              <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>
                {row.outcome === 'invested' ? euros(row.amount, lang) : t(`autoInvest.reasons.${row.reason}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** The disclosures of Delegated Regulation 2022/2118 over the investor's live investments. */
function DisclosureBlock() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, isPending, error } = useDisclosure();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="auto-invest-disclosure"
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Typography id="auto-invest-disclosure" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {t('autoInvest.disclosure.title')}
      </Typography>
      <Typography color="text.secondary">{t('autoInvest.disclosure.intro')}</Typography>
      <QueryStatus
        pending={isPending}
        loading={t('autoInvest.loading')}
        failed={error ? t('autoInvest.disclosure.failed') : null}
      />
      {data ? <DisclosureFigures data={data} lang={lang} t={t} /> : null}
    </Paper>
  );
}

function DisclosureFigures({ data, lang, t }: { data: Disclosure; lang: string; t: T }) {
  const caption = t('autoInvest.disclosure.riskCaption', {
    parts: data.byRisk
      .map(
        (r) =>
          `${t(`venture.risk.${r.riskLevel}`)} ${euros(r.amount, lang)} (${formatPercent(r.share, lang)})`,
      )
      .join(', '),
  });
  return (
    <>
      <Typography sx={{ mt: 2, fontSize: '1.25rem' }}>
        {t('autoInvest.disclosure.rate')}: <strong>{formatPercent(data.weightedAverageRate, lang)}</strong>
        {' · '}
        {t('autoInvest.disclosure.total')}: <strong>{euros(data.total, lang)}</strong>
      </Typography>
      <Grid container spacing={3} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
            {t('autoInvest.disclosure.byRisk')}
          </Typography>
          <ChartFigure id="auto-invest-risk" caption={caption} height={240}>
            {data.total > 0 ? (
              <RiskChart
                bars={data.byRisk.map((r) => ({ label: t(`venture.risk.${r.riskLevel}`), value: r.amount }))}
                title={t('autoInvest.disclosure.byRisk')}
                description={caption}
                formatAmount={(v) => euros(v, lang)}
              />
            ) : null}
          </ChartFigure>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
            {t('autoInvest.disclosure.byCompany')}
          </Typography>
          {data.byCompany.length === 0 ? (
            <Typography color="text.secondary">{t('autoInvest.disclosure.empty')}</Typography>
          ) : (
            <Table size="small" aria-label={t('autoInvest.disclosure.byCompany')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('autoInvest.disclosure.company')}</TableCell>
                  <TableCell align="right">{t('autoInvest.disclosure.amount')}</TableCell>
                  <TableCell align="right">{t('autoInvest.disclosure.share')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.byCompany.map((c) => (
                  <TableRow key={c.companyId}>
                    <TableCell>{c.company}</TableCell>
                    <TableCell align="right">{euros(c.amount, lang)}</TableCell>
                    <TableCell align="right">{formatPercent(c.share, lang)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Grid>
      </Grid>
    </>
  );
}

export { AutoInvestPage as Component };
