import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SOPHISTICATED_CRITERIA, type SophisticatedCriterion } from '../../../src-shared/constants/enums';
import { KYC_MAX_FILE_BYTES } from '../../../src-shared/constants/kyc';
import type { ProtectionProfile } from '../../../src-shared/contracts/protection';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { FailureAlert } from '../../components/FailureAlert';
import { Page } from '../../components/Page';
import { APP_TOAST_MS, useToast } from '../../components/ToastProvider';
import { dropZoneId, FileDropZone } from '../../kyc/FileDropZone';
import { failureText, translateRule } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { QueryStatus } from '../QueryStatus';
import { sophisticatedRequestForm, useProtectionProfile, useRequestSophisticated } from './api';
import { wholeEuros } from './flow';
import { BackToOverview } from './parts';

/** Annex II of EU 2020/1503: point II (natural persons) and point I (legal persons). */
const NATURAL: readonly SophisticatedCriterion[] = SOPHISTICATED_CRITERIA.filter(
  (c) => !c.startsWith('legal_'),
);
const LEGAL: readonly SophisticatedCriterion[] = SOPHISTICATED_CRITERIA.filter((c) => c.startsWith('legal_'));

/** The evidence the server takes (protection.evidence_type): JPEG, PNG or WebP images, or a PDF. */
const EVIDENCE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

/** The amounts the criteria's texts name, formatted in the reader's language. */
const CRITERION_AMOUNTS = {
  income: 60_000,
  portfolio: 100_000,
  ownFunds: 100_000,
  turnover: 2_000_000,
  balanceSheet: 1_000_000,
};

/**
 * /user/profile/investor/sophisticated: the request to be treated as a sophisticated investor (EU
 * 2020/1503 Art. 2(1)(j) and Annex II). The latest request's state (pending, accepted, rejected with
 * the reason); else the form: the criteria claimed (natural and legal persons apart, at least two),
 * the evidence, what the investor gives up (the test, the simulation, the warnings above the threshold
 * and the 4-day reflection period: Art. 21 and 22 protect non-sophisticated investors only) and the
 * confirmation; Submit sends one multipart POST /api/protection/sophisticated-request.
 */
export function SophisticatedPage() {
  const { t } = useTranslation();
  const profileQuery = useProtectionProfile();
  const profile = profileQuery.data;
  const request = profile?.sophisticatedRequest ?? null;
  const canRequest =
    Boolean(profile) && profile?.category !== 'sophisticated' && request?.status !== 'pending';

  return (
    <Page title={t('protection.sophisticated.title')} maxWidth="md">
      <BackToOverview />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t('protection.sophisticated.intro')}
      </Typography>
      <QueryStatus
        pending={profileQuery.isPending}
        loading={t('protection.loading')}
        failed={profileQuery.error ? t('protection.loadFailed') : null}
      />
      {profile ? <RequestState profile={profile} /> : null}
      {canRequest ? <RequestForm /> : null}
    </Page>
  );
}

/** The latest request (or the category granted), announced when it changes after Submit. */
function RequestState({ profile }: { profile: ProtectionProfile }) {
  const { t, i18n } = useTranslation();
  const request = profile.sophisticatedRequest;
  const date = (value: string | null | undefined) => formatDate(value, i18n.language);
  if (!request && profile.category !== 'sophisticated') return null;
  const status = request?.status ?? 'accepted';
  const severity = status === 'accepted' ? 'success' : status === 'rejected' ? 'warning' : 'info';
  return (
    <Alert severity={severity} role="status" sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('protection.sophisticated.stateTitle')}
      </Typography>
      <Typography variant="body2">
        {profile.category === 'sophisticated'
          ? t('protection.sophisticated.isSophisticated')
          : t(`protection.request.${status}`, { date: date(request?.decidedAt ?? request?.createdAt) })}
      </Typography>
      {request ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('protection.sophisticated.sentOn', {
            date: date(request.createdAt),
            criteria: request.criteria
              .map((criterion) => t(`protection.criteria.${criterion}.short`))
              .join('; '),
          })}
        </Typography>
      ) : null}
      {request?.status === 'rejected' && request.reason ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('protection.request.reason', { reason: request.reason })}
        </Typography>
      ) : null}
      {request?.status === 'pending' ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('protection.sophisticated.pendingNext')}
        </Typography>
      ) : null}
      {request?.status === 'rejected' ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('protection.sophisticated.again')}
        </Typography>
      ) : null}
    </Alert>
  );
}

function RequestForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const toast = useToast();
  const { mutateAsync: send, isPending: sending } = useRequestSophisticated();
  const [criteria, setCriteria] = useState<SophisticatedCriterion[]>([]);
  const [evidence, setEvidence] = useState<File | undefined>();
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ criteria?: string; evidence?: string; confirmed?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const amounts = Object.fromEntries(
    Object.entries(CRITERION_AMOUNTS).map(([key, value]) => [key, wholeEuros(value, lang)]),
  );

  const toggle = (criterion: SophisticatedCriterion, on: boolean) => {
    setCriteria((previous) =>
      on ? [...previous, criterion] : previous.filter((item) => item !== criterion),
    );
    setErrors((previous) => ({ ...previous, criteria: undefined }));
  };

  const focusFirst = (found: typeof errors) => {
    const form = formRef.current;
    if (found.criteria) form?.querySelector<HTMLInputElement>('input[name="criteria"]')?.focus();
    else if (found.evidence) document.getElementById(dropZoneId('evidence'))?.focus();
    else if (found.confirmed) form?.querySelector<HTMLInputElement>('input[name="confirmed"]')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: typeof errors = {};
    // The contract's rule, worded as the server's refusal (protection.criteria_too_few).
    if (criteria.length < 2) found.criteria = translateRule(i18n, { code: 'protection.criteria_too_few' });
    if (!evidence) found.evidence = translateRule(i18n, { code: 'protection.evidence_required' });
    if (!confirmed) found.confirmed = t('protection.sophisticated.confirmRequired');
    if (Object.keys(found).length > 0 || !evidence) {
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    // In Annex II's order, whatever the order of the clicks.
    const ordered = SOPHISTICATED_CRITERIA.filter((criterion) => criteria.includes(criterion));
    try {
      await send(sophisticatedRequestForm(ordered, evidence));
      toast.success(t('protection.sophisticated.sent'), APP_TOAST_MS);
    } catch (error) {
      const fields = translateFieldErrors(i18n, error);
      const found = { criteria: fields.criteria, evidence: fields.evidence };
      setErrors(found);
      const message = failureText(i18n, error, {
        fallback: t('protection.sophisticated.sendFailed'),
        noResponse: t('auth.errors.noResponse'),
      });
      setFailure(message);
      toast.error(message, APP_TOAST_MS);
    }
  };

  const group = (legend: string, items: readonly SophisticatedCriterion[], id: string) => (
    <FormControl component="fieldset" error={Boolean(errors.criteria)} sx={{ mt: 2, display: 'block' }}>
      <FormLabel component="legend" id={id} sx={{ color: 'text.primary', fontWeight: 600 }}>
        {legend}
      </FormLabel>
      <FormGroup>
        {items.map((criterion) => (
          <FormControlLabel
            key={criterion}
            control={
              <Checkbox
                name="criteria"
                value={criterion}
                checked={criteria.includes(criterion)}
                onChange={(event) => toggle(criterion, event.target.checked)}
                disabled={sending}
                slotProps={{
                  input: { 'aria-describedby': errors.criteria ? 'criteria-error' : undefined },
                }}
              />
            }
            label={t(`protection.criteria.${criterion}.long`, amounts)}
            sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiCheckbox-root': { pt: 0.5 } }}
          />
        ))}
      </FormGroup>
    </FormControl>
  );

  return (
    <Box
      component="form"
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="sophisticated-form-title"
      sx={{ mt: 3 }}
    >
      <Typography id="sophisticated-form-title" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {t('protection.sophisticated.formTitle')}
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 2 }}>
        <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
          {t('protection.sophisticated.criteriaTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('protection.sophisticated.criteriaIntro')}
        </Typography>
        {group(t('protection.sophisticated.natural'), NATURAL, 'criteria-natural')}
        {group(t('protection.sophisticated.legal'), LEGAL, 'criteria-legal')}
        {errors.criteria ? (
          <FormHelperText id="criteria-error" error role="alert" sx={{ mt: 1 }}>
            {errors.criteria}
          </FormHelperText>
        ) : null}
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 2 }}>
        <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t('protection.sophisticated.evidenceTitle')}
        </Typography>
        <FileDropZone
          name="evidence"
          label={t('protection.sophisticated.evidence')}
          hint={t('protection.sophisticated.evidenceHint')}
          file={evidence}
          onFile={(file) => {
            setEvidence(file);
            setErrors((previous) => ({ ...previous, evidence: undefined }));
          }}
          error={errors.evidence}
          disabled={sending}
          accept={EVIDENCE_TYPES}
          maxSize={KYC_MAX_FILE_BYTES}
          texts={{
            dropHint: t('protection.sophisticated.dropHint'),
            wrongType: (name) => t('protection.sophisticated.wrongType', { name }),
            tooLarge: (name) => t('protection.sophisticated.tooLarge', { name }),
          }}
        />
      </Paper>

      <Alert
        severity="warning"
        role="region"
        aria-labelledby="sophisticated-given-up-title"
        sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
      >
        <Typography id="sophisticated-given-up-title" component="h3" variant="h6" sx={{ fontWeight: 700 }}>
          {t('protection.sophisticated.givenUpTitle')}
        </Typography>
        <Typography variant="body2">{t('protection.sophisticated.givenUpIntro')}</Typography>
        <Typography component="ul" variant="body2" sx={{ pl: 2.5, my: 1 }}>
          <li>{t('protection.sophisticated.givenUpTest')}</li>
          <li>{t('protection.sophisticated.givenUpWarnings')}</li>
          <li>{t('protection.sophisticated.givenUpReflection')}</li>
        </Typography>
      </Alert>

      <FormControl error={Boolean(errors.confirmed)} sx={{ mt: 2, display: 'block' }}>
        <FormControlLabel
          control={
            <Checkbox
              name="confirmed"
              checked={confirmed}
              onChange={(event) => {
                setConfirmed(event.target.checked);
                setErrors((previous) => ({ ...previous, confirmed: undefined }));
              }}
              disabled={sending}
              slotProps={{
                input: { 'aria-describedby': errors.confirmed ? 'confirmed-error' : undefined },
              }}
            />
          }
          label={t('protection.sophisticated.confirm')}
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
        />
        {errors.confirmed ? (
          <FormHelperText id="confirmed-error" role="alert">
            {errors.confirmed}
          </FormHelperText>
        ) : null}
      </FormControl>

      {failure ? (
        <Box sx={{ mt: 2 }}>
          <FailureAlert failure={failure} />
        </Box>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ mt: 3 }}>
        {sending ? t('protection.sophisticated.sending') : t('protection.sophisticated.submit')}
      </Button>
    </Box>
  );
}

export { SophisticatedPage as Component };
