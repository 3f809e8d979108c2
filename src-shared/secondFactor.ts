import { api, call } from './api/http';

/** What `POST /api/auth/2fa/setup` answers, with the QR code of its otpauth URL as a data URL. */
export interface SecondFactorSetupData {
  otpauthUrl: string;
  secret: string;
  qr: string;
}

/**
 * Starts a second factor's setup for the signed-in person (both entries' setup screens): asks the
 * server for a fresh secret, then draws its QR code (`qrcode` loaded only here, so neither entry's
 * first download carries it). `onSecret` gets the secret first, so it can be shown while the code draws.
 */
export async function startSecondFactorSetup(
  onSecret: (setup: { otpauthUrl: string; secret: string }) => void,
): Promise<SecondFactorSetupData> {
  const { data } = await call(api.POST('/api/auth/2fa/setup'));
  onSecret(data);
  const QRCode = (await import('qrcode')).default;
  return { ...data, qr: await QRCode.toDataURL(data.otpauthUrl, { margin: 1, width: 200 }) };
}

/** Saves the ten recovery codes as a text file, one a line. */
export function downloadRecoveryCodes(codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'afrivest-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}
