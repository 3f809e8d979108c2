import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
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
import { axeViolations, DEMO_PASSWORD, journey } from './journey';

/**
 * Identity verification in Chromium against the production build and the demo data: the investor
 * without a verification (investor3) starts one, fills the built-in page that opens in a new tab
 * (the front picked with the keyboard through the file chooser), sends real JPEG, PDF and PNG files
 * and sees the thanks; the link then no longer works. An admin rejects it through the API, the
 * investor reads the reason, starts again, and after the admin's approval sees 'Verified & Ready!'.
 * The page is screenshotted at desktop and phone width (where it opens without signing in) and
 * checked with axe.
 */

const INVESTOR = 'investor3@afrivest.test';
const THANKS = 'Thank you! Your documents were received and will be reviewed.';
const REASON = 'The photo of the document is blurred.';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}
let files: { front: Upload; back: Upload; selfie: Upload };

/** A one-page PDF, as small as a valid one gets. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 120] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function makeFiles() {
  const card = (background: string) =>
    sharp({ create: { width: 640, height: 400, channels: 3, background } });
  return {
    front: { name: 'id-front.jpg', mimeType: 'image/jpeg', buffer: await card('#2f6f9f').jpeg().toBuffer() },
    back: { name: 'id-back.pdf', mimeType: 'application/pdf', buffer: tinyPdf() },
    selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: await card('#d9a066').png().toBuffer() },
  };
}

/** Signs in through the API (the shared journey helper, on this file's server). */
const signIn = (email: string) => journey(server).signIn(email);

async function api<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  expect(response.ok, `${method} ${path}: ${response.status} ${answer.message ?? ''}`).toBe(true);
  return answer;
}

/** The admin's decision, through PATCH /api/kyc/admin/{userId}. */
async function decide(decision: { status: 'complete' } | { status: 'rejected'; reason: string }) {
  const admin = await signIn('admin@afrivest.test');
  const list = await api<{ data: { user: { id: string; email: string }; status: string }[] }>(
    admin,
    'GET',
    `/kyc/admin?search=${encodeURIComponent(INVESTOR)}`,
  );
  // One row per verification: the one waiting for a decision.
  const row = list.data.find((r) => r.user.email === INVESTOR && r.status === 'pending');
  expect(row, 'the pending verification of the investor in the admin list').toBeDefined();
  const answer = await api<{ message: string; data: { status: string } }>(
    admin,
    'PATCH',
    `/kyc/admin/${row!.user.id}`,
    decision,
  );
  expect(answer.message).toBe('Updated successfully');
  expect(answer.data.status).toBe(decision.status);
}

/** The input labelled `label` (MUI adds ' *' to a required field's label). */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

async function chooseOption(page: Page, label: string, option: string) {
  await field(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The menu fades out (hidden from the accessibility tree at once): wait until it is gone.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

/** A full-page picture from the top (the header is sticky). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await snap(page, name);
}

const text = (page: Page) => page.locator('body').innerText();
const pathname = (page: Page) => new URL(page.url()).pathname;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Presses Start Verification and returns the verification page it opens in a new tab. */
async function startVerification(page: Page): Promise<Page> {
  const popup = context!.waitForEvent('page');
  await page.getByRole('button', { name: 'Start Verification' }).click();
  // The toast first: it hides after a few seconds, while the new tab may take longer to settle.
  await expect.poll(() => text(page)).toContain('Verification link generated!');
  const kyc = await popup;
  await kyc.waitForLoadState('networkidle');
  expect(pathname(kyc)).toMatch(/^\/kyc\/[\w-]{20,}$/);
  await expect.poll(() => kyc.getByRole('button', { name: 'Submit for review' }).count()).toBe(1);
  return kyc;
}

/** Fills the form: the front through the keyboard and the file chooser, the rest directly. */
async function fillForm(kyc: Page) {
  await chooseOption(kyc, 'Document type', 'ID card');
  const front = kyc.getByRole('button', { name: 'Front of the document' });
  await front.focus();
  expect(await kyc.evaluate(() => document.activeElement?.id)).toBe('kyc-documentFront-zone');
  const chooser = kyc.waitForEvent('filechooser', { timeout: 5_000 });
  await front.press('Enter');
  await (await chooser).setFiles(files.front);
  await expect.poll(() => text(kyc)).toContain('Chosen file: id-front.jpg');
  await kyc.locator('input[type="file"][name="documentBack"]').setInputFiles(files.back);
  await kyc.locator('input[type="file"][name="selfie"]').setInputFiles(files.selfie);
  await expect.poll(() => text(kyc)).toContain('Chosen file: id-back.pdf');
  await expect.poll(() => text(kyc)).toContain('Chosen file: selfie.png');
  await field(kyc, 'Date of birth').fill('1991-04-23');
  await chooseOption(kyc, 'Nationality', 'Spain');
  await field(kyc, 'Residential address').fill('Calle de Alcalá 45\n28014 Madrid\nSpain');
}

async function submitForm(kyc: Page) {
  await kyc.getByRole('button', { name: 'Submit for review' }).click();
  await expect.poll(() => text(kyc), { timeout: 15_000 }).toContain(THANKS);
  expect(await kyc.getByRole('link', { name: 'Go to my verification page' }).getAttribute('href')).toBe(
    '/user/verification',
  );
}

beforeAll(async () => {
  [server, browser, files] = await Promise.all([
    startServer({ dataDir: tempDataDir() }),
    launchBrowser(),
    makeFiles(),
  ]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('identity verification in Chromium', () => {
  it('starts, uploads, is rejected with a reason, starts again and ends verified', async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = collectErrors(page);

    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await field(page, 'Email').fill(INVESTOR);
    await field(page, 'Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathname(page)).toBe('/user/overview');

    await page.goto(`${server.url}/user/verification`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Verify Your Identity' }).count()).toBe(1);

    // 1. The built-in page, at desktop width.
    const kyc = await startVerification(page);
    const kycErrors = collectErrors(kyc);
    const link = kyc.url();
    await expect.poll(() => text(kyc)).toContain('Verification for Sofia García');
    expect(await kyc.getByRole('heading', { level: 1 }).innerText()).toBe('Verify your identity');
    await screenshot(kyc, 'kyc-desktop.png');
    expect(await axeViolations(kyc, new URL(kyc.url()).pathname)).toEqual([]);

    // 2. The same link on a phone, signed out: it works without a session and fits the width.
    const phoneContext = await browser.newContext({ viewport: VIEWPORTS.phone });
    const phone = await phoneContext.newPage();
    const phoneErrors = collectErrors(phone);
    await phone.goto(link, { waitUntil: 'networkidle' });
    await expect.poll(() => text(phone)).toContain('Verification for Sofia García');
    await chooseOption(phone, 'Document type', 'Passport');
    expect(await phone.getByRole('button', { name: 'Back of the document' }).count()).toBe(0);
    await phone
      .locator('input[type="file"][name="documentFront"]')
      .setInputFiles({ name: 'animation.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect
      .poll(() => text(phone))
      .toContain('“animation.gif” was not accepted: files must be JPEG, PNG or PDF.');
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'kyc-phone.png');
    expect(await axeViolations(phone, new URL(phone.url()).pathname)).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phoneContext.close();

    // 3. Filled in and sent from the desktop tab.
    await fillForm(kyc);
    await screenshot(kyc, 'kyc-filled-desktop.png');
    expect(await axeViolations(kyc, new URL(kyc.url()).pathname)).toEqual([]);
    await submitForm(kyc);
    await screenshot(kyc, 'kyc-done-desktop.png');
    expect(await axeViolations(kyc, new URL(kyc.url()).pathname)).toEqual([]);
    expect(kycErrors).toEqual([]);

    // The link worked once.
    await kyc.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => text(kyc)).toContain('This verification link is invalid or has expired.');
    await kyc.close();

    // 4. The investor's page says the documents are under review, with no Start button.
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Pending review' }).count()).toBe(1);
    await expect
      .poll(() => text(page))
      .toMatch(/Your documents were received on .+ and are being reviewed\./);
    expect(await page.getByRole('button', { name: 'Start Verification' }).count()).toBe(0);
    await screenshot(page, 'verification-pending-desktop.png');

    // 5. Rejected with a reason: the investor reads it and starts again.
    await decide({ status: 'rejected', reason: REASON });
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => text(page)).toContain(`Your verification was not approved: ${REASON}`);
    await screenshot(page, 'verification-rejected-desktop.png');
    const again = await startVerification(page);
    await fillForm(again);
    await submitForm(again);
    await again.close();

    // 6. Approved: verified.
    await decide({ status: 'complete' });
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => text(page)).toContain('Verified & Ready!');
    await screenshot(page, 'verification-verified-desktop.png');

    // The only console error was the 404 of the used link, in the verification tab.
    expect(errors).toEqual([]);
  });
});
