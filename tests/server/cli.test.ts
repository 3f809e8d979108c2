import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src-server/lib/data-dir-lock';
import { testContext, type TestContext } from './context';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

function createAdmin(args: string[]) {
  const result = spawnSync('node', ['--import', 'tsx', 'src-server/cli/create-admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('npm run create-admin', () => {
  it('creates a verified admin who can sign in', async () => {
    const result = createAdmin(['--email', 'Ops@Example.com', '--password', 'a-long-password']);
    expect(result.out).toContain('Created ops@example.com as admin.');
    expect(result.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ops@example.com', password: 'a-long-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });

  it('promotes an existing account with --superadmin', async () => {
    const user = await t.createUser({ email: 'promote@example.com', role: 'user' });
    const result = createAdmin([
      '--email',
      'promote@example.com',
      '--password',
      'another-password',
      '--superadmin',
    ]);
    expect(result.out).toContain('Promoted promote@example.com as superadmin.');
    const { rows } = await t.database.pool.query('SELECT role FROM users WHERE id = $1', [user.id]);
    expect(rows[0].role).toBe('superadmin');
  });

  it('refuses bad arguments with exit code 2 and the usage line', () => {
    const bad = createAdmin(['--email', 'not-an-email', '--password', 'a-long-password']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--email: Invalid email address.');
    expect(bad.out).toContain('Usage: npm run create-admin -- --email E --password P [--superadmin]');
    const short = createAdmin(['--email', 'a@example.com', '--password', 'short']);
    expect(short.code).toBe(2);
    expect(short.out).toContain('--password must be 8 to 128 characters long.');
  });
});

describe('the data folder lock', () => {
  it('refuses a second server on the same DATA_DIR while the first runs, and takes over a stale lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-lock-'));
    const sleeper = spawn('node', ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.pid'), `${sleeper.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        `Another server (pid ${sleeper.pid}) is already using the data folder ${dir}`,
      );
      sleeper.kill('SIGKILL');
      await new Promise((r) => sleeper.once('exit', r));
      const release = lockDataDir(dir); // the lock's process is gone: stale, taken over
      expect(readFileSync(join(dir, 'server.pid'), 'utf8').trim()).toBe(String(process.pid));
      release();
      const again = lockDataDir(dir);
      again();
    } finally {
      sleeper.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
