import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src-server/db/schema';
import { hashToken } from '../../src-server/modules/auth/sessions';
import { TEST_PASSWORD, testContext, type TestContext } from './context';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

function cookieHeader(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers });

describe('POST /api/auth/login', () => {
  it('signs in with a trimmed, case-insensitive e-mail and sets both cookies for the browser session', async () => {
    const user = await t.createUser({ email: 'ada@example.com', firstName: 'Ada' });
    const res = await login({ email: '  ADA@Example.com ', password: TEST_PASSWORD, rememberMe: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login successful!');
    expect(body.user).toMatchObject({
      id: user.id,
      email: 'ada@example.com',
      firstName: 'Ada',
      role: 'user',
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user.lastLoginAt).not.toBeNull();

    const sid = cookieHeader(res.headers['set-cookie'], 'sid')!;
    expect(sid).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(sid).toContain('HttpOnly');
    expect(sid).toContain('SameSite=Lax');
    expect(sid).toContain('Path=/');
    expect(sid).not.toContain('Max-Age');
    expect(sid).not.toContain('Secure');
    const marker = cookieHeader(res.headers['set-cookie'], 'logged_in')!;
    expect(marker).toMatch(/^logged_in=1;/);
    expect(marker).not.toContain('HttpOnly');

    // Only the token's hash is stored; the session ends 12 hours after login.
    const token = sid.slice(4, sid.indexOf(';'));
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    expect(row!.tokenHash).not.toContain(token);
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 1);
  });

  it('makes both cookies last 30 days with Remember me', async () => {
    await t.createUser({ email: 'remember@example.com' });
    const res = await login({ email: 'remember@example.com', password: TEST_PASSWORD, rememberMe: true });
    expect(res.statusCode).toBe(200);
    expect(cookieHeader(res.headers['set-cookie'], 'sid')).toContain(`Max-Age=${30 * 24 * 3600}`);
    expect(cookieHeader(res.headers['set-cookie'], 'logged_in')).toContain(`Max-Age=${30 * 24 * 3600}`);
  });

  it('answers the same 401 for a wrong password and for an unknown address', async () => {
    await t.createUser({ email: 'known@example.com' });
    const wrong = await login({ email: 'known@example.com', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password.', code: 'auth.invalid_credentials' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unverified e-mail and a deactivated account with 403', async () => {
    await t.createUser({ email: 'unverified@example.com', emailVerifiedAt: null });
    await t.createUser({ email: 'inactive@example.com', isActive: false });
    const unverified = await login({ email: 'unverified@example.com', password: TEST_PASSWORD });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      message: 'Please verify your email before logging in.',
      code: 'auth.email_not_verified',
    });
    const inactive = await login({ email: 'inactive@example.com', password: TEST_PASSWORD });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({ message: 'Your account is deactivated.', code: 'auth.deactivated' });
  });

  it('rotates the session: the sid sent with a login is revoked', async () => {
    const signedIn = await t.injectAs('user', { email: 'rotate@example.com' });
    const res = await signedIn.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'rotate@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await signedIn.inject({ method: 'GET', url: '/api/profile/get' })).statusCode).toBe(401);
  });
});

describe('GET /api/profile/get and POST /api/auth/logout', () => {
  it('returns the signed-in user, and 401 without a session', async () => {
    const corporate = await t.injectAs('corporate', { companyName: 'Acme Ltd' });
    const res = await corporate.inject({ method: 'GET', url: '/api/profile/get' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: corporate.user!.id,
      role: 'corporate',
      companyName: 'Acme Ltd',
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/profile/get' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Please log in.', code: 'auth.login_required' });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/profile/get',
      headers: { cookie: 'sid=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('logout revokes the session, clears both cookies, and the old sid answers 401', async () => {
    const signedIn = await t.injectAs('user');
    const res = await signedIn.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out.' });
    expect(cookieHeader(res.headers['set-cookie'], 'sid')).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(cookieHeader(res.headers['set-cookie'], 'logged_in')).toMatch(/^logged_in=;/);
    expect((await signedIn.inject({ method: 'GET', url: '/api/profile/get' })).statusCode).toBe(401);
  });

  it('a deactivated user is signed out at once', async () => {
    const signedIn = await t.injectAs('user');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, signedIn.user!.id));
    expect((await signedIn.inject({ method: 'GET', url: '/api/profile/get' })).statusCode).toBe(401);
  });

  it('marks the cookies Secure when the public URL is https', async () => {
    const { buildApp } = await import('../../src-server/app');
    const app = await buildApp(
      {
        ...t.ctx,
        config: {
          ...t.ctx.config,
          publicUrl: 'https://x.example',
          publicOrigin: 'https://x.example',
          secureCookies: true,
        },
      },
      { logger: false },
    );
    await t.createUser({ email: 'secure@example.com' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'secure@example.com', password: TEST_PASSWORD },
    });
    expect(cookieHeader(res.headers['set-cookie'], 'sid')).toContain('Secure');
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    await app.close();
  });
});

describe('GET /api/balances/my-balance', () => {
  it("answers the signed-in investor's balance in euros, and refuses admins and visitors", async () => {
    const investor = await t.injectAs('user');
    const res = await investor.inject({ method: 'GET', url: '/api/balances/my-balance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance: 0 });
    const admin = await t.injectAs('admin');
    expect((await admin.inject({ method: 'GET', url: '/api/balances/my-balance' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/balances/my-balance' })).statusCode).toBe(401);
  });
});
