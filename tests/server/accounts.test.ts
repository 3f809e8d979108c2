import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src-server/db/schema';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../src-shared/constants/legal';
import { testContext, type TestContext } from './context';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});
beforeEach(() => {
  t.clock.offsetMs = 0;
});

let seq = 0;
/** A distinct client address per test, so the per-IP limit of one test does not reach another. */
const ip = () => `10.1.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = ip()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

const investor = (overrides: Record<string, unknown> = {}) => ({
  firstName: '  Marta ',
  lastName: 'Nowak',
  email: `marta${seq++}@example.com`,
  phone: '+48 600 100 200',
  countryName: 'Poland',
  city: 'Kraków',
  address: 'ul. Floriańska 1',
  password: 'a-strong-password',
  acceptTerms: true,
  ...overrides,
});

const corporate = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Kwame',
  lastName: 'Mensah',
  email: `kwame${seq++}@example.com`,
  phone: '+233 20 000 0000',
  companyName: 'Volta Foods Ltd',
  legalForm: 'Ltd',
  registrationNumber: 'CS-123456',
  countryName: 'Ghana',
  registeredAddress: '12 Independence Ave, Accra',
  companyEmail: 'finance@volta.example',
  companyPhone: '+233 30 000 0000',
  password: 'a-strong-password',
  acceptTerms: true,
  ...overrides,
});

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function registerAndVerify(body = investor()) {
  expect((await post('/api/auth/register', body)).statusCode).toBe(201);
  const token = await t.lastCode(body.email);
  expect((await post('/api/auth/verify-email', { email: body.email, token })).statusCode).toBe(200);
  return body;
}

describe('POST /api/auth/register', () => {
  it('creates an unverified investor with the spec defaults and e-mails a 6-digit code', async () => {
    const body = investor({ email: '  Marta.Nowak@Example.com ' });
    const res = await post('/api/auth/register', { ...body, role: 'admin', isActive: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Registration successful! Please verify your email.',
      email: 'marta.nowak@example.com',
    });
    const row = await userRow('marta.nowak@example.com');
    expect(row).toMatchObject({
      firstName: 'Marta',
      role: 'user',
      isActive: true,
      emailVerifiedAt: null,
      newsletterFrequency: 'monthly',
      transactionNotification: false,
      latestNewsNotification: false,
      city: 'Kraków',
      language: 'en',
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mails = (await t.outbox()).filter((m) => m.to === 'marta.nowak@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('verify-email');
    expect(mails[0]!.subject).toMatch(/^Your AfriVest verification code: \d{6}$/);
    expect(mails[0]!.text).toContain('Hello Marta,');
    expect(mails[0]!.text).toContain('/verify-email?email=marta.nowak%40example.com');
    expect(mails[0]!.html).toContain('<p style="font-size:32px');
    // Only the code's hash is stored.
    const code = await t.lastCode('marta.nowak@example.com');
    const { rows } = await t.database.pool.query('SELECT code_hash FROM email_codes WHERE user_id = $1', [
      row.id,
    ]);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it('answers a duplicate address, whatever its case, as a new one and creates nothing (decision 0117)', async () => {
    const body = investor();
    expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    const again = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      message: 'Registration successful! Please verify your email.',
      email: body.email,
    });
    const corp = await post('/api/auth/register-corporate', corporate({ email: body.email }));
    expect(corp.statusCode).toBe(201);
    expect((await userRow(body.email)).role).toBe('user');
  });

  it.each([
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters.'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address.'],
    [{ firstName: '   ' }, 'firstName', 'First name is required.'],
    [{ countryName: 'Atlantis' }, 'countryName', 'Please choose a country from the list.'],
    [{ city: 'Berlin' }, 'city', 'Please choose a city of the selected country.'],
    [{ newsletterFrequency: 'hourly' }, 'newsletterFrequency', undefined],
  ])('refuses %o with 400 and changes nothing', async (change, field, message) => {
    const body = investor(change);
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().errors[field]).toBe(message);
    else expect(res.json().errors).toHaveProperty(field);
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [
      String(body.email).trim(),
    ]);
    expect(rows).toHaveLength(0);
  });

  it('writes the e-mail in the language chosen on the site', async () => {
    const body = investor();
    await post('/api/auth/register', body, { cookie: 'googtrans=/en/de' });
    const mail = (await t.outbox()).filter((m) => m.to === body.email).pop()!;
    expect(mail.subject).toMatch(/^Ihr AfriVest-Bestätigungscode: \d{6}$/);
    expect(mail.text).toContain('Hallo Marta,');
    expect((await userRow(body.email)).language).toBe('de');
  });
});

describe('POST /api/auth/register-corporate', () => {
  it('creates a corporate with the weekly newsletter default and no city', async () => {
    const body = corporate();
    const res = await post('/api/auth/register-corporate', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Corporate registration successful! Please verify your email.');
    expect(await userRow(body.email)).toMatchObject({
      role: 'corporate',
      newsletterFrequency: 'weekly',
      city: null,
      companyName: 'Volta Foods Ltd',
      legalForm: 'Ltd',
      countryName: 'Ghana',
      address: '12 Independence Ave, Accra',
    });
  });

  it('refuses a legal form or a country outside the lists', async () => {
    const form = await post('/api/auth/register-corporate', corporate({ legalForm: 'Trust' }));
    expect(form.statusCode).toBe(400);
    expect(form.json().errors.legalForm).toBe('Please choose a legal form from the list.');
    const country = await post('/api/auth/register-corporate', corporate({ countryName: 'Germany' }));
    expect(country.json().errors.countryName).toBe('Please choose a country from the list.');
  });
});

/** Consent at registration (issue 25, point 5): GDPR Art. 7(1), the controller shows what was
 * accepted and when. */
describe('consent to the terms of use and the privacy policy', () => {
  const count = async (email: string) =>
    (await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount;

  it.each([
    ['/api/auth/register', investor],
    ['/api/auth/register-corporate', corporate],
  ] as const)(
    '%s without acceptTerms: true answers 400 auth.terms_required and creates no one',
    async (url, make) => {
      for (const acceptTerms of [undefined, false, 'true', 1, null]) {
        const body = make({ acceptTerms });
        const res = await post(url, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'Please accept the terms of use and the privacy policy.',
          code: 'auth.terms_required',
          errors: { acceptTerms: 'Please accept the terms of use and the privacy policy.' },
          codes: { acceptTerms: 'auth.terms_required' },
        });
        expect(await count(String(body.email))).toBe(0);
        expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(0);
      }
    },
  );

  it('stores the versions accepted and the time of the consent, and the profile shows them', async () => {
    const before = Date.now();
    const body = await registerAndVerify();
    const after = Date.now();
    const row = await userRow(body.email);
    expect(row).toMatchObject({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(TERMS_VERSION).toBe('2.0');
    expect(row.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.termsAcceptedAt!.getTime()).toBeLessThanOrEqual(after);

    const login = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.json().user).toMatchObject({
      termsVersion: TERMS_VERSION,
      privacyVersion: PRIVACY_VERSION,
      termsAcceptedAt: row.termsAcceptedAt!.toISOString(),
    });
    const cookie = String(login.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/get', headers: { cookie } });
    expect(profile.json().data).toMatchObject({
      termsVersion: TERMS_VERSION,
      privacyVersion: PRIVACY_VERSION,
      termsAcceptedAt: row.termsAcceptedAt!.toISOString(),
    });
  });

  it('stores the consent of a company too', async () => {
    const body = corporate();
    expect((await post('/api/auth/register-corporate', body)).statusCode).toBe(201);
    const row = await userRow(body.email);
    expect(row).toMatchObject({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(row.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('answers every field that is wrong at once, each with its code', async () => {
    const res = await post('/api/auth/register', {
      email: 'not-an-email',
      city: 'Berlin',
      countryName: 'Poland',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual({
      firstName: 'profile.first_name_required',
      lastName: 'profile.last_name_required',
      email: 'auth.email_invalid',
      phone: 'profile.phone_required',
      city: 'profile.choose_city',
      address: 'profile.address_required',
      password: 'auth.password_min_8',
      acceptTerms: 'auth.terms_required',
    });
  });
});

describe('e-mail verification codes', () => {
  it('verifies with the right code; login is refused before and works after', async () => {
    const body = investor();
    await post('/api/auth/register', body);
    const before = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      message: 'Please verify your email before logging in.',
      code: 'auth.email_not_verified',
    });
    const token = await t.lastCode(body.email);
    const res = await post('/api/auth/verify-email', { email: body.email, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email verified successfully.' });
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(
      200,
    );
    // A used code does not work again.
    const reuse = await post('/api/auth/verify-email', { email: body.email, token });
    // An already verified address answers as a wrong code does (decision 0117).
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: 'Invalid or expired code.', code: 'auth.invalid_code' });
  });

  it('requires the e-mail and a 6-digit code', async () => {
    const res = await post('/api/auth/verify-email', { email: 'a@example.com', token: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe('Email and OTP are required.');
    expect(
      (await post('/api/auth/verify-email', { email: 'a@example.com', token: '12345a' })).json().errors.token,
    ).toBe('The code has 6 digits.');
  });

  it('burns a code at the fifth wrong try', async () => {
    const body = investor();
    await post('/api/auth/register', body);
    const token = await t.lastCode(body.email);
    const wrong = token === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/auth/verify-email', { email: body.email, token: wrong });
      expect(res.json()).toEqual({ message: 'Invalid or expired code.', code: 'auth.invalid_code' });
    }
    const fifth = await post('/api/auth/verify-email', { email: body.email, token: wrong });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({
      message: 'Too many wrong codes. Please request a new one.',
      code: 'auth.code_burnt',
    });
    const right = await post('/api/auth/verify-email', { email: body.email, token });
    expect(right.statusCode).toBe(400);
    expect((await userRow(body.email)).emailVerifiedAt).toBeNull();
  });

  it('expires a code after 10 minutes', async () => {
    const body = investor();
    await post('/api/auth/register', body);
    const token = await t.lastCode(body.email);
    t.clock.offsetMs = 10 * 60_000 + 1_000;
    const res = await post('/api/auth/verify-email', { email: body.email, token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid or expired code.', code: 'auth.invalid_code' });
  });

  it('resends at most once a minute, and a new code replaces the old one', async () => {
    const body = investor();
    await post('/api/auth/register', body);
    const first = await t.lastCode(body.email);
    // Within the minute of the registration's code: the usual answer, and nothing is sent, since a 429
    // here would tell that the address just signed up (decision 0117).
    const tooSoon = await post('/api/auth/resend-verification-token', { email: body.email });
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.json()).toEqual({ message: 'Verification email resent.' });
    expect((await t.outbox()).filter((m) => m.to === body.email)).toHaveLength(1);

    t.clock.offsetMs = 61_000;
    const res = await post('/api/auth/resend-verification-token', { email: body.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification email resent.' });
    const second = await t.lastCode(body.email);
    const mails = (await t.outbox()).filter((m) => m.to === body.email);
    expect(mails).toHaveLength(2);
    if (first !== second) {
      expect((await post('/api/auth/verify-email', { email: body.email, token: first })).statusCode).toBe(
        400,
      );
    }
    expect((await post('/api/auth/verify-email', { email: body.email, token: second })).statusCode).toBe(200);
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const res = await post('/api/auth/resend-verification-token', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification email resent.' });
    expect((await t.outbox()).length).toBe(before);
  });
});

describe('password reset', () => {
  it('e-mails a code and a link, resets the password and ends every session', async () => {
    const body = await registerAndVerify();
    const login = await post('/api/auth/login', { email: body.email, password: body.password });
    const cookie = String(login.headers['set-cookie']).match(/sid=[^;]+/)![0];

    const res = await post('/api/auth/forgot-password', { email: body.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Reset link sent. Check your email.' });
    const mail = (await t.outbox()).filter((m) => m.to === body.email).pop()!;
    expect(mail.kind).toBe('reset-password');
    expect(mail.text).toContain(`/reset-password?email=${encodeURIComponent(body.email)}`);
    const token = await t.lastCode(body.email);

    const short = await post('/api/auth/reset-password', { email: body.email, token, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe('Password must be at least 8 characters.');

    const reset = await post('/api/auth/reset-password', {
      email: body.email,
      token,
      newPassword: 'new-pass-6',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful.' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile/get', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: body.email, password: 'new-pass-6' })).statusCode).toBe(
      200,
    );
    const again = await post('/api/auth/reset-password', {
      email: body.email,
      token,
      newPassword: 'another-1',
    });
    expect(again.statusCode).toBe(400);
  });

  it('expires a reset code after 10 minutes and burns it at the fifth wrong try', async () => {
    const body = await registerAndVerify();
    await post('/api/auth/forgot-password', { email: body.email });
    const expired = await t.lastCode(body.email);
    t.clock.offsetMs = 10 * 60_000 + 1_000;
    const late = await post('/api/auth/reset-password', {
      email: body.email,
      token: expired,
      newPassword: 'new-pass-6',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: 'Invalid or expired code.', code: 'auth.invalid_code' });

    await post('/api/auth/forgot-password', { email: body.email });
    const token = await t.lastCode(body.email);
    const wrong = token === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 1; i <= 5; i++) {
      const res = await post('/api/auth/reset-password', {
        email: body.email,
        token: wrong,
        newPassword: 'x-pass-66',
      });
      tries.push(res.json().message);
    }
    expect(tries).toEqual([
      ...Array(4).fill('Invalid or expired code.'),
      'Too many wrong codes. Please request a new one.',
    ]);
    const right = await post('/api/auth/reset-password', {
      email: body.email,
      token,
      newPassword: 'new-pass-6',
    });
    expect(right.statusCode).toBe(400);
    // The password is still the old one.
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(
      200,
    );
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const res = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Reset link sent. Check your email.' });
    expect((await t.outbox()).length).toBe(before);
    const reset = await post('/api/auth/reset-password', {
      email: 'ghost@example.com',
      token: '123456',
      newPassword: 'abcdef-ember-42',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: 'Invalid or expired code.', code: 'auth.invalid_code' });
  });
});

describe('a known and an unknown address get the same answers', () => {
  const answers = async (url: string, email: string) => {
    const out: { status: number; body: unknown; retryAfter?: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await post(url, { email });
      out.push({
        status: res.statusCode,
        body: res.json(),
        retryAfter: res.headers['retry-after'] as string,
      });
    }
    return out;
  };

  it.each(['/api/auth/forgot-password', '/api/auth/resend-verification-token'])(
    '%s: 200 and then 429 within the minute, whether or not the account exists',
    async (url) => {
      const known = await registerAndVerify();
      if (url.endsWith('resend-verification-token')) {
        // An unverified account whose registration code is over a minute old.
        const fresh = investor();
        await post('/api/auth/register', fresh);
        known.email = fresh.email;
        t.clock.offsetMs = 61_000;
      }
      const sent = (await t.outbox()).filter((m) => m.to === known.email).length;
      const forKnown = await answers(url, known.email);
      const forUnknown = await answers(url, `nobody-${seq++}@example.com`);
      expect(forKnown).toEqual(forUnknown);
      expect(forKnown.map((a) => a.status)).toEqual([200, 429]);
      expect(forKnown[1]!.body).toEqual({
        message: 'Please wait a minute before requesting another code.',
        code: 'auth.resend_too_soon',
      });
      expect(forKnown[1]!.retryAfter).toBe('60');
      // The known address got exactly one new e-mail.
      expect((await t.outbox()).filter((m) => m.to === known.email).length).toBe(sent + 1);
    },
  );
});

describe('rate limits (kept in PostgreSQL)', () => {
  it('answers 429 with Retry-After after 10 failed logins for one address in 15 minutes', async () => {
    const body = await registerAndVerify();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/login', { email: body.email, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: body.email, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many attempts. Please try again later.',
      code: 'auth.too_many_attempts',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    t.clock.offsetMs = 15 * 60_000 + 1_000;
    expect((await post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(
      200,
    );
  });

  it('counts per IP across server instances sharing the database', async () => {
    const { buildApp } = await import('../../src-server/app');
    const config = { ...t.ctx.config, authCallsPerMinute: 5 };
    const a = await buildApp({ ...t.ctx, config }, { logger: false });
    const b = await buildApp({ ...t.ctx, config }, { logger: false });
    const address = ip();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof a.inject>> | undefined;
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      last = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `x${i}@example.com` },
        remoteAddress: address,
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.json()).toEqual({
      message: 'Too many attempts. Please try again later.',
      code: 'auth.too_many_attempts',
    });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    const other = await a.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'x@example.com' },
      remoteAddress: ip(),
    });
    expect(other.statusCode).toBe(200);
    await a.close();
    await b.close();
  });
});

describe('PUT /api/profile/update', () => {
  async function signedIn() {
    const body = await registerAndVerify();
    const res = await post('/api/auth/login', { email: body.email, password: body.password });
    const cookie = String(res.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/update', payload, headers: { cookie } });
    const profile = {
      firstName: 'Marta',
      lastName: 'Nowak',
      email: body.email,
      phone: '+48 600 100 200',
      countryName: 'Poland',
      city: 'Kraków',
      address: 'ul. Floriańska 1',
      newsletterFrequency: 'weekly',
      transactionNotification: true,
      latestNewsNotification: false,
    };
    return { body, cookie, put, profile };
  }

  it('saves the fields and answers the user', async () => {
    const { put, profile } = await signedIn();
    const res = await put({ ...profile, firstName: ' Martyna ', countryName: 'Spain', city: 'Valencia' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully.');
    expect(res.json().data).toMatchObject({
      firstName: 'Martyna',
      countryName: 'Spain',
      city: 'Valencia',
      newsletterFrequency: 'weekly',
      transactionNotification: true,
      pendingEmail: null,
    });
  });

  it('refuses a city of another country and a missing field', async () => {
    const { put, profile } = await signedIn();
    const city = await put({ ...profile, countryName: 'Spain', city: 'Kraków' });
    expect(city.statusCode).toBe(400);
    expect(city.json().errors.city).toBe('Please choose a city of the selected country.');
    const missing = await put({ ...profile, phone: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.phone).toBe('Phone is required.');
  });

  it('changes the password only with the right current one, and ends the other sessions', async () => {
    const { body, cookie, put, profile } = await signedIn();
    const other = await post('/api/auth/login', { email: body.email, password: body.password });
    const otherCookie = String(other.headers['set-cookie']).match(/sid=[^;]+/)![0];

    const onlyNew = await put({ ...profile, newPassword: 'brand-new-pass' });
    expect(onlyNew.statusCode).toBe(400);
    expect(onlyNew.json().errors.currentPassword).toBe(
      'Enter both the current and the new password to change it.',
    );

    const wrong = await put({ ...profile, currentPassword: 'not-it', newPassword: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Current password is incorrect.',
      code: 'auth.wrong_current_password',
      errors: { currentPassword: 'Current password is incorrect.' },
      codes: { currentPassword: 'auth.wrong_current_password' },
    });

    const ok = await put({ ...profile, currentPassword: body.password, newPassword: 'brand-new-pass' });
    expect(ok.statusCode).toBe(200);
    const me = (c: string) =>
      t.app.inject({ method: 'GET', url: '/api/profile/get', headers: { cookie: c } });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherCookie)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/login', { email: body.email, password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
  });

  it('changes the e-mail address only once the code sent to the new address is entered', async () => {
    const { body, cookie, put, profile } = await signedIn();
    const newEmail = `new-${body.email}`;
    const res = await put({ ...profile, email: newEmail.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: body.email, pendingEmail: newEmail });
    expect((await userRow(body.email)).email).toBe(body.email);
    const mail = (await t.outbox()).filter((m) => m.to === newEmail).pop()!;
    expect(mail.kind).toBe('change-email');

    const confirm = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/profile/confirm-email',
        payload: { token },
        headers: { cookie },
      });
    const code = await t.lastCode(newEmail);
    expect((await confirm(code === '999999' ? '888888' : '999999')).statusCode).toBe(400);
    const done = await confirm(code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Email updated successfully.',
      data: { email: newEmail, pendingEmail: null },
    });
    expect((await post('/api/auth/login', { email: newEmail, password: body.password })).statusCode).toBe(
      200,
    );
  });

  it('sends at most one e-mail-change code a minute', async () => {
    const { body, put, profile } = await signedIn();
    const first = `first-${body.email}`;
    const second = `second-${body.email}`;
    expect((await put({ ...profile, email: first })).statusCode).toBe(200);
    const tooSoon = await put({ ...profile, firstName: 'Changed', email: second });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      message: 'Please wait a minute before requesting another code.',
      code: 'auth.resend_too_soon',
    });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    // Nothing of the refused save was kept, and no mail went to the second address.
    expect(await userRow(body.email)).toMatchObject({ pendingEmail: first, firstName: profile.firstName });
    expect((await t.outbox()).filter((m) => m.to === second)).toHaveLength(0);

    t.clock.offsetMs = 61_000;
    expect((await put({ ...profile, email: second })).statusCode).toBe(200);
    expect((await userRow(body.email)).pendingEmail).toBe(second);
  });

  it('answers an address that belongs to someone else as a free one, and never moves to it', async () => {
    const { body, put, profile } = await signedIn();
    const someone = await t.createUser();
    const res = await put({ ...profile, email: someone.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: body.email, pendingEmail: someone.email });
    expect((await t.outbox()).filter((m) => m.to === someone.email).map((m) => m.kind)).toEqual([
      'account-exists',
    ]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile/update', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('behind a reverse proxy', () => {
  it('counts per client address from X-Forwarded-For only when TRUST_PROXY is on', async () => {
    const { buildApp } = await import('../../src-server/app');
    const hits = async (trustProxy: boolean) => {
      const app = await buildApp(
        { ...t.ctx, config: { ...t.ctx.config, trustProxy, authCallsPerMinute: 2 } },
        { logger: false },
      );
      const statuses: number[] = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: `proxied-${seq++}@example.com` },
          remoteAddress: trustProxy ? '10.9.9.1' : '10.9.9.2',
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(res.statusCode);
      }
      await app.close();
      return statuses;
    };
    expect(await hits(true)).toEqual([200, 200, 200]);
    expect(await hits(false)).toEqual([200, 200, 429]);
  });
});

describe('the hourly sweep', () => {
  it('deletes old rate-limit windows, codes and sessions, and keeps live ones', async () => {
    const { sweep } = await import('../../src-server/modules/maintenance/sweep');
    const user = await t.createUser();
    const day = 24 * 3_600_000;
    const old = new Date(Date.now() - 40 * day);
    await t.database.pool.query(
      `INSERT INTO rate_limits (key, count, window_start) VALUES ('sweep-old', 3, $1), ('sweep-live', 1, now())`,
      [old],
    );
    await t.database.pool.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, 'sweep-old', $2), ($1, 'sweep-live', $3)`,
      [user.id, old, new Date(Date.now() + day)],
    );
    await t.database.pool.query(
      `INSERT INTO email_codes (user_id, purpose, code_hash, expires_at) VALUES ($1, 'verify-email', 'x', $2)`,
      [user.id, old],
    );
    await t.database.pool.query(
      `INSERT INTO idempotency_keys (user_id, key, scope, request_hash, created_at)
       VALUES ($1, 'sweep-old', 'invest', 'h', now() - interval '25 hours'), ($1, 'sweep-live', 'invest', 'h', now())`,
      [user.id],
    );
    const removed = await sweep(t.database.db);
    expect(removed.idempotencyKeys).toBe(1);
    expect(
      (await t.database.pool.query(`SELECT key FROM idempotency_keys WHERE key LIKE 'sweep-%'`)).rows,
    ).toEqual([{ key: 'sweep-live' }]);
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(removed.codes).toBeGreaterThanOrEqual(1);
    const keys = (await t.database.pool.query(`SELECT key FROM rate_limits WHERE key LIKE 'sweep-%'`)).rows;
    expect(keys).toEqual([{ key: 'sweep-live' }]);
    const tokens = (
      await t.database.pool.query(`SELECT token_hash FROM sessions WHERE token_hash LIKE 'sweep-%'`)
    ).rows;
    expect(tokens).toEqual([{ token_hash: 'sweep-live' }]);
  });
});
