import { useEffect, useState, type FormEvent } from 'react';
import { useI18nProvider, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api, call } from '../../src-shared/api/http';
import { translateError } from '../../src-shared/i18n/errors';
import { downloadRecoveryCodes, startSecondFactorSetup } from '../../src-shared/secondFactor';
import type { BackofficeI18nProvider } from '../providers/i18nProvider';

/**
 * Sets up the second factor (TOTP, RFC 6238; decision 0121): a QR code drawn from the server's
 * otpauth URL (npm `qrcode`, loaded only here), the secret as text for typing it in by hand, a code
 * field, then the ten recovery codes shown once with copy and download. `onDone` runs after the
 * person has seen the codes. Used by the admin console (mandatory, before anything else) and the
 * corporate profile (optional).
 */
export const SecondFactorSetup = ({
  onDone,
  headingLevel = 'h1',
  intro = 'app.second_factor.setup_intro',
}: {
  onDone: () => void;
  headingLevel?: 'h1' | 'h2';
  /** The setup's explanation (the admin's says the factor is mandatory; the profile's does not). */
  intro?: string;
}) => {
  const translate = useTranslate();
  const [setup, setSetup] = useState<{ otpauthUrl: string; secret: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let live = true;
    startSecondFactorSetup((data) => live && setSetup(data))
      .then(({ qr }) => live && setQr(qr))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const i18nProvider = useI18nProvider() as Partial<BackofficeI18nProvider>;
  /** A refused call's message in the reader's language (by the server's error code). */
  function errorText(e: unknown): string {
    return i18nProvider.i18n ? translateError(i18nProvider.i18n, e) : String((e as Error).message);
  }

  async function enable(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { data } = await call(api.POST('/api/auth/2fa/enable', { body: { code: code.trim() } }));
      setCodes(data.recoveryCodes);
    } catch (e) {
      setError(errorText(e));
    }
  }

  function download() {
    downloadRecoveryCodes(codes!);
  }

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', my: 3 }}>
      <CardContent>
        {codes ? (
          <Box>
            <Typography variant="h5" component={headingLevel} gutterBottom>
              {translate('app.second_factor.codes_title')}
            </Typography>
            <Typography gutterBottom>{translate('app.second_factor.codes_intro')}</Typography>
            <Box
              component="ul"
              data-testid="recovery-codes"
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
                {translate(copied ? 'app.second_factor.copied' : 'app.second_factor.copy')}
              </Button>
              <Button variant="outlined" onClick={download}>
                {translate('app.second_factor.download')}
              </Button>
              <Button variant="contained" onClick={onDone}>
                {translate('app.second_factor.continue')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Box component="form" onSubmit={enable} noValidate>
            <Typography variant="h5" component={headingLevel} gutterBottom>
              {translate('app.second_factor.setup_title')}
            </Typography>
            <Typography gutterBottom>{translate(intro)}</Typography>
            {qr && (
              <Box sx={{ textAlign: 'center', my: 2 }}>
                <img src={qr} width={200} height={200} alt={translate('app.second_factor.qr_alt')} />
              </Box>
            )}
            {setup && (
              <Typography gutterBottom>
                {translate('app.second_factor.secret_label')}{' '}
                <Box
                  component="code"
                  data-testid="totp-secret"
                  sx={{ fontSize: '1rem', wordBreak: 'break-all', fontWeight: 600 }}
                >
                  {setup.secret}
                </Box>
              </Typography>
            )}
            <TextField
              label={translate('app.second_factor.code_6_label')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }}
              fullWidth
              margin="normal"
              required
            />
            {error && (
              <Alert severity="error" role="alert" sx={{ my: 1 }}>
                {error}
              </Alert>
            )}
            <Button type="submit" variant="contained" disabled={!setup || code.trim().length === 0}>
              {translate('app.second_factor.enable')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
