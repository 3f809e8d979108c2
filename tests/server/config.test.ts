import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src-server/config';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
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
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db.internal:5432/platform',
      DATA_DIR: '/var/lib/platform',
      PUBLIC_URL: 'https://invest.example.com/',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:2525',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_FAILURES: '5',
      RATE_LIMIT_AUTH_PER_MINUTE: '300',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db.internal:5432/platform',
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
    });
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
    [{ TRUST_PROXY: 'sometimes' }, "TRUST_PROXY must be true or false (got 'sometimes')"],
    [
      { RATE_LIMIT_LOGIN_FAILURES: '0' },
      "RATE_LIMIT_LOGIN_FAILURES must be a whole number of at least 1 (got '0')",
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every wrong variable at once', () => {
    expect(() => loadConfig({ PORT: '-1', LOG_LEVEL: 'x' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
