import { useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { AUTH_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { useResetPassword } from './api';
import { AuthCard } from './AuthCard';
import { AUTH_REDIRECT_MS } from './constants';
import { CodeField, PasswordField, SubmitWithNotice } from '../form/fields';
import { errorProps, type FormErrors } from '../form/useForm';
import { MIN_RESET_PASSWORD } from '../form/validation';

type Status = 'idle' | 'processing' | 'success' | 'error';

/** Without an email query parameter the link is invalid: toast and go to /forgot-password. */
function InvalidResetLink() {
  const { t } = useTranslation();
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast.error(t('auth.reset.invalidLink'), AUTH_TOAST_MS);
  }, [t, toast]);
  return <Navigate to="/forgot-password" replace />;
}

/** Reset password (spec 2.4, 4 and 5): code, new password, confirmation. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const email = (searchParams.get('email') ?? '').trim();
  if (!email) return <InvalidResetLink />;
  return <ResetPasswordForm email={email} />;
}

function ResetPasswordForm({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const { mutateAsync: resetPassword } = useResetPassword();
  const toast = useToast();
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<FormErrors>({});
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = otp.trim();
    const newPassword = password.trim();
    const refuse = (field: string, message: string) => {
      setErrors({ [field]: message });
      toast.error(message, AUTH_TOAST_MS);
    };
    // Spec 5, in this order: the code, the confirmation, then the 6-character minimum.
    if (!email || !token) return refuse('token', t('auth.errors.emailAndOtp'));
    if (newPassword !== confirm.trim()) return refuse('confirmPassword', t('auth.errors.passwordMismatch'));
    if (newPassword.length < MIN_RESET_PASSWORD)
      return refuse('newPassword', t('auth.errors.passwordMustBe8'));
    setErrors({});
    setStatus('processing');
    try {
      await resetPassword({ email, token, newPassword });
      setStatus('success');
      toast.success(t('auth.reset.success'), AUTH_TOAST_MS);
      timer.current = window.setTimeout(() => navigate('/login'), AUTH_REDIRECT_MS);
    } catch (error) {
      setStatus('error');
      setErrors(translateFieldErrors(i18n, error));
      toast.error(failureText(i18n, error, { fallback: t('auth.reset.failed') }), AUTH_TOAST_MS);
    }
  };

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle', { email })}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <CodeField
          label={t('auth.reset.otp')}
          name="token"
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
          required
          {...errorProps(errors.token)}
        />
        <PasswordField
          label={t('form.newPassword')}
          name="newPassword"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
          {...errorProps(errors.newPassword)}
        />
        <PasswordField
          label={t('form.confirmPassword')}
          name="confirmPassword"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          required
          {...errorProps(errors.confirmPassword)}
        />
        <SubmitWithNotice
          label={t('auth.reset.submit')}
          busyLabel={t('auth.reset.processing')}
          busy={status === 'processing'}
          success={status === 'success'}
          notice={t('auth.reset.redirecting')}
        />
        <Link component={RouterLink} to="/forgot-password" sx={{ textAlign: 'center' }}>
          {t('auth.reset.newCode')}
        </Link>
      </Box>
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };
