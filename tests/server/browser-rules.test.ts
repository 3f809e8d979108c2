/**
 * The rules a browser enforces for the app, checked on the server's answers (issue 17, point 5b):
 * the Content-Security-Policy of pages and API answers allows no inline or eval'd script; the
 * session cookie and the login marker carry HttpOnly (sid only), SameSite=Lax, Path=/ and, when the
 * public URL is https, Secure; a form another site posts (text/plain, urlencoded, multipart) to a
 * state-changing call is refused and changes nothing; and no answer grants a foreign origin CORS.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { investments, sessions, tickets, users } from '../../src-server/db/schema';
import { TEST_KYC_KEY, TEST_PASSWORD, testContext, type SignedIn, type TestContext } from './context';
import { balanceOf, openVenture, verifiedInvestor, ventureRow } from './money-helpers';
import { multipart } from './multipart';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

const EVIL = 'https://evil.example';

/** The policy's directives: name -> its sources. */
function parsePolicy(header: string | string[] | number | undefined): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** A Set-Cookie line: its name, value and attributes (lower-case names; flags map to true). */
function parseCookie(line: string) {
  const [pair, ...rest] = line.split(';');
  const [name, ...value] = pair!.split('=');
  const attributes = new Map<string, string | true>();
  for (const attribute of rest) {
    const [key, ...v] = attribute.trim().split('=');
    if (key) attributes.set(key.toLowerCase(), v.length ? v.join('=') : true);
  }
  return { name: name!.trim(), value: value.join('='), attributes };
}

function cookiesOf(res: LightMyRequestResponse) {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return new Map(lines.map((line) => [parseCookie(line).name, parseCookie(line)]));
}

describe('Content-Security-Policy', () => {
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'cf-web-csp-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><head><title>public</title></head>');
    writeFileSync(join(webDir, 'backoffice.html'), '<!doctype html><title>backoffice</title>');
    app = await buildApp(t.ctx, { logger: false, webDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const requests: [string, InjectOptions][] = [
    ['the home page', { method: 'GET', url: '/' }],
    ['a public page', { method: 'GET', url: '/ventures/123' }],
    ['an investor page', { method: 'GET', url: '/user/tickets' }],
    ['a back-office page', { method: 'GET', url: '/admin/users' }],
    ['a corporate page', { method: 'GET', url: '/corporate/ventures' }],
    ['the API viewer', { method: 'GET', url: '/api/docs' }],
    ['an API answer', { method: 'GET', url: '/api/ventures' }],
    ['an API error', { method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }],
    ['an unknown API path', { method: 'GET', url: '/api/no-such-call' }],
    ['a missing file', { method: 'GET', url: '/x.js' }],
  ];

  it.each(requests)('%s: scripts only from the origin, never inline or eval', async (_name, request) => {
    const res = await app.inject(request);
    const policy = parsePolicy(res.headers['content-security-policy']);
    // What a <script>, an inline handler or eval falls back to: script-src, else default-src.
    const scripts = policy.get('script-src') ?? policy.get('default-src');
    expect(scripts).toEqual(["'self'"]);
    for (const directive of ['script-src-elem', 'script-src-attr']) {
      const sources = policy.get(directive);
      if (sources) expect(sources, directive).toEqual(["'self'"]);
    }
    for (const [directive, sources] of policy) {
      if (directive.startsWith('script') || directive === 'default-src') {
        for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', '*'])
          expect(sources, `${directive} allows ${unsafe}`).not.toContain(unsafe);
      }
    }
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never reflects a request into HTML', async () => {
    for (const [url, payload] of [
      ['/api/<svg onload=alert(1)>', '<svg'],
      ['/api/ventures?search=<script>alert(1)</script>', '<script>'],
      ['/x.html?<script>alert(1)</script>', '<script>'],
      ['/a.b/<img src=x onerror=alert(1)>', '<img src=x'],
      ['/ventures?"><img src=x onerror=alert(1)>', '<img src=x'],
      ['/ventures/00000000-0000-0000-0000-000000000000?"><svg onload=alert(1)>', '<svg'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      const type = String(res.headers['content-type']);
      // The two entries' shell (the same bytes for every path), JSON, or plain text.
      if (type.includes('html')) expect(res.body, url).not.toContain(payload);
      else expect(type, url).toMatch(/^(application\/json|text\/plain)/);
    }
  });
});

describe('session cookies ("Sessions and cookies")', () => {
  async function expectCookieFlags(res: LightMyRequestResponse, secure: boolean) {
    const cookies = cookiesOf(res);
    const sid = cookies.get('sid');
    const marker = cookies.get('logged_in');
    expect(sid, 'sid set').toBeDefined();
    expect(marker, 'logged_in set').toBeDefined();
    for (const cookie of [sid!, marker!]) {
      expect(cookie.attributes.get('samesite'), cookie.name).toBe('Lax');
      expect(cookie.attributes.get('path'), cookie.name).toBe('/');
      expect(cookie.attributes.has('domain'), cookie.name).toBe(false);
      expect(cookie.attributes.has('secure'), `${cookie.name} Secure`).toBe(secure);
    }
    expect(sid!.attributes.get('httponly')).toBe(true);
    expect(marker!.attributes.has('httponly')).toBe(false);
    return { sid: sid!, marker: marker! };
  }

  it('over http: sid HttpOnly, both SameSite=Lax and Path=/, not Secure; logout clears them alike', async () => {
    expect(t.ctx.config.secureCookies).toBe(false);
    const user = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD, rememberMe: true },
    });
    expect(res.statusCode).toBe(200);
    const { sid, marker } = await expectCookieFlags(res, false);
    expect(marker.value).toBe('1');
    // The token is opaque and long enough (256 bits in base64url), and not in the answer's body.
    expect(sid.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(res.body).not.toContain(sid.value);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `sid=${sid.value}` },
    });
    expect(out.statusCode).toBe(200);
    const cleared = await expectCookieFlags(out, false);
    expect(cleared.sid.value).toBe('');
  });

  describe('with an https public URL', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const config = loadConfig({
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: t.databaseUrl,
        KYC_ENCRYPTION_KEY: TEST_KYC_KEY,
        PUBLIC_URL: 'https://invest.example/',
      });
      expect(config.secureCookies).toBe(true);
      app = await buildApp({ ...t.ctx, config }, { logger: false, webDir: join(t.dataDir, 'no-web-build') });
    });
    afterAll(() => app.close());

    it('both cookies are Secure (set and cleared), HSTS and upgrade-insecure-requests are sent', async () => {
      const user = await t.createUser();
      // The browser on the app's own https origin.
      const sameOrigin = { origin: 'https://invest.example', 'sec-fetch-site': 'same-origin' };
      for (const rememberMe of [false, true]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: sameOrigin,
          payload: { email: user.email, password: TEST_PASSWORD, rememberMe },
        });
        expect(res.statusCode, res.body).toBe(200);
        const { sid } = await expectCookieFlags(res, true);
        expect(sid.attributes.has('max-age')).toBe(rememberMe);
        const out = await app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { ...sameOrigin, cookie: `sid=${sid.value}` },
        });
        await expectCookieFlags(out, true);
      }
      const page = await app.inject({ method: 'GET', url: '/api/health' });
      expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(parsePolicy(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
        true,
      );
    });

    it('refuses a post from the http origin of the same host', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { origin: 'http://invest.example' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe('forms posted from another site', () => {
  let investor: SignedIn;
  let admin: SignedIn;
  let ventureId: string;

  beforeAll(async () => {
    investor = await verifiedInvestor(t, 100_000n);
    admin = await t.injectAs('admin');
    ventureId = (await openVenture(t)).id;
  });

  /** The headers of a browser that posts another site's form (or fetch) to this app. */
  const CROSS_SITE: Record<string, string>[] = [
    { origin: EVIL },
    { 'sec-fetch-site': 'cross-site' },
    { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];

  /** A body in each form encoding a page can send without a preflight. */
  function encodings(fields: Record<string, string>) {
    const form = multipart([], fields);
    return [
      // The classic trick: a text/plain form whose one field's name and value make up a JSON body.
      { type: 'text/plain', payload: JSON.stringify(fields) },
      { type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() },
      { type: form.headers['content-type']!, payload: form.payload },
    ];
  }

  interface Target {
    name: string;
    method: 'POST' | 'PUT';
    url: () => string;
    who: () => SignedIn | null;
    fields: () => Record<string, string>;
    /** The body the app itself sends (JSON, but multipart for the balance credit). */
    json: () => Record<string, unknown>;
    /** What the call would change, read before and after. */
    state: () => Promise<unknown>;
  }

  const profileFields = (): Record<string, string> => ({
    firstName: 'Mallory',
    lastName: 'Forged',
    email: investor.user!.email,
    phone: '+49 30 123456',
    countryName: 'Germany',
    city: 'Berlin',
    address: '1 Forged Street',
    newsletterFrequency: 'never',
  });

  const targets: Target[] = [
    {
      name: 'login',
      method: 'POST',
      url: () => '/api/auth/login',
      who: () => null,
      fields: () => ({ email: investor.user!.email, password: TEST_PASSWORD }),
      json: () => ({ email: investor.user!.email, password: TEST_PASSWORD }),
      state: async () =>
        (
          await t.database.db
            .select({ n: count() })
            .from(sessions)
            .where(eq(sessions.userId, investor.user!.id))
        )[0]!.n,
    },
    {
      name: 'an investment',
      method: 'POST',
      url: () => '/api/investments',
      who: () => investor,
      fields: () => ({ ventureId, amount: '100' }),
      json: () => ({ ventureId, amount: 100 }),
      state: async () => ({
        balance: await balanceOf(t, investor.user!.id),
        funded: (await ventureRow(t, ventureId)).amountFundedCents,
        investments: (
          await t.database.db
            .select({ n: count() })
            .from(investments)
            .where(eq(investments.userId, investor.user!.id))
        )[0]!.n,
      }),
    },
    {
      name: 'a profile update',
      method: 'PUT',
      url: () => '/api/profile/update',
      who: () => investor,
      fields: profileFields,
      json: profileFields,
      state: async () =>
        (await t.database.db.select().from(users).where(eq(users.id, investor.user!.id)))[0]!.firstName,
    },
    {
      name: 'a new ticket',
      method: 'POST',
      url: () => '/api/tickets',
      who: () => investor,
      fields: () => ({ subject: 'Forged ticket', category: 'payments', message: 'Sent by another site.' }),
      json: () => ({ subject: 'Forged ticket', category: 'payments', message: 'Sent by another site.' }),
      state: async () =>
        (
          await t.database.db
            .select({ n: count() })
            .from(tickets)
            .where(eq(tickets.authorId, investor.user!.id))
        )[0]!.n,
    },
    {
      name: 'an admin balance credit',
      method: 'POST',
      url: () => `/api/balances/add-balance/${investor.user!.id}`,
      who: () => admin,
      fields: () => ({ amount: '5000', note: 'forged credit' }),
      json: () => ({ amount: 5000, note: 'forged credit' }),
      state: async () => balanceOf(t, investor.user!.id),
    },
  ];

  const send = (target: Target, options: Omit<InjectOptions, 'method' | 'url'>) => {
    const who = target.who();
    const request = { method: target.method, url: target.url(), ...options } as InjectOptions;
    return who ? who.inject(request) : t.app.inject(request);
  };

  for (const target of targets) {
    it(`${target.name}: refused with 403 in every encoding, nothing changes`, async () => {
      const before = await target.state();
      for (const headers of CROSS_SITE) {
        for (const { type, payload } of [
          ...encodings(target.fields()),
          // A cross-site fetch with JSON needs a preflight no answer allows; refused all the same.
          { type: 'application/json', payload: JSON.stringify(target.json()) },
        ]) {
          const res = await send(target, { headers: { ...headers, 'content-type': type }, payload });
          const what = `${JSON.stringify(headers)} ${type.split(';')[0]}`;
          expect(res.statusCode, what).toBe(403);
          expect(res.json(), what).toEqual({
            message: 'Cross-site requests are not allowed.',
            code: 'common.cross_site',
          });
          expect(res.headers['set-cookie'], what).toBeUndefined();
          expect(res.headers['access-control-allow-origin'], what).toBeUndefined();
        }
      }
      expect(await target.state()).toEqual(before);
    });
  }

  it('a text/plain or urlencoded body is never taken, even without the browser headers (415)', async () => {
    for (const target of targets) {
      const before = await target.state();
      for (const { type, payload } of encodings(target.fields()).slice(0, 2)) {
        const res = await send(target, { headers: { 'content-type': type }, payload });
        expect(res.statusCode, `${target.name} ${type}`).toBe(415);
        expect(res.json().code, `${target.name} ${type}`).toBe('common.unsupported_media_type');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await target.state(), target.name).toEqual(before);
    }
    // Nor for a call without a body: a text/plain logout does not sign out.
    const res = await investor.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect((await investor.inject({ method: 'GET', url: '/api/profile/get' })).statusCode).toBe(200);
  });

  it('the same calls from the app itself succeed (the refused bodies were valid)', async () => {
    const own = { origin: t.ctx.config.publicOrigin, 'sec-fetch-site': 'same-origin' };
    for (const target of targets.filter((x) => x.name !== 'an admin balance credit')) {
      const res = await send(target, { headers: own, payload: target.json() });
      expect(res.statusCode, `${target.name}: ${res.body}`).toBeLessThan(300);
    }
    const form = multipart([], { amount: '50', note: 'real credit' });
    const credit = await admin.inject({
      method: 'POST',
      url: `/api/balances/add-balance/${investor.user!.id}`,
      headers: { ...own, ...form.headers },
      payload: form.payload,
    });
    expect(credit.statusCode, credit.body).toBe(200);
  });
});

describe('CORS: no foreign origin is granted access', () => {
  it('answers reads from another origin without Access-Control-Allow-* headers', async () => {
    const investor = await t.injectAs('user');
    for (const url of ['/api/ventures', '/api/profile/get', '/api/health', '/api/docs/json']) {
      const res = await investor.inject({ method: 'GET', url, headers: { origin: EVIL } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('grants no preflight', async () => {
    for (const [url, method] of [
      ['/api/investments', 'POST'],
      ['/api/profile/update', 'PUT'],
      ['/api/auth/login', 'POST'],
      ['/api/ventures', 'GET'],
    ] as const) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: EVIL,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const header of [
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'access-control-allow-methods',
        'access-control-allow-headers',
      ])
        expect(res.headers[header], `${url} ${header}`).toBeUndefined();
    }
  });
});
