import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { AUTH_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { useForgotPassword } from './api';
import { AuthCard } from './AuthCard';
import { EmailField, SubmitWithNotice } from '../form/fields';
import { errorProps } from '../form/useForm';

type Status = 'idle' | 'sending' | 'success' | 'error';

/** Forgot password (spec 2.4 and 4): e-mail entry; success clears the field and shows the message. */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const { mutateAsync: sendResetCode } = useForgotPassword();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [successText, setSuccessText] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setStatus('idle');
      toast.error(t('auth.errors.emailRequired'), AUTH_TOAST_MS);
      return;
    }
    setEmailError(undefined);
    setStatus('sending');
    try {
      await sendResetCode(address);
      const message = t('auth.forgot.success');
      setStatus('success');
      setSuccessText(message);
      setEmail('');
      toast.success(message, AUTH_TOAST_MS);
    } catch (error) {
      setStatus('error');
      setEmailError(translateFieldErrors(i18n, error).email);
      toast.error(failureText(i18n, error, { fallback: t('auth.forgot.failed') }), AUTH_TOAST_MS);
    }
  };

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <EmailField
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
          }}
          {...errorProps(emailError)}
        />
        <SubmitWithNotice
          label={t('auth.forgot.submit')}
          busyLabel={t('auth.forgot.sending')}
          busy={status === 'sending'}
          success={status === 'success'}
          notice={successText}
          disabled={status === 'sending'}
        />
        <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
          {t('auth.forgot.backToLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };
