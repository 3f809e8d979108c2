import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  DEMO_PASSWORD,
  field,
  journey,
  screenshot,
  settled,
  totpCode,
} from './journey';

/**
 * The second factor in Chromium (issue 26): the demo superadmin, who starts without one, signs in
 * to the back office and is led through the setup before anything else; the test reads the secret
 * from the setup screen (as a person would type it into an app), computes the code with `otpauth`,
 * sees the recovery codes, opens the console, signs out, and signs in again with a code. The setup
 * and code screens are checked with axe and screenshotted at 1366 and 390 px.
 */

const SUPERADMIN = 'superadmin@afrivest.test';

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

const pathname = (url: string) => new URL(url).pathname;

describe('the second factor in the back office', () => {
  it('an admin enrols in the browser, signs out, and signs in with a code', async () => {
    const { page, errors } = await tabs.open(browser, 'desktop');
    await page.goto(`${server.url}/admin/login`, { waitUntil: 'networkidle' });
    await field(page, 'Email').fill(SUPERADMIN);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The setup, before anything else.
    const heading = page.getByRole('heading', { name: 'Set up the second factor' });
    await expect.poll(() => heading.count(), { timeout: 15_000 }).toBe(1);
    const secret = page.getByTestId('totp-secret');
    await expect.poll(() => secret.count()).toBe(1);
    await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    await settled(page);
    expect(await axeViolations(page, 'setup desktop')).toEqual([]);
    await screenshot(page, 'second-factor-setup-desktop.png');
    const phone = await tabs.open(browser, 'phone', page);
    await phone.page.goto(`${server.url}/admin`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => phone.page.getByRole('heading', { name: 'Set up the second factor' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await expect.poll(() => phone.page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    await settled(phone.page);
    expect(await axeViolations(phone.page, 'setup phone')).toEqual([]);
    await screenshot(phone.page, 'second-factor-setup-phone.png');
    await phone.context.close();

    // The phone tab started its own setup (a new secret): the desktop tab starts again too.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => secret.count(), { timeout: 15_000 }).toBe(1);
    const typed = (await secret.innerText()).trim();
    expect(typed).toMatch(/^[A-Z2-7]{32}$/);
    const step = Math.floor(Date.now() / 30_000);
    await field(page, '6-digit code').fill(totpCode(typed, step));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Admin overview' }).count(), { timeout: 15_000 })
      .toBe(1);

    // Sign out, then in again: the code step.
    await page.goto(`${server.url}/admin/login`, { waitUntil: 'networkidle' });
    await page.context().clearCookies();
    await page.goto(`${server.url}/admin/login`, { waitUntil: 'networkidle' });
    await field(page, 'Email').fill(SUPERADMIN);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = field(page, 'Code from your authenticator app, or a recovery code');
    await expect.poll(() => code.count(), { timeout: 15_000 }).toBe(1);
    await settled(page);
    expect(await axeViolations(page, 'code desktop')).toEqual([]);
    await screenshot(page, 'second-factor-code-desktop.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page, 'code phone')).toEqual([]);
    await screenshot(page, 'second-factor-code-phone.png');
    await page.setViewportSize({ width: 1366, height: 900 });

    // A wrong code is refused on the page; the next step's code signs in.
    await code.fill('000000' === totpCode(typed) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('The code is not valid');
    await code.fill(totpCode(typed, Math.max(step + 1, Math.floor(Date.now() / 30_000) + 1)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => pathname(page.url()), { timeout: 15_000 }).toMatch(/^\/admin\/?$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Admin overview' }).count()).toBe(1);
    journey(server).rememberFactor(SUPERADMIN, typed);
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });
});
