import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { animationsDone } from './journey';

/**
 * Investing in Chromium against the production build and the demo data: the verified demo investor
 * (balance €22,860.71) comes from a public `new` venture's INVEST button through the login page back
 * to the invest dialog, invests the minimum, sees 'Investment successful!' and the header balance
 * fall without a page reload, and finds the investment on /user/investments. The dialog is
 * photographed at desktop and phone width and checked with axe.
 */

const INVESTOR = 'investor@afrivest.test';
const CORPORATE = 'corporate@afrivest.test';
const DEMO_PASSWORD = 'demo-password-2026';
const START_BALANCE = '€22,860.71';

interface PublicVenture {
  _id: string;
  title: string;
  lifecycleStatus: string;
  minInvestmentAmount: number;
  maxInvestmentAmount: number;
  targetAmount: number;
  amountFunded: number;
  closingDate: string;
}

let server: RunningServer;
let browser: Browser;
let venture: PublicVenture;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ dataDir: tempDataDir() });
  browser = await launchBrowser();
  const answer = (await (
    await fetch(`${server.url}/api/ventures?lifecycleStatus=new&sortBy=createdAt&order=asc&limit=50`)
  ).json()) as { data: PublicVenture[] };
  // A venture raising money whose minimum the demo balance covers, with room for two tickets.
  const open = answer.data.filter(
    (v) =>
      v.lifecycleStatus === 'new' &&
      v.minInvestmentAmount <= 100 &&
      v.targetAmount - v.amountFunded >= 2 * v.minInvestmentAmount &&
      Date.parse(v.closingDate) > Date.now() + 86_400_000,
  );
  expect(open.length, 'a public `new` demo venture').toBeGreaterThan(0);
  venture = open[0]!;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function open(viewport: keyof typeof VIEWPORTS) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  contexts.push(context);
  const page = await context.newPage();
  const errors = collectErrors(page);
  return { context, page, errors };
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const euros = (value: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(value);

/** The input labelled `label` (MUI adds ' *' to a required field's label). */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

async function logIn(page: Page, email: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The value next to a term of the dialog's figures. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('dialog')
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd')
    .innerText();

async function expectNoAxeViolations(page: Page) {
  await animationsDone(page);
  const analysis = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const violations = analysis.violations.map(
    (v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(violations).toEqual([]);
}

/** Waits for the dialog's opening transition, so the picture and axe see it settled. */
async function settled(page: Page) {
  await expect.poll(() => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await page.waitForTimeout(300);
}

describe('investing in Chromium', () => {
  it('a visitor logs in from INVEST, invests the minimum and sees it without a page reload', async () => {
    const { page, errors } = await open('desktop');
    const form = `/ventures/${venture._id}/investment-form`;
    await page.goto(`${server.url}/ventures/${venture._id}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(venture.title);

    // The visitor is asked to log in and comes back to the investment form.
    await page.getByRole('button', { name: 'INVEST IN PROJECT' }).click();
    await expect.poll(() => pathname(page)).toBe('/login');
    await logIn(page, INVESTOR);
    await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe(form);
    const dialog = page.getByRole('dialog', { name: `Invest in ${venture.title}` });
    await expect.poll(() => dialog.count()).toBe(1);
    const amount = dialog.getByLabel(/^Amount \(EUR\)/);
    await expect.poll(() => amount.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toBe(START_BALANCE);
    // Everything from here on happens in this one page load.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const left = venture.targetAmount - venture.amountFunded;
    await expect.poll(() => figure(page, 'Your balance')).toBe(START_BALANCE);
    await expect.poll(() => figure(page, 'Left to fund')).toBe(euros(left));
    expect(await amount.getAttribute('min')).toBe(String(venture.minInvestmentAmount));
    await amount.fill(String(venture.minInvestmentAmount));
    await expect.poll(() => figure(page, 'Expected return')).toMatch(/^€\d[\d,]*\.\d\d$/);
    await settled(page);
    await snap(page, 'invest-dialog-desktop.png', { fullPage: false });
    await expectNoAxeViolations(page);

    // Below the minimum: the client's message, nothing sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/investments') posts += 1;
    });
    await amount.fill(String(venture.minInvestmentAmount - 1));
    await dialog.getByRole('button', { name: 'Invest' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').innerText())
      .toBe(`Minimum investment is ${euros(venture.minInvestmentAmount)}`);
    expect(posts).toBe(0);

    // The minimum: success, the header balance falls in place, the dialog closes after a second.
    await amount.fill(String(venture.minInvestmentAmount));
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/investments',
    );
    await dialog.getByRole('button', { name: 'Invest' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    await expect.poll(() => dialog.getByText('Investment successful!').count()).toBe(1);
    const after = euros(22_860.71 - venture.minInvestmentAmount);
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toBe(after);
    await expect.poll(() => pathname(page), { timeout: 5_000 }).toBe(`/ventures/${venture._id}`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(posts).toBe(1);

    // The investment is listed, newest first.
    await page.goto(`${server.url}/user/investments`, { waitUntil: 'networkidle' });
    const table = page.getByRole('table', { name: 'My Investments' });
    await expect.poll(() => table.count()).toBe(1);
    const first = table.getByRole('row').nth(1);
    const cells = await first.getByRole('cell').allInnerTexts();
    // Venture, amount, status (still raising money), outstanding principal (all of it).
    expect(cells.slice(0, 4)).toEqual([
      venture.title,
      euros(venture.minInvestmentAmount),
      'Raising',
      euros(venture.minInvestmentAmount),
    ]);
    expect(await first.getByRole('link', { name: venture.title, exact: true }).getAttribute('href')).toBe(
      `/ventures/${venture._id}`,
    );
    // The row's details link opens the investment's own page.
    expect(await first.getByRole('link', { name: `Details: ${venture.title}` }).getAttribute('href')).toMatch(
      /^\/user\/investments\/[\w-]{36}$/,
    );
    expect(errors).toEqual([]);
  });

  it('fits a phone: the dialog without sideways scrolling, photographed and checked with axe', async () => {
    const { page, errors } = await open('phone');
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await logIn(page, INVESTOR);
    await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/user/overview');
    await page.goto(`${server.url}/projects/${venture._id}/invest`, { waitUntil: 'networkidle' });
    expect(pathname(page)).toBe(`/ventures/${venture._id}/investment-form`);
    const amount = page.getByRole('dialog').getByLabel(/^Amount \(EUR\)/);
    await expect.poll(() => amount.count(), { timeout: 10_000 }).toBe(1);
    await amount.fill('100');
    await expect.poll(() => figure(page, 'Expected return')).toMatch(/^€\d[\d,]*\.\d\d$/);
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await snap(page, 'invest-dialog-phone.png', { fullPage: false });
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('tells a company that investing is for investor accounts', async () => {
    const { page, errors } = await open('desktop');
    await page.goto(`${server.url}/ventures/${venture._id}/investment-form`, { waitUntil: 'networkidle' });
    await expect.poll(() => pathname(page)).toBe('/login');
    await logIn(page, CORPORATE);
    await expect
      .poll(() => pathname(page), { timeout: 10_000 })
      .toBe(`/ventures/${venture._id}/investment-form`);
    await expect
      .poll(() => page.getByRole('dialog').innerText())
      .toContain('Investing is for investor accounts.');
    expect(
      await page
        .getByRole('dialog')
        .getByLabel(/^Amount/)
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
