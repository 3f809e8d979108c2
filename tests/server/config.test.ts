import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src-server/config';
import { KEY_FILE, resolveKycKey } from '../../src-server/modules/kyc/crypto';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePoolSize: 20,
      dataDir: resolve('./data'),
      publicUrl: 'http://127.0.0.1:3000',
      publicOrigin: 'http://127.0.0.1:3000',
      secureCookies: false,
      smtpUrl: undefined,
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      loginFailureLimit: 10,
      authCallsPerMinute: 100,
      businessDateControl: false,
      serviceFeeHundredths: 100,
      lateInterestHundredths: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/platform',
      DATABASE_POOL_SIZE: '40',
      DATA_DIR: '/var/lib/platform',
      PUBLIC_URL: 'https://invest.example.com/',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_FAILURES: '5',
      RATE_LIMIT_AUTH_PER_MINUTE: '300',
      SERVICE_FEE_RATE: '1.5',
      LATE_INTEREST_RATE: '18',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db.internal:5432/platform',
      databasePoolSize: 40,
      dataDir: '/var/lib/platform',
      publicUrl: 'https://invest.example.com',
      publicOrigin: 'https://invest.example.com',
      secureCookies: true,
      smtpUrl: 'smtp://user:pass@127.0.0.1:2525',
      logLevel: 'warn',
      seedDemo: false,
      trustProxy: true,
      loginFailureLimit: 5,
      authCallsPerMinute: 300,
      serviceFeeHundredths: 150,
      lateInterestHundredths: 1800,
    });
  });

  it('refuses a pool size that is not a whole number between 1 and 1000', () => {
    for (const value of ['0', '-3', '2.5', 'many', '1001'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value }), value).toThrow(
        'DATABASE_POOL_SIZE must be a whole number between 1 and 1000',
      );
  });

  it("reads the platform's client-money account, with demo defaults, and refuses a wrong IBAN or BIC", () => {
    expect(loadConfig({}).platformAccount).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      name: 'AfriVest Client Money (demo)',
    });
    expect(
      loadConfig({
        PLATFORM_IBAN: 'fr14 2004 1010 0505 0001 3m02 606',
        PLATFORM_BIC: 'bnpafrpp',
        PLATFORM_ACCOUNT_NAME: 'Client Money',
      }).platformAccount,
    ).toEqual({ iban: 'FR1420041010050500013M02606', bic: 'BNPAFRPP', name: 'Client Money' });
    expect(() => loadConfig({ PLATFORM_IBAN: 'DE89370400440532013001' })).toThrow(
      'PLATFORM_IBAN must be a valid IBAN of a SEPA country',
    );
    expect(() => loadConfig({ PLATFORM_BIC: 'NOTABIC' })).toThrow('PLATFORM_BIC must be a valid BIC');
  });

  it('moves the business date only on request, and never in production (https)', () => {
    expect(loadConfig({ BUSINESS_DATE_CONTROL: 'true' }).businessDateControl).toBe(true);
    expect(() =>
      loadConfig({ BUSINESS_DATE_CONTROL: 'true', PUBLIC_URL: 'https://invest.example.com' }),
    ).toThrow('BUSINESS_DATE_CONTROL must not be true with an https PUBLIC_URL (production)');
  });

  it.each([
    [{ PORT: 'abc' }, "PORT must be a whole number between 0 and 65535 (got 'abc')"],
    [{ PORT: '70000' }, "PORT must be a whole number between 0 and 65535 (got '70000')"],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL must be a postgres: or postgresql:// URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be a http: or https:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be a smtp: or smtps:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'loud')",
    ],
    [{ SEED_DEMO: 'maybe' }, "SEED_DEMO must be true or false (got 'maybe')"],
    [
      { HOST: 'bad host' },
      "HOST must be an IP address (like 127.0.0.1, 0.0.0.0 or ::1) or a host name (got 'bad host')",
    ],
    [{ HOST: '' }, "HOST must be an IP address (like 127.0.0.1, 0.0.0.0 or ::1) or a host name (got '')"],
    [{ TRUST_PROXY: 'sometimes' }, "TRUST_PROXY must be true or false (got 'sometimes')"],
    [
      { SERVICE_FEE_RATE: '1.234' },
      "SERVICE_FEE_RATE must be a percent from 0 to 100 with at most two decimals (got '1.234')",
    ],
    [
      { LATE_INTEREST_RATE: '101' },
      "LATE_INTEREST_RATE must be a percent from 0 to 100 with at most two decimals (got '101')",
    ],
    [
      { RATE_LIMIT_LOGIN_FAILURES: '0' },
      "RATE_LIMIT_LOGIN_FAILURES must be a whole number of at least 1 (got '0')",
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['::1', 'http://[::1]:3000'],
    ['::', 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['localhost', 'http://localhost:3000'],
    ['app.internal', 'http://app.internal:3000'],
  ])('takes HOST %s and derives the public address %s', (HOST, publicUrl) => {
    expect(loadConfig({ HOST })).toMatchObject({ host: HOST, publicUrl, publicOrigin: publicUrl });
  });

  it('lists every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: '-1', LOG_LEVEL: 'x' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('identity verification settings', () => {
  it('uses the built-in provider by default and needs every hosted setting for the hosted one', () => {
    expect(loadConfig({}).kycProvider).toEqual({ name: 'builtin' });
    expect(() => loadConfig({ KYC_PROVIDER: 'hosted', KYC_PROVIDER_URL: 'https://kyc.example.com' })).toThrow(
      "- KYC_PROVIDER_API_KEY is required when KYC_PROVIDER is 'hosted'\n- KYC_WEBHOOK_SECRET is required when KYC_PROVIDER is 'hosted'",
    );
    expect(
      loadConfig({
        KYC_PROVIDER: 'hosted',
        KYC_PROVIDER_URL: 'https://kyc.example.com/',
        KYC_PROVIDER_API_KEY: 'k',
        KYC_WEBHOOK_SECRET: 's',
      }).kycProvider,
    ).toEqual({ name: 'hosted', apiUrl: 'https://kyc.example.com', apiKey: 'k', webhookSecret: 's' });
    expect(() => loadConfig({ KYC_PROVIDER: 'veriff' })).toThrow(
      "KYC_PROVIDER must be 'builtin' or 'hosted'",
    );
  });

  it('reads KYC_ENCRYPTION_KEY as 64 hex digits or base64 of 32 bytes, and names it when wrong', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ KYC_ENCRYPTION_KEY: hex }).kycEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ KYC_ENCRYPTION_KEY: b64 }).kycEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ KYC_ENCRYPTION_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ KYC_ENCRYPTION_KEY: 'short' })).toThrow(
      'KYC_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or as base64',
    );
  });

  it('keeps a generated key in DATA_DIR with the embedded database, and demands one with DATABASE_URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-kyc-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const key = resolveKycKey(config);
      expect(key).toHaveLength(32);
      expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(resolveKycKey(config).equals(key)).toBe(true);
      expect(() => resolveKycKey(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/x' }))).toThrow(
        'KYC_ENCRYPTION_KEY is required when DATABASE_URL is set',
      );
      const given = loadConfig({
        DATA_DIR: dir,
        DATABASE_URL: 'postgres://db/x',
        KYC_ENCRYPTION_KEY: 'cd'.repeat(32),
      });
      expect(resolveKycKey(given).toString('hex')).toBe('cd'.repeat(32));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('file storage settings (issue 29; API contract, "Operations")', () => {
  const s3 = {
    STORAGE_URL: 's3://platform-files/prod',
    S3_ENDPOINT: 'http://127.0.0.1:9000/',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'AKIA-TEST',
    S3_SECRET_ACCESS_KEY: 'secret-test',
  };

  it('keeps files in DATA_DIR without STORAGE_URL', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/platform' }).storage).toEqual({
      driver: 'local',
      root: '/var/lib/platform',
    });
  });

  it('reads a bucket, its prefix, the endpoint, region, keys and path-style addressing', () => {
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3',
      bucket: 'platform-files',
      prefix: 'prod/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      // A service of its own (S3_ENDPOINT): by path unless told otherwise.
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA-TEST', secretAccessKey: 'secret-test' },
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_PUBLIC_BASE_URL: 'https://cdn.example.com/files/' }).storage).toMatchObject(
      {
        publicBaseUrl: 'https://cdn.example.com/files',
      },
    );
    expect(loadConfig({ ...s3, STORAGE_URL: 's3://platform-files/a/b/' }).storage).toMatchObject({
      prefix: 'a/b/',
    });
    // AWS itself: no endpoint, virtual-host addressing, the SDK's own credentials, region us-east-1.
    expect(loadConfig({ STORAGE_URL: 's3://platform-files' }).storage).toEqual({
      driver: 's3',
      bucket: 'platform-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('names a wrong STORAGE_URL and the S3 settings that do not fit together', () => {
    for (const wrong of [
      'file:///srv/files',
      's3://',
      's3://Upper-Case',
      's3://ab',
      's3://bucket/../up',
      's3://bucket/a//b',
      's3://bucket?endpoint=http://x',
      'https://bucket.s3.amazonaws.com',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: wrong }), wrong).toThrow(
        `STORAGE_URL must be s3://BUCKET or s3://BUCKET/PREFIX`,
      );
    }
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(
      'S3_ENDPOINT must be a http: or https:// URL',
    );
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false',
    );
    // S3 settings without STORAGE_URL would silently leave the files on the local disk.
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_ENDPOINT is set but STORAGE_URL is not',
    );
    expect(() => loadConfig({ S3_PUBLIC_BASE_URL: 'https://cdn.example.com' })).toThrow(
      'S3_PUBLIC_BASE_URL is set but STORAGE_URL is not',
    );
    expect(() => loadConfig({ ...s3, S3_PUBLIC_BASE_URL: 'cdn.example.com' })).toThrow(
      'S3_PUBLIC_BASE_URL must be a http: or https:// URL',
    );
  });
});
