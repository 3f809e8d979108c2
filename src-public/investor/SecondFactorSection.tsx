import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api, call } from '../../src-shared/api/http';
import { translateError } from '../../src-shared/i18n/errors';
import { downloadRecoveryCodes, startSecondFactorSetup } from '../../src-shared/secondFactor';
import { useAuth } from '../auth/session/AuthProvider';
import { CodeField, PasswordField } from '../auth/form/fields';
import { APP_TOAST_MS, useToast } from '../components/ToastProvider';

type Step = 'idle' | 'setup' | 'codes' | 'disable';

/**
 * The investor's second factor on the profile page (issue 26; decisions 0118-0122, 0140): off, it
 * offers the setup (QR code drawn from the server's otpauth URL by the `qrcode` package, loaded only
 * when the setup opens, the secret as text, a 6-digit code), then the ten recovery codes shown once
 * with copy and download; on, it turns it off with the password and a code (or a recovery code).
 * Every rule is the server's (POST /api/auth/2fa/setup, /enable, /disable); its refusals show here
 * translated by their code.
 */
export function SecondFactorSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, refresh } = useAuth();
  const [step, setStep] = useState<Step>('idle');
  const enabled = Boolean(user?.secondFactorEnabled);

  const done = async (message?: string) => {
    setStep('idle');
    await refresh();
    if (message) toast.success(message, APP_TOAST_MS);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="second-factor-title"
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Typography id="second-factor-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('investor.secondFactor.title')}
      </Typography>
      {step === 'setup' || step === 'codes' ? (
        <Setup
          onCodes={() => setStep('codes')}
          onCancel={() => setStep('idle')}
          onDone={() => void done(t('investor.secondFactor.turnedOn'))}
        />
      ) : step === 'disable' ? (
        <Disable
          onCancel={() => setStep('idle')}
          onDone={() => void done(t('investor.secondFactor.turnedOff'))}
        />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="second-factor-state">
            {enabled ? t('investor.secondFactor.on') : t('investor.secondFactor.off')}
          </Typography>
          {enabled ? (
            <Button variant="outlined" onClick={() => setStep('disable')}>
              {t('investor.secondFactor.turnOff')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setStep('setup')}>
              {t('investor.secondFactor.turnOn')}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}

function Setup({
  onCodes,
  onCancel,
  onDone,
}: {
  onCodes: () => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [setup, setSetup] = useState<{ otpauthUrl: string; secret: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    startSecondFactorSetup((data) => live && setSetup(data))
      .then(({ qr }) => live && setQr(qr))
      .catch((e: unknown) => live && setError(translateError(i18n, e)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(t('investor.secondFactor.codeRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { data } = await call(api.POST('/api/auth/2fa/enable', { body: { code: value } }));
      setCodes(data.recoveryCodes);
      onCodes();
    } catch (e) {
      setError(translateError(i18n, e));
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    downloadRecoveryCodes(codes!);
  };

  if (codes) {
    return (
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('investor.secondFactor.codesTitle')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('investor.secondFactor.codesIntro')}
        </Typography>
        <Box
          component="ul"
          data-testid="recovery-codes"
          aria-label={t('investor.secondFactor.codesTitle')}
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, pl: 3 }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => {
              void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
            }}
          >
            {copied ? t('investor.secondFactor.copied') : t('investor.secondFactor.copy')}
          </Button>
          <Button variant="outlined" onClick={download}>
            {t('investor.secondFactor.download')}
          </Button>
          <Button variant="contained" onClick={onDone}>
            {t('investor.secondFactor.done')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box component="form" onSubmit={enable} noValidate aria-label={t('investor.secondFactor.setupTitle')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('investor.secondFactor.setupIntro')}
      </Typography>
      {qr ? (
        <Box sx={{ textAlign: 'center', my: 2 }}>
          <img src={qr} width={200} height={200} alt={t('investor.secondFactor.qrAlt')} />
        </Box>
      ) : null}
      {setup ? (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('investor.secondFactor.secretLabel')}{' '}
          <Box
            component="code"
            data-testid="totp-secret"
            sx={{ fontSize: '1rem', wordBreak: 'break-all', fontWeight: 600 }}
          >
            {setup.secret}
          </Box>
        </Typography>
      ) : null}
      <CodeField
        name="secondFactorCode"
        label={t('investor.secondFactor.codeLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
        margin="normal"
        sx={{ maxWidth: 320 }}
      />
      {error ? (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!setup || busy}>
          {t('investor.secondFactor.enable')}
        </Button>
        <Button onClick={onCancel}>{t('investor.secondFactor.cancel')}</Button>
      </Box>
    </Box>
  );
}

function Disable({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) {
      setError(t('investor.secondFactor.disableRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await call(api.POST('/api/auth/2fa/disable', { body: { password, code: code.trim() } }));
      onDone();
    } catch (e) {
      setError(translateError(i18n, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('investor.secondFactor.disableTitle')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('investor.secondFactor.disableIntro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <PasswordField
          name="secondFactorPassword"
          label={t('investor.secondFactor.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
          margin="normal"
          sx={{ maxWidth: 320 }}
        />
        <CodeField
          name="secondFactorDisableCode"
          label={t('investor.secondFactor.disableCodeLabel')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
          margin="normal"
          sx={{ maxWidth: 320 }}
        />
      </Box>
      {error ? (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button type="submit" variant="contained" color="error" disabled={busy}>
          {t('investor.secondFactor.confirmOff')}
        </Button>
        <Button onClick={onCancel}>{t('investor.secondFactor.cancel')}</Button>
      </Box>
    </Box>
  );
}
