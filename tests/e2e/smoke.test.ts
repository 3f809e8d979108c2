import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src-server/embedded-postgres/supervisor';
import {
  collectErrors,
  launchBrowser,
  runToExit,
  snap,
  startServer,
  tempDataDir,
  VIEWPORTS,
  type RunningServer,
} from './harness';
import { axeViolations, journey } from './journey';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir() });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES: { path: string; name: string; expectText: RegExp }[] = [
  { path: '/', name: 'home', expectText: /risk/i },
  { path: '/ventures', name: 'ventures', expectText: /Ventures/ },
  { path: '/login', name: 'login', expectText: /Remember me/i },
  { path: '/admin', name: 'admin', expectText: /Sign in|Username|Email/i },
  { path: '/corporate', name: 'corporate', expectText: /Sign in|Username|Email/i },
];

describe('the production build in Chromium', () => {
  for (const { path, name, expectText } of PAGES) {
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      it(`opens ${path} at ${viewport} width with no console errors and no accessibility violations`, async () => {
        const context = await browser.newContext({ viewport: size });
        const page = await context.newPage();
        const errors = collectErrors(page);
        const response = await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toMatch(expectText);
        await snap(page, `${name}-${viewport}.png`);
        expect(errors).toEqual([]);
        // Every WCAG 2.1 A/AA and best-practice rule, at both widths, whatever the impact.
        expect(await axeViolations(page, `${path} at ${viewport}`)).toEqual([]);
        await context.close();
      });
    }
  }

  it('shows the demo ventures with their images from /uploads', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/ventures`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('img[src^="/uploads/ventures/"]').count()).toBeGreaterThan(0);
    const loaded = await page
      .locator('img[src^="/uploads/ventures/"]')
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
    await page.close();
  });

  it('sends unknown pages home and answers unknown API paths with JSON', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/no/such/page`, { waitUntil: 'networkidle' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const api = await fetch(`${server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found.', code: 'common.not_found' });
    await page.close();
  });

  it('serves the favicon (SVG for the pages, ICO for clients that ask for /favicon.ico) and robots.txt', async () => {
    const svg = await fetch(`${server.url}/favicon.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    const ico = await fetch(`${server.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    // An ICO file: reserved 0, type 1 (icon), then its image count.
    const head = Buffer.from(await ico.arrayBuffer()).subarray(0, 6);
    expect([head.readUInt16LE(0), head.readUInt16LE(2), head.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(await robots.text()).toContain('Disallow: /admin');
  });
});

describe('signing in', () => {
  it('an admin signs in to the back office and reaches the overview', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/admin`, { waitUntil: 'networkidle' });
    await journey(server).adminFormSignIn(page, 'admin@afrivest.test', 'demo-password-2026');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin overview' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await snap(page, 'admin-overview-desktop.png', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an investor signs in on the public site, sees the balance and reaches the investor area', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill('investor@afrivest.test');
    await page.getByLabel('Password').fill('demo-password-2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/overview');
    await expect.poll(() => page.locator('body').innerText()).toContain('Amelia');
    // The header's balance slot and the Balance card show the ledger balance.
    await expect.poll(() => page.locator('header').innerText()).toContain('€22,860.71');
    await snap(page, 'investor-overview-desktop.png');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * A login whose headers are in and whose body is still on the way (it ends 800 ms later): a request
 * in flight for the signal the test sends next. `status` is its answer's status, later.
 */
async function loginInFlight(url: string): Promise<{ status: Promise<number> }> {
  const body = JSON.stringify({ email: 'investor@afrivest.test', password: 'demo-password-2026' });
  const status = new Promise<number>((resolve, reject) => {
    const req = request(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 800);
  });
  await new Promise((r) => setTimeout(r, 200));
  // Wrapped: awaiting a bare promise of a promise would wait for the answer too.
  return { status };
}

describe('the server process', () => {
  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const second = await runToExit(server.dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`is already using the data folder ${server.dataDir}`);
    // The first one is unharmed.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('stops gracefully on SIGTERM and reuses its data at the next start', async () => {
    const before = await (await fetch(`${server.url}/api/ventures?limit=100`)).json();
    expect(server.output()).toContain('"msg":"Demo data created"');
    const { status: inFlight } = await loginInFlight(server.url);
    const printedBefore = server.output().length;
    const stopped = server.stop('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await stopped).toBe(0);
    const shutdownLines = server.output().slice(printedBefore);
    expect(shutdownLines).toContain('"msg":"stopped"');
    // A clean stop: the pools end before PostgreSQL does, so no connection is cut under them.
    expect(shutdownLines).not.toMatch(/"level":(40|50|60)/);
    expect(server.output()).not.toContain('Deprecation');

    server = await startServer({ dataDir: server.dataDir });
    expect(server.output()).not.toContain('Demo data created');
    const after = await (await fetch(`${server.url}/api/ventures?limit=100`)).json();
    expect(after.data.map((v: { _id: string }) => v._id)).toEqual(
      before.data.map((v: { _id: string }) => v._id),
    );
  });

  it('finishes requests in flight on Ctrl-C, which signals the whole process group', async () => {
    const own = await startServer({ dataDir: tempDataDir(), ownProcessGroup: true });
    const { status: inFlight } = await loginInFlight(own.url);
    const printedBefore = own.output().length;
    const exited = new Promise<number | null>((resolve) => own.process.once('exit', (code) => resolve(code)));
    process.kill(-own.process.pid!, 'SIGINT');
    // The login needs the database: PostgreSQL must not have stopped with the group.
    expect(await inFlight).toBe(200);
    expect(await exited).toBe(0);
    const shutdownLines = own.output().slice(printedBefore);
    expect(shutdownLines).toContain('"msg":"stopped"');
    expect(shutdownLines).not.toMatch(/"level":(40|50|60)/);
  });

  it('stops cleanly on a signal that comes while it is still starting', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server/server.mjs'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('"msg":"embedded PostgreSQL started"')) resolve();
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM while starting: stopping after the current step');
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toContain('Ready:');
    // PostgreSQL was stopped too (its pid file goes with it), and the folder is free again.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });

  it('refuses a wrong configuration value, naming the variable', async () => {
    const result = await runToExit(tempDataDir(), { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.output).toContain("PORT must be a whole number between 0 and 65535 (got 'eighty')");
  });
});
