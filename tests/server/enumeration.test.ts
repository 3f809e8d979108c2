// Issue 26, finding 4: the auth and profile calls must not tell which addresses have accounts.
// API contract, "Auth and profile": registering an address that already has an account answers
// exactly as a new registration does and e-mails the owner a notice instead of a code; the same
// holds for resending codes and for a profile's change of e-mail. Decision 0117.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src-server/db/schema';
import { testContext, type TestContext } from './context';
import { corporateBody, investorBody, nextIp } from './registration-bodies';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});
beforeEach(() => {
  t.clock.offsetMs = 0;
});

let seq = 0;
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextIp() });
const fresh = () => `enum-${seq++}-${Date.now()}@example.com`;

const investor = (email: string) => investorBody(email);
const corporate = (email: string) => corporateBody(email);

const answer = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  body: res.json(),
});
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to);
async function row(email: string) {
  const [r] = await t.database.db.select().from(users).where(eq(users.email, email));
  return r;
}

describe('registration with an address that has an account', () => {
  it.each([
    ['/api/auth/register', investor],
    ['/api/auth/register-corporate', corporate],
  ] as const)('%s answers as for a free address and e-mails the owner a notice', async (url, payload) => {
    const owner = await t.createUser({ firstName: 'Owner', language: 'de' });
    const before = await row(owner.email);
    const free = fresh();
    const forFree = answer(await post(url, payload(free)));
    const forTaken = answer(await post(url, payload(owner.email.toUpperCase())));
    expect(forFree.status).toBe(201);
    expect(forTaken).toEqual({ status: 201, body: { ...(forFree.body as object), email: owner.email } });
    // No account created or changed.
    expect(await row(owner.email)).toEqual(before);
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
      owner.email,
    ]);
    expect(rows[0].n).toBe(1);
    // The free address got its code; the owner a notice in the owner's language, with no code.
    expect((await mailsTo(free)).map((m) => m.kind)).toEqual(['verify-email']);
    const notices = await mailsTo(owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'account-exists' });
    expect(notices[0]!.subject).toBe('Jemand hat versucht, Ihre AfriVest-E-Mail-Adresse zu verwenden');
    expect(notices[0]!.text).toContain('Hallo Owner,');
    expect(notices[0]!.text).toContain('/login');
    expect(notices[0]!.text).toContain(`/forgot-password?email=${encodeURIComponent(owner.email)}`);
    // No code in it: the text without the owner's address (whose random part may be six digits).
    const withoutAddress = notices[0]!.text
      .split(owner.email)
      .join('')
      .split(encodeURIComponent(owner.email))
      .join('');
    expect(withoutAddress).not.toMatch(/\b\d{6}\b/);
  });

  it('sends the owner at most one notice a minute, and still answers 201', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/register', investor(owner.email))).statusCode).toBe(201);
    }
    expect((await mailsTo(owner.email)).map((m) => m.kind)).toEqual(['account-exists']);
    t.clock.offsetMs = 61_000;
    expect((await post('/api/auth/register', investor(owner.email))).statusCode).toBe(201);
    expect((await mailsTo(owner.email)).map((m) => m.kind)).toEqual(['account-exists', 'account-exists']);
  });

  it('an unverified registration repeated answers 201 and keeps the first password', async () => {
    const email = fresh();
    expect((await post('/api/auth/register', investor(email))).statusCode).toBe(201);
    const first = await row(email);
    const again = await post('/api/auth/register', { ...investor(email), password: 'another-password-9' });
    expect(answer(again)).toEqual({
      status: 201,
      body: { message: 'Registration successful! Please verify your email.', email },
    });
    expect((await row(email))!.passwordHash).toBe(first!.passwordHash);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('answers an unknown address, a verified one and a wrong code alike', async () => {
    const verified = await t.createUser();
    const pending = fresh();
    await post('/api/auth/register', investor(pending));
    const code = await t.lastCode(pending);
    const wrong = code === '000000' ? '111111' : '000000';
    const forUnknown = answer(await post('/api/auth/verify-email', { email: fresh(), token: '123456' }));
    const forVerified = answer(
      await post('/api/auth/verify-email', { email: verified.email, token: '123456' }),
    );
    const forWrong = answer(await post('/api/auth/verify-email', { email: pending, token: wrong }));
    const expected = {
      status: 400,
      body: { message: 'Invalid or expired code.', code: 'auth.invalid_code' },
    };
    expect(forUnknown).toEqual(expected);
    expect(forVerified).toEqual(expected);
    expect(forWrong).toEqual(expected);
  });
});

describe('POST /api/auth/resend-verification-token', () => {
  it('answers 200 alike for an unknown, a verified and a just-registered address', async () => {
    const verified = await t.createUser();
    const recent = fresh();
    await post('/api/auth/register', investor(recent));
    const results = [];
    for (const email of [fresh(), verified.email, recent]) {
      results.push(answer(await post('/api/auth/resend-verification-token', { email })));
    }
    for (const r of results)
      expect(r).toEqual({ status: 200, body: { message: 'Verification email resent.' } });
    // The registration's code was sent less than a minute ago: nothing more was sent.
    expect((await mailsTo(recent)).map((m) => m.kind)).toEqual(['verify-email']);
    expect(await mailsTo(verified.email)).toHaveLength(0);
  });
});

describe('profile e-mail change to a taken address', () => {
  async function signedIn() {
    const email = fresh();
    await post('/api/auth/register', investor(email));
    await post('/api/auth/verify-email', { email, token: await t.lastCode(email) });
    const res = await post('/api/auth/login', { email, password: 'a-strong-password' });
    const cookie = String(res.headers['set-cookie']).match(/sid=[^;]+/)![0];
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/profile/update', payload, headers: { cookie } });
    const profile = {
      firstName: 'Marta',
      lastName: 'Nowak',
      email,
      phone: '+48 600 100 200',
      countryName: 'Poland',
      city: 'Kraków',
      address: 'ul. Floriańska 1',
      newsletterFrequency: 'weekly',
      transactionNotification: true,
      latestNewsNotification: false,
    };
    return { email, cookie, put, profile };
  }
  const comparable = (a: { status: number; body: unknown }, newEmail: string, email: string) => {
    const body = a.body as { message: string; data: Record<string, unknown> };
    return {
      status: a.status,
      message: body.message,
      email: body.data.email === email,
      pendingEmail: body.data.pendingEmail === newEmail,
    };
  };

  it('answers as for a free address, e-mails the owner a notice, and can never be confirmed', async () => {
    const owner = await t.createUser({ firstName: 'Owner', language: 'fr' });
    const a = await signedIn();
    const b = await signedIn();
    const free = fresh();
    const forFree = answer(await a.put({ ...a.profile, email: free }));
    const forTaken = answer(await b.put({ ...b.profile, email: owner.email }));
    expect(forFree.status).toBe(200);
    expect(comparable(forTaken, owner.email, b.email)).toEqual(comparable(forFree, free, a.email));
    expect(comparable(forFree, free, a.email)).toEqual({
      status: 200,
      message: 'Profile updated successfully.',
      email: true,
      pendingEmail: true,
    });
    expect((await mailsTo(free)).map((m) => m.kind)).toEqual(['change-email']);
    const notices = await mailsTo(owner.email);
    expect(notices.map((m) => m.kind)).toEqual(['account-exists']);
    expect(notices[0]!.subject).toBe('Quelqu’un a tenté d’utiliser votre adresse e-mail AfriVest');
    // No code in it: the text without the owner's address (whose random part may be six digits).
    const withoutAddress = notices[0]!.text
      .split(owner.email)
      .join('')
      .split(encodeURIComponent(owner.email))
      .join('');
    expect(withoutAddress).not.toMatch(/\b\d{6}\b/);

    // No code reached anyone, so a guess fails like any wrong code, and nothing changes.
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/profile/confirm-email',
      payload: { token: '123456' },
      headers: { cookie: b.cookie },
    });
    expect(confirm.statusCode).toBe(400);
    expect((await row(b.email))!.email).toBe(b.email);
    expect((await row(owner.email))!.id).toBe(owner.id);
  });

  it('applies the once-a-minute rule alike after a taken and a free address', async () => {
    const owner = await t.createUser();
    const a = await signedIn();
    const b = await signedIn();
    await a.put({ ...a.profile, email: fresh() });
    await b.put({ ...b.profile, email: owner.email });
    const nextA = answer(await a.put({ ...a.profile, email: fresh() }));
    const nextB = answer(await b.put({ ...b.profile, email: fresh() }));
    expect(nextA.status).toBe(429);
    expect(nextB).toEqual(nextA);
  });
});
