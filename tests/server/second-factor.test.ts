/**
 * The second factor (issue 26, "What to build" 1; API contract, "Admin sign-in and audit"): TOTP
 * set up and proven with a real RFC 6238 computation, login with a code, wrong and replayed codes,
 * recovery codes used once, admins refused until they enrol, the 12-hour admin session, the rules of
 * turning it off, and `create-admin --reset-2fa`.
 */
import { spawnSync } from 'node:child_process';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src-server/modules/auth/sessions';
import { testContext, TEST_PASSWORD, TEST_TOTP_SECRET, type TestContext } from './context';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

/** The code an authenticator app shows for `secret` at the server's time, `steps` steps away. */
function totp(secret: string, steps = 0): string {
  const at = t.ctx.now().getTime() + steps * 30_000;
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });
}

/** Moves the server's clock to the start of a fresh 30-second step (so a new code exists). */
function nextStep() {
  const now = t.ctx.now().getTime();
  t.clock.offsetMs += 30_000 - (now % 30_000) + 1_000;
}

function login(email: string, extra: Record<string, unknown> = {}, ip = '10.26.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password: TEST_PASSWORD, ...extra },
  });
}

const sidOf = (res: { cookies: { name: string; value: string; maxAge?: number }[] }) =>
  res.cookies.find((c) => c.name === SESSION_COOKIE && c.value);

async function enrolledInvestor() {
  const user = await t.createUser({ role: 'user', secondFactor: true });
  return user;
}

describe('setting up the second factor', () => {
  it('answers an otpauth URL and secret, and enables with a real TOTP code, answering 10 recovery codes', async () => {
    const me = await t.injectAs('user');
    const setup = await me.inject({ method: 'POST', url: '/api/auth/2fa/setup' });
    expect(setup.statusCode).toBe(200);
    const { otpauthUrl, secret } = setup.json().data as { otpauthUrl: string; secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    // Stored encrypted: the database never holds the secret as text.
    const { rows: pending } = await t.database.pool.query(
      'SELECT totp_pending_secret, totp_secret FROM users WHERE id = $1',
      [me.user!.id],
    );
    expect(pending[0].totp_pending_secret).not.toContain(secret);
    expect(pending[0].totp_secret).toBeNull();

    const enable = await me.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: totp(secret) },
    });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const { rows } = await t.database.pool.query(
      'SELECT u.totp_secret, u.totp_enabled_at, u.totp_pending_secret, r.code_hash FROM users u JOIN recovery_codes r ON r.user_id = u.id WHERE u.id = $1',
      [me.user!.id],
    );
    expect(rows).toHaveLength(10);
    expect(rows[0].totp_enabled_at).not.toBeNull();
    expect(rows[0].totp_pending_secret).toBeNull();
    expect(rows[0].totp_secret).not.toContain(secret);
    const hashes = rows.map((r) => r.code_hash as string);
    for (const code of codes) expect(hashes).not.toContain(code);

    const profile = await me.inject({ method: 'GET', url: '/api/profile/get' });
    expect(profile.json().data.secondFactorEnabled).toBe(true);
    // A factor that is on cannot be replaced by a new setup with only the session.
    const again = await me.inject({ method: 'POST', url: '/api/auth/2fa/setup' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('auth.second_factor_already_enabled');
  });

  it('refuses a wrong code and an enable without a setup, leaving the factor off', async () => {
    const me = await t.injectAs('user');
    const none = await me.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: '123456' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('auth.second_factor_no_setup');

    const { secret } = (await me.inject({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data;
    const good = totp(secret);
    const wrong = good === '000000' ? '000001' : '000000';
    const res = await me.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: wrong } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('auth.second_factor_invalid');
    expect(res.json().codes.code).toBe('auth.second_factor_invalid');
    const profile = await me.inject({ method: 'GET', url: '/api/profile/get' });
    expect(profile.json().data.secondFactorEnabled).toBe(false);
  });

  it('counts wrong codes: after 10 in 15 minutes the next answer is 429, even for the right code', async () => {
    const me = await t.injectAs('user');
    const { secret } = (await me.inject({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data;
    const good = totp(secret);
    const wrong = good === '000000' ? '000001' : '000000';
    for (let i = 0; i < 10; i += 1) {
      const res = await me.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: wrong } });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await me.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: good } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('login with a second factor', () => {
  it('asks for the code (401 auth.second_factor_required), refuses a wrong one, and signs in with the right one', async () => {
    const user = await enrolledInvestor();
    nextStep();

    const without = await login(user.email);
    expect(without.statusCode).toBe(401);
    expect(without.json().code).toBe('auth.second_factor_required');
    expect(without.json().message).toBe('Enter the code from your authenticator app.');
    expect(sidOf(without)).toBeUndefined();

    const good = totp(TEST_TOTP_SECRET);
    const wrong = good === '111111' ? '222222' : '111111';
    const bad = await login(user.email, { code: wrong });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('auth.second_factor_invalid');
    expect(sidOf(bad)).toBeUndefined();

    const ok = await login(user.email, { code: good });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.secondFactorEnabled).toBe(true);
    expect(sidOf(ok)).toBeDefined();
  });

  it('never accepts the same code twice (replay), and accepts one step of clock drift', async () => {
    const user = await enrolledInvestor();
    nextStep();
    const code = totp(TEST_TOTP_SECRET);
    expect((await login(user.email, { code })).statusCode).toBe(200);
    const replay = await login(user.email, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.second_factor_invalid');

    // The phone's clock runs 30 s ahead: the next step's code is accepted once the step is new.
    nextStep();
    expect((await login(user.email, { code: totp(TEST_TOTP_SECRET, 1) })).statusCode).toBe(200);
    // Two steps away is too far.
    nextStep();
    nextStep();
    const far = await login(user.email, { code: totp(TEST_TOTP_SECRET, -3) });
    expect(far.statusCode).toBe(401);
  });

  it('takes a recovery code once in place of the code', async () => {
    const me = await t.injectAs('user');
    const { secret } = (await me.inject({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data;
    const codes = (
      await me.inject({ method: 'POST', url: '/api/auth/2fa/enable', payload: { code: totp(secret) } })
    ).json().data.recoveryCodes as string[];

    const first = await login(me.user!.email, { code: codes[3]!.toUpperCase() });
    expect(first.statusCode).toBe(200);
    const again = await login(me.user!.email, { code: codes[3] });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.second_factor_invalid');
    expect((await login(me.user!.email, { code: codes[4] })).statusCode).toBe(200);
  });

  it('counts a wrong code as a failed login: the address is then rate-limited (429)', async () => {
    const user = await enrolledInvestor();
    const limit = t.ctx.config.loginFailureLimit;
    nextStep();
    const good = totp(TEST_TOTP_SECRET);
    const wrong = good === '333333' ? '444444' : '333333';
    let last = 0;
    for (let i = 0; i < limit; i += 1) last = (await login(user.email, { code: wrong })).statusCode;
    expect(last).toBe(401);
    const blocked = await login(user.email, { code: good });
    expect(blocked.statusCode).toBe(429);
  });

  it('refuses a malformed code with 400 before anything is checked', async () => {
    const user = await enrolledInvestor();
    const res = await login(user.email, { code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes.code).toBe('auth.second_factor_code_format');
  });
});

describe('mandatory for admins', () => {
  it.each(['admin', 'superadmin'] as const)(
    'refuses every admin call of a %s without a factor (403 auth.second_factor_setup_required) until enabling completes the sign-in',
    async (role) => {
      const me = await t.injectAs(role, { secondFactor: false });
      const users = await me.inject({ method: 'GET', url: '/api/users' });
      expect(users.statusCode).toBe(403);
      expect(users.json().code).toBe('auth.second_factor_setup_required');
      const tickets = await me.inject({ method: 'GET', url: '/api/admin/overview' });
      expect(tickets.statusCode).toBe(403);
      expect(tickets.json().code).toBe('auth.second_factor_setup_required');

      const profile = await me.inject({ method: 'GET', url: '/api/profile/get' });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data.secondFactorEnabled).toBe(false);

      const { secret } = (await me.inject({ method: 'POST', url: '/api/auth/2fa/setup' })).json().data;
      const enable = await me.inject({
        method: 'POST',
        url: '/api/auth/2fa/enable',
        payload: { code: totp(secret) },
      });
      expect(enable.statusCode).toBe(200);
      // The same session now works: no second login.
      expect((await me.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    },
  );

  it('lets an admin without a factor sign in with the password, then refuses admin calls; logout still works', async () => {
    const admin = await t.createUser({ role: 'admin', secondFactor: false });
    const res = await login(admin.email);
    expect(res.statusCode).toBe(200);
    const cookie = `${SESSION_COOKIE}=${sidOf(res)!.value}`;
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(users.json().code).toBe('auth.second_factor_setup_required');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
  });

  it('limits an admin session to 12 hours whatever rememberMe says (cookie and server)', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const investor = await enrolledInvestor();
    nextStep();
    const adminLogin = await login(admin.email, { rememberMe: true, code: totp(TEST_TOTP_SECRET) });
    const investorLogin = await login(investor.email, { rememberMe: true, code: totp(TEST_TOTP_SECRET) });
    expect(adminLogin.statusCode).toBe(200);
    expect(sidOf(adminLogin)!.maxAge).toBe(12 * 60 * 60);
    expect(sidOf(investorLogin)!.maxAge).toBe(30 * 24 * 60 * 60);
    const adminCookie = `${SESSION_COOKIE}=${sidOf(adminLogin)!.value}`;
    const investorCookie = `${SESSION_COOKIE}=${sidOf(investorLogin)!.value}`;
    const get = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/profile/get', headers: { cookie } });

    const before = t.clock.offsetMs;
    try {
      t.clock.offsetMs += 11 * 60 * 60 * 1000;
      expect((await get(adminCookie)).statusCode).toBe(200);
      t.clock.offsetMs += 61 * 60 * 1000;
      expect((await get(adminCookie)).statusCode).toBe(401);
      expect((await get(investorCookie)).statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = before;
    }
  });
});

describe('turning the factor off', () => {
  it('is refused to admins and superadmins (403 auth.second_factor_mandatory)', async () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const me = await t.injectAs(role);
      nextStep();
      const res = await me.inject({
        method: 'POST',
        url: '/api/auth/2fa/disable',
        payload: { password: TEST_PASSWORD, code: totp(TEST_TOTP_SECRET) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('auth.second_factor_mandatory');
    }
  });

  it('needs the password and a valid code; then login needs no code', async () => {
    const me = await t.injectAs('user', { secondFactor: true });
    nextStep();
    const good = totp(TEST_TOTP_SECRET);
    const wrongPassword = await me.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: 'not-the-password', code: good },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().codes.password).toBe('auth.wrong_current_password');
    const wrong = good === '555555' ? '666666' : '555555';
    const wrongCode = await me.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: TEST_PASSWORD, code: wrong },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('auth.second_factor_invalid');
    expect((await login(me.user!.email)).json().code).toBe('auth.second_factor_required');

    const ok = await me.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: TEST_PASSWORD, code: good },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(me.user!.email)).statusCode).toBe(200);
    const off = await me.inject({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: TEST_PASSWORD, code: good },
    });
    expect(off.statusCode).toBe(409);
  });

  it('needs a session for every 2fa call', async () => {
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { code: '123456', password: 'x' } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('create-admin --reset-2fa', () => {
  function cli(args: string[]) {
    const result = spawnSync('node', ['--import', 'tsx', 'src-server/cli/create-admin.ts', ...args], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: result.status, out: `${result.stdout}${result.stderr}` };
  }

  it('clears the factor and the recovery codes and ends the sessions; the next sign-in leads through the setup', async () => {
    const me = await t.injectAs('superadmin');
    await t.database.pool.query(
      "INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, 'x'), ($1, 'y')",
      [me.user!.id],
    );
    const result = cli(['--reset-2fa', me.user!.email.toUpperCase()]);
    expect(result.out).toContain(`Removed the second factor of ${me.user!.email}`);
    expect(result.code).toBe(0);

    expect((await me.inject({ method: 'GET', url: '/api/profile/get' })).statusCode).toBe(401);
    const { rows } = await t.database.pool.query(
      'SELECT totp_secret, totp_enabled_at, (SELECT count(*)::int FROM recovery_codes WHERE user_id = $1) AS codes FROM users WHERE id = $1',
      [me.user!.id],
    );
    expect(rows[0]).toEqual({ totp_secret: null, totp_enabled_at: null, codes: 0 });

    const res = await login(me.user!.email);
    expect(res.statusCode).toBe(200);
    const cookie = `${SESSION_COOKIE}=${sidOf(res)!.value}`;
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(users.json().code).toBe('auth.second_factor_setup_required');
  });

  it('answers exit code 1 for an unknown address', () => {
    const result = cli(['--reset-2fa', 'nobody-here@example.com']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('No account with the e-mail nobody-here@example.com.');
  });

  it('creates admins without a factor', async () => {
    const result = cli(['--email', 'fresh-admin@example.com', '--password', 'a-long-password']);
    expect(result.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fresh-admin@example.com', password: 'a-long-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.secondFactorEnabled).toBe(false);
  });
});
