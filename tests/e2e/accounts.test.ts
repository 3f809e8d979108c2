import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectErrors,
  launchBrowser,
  snap,
  startServer,
  tempDataDir,
  VIEWPORTS,
  type RunningServer,
} from './harness';
import { axeViolations, field, journey, pathname } from './journey';

let server: RunningServer;
let browser: Browser;
let codeFromOutbox: ReturnType<typeof journey>['codeFromOutbox'];

beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir() });
  ({ codeFromOutbox } = journey(server));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function chooseOption(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Calls of later issues that are not built yet: the only 404s a journey may meet (none now). */
const NOT_YET_BUILT: string[] = [];

function collectMissing(page: Page): string[] {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname);
  });
  return missing;
}

/** The consent checkbox of the registration forms (the terms of use and the privacy policy). */
const CONSENT = 'I accept the Terms & Conditions and the Privacy Policy.';

/** An input's accessible description: the texts of the elements its aria-describedby names. */
const description = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  );

describe('the registration form and the legal pages', () => {
  it.each(['desktop', 'phone'] as const)(
    'shows every field error at once on an empty form, the first field focused (%s)',
    async (viewport) => {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
      });
      await page.goto(`${server.url}/register`, { waitUntil: 'networkidle' });
      await field(page, 'Email').fill('not-an-email');
      await field(page, 'Password').fill('short');
      await page.getByRole('button', { name: 'Create Account' }).click();

      // Every empty field, the e-mail, the password and the consent, together.
      await expect.poll(() => page.getByText('This field is required.').count()).toBe(7);
      const expected: [string, string][] = [
        ['First name', 'This field is required.'],
        ['Email', 'Invalid email address.'],
        ['Password', 'Password should be at least 8 characters.'],
        ['Confirm password', 'This field is required.'],
      ];
      for (const [label, message] of expected) {
        expect(await field(page, label).getAttribute('aria-invalid')).toBe('true');
        expect(await description(field(page, label))).toBe(message);
      }
      const consent = page.getByRole('checkbox', { name: CONSENT });
      expect(await consent.getAttribute('aria-invalid')).toBe('true');
      expect(await description(consent)).toContain('Please accept the terms of use and the privacy policy.');
      // The first field with a message has the focus; nothing was sent.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('firstName');
      expect(posted).toEqual([]);
      await snap(page, `register-errors-${viewport}.png`);
      expect(await axeViolations(page, `/register with every error at ${viewport}`)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(['desktop', 'phone'] as const)(
    'the terms and the privacy policy show their version and pass axe (%s)',
    async (viewport) => {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      const page = await context.newPage();
      const errors = collectErrors(page);
      for (const [path, title] of [
        ['/terms-and-conditions', 'Terms & Conditions'],
        ['/privacy-policy', 'Privacy Policy'],
      ]) {
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
        expect(await page.locator('main').innerText()).toMatch(
          /Version 2\.0 · Last updated November 26, 2026/,
        );
        expect(await axeViolations(page, `${path} at ${viewport}`)).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('an investor, from registration to a changed password', () => {
  it('registers, verifies, signs in with Remember me, edits the profile, changes the password and comes back', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const missing = collectMissing(page);
    const email = 'lena.journey@example.com';

    await page.goto(`${server.url}/register`, { waitUntil: 'networkidle' });
    await field(page, 'First name').fill('Lena');
    await field(page, 'Last name').fill('Journey');
    await field(page, 'Email').fill(`  ${email} `);
    await field(page, 'Phone').fill('+43 660 000 0000');
    await chooseOption(page, 'Country', 'Austria');
    await chooseOption(page, 'City', 'Graz');
    await field(page, 'Address').fill('Herrengasse 1');
    await field(page, 'Password').fill('harbour-pass-1');
    await field(page, 'Confirm password').fill('harbour-pass-1');

    // The consent's link opens the terms in a new tab; the form keeps what was typed.
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Terms & Conditions (version 2.0)' }).click(),
    ]);
    await terms.waitForLoadState('networkidle');
    expect(pathname(terms)).toBe('/terms-and-conditions');
    await expect.poll(() => terms.getByRole('heading', { level: 1 }).innerText()).toBe('Terms & Conditions');
    await terms.close();
    expect(await field(page, 'Address').inputValue()).toBe('Herrengasse 1');

    await page.getByRole('checkbox', { name: CONSENT }).check();
    await snap(page, 'register-desktop.png');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect.poll(() => pathname(page)).toBe('/verify-email');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('Registration successful! Please verify your email.');

    const code = await codeFromOutbox(email);
    await field(page, 'Verification code (OTP)').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Email verified successfully.');
    await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/login');

    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('harbour-pass-1');
    await field(page, 'Remember me').check();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(page)).toBe('/user/overview');
    const sid = (await context.cookies()).find((c) => c.name === 'sid')!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);

    await page.reload({ waitUntil: 'networkidle' });
    expect(pathname(page)).toBe('/user/overview');
    await expect.poll(() => page.locator('body').innerText()).toContain('Lena');

    await page.goto(`${server.url}/user/profile`, { waitUntil: 'networkidle' });
    await expect.poll(() => field(page, 'First name').inputValue()).toBe('Lena');
    await field(page, 'First name').fill('Helena');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Profile updated successfully.');

    await field(page, 'Current password').fill('harbour-pass-1');
    await field(page, 'New password').fill('harbour-pass-2');
    await field(page, 'Confirm password').fill('harbour-pass-2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => field(page, 'Current password').inputValue()).toBe('');
    await snap(page, 'profile-desktop.png');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => pathname(page)).toBe('/login');

    await page.goto(`${server.url}/user/investments`, { waitUntil: 'networkidle' });
    await expect.poll(() => pathname(page)).toBe('/login');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('harbour-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Invalid email or password.');
    await field(page, 'Password').fill('harbour-pass-2');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(page)).toBe('/user/investments');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Helena');

    // The only console errors allowed: the browser's note on the 401 the wrong password provoked on
    // purpose, and 404s of calls later issues build.
    expect(missing.filter((path) => !NOT_YET_BUILT.includes(path))).toEqual([]);
    expect(errors.filter((e) => !e.includes('401') && !e.includes('404'))).toEqual([]);
    await context.close();
  });
});

// A company's registration, e-mail verification and first sign-in open the corporate journey
// (tests/e2e/corporate.test.ts).
