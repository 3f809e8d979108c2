/**
 * Issue 26's security findings 3, 5, 6, 7 and 11, each as the probe reproduced it (docs/security.md,
 * "Validation at the boundary"). Each answer is what an API client sees: status, code, the field's
 * message, and that nothing was stored or counted.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMails, tickets, users, ventures } from '../../src-server/db/schema';
import { MAX_EUROS } from '../../src-shared/contracts/input';
import {
  corporateBody as corporateBody_,
  investorBody as investorBody_,
  nextIp,
} from './registration-bodies';
import { testContext, TEST_PASSWORD, type SignedIn, type TestContext } from './context';
import { openVenture, verifiedInvestor } from './money-helpers';
import { multipart } from './multipart';

let t: TestContext;
let owner: SignedIn;
let admin: SignedIn;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testContext();
  owner = await t.injectAs('corporate', { firstName: 'Olu', lastName: 'Owner' });
  admin = await t.injectAs('admin');
});

let seq = 0;
const post = (url: string, payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

const investorBody = (overrides: Record<string, unknown> = {}) =>
  investorBody_(`marta.nowak${seq++}@example.com`, overrides);
const corporateBody = (overrides: Record<string, unknown> = {}) =>
  corporateBody_(`kwame${seq++}@example.com`, overrides);

const ventureBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Solar kiosks',
  shortDescription: 'Kiosks that sell solar power.',
  longDescription: 'A long description.',
  collateralDescription: 'Equipment charge.',
  country: 'KE',
  ventureType: 'business',
  targetAmount: 50_000,
  expectedReturn: 12.5,
  investmentPeriod: 24,
  closingDate: new Date(Date.now() + 30 * DAY).toISOString(),
  minInvestmentAmount: 50,
  maxInvestmentAmount: 5000,
  collateralValue: 70_000,
  loanToValue: 71.43,
  ...overrides,
});

async function accounts(email: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, email));
  return row!.n;
}

async function venturesTitled(pattern: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(ventures)
    .where(like(ventures.title, pattern));
  return row!.n;
}

/** The answer of one refused field: 400, the field's code, and its English text. */
function expectField(
  res: { statusCode: number; json(): unknown },
  field: string,
  code: string,
  text?: string,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  const body = res.json() as {
    code: string;
    codes?: Record<string, string>;
    errors?: Record<string, string>;
  };
  expect(body.codes?.[field], JSON.stringify(body)).toBe(code);
  if (text) expect(body.errors?.[field]).toBe(text);
}

// ------------------------------------------------------------------------------------------------

describe('finding 3: weak passwords are refused everywhere', () => {
  it.each(['password', 'password1', '12345678', 'aaaaaaaa', 'Password1', 'qwerty123'])(
    'registration refuses the common password %j and creates no account',
    async (password) => {
      const body = investorBody({ password });
      const res = await post('/api/auth/register', body);
      expectField(
        res,
        'password',
        'input.password_common',
        'This password is too common: it is on a list of passwords used by many people. Please choose another.',
      );
      expect(await accounts(body.email)).toBe(0);
    },
  );

  it.each([
    ['the first name', 'marta-in-krakow'],
    ['the last name, in capitals', 'NOWAK!2026x'],
  ])('registration refuses a password holding %s', async (_what, password) => {
    const body = investorBody({ password });
    const res = await post('/api/auth/register', body);
    expectField(
      res,
      'password',
      'input.password_personal',
      'The password must not contain your name or your e-mail address.',
    );
    expect(await accounts(body.email)).toBe(0);
  });

  it("registration refuses the e-mail address's local part inside the password", async () => {
    const body = investorBody({ email: 'zofia.kwiatkowska@example.com', firstName: 'Z', lastName: 'K' });
    const res = await post('/api/auth/register', { ...body, password: 'my-kwiatkowska-key' });
    expectField(res, 'password', 'input.password_personal');
  });

  it('corporate registration refuses common passwords, the name and the company name', async () => {
    expectField(
      await post('/api/auth/register-corporate', corporateBody({ password: 'password1' })),
      'password',
      'input.password_common',
    );
    expectField(
      await post('/api/auth/register-corporate', corporateBody({ password: 'volta-foods-2026' })),
      'password',
      'input.password_personal',
    );
    expectField(
      await post('/api/auth/register-corporate', corporateBody({ password: 'short' })),
      'password',
      'auth.password_min_8',
    );
  });

  it('registration refuses more than 128 characters and accepts a good password', async () => {
    expectField(
      await post('/api/auth/register', investorBody({ password: 'x'.repeat(129) })),
      'password',
      'auth.password_too_long',
    );
    const body = investorBody({ password: 'violet-harbour-lantern' });
    expect((await post('/api/auth/register', body)).statusCode).toBe(201);
  });

  it('a profile change refuses a common or personal new password and keeps the old one', async () => {
    const who = await t.injectAs('user', { firstName: 'Ingrid', lastName: 'Halvorsen' });
    const before = who.user!.passwordHash;
    const profile = {
      firstName: 'Ingrid',
      lastName: 'Halvorsen',
      email: who.user!.email,
      phone: '+47 400 00 000',
      countryName: 'Poland',
      city: 'Kraków',
      address: 'Storgata 1',
      newsletterFrequency: 'monthly',
    };
    const change = (newPassword: string) =>
      who.inject({
        method: 'PUT',
        url: '/api/profile/update',
        payload: { ...profile, currentPassword: TEST_PASSWORD, newPassword },
      });
    const first = await change('password1');
    expect(first.statusCode, first.body).toBe(400);
    expectField(first, 'newPassword', 'input.password_common');
    expectField(await change('12345678'), 'newPassword', 'input.password_common');
    expectField(await change('halvorsen-1987'), 'newPassword', 'input.password_personal');
    expectField(await change('abc123'), 'newPassword', 'auth.password_min_8');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, who.user!.id));
    expect(row!.passwordHash).toBe(before);
  });

  it('a reset refuses 6 characters, common passwords and the name, and the code stays usable', async () => {
    const user = await t.createUser({ firstName: 'Björn', lastName: 'Lindqvist' });
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const token = await t.lastCode(user.email);
    const reset = (newPassword: string) =>
      post('/api/auth/reset-password', { email: user.email, token, newPassword });
    // The probe's reproduction: 6 characters were accepted.
    expectField(await reset('abc123'), 'newPassword', 'auth.password_min_8');
    expectField(await reset('password1'), 'newPassword', 'input.password_common');
    // The account's name is only checked once the code is proven (it is not in the request).
    expectField(await reset('lindqvist-stockholm'), 'newPassword', 'input.password_personal');
    // None of these refusals used the code up.
    const ok = await reset('violet-harbour-lantern');
    expect(ok.statusCode, ok.body).toBe(200);
    const login = await post('/api/auth/login', { email: user.email, password: 'violet-harbour-lantern' });
    expect(login.statusCode).toBe(200);
  });
});

// ------------------------------------------------------------------------------------------------

describe('finding 5: every euro amount has a stated upper bound', () => {
  const TOO_LARGE = (field: string) => `${field} must be at most €100,000,000.00`;

  it('a venture with collateralValue 1e13 is refused with a true message (it was a 500)', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({ title: 'Huge collateral', collateralValue: 1e13 }),
    });
    expectField(res, 'collateralValue', 'input.amount_too_large', TOO_LARGE('Collateral Value'));
    expect(await venturesTitled('Huge collateral')).toBe(0);
  });

  it('a target of 1e15 says "at most", not "must be more than 0"', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({ targetAmount: 1e15, maxInvestmentAmount: 1e15 }),
    });
    expectField(res, 'targetAmount', 'input.amount_too_large', TOO_LARGE('Target Amount'));
    expect((res.json() as { codes: Record<string, string> }).codes.maxInvestmentAmount).toBe(
      'input.amount_too_large',
    );
  });

  it('an edit with collateralValue 1e13 is refused and changes nothing', async () => {
    const created = await owner.inject({ method: 'POST', url: '/api/ventures', payload: ventureBody() });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { data: { _id: string } }).data._id;
    const res = await owner.inject({
      method: 'PATCH',
      url: `/api/ventures/id/${id}`,
      payload: { collateralValue: 1e13 },
    });
    expectField(res, 'collateralValue', 'input.amount_too_large');
    const [row] = await t.database.db.select().from(ventures).where(eq(ventures.id, id));
    expect(row!.collateralValueCents).toBe(7_000_000n);
  });

  it('exactly EUR 100,000,000 is within the bound', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({
        targetAmount: MAX_EUROS,
        collateralValue: MAX_EUROS,
        loanToValue: 100,
        maxInvestmentAmount: 5000,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('an investment of 1e13 says "at most", not "at most two decimals"', async () => {
    const venture = await openVenture(t);
    const investor = await verifiedInvestor(t, 100_000n);
    const res = await investor.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { ventureId: venture.id, amount: 1e13 },
    });
    expectField(res, 'amount', 'input.amount_too_large', TOO_LARGE('Amount'));
  });

  it('a balance credit of 1e13 (multipart) is refused with the same message', async () => {
    const who = await t.createUser();
    const { payload, headers } = multipart([], { amount: '10000000000000', note: 'Too much' });
    const res = await admin.inject({
      method: 'POST',
      url: `/api/balances/add-balance/${who.id}`,
      payload,
      headers,
    });
    expectField(res, 'amount', 'input.amount_too_large', TOO_LARGE('Amount'));
  });

  it('the loss simulation takes at most EUR 100,000,000 a field', async () => {
    const who = await t.injectAs('user');
    const res = await who.inject({
      method: 'POST',
      url: '/api/protection/loss-simulation',
      payload: { annualIncome: 100, liquidAssets: 1e15, annualCommitments: 0 },
    });
    expectField(res, 'liquidAssets', 'input.amount_too_large', TOO_LARGE('Liquid Assets'));
  });
});

// ------------------------------------------------------------------------------------------------

describe('finding 6: invisible and direction-changing characters are refused', () => {
  const INVISIBLE_TEXT = (field: string) =>
    `${field} contains invisible or text-direction characters (such as U+202E or zero-width spaces). Please remove them.`;

  it.each([
    ['a right-to-left override', 'Solar \u202eskoisk'],
    ['a left-to-right isolate', 'Solar \u2066kiosks\u2069'],
    ['a zero-width space', 'Solar\u200b kiosks'],
    ['a byte order mark', '\u200bSolar\ufeffkiosks'],
    ['tag characters', 'Solar kiosks\u{e0041}\u{e007f}'],
    ['an Arabic letter mark', 'Solar\u061c kiosks'],
  ])('a venture title with %s', async (_what, title) => {
    const res = await owner.inject({ method: 'POST', url: '/api/ventures', payload: ventureBody({ title }) });
    expectField(res, 'title', 'input.invisible_characters', INVISIBLE_TEXT('Title'));
  });

  it('the probe\'s ticket subject "Refund \\u202eurgent" is refused and no ticket is opened', async () => {
    const who = await t.injectAs('user');
    const res = await who.inject({
      method: 'POST',
      url: '/api/tickets',
      payload: { subject: 'Refund \u202eurgent', category: 'other', message: 'Please refund me.' },
    });
    expectField(res, 'subject', 'input.invisible_characters', INVISIBLE_TEXT('Subject'));
    const [row] = await t.database.db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.authorId, who.user!.id));
    expect(row!.n).toBe(0);
  });

  it('names at registration and in the profile', async () => {
    const body = investorBody({ lastName: 'No\u200dwak' });
    expectField(await post('/api/auth/register', body), 'lastName', 'input.invisible_characters');
    expect(await accounts(body.email)).toBe(0);
    const who = await t.injectAs('user');
    const res = await who.inject({
      method: 'PUT',
      url: '/api/profile/update',
      payload: {
        firstName: 'A\u202dda',
        lastName: 'Lovelace',
        email: who.user!.email,
        phone: '+49 30 1',
        countryName: 'Poland',
        city: 'Kraków',
        address: 'Main street 1',
        newsletterFrequency: 'monthly',
      },
    });
    expectField(res, 'firstName', 'input.invisible_characters');
  });

  it('letters of every script, accents and emoji stay allowed', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({
        title: 'Śląsk — Ελληνικά — العربية — 日本語 ☀️',
        longDescription: 'Line one.\nLine two,\twith a tab.\r\nLine three.',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

// ------------------------------------------------------------------------------------------------

describe('finding 11: control characters are refused by the schema, before any side effect', () => {
  it('a refused contact message does not use one of the five messages an address may send', async () => {
    const from = nextIp();
    const message = (text: string) =>
      post('/api/contact', { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: text }, from);
    const refused = await message('Hello\u0000there');
    expectField(
      refused,
      'message',
      'input.control_characters',
      'Message contains control characters. Please remove them.',
    );
    expectField(await message('Bell\u0007'), 'message', 'input.control_characters');
    expectField(await message('C1\u0085 next line'), 'message', 'input.control_characters');
    // The limit is 5 messages in 10 minutes per address (CONTACT_RULE): all five are still free.
    for (let i = 0; i < 5; i++)
      expect((await message(`Message ${i}\nwith a line break`)).statusCode).toBe(201);
    expect((await message('One too many')).statusCode).toBe(429);
    // Only the five accepted messages were stored.
    const [row] = await t.database.db
      .select({ n: count() })
      .from(contactMails)
      .where(and(eq(contactMails.email, 'ada@example.com'), like(contactMails.message, 'Message %')));
    expect(row!.n).toBe(5);
  });

  it('a one-line field refuses a line break, a multi-line one keeps it', async () => {
    const res = await post('/api/contact', {
      name: 'Ada\nLovelace',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'Hi',
    });
    expectField(
      res,
      'name',
      'input.control_characters',
      'Name contains control characters. Please remove them.',
    );
  });

  it('closingDate "2027-03-01\\u0000" is not a date', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({ closingDate: '2027-03-01\u0000' }),
    });
    expectField(res, 'closingDate', 'venture.field_not_date');
  });

  it('a NUL in a venture title answers 400 from the schema', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({ title: 'Solar\u0000kiosks' }),
    });
    expectField(res, 'title', 'input.control_characters');
  });
});

// ------------------------------------------------------------------------------------------------

describe('finding 7: personal and admin answers are never cached', () => {
  it('signed-in answers carry Cache-Control: no-store', async () => {
    const investor = await verifiedInvestor(t, 10_000n);
    for (const url of [
      '/api/profile/get',
      '/api/dashboard/investor',
      '/api/balances/my-balance',
      `/api/balances/${investor.user!.id}/history`,
      '/api/investments/my-investments',
      '/api/tickets/mine',
      '/api/kyc/my-verification',
      '/api/ventures',
    ]) {
      const res = await investor.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const corporate = await owner.inject({ method: 'GET', url: '/api/dashboard/corporate' });
    expect(corporate.headers['cache-control']).toBe('no-store');
  });

  it('admin answers carry Cache-Control: no-store', async () => {
    for (const url of [
      '/api/users',
      '/api/admin/overview',
      '/api/admin/mails',
      '/api/admin/tickets',
      '/api/admin/protection',
      '/api/kyc/admin',
      '/api/balances',
      '/api/investments/admin',
      '/api/ventures/admin-get-all',
    ]) {
      const res = await admin.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('the login answer and refusals carry no-store', async () => {
    const user = await t.createUser();
    const login = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/profile/get' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('the public catalogue, statistics and health keep their caching for visitors', async () => {
    const venture = await openVenture(t);
    for (const url of ['/api/ventures', `/api/ventures/id/${venture.id}`, '/api/statistics', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });
});

// ------------------------------------------------------------------------------------------------

describe('decision 0151: half of a surrogate pair is refused, never stored as U+FFFD', () => {
  it.each([
    ['a lone high surrogate', 'Solar \ud83d kiosks'],
    ['a lone low surrogate', 'Solar \ude42 kiosks'],
    ['a swapped pair', 'Solar \ude42\ud83d kiosks'],
  ])('a venture title with %s', async (_what, title) => {
    const res = await owner.inject({ method: 'POST', url: '/api/ventures', payload: ventureBody({ title }) });
    expectField(
      res,
      'title',
      'unicode.lone_surrogate',
      'Title contains a broken character (half of an emoji or symbol). Please type it again.',
    );
  });

  it('a whole emoji (a pair) is kept', async () => {
    const res = await owner.inject({
      method: 'POST',
      url: '/api/ventures',
      payload: ventureBody({ title: 'Solar kiosks 🙂' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.title).toBe('Solar kiosks 🙂');
  });
});
