import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../src-shared/api/http';
import type { KycSession } from '../../src-shared/api/types';
import { KYC_DOCUMENT_TYPES, type KycFileField } from '../../src-shared/constants/kyc';
import { translateError, translateFieldErrors } from '../../src-shared/i18n/errors';
import { useAuth } from '../auth/session/AuthProvider';
import { isPublicAppPath, roleDashboardTarget } from '../auth/session/roles';
import { focusField } from '../auth/form/validation';
import { Page } from '../components/Page';
import { formatDateTime } from '../lib/format';
import { answeredWithCode, failureText } from '../lib/errors';
import { useKycSession, useSubmitKyc } from './api';
import { dropZoneId, FileDropZone } from './FileDropZone';
import {
  isDocumentType,
  KYC_ADDRESS_MAX,
  KYC_FIELD_ORDER,
  kycFormData,
  kycProblems,
  nationalityOptions,
  needsBack,
  todayIso,
  type KycFiles,
  type KycFormValues,
} from './kycForm';

const EMPTY: KycFormValues = { documentType: '', dateOfBirth: '', nationality: '', address: '' };
const FILE_FIELDS: readonly string[] = ['documentFront', 'documentBack', 'selfie'];
/** The server's refusals of a file that do not say which one (413, 415): a new file may fix them. */
const FILE_CODES: readonly string[] = ['kyc.file_too_large', 'kyc.wrong_file_type'];

/**
 * The error banner above the form and the inputs that caused it. It goes as soon as the person
 * changes every one of them (`anyOf`: one of them, for a refused file the server did not name);
 * without inputs (no answer, a used link, a server error) it stays until the next submit.
 */
interface Banner {
  message: string;
  fields: readonly string[];
  anyOf?: boolean;
}

/** The banner after the person changed `field` (null once its cause is fixed). */
function bannerAfterChange(banner: Banner | null, field: string): Banner | null {
  if (!banner || !banner.fields.includes(field)) return banner;
  if (banner.anyOf) return null;
  const fields = banner.fields.filter((other) => other !== field);
  return fields.length > 0 ? { ...banner, fields } : null;
}

/**
 * The built-in identity verification at /kyc/{token}: the link the investor's or company's
 * verification page opens. No sign-in is needed (the single-use token is the credential), so it
 * works on a phone too. It loads the session, takes the document type, the document's front (and
 * back), a selfie, the date of birth, nationality and address, and sends them as one multipart
 * request. The server's refusals (`code` and per-field `codes`) are shown in the reader's language
 * next to the client's own checks.
 */
export function KycPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [receipt, setReceipt] = useState<string | null>(null);
  const session = useKycSession(token);

  const person = session.data ? `${session.data.firstName} ${session.data.lastName}`.trim() : '';

  let body;
  if (receipt !== null) {
    body = <Receipt message={receipt} />;
  } else if (session.isPending) {
    body = (
      <Typography role="status" color="text.secondary" sx={{ mt: 3 }}>
        {t('kyc.loading')}
      </Typography>
    );
  } else if (session.isError) {
    const error = session.error;
    const message =
      // A 404 without a code: no such route (an old link format) rather than the server's refusal.
      error instanceof ApiError && error.status === 404 && !answeredWithCode(error)
        ? translateError(i18n, undefined, 'kyc.invalid_link')
        : failureText(i18n, error, {
            fallback: t('kyc.loadFailed'),
            noResponse: t('auth.errors.noResponse'),
          });
    body = (
      <Alert severity="error" sx={{ mt: 3 }}>
        {message}
      </Alert>
    );
  } else {
    body = (
      <>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('kyc.intro')}
        </Typography>
        {session.data.expiresAt ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('kyc.validUntil', { date: formatDateTime(session.data.expiresAt, i18n.language) })}
          </Typography>
        ) : null}
        <KycForm token={token} session={session.data} onDone={setReceipt} />
      </>
    );
  }

  return (
    <Page title={t('kyc.title')} intro={person ? t('kyc.person', { name: person }) : undefined} maxWidth="md">
      {body}
    </Page>
  );
}

function KycForm({
  token,
  session,
  onDone,
}: {
  token: string;
  session: KycSession;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { mutateAsync: submitKyc } = useSubmitKyc(token);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<KycFormValues>(EMPTY);
  const [files, setFiles] = useState<KycFiles>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<Banner | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const nationalities = useMemo(() => nationalityOptions(i18n.language), [i18n.language]);
  const documentTypes = session.documentTypes.filter(isDocumentType);
  const offered = documentTypes.length > 0 ? documentTypes : KYC_DOCUMENT_TYPES;
  const max = todayIso(new Date());

  // Changing an input takes away its message, and the banner once nothing it was about is left.
  const clearError = (field: string) => {
    setErrors((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
    setFormError((previous) => bannerAfterChange(previous, field));
  };

  const setValue = <K extends keyof KycFormValues>(key: K, value: KycFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    clearError(key);
    // A type without a back side (a passport) no longer asks for the back that was missing.
    if (key === 'documentType' && !needsBack(value as KycFormValues['documentType']))
      clearError('documentBack');
  };

  const setFile = (field: KycFileField, file: File) => {
    setFiles((previous) => ({ ...previous, [field]: file }));
    clearError(field);
  };

  // The first field with a problem gets the focus once the form has rendered again (a drop zone
  // can take the focus only when it is enabled, i.e. after the request).
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  useEffect(() => {
    if (!focusRequest) return;
    const { field } = focusRequest;
    if (FILE_FIELDS.includes(field)) document.getElementById(dropZoneId(field as KycFileField))?.focus();
    else focusField(formRef.current, field);
  }, [focusRequest]);
  const focus = (field: string) => setFocusRequest({ field });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problems = kycProblems(values, files, new Date());
    const failing = KYC_FIELD_ORDER.filter((field) => problems[field]);
    if (failing.length > 0) {
      setErrors(Object.fromEntries(failing.map((field) => [field, t(problems[field] ?? '')])));
      setFormError({ message: t('kyc.fixFields'), fields: failing });
      focus(failing[0] ?? '');
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      await submitKyc(kycFormData(values, files));
      onDone(t('kyc.success'));
    } catch (error) {
      const fieldErrors = translateFieldErrors(i18n, error);
      setErrors(fieldErrors);
      const marked = KYC_FIELD_ORDER.filter((field) => fieldErrors[field]);
      const message = failureText(i18n, error, {
        fallback: t('kyc.submitFailed'),
        noResponse: t('auth.errors.noResponse'),
      });
      // A 400's message repeats its first field message, which already shows at that field.
      const text = marked.some((field) => fieldErrors[field] === message) ? t('kyc.fixFields') : message;
      if (marked.length > 0) setFormError({ message: text, fields: marked });
      else if (error instanceof ApiError && FILE_CODES.includes(error.code))
        setFormError({ message: text, fields: FILE_FIELDS, anyOf: true });
      else setFormError({ message: text, fields: [] });
      const first = marked[0];
      if (first) focus(first);
    } finally {
      setSubmitting(false);
    }
  };

  const helper = (field: keyof KycFormValues, hint?: string) =>
    errors[field] ? { error: true, helperText: errors[field] } : hint ? { helperText: hint } : {};

  return (
    <Box component="form" ref={formRef} onSubmit={submit} noValidate sx={{ mt: 3 }}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {formError.message}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {t('kyc.documentSection')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              select
              fullWidth
              required
              name="documentType"
              label={t('kyc.documentType')}
              value={values.documentType}
              onChange={(event) =>
                setValue('documentType', event.target.value as KycFormValues['documentType'])
              }
              {...helper('documentType')}
            >
              {offered.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`kyc.documentTypes.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: needsBack(values.documentType) ? 6 : 12 }}>
            <FileDropZone
              name="documentFront"
              label={t('kyc.front')}
              file={files.documentFront}
              onFile={(file) => setFile('documentFront', file)}
              error={errors.documentFront}
              disabled={submitting}
            />
          </Grid>
          {needsBack(values.documentType) ? (
            <Grid size={{ xs: 12, sm: 6 }}>
              <FileDropZone
                name="documentBack"
                label={t('kyc.back')}
                file={files.documentBack}
                onFile={(file) => setFile('documentBack', file)}
                error={errors.documentBack}
                disabled={submitting}
              />
            </Grid>
          ) : null}
          <Grid size={12}>
            <FileDropZone
              name="selfie"
              label={t('kyc.selfie')}
              hint={t('kyc.selfieHint')}
              file={files.selfie}
              onFile={(file) => setFile('selfie', file)}
              error={errors.selfie}
              disabled={submitting}
            />
          </Grid>
        </Grid>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {t('kyc.detailsSection')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              type="date"
              name="dateOfBirth"
              autoComplete="bday"
              label={t('kyc.dateOfBirth')}
              value={values.dateOfBirth}
              onChange={(event) => setValue('dateOfBirth', event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max } }}
              {...helper('dateOfBirth')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              required
              name="nationality"
              label={t('kyc.nationality')}
              value={values.nationality}
              onChange={(event) => setValue('nationality', event.target.value)}
              {...helper('nationality')}
            >
              {nationalities.map((option) => (
                <MenuItem key={option.code} value={option.code}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={12}>
            <TextField
              fullWidth
              required
              multiline
              minRows={3}
              name="address"
              autoComplete="street-address"
              label={t('kyc.address')}
              value={values.address}
              onChange={(event) => setValue('address', event.target.value)}
              slotProps={{ htmlInput: { maxLength: KYC_ADDRESS_MAX } }}
              {...helper('address', t('kyc.addressHint'))}
            />
          </Grid>
        </Grid>
      </Paper>

      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}
      >
        {submitting ? t('kyc.submitting') : t('kyc.submit')}
      </Button>
    </Box>
  );
}

/** After a successful upload: the server's thanks and the way to the person's verification page. */
function Receipt({ message }: { message: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const heading = useRef<HTMLHeadingElement>(null);
  // The thanks replace the form: move there (a phone would otherwise stay scrolled down).
  useEffect(() => heading.current?.focus(), []);
  // A visitor goes through /dashboard/verification: it asks them to sign in, then shows their page.
  const target = user ? roleDashboardTarget('verification', user.role) : '/dashboard/verification';
  const link = isPublicAppPath(target) ? { component: RouterLink, to: target } : { href: target };
  return (
    <Box sx={{ mt: 3, display: 'grid', gap: 3, justifyItems: 'start' }}>
      <Alert severity="success" role="status" sx={{ width: '100%' }}>
        <AlertTitle component="h2" ref={heading} tabIndex={-1} sx={{ fontWeight: 700, outline: 'none' }}>
          {t('kyc.successTitle')}
        </AlertTitle>
        <Typography>{message}</Typography>
        <Typography sx={{ mt: 1 }}>{t('kyc.next')}</Typography>
      </Alert>
      <Button variant="contained" {...link}>
        {t('kyc.toVerification')}
      </Button>
    </Box>
  );
}

export { KycPage as Component };
