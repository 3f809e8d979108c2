/**
 * Issue 26, findings 1 and 10: failed sign-ins are counted as in OWASP's device-cookie scheme (API
 * contract, "Auth and profile"; src-server/modules/auth/device-cookies.ts). An attacker guessing an
 * address from anywhere locks out only the browsers that never signed in to it; the owner's browser
 * keeps its own allowance; a password reset ends the lockout; wrong current passwords in a profile
 * change are failed sign-ins too.
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { testContext, TEST_PASSWORD, type TestContext } from './context';
import { nextIp } from './registration-bodies';

let t: TestContext;
const LIMIT = 10;

beforeAll(async () => {
  t = await testContext();
});
beforeEach(() => {
  t.clock.offsetMs = 0;
});

/** The `device_…` cookie a successful sign-in set, as a Cookie header value. */
function deviceCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.startsWith('device_'));
  if (!cookie) throw new Error('no device cookie was set');
  return `${cookie.name}=${cookie.value}`;
}

function login(email: string, password: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    headers: cookie ? { cookie } : {},
    payload: { email, password },
  });
}

async function failTimes(times: number, email: string, cookie?: string) {
  for (let i = 0; i < times; i++) {
    const wrong = await login(email, 'not-the-password-9', cookie);
    expect(wrong.statusCode).toBe(401);
  }
}

async function ownerWithDevice(role: 'user' | 'admin' = 'user') {
  // An admin without a second factor signs in with the password alone (and must then enrol).
  const user = await t.createUser({ role, secondFactor: false });
  const first = await login(user.email, TEST_PASSWORD);
  expect(first.statusCode).toBe(200);
  return { user, device: deviceCookie(first) };
}

describe('owner lockout (finding 1)', () => {
  it('sets an HttpOnly, SameSite=Strict device cookie on a successful sign-in, never naming the address', async () => {
    const user = await t.createUser();
    const response = await login(user.email, TEST_PASSWORD);
    const cookie = response.cookies.find((c) => c.name.startsWith('device_'))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookie.maxAge).toBeGreaterThan(90 * 86_400);
    expect(`${cookie.name}=${cookie.value}`).not.toContain(user.email.split('@')[0]!);
  });

  it("ten failures from anywhere lock out untrusted browsers, while the owner's browser still signs in", async () => {
    const { user, device } = await ownerWithDevice();
    await failTimes(LIMIT, user.email);

    const stranger = await login(user.email, TEST_PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ code: 'auth.too_many_attempts' });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(800);

    const owner = await login(user.email, TEST_PASSWORD, device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ message: 'Login successful!' });
    // The owner's success does not lift the lockout the attacker caused for untrusted browsers.
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('holds for admin accounts too', async () => {
    const { user, device } = await ownerWithDevice('admin');
    await failTimes(LIMIT, user.email);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, device)).statusCode).toBe(200);
  });

  it('a device cookie has its own allowance: its ten failures lock out that browser only', async () => {
    const { user, device } = await ownerWithDevice();
    await failTimes(LIMIT, user.email, device);
    const locked = await login(user.email, TEST_PASSWORD, device);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("a forged or another account's device cookie counts as an untrusted browser", async () => {
    const { user, device } = await ownerWithDevice();
    const other = await ownerWithDevice();
    await failTimes(LIMIT, user.email);
    const [name, value] = device.split('=') as [string, string];
    const [nonce] = value.split('.');
    const forged = `${name}=${nonce}.${Buffer.alloc(32, 7).toString('base64url')}`;
    expect((await login(user.email, TEST_PASSWORD, forged)).statusCode).toBe(429);
    // The other account's cookie under this account's name: its signature is for another address.
    const borrowed = `${name}=${other.device.split('=')[1]}`;
    expect((await login(user.email, TEST_PASSWORD, borrowed)).statusCode).toBe(429);
  });

  it('a successful password reset ends the lockout', async () => {
    const user = await t.createUser();
    await failTimes(LIMIT, user.email);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: nextIp(),
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const newPassword = 'a-fresh-passphrase-26';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { email: user.email, token: await t.lastCode(user.email), newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);
  });

  it('the lockout ends after 15 minutes', async () => {
    const user = await t.createUser();
    await failTimes(LIMIT, user.email);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    t.clock.offsetMs = 15 * 60_000 + 1_000;
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('current-password guessing (finding 10)', () => {
  const change = (
    inject: (o: object) => Promise<LightMyRequestResponse>,
    user: { email: string },
    current: string,
  ) =>
    inject({
      method: 'PUT',
      url: '/api/profile/update',
      remoteAddress: nextIp(),
      payload: {
        firstName: 'Test',
        lastName: 'Person',
        email: user.email,
        phone: '+49 30 1234567',
        countryName: 'Germany',
        city: 'Berlin',
        address: 'Unter den Linden 1',
        newsletterFrequency: 'monthly',
        transactionNotification: false,
        latestNewsNotification: false,
        currentPassword: current,
        newPassword: 'another-long-passphrase-7',
      },
    });

  it('wrong current passwords count as failed sign-ins and lock the change out too', async () => {
    const signedIn = await t.injectAs('user');
    const user = signedIn.user!;
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await change(signedIn.inject, user, 'not-the-password-9');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errors: { currentPassword: expect.any(String) } });
    }
    // The eleventh guess is refused before it is checked, even the right password.
    const locked = await change(signedIn.inject, user, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'auth.too_many_attempts' });
    // And a sign-in from a browser that never signed in to the account is locked out as well.
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
