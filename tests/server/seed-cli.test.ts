import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KYC_KEY, testContext, type TestContext } from './context';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  t = await testContext();
  dataDir = mkdtempSync(join(tmpdir(), 'cf-seed-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function seed(args: string[] = []) {
  const result = spawnSync('node', ['--import', 'tsx', 'src-server/cli/seed.ts', ...args], {
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dataDir,
      KYC_ENCRYPTION_KEY: TEST_KYC_KEY,
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

const countUsers = async () =>
  Number((await t.database.pool.query('SELECT count(*) FROM users')).rows[0].count);

describe('npm run seed', () => {
  it('fills an empty database with the demo and prints the logins', async () => {
    expect(await countUsers()).toBe(0);
    const result = seed();
    expect(result.code).toBe(0);
    expect(result.out).toContain('Demo data created. Demo logins:');
    expect(result.out).toMatch(/user\s+investor@afrivest\.test\s+demo-password-2026/);
    // The seven demo logins and the five investors beside the demo investor in the demo loans.
    expect(await countUsers()).toBe(12);
    // The pictures and the encrypted identity documents went into DATA_DIR.
    expect(readdirSync(join(dataDir, 'uploads', 'ventures')).length).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'private', 'kyc'))).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'investor@afrivest.test', password: 'demo-password-2026' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a database that has accounts, changing nothing', async () => {
    const before = await countUsers();
    const result = seed();
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      'The database already has accounts: demo data goes only into an empty database. Nothing was changed.',
    );
    expect(await countUsers()).toBe(before);
  });

  it('refuses unknown arguments with the usage line', () => {
    const result = seed(['--force']);
    expect(result.code).toBe(2);
    expect(result.out).toContain('Unknown argument --force.\nUsage: npm run seed');
  });
});
