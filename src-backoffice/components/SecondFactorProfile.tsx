import { useState, type FormEvent } from 'react';
import { useI18nProvider, useNotify, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api, call } from '../../src-shared/api/http';
import { translateError } from '../../src-shared/i18n/errors';
import type { BackofficeI18nProvider } from '../providers/i18nProvider';
import { SecondFactorSetup } from './SecondFactorSetup';

/**
 * The second factor on a back-office profile (issue 26; decision 0141): off, a button opens
 * `SecondFactorSetup` (QR code, secret, code, then the recovery codes shown once); on, it can be
 * turned off with the password and a code, except for admins, who see that it is on and that it
 * is mandatory (the server refuses them anyway: 403 auth.second_factor_mandatory). `onChanged`
 * runs after a change, so the page fetches the profile again.
 */
export const SecondFactorProfile = ({
  enabled,
  role,
  onChanged,
}: {
  enabled: boolean;
  role: string;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const i18nProvider = useI18nProvider() as Partial<BackofficeI18nProvider>;
  const [step, setStep] = useState<'idle' | 'setup' | 'disable'>('idle');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mandatory = role === 'admin' || role === 'superadmin';

  const errorText = (e: unknown) =>
    i18nProvider.i18n ? translateError(i18nProvider.i18n, e) : String((e as Error).message);

  async function disable(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await call(api.POST('/api/auth/2fa/disable', { body: { password, code: code.trim() } }));
      setStep('idle');
      setPassword('');
      setCode('');
      notify('app.second_factor.turned_off', { type: 'success' });
      onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="second-factor-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="second-factor-title">
        {translate('app.second_factor.profile_title')}
      </Typography>
      {step === 'setup' ? (
        <SecondFactorSetup
          headingLevel="h2"
          intro="app.second_factor.setup_intro_optional"
          onDone={() => {
            setStep('idle');
            notify('app.second_factor.turned_on', { type: 'success' });
            onChanged();
          }}
        />
      ) : step === 'disable' ? (
        <Box
          component="form"
          onSubmit={disable}
          noValidate
          aria-label={translate('app.second_factor.turn_off_title')}
          sx={{ maxWidth: 560 }}
        >
          <Typography sx={{ my: 1 }}>{translate('app.second_factor.turn_off_intro')}</Typography>
          <TextField
            label={translate('app.second_factor.password_label')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
            margin="dense"
            required
          />
          <TextField
            label={translate('app.second_factor.disable_code_label')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputProps={{ autoComplete: 'one-time-code' }}
            fullWidth
            margin="dense"
            required
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ my: 1 }}>
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={busy || !password || !code.trim()}
            >
              {translate('app.second_factor.turn_off')}
            </Button>
            <Button onClick={() => setStep('idle')}>{translate('app.second_factor.cancel')}</Button>
          </Box>
        </Box>
      ) : (
        <Box>
          <Typography sx={{ my: 1 }} data-testid="second-factor-state">
            {translate(enabled ? 'app.second_factor.profile_on' : 'app.second_factor.profile_off')}
          </Typography>
          {enabled && mandatory ? (
            <Typography color="text.secondary">{translate('app.second_factor.profile_mandatory')}</Typography>
          ) : enabled ? (
            <Button variant="outlined" onClick={() => setStep('disable')}>
              {translate('app.second_factor.turn_off')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setStep('setup')}>
              {translate('app.second_factor.turn_on')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
};
