import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KycProviderConfig } from '../../config';

/** What a provider needs to know to open a verification for a person. */
export interface StartInput {
  verificationId: string;
  person: { id: string; firstName: string; lastName: string; email: string };
  publicUrl: string;
}

export interface StartedVerification {
  url: string;
  /** The built-in provider's single-use token (its hash is stored); none for a hosted one. */
  tokenHash?: string;
  /** The hosted provider's own id for the session. */
  externalSessionId?: string;
}

export interface KycProvider {
  readonly name: string;
  start(input: StartInput): Promise<StartedVerification>;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The default: the person uploads documents on this app's own page, /kyc/{token}. */
export const builtinProvider: KycProvider = {
  name: 'builtin',
  async start({ publicUrl }) {
    const token = randomBytes(32).toString('base64url');
    return { url: `${publicUrl}/kyc/${token}`, tokenHash: hashToken(token) };
  },
};

export class ProviderError extends Error {}

/**
 * A hosted-verification API of the kind Veriff, Sumsub or Onfido offer: POST {apiUrl}/v1/sessions
 * with a bearer key creates a session and answers `{ id, url }`; the person verifies on `url`; the
 * provider reports on the webhook (see verifyWebhookSignature).
 */
export function hostedProvider(config: Extract<KycProviderConfig, { name: 'hosted' }>): KycProvider {
  return {
    name: 'hosted',
    async start({ verificationId, person, publicUrl }) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/v1/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            reference: verificationId,
            callbackUrl: `${publicUrl}/api/kyc/webhook`,
            returnUrl: `${publicUrl}/user/verification`,
            person: { firstName: person.firstName, lastName: person.lastName, email: person.email },
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new ProviderError(`verification provider unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new ProviderError(`verification provider answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
      if (typeof body?.id !== 'string' || typeof body.url !== 'string' || !/^https?:\/\//.test(body.url))
        throw new ProviderError('verification provider answered without a session id and URL');
      return { url: body.url, externalSessionId: body.id };
    },
  };
}

export function providerFor(config: KycProviderConfig): KycProvider {
  return config.name === 'hosted' ? hostedProvider(config) : builtinProvider;
}

export const WEBHOOK_TOLERANCE_S = 300;

/** The signature a webhook must carry: hex HMAC-SHA256 of `{timestamp}.{raw body}`. */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Checks the signature in constant time and that the timestamp is within 300 s of `now`. */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: Buffer,
  now: Date,
): 'ok' | 'bad-signature' | 'stale' {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature.replace(/^sha256=/, ''), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_S) return 'stale';
  return 'ok';
}
