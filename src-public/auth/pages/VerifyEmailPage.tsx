import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { AUTH_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { useResendVerification, useVerifyEmail } from './api';
import { AuthCard } from './AuthCard';
import { AUTH_REDIRECT_MS } from './constants';
import { CodeField, EmailField, SubmitWithNotice } from '../form/fields';
import { errorProps, type FormErrors } from '../form/useForm';

type Status = 'idle' | 'verifying' | 'success' | 'error';

/**
 * Verify email (spec 2.4, 4, 5 and 8) at /verify-email?email=...: the 6-digit code from the e-mail
 * and Resend OTP. Success shows 'Email verified successfully.' and goes to /login after 3 s.
 */
export function VerifyEmailPage() {
  const { t, i18n } = useTranslation();
  const { mutateAsync: verifyEmail } = useVerifyEmail();
  const { mutateAsync: resendCode } = useResendVerification();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const emailFromLink = (searchParams.get('email') ?? '').trim();
  const [email, setEmail] = useState(emailFromLink);
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [resending, setResending] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { email: email.trim(), token: otp.trim() };
    if (!payload.email || !payload.token) {
      toast.error(t('auth.errors.emailAndOtp'), AUTH_TOAST_MS);
      return;
    }
    setErrors({});
    setStatus('verifying');
    try {
      await verifyEmail(payload);
      setStatus('success');
      toast.success(t('auth.verify.success'), AUTH_TOAST_MS);
      timer.current = window.setTimeout(() => navigate('/login'), AUTH_REDIRECT_MS);
    } catch (error) {
      setStatus('error');
      setErrors(translateFieldErrors(i18n, error));
      toast.error(failureText(i18n, error, { fallback: t('auth.verify.failed') }), AUTH_TOAST_MS);
    }
  };

  const resend = async () => {
    const address = email.trim();
    if (!address) {
      toast.error(t('auth.verify.missingEmail'), AUTH_TOAST_MS);
      return;
    }
    setResending(true);
    try {
      await resendCode(address);
      toast.success(t('auth.verify.resent'), AUTH_TOAST_MS);
    } catch (error) {
      toast.error(failureText(i18n, error, { fallback: t('auth.verify.resendFailed') }), AUTH_TOAST_MS);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title={t('auth.verify.title')} subtitle={t('auth.verify.subtitle')}>
      <Box component="form" onSubmit={verify} noValidate sx={{ display: 'grid', gap: 2 }}>
        <EmailField
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...errorProps(errors.email)}
          slotProps={{ htmlInput: { readOnly: emailFromLink !== '' } }}
        />
        <CodeField
          label={t('auth.verify.otp')}
          name="token"
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
          required
          {...errorProps(errors.token)}
        />
        <SubmitWithNotice
          label={t('auth.verify.submit')}
          busyLabel={t('auth.verify.verifying')}
          busy={status === 'verifying'}
          success={status === 'success'}
          notice={t('auth.verify.redirecting')}
        />
        <Button variant="text" onClick={() => void resend()} disabled={resending || status === 'success'}>
          {t('auth.verify.resend')}
        </Button>
      </Box>
    </AuthCard>
  );
}

export { VerifyEmailPage as Component };
