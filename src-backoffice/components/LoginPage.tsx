import { useState, type FormEvent } from 'react';
import { Login, useLogin, useNotify, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuthError } from '../providers/authProvider';

/**
 * The login page; the user name is the account's e-mail address (spec 3 login payload). When the
 * server answers `auth.second_factor_required`, a second step asks for the authenticator's code (or
 * a recovery code) and signs in with it (decision 0121). It is the page's main landmark, so
 * assistive technology can jump to the form.
 */
export const LoginPage = ({ title }: { title: string }) => {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await login({ username: email, password, ...(step === 'code' && { code }) });
    } catch (e) {
      const refused = e as AuthError;
      if (refused.code === 'auth.second_factor_required') {
        setStep('code');
      } else if (step === 'code' && refused.code === 'auth.second_factor_invalid') {
        setError(refused.message);
      } else {
        notify(refused.message || 'ra.auth.sign_in_error', { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="main">
      <Login>
        <Typography variant="h6" component="h1" align="center" sx={{ mt: 1 }}>
          {translate(title)}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate>
          <CardContent>
            {step === 'password' ? (
              <>
                <TextField
                  autoFocus
                  name="username"
                  type="email"
                  label={translate('ra.auth.email')}
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  fullWidth
                  margin="dense"
                />
                <TextField
                  name="password"
                  type="password"
                  label={translate('ra.auth.password')}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  fullWidth
                  margin="dense"
                />
              </>
            ) : (
              <>
                <Typography sx={{ mb: 1 }}>{translate('app.second_factor.code_help')}</Typography>
                <TextField
                  autoFocus
                  name="code"
                  label={translate('app.second_factor.code_label')}
                  autoComplete="one-time-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  required
                  fullWidth
                  margin="dense"
                  error={Boolean(error)}
                />
                {error && (
                  <Alert severity="error" role="alert" sx={{ my: 1 }}>
                    {error}
                  </Alert>
                )}
              </>
            )}
            <Button
              type="submit"
              variant="contained"
              color="primary"
              fullWidth
              sx={{ mt: 2 }}
              disabled={busy}
            >
              {translate(step === 'code' ? 'app.second_factor.verify' : 'ra.auth.sign_in')}
            </Button>
          </CardContent>
        </Box>
      </Login>
    </Box>
  );
};
