import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, isErrorCode } from '../../src-shared/errors';
import { buildApp } from '../../src-server/app';
import { HOME_HERO_POSTER } from '../../src-shared/constants/media';
import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES, imageVariantSrcSet } from '../../src-shared/images/variants';
import { testContext, type TestContext } from './context';
import { openVenture } from './money-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await testContext();
});

describe('API conventions', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'common.not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/no/such/thing' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not found.', code: 'common.not_found' });
  });

  it('gives every answer a request id, and keeps a sane one sent by the client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(mine.headers['x-request-id']).toBe('abc-123');
  });

  it('answers a body that is not JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'common.invalid_json',
    });
  });

  it('answers invalid input with 400, the first message and per-field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid email address.',
      code: 'auth.email_invalid',
      params: { field: 'email' },
      errors: { email: 'Invalid email address.', password: 'Password is required.' },
      codes: { email: 'auth.email_invalid', password: 'auth.password_required' },
    });
  });

  it('names the field in a venture form error and gives every code of the table', async () => {
    const corporate = await t.injectAs('corporate');
    const res = await corporate.inject({ method: 'POST', url: '/api/ventures', payload: { title: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.targetAmount).toBe('Target Amount is required');
    expect(body.codes.targetAmount).toBe('venture.field_required');
    expect(Object.values(body.codes as Record<string, string>).every((code) => isErrorCode(code))).toBe(true);
    expect(body.message).toBe(errorText(body.code, body.params));
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends the same security headers with an error answered before routing (a path that does not decode)', async () => {
    const routed = await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/api/ventures/id/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'common.invalid_url' });
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(res.headers[name], name).toBe(routed.headers[name]);
    }
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI description built from the route schemas, and a viewer', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/profile/get',
        '/api/ventures',
      ]),
    );
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('rememberMe');
    const viewer = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toContain('text/html');
    expect(viewer.body).toContain('swagger-ui');
  });
});

describe('cross-site protection (contract, "Sessions and cookies")', () => {
  const login = (headers: Record<string, string | undefined>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('refuses an unsafe request from another site', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ]) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({
        message: 'Cross-site requests are not allowed.',
        code: 'common.cross_site',
      });
    }
  });

  it('lets same-origin browsers and non-browser clients through', async () => {
    for (const headers of [
      {},
      { 'sec-fetch-site': 'same-origin', origin: t.ctx.config.publicOrigin },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://localhost:80' },
    ]) {
      const res = await login(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('never blocks safe methods', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('5xx answers hide their details', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(t.ctx, { logger: false, webDir: join(t.dataDir, 'none') });
    app.get('/api/test/boom', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/src/db.ts:12');
    });
  });
  afterAll(() => app.close());

  it('answers { message: "Something went wrong." } only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong.', code: 'common.server_error' });
    expect(res.body).not.toContain('secret_table');
  });
});

const BIG_SCRIPT = `${'export const rows = [];\n'.repeat(400)}console.log(rows);`;

describe('serving the web entries', () => {
  let app: FastifyInstance;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'cf-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><head><title>public</title></head>');
    writeFileSync(join(webDir, 'backoffice.html'), '<!doctype html><title>backoffice</title>');
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build's precompress() writes beside a file.
    writeFileSync(join(webDir, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(join(webDir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(webDir, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
    writeFileSync(join(webDir, 'index.html.br'), brotliCompressSync('<!doctype html><title>public</title>'));
    writeFileSync(join(webDir, 'robots.txt'), 'User-agent: *');
    mkdirSync(join(t.dataDir, 'uploads', 'ventures', 'v1'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', 'ventures', 'v1', 'a.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
    app = await buildApp(t.ctx, { logger: false, webDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'public'],
    ['/ventures', 'public'],
    ['/ventures/123/investment-form', 'public'],
    ['/user/overview', 'public'],
    ['/administrator', 'public'],
    ['/admin', 'backoffice'],
    ['/admin/users', 'backoffice'],
    ['/corporate', 'backoffice'],
    ['/corporate/ventures/1/show', 'backoffice'],
  ])('GET %s serves the %s entry', async (url, title) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("preloads the home hero's poster on / only, compressed for a browser that takes Brotli, with an ETag", async () => {
    const preload = `<link rel="preload" as="image" href="${HOME_HERO_POSTER}" fetchpriority="high" />`;
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(preload);
    expect(home.body.indexOf(preload)).toBeLessThan(home.body.indexOf('</head>'));
    expect(home.headers['cache-control']).toBe('no-cache');
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(home.body);
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(home.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ method: 'GET', url: '/login' })).body).not.toContain('rel="preload"');
  });

  it("preloads a public venture's cover (its WebP copies, as the page will pick them) on its page only", async () => {
    const cover = '/uploads/ventures/v1/a.jpg';
    const open = await openVenture(t, { images: [cover] });
    const draft = await openVenture(t, { images: [cover], visibility: 'draft' });
    const bare = await openVenture(t, { images: [] });
    const page = await app.inject({ method: 'GET', url: `/ventures/${open.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="${cover}" imagesrcset="${imageVariantSrcSet(cover)}" ` +
        `imagesizes="${DETAIL_IMAGE_SIZES}" type="image/webp" fetchpriority="high" />`,
    );
    const br = await app.inject({
      method: 'GET',
      url: `/ventures/${open.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    // Nothing is named for a venture the public cannot see, one without pictures, or an unknown id.
    for (const url of [
      `/ventures/${draft.id}`,
      `/ventures/${bare.id}`,
      '/ventures/00000000-0000-4000-8000-000000000000',
      `/ventures/${open.id}/investment-form`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>public</title>');
      expect(res.body, url).not.toContain('rel="preload"');
    }
  });

  it("preloads the first card's cover on /ventures as it opens, not on a filtered list", async () => {
    const cover = '/uploads/ventures/v1/newest.jpg';
    await openVenture(t, { images: [cover], createdAt: new Date(Date.now() + 86_400_000) });
    const list = await app.inject({ method: 'GET', url: '/ventures' });
    expect(list.body).toContain(
      `<link rel="preload" as="image" href="${cover}" imagesrcset="${imageVariantSrcSet(cover)}" ` +
        `imagesizes="${CARD_IMAGE_SIZES}" type="image/webp" fetchpriority="high" />`,
    );
    const filtered = await app.inject({ method: 'GET', url: '/ventures?ventureType=leasing' });
    expect(filtered.body).toContain('<title>public</title>');
    expect(filtered.body).not.toContain('rel="preload"');
  });

  it('serves hashed assets as immutable, and 404s a missing file instead of a page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it("sends the build's Brotli or gzip copy to a browser that accepts it, and the plain file otherwise", async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5);

    const gz = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);

    // The page fallback too; a file without a compressed copy goes out as it is.
    const page = await app.inject({ method: 'GET', url: '/ventures', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>public</title>');
    const small = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('serves robots.txt and uploaded files', async () => {
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent');
    const upload = await app.inject({ method: 'GET', url: '/uploads/ventures/v1/a.jpg' });
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['content-type']).toBe('image/jpeg');
    // Every upload has a new name (a UUID), so it can be cached for good.
    expect(upload.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/uploads/ventures/v1/../../../etc/passwd',
      '/uploads/ventures/v1/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('API answers over the wire', () => {
  it('compresses a list of 1 KiB or more for a client that accepts Brotli or gzip, and not otherwise', async () => {
    for (let i = 0; i < 4; i += 1) await openVenture(t, { title: `Compressed venture ${i}` });
    const plain = await t.app.inject({ method: 'GET', url: '/api/ventures' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/ventures',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/ventures',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    // A small answer goes out as it is.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
