import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAX_EUROS } from '../../../src-shared/contracts/input';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { centsToEuros } from '../../../src-shared/money';
import { lossCapacity, warningThresholdCents } from '../../../src-shared/rules/protection';
import { FailureAlert } from '../../components/FailureAlert';
import { Page } from '../../components/Page';
import { APP_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText, translateRule } from '../../lib/errors';
import { parseEuroInput } from '../../lib/euroInput';
import { euros, formatDate } from '../../lib/format';
import { QueryStatus } from '../QueryStatus';
import { useProtectionProfile, useSaveLossSimulation } from './api';
import { BackToOverview, Facts, WhatNext } from './parts';

export { parseEuroInput };

const FIELDS = ['annualIncome', 'liquidAssets', 'annualCommitments'] as const;
type Field = (typeof FIELDS)[number];

/** The shared bound of every euro amount (src-shared/contracts/input.ts): EUR 100,000,000. */
const MAX_CENTS = BigInt(MAX_EUROS) * 100n;

type Values = Record<Field, string>;

/**
 * /user/profile/investor/simulation: the simulation of the ability to bear loss of EU 2020/1503
 * Art. 21(4) and Delegated Regulation 2022/2114 Art. 5. Three amounts in euros (yearly net income,
 * liquid assets, yearly financial commitments); while typing, the net worth, the 10 % the investor
 * could afford to lose and the warning threshold of Art. 21(7), computed by the server's own rules
 * (src-shared/rules/protection.ts, in cents). Save stores it (POST /api/protection/loss-simulation);
 * the saved result and its date come from GET /api/protection/me.
 */
export function LossSimulationPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const toast = useToast();
  const profileQuery = useProtectionProfile();
  const profile = profileQuery.data;
  const { mutateAsync: save, isPending: saving } = useSaveLossSimulation();
  const [values, setValues] = useState<Values>({ annualIncome: '', liquidAssets: '', annualCommitments: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const parsed = Object.fromEntries(FIELDS.map((field) => [field, parseEuroInput(values[field])])) as Record<
    Field,
    bigint | null | undefined
  >;
  const fieldError = (field: Field): string | undefined => {
    const cents = parsed[field];
    if (cents === null) return translateRule(i18n, { code: 'protection.amount_invalid' });
    if (cents !== undefined && cents > MAX_CENTS)
      return translateRule(i18n, { code: 'input.amount_too_large', params: { field } });
    return undefined;
  };
  // The live result counts an empty field as 0 and waits while a field holds no amount.
  const live = FIELDS.every((field) => parsed[field] !== null && !fieldError(field))
    ? lossCapacity(parsed.annualIncome ?? 0n, parsed.liquidAssets ?? 0n, parsed.annualCommitments ?? 0n)
    : null;
  const liveThreshold = live ? warningThresholdCents(live.netWorthCents) : null;
  const money = (cents: bigint | null | undefined) =>
    cents === null || cents === undefined ? '-' : euros(centsToEuros(cents), lang);

  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      if (parsed[field] === undefined) found[field] = t('protection.simulation.required');
      else {
        const error = fieldError(field);
        if (error) found[field] = error;
      }
    }
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      setErrors(found);
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      await save({
        annualIncome: centsToEuros(parsed.annualIncome!),
        liquidAssets: centsToEuros(parsed.liquidAssets!),
        annualCommitments: centsToEuros(parsed.annualCommitments!),
      });
      toast.success(t('protection.simulation.saved'), APP_TOAST_MS);
    } catch (error) {
      setErrors(translateFieldErrors(i18n, error) as Partial<Record<Field, string>>);
      const message = failureText(i18n, error, {
        fallback: t('protection.simulation.saveFailed'),
        noResponse: t('auth.errors.noResponse'),
      });
      setFailure(message);
      toast.error(message, APP_TOAST_MS);
    }
  };

  /** One amount; its hint (or error) and, for the liquid assets, what counts are its description. */
  const field = (name: Field, hint: string, describedBy?: string) => {
    const error = errors[name] ?? fieldError(name);
    const id = `simulation-${name}`;
    return (
      <TextField
        id={id}
        name={name}
        label={t(`protection.simulation.${name}`)}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        required
        fullWidth
        error={Boolean(error)}
        helperText={error ?? hint}
        disabled={saving}
        slotProps={{
          htmlInput: {
            inputMode: 'decimal',
            autoComplete: 'off',
            'aria-describedby': [`${id}-helper-text`, describedBy].filter(Boolean).join(' '),
          },
          input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
        }}
      />
    );
  };

  const saved = profile?.lossCapacity;

  return (
    <Page title={t('protection.simulation.title')} maxWidth="md">
      <BackToOverview />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t('protection.simulation.intro')}
      </Typography>
      <QueryStatus
        pending={profileQuery.isPending}
        loading={t('protection.loading')}
        failed={profileQuery.error ? t('protection.loadFailed') : null}
      />
      {profile?.category === 'sophisticated' ? (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('protection.overview.simulationNotNeeded')}
        </Alert>
      ) : null}

      <Grid container spacing={3} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Box
            component="form"
            ref={formRef}
            onSubmit={submit}
            noValidate
            aria-labelledby="simulation-form-title"
          >
            <Typography id="simulation-form-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
              {t('protection.simulation.formTitle')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 3, mt: 2 }}>
              {field('annualIncome', t('protection.simulation.annualIncomeHint'))}
              <Box>
                {field(
                  'liquidAssets',
                  t('protection.simulation.liquidAssetsHint'),
                  'simulation-counts simulation-not-counts',
                )}
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                    gap: 2,
                    mt: 1.5,
                    typography: 'body2',
                  }}
                >
                  <Box id="simulation-counts">
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('protection.simulation.countsTitle')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('protection.simulation.counts')}
                    </Typography>
                  </Box>
                  <Box id="simulation-not-counts">
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('protection.simulation.notCountsTitle')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('protection.simulation.notCounts')}
                    </Typography>
                  </Box>
                </Box>
              </Box>
              {field('annualCommitments', t('protection.simulation.annualCommitmentsHint'))}
            </Box>
            {failure ? (
              <Box sx={{ mt: 3 }}>
                <FailureAlert failure={failure} />
              </Box>
            ) : null}
            <Button type="submit" variant="contained" size="large" disabled={saving} sx={{ mt: 3 }}>
              {saving ? t('protection.simulation.saving') : t('protection.simulation.save')}
            </Button>
          </Box>
        </Grid>

        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby="simulation-live-title"
            sx={{ p: { xs: 2, md: 3 }, position: { md: 'sticky' }, top: { md: 96 } }}
          >
            <Typography id="simulation-live-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {t('protection.simulation.liveTitle')}
            </Typography>
            <Facts
              items={[
                { label: t('protection.simulation.netWorth'), value: money(live?.netWorthCents) },
                { label: t('protection.simulation.capacity'), value: money(live?.capacityCents) },
                { label: t('protection.simulation.threshold'), value: money(liveThreshold) },
              ]}
            />
            <Typography variant="body2" aria-live="polite" sx={{ fontWeight: 600 }}>
              {live
                ? t('protection.simulation.liveSummary', {
                    capacity: money(live.capacityCents),
                    threshold: money(liveThreshold),
                  })
                : t('protection.simulation.liveWaiting')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('protection.simulation.formula')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('protection.simulation.thresholdMeaning')}
            </Typography>
          </Paper>
        </Grid>
      </Grid>

      {saved ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="simulation-saved-title"
          sx={{ p: { xs: 2, md: 3 }, mt: 4 }}
        >
          <Typography id="simulation-saved-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('protection.simulation.savedTitle', { date: formatDate(saved.updatedAt, lang) })}
          </Typography>
          <Facts
            items={[
              { label: t('protection.simulation.netWorth'), value: euros(saved.netWorth, lang) },
              { label: t('protection.simulation.capacity'), value: euros(saved.capacity, lang) },
              { label: t('protection.simulation.threshold'), value: euros(profile.warningThreshold, lang) },
            ]}
          />
          <WhatNext profile={profile} />
        </Paper>
      ) : null}
    </Page>
  );
}

export { LossSimulationPage as Component };
