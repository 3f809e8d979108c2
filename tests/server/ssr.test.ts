import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { testContext, type TestContext } from './context';
import { openVenture } from './money-helpers';

// The public pages rendered on the server (decisions 0220-0225), with the render built for Node
// from the sources (vite.ssr.config.ts) into a temporary dist/server-web beside a minimal index.html.

const INDEX =
  '<!doctype html><html lang="en"><head><title>public</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const HOSTILE = 'Kiosk </script><script>alert(1)</script><!--';

let t: TestContext;
let app: FastifyInstance;
let dist: string;
let title: string;

beforeAll(async () => {
  t = await testContext();
  dist = mkdtempSync(join(tmpdir(), 'cf-ssr-'));
  mkdirSync(join(dist, 'web'));
  writeFileSync(join(dist, 'web', 'index.html'), INDEX);
  writeFileSync(join(dist, 'web', 'backoffice.html'), '<!doctype html><title>backoffice</title>');
  await build({
    configFile: join(import.meta.dirname, '../../vite.ssr.config.ts'),
    root: join(import.meta.dirname, '../..'),
    logLevel: 'error',
    build: { outDir: join(dist, 'server-web') },
  });
  title = `Solar kiosks ${Date.now()}`;
  await openVenture(t, { title });
  await openVenture(t, { title: HOSTILE, createdAt: new Date(Date.now() - 86_400_000) });
  app = await buildApp(t.ctx, { logger: false, webDir: join(dist, 'web') });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('GET of a public page', () => {
  it('answers / with the rendered page in English, its data embedded, and its styles in the head', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('Invest in Africa&#x27;s growing businesses');
    expect(res.body).toContain(title);
    expect(res.body).toMatch(/<style data-emotion="css [^"]+">/);
    expect(res.body.indexOf('data-emotion')).toBeLessThan(res.body.indexOf('</head>'));
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(res.body);
    expect(state).not.toBeNull();
    const parsed = JSON.parse(state![1]!) as {
      language: string;
      queries: { queries: { state: { data: unknown } }[] };
    };
    expect(parsed.language).toBe('en');
    expect(JSON.stringify(parsed.queries.queries[0]!.state.data)).toContain(title);
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers / in German with the language cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/', cookies: { googtrans: '/en/de' } });
    expect(res.body).toContain('<html lang="de"');
    expect(res.body).toContain('Investieren Sie in Afrikas wachsende Unternehmen');
    expect(res.body).toContain('Neue Projekte');
    expect(res.body).toContain(title);
    expect(res.body).toContain('"language":"de"');
  });

  it('keeps a title with </script> from ending the embedded state or the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('Kiosk \\u003c/script>\\u003cscript>alert(1)\\u003c/script>\\u003c!--');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2); // the state and the module script
  });

  it('renders the ventures list, a venture, the statistics, help, about, login and register', async () => {
    const [venture] = (
      (
        await app.inject({ method: 'GET', url: '/api/ventures?limit=1&sortBy=createdAt&order=desc' })
      ).json() as {
        data: { _id: string; title: string }[];
      }
    ).data;
    for (const url of [
      '/ventures',
      `/ventures/${venture!._id}`,
      '/statistics',
      '/help',
      '/about-us',
      '/login',
      '/register',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="ssr-state"');
      expect(res.body, url).toMatch(/<h1[ >]/);
    }
    expect((await app.inject({ method: 'GET', url: '/ventures' })).body).toContain(title);
  });

  it('sends the shell to a signed-in visitor, for the investor area, and for a venture that does not exist', async () => {
    for (const [url, cookies] of [
      ['/', { logged_in: '1' }],
      ['/user/overview', {}],
      ['/ventures/00000000-0000-4000-8000-000000000000', {}],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('ssr-state');
    }
  });

  it('answers with an ETag, 304 to it, and Brotli', async () => {
    const first = await app.inject({ method: 'GET', url: '/login' });
    const again = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const br = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
  });
});

describe('a server render that fails', () => {
  it('sends the shell, logged, when the render throws or its module does not load', async () => {
    for (const [name, source] of [
      ['throws', 'export async function render() { throw new Error("render broke"); }'],
      ['does not load', 'export const = ;'],
    ] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'cf-ssr-broken-'));
      mkdirSync(join(dir, 'web'));
      mkdirSync(join(dir, 'server-web'));
      writeFileSync(join(dir, 'web', 'index.html'), INDEX);
      writeFileSync(join(dir, 'web', 'backoffice.html'), '<!doctype html><title>backoffice</title>');
      writeFileSync(join(dir, 'server-web', 'entry-server.mjs'), source);
      const logged: string[] = [];
      const broken = await buildApp(t.ctx, {
        logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
        webDir: join(dir, 'web'),
      });
      try {
        for (const url of ['/', '/ventures']) {
          const res = await broken.inject({ method: 'GET', url });
          expect(res.statusCode, `${name} ${url}`).toBe(200);
          expect(res.body, `${name} ${url}`).toContain('<div id="root"></div>');
        }
        expect(logged.join('\n'), name).toMatch(/server render/);
      } finally {
        await broken.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
