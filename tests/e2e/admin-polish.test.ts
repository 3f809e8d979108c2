import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, tempDataDir, type RunningServer } from './harness';
import {
  axeViolations,
  BrowserTabs,
  journey,
  pathname,
  screenshot,
  scrollWidth,
  settled,
  text,
} from './journey';

/**
 * The back office's polish of issue 30 (items 5, 6, 7, 11, 12) in Chromium against the production
 * build and the demo data, at 1366 and 390 px, with axe on every screen and dialog:
 *   - Users: the table fits 1366 px (no sideways scroll in its card, the Actions button whole), phone
 *     numbers on one line, the Verification column; the bulk deactivate dialog names the people;
 *   - Ventures: titles on two lines at most, dates on one, the company as Created by; the bulk
 *     approve dialog lists the titles;
 *   - a venture's review in its top toolbar: Reject with notes; the toast then covers neither the
 *     app bar nor the List button (desktop), and sits at the bottom on a phone;
 *   - /admin/verifications opens /admin/kyc; an unknown address shows the not-found page with links.
 */

const ADMIN = 'admin@afrivest.test';
const PENDING_VENTURE = 'Kampala Agritech Cold Storage';

let server: RunningServer;
let browser: Browser;
const tabs = new BrowserTabs();
let run: ReturnType<typeof journey>;
let cookie: string;
let ventureId: string;
const axeFailures: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir: tempDataDir() }), launchBrowser()]);
  run = journey(server);
  cookie = await run.signIn(ADMIN);
  const ventures = await run.api<{ data: { _id: string; title: string }[] }>(
    cookie,
    'GET',
    `/ventures/admin-get-all?search=${encodeURIComponent('Kampala')}`,
  );
  ventureId = ventures.data.find((v) => v.title === PENDING_VENTURE)!._id;
});

afterAll(async () => {
  await tabs.closeAll();
  await browser?.close();
  await server?.stop();
});

async function adminTab(viewport: 'desktop' | 'phone') {
  const tab = await tabs.open(browser, viewport);
  await tab.context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: server.url };
    }),
  );
  return tab.page;
}

async function check(page: Page, shot: string, phone: boolean) {
  axeFailures.push(...(await axeViolations(page, shot)));
  if (phone) expect(await scrollWidth(page), `${shot} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
  await screenshot(page, `${shot}.png`);
}

/** The number of lines each matching element's text takes (its line boxes). */
const lines = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { text: (element as HTMLElement).innerText, lines: tops.size };
    }),
  );

/** The table's column index (1-based, for nth-child) whose header reads `label`. */
const column = (page: Page, label: string) =>
  page.$$eval(
    'table thead th',
    (cells, wanted) => cells.findIndex((cell) => (cell as HTMLElement).innerText.trim() === wanted) + 1,
    label,
  );

const tableFits = (page: Page) =>
  page.$eval('.RaDataTable-tableWrapper', (el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));

describe('the back office after issue 30, in Chromium', () => {
  it('Users at 1366 px: the table fits with the Actions whole, phones on one line, the Verification column; bulk deactivate names the people', async () => {
    const page = await adminTab('desktop');
    await run.goto(page, '/admin/users');
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const fit = await tableFits(page);
    expect(fit.scroll, 'the users table scrolls inside its card at 1366 px').toBeLessThanOrEqual(fit.client);
    const buttons = await page.$$eval('table tbody tr td:last-child button', (els) =>
      els.map((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        text: (el as HTMLElement).innerText,
      })),
    );
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) expect(b.scroll, `"${b.text}" is clipped`).toBeLessThanOrEqual(b.client);
    const phone = await column(page, 'Phone');
    expect(phone).toBeGreaterThan(0);
    for (const cell of await lines(page, `table tbody tr td:nth-child(${phone}) span`))
      if (cell.text) expect(cell.lines, `phone ${cell.text}`).toBe(1);
    expect(await column(page, 'Verification')).toBeGreaterThan(0);
    await check(page, 'issue30-admin-users-desktop', false);

    const checkboxes = page.locator('table tbody tr input[type="checkbox"]');
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Deactivate 2 people?');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await check(page, 'issue30-admin-users-bulk-desktop', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('Users at 390 px: one line per person, no sideways scroll', async () => {
    const page = await adminTab('phone');
    await run.goto(page, '/admin/users');
    await expect.poll(() => text(page), { timeout: 20_000 }).toContain('@afrivest.test');
    await check(page, 'issue30-admin-users-phone', true);
  });

  it('Ventures at 1366 px: titles on two lines at most, dates on one, the company as Created by; bulk approve lists the titles', async () => {
    const page = await adminTab('desktop');
    await run.goto(page, '/admin/ventures');
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    const title = await column(page, 'Title');
    for (const cell of await lines(page, `table tbody tr td:nth-child(${title}) span`))
      expect(cell.lines, `title ${cell.text}`).toBeLessThanOrEqual(2);
    const created = await column(page, 'Created');
    expect(created).toBeGreaterThan(0);
    for (const cell of await lines(page, `table tbody tr td:nth-child(${created}) > *`))
      expect(cell.lines, `date ${cell.text}`).toBe(1);
    const by = await column(page, 'Created By');
    const companies = await page.$$eval(`table tbody tr td:nth-child(${by})`, (els) =>
      els.map((el) => (el as HTMLElement).innerText),
    );
    expect(companies.join(' ')).not.toContain('@');
    for (const cell of await lines(page, `table tbody tr td:nth-child(${by}) span`))
      expect(cell.lines, `company ${cell.text}`).toBeLessThanOrEqual(2);
    const fit = await tableFits(page);
    expect(fit.scroll, 'the ventures table scrolls inside its card at 1366 px').toBeLessThanOrEqual(
      fit.client,
    );
    await check(page, 'issue30-admin-ventures-desktop', false);

    const checkboxes = page.locator('table tbody tr input[type="checkbox"]');
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toContain('Approve 2 ventures?');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await check(page, 'issue30-admin-ventures-bulk-desktop', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const phonePage = await adminTab('phone');
    await run.goto(phonePage, '/admin/ventures');
    await expect.poll(() => text(phonePage), { timeout: 20_000 }).toContain(PENDING_VENTURE);
    await check(phonePage, 'issue30-admin-ventures-phone', true);
  });

  it('a venture is rejected from its top toolbar; the toast covers neither the app bar nor the List button', async () => {
    const page = await adminTab('desktop');
    await run.goto(page, `/admin/ventures/${ventureId}/show`);
    const reject = page.getByRole('button', { name: 'Reject', exact: true });
    await expect.poll(() => reject.count(), { timeout: 20_000 }).toBe(1);
    // In the first screenful, beside List.
    expect((await reject.boundingBox())!.y).toBeLessThan(200);
    await check(page, 'issue30-admin-venture-toolbar-desktop', false);
    await reject.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await dialog
      .getByRole('textbox', { name: /Notes for the company/ })
      .fill('The cold-chain contracts are missing.');
    await check(page, 'issue30-admin-venture-reject-desktop', false);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const toast = page.locator('.MuiSnackbarContent-root');
    await expect.poll(() => toast.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => toast.innerText()).toContain('Updated successfully');
    const answer = await run.api<{ data: { adminStatus: string; adminNotes: string } }>(
      cookie,
      'GET',
      `/ventures/id/${ventureId}`,
    );
    expect(answer.data).toMatchObject({
      adminStatus: 'rejected',
      adminNotes: 'The cold-chain contracts are missing.',
    });
    const box = (await toast.boundingBox())!;
    const list = (await page.getByRole('link', { name: 'List' }).boundingBox())!;
    const bar = (await page.locator('header').first().boundingBox())!;
    const overlaps = (a: typeof box, b: typeof box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(box, list), 'the toast covers the List button').toBe(false);
    expect(overlaps(box, bar), 'the toast covers the app bar').toBe(false);
    await screenshot(page, 'issue30-admin-toast-desktop.png');

    const phone = await adminTab('phone');
    await run.goto(phone, `/admin/ventures/${ventureId}/show`);
    const approve = phone.getByRole('button', { name: 'Approve', exact: true });
    await expect.poll(() => approve.count(), { timeout: 20_000 }).toBe(1);
    await check(phone, 'issue30-admin-venture-toolbar-phone', true);
    await approve.click();
    const phoneDialog = phone.getByRole('dialog');
    await expect.poll(() => phoneDialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await phoneDialog.getByRole('button', { name: 'Approve' }).click();
    // Approved, or refused for an incomplete information sheet: either way a toast, at the bottom.
    const phoneToast = phone.locator('.MuiSnackbarContent-root');
    await expect.poll(() => phoneToast.count(), { timeout: 15_000 }).toBe(1);
    const phoneBox = (await phoneToast.boundingBox())!;
    expect(phoneBox.y + phoneBox.height).toBeGreaterThan(844 - 100);
    await screenshot(phone, 'issue30-admin-toast-phone.png');
  });

  it('/admin/verifications opens the verifications; an unknown address shows the lists', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await adminTab(viewport);
      await run.goto(page, '/admin/verifications');
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/admin/kyc');
      await run.goto(page, '/admin/no-such-page');
      await expect.poll(() => text(page), { timeout: 15_000 }).toContain('Page not found');
      await settled(page);
      expect(await page.getByRole('link', { name: 'Verifications' }).getAttribute('href')).toBe('/admin/kyc');
      await check(page, `issue30-admin-not-found-${viewport}`, viewport === 'phone');
    }
  });

  it('axe finds nothing on any of these screens', () => {
    expect(axeFailures).toEqual([]);
  });
});
