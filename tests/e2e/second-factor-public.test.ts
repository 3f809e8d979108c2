import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  DEMO_PASSWORD,
  field,
  pathname,
  screenshot,
  settled,
  totpCode,
} from './journey';

/**
 * The investor's second factor in Chromium (issue 26, lane profile2fa): investor@ turns it on in
 * the profile, reading the secret from the screen (as a person types it into an app) and computing
 * the code with `otpauth`, keeps the ten recovery codes shown once, signs out, signs in at the
 * public /login with a TOTP code on the code step, then once more with a recovery code. The
 * profile's setup, recovery codes and the login's code step are checked with axe and photographed
 * at 1366 and 390 px.
 */

const INVESTOR = 'investor@afrivest.test';

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

/** Axe at 1366 px and 390 px, with a screenshot at each. */
async function checkBothWidths(page: Page, name: string) {
  await settled(page);
  expect(await axeViolations(page, `${name} desktop`)).toEqual([]);
  await screenshot(page, `${name}-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  expect(await axeViolations(page, `${name} phone`)).toEqual([]);
  await screenshot(page, `${name}-phone.png`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await settled(page);
}

/** E-mail and password on the public login; the code step follows for an account with a factor. */
async function passwordStep(page: Page) {
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await field(page, 'Email').fill(INVESTOR);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = field(page, 'Code from your authenticator app, or a recovery code');
  await expect.poll(() => code.count(), { timeout: 15_000 }).toBe(1);
  return code;
}

describe('the second factor on the public site', () => {
  it('an investor turns it on in the profile, then signs in with a code and with a recovery code', async () => {
    const { page, errors } = await tabs.open(browser, 'desktop');
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await field(page, 'Email').fill(INVESTOR);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/login');

    await page.goto(`${server.url}/user/profile`, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Second factor' });
    await expect.poll(() => section.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => section.innerText()).toContain('The second factor is off.');
    await section.getByRole('button', { name: 'Turn on the second factor' }).click();
    const secret = section.getByTestId('totp-secret');
    await expect.poll(() => secret.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => section.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    await section.scrollIntoViewIfNeeded();
    await checkBothWidths(page, 'second-factor-profile-setup');

    const typed = (await secret.innerText()).trim();
    expect(typed).toMatch(/^[A-Z2-7]{32}$/);
    const step = Math.floor(Date.now() / 30_000);
    await field(page, '6-digit code').fill(totpCode(typed, step));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = section.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    const recovery = (await codes.allInnerTexts()).map((c) => c.trim());
    await checkBothWidths(page, 'second-factor-profile-codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => section.innerText()).toContain('The second factor is on:');
    await expect.poll(() => section.getByTestId('recovery-codes').count()).toBe(0);

    // Sign out (the session's cookies go), then the public login asks for the code.
    await page.context().clearCookies();
    const code = await passwordStep(page);
    await checkBothWidths(page, 'second-factor-public-code');
    await code.fill(totpCode(typed, Math.max(step + 1, Math.floor(Date.now() / 30_000))));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/login');
    await page.goto(`${server.url}/user/profile`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByRole('region', { name: 'Second factor' }).innerText(), { timeout: 15_000 })
      .toContain('The second factor is on:');

    // Once more with a recovery code (the device lost).
    await page.context().clearCookies();
    const again = await passwordStep(page);
    await again.fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/login');

    // The used recovery code is spent: it does not sign in a second time.
    await page.context().clearCookies();
    const third = await passwordStep(page);
    await third.fill(recovery[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual(expect.stringContaining('The code is not valid'));
    expect(pathname(page)).toBe('/login');
    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  });
});
