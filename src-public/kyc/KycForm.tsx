import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src-shared/api/http';
import type { KycSession } from '../../src-shared/api/types';
import type { KycFileField } from '../../src-shared/constants/kyc';
import { translateFieldErrors } from '../../src-shared/i18n/errors';
import { focusField } from '../auth/form/validation';
import { failureText } from '../lib/errors';
import { useSubmitKyc } from './api';
import { dropZoneId } from './FileDropZone';
import {
  KYC_FIELD_ORDER,
  kycFormData,
  kycProblems,
  needsBack,
  type KycFiles,
  type KycFormValues,
} from './kycForm';
import { DetailsStep } from './steps/DetailsStep';
import { DocumentStep } from './steps/DocumentStep';

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
 * The verification form: its two steps (the document, then the person's details), the client's
 * checks, the multipart request, and the banner and field messages of what went wrong.
 */
export function KycForm({
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

  const step = { values, files, errors, submitting, setValue, setFile };
  return (
    <Box component="form" ref={formRef} onSubmit={submit} noValidate sx={{ mt: 3 }}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {formError.message}
        </Alert>
      ) : null}
      <DocumentStep documentTypes={session.documentTypes} {...step} />
      <DetailsStep {...step} />

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
