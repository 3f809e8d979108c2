import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../../components/LoadingProvider';
import { AUTH_TOAST_MS, useToast } from '../../components/ToastProvider';
import { fullPageNavigation } from '../../lib/navigation';
import { failureText } from '../../lib/errors';
import { ApiError } from '../../../src-shared/api/http';
import { useAuth } from '../session/AuthProvider';
import { AuthCard } from './AuthCard';
import { HydratedForm } from '../../components/HydratedForm';
import { CheckboxField, EmailField, PasswordField } from '../form/fields';
import { isPublicAppPath, pathAfterLogin, type RememberedLocation } from '../session/roles';
import { useLogin } from './api';

/**
 * Login (spec 2.4, 4, 5 and 8): email, password, Remember me. Empty fields give 'Please fill in all
 * fields.'; success loads the profile, shows 'Login successful!' and goes back to the page the role
 * guard remembered, else to the role's overview (/user/overview here; /corporate/overview and
 * /admin in the back office, with a full page load).
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { mutateAsync: login } = useLogin();
  const toast = useToast();
  const { setLoading } = useGlobalLoading();
  const { refresh, setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: RememberedLocation } | null)?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Second step (issue 26): the server asked for the second factor's code.
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = {
      email: email.trim(),
      password: password.trim(),
      rememberMe,
      ...(askCode && code.trim() && { code: code.trim() }),
    };
    if (!payload.email || !payload.password) {
      toast.error(t('auth.login.fillAll'), AUTH_TOAST_MS);
      return;
    }
    setSubmitting(true);
    setLoading(true);
    try {
      const response = await login(payload);
      let user = await refresh();
      if (!user && response?.user) {
        user = response.user;
        setUser(user);
      }
      toast.success(t('auth.login.success'), AUTH_TOAST_MS);
      const target = pathAfterLogin(user?.role ?? 'user', from);
      if (isPublicAppPath(target)) navigate(target, { replace: true });
      else fullPageNavigation.assign(target);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth.second_factor_required' && !askCode) {
        setAskCode(true);
        return;
      }
      toast.error(
        failureText(i18n, error, {
          fallback: t('auth.login.failed'),
          noResponse: t('auth.login.noResponse'),
        }),
        AUTH_TOAST_MS,
      );
    } finally {
      setSubmitting(false);
      setLoading(false);
    }
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <HydratedForm onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {askCode ? (
          <>
            <Typography>{t('auth.secondFactor.help')}</Typography>
            <TextField
              autoFocus
              name="code"
              label={t('auth.secondFactor.codeLabel')}
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              required
              fullWidth
            />
          </>
        ) : (
          <>
            <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
            <PasswordField
              label={t('form.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </>
        )}
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
        >
          <CheckboxField
            name="rememberMe"
            label={t('auth.login.rememberMe')}
            checked={rememberMe}
            onChange={setRememberMe}
          />
          <Link component={RouterLink} to="/forgot-password">
            {t('auth.login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {askCode ? t('auth.secondFactor.verify') : t('auth.login.submit')}
        </Button>
        <Typography sx={{ textAlign: 'center' }}>
          {t('auth.login.noAccount')}{' '}
          <Link component={RouterLink} to="/register">
            {t('auth.login.createAccount')}
          </Link>
        </Typography>
      </HydratedForm>
    </AuthCard>
  );
}

export { LoginPage as Component };
