import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isValidBIC } from 'ibantools';
import { z } from 'zod';
import { ibanProblem, normalizeIban } from '../src-shared/rules/payments';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromEnv = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const v = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

const urlWithProtocols = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      try {
        const url = new URL(value);
        if (!protocols.includes(url.protocol)) throw new Error('protocol');
        return value;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be a ${protocols.join(' or ')}// URL` });
        return z.NEVER;
      }
    });

/** An annual percent with at most two decimals (1.5), 0..100; empty means unset. */
const percentFromEnv = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const n = Number(value);
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(value.trim()) || !(n >= 0 && n <= 100)) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a percent from 0 to 100 with at most two decimals`,
        });
        return z.NEVER;
      }
      return Math.round(n * 100);
    });

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a whole number between 0 and 65535' })
    .int('PORT must be a whole number between 0 and 65535')
    .min(0, 'PORT must be a whole number between 0 and 65535')
    .max(65535, 'PORT must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .refine(
      (host) =>
        isIP(host) !== 0 ||
        /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
          host,
        ),
      'HOST must be an IP address (like 127.0.0.1, 0.0.0.0 or ::1) or a host name',
    ),
  DATABASE_URL: urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'DATABASE_POOL_SIZE must be a whole number between 1 and 1000' })
    .int('DATABASE_POOL_SIZE must be a whole number between 1 and 1000')
    .min(1, 'DATABASE_POOL_SIZE must be a whole number between 1 and 1000')
    .max(1000, 'DATABASE_POOL_SIZE must be a whole number between 1 and 1000')
    .default(20),
  PUBLIC_URL: urlWithProtocols('PUBLIC_URL', ['http:', 'https:']),
  SMTP_URL: urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:']),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  SEED_DEMO: booleanFromEnv('SEED_DEMO', true),
  TRUST_PROXY: booleanFromEnv('TRUST_PROXY', false),
  RATE_LIMIT_LOGIN_FAILURES: z.coerce
    .number({ message: 'RATE_LIMIT_LOGIN_FAILURES must be a whole number of at least 1' })
    .int('RATE_LIMIT_LOGIN_FAILURES must be a whole number of at least 1')
    .min(1, 'RATE_LIMIT_LOGIN_FAILURES must be a whole number of at least 1')
    .default(10),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce
    .number({ message: 'RATE_LIMIT_AUTH_PER_MINUTE must be a whole number of at least 1' })
    .int('RATE_LIMIT_AUTH_PER_MINUTE must be a whole number of at least 1')
    .min(1, 'RATE_LIMIT_AUTH_PER_MINUTE must be a whole number of at least 1')
    .default(100),
  RATE_LIMIT_TICKETS_PER_HOUR: z.coerce
    .number({ message: 'RATE_LIMIT_TICKETS_PER_HOUR must be a whole number of at least 1' })
    .int('RATE_LIMIT_TICKETS_PER_HOUR must be a whole number of at least 1')
    .min(1, 'RATE_LIMIT_TICKETS_PER_HOUR must be a whole number of at least 1')
    .default(10),
  RATE_LIMIT_TICKET_REPLIES_PER_HOUR: z.coerce
    .number({ message: 'RATE_LIMIT_TICKET_REPLIES_PER_HOUR must be a whole number of at least 1' })
    .int('RATE_LIMIT_TICKET_REPLIES_PER_HOUR must be a whole number of at least 1')
    .min(1, 'RATE_LIMIT_TICKET_REPLIES_PER_HOUR must be a whole number of at least 1')
    .default(60),
  BUSINESS_DATE_CONTROL: booleanFromEnv('BUSINESS_DATE_CONTROL', false),
  SERVICE_FEE_RATE: percentFromEnv('SERVICE_FEE_RATE'),
  LATE_INTEREST_RATE: percentFromEnv('LATE_INTEREST_RATE'),
  KYC_PROVIDER: z
    .enum(['builtin', 'hosted'], { message: "KYC_PROVIDER must be 'builtin' or 'hosted'" })
    .default('builtin'),
  KYC_PROVIDER_URL: urlWithProtocols('KYC_PROVIDER_URL', ['http:', 'https:']),
  KYC_PROVIDER_API_KEY: z.string().trim().optional(),
  KYC_WEBHOOK_SECRET: z.string().trim().optional(),
  KYC_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
      if (key.length !== 32) {
        ctx.addIssue({
          code: 'custom',
          message: 'KYC_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or as base64',
        });
        return z.NEVER;
      }
      return key;
    }),
  // The platform's client-money account (issue 27; docs/operations.md, "Deposits and withdrawals").
  // The defaults are a demo: the IBAN is the well-known example of a German bank's documentation.
  PLATFORM_IBAN: z
    .string()
    .trim()
    .default('DE89370400440532013000')
    .refine((v) => ibanProblem(v) === null, 'PLATFORM_IBAN must be a valid IBAN of a SEPA country'),
  PLATFORM_BIC: z
    .string()
    .trim()
    .default('COBADEFFXXX')
    .refine((v) => isValidBIC(v), 'PLATFORM_BIC must be a valid BIC (8 or 11 characters)'),
  // File storage (issue 29; API contract, "Operations"; docs/operations.md, "File storage").
  STORAGE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
      const prefix = match?.[2]?.replace(/\/+$/, '') ?? '';
      if (
        !match ||
        /[?#\\]/.test(value) ||
        (prefix !== '' && prefix.split('/').some((s) => s === '' || s.startsWith('.')))
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            'STORAGE_URL must be s3://BUCKET or s3://BUCKET/PREFIX (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens; the endpoint and keys in S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
        });
        return z.NEVER;
      }
      return { bucket: match[1]!, prefix: prefix === '' ? '' : `${prefix}/` };
    }),
  S3_ENDPOINT: urlWithProtocols('S3_ENDPOINT', ['http:', 'https:']),
  S3_PUBLIC_BASE_URL: urlWithProtocols('S3_PUBLIC_BASE_URL', ['http:', 'https:']),
  S3_REGION: z.string().trim().min(1, 'S3_REGION must not be empty').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const v = value.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'S3_FORCE_PATH_STYLE must be true or false' });
      return z.NEVER;
    }),
  PLATFORM_ACCOUNT_NAME: z
    .string()
    .trim()
    .default('AfriVest Client Money (demo)')
    .refine((v) => v.length >= 1 && v.length <= 70, 'PLATFORM_ACCOUNT_NAME must have 1 to 70 characters'),
});

export type KycProviderConfig =
  { name: 'builtin' } | { name: 'hosted'; apiUrl: string; apiKey: string; webhookSecret: string };

/** Where files live (src-server/lib/storage): DATA_DIR (the default) or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      /** '' or ending with '/'. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** Undefined: the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** S3_PUBLIC_BASE_URL: a CDN (or the bucket's public address) where `{base}/uploads/…` answers
       * the public uploads; /uploads/… then redirects there. */
      publicBaseUrl: string | undefined;
    };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Connections of the API's pool to PostgreSQL (DATABASE_POOL_SIZE; pg-boss keeps 3 of its own).
   * With N instances the cluster sees N × (this + 3) + the migrations' one. */
  databasePoolSize: number;
  dataDir: string;
  publicUrl: string;
  /** Origin of PUBLIC_URL, the only cross-origin `Origin` accepted for unsafe requests. */
  publicOrigin: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  seedDemo: boolean;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (rate limits per IP). */
  trustProxy: boolean;
  /** Failed logins per e-mail address in 15 minutes before 429. */
  loginFailureLimit: number;
  /** Calls to the auth endpoints per IP address and minute before 429. */
  authCallsPerMinute: number;
  /** New support tickets per account and hour before 429 (per client address: three times as many). */
  ticketsPerHour: number;
  /** Replies to support tickets per account and hour before 429 (per client address: three times as
   * many); admins' replies are not counted. */
  ticketRepliesPerHour: number;
  kycProvider: KycProviderConfig;
  /** AES-256 key for identity documents; without it the server reads or makes DATA_DIR's key. */
  kycEncryptionKey: Buffer | undefined;
  /** BUSINESS_DATE_CONTROL: a superadmin may move the business date forward (tests, demos; never with https). */
  businessDateControl: boolean;
  /** SERVICE_FEE_RATE in hundredths of a percent of the interest investors receive (default 1 % = 100). */
  serviceFeeHundredths: number;
  /** LATE_INTEREST_RATE in hundredths of a percent a year; undefined: each venture's expectedReturn. */
  lateInterestHundredths: number | undefined;
  /** The platform's client-money account: deposits arrive there, withdrawals leave from it. */
  platformAccount: { iban: string; bic: string; name: string };
  /** STORAGE_URL and the S3_* variables: where venture images and private files live. */
  storage: StorageConfig;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * The host part of a URL that reaches a server listening on `host`: the loopback address for the
 * all-addresses hosts, and IPv6 addresses in brackets.
 */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** Reads and validates the environment. A wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      return `- ${message}${got === undefined ? '' : ` (got '${got}')`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let kycProvider: KycProviderConfig = { name: 'builtin' };
  if (e.KYC_PROVIDER === 'hosted') {
    const missing = (['KYC_PROVIDER_URL', 'KYC_PROVIDER_API_KEY', 'KYC_WEBHOOK_SECRET'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `- ${name} is required when KYC_PROVIDER is 'hosted'`).join('\n')}`,
      );
    kycProvider = {
      name: 'hosted',
      apiUrl: e.KYC_PROVIDER_URL!.replace(/\/+$/, ''),
      apiKey: e.KYC_PROVIDER_API_KEY!,
      webhookSecret: e.KYC_WEBHOOK_SECRET!,
    };
  }
  const storage = storageConfig(e, resolve(e.DATA_DIR));
  const publicUrl = (e.PUBLIC_URL ?? `http://${urlHost(e.HOST)}:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  // API contract, "Business date": a movable business date is for tests and demos, never production.
  if (e.BUSINESS_DATE_CONTROL && url.protocol === 'https:')
    throw new ConfigError(
      'Invalid configuration:\n- BUSINESS_DATE_CONTROL must not be true with an https PUBLIC_URL (production)',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: resolve(e.DATA_DIR),
    publicUrl,
    publicOrigin: url.origin,
    secureCookies: url.protocol === 'https:',
    smtpUrl: e.SMTP_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    loginFailureLimit: e.RATE_LIMIT_LOGIN_FAILURES,
    authCallsPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    ticketsPerHour: e.RATE_LIMIT_TICKETS_PER_HOUR,
    ticketRepliesPerHour: e.RATE_LIMIT_TICKET_REPLIES_PER_HOUR,
    kycProvider,
    kycEncryptionKey: e.KYC_ENCRYPTION_KEY,
    businessDateControl: e.BUSINESS_DATE_CONTROL,
    serviceFeeHundredths: e.SERVICE_FEE_RATE ?? 100,
    lateInterestHundredths: e.LATE_INTEREST_RATE,
    platformAccount: {
      iban: normalizeIban(e.PLATFORM_IBAN)!,
      bic: e.PLATFORM_BIC.toUpperCase(),
      name: e.PLATFORM_ACCOUNT_NAME,
    },
    storage,
  };
}

function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (!e.STORAGE_URL) {
    const stray = (
      ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_BASE_URL'] as const
    ).filter((n) => e[n]);
    if (stray.length)
      throw new ConfigError(
        `Invalid configuration:\n${stray.map((n) => `- ${n} is set but STORAGE_URL is not (files would stay in DATA_DIR)`).join('\n')}`,
      );
    return { driver: 'local', root: dataDir };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      "Invalid configuration:\n- S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS SDK's own credentials)",
    );
  return {
    driver: 's3',
    ...e.STORAGE_URL,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION,
    // A service of its own (MinIO, Ceph) is usually reached by path; AWS by virtual host.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials: e.S3_ACCESS_KEY_ID
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
      : undefined,
    publicBaseUrl: e.S3_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
  };
}
